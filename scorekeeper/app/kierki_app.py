"""Kierki's own parts of the app, as the table of games' app parts
(:data:`.games.APP_GAMES`) files them: where a deal is entered (``routes.Deal``:
``screens/kierki_deal.py``), the sheet's banner, rows, match line, rules card and
game-over card (``views/kierki_sheet.py``, ``views/kierki_rules_card.py``), the table
screen's lines and Kierki's words."""

from __future__ import annotations

from typing import Any, Callable

import flet as ft

from .. import rules
from .routes import Deal
from .forms.new_game import NewGameForm
from .screens import new_game, stats
from .screens.changes import DEAL_ACTION
from .text import kierki_words as kw, link_words
from .text.i18n import N_
from .views import game_card, kierki_sheet
from .views.kierki_new_game import kierki_deck_card, kierki_rows
from .views.kierki_rules_card import kierki_rules_card
from .views.widgets import Ui


class KierkiApp:
    key = "kierki"
    games_words = N_("Kierki matches")  # the filter of history and stats
    enter_words = kierki_sheet.ENTER_DEAL  # the sheet's button: "Enter deal 3"
    rows_tab = N_("Deals")  # a Kierki sheet's rows are deals
    from_words = link_words.FROM_DEAL  # "From another phone: deal 7, today 21:04"
    change_words = DEAL_ACTION  # the change log says deals

    def entry_route(self, game_id: str, number: int | None = None) -> Deal:
        """The next deal (``number`` None) or deal ``number``: the deal's own screen."""
        return Deal(game_id, number)

    def banner(self, ui: Ui, model: Any, game: rules.Game, st: rules.GameState
               ) -> list[ft.Control]:
        return [kierki_sheet.banner(ui, game, st)]

    def info(self, ui: Ui, game: rules.Game, st: rules.GameState) -> ft.Control:
        return kierki_sheet.match_line(ui, game)

    def table(self, ui: Ui, model: Any, game: rules.Game, st: rules.GameState) -> Any:
        """A row per deal, as a paper Kierki sheet has it."""
        edit: Callable[[int], Any] | None = None
        if not model.read_only:
            edit = lambda number: ui.act(model.edit_hand, number)  # noqa: E731
        return kierki_sheet.table(ui, game, st, edit)

    def rules_card(self, ui: Ui, game: rules.Game) -> ft.Control:
        return kierki_rules_card(ui, game)

    def over_card(self, ui: Ui, game: rules.Game, st: rules.GameState,
                  rematch: ft.Control) -> ft.Control:
        """The highest total wins; the sum check."""
        return kierki_sheet.over_card(ui, game, st, rematch)

    def now_lines(self, ui: Ui, game: rules.Game, n: rules.NextHand) -> list[ft.Control]:
        """The deal's contract in words."""
        return kierki_sheet.now_lines(ui, game, n)

    def row_label(self, ui: Ui, game: rules.Game, number: int, info: rules.NextHand) -> str:
        return kierki_sheet.row_label(ui, game, number)

    def variant_words(self, variant: Any) -> tuple[str, str]:
        """Kierki in the new-game form: "Kierki (Polish)" and what it is."""
        return kw.GAME_NAME, kw.GAME_HINT

    def played_words(self, ui: Ui, g: Any) -> str:
        return game_card.deals_played(ui, g)

    def leads(self, g: Any) -> tuple[list[str], str]:
        return game_card.highest_leads(g)

    def stats_lines(self, ui: Ui, model: Any, n: int, p: Any) -> list[ft.Control]:
        """A player's average total and place; per contract, the average points."""
        return stats.kierki_lines(ui, n, p)

    # the new game: the form's rows and the deck (the form itself: forms.new_game)
    def setup_rows(self, ui: Ui, model: Any, act: Any) -> list[ft.Control | None]:
        """The table's Kierki rules and the first dealer (no moon, queen or house rule)."""
        return kierki_rows(ui, model.form, act) + new_game.dealer_rows(ui, model, act)

    def deck_card(self, ui: Ui, form: NewGameForm, plan: rules.DeckPlan) -> ft.Control:
        return kierki_deck_card(ui, form, plan)


KIERKI_APP = KierkiApp()
