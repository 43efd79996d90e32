"""The table of games' app parts: for each game of ``rules.GAMES`` (same key), how
one of its hands is entered and how the sheet draws it (banner, rows, the line under
the banner, the rules card, the game-over card), the table screen's lines, the change
log's and the cards' words. The screens ask a game's parts (:mod:`.registry`) and never
which game it is; a third game is its module and one more entry here.
"""

from __future__ import annotations

from typing import Any, Protocol

import flet as ft

from .. import rules
from .hearts_app import HEARTS_APP
from .kierki_app import KIERKI_APP
from .registry import install
from .routes import Hand
from .views.widgets import Ui


class AppGame(Protocol):
    """What every entry of :data:`APP_GAMES` answers."""

    key: str
    games_words: str  # msgid: the game in the history's and the stats' filter
    enter_words: str  # msgid with {hand}: the sheet's button to the next entry
    rows_tab: str  # msgid: the sheet's tab of rows (hands, deals)
    from_words: str  # msgid with {hand}, {time}: a game from another phone's link
    change_words: dict[str, str]  # action -> msgid with {hand}; the rest: changes.ACTION

    def entry_route(self, game_id: str, number: int | None = None) -> Hand: ...
    def banner(self, ui: Ui, model: Any, game: rules.Game, st: rules.GameState
               ) -> list[ft.Control]: ...
    def info(self, ui: Ui, game: rules.Game, st: rules.GameState) -> ft.Control: ...
    def table(self, ui: Ui, model: Any, game: rules.Game, st: rules.GameState) -> Any: ...
    def rules_card(self, ui: Ui, game: rules.Game) -> ft.Control: ...
    def over_card(self, ui: Ui, game: rules.Game, st: rules.GameState,
                  rematch: ft.Control) -> ft.Control: ...
    def now_lines(self, ui: Ui, game: rules.Game, n: rules.NextHand) -> list[ft.Control]: ...
    def row_label(self, ui: Ui, game: rules.Game, number: int, info: rules.NextHand
                  ) -> str: ...
    def variant_words(self, variant: Any) -> tuple[str, str]: ...  # msgids: name, hint
    def played_words(self, ui: Ui, g: Any) -> str: ...
    def leads(self, g: Any) -> tuple[list[str], str]: ...
    def stats_lines(self, ui: Ui, model: Any, n: int, p: Any) -> list[ft.Control]: ...
    # the new game: its rows and its deck card (the rules from the form and a
    # rematch: forms.new_game.GAME_FORMS)
    def setup_rows(self, ui: Ui, model: Any, act: Any) -> list[ft.Control | None]: ...
    def deck_card(self, ui: Ui, form: Any, plan: rules.DeckPlan) -> ft.Control: ...


# The table of games' app parts, keyed as rules.GAMES: a new game is one line here.
APP_GAMES: dict[str, AppGame] = {
    "hearts": HEARTS_APP,
    "kierki": KIERKI_APP,
}
install(APP_GAMES)
