"""The score sheet's table: up to five players one column each (totals pinned on top), six
to eleven the sheet on its side (one row per player, names and totals fixed, the hands
scrolling beside them); the running total under every score; who leads, who is tied, who
has reached the target, in words. Every number comes from the rules."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import flet as ft

from .. import rules
from . import ids
from .palette import seat_colour
from .widgets import Ui, signed, tag
from .words import DIRECTION_ICON, DIRECTION_SHORT

NUM_COL = 40
FIT = 5  # up to this many players, one column each; more: one row each (the sheet on its side)
NAME_COL = 112  # on its side: the fixed name column
TOTAL_COL = 44  # on its side: the fixed totals column
HAND_COL = 42  # on its side: one hand's column (these scroll sideways, names and totals stay)
SIDE_ROW = 46  # on its side: the height of one player's row
SIDE_HANDS_SHOWN = 3  # on its side: hands always in view beside the totals at 360 px


def sheet_table(ui: Ui, game: rules.Game, st: rules.GameState, read_only: bool,
                edit: Callable[[int], Callable]) -> tuple[list[ft.Control] | None, ft.Control]:
    """The controls pinned on top (None: nothing) and the table, with its notes."""
    on_edit = None if read_only else edit
    if game.seats <= FIT:
        pinned, table = columns_sheet(ui, game, st, on_edit)
    else:
        pinned, table = None, side_sheet(ui, game, st, on_edit)
    rows: list[ft.Control] = [table]
    if game.hands:
        rows.append(ft.Text(ui._("Small numbers: the running total after each hand."),
                            size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    if not st.hands:
        rows.append(ft.Container(ft.Text(ui._("No hands yet."),
                                         color=ft.Colors.ON_SURFACE_VARIANT),
                                 padding=ft.Padding(4, 8, 0, 8)))
    elif not read_only:
        rows.append(ft.Text(ui._("Tap a hand to change or delete it."), size=13,
                            color=ft.Colors.ON_SURFACE_VARIANT))
    return pinned, ft.Column(rows, spacing=4)


def standing_marks(ui: Ui, game: rules.Game, st: rules.GameState, seat: int) -> list[ft.Control]:
    """What the rules say of a player's place now, in words: "leads", "tied" (for the
    lowest total), a flag once at or past the target; the trophy is only for the winner of
    a finished game. They sit beside the name, so their labels do not say it again."""
    marks: list[ft.Control] = []
    small = dict(size=11, weight=ft.FontWeight.BOLD, max_lines=1,
                 overflow=ft.TextOverflow.ELLIPSIS)
    if st.game_over:
        if seat == st.winner:
            marks.append(tag(ids.LEADER.format(seat=seat), ft.Icon(
                ft.Icons.EMOJI_EVENTS, size=16, color=ft.Colors.AMBER_700),
                label=ui._("Won the game")))
    elif game.hands and seat in st.leaders:
        if len(st.leaders) == 1:
            word, label = ui._("leads"), ui._("Leads with the lowest total")
        else:
            word, label = ui._("tied"), ui._("Tied for the lowest total")
        marks.append(tag(ids.LEADER.format(seat=seat), ft.Text(
            word, color=ft.Colors.PRIMARY, **small), label=label, exclude_semantics=True))
    if seat in rules.at_target(st.totals, game.rules.target):
        marks.append(tag(ids.AT_TARGET.format(seat=seat), ft.Icon(
            ft.Icons.FLAG, size=14, color=ft.Colors.ERROR),
            label=ui._("Reached the target")))
    return marks


def score_cell(ui: Ui, game: rules.Game, hs: rules.HandScore, number: int, seat: int,
               running: int) -> ft.Control:
    """One player's score in one hand, the running total after it in small print below."""
    score = hs.scores[seat]
    moon = hs.moon is not None and hs.moon.player == seat
    text = ft.Text(signed(score), size=16, text_align=ft.TextAlign.CENTER,
                   weight=ft.FontWeight.BOLD if moon else None,
                   color=ft.Colors.PRIMARY if moon else None)
    content: ft.Control = text
    if moon:  # a small moon beside the shooter's score, read out as who shot it
        note = ui._("{player} shot the moon", player=game.players[hs.moon.player])  # type: ignore[union-attr]
        mark = tag(ids.MOON_MARK.format(n=number), ft.Text(
            "☾", size=12, weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY), label=note)
        content = ft.Row([mark, text], spacing=1, tight=True,
                         alignment=ft.MainAxisAlignment.CENTER,
                         vertical_alignment=ft.CrossAxisAlignment.CENTER)
    return ft.Column([
        tag(ids.CELL.format(n=number, seat=seat), ft.Container(content,
                                                               alignment=ft.Alignment.CENTER)),
        tag(ids.RUNNING.format(n=number, seat=seat), ft.Text(
            signed(running), size=11, color=ft.Colors.ON_SURFACE_VARIANT,
            text_align=ft.TextAlign.CENTER),
            label=ui._("{player}: total {n} after hand {hand}", player=game.players[seat],
                       n=running, hand=number), exclude_semantics=True),
    ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER)


def hand_label(ui: Ui, game: rules.Game, hs: rules.HandScore, number: int) -> tuple[str, Any]:
    info = rules.hand_info(game, number)
    direction = ui._(DIRECTION_SHORT[info.direction])
    if hs.moon is not None:
        moon = ui._("{player} shot the moon", player=game.players[hs.moon.player])
        return ui._("Hand {hand}, {direction}. {moon}", hand=number, direction=direction,
                    moon=moon), info
    return ui._("Hand {hand}, {direction}", hand=number, direction=direction), info


def columns_sheet(ui: Ui, game: rules.Game, st: rules.GameState,
                  edit: Callable[[int], Callable] | None) -> tuple[list[ft.Control], ft.Control]:
    """Up to FIT players: one column each, the totals pinned on top while the hands
    scroll under them."""
    header_cells: list[ft.Control] = []
    for seat, name in enumerate(game.players):
        lead = not st.game_over and seat in st.leaders and bool(game.hands)
        header_cells.append(tag(ids.PLAYER_HEADER.format(seat=seat), ft.Container(ft.Column([
            ft.Row(standing_marks(ui, game, st, seat), spacing=2, height=18, tight=True,
                   alignment=ft.MainAxisAlignment.CENTER),
            ft.Text(name, size=13, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS,
                    text_align=ft.TextAlign.CENTER, weight=ft.FontWeight.BOLD),
            ft.Container(height=3, width=28, bgcolor=seat_colour(seat), border_radius=2),
            total_text(ui, st, seat, name, 26, lead),
        ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            padding=ft.Padding(2, 4, 2, 4), expand=True, border_radius=10,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if lead else None), expand=True))
    header = ft.Row([ft.Container(width=NUM_COL)] + header_cells, spacing=4)
    pinned = [ft.Container(header, padding=ft.Padding(24, 4, 24, 4))]
    rows = [ui.memo(row_key(ui, game, "column", number, hs, running, edit),
                    lambda n=number, h=hs, r=running: column_row(ui, game, n, h, r, edit))
            for number, (hs, running) in enumerate(zip(st.hands, rules.running_totals(game)), 1)]
    return pinned, ft.Column(rows, spacing=2)


def row_key(ui: Ui, game: rules.Game, layout: str, number: int, hs: rules.HandScore,
            running: tuple[int, ...], edit: Callable | None) -> tuple[Any, ...]:
    """Everything a hand's row shows and does (its tap opens hand ``number`` of the game
    at this address), so an unchanged row is the same control from one drawing to the
    next (widgets.Ui.memo)."""
    return (layout, ui.session.route.url(), ui.session.language, replace(game, hands=()),
            number, hs, tuple(running), edit is not None)


def column_row(ui: Ui, game: rules.Game, number: int, hs: rules.HandScore,
               running: tuple[int, ...], edit: Callable[[int], Callable] | None) -> ft.Control:
    label, info = hand_label(ui, game, hs, number)
    cells = [ft.Container(score_cell(ui, game, hs, number, seat, running[seat]),
                          expand=True) for seat in range(game.seats)]
    row = ft.Container(ft.Row([
        ft.Container(ft.Column([
            ft.Text(str(number), size=13, weight=ft.FontWeight.BOLD),
            ft.Icon(DIRECTION_ICON[info.direction], size=14),
        ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER), width=NUM_COL),
        *cells], spacing=4), padding=ft.Padding(0, 4, 0, 4), border_radius=8,
        on_click=edit(number) if edit else None, ink=edit is not None)
    # keyed by its hand: Flet matches the row to the one drawn before for that hand
    return tag(ids.HAND_ROW.format(n=number), row, label=label, button=edit is not None,
               key=f"hand-{number}")


def total_text(ui: Ui, st: rules.GameState, seat: int, name: str, size: int,
               lead: bool) -> ft.Control:
    total = st.totals[seat]
    return tag(ids.TOTAL.format(seat=seat), ft.Text(
        signed(total), size=size, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER,
        color=ft.Colors.PRIMARY if lead else None),
        label=ui._n("{player}: {n} point", "{player}: {n} points", total, player=name))


def side_sheet(ui: Ui, game: rules.Game, st: rules.GameState,
               edit: Callable[[int], Callable] | None) -> ft.Control:
    """6 to 11 players: the sheet on its side, one row per player. Names and totals stay
    put on the left, every one on the screen at 360 px; the hands scroll sideways beside
    them, the latest in view."""
    hint = None
    if len(game.hands) > SIDE_HANDS_SHOWN:  # the earlier hands are a swipe away: say so
        hint = ft.Text(ui._("← Swipe the hands for earlier ones"), size=11, max_lines=3,
                       color=ft.Colors.ON_SURFACE_VARIANT)
    fixed: list[ft.Control] = [ft.Container(hint, height=SIDE_ROW, width=NAME_COL + TOTAL_COL,
                                            padding=ft.Padding(6, 0, 6, 0),
                                            alignment=ft.Alignment.CENTER_LEFT)]
    for seat, name in enumerate(game.players):
        lead = not st.game_over and seat in st.leaders and bool(game.hands)
        fixed.append(tag(ids.PLAYER_HEADER.format(seat=seat), ft.Container(ft.Row([
            ft.Container(width=4, height=26, bgcolor=seat_colour(seat), border_radius=2),
            ft.Column([
                ft.Text(name, size=14, weight=ft.FontWeight.BOLD, max_lines=1,
                        overflow=ft.TextOverflow.ELLIPSIS),
                ft.Row(standing_marks(ui, game, st, seat), spacing=4, height=14),
            ], spacing=0, expand=True, alignment=ft.MainAxisAlignment.CENTER),
            ft.Container(total_text(ui, st, seat, name, 20, lead), width=TOTAL_COL,
                         alignment=ft.Alignment.CENTER_RIGHT),
        ], spacing=2), height=SIDE_ROW, width=NAME_COL + TOTAL_COL,
            padding=ft.Padding(6, 0, 6, 0), border_radius=8,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if lead else
            ft.Colors.SURFACE_CONTAINER_LOW if seat % 2 else None)))
    hands = [ui.memo(row_key(ui, game, "side", number, hs, running, edit),
                     lambda n=number, h=hs, r=running: side_column(ui, game, n, h, r, edit))
             for number, (hs, running) in enumerate(zip(st.hands, rules.running_totals(game)), 1)]
    scroller = ft.Row(hands, spacing=0, scroll=ft.ScrollMode.AUTO, auto_scroll=True,
                      expand=True, vertical_alignment=ft.CrossAxisAlignment.START)
    rule = ft.Container(width=1, height=SIDE_ROW * (game.seats + 1),
                        bgcolor=ft.Colors.OUTLINE_VARIANT)  # totals | hands
    return tag(ids.SIDE_SHEET, ft.Row([ft.Column(fixed, spacing=0), rule, scroller], spacing=3,
                                      vertical_alignment=ft.CrossAxisAlignment.START))


def side_column(ui: Ui, game: rules.Game, number: int, hs: rules.HandScore,
                running: tuple[int, ...], edit: Callable[[int], Callable] | None) -> ft.Control:
    """One hand of the sheet on its side: its number and pass, then each player's score."""
    label, info = hand_label(ui, game, hs, number)
    column = ft.Container(ft.Column([
        ft.Container(ft.Column([
            ft.Text(str(number), size=13, weight=ft.FontWeight.BOLD),
            ft.Icon(DIRECTION_ICON[info.direction], size=14),
        ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            height=SIDE_ROW, alignment=ft.Alignment.CENTER),
        *[ft.Container(score_cell(ui, game, hs, number, seat, running[seat]),
                       height=SIDE_ROW, alignment=ft.Alignment.CENTER,
                       bgcolor=ft.Colors.SURFACE_CONTAINER_LOW if seat % 2 else None)
          for seat in range(game.seats)],
    ], spacing=0), width=HAND_COL, border_radius=8,
        on_click=edit(number) if edit else None, ink=edit is not None)
    return tag(ids.HAND_ROW.format(n=number), column, label=label, button=edit is not None,
               key=f"hand-{number}")
