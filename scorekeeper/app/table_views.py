"""The screens of a ``--lan`` table: the followers' table view, the screen asking for the
host's QR code, and the host's invitation (QR code, address, table code).

Drawn from :class:`~.table_roles.TableRoles` state; every score, total, dealer and pass
direction comes from :mod:`scorekeeper.rules`.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from .. import rules
from . import ids, qr
from .table_roles import ASK_FOR_QR
from .views import (DIRECTION, DIRECTION_ICON, DIRECTION_SHORT, Ui, app_bar, big_button,
                    error_box, run, section, signed, tag, value_of, view)

QR_SIZE = 264  # logical pixels: a phone camera reads it from across the table


def table(ui: Ui) -> ft.View:
    """The game the host has open: this hand's dealer and passing large, the totals, the
    hands with their moon marks. A follower sees no control that writes."""
    app = ui.app
    stored = app.game
    controls: list[ft.Control | None] = [error_box(ui, app.error)]
    if stored is None:
        controls.append(tag(ids.TABLE_WAITING, ft.Text(
            ui._("Waiting for the host to open a game."), size=20,
            text_align=ft.TextAlign.CENTER), live_region=True))
    else:
        game = stored.game
        st = rules.state(game)
        controls.append(now_card(ui, game, st))
        controls.append(totals_row(ui, game, st))
        controls.append(hands_card(ui, game, st))
    if app.role.value == "follower":
        controls.append(code_box(ui))
    return view(ui, "table", app_bar(ui, ui._("At the table"), back=False,
                                     actions=[settings_button(ui)]), controls)


def settings_button(ui: Ui) -> ft.Control:
    return tag(ids.TABLE_SETTINGS, ft.IconButton(
        ft.Icons.SETTINGS_OUTLINED, tooltip=ui._("Settings"),
        on_click=ui.act(ui.app.navigate, "/settings")), label=ui._("Settings"), button=True)


def now_card(ui: Ui, game: rules.Game, st: rules.GameState) -> ft.Control:
    """Who deals and which way the cards go, large enough to read across the table."""
    names = game.players
    color = ft.Colors.ON_PRIMARY_CONTAINER
    if st.game_over:
        winner = names[st.winner]  # type: ignore[index]
        lines: list[ft.Control] = [ft.Row([
            ft.Icon(ft.Icons.EMOJI_EVENTS, size=40, color=ft.Colors.AMBER_700),
            ft.Text(ui._("{winner} wins!", winner=winner), size=30,
                    weight=ft.FontWeight.BOLD, color=color, expand=True)])]
    else:
        n = st.next_hand
        assert n is not None
        lines = [
            ft.Text(ui._("Hand {hand}", hand=n.number), size=18, color=color),
            tag(ids.TABLE_DEALER, ft.Text(ui._("{dealer} deals", dealer=names[n.dealer]),
                                          size=34, weight=ft.FontWeight.BOLD, color=color)),
            tag(ids.TABLE_PASS, ft.Row([
                ft.Icon(DIRECTION_ICON[n.direction], size=34, color=color),
                ft.Text(ui._(DIRECTION[n.direction]), size=30, weight=ft.FontWeight.BOLD,
                        color=color, expand=True)])),
        ]
        if n.passes:
            pairs = [ui._("{giver} → {receiver}", giver=names[a], receiver=names[b])
                     for a, b in n.passes.items()]
            lines.append(ft.Row([ft.Container(ft.Text(p, size=16), bgcolor=ft.Colors.SURFACE,
                                              border_radius=8, padding=ft.Padding(8, 4, 8, 4))
                                 for p in pairs], wrap=True, spacing=6, run_spacing=6))
    return tag(ids.TABLE_NOW, ft.Container(ft.Column(lines, spacing=6),
                                           bgcolor=ft.Colors.PRIMARY_CONTAINER,
                                           border_radius=16, padding=16), live_region=True)


def totals_row(ui: Ui, game: rules.Game, st: rules.GameState) -> ft.Control:
    cells = []
    for seat, name in enumerate(game.players):
        total = st.totals[seat]
        leader = seat in st.leaders and bool(game.hands)
        cells.append(tag(ids.TABLE_TOTAL.format(seat=seat), ft.Container(ft.Column([
            ft.Text(name, size=13, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS,
                    weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER),
            ft.Text(signed(total), size=26, weight=ft.FontWeight.BOLD,
                    color=ft.Colors.PRIMARY if leader else None),
        ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            width=76, padding=ft.Padding(2, 4, 2, 4), border_radius=10,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if leader else None),
            label=ui._n("{player}: {n} point", "{player}: {n} points", total, player=name)))
    return tag(ids.TABLE_TOTALS, ft.Row(cells, wrap=True, spacing=4, run_spacing=4,
                                        alignment=ft.MainAxisAlignment.CENTER))


def hands_card(ui: Ui, game: rules.Game, st: rules.GameState) -> ft.Control:
    names = game.players
    rows: list[ft.Control] = []
    for number, hs in enumerate(st.hands, 1):
        info = rules.hand_info(game, number)
        parts: list[str] = []
        for seat, score in enumerate(hs.scores):
            moon = hs.moon is not None and hs.moon.player == seat
            parts.append(("☾ " if moon else "") + signed(score))
        moon_note = (ui._("{player} shot the moon", player=names[hs.moon.player])
                     if hs.moon is not None else None)
        label = ui._("Hand {hand}, {direction}", hand=number,
                     direction=ui._(DIRECTION_SHORT[info.direction]))
        cells = [ft.Text(str(number), width=28, size=13, weight=ft.FontWeight.BOLD)]
        cells += [ft.Text(p, expand=True, size=16, text_align=ft.TextAlign.CENTER,
                          weight=ft.FontWeight.BOLD if p.startswith("☾") else None)
                  for p in parts]
        row: ft.Control = ft.Row(cells, spacing=2)
        if moon_note:
            row = ft.Column([row, tag(ids.TABLE_MOON.format(n=number), ft.Text(
                "☾ " + moon_note, size=12, color=ft.Colors.PRIMARY), label=moon_note)],
                spacing=0)
        rows.append(tag(ids.TABLE_HAND.format(n=number), row,
                        label=label + (". " + moon_note if moon_note else "")))
    if not rows:
        rows.append(ft.Text(ui._("No hands yet."), color=ft.Colors.ON_SURFACE_VARIANT))
    else:
        head = [ft.Text("", width=28)] + [
            ft.Text(n, expand=True, size=12, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS,
                    text_align=ft.TextAlign.CENTER, color=ft.Colors.ON_SURFACE_VARIANT)
            for n in names]
        rows.insert(0, ft.Row(head, spacing=2))
    return ft.Card(ft.Container(ft.Column(rows, spacing=4), padding=10), margin=0)


def code_box(ui: Ui) -> ft.Control:
    """A follower becomes an editor with the table code from the host's screen."""
    app = ui.app

    def typed(e: Any) -> None:
        app.set_code_text(str(value_of(e) or ""))

    field = tag(ids.TABLE_CODE_FIELD, ft.TextField(
        value=app.code_text, label=ui._("Table code"), max_length=6, counter="",
        keyboard_type=ft.KeyboardType.NUMBER, on_change=typed,
        on_submit=ui.act(app.enter_code), expand=True, key="table-code"),
        label=ui._("Table code"), expand=True)
    join = tag(ids.TABLE_CODE_OK, ft.FilledButton(
        content=ft.Text(ui._("Keep score")), height=56, on_click=ui.act(app.enter_code)),
        label=ui._("Keep score"), button=True)
    parts: list[ft.Control | None] = [
        section(ui._("Keep score from this phone")),
        ft.Text(ui._("Ask the host for the table code shown on their screen."), size=14,
                color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Row([field, join], vertical_alignment=ft.CrossAxisAlignment.START),
    ]
    if app.code_error is not None:
        parts.append(tag(ids.TABLE_CODE_ERROR, ft.Text(code_error_text(ui),
                                                       color=ft.Colors.ERROR, size=15),
                         live_region=True))
    return ft.Column([p for p in parts if p is not None], spacing=6)


def code_error_text(ui: Ui) -> str:
    kind, n = ui.app.code_error
    if kind == "locked":
        return ui._n("Too many wrong codes: try again in {n} second.",
                     "Too many wrong codes: try again in {n} seconds.", n)
    return ui._n("That is not the table code: {n} more try.",
                 "That is not the table code: {n} more tries.", n)


def lobby(ui: Ui) -> ft.View:
    """A LAN phone without the join token: no games, no names, only what to do."""
    return view(ui, "lobby", app_bar(ui, ui._("Hearts Scorekeeper"), back=False), [
        ft.Container(height=24),
        ft.Icon(ft.Icons.QR_CODE_2, size=96, color=ft.Colors.PRIMARY),
        tag(ids.LOBBY_TEXT, ft.Text(ui._(ASK_FOR_QR), size=20,
                                    text_align=ft.TextAlign.CENTER)),
        ft.Text(ui._("On the host's phone: the score sheet, then \"Invite phones\"."),
                size=15, text_align=ft.TextAlign.CENTER, color=ft.Colors.ON_SURFACE_VARIANT),
    ])


def invite(ui: Ui) -> ft.View:
    """The host's invitation: the QR code of the join address, the address as text, and
    the table code that makes a follower an editor."""
    app = ui.app
    url = app.invite_url()
    controls: list[ft.Control | None] = []
    if url is None:
        controls.append(ft.Text(ui._("No network address found: is this machine on a "
                                     "Wi-Fi network?"), size=16))
    else:
        controls += [
            ft.Text(ui._("Scan with the phone's camera to follow the score:"), size=15),
            tag(ids.INVITE_QR, ft.Container(ft.Image(
                src=qr.qr_png(url, scale=8), width=QR_SIZE, height=QR_SIZE,
                filter_quality=ft.FilterQuality.NONE, fit=ft.BoxFit.CONTAIN),
                alignment=ft.Alignment.CENTER, bgcolor="#ffffff", padding=0),
                label=ui._("QR code of {address}", address=url)),
            tag(ids.INVITE_ADDRESS, ft.Text(url, size=15, selectable=True,
                                            text_align=ft.TextAlign.CENTER,
                                            weight=ft.FontWeight.BOLD), label=url),
        ]
        addresses = app.invite_addresses()
        if len(addresses) > 1:
            controls.append(ft.Text(ui._("Other networks of this machine:"), size=13,
                                    color=ft.Colors.ON_SURFACE_VARIANT))
            controls.append(ft.Row([
                tag(ids.INVITE_NETWORK.format(n=i), ft.OutlinedButton(
                    content=ft.Text(a), on_click=ui.act(app.pick_invite_address, a)),
                    label=a, button=True, selected=url.startswith(f"http://{a}:"))
                for i, a in enumerate(addresses)], wrap=True, spacing=6, run_spacing=6))
    code = app.table_code()
    if code:
        controls += [
            section(ui._("Table code")),
            ft.Text(ui._("A phone that enters this code can keep score too:"), size=14),
            tag(ids.INVITE_CODE, ft.Text(f"{code[:3]} {code[3:]}", size=40,
                                         weight=ft.FontWeight.BOLD,
                                         text_align=ft.TextAlign.CENTER), label=code),
        ]
    return view(ui, "invite", app_bar(ui, ui._("Invite phones")), controls)


def invite_button(ui: Ui) -> ft.Control | None:
    """The sheet's "Invite phones" action (the host, on --lan only)."""
    if not ui.app.can_invite:
        return None
    return tag(ids.INVITE, ft.IconButton(ft.Icons.QR_CODE_2, tooltip=ui._("Invite phones"),
                                         on_click=ui.act(ui.app.invite)),
               label=ui._("Invite phones"), button=True)


def keep_awake_switch(ui: Ui) -> ft.Control:
    app = ui.app
    text = ui._("Keep the screen on during a game")

    def changed(e: Any) -> None:
        run(app, app.set_keep_awake, bool(value_of(e)))
        ui.refresh()

    return tag(ids.KEEP_AWAKE, ft.Switch(label=text, value=app.keep_awake, on_change=changed),
               label=text, toggled=app.keep_awake)


SCREENS = {"table": table, "lobby": lobby, "invite": invite}
