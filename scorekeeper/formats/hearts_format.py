"""Hearts' format: how a Hearts game is written down and read back (the game file, the
CSV, the share text, a change-log entry, a history row's own fields), as the table of
formats (:data:`.games.FORMATS`) files it. The parts are the modules' Hearts functions
(:mod:`.gamefile`, :mod:`.csvfile`, :mod:`.share`)."""

from __future__ import annotations

from typing import Any

from .. import rules
from .csvfile import (CSV_COLUMNS, HOUSE_COLUMNS, REQUIRED, TEXT_COLUMNS, hearts_columns,
                      hearts_game, hearts_needs, hearts_row_limit, hearts_rows)
from .gamefile import (hearts_game_to_dict, hearts_hand_from_dict, hearts_rules_from_dict,
                       hearts_state_to_dict)
from .share import Translator, hearts_text


class HeartsFormat:
    """A Hearts game's files (the first game of the table: a file that names no game
    is a Hearts game's)."""

    key = "hearts"
    # the oldest stored file format and export version that hold a game of it
    version = 3
    summary_lists: tuple[str, ...] = ()  # a history row's lists of its own: none

    def rules_from_dict(self, data: Any) -> rules.Rules:
        return hearts_rules_from_dict(data)

    def hand_from_dict(self, data: Any, number: int, game: rules.Game | None,
                       names: tuple[str, ...] | None, former: tuple[str, ...]) -> rules.Hand:
        return hearts_hand_from_dict(data, number, game, names, former)

    def game_to_dict(self, game: rules.Game) -> dict[str, Any]:
        return hearts_game_to_dict(game)

    def state_to_dict(self, game: rules.Game, st: rules.GameState) -> dict[str, Any]:
        return hearts_state_to_dict(game, st)

    # the CSV: one row per hand and player
    csv_required = REQUIRED
    csv_all = CSV_COLUMNS + HOUSE_COLUMNS
    csv_text = TEXT_COLUMNS
    csv_game = "a Hearts game"

    def csv_claims(self, head: list[str]) -> bool:
        """Hearts' sheet is the one a file is when no other game claims it."""
        return False

    def csv_claims_row(self, cells: dict[str, str]) -> bool:
        return False

    def csv_needs(self) -> str:
        return hearts_needs()

    def csv_row_limit(self, cells: dict[str, str]) -> tuple[str, int, str] | None:
        return hearts_row_limit(cells)

    def csv_columns(self, games: list[rules.Game]) -> tuple[str, ...]:
        return hearts_columns(games)

    def csv_rows(self, g: dict[str, Any], game: rules.Game) -> list[dict[str, Any]]:
        return hearts_rows(g, game)

    def csv_read(self, gid: str, lines: list[tuple[int, dict[str, str]]]) -> dict[str, Any]:
        return hearts_game(gid, lines)

    def share_text(self, game: rules.Game, tr: Translator, house: str = "") -> str:
        return hearts_text(game, tr, house)

    def change_entry(self, hand: rules.Hand, prefix: str) -> dict[str, Any]:
        """A hand in a change-log entry: its points, moon choice, J♦ and seat changes."""
        entry: dict[str, Any] = {prefix: list(hand.points), f"{prefix}_moon_choice":
                                 None if hand.moon_choice is None else hand.moon_choice.value}
        if hand.jack is not None:
            entry[f"{prefix}_jack"] = hand.jack
        if hand.seat_changes:
            entry[f"{prefix}_seat_changes"] = [list(p) for p in hand.seat_changes]
        return entry

    def summary(self, game: rules.Game) -> dict[str, Any]:
        """A history row's fields of Hearts' own: none."""
        return {}


HEARTS_FORMAT = HeartsFormat()
