"""The host's invitation (``/invite``, on --lan): the QR code of the join address
``http://<lan-address>:<port>/table/<token>``, the same address as text, and the table
code that makes a follower an editor. The QR code is made here (segno), no network."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from .. import ids
from ..routes import Invite, Route
from ..table.table_roles import can_invite
from ..views.widgets import Ui, app_bar, frame, section, tag

if TYPE_CHECKING:
    from ..session import Session

QR_SIZE = 264  # logical pixels: a phone camera reads it from across the table


class Model:
    def __init__(self, session: Session, route: Route) -> None:
        self.session = session
        self.address: str | None = None

    def addresses(self) -> list[str]:
        lan = self.session.lan
        return list(lan.addresses) if lan is not None else []

    def url(self) -> str | None:
        lan, addresses = self.session.lan, self.addresses()
        if lan is None or not addresses or not can_invite(self.session.lan, self.session.role):
            return None
        address = self.address if self.address in addresses else addresses[0]
        return lan.access.join_url(address, lan.port)

    def pick(self, address: str) -> None:
        if address in self.addresses():
            self.address = address

    def code(self) -> str | None:
        lan = self.session.lan
        shown = lan is not None and can_invite(lan, self.session.role)
        return lan.access.code if shown and lan is not None else None


def button(ui: Ui, game_id: str) -> ft.Control | None:
    """The sheet's "Invite phones" action (the host, on --lan only)."""
    if not can_invite(ui.session.lan, ui.session.role):
        return None
    return tag(ids.INVITE, ft.IconButton(ft.Icons.QR_CODE_2, tooltip=ui._("Invite phones"),
                                         on_click=ui.go(Invite(game_id))),
               label=ui._("Invite phones"), button=True)


def network_button(ui: Ui, model: Model, n: int, address: str, chosen: bool) -> ft.Control:
    """One of this machine's addresses; the one the QR code shows is filled."""
    cls = ft.FilledTonalButton if chosen else ft.OutlinedButton
    return tag(ids.INVITE_NETWORK.format(n=n), cls(
        content=ft.Text(address), icon=ft.Icons.CHECK if chosen else None,
        on_click=ui.act(model.pick, address)), label=address, button=True, selected=chosen,
        checked=chosen)


def view(ui: Ui, model: Model) -> ft.View:
    from ..table import qr  # segno, the server's only: the sheet imports this module everywhere

    url = model.url()
    controls: list[ft.Control | None] = []
    if url is None:
        controls.append(ft.Text(ui._("No network address found: is this machine on a "
                                     "Wi-Fi network?"), size=16))
    else:
        controls += [
            ft.Text(ui._("Scan with the phone's camera to follow the score:"), size=15),
            ft.Row([tag(ids.INVITE_QR, ft.Image(
                src=qr.qr_png(url, scale=8), width=QR_SIZE, height=QR_SIZE,
                filter_quality=ft.FilterQuality.NONE, fit=ft.BoxFit.FILL),
                label=ui._("QR code of {address}", address=url))],
                alignment=ft.MainAxisAlignment.CENTER),
            tag(ids.INVITE_ADDRESS, ft.Text(url, size=15, selectable=True,
                                            text_align=ft.TextAlign.CENTER,
                                            weight=ft.FontWeight.BOLD), label=url),
        ]
        addresses = model.addresses()
        if len(addresses) > 1:
            controls.append(ft.Text(ui._("Other networks of this machine:"), size=13,
                                    color=ft.Colors.ON_SURFACE_VARIANT))
            controls.append(ft.Row([
                network_button(ui, model, i, a, url.startswith(f"http://{a}:"))
                for i, a in enumerate(addresses)], wrap=True, spacing=6, run_spacing=6))
    code = model.code()
    if code:
        controls += [
            section(ui._("Table code")),
            ft.Text(ui._("A phone that enters this code can keep score too:"), size=14),
            tag(ids.INVITE_CODE, ft.Text(f"{code[:3]} {code[3:]}", size=40,
                                         weight=ft.FontWeight.BOLD,
                                         text_align=ft.TextAlign.CENTER), label=code),
        ]
    return frame(ui, "invite", app_bar(ui, ui._("Invite phones")), controls)
