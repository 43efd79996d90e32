"""Hearts' own parts of the app, as the table of games' app parts
(:data:`.games.APP_GAMES`) files them: where a hand is entered (``routes.Hand``:
``screens/hand.py``), the sheet's banner, rows, target line, rules card and game-over
card (``screens/sheet.py``, ``views/sheet_parts.py``, ``views/rules_card.py``), the
table screen's lines and Hearts' words."""

from __future__ import annotations

from typing import Any

import flet as ft

from .. import rules
from .routes import Hand
from .forms.new_game import NewGameForm
from .screens import new_game, sheet, stats, table
from .text import link_words
from .text.i18n import N_
from .text.words import VARIANT_HINT, VARIANT_NAME
from .views import game_card
from .views.rules_card import rules_card
from .views.widgets import Ui


class HeartsApp:
    key = "hearts"
    games_words = N_("Hearts games")  # the filter of history and stats
    enter_words = N_("Enter hand {hand}")  # the sheet's button
    rows_tab = N_("Hands")  # the sheet's tab of rows
    from_words = link_words.FROM_HAND  # "From another phone: hand 7, today 21:04"
    change_words: dict[str, str] = {}  # the change log says hands (changes.ACTION)

    def entry_route(self, game_id: str, number: int | None = None) -> Hand:
        """The next hand (``number`` None) or hand ``number``: the hand entry."""
        return Hand(game_id, number)

    def banner(self, ui: Ui, model: Any, game: rules.Game, st: rules.GameState
               ) -> list[ft.Control]:
        return sheet.hearts_banner(ui, model, game, st)

    def info(self, ui: Ui, game: rules.Game, st: rules.GameState) -> ft.Control:
        return sheet.target_info(ui, game, st)

    def table(self, ui: Ui, model: Any, game: rules.Game, st: rules.GameState) -> Any:
        return sheet.hearts_table(ui, model, game, st)

    def rules_card(self, ui: Ui, game: rules.Game) -> ft.Control:
        return rules_card(ui, game)

    def over_card(self, ui: Ui, game: rules.Game, st: rules.GameState,
                  rematch: ft.Control) -> ft.Control:
        return sheet.hearts_over_card(ui, game, st, rematch)

    def now_lines(self, ui: Ui, game: rules.Game, n: rules.NextHand) -> list[ft.Control]:
        return table.hearts_now_lines(ui, game, n)

    def row_label(self, ui: Ui, game: rules.Game, number: int, info: rules.NextHand) -> str:
        return table.hearts_row_label(ui, game, number, info)

    def variant_words(self, variant: rules.Variant) -> tuple[str, str]:
        """A variant in the new-game form: its name and its hint."""
        return VARIANT_NAME[variant], VARIANT_HINT[variant]

    def played_words(self, ui: Ui, g: Any) -> str:
        return game_card.hands_played(ui, g)

    def leads(self, g: Any) -> tuple[list[str], str]:
        return game_card.lowest_leads(g)

    def stats_lines(self, ui: Ui, model: Any, n: int, p: Any) -> list[ft.Control]:
        """A player's points per hand, average place, moons (and J♦s)."""
        return stats.hearts_lines(ui, model, p)

    # the new game: the form's rows and the deck (the form itself: forms.new_game)
    def setup_rows(self, ui: Ui, model: Any, act: Any) -> list[ft.Control | None]:
        """The moon rule, the first dealer, the queen rule and the house rules."""
        return new_game.table_rows(ui, model, act) + new_game.house_rows(ui, model, act)

    def deck_card(self, ui: Ui, form: NewGameForm, plan: rules.DeckPlan) -> ft.Control:
        return new_game.deck_card(ui, plan, form.count)


HEARTS_APP = HeartsApp()

