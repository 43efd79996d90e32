"""A phone on the LAN without the join token: no games, no names, only what to do."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from .. import ids
from ..routes import Route
from ..table.table_roles import ASK_FOR_QR
from ..views.widgets import Ui, app_bar, frame, tag

if TYPE_CHECKING:
    from ..session import Session


class Model:
    def __init__(self, session: Session, route: Route) -> None:
        self.session = session


def view(ui: Ui, model: Model) -> ft.View:
    return frame(ui, "lobby", app_bar(ui, ui._("Hearts Scorekeeper"), back=False), [
        ft.Container(height=24),
        ft.Icon(ft.Icons.QR_CODE_2, size=96, color=ft.Colors.PRIMARY),
        tag(ids.LOBBY_TEXT, ft.Text(ui._(ASK_FOR_QR), size=20,
                                    text_align=ft.TextAlign.CENTER)),
        ft.Text(ui._("On the host's phone: the score sheet, then \"Invite phones\"."),
                size=15, text_align=ft.TextAlign.CENTER, color=ft.Colors.ON_SURFACE_VARIANT),
    ])
