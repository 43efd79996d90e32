""""Show on another phone" (``/game/<id>/show``): the game's QR code and the same as a
link to copy or share. The link is the app's own address with the game in its fragment
(:mod:`scorekeeper.formats.sharelink`), which a browser never sends to a server: another
phone that opens it shows the game (``screens/from_link.py``) and may keep it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import flet as ft

from ...formats import FormatError
from ...formats import sharelink
from .. import ids
from ..routes import Route, ShowGame
from ..text import link_words as words
from ..text.messages import Msg
from ..views.widgets import TAP, Ui, app_bar, frame, tag
from . import load_game

if TYPE_CHECKING:
    from ..session import Session

QR_SIZE = 320  # logical pixels: the width of a 360 px phone, less the screen's margins
QR_SCALE = 8  # pixels per module of the PNG (drawn smaller, with no smoothing)
DENSE = 25  # a code above this QR version is read from another phone only close up


class Model:
    def __init__(self, session: Session, route: Route) -> None:
        assert isinstance(route, ShowGame)
        self.session = session
        self.game = load_game(session, route.id)
        self.link: str | None = None
        self.problem: Msg | None = None
        stored = self.game
        doc = sharelink.link_document(stored.id, stored.created, stored.updated,
                                      stored.version, stored.game, stored.next_seat_changes)
        if not session.address:
            self.problem = Msg(words.SHOW_NO_ADDRESS)
            return
        try:
            self.link = sharelink.link(session.address, doc)
        except FormatError:
            self.problem = Msg(words.SHOW_TOO_BIG)

    def copied(self) -> None:
        self.session.say(Msg(words.LINK_COPIED))


def button(ui: Ui, game_id: str) -> ft.Control:
    """The sheet's "Show on another phone", beside the share text."""
    label = ui._(words.SHOW_TITLE)
    return tag(ids.SHOW_ON_PHONE, ft.FilledTonalButton(
        content=label, icon=ft.Icons.QR_CODE_2, height=TAP, on_click=ui.go(ShowGame(game_id))),
        label=label, button=True)


def _action(kind: type, text: str) -> Any:
    """A client action (run by the browser inside the tap); None without a page."""
    try:
        return kind(text)
    except RuntimeError:
        return None


def code(ui: Ui, link: str) -> list[ft.Control]:
    """The QR code of ``link`` (said in words when none holds it, or it is dense)."""
    from ..table import qr  # segno: imported when a code is first drawn

    try:
        made = qr.make(link)
    except Exception:  # segno's DataOverflowError: more than a QR code holds
        return [tag(ids.SHOW_NO_CODE, ft.Text(ui._(words.SHOW_NO_CODE), size=15))]
    parts: list[ft.Control] = [ft.Row([tag(ids.SHOW_QR, ft.Image(
        src=qr.qr_png(link, scale=QR_SCALE), width=QR_SIZE, height=QR_SIZE,
        filter_quality=ft.FilterQuality.NONE, fit=ft.BoxFit.FILL),
        label=ui._(words.QR_LABEL))], alignment=ft.MainAxisAlignment.CENTER)]
    if int(made.version) > DENSE:
        parts.append(tag(ids.SHOW_DENSE, ft.Text(ui._(words.SHOW_DENSE), size=14)))
    return parts


def link_buttons(ui: Ui, model: Model, link: str) -> ft.Control:
    """Copy the link (always), and Share it where the phone has a share sheet."""
    buttons: list[ft.Control] = []
    if getattr(ui.session, "can_share", False):
        label = ui._(words.SHARE_LINK)
        buttons.append(tag(ids.SHOW_SHARE, ft.FilledTonalButton(
            content=label, icon=ft.Icons.SHARE, height=TAP,
            action=_action(ft.ShareText, link)), label=label, button=True, on_tap=None))
    label = ui._(words.COPY_LINK)
    buttons.append(tag(ids.SHOW_COPY, ft.FilledTonalButton(
        content=label, icon=ft.Icons.CONTENT_COPY, height=TAP,
        action=_action(ft.CopyToClipboard, link), on_click=ui.act(model.copied)),
        label=label, button=True, on_tap=None))  # the tap must reach the button's action
    return ft.Row(buttons, wrap=True, spacing=8, run_spacing=8)


def view(ui: Ui, model: Model) -> ft.View:
    controls: list[ft.Control | None] = [
        tag(ids.SHOW_HOW, ft.Text(ui._(words.SHOW_HOW), size=15))]
    if model.problem is not None:
        controls.append(tag(ids.SHOW_PROBLEM, ft.Text(ui.say(model.problem), size=15,
                                                      weight=ft.FontWeight.BOLD)))
    if model.link is not None:
        controls += code(ui, model.link)
        controls += [
            ft.Text(ui._(words.LINK_LABEL), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
            tag(ids.SHOW_LINK, ft.Text(model.link, size=11, max_lines=3,
                                       overflow=ft.TextOverflow.ELLIPSIS,
                                       color=ft.Colors.ON_SURFACE_VARIANT)),
            link_buttons(ui, model, model.link)]
    return frame(ui, "show", app_bar(ui, ui._(words.SHOW_TITLE), two_lines=True), controls)
