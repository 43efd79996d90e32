"""What a player's name may be, and how two names are matched (the game's players and
a table's life, where a seat changes name, both read it)."""

from __future__ import annotations

import unicodedata

MAX_NAME_LENGTH = 40  # characters, after runs of spaces are made one
# Format characters a name may hold: the joiners inside emoji sequences and some scripts.
NAME_JOINERS = frozenset("\u200c\u200d")


def normalise_name(name: str) -> str:
    return " ".join(name.split()).casefold()


def name_problem(name: str) -> str | None:
    """Why ``name`` (spaces already collapsed) cannot be a player's name, or None.

    Refused: control characters (NUL, ESC of a terminal's colour codes, ...), format
    characters (a right-to-left override, a zero-width space; the zero-width joiners of
    emoji are kept), lone surrogates, names with nothing visible, and names longer than
    :data:`MAX_NAME_LENGTH`."""
    if len(name) > MAX_NAME_LENGTH:
        return "long"
    visible = False
    for ch in name:
        cat = unicodedata.category(ch)
        if cat in ("Cc", "Cs") or (cat == "Cf" and ch not in NAME_JOINERS):
            return "chars"
        if cat[0] not in "MZC":
            visible = True
    return None if visible else "chars"


def clean_name(name: str) -> str:
    """``name`` made acceptable in a documented way (for names stored by older versions):
    runs of spaces made one, control, format and surrogate characters dropped, cut to
    :data:`MAX_NAME_LENGTH` characters."""
    kept = "".join(ch for ch in name if unicodedata.category(ch) not in ("Cc", "Cs")
                   and (unicodedata.category(ch) != "Cf" or ch in NAME_JOINERS))
    return " ".join(kept.split())[:MAX_NAME_LENGTH].strip()
