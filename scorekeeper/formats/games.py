"""The table of formats: how each game of ``rules.GAMES`` is written down and read
back, one format object per game under the same key.

A format (:class:`GameFormat`) says how a game's table and hands are read from the game
file and written to it, its replay report, its CSV (columns, rows, how a sheet of it is
recognised and read back), its share text, how one of its hands is kept in the change
log, a history row's fields of its own, and the oldest stored file format and export
version that hold it. :mod:`.gamefile`, :mod:`.csvfile`, :mod:`.share`,
:mod:`.export` and the store ask the format of a game (:mod:`.registry`) and never
which game it is. A third game is its format module and one more entry here.
"""

from __future__ import annotations

from typing import Any, Protocol

from .. import rules
from .hearts_format import HEARTS_FORMAT
from .kierki_format import KIERKI_FORMAT
from .registry import install
from .share import Translator


class GameFormat(Protocol):
    """What every format of :data:`FORMATS` answers."""

    key: str  # the game's key in rules.GAMES
    version: int  # the oldest stored file format and export version that hold its games
    summary_lists: tuple[str, ...]  # a history row's lists of its own (Kierki: contracts)
    csv_required: tuple[str, ...]  # the columns a typed sheet of it needs
    csv_all: tuple[str, ...]  # every column it reads
    csv_text: frozenset[str]  # its text columns (a leading ' read back)
    csv_game: str  # "a Hearts game": the game in an error's words

    def rules_from_dict(self, data: Any) -> rules.Rules: ...
    def hand_from_dict(self, data: Any, number: int, game: Any,
                       names: tuple[str, ...] | None, former: tuple[str, ...]) -> Any: ...
    def game_to_dict(self, game: rules.Game) -> dict[str, Any]: ...
    def state_to_dict(self, game: rules.Game, st: rules.GameState) -> dict[str, Any]: ...
    def csv_claims(self, head: list[str]) -> bool: ...
    def csv_claims_row(self, cells: dict[str, str]) -> bool: ...
    def csv_needs(self) -> str: ...
    # what a row numbers, at most how many rows share a number, and why; None: not its
    def csv_row_limit(self, cells: dict[str, str]) -> tuple[str, int, str] | None: ...
    def csv_columns(self, games: list[rules.Game]) -> tuple[str, ...]: ...
    def csv_rows(self, g: dict[str, Any], game: rules.Game) -> list[dict[str, Any]]: ...
    def csv_read(self, gid: str, lines: list[tuple[int, dict[str, str]]]) -> dict[str, Any]: ...
    def share_text(self, game: rules.Game, tr: Translator, house: str = "") -> str: ...
    def change_entry(self, hand: Any, prefix: str) -> dict[str, Any]: ...
    def summary(self, game: rules.Game) -> dict[str, Any]: ...


# The table of formats, keyed as rules.GAMES: a new game's format is one line here.
FORMATS: dict[str, GameFormat] = {
    "hearts": HEARTS_FORMAT,
    "kierki": KIERKI_FORMAT,
}
install(FORMATS)
