"""The one error type the file formats raise.

Like :class:`scorekeeper.rules.RulesError` and the store's ``StoreError``, a
:class:`FormatError` carries a stable ``code`` and ``params`` so a UI can translate it;
``str(error)`` is a complete English sentence for the command line. ``hand`` is the
1-based hand of a game file the error concerns (None when it concerns none): like a
``RulesError``'s, it is a param too and starts the sentence ("hand 3: ...").
"""

from __future__ import annotations

import difflib
from typing import Any, Iterable


class FormatError(ValueError):
    """A file (a game file, a CSV sheet, an export) that cannot be read as one."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        self.code = code
        self.params: dict[str, Any] = dict(params)
        super().__init__(message)

    @property
    def hand(self) -> int | None:
        """The 1-based hand the error concerns, or None."""
        return self.params.get("hand")


def hand_error(code: str, message: str, hand: int | None = None, **params: Any) -> FormatError:
    """A game file's error, located at ``hand`` when it concerns one ("hand 3: ...")."""
    if hand is None:
        return FormatError(code, message, **params)
    return FormatError(code, f"hand {hand}: {message}", hand=hand, **params)


def nearest_key(key: Any, known: Iterable[str]) -> str | None:
    """The known key ``key`` was most likely meant to be, or None: the same in another
    case, a close spelling (``first_deler``), or the one known key it is part of
    (``dealer``) or that is part of it (``created_at``)."""
    if not isinstance(key, str):
        return None
    by_case = {k.lower(): k for k in known}
    typed = key.lower()
    if typed in by_case:
        return by_case[typed]
    close = difflib.get_close_matches(typed, list(by_case), n=1, cutoff=0.75)
    if close:
        return by_case[close[0]]
    parts = [k for k in by_case if len(typed) >= 4 and (typed in k or k in typed)]
    return by_case[parts[0]] if len(parts) == 1 else None


def unknown_key(key: Any, known: tuple[str, ...], where: str) -> FormatError:
    """A key that ``where`` (e.g. "the game") does not have: almost always a typo, so it is
    refused rather than ignored, naming the nearest known key when there is one."""
    nearest = nearest_key(key, known)
    hint = f"did you mean {nearest!r}?" if nearest else f"known: {', '.join(known)}"
    return FormatError("unknown_key", f"unknown key {key!r} in {where} ({hint})", key=key,
                       where=where, nearest=nearest)
