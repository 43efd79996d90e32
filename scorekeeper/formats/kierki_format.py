"""Kierki's format: how a Kierki match is written down and read back (the game file,
:mod:`.kierki_file`; the CSV, :mod:`.kierki_csv`; the share text; a change-log entry; a
history row's own fields), as the table of formats (:data:`.games.FORMATS`) files it."""

from __future__ import annotations

from typing import Any

from .. import rules
from ..rules.spells import contract_figures
from .kierki_csv import (ALL_KIERKI_COLUMNS, KIERKI_REQUIRED, KIERKI_TEXT, kierki_columns,
                         kierki_rows, plays_other_trump_trick, read_kierki_game)
from .kierki_file import (deal_from_dict, deal_record, kierki_game_to_dict,
                          kierki_rules_from_dict, kierki_state_to_dict)
from .share import Translator, kierki_text


class KierkiFormat:
    """A Kierki match's files."""

    key = "kierki"
    version = 4  # the oldest stored file format and export version that hold a match
    summary_lists = ("contracts",)  # a history row's lists of its own: per contract

    def rules_from_dict(self, data: Any) -> rules.Rules:
        return kierki_rules_from_dict(data)

    def hand_from_dict(self, data: Any, number: int, game: rules.Game,
                       names: tuple[str, ...] | None, former: tuple[str, ...]) -> rules.Deal:
        return deal_from_dict(data, number, game, names or game.players, former)

    def game_to_dict(self, game: rules.Game) -> dict[str, Any]:
        return kierki_game_to_dict(game)

    def state_to_dict(self, game: rules.Game, st: rules.GameState) -> dict[str, Any]:
        return kierki_state_to_dict(game, st)

    # the CSV: one row per deal
    csv_required = KIERKI_REQUIRED
    csv_all = ALL_KIERKI_COLUMNS
    csv_text = KIERKI_TEXT
    csv_game = "a Kierki game"

    def csv_claims(self, head: list[str]) -> bool:
        """A sheet with a ``contract`` column is Kierki's (or has Kierki games too)."""
        return "contract" in head

    def csv_claims_row(self, cells: dict[str, str]) -> bool:
        """A row without a variant that names a contract is a Kierki deal's."""
        return bool(cells.get("contract"))

    def csv_needs(self) -> str:
        return (f"a Kierki sheet needs {', '.join(KIERKI_REQUIRED)} and the other seats' "
                "player_N and taken_N, one row per deal")

    def csv_row_limit(self, cells: dict[str, str]) -> tuple[str, int, str] | None:
        """A row with a deal and no hand is a Kierki deal's: one row each."""
        if cells.get("deal") and not cells.get("hand"):
            return "deal", 1, "a deal is one row"
        return None

    def csv_columns(self, games: list[rules.Game]) -> tuple[str, ...]:
        return kierki_columns(max(game.seats for game in games),
                              was=any(any(deal.seat_changes for deal in game.hands)
                                      for game in games),
                              trump_trick=any(map(plays_other_trump_trick, games)))

    def csv_rows(self, g: dict[str, Any], game: rules.Game) -> list[dict[str, Any]]:
        return kierki_rows(g, game)

    def csv_read(self, gid: str, lines: list[tuple[int, dict[str, str]]]) -> dict[str, Any]:
        return read_kierki_game(gid, lines)

    def share_text(self, game: rules.Game, tr: Translator, house: str = "") -> str:
        return kierki_text(game, tr)

    def change_entry(self, deal: rules.Deal, prefix: str) -> dict[str, Any]:
        """A deal in a change-log entry: no points, the deal itself (by seats)."""
        entry: dict[str, Any] = {prefix: None, f"{prefix}_moon_choice": None,
                                 f"{prefix}_deal": deal_record(deal)}
        if deal.seat_changes:
            entry[f"{prefix}_seat_changes"] = [list(p) for p in deal.seat_changes]
        return entry

    def summary(self, game: rules.Game) -> dict[str, Any]:
        """A history row's own fields: the deals of the whole match; per contract."""
        return {"deals": rules.match_deals(game.rules.kierki, game.seats),  # type: ignore[arg-type]
                "contracts": [[contract, deals if isinstance(deals, int) else list(deals),
                               list(points)] for contract, deals, points in contract_figures(game)]}


KIERKI_FORMAT = KierkiFormat()
