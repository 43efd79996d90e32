"""The format version of stored data and the upgrade path between versions.

Every game file holds ``{"meta": {"1": {"format": N}}, ...}``; the data folder holds
``store.json`` with the folder's format. When the format changes, bump :data:`FORMAT` and
add a step ``GAME_STEPS[N] = fn`` that turns a format-N game file into format N+1. Files are
upgraded in memory when read and written at their next change in the format their game
needs (:func:`format_for`; the old bytes stay in the rolling backups). Data from a newer
version is refused, never rewritten.

A game file is written in the oldest format that holds its game, so a version that reads
only that format still reads it: a Hearts game in format 3 (:data:`HEARTS_FORMAT`), a
Kierki game in format 4 (:data:`KIERKI_FORMAT`), which a version from before Kierki
refuses in words (``format_newer``) instead of taking it for a damaged file (and moving
it aside). The folder's ``store.json`` stays at :data:`FOLDER_FORMAT`, so such a version
still opens the folder and its Hearts games.
"""

from __future__ import annotations

from typing import Callable

from .. import formats, rules
from .errors import StoreError

FORMAT = 4  # the newest format this version reads
HEARTS_FORMAT = 3  # a Hearts game's file (a version from before Kierki reads it)
KIERKI_FORMAT = 4  # a Kierki game's file
FOLDER_FORMAT = 3  # store.json: the folder's layout has not changed since format 3


def _1_to_2(data: dict) -> dict:
    """Format 2 adds the change-log action "insert" (a hand put in before others). A
    format-1 file is a valid format-2 file as it is; the step exists so that a version
    that reads only format 1 refuses a file that may hold an "insert" (``format_newer``)
    instead of taking it for a damaged file."""
    return data


def _2_to_3(data: dict) -> dict:
    """Format 3 adds a table's life: hands with ``seat_changes``, the game document's
    ``next_seat_changes`` (a change of player waiting for the next hand) and the change-log
    action "seats". A format-2 file is a valid format-3 file as it is; the step makes a
    version that reads only format 2 refuse such a file in words (``format_newer``)."""
    return data


def _3_to_4(data: dict) -> dict:
    """Format 4 holds a Kierki game (``"variant": "kierki"``, deals for hands, change-log
    entries with ``old_deal``/``new_deal``). A format-3 file is a valid format-4 file as
    it is (Kierki games written before format 4 are format-3 files and read as they are);
    a version that reads only format 3 refuses a Kierki game's format-4 file in words."""
    return data


# from-format -> function(data) -> data in from-format + 1
GAME_STEPS: dict[int, Callable[[dict], dict]] = {1: _1_to_2, 2: _2_to_3, 3: _3_to_4}


def format_for(game: rules.Game) -> int:
    """The format a game's file is written in: the oldest that holds the game (a Kierki
    game needs format 4, a Hearts game format 3)."""
    # every file is at least the Hearts format; a game's format may need a newer one
    return max(HEARTS_FORMAT, formats.format_of(game.rules).version)


def file_format(data: dict) -> int:
    meta = data.get("meta", {}).get("1", {})
    fmt = meta.get("format", 1)
    if isinstance(fmt, bool) or not isinstance(fmt, int) or fmt < 1:
        from .errors import DamagedData

        raise DamagedData(f"bad format number {fmt!r}")
    return fmt


def check_not_newer(fmt: int, what: str) -> None:
    if fmt > FORMAT:
        raise StoreError(
            "format_newer",
            f"{what} was written by a newer version of scorekeeper (format {fmt}; this "
            f"version reads up to {FORMAT}); upgrade scorekeeper to open it",
            format=fmt, supported=FORMAT,
        )


def upgrade_game_data(data: dict, what: str = "the game file") -> tuple[dict, bool]:
    """``data`` in the current format, and whether it had to be upgraded."""
    fmt = file_format(data)
    check_not_newer(fmt, what)
    upgraded = False
    while fmt < FORMAT:
        step = GAME_STEPS.get(fmt)
        if step is None:
            raise StoreError("format_unknown",
                             f"{what} is in format {fmt} and there is no upgrade from it",
                             format=fmt)
        data = step(data)
        fmt += 1
        data.setdefault("meta", {})["1"] = {"format": fmt}
        upgraded = True
    return data, upgraded
