"""A game's change log: every hand added, changed, deleted or put back, newest first."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import flet as ft

from .. import ids
from ..i18n import N_
from ..routes import Changes, Route
from ..widgets import Ui, app_bar, frame, local_time, signed, tag
from . import load_game

if TYPE_CHECKING:
    from ..session import Session

ACTION = {"add": N_("Hand {hand} added"), "edit": N_("Hand {hand} changed"),
          "remove": N_("Hand {hand} deleted"), "insert": N_("Hand {hand} brought back")}


class Model:
    def __init__(self, session: Session, route: Route) -> None:
        assert isinstance(route, Changes)
        self.session = session
        self.game = load_game(session, route.id)
        self.changes = list(reversed(session.store.changes(route.id)))

    def follows(self, game_id: str) -> bool:
        return game_id == self.game.id


def points_text(points: Any, players: Any = ()) -> str:
    """A stored hand's points with the names, as 'Ala 3 · Bartek 13 · Celina 10 · Darek 0'
    (bare numbers left the table counting seats, worse with 11 players)."""
    names = list(players)
    if len(names) != len(points):
        return " · ".join(signed(p) for p in points)
    return " · ".join(f"{name} {signed(p)}" for name, p in zip(names, points))


def view(ui: Ui, model: Model) -> ft.View:
    rows: list[ft.Control | None] = []
    if not model.changes:
        rows.append(ft.Text(ui._("No changes yet.")))
    players = model.game.game.players
    for i, ch in enumerate(model.changes):
        title = ui._(ACTION.get(ch.action, ACTION["edit"]), hand=ch.hand)
        detail = []
        if ch.old is not None:
            detail.append(ui._("before: {points}", points=points_text(ch.old, players)))
        if ch.new is not None:
            detail.append(ui._("after: {points}", points=points_text(ch.new, players)))
        rows.append(tag(ids.CHANGE.format(n=i), ft.Card(ft.Container(ft.Column([
            ft.Text(title, size=16, weight=ft.FontWeight.BOLD),
            ft.Text(local_time(ui, ch.at), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
            *[ft.Text(d, size=14) for d in detail],
        ], spacing=2), padding=12), margin=0)))
    return frame(ui, "changes", app_bar(ui, ui._("Changes")), rows)
