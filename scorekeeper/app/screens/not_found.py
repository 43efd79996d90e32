"""An address that shows nothing (or a game that is gone): said in words, a way home."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from .. import ids
from ..text.i18n import N_
from ..text.messages import Msg
from ..routes import Home, Route
from ..views.widgets import Ui, app_bar, big_button, error_box, frame

if TYPE_CHECKING:
    from ..session import Session


class Model:
    def __init__(self, session: Session, route: Route) -> None:
        self.session = session


def view(ui: Ui, model: Model) -> ft.View:
    return frame(ui, "not-found", app_bar(ui, ui._("Not found")), [
        error_box(ui, ui.session.error or Msg(N_("There is nothing here."))),
        big_button(ui, ids.HOME, ui._("Home"), ui.go(Home()), ft.Icons.HOME),
    ], error=False)
