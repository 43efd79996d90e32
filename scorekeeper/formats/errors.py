"""The one error type the file formats raise.

Like :class:`scorekeeper.rules.RulesError` and the store's ``StoreError``, a
:class:`FormatError` carries a stable ``code`` and ``params`` so a UI can translate it;
``str(error)`` is a complete English sentence for the command line. ``hand`` is the
1-based hand of a game file the error concerns (None when it concerns none): like a
``RulesError``'s, it is a param too and starts the sentence ("hand 3: ...").
"""

from __future__ import annotations

from typing import Any


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
