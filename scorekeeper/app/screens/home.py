"""Home: a new game, the few most recent unfinished games, history, settings."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from ...store import GameSummary
from .. import backup, ids
from ..routes import History, Home, NewGame, Route, Settings, Sheet, Stats
from ..views.game_card import game_card
from ..views.storage_notice import Steps, storage_notice
from ..views.widgets import RED, Ui, app_bar, big_button, section, tag, frame

if TYPE_CHECKING:
    from ..session import Session

RECENT = 5  # unfinished games on the home screen; the rest are one tap away


class Model:
    """The newest unfinished games (at most :data:`RECENT`) and how many there are."""

    def __init__(self, session: Session, route: Route) -> None:
        self.session = session
        self.route = route
        unfinished = [g for g in session.store.list_games() if not g.finished]
        self.unfinished: int = len(unfinished)
        # a game with no hand yet is not an unfinished one: it is listed apart
        self.games: list[GameSummary] = [g for g in unfinished if g.hands][:RECENT]
        self.waiting: list[GameSummary] = [g for g in unfinished if not g.hands][:RECENT]
        self.steps = Steps()  # Safari: how to install, once asked

    def follows(self, game_id: str) -> bool:
        return True  # any game changed may change the list

    def new_game(self) -> None:
        self.session.form = None  # a fresh form (or the draft kept for a reload)
        self.session.navigate(NewGame())


def view(ui: Ui, model: Model) -> ft.View:
    rows: list[ft.Control | None] = [
        ft.Container(ft.Column([
            ft.Row([ft.Text(suit, size=30, color=RED if suit in "♥♦" else ft.Colors.PRIMARY)
                    for suit in "♠♥♦♣"], alignment=ft.MainAxisAlignment.CENTER, spacing=14),
            ft.Text(ui._("The score sheet for your card table."), size=15),
        ], horizontal_alignment=ft.CrossAxisAlignment.CENTER), alignment=ft.Alignment.CENTER,
            padding=ft.Padding(0, 8, 0, 8)),
        big_button(ui, ids.NEW_GAME, ui._("New game"), ui.act(model.new_game), ft.Icons.ADD),
    ]
    played, waiting = model.games, model.waiting
    rows.append(section(ui._("Unfinished games")))
    if not played:
        rows.append(ft.Text(ui._("No unfinished games."), color=ft.Colors.ON_SURFACE_VARIANT))
    for g in played:
        rows.append(game_card(ui, g, ids.RESUME.format(game_id=g.id), ui.go(Sheet(g.id))))
    if waiting:
        # a heading over several games: "Nierozpoczęte gry", not the card's "Nierozpoczęta"
        rows.append(section(ui._("Games not started yet")))
    for g in waiting:
        rows.append(game_card(ui, g, ids.RESUME.format(game_id=g.id), ui.go(Sheet(g.id))))
    if model.unfinished > len(model.games) + len(model.waiting):
        text = ui._("See all unfinished games ({n})", n=model.unfinished)
        rows.append(tag(ids.SEE_ALL, ft.TextButton(
            content=text, icon=ft.Icons.LIST, height=48,
            on_click=ui.go(History("unfinished"))), label=text, button=True))
    rows.append(ft.Container(height=8))
    rows.append(big_button(ui, ids.HISTORY, ui._("History"), ui.go(History()),
                           ft.Icons.HISTORY, filled=False))
    rows.append(big_button(ui, ids.STATS, ui._("Stats"), ui.go(Stats()),
                           ft.Icons.LEADERBOARD_OUTLINED, filled=False))
    due = backup.backup_is_due(ui.session)
    if due:  # the web app: the games are only in this browser
        rows += backup_reminder(ui)
    rows += storage_notice(ui, model.steps, back_up_too=not due)
    actions = [tag(ids.SETTINGS, ft.IconButton(ft.Icons.SETTINGS_OUTLINED,
                                                tooltip=ui._("Settings"),
                                                on_click=ui.go(Settings())),
                   label=ui._("Settings"), button=True)]
    return frame(ui, "home", app_bar(ui, ui._("Hearts Scorekeeper"), back=False,
                                    actions=actions), rows)


def backup_reminder(ui: Ui) -> list[ft.Control | None]:
    last = backup.last_backup(ui.session)
    text = (ui._("No backup of these games for over a week.") if last
            else ui._("These games have no backup yet."))
    return [ft.Container(height=8), tag(ids.BACKUP_DUE, ft.Text(text, size=15), label=text),
            big_button(ui, ids.BACKUP_NOW, ui._("Back up now"),
                       ui.act(backup.back_up, ui.session), ft.Icons.DOWNLOAD, filled=False)]


__all__ = ["Home", "Model", "view"]
