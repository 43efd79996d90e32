"""The score sheet's table: up to five players one column each (totals pinned on top), six
to eleven the sheet on its side (one row per player, names and totals fixed, the hands
scrolling beside them); the running total under every score; who leads, who is tied, who
has reached the target, in words. Every number comes from the rules."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import flet as ft

from ... import rules
from ...formats.share import HOUSE_RULES
from .. import ids
from ..text.house_words import HALVED_MARK, JACK, JACK_MARK, house_summary, token_words
from .palette import seat_colour
from .textwidth import SLACK, fit_name, widest
from .widgets import Ui, signed, tag
from ..text.words import DIRECTION_ICON

NUM_COL = 32
FIT = 5  # up to this many players, one column each; more: one row each (the sheet on its side)
# on its side: the fixed name and totals columns, at most (each is as wide as its widest
# name or total needs, so a name takes what the totals do not), with the row's padding
# (6 + 6), the seat's colour bar (4) and the gaps (4 + 4)
NAME_COL = 112
TOTAL_COL = 44
SIDE_EXTRA = 24
NAME_SIZE, NAME_SMALLER = 14, 13  # a name that does not fit shrinks one step, then wraps
HAND_COL = 42  # on its side: one hand's column (these scroll sideways, names and totals stay)
SIDE_ROW = 40  # on its side: the height of one player's row (two lines of a long name)
SIDE_HEAD = 34  # on its side: the hand numbers' row
SIDE_TOTAL = 18  # on its side: a total's size (with its mark under it, in a row's height)
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
        rows.append(note(ui, ui._("Small numbers: the running total after each hand.")))
    if not st.hands:
        rows.append(ft.Container(ft.Text(ui._("No hands yet."),
                                         color=ft.Colors.ON_SURFACE_VARIANT),
                                 padding=ft.Padding(4, 8, 0, 8)))
    elif not read_only:
        rows.append(note(ui, ui._("Tap a hand to change or delete it.")))
    return pinned, ft.Column(rows, spacing=4)


def note(ui: Ui, text: str) -> ft.Control:
    """A line under the table, the same control from one drawing to the next."""
    return ui.memo(("note", ui.session.route.url(), text), lambda: ft.Text(text, size=13,
                                                   color=ft.Colors.ON_SURFACE_VARIANT))


def standing_marks(ui: Ui, game: rules.Game, st: rules.GameState, seat: int) -> list[ft.Control]:
    """What the rules say of a player's place now, in words: "leads", "tied" (for the
    lowest total), a flag once at or past the target; the trophy is only for the winner of
    a finished game. They sit beside the name, so their labels do not say it again."""
    return marks_drawn(ui, seat, standing_of(game, st, seat))


def standing_of(game: rules.Game, st: rules.GameState, seat: int) -> tuple[str | None, bool]:
    """A player's marks as data: ("won", "leads", "tied" or None; at the target)."""
    place = None
    if st.game_over:
        if seat in st.winners:  # a shared win: every winner
            place = "won"
    elif game.hands and seat in st.leaders:
        place = "leads" if len(st.leaders) == 1 else "tied"
    return place, seat in rules.at_target(st.totals, game.rules.target)


def marks_drawn(ui: Ui, seat: int, standing: tuple[str | None, bool]) -> list[ft.Control]:
    place, at_target = standing
    marks: list[ft.Control] = []
    small = dict(size=11, weight=ft.FontWeight.BOLD, max_lines=1,
                 overflow=ft.TextOverflow.ELLIPSIS)
    if place == "won":
        marks.append(tag(ids.LEADER.format(seat=seat), ft.Icon(
            ft.Icons.EMOJI_EVENTS, size=16, color=ft.Colors.AMBER_700),
            label=ui._("Won the game")))
    elif place is not None:
        if place == "leads":
            word, label = ui._("leads"), ui._("Leads with the lowest total")
        else:
            word, label = ui._("tied"), ui._("Tied for the lowest total")
        marks.append(tag(ids.LEADER.format(seat=seat), ft.Text(
            word, color=ft.Colors.PRIMARY, **small), label=label, exclude_semantics=True))
    if at_target:
        marks.append(tag(ids.AT_TARGET.format(seat=seat), ft.Icon(
            ft.Icons.FLAG, size=14, color=ft.Colors.ERROR),
            label=ui._("Reached the target")))
    return marks


def score_cell(ui: Ui, game: rules.Game, hs: rules.HandScore, number: int, seat: int,
               running: int, expand: bool | None = None) -> ft.Control:
    """One player's score in one hand, the running total after it in small print below
    (``expand``: an equal share of its row, with no wrapper of its own)."""
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
        # the column centres it: no Container of its own (a hand's row is the save's
        # new controls, each one more for Flet to register and the phone to lay out)
        tag(ids.CELL.format(n=number, seat=seat), content),
        *house_marks(ui, game, hs, number, seat),
        tag(ids.RUNNING.format(n=number, seat=seat), ft.Text(
            signed(running), size=11, color=ft.Colors.ON_SURFACE_VARIANT,
            text_align=ft.TextAlign.CENTER),
            label=ui._("{player}: total {n} after hand {hand}", player=game.players[seat],
                       n=running, hand=number), exclude_semantics=True),
    ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER, expand=expand)


def house_marks(ui: Ui, game: rules.Game, hs: rules.HandScore, number: int, seat: int
                ) -> list[ft.Control]:
    """The house rules' changes to a player's score in a hand, as the rules made them:
    "−10 J♦" for the J♦'s taker, "100 → 50" for a total back from the target."""
    marks = []
    name = game.players[seat]
    for change in hs.adjustments:
        if change.seat != seat:
            continue
        if change.reached is None:
            text = f"{signed(change.points)} {ui._(JACK)}"
            label = ui._(JACK_MARK, player=name)
        else:
            text = f"{change.reached} → {change.back_to}"
            label = ui._(HALVED_MARK, player=name, target=change.reached, back=change.back_to)
        marks.append(tag(ids.HOUSE_MARK.format(n=number, seat=seat, rule=change.rule), ft.Text(
            text, size=10, weight=ft.FontWeight.BOLD, color=ft.Colors.TERTIARY, max_lines=1,
            text_align=ft.TextAlign.CENTER), label=label))
    return marks


def house_line(ui: Ui, game: rules.Game) -> ft.Control | None:
    """The table's house rules in one line under the target (None: it plays none)."""
    if not game.rules.house:
        return None
    text = f"{ui._(HOUSE_RULES)}: {house_summary(ui, game.rules, moon=False)}"
    return tag(ids.HOUSE_LINE, ft.Text(text, size=13, color=ft.Colors.ON_SURFACE_VARIANT))


def hand_label(ui: Ui, game: rules.Game, hs: rules.HandScore, number: int) -> tuple[str, Any]:
    info = rules.hand_info(game, number)
    direction = token_words(ui, info.pass_token)
    if hs.moon is not None:
        moon = ui._("{player} shot the moon", player=game.players[hs.moon.player])
        return ui._("Hand {hand}, {direction}. {moon}", hand=number, direction=direction,
                    moon=moon), info
    return ui._("Hand {hand}, {direction}", hand=number, direction=direction), info


def columns_sheet(ui: Ui, game: rules.Game, st: rules.GameState,
                  edit: Callable[[int], Callable] | None) -> tuple[list[ft.Control], ft.Control]:
    """Up to FIT players: one column each, the totals pinned on top while the hands
    scroll under them."""
    header_cells = [ui.memo(header_key(ui, game, st, "column", seat),
                            lambda s=seat: column_header(ui, game, st, s))
                    for seat in range(game.seats)]
    header = ft.Row([ft.Container(width=NUM_COL)] + header_cells, spacing=COLUMN_GAP)
    pinned = [ft.Container(header, padding=ft.Padding(COLUMN_SIDES, 4, COLUMN_SIDES, 4))]
    rows = [ui.memo(row_key(ui, game, "column", number, hs, running, edit),
                    lambda n=number, h=hs, r=running: column_row(ui, game, n, h, r, edit))
            for number, (hs, running) in enumerate(zip(st.hands, rules.running_totals(game)), 1)]
    return pinned, ft.Column(rows, spacing=2)


COLUMN_GAP = 2
COLUMN_SIDES = 24  # the header's padding: the body's 16 and the card's 8, so columns align


def leads(game: rules.Game, st: rules.GameState, seat: int) -> bool:
    return not st.game_over and seat in st.leaders and bool(game.hands)


def header_key(ui: Ui, game: rules.Game, st: rules.GameState, layout: str, seat: int,
               *more: Any) -> tuple[Any, ...]:
    """Everything a player's name and total show (none of them takes a tap), so a seat
    whose total and marks a save left as they were keeps the very same controls
    (widgets.Ui.memo): Flet's diff neither walks nor sends them."""
    return (layout, ui.session.route.url(), ui.session.language, game.seats, seat,
            game.players[seat],
            st.totals[seat], leads(game, st, seat), standing_of(game, st, seat), *more)


def column_header(ui: Ui, game: rules.Game, st: rules.GameState, seat: int) -> ft.Control:
    """A player's name over their column, their colour and total, their marks above."""
    name, lead = game.players[seat], leads(game, st, seat)
    return tag(ids.PLAYER_HEADER.format(seat=seat), ft.Container(ft.Column([
        ft.Row(standing_marks(ui, game, st, seat), spacing=2, height=18, tight=True,
               alignment=ft.MainAxisAlignment.CENTER),
        column_name(seat, name, game.seats),
        ft.Container(height=3, width=28, bgcolor=seat_colour(seat), border_radius=2),
        total_text(ui, st, seat, name, 26, lead),
    ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        padding=ft.Padding(2, 4, 2, 4), expand=True, border_radius=10,
        bgcolor=ft.Colors.PRIMARY_CONTAINER if lead else None), expand=True)


def column_name(seat: int, name: str, seats: int) -> ft.Control:
    """A name over its column: one line if it fits at 360 px, else one size smaller,
    else on two lines (Flutter breaks a long word where it must); the whole name is
    always its spoken label."""
    room = (360 - 2 * COLUMN_SIDES - NUM_COL) / seats - COLUMN_GAP - 4
    shown, size, lines = fit_name(name, room, NAME_SMALLER, NAME_SMALLER - 1)
    return tag(ids.SHEET_NAME.format(seat=seat), ft.Text(
        shown, size=size, max_lines=lines, overflow=ft.TextOverflow.ELLIPSIS,
        text_align=ft.TextAlign.CENTER, weight=ft.FontWeight.BOLD), label=name,
        exclude_semantics=True)


def row_key(ui: Ui, game: rules.Game, layout: str, number: int, hs: rules.HandScore,
            running: tuple[int, ...], edit: Callable | None) -> tuple[Any, ...]:
    """Everything a hand's row shows and does (its tap opens hand ``number`` of the game
    at this address), so an unchanged row is the same control from one drawing to the
    next (widgets.Ui.memo)."""
    return (layout, ui.session.route.url(), ui.session.language, replace(game, hands=()),
            number, hs, tuple(running), edit is not None)


def hand_number(number: int, info: Any) -> ft.Control:
    """A hand's number and pass arrow, as drawn: the row's label says both in words."""
    return ft.Semantics(exclude_semantics=True, content=ft.Column([
        ft.Text(str(number), size=13, weight=ft.FontWeight.BOLD),
        ft.Icon(DIRECTION_ICON[info.direction], size=14),
    ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER))


def column_row(ui: Ui, game: rules.Game, number: int, hs: rules.HandScore,
               running: tuple[int, ...], edit: Callable[[int], Callable] | None) -> ft.Control:
    label, info = hand_label(ui, game, hs, number)
    cells = [score_cell(ui, game, hs, number, seat, running[seat], expand=True)
             for seat in range(game.seats)]
    row = ft.Container(ft.Row([
        ft.Container(hand_number(number, info), width=NUM_COL),
        *cells], spacing=COLUMN_GAP), padding=ft.Padding(0, 4, 0, 4), border_radius=8,
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


def side_widths(ui: Ui, game: rules.Game, st: rules.GameState) -> tuple[int, int]:
    """The name and totals columns of the sheet on its side: the totals as wide as the
    widest total or mark needs, the names what their widest one needs (at most what
    leaves SIDE_HANDS_SHOWN hands in view at 360 px with the totals' room)."""
    marks = [ui._("leads"), ui._("tied")]
    total = max(widest([signed(t) for t in st.totals], SIDE_TOTAL), widest(marks, 11)) + SLACK
    total = math.ceil(min(max(total, 30), TOTAL_COL + 16))
    room = NAME_COL + TOTAL_COL - total
    name = int(min(math.ceil(widest(game.players, NAME_SIZE) + SLACK), room))
    return max(name, 48), total


def side_name(seat: int, name: str, room: int) -> ft.Control:
    shown, size, lines = fit_name(name, room, NAME_SIZE, NAME_SMALLER)
    return tag(ids.SHEET_NAME.format(seat=seat), ft.Text(
        shown, size=size, weight=ft.FontWeight.BOLD, max_lines=lines,
        overflow=ft.TextOverflow.ELLIPSIS, width=room), label=name, exclude_semantics=True)


def side_sheet(ui: Ui, game: rules.Game, st: rules.GameState,
               edit: Callable[[int], Callable] | None) -> ft.Control:
    """6 to 11 players: the sheet on its side, one row per player. Names and totals stay
    put on the left, every one on the screen at 360 px; the hands scroll sideways beside
    them, the latest first, right beside the totals (scrolled to the end, the first
    column in view was cut in half by the divider)."""
    name_w, total_w = side_widths(ui, game, st)
    width = name_w + total_w + SIDE_EXTRA
    hint = None
    if len(game.hands) > SIDE_HANDS_SHOWN:  # the earlier hands are a swipe away: say so
        hint = ft.Text(ui._("Earlier hands: swipe →"), size=11, max_lines=2,
                       color=ft.Colors.ON_SURFACE_VARIANT)
    fixed: list[ft.Control] = [ft.Container(hint, height=SIDE_HEAD, width=width,
                                            padding=ft.Padding(6, 0, 6, 0),
                                            alignment=ft.Alignment.CENTER_LEFT)]
    fixed += [ui.memo(header_key(ui, game, st, "side", seat, name_w, total_w),
                      lambda s=seat: side_header(ui, game, st, s, name_w, total_w))
              for seat in range(game.seats)]
    hands = [ui.memo(row_key(ui, game, "side", number, hs, running, edit),
                     lambda n=number, h=hs, r=running: side_column(ui, game, n, h, r, edit))
             for number, (hs, running) in enumerate(zip(st.hands, rules.running_totals(game)), 1)]
    hands.reverse()  # the latest hand first, right beside the totals
    scroller = ft.Row(hands, spacing=0, scroll=ft.ScrollMode.AUTO, expand=True,
                      vertical_alignment=ft.CrossAxisAlignment.START)
    rule = ft.Container(width=1, height=SIDE_HEAD + SIDE_ROW * game.seats,
                        bgcolor=ft.Colors.OUTLINE_VARIANT)  # totals | hands
    return tag(ids.SIDE_SHEET, ft.Row([ft.Column(fixed, spacing=0), rule, scroller], spacing=3,
                                      vertical_alignment=ft.CrossAxisAlignment.START))


def side_header(ui: Ui, game: rules.Game, st: rules.GameState, seat: int, name_w: int,
                total_w: int) -> ft.Control:
    """On its side: a player's row of the fixed part (colour, name, total, marks)."""
    name, lead = game.players[seat], leads(game, st, seat)
    return tag(ids.PLAYER_HEADER.format(seat=seat), ft.Container(ft.Row([
        ft.Container(width=4, height=26, bgcolor=seat_colour(seat), border_radius=2),
        side_name(seat, name, name_w),
        ft.Column([total_text(ui, st, seat, name, SIDE_TOTAL, lead),
                   ft.Row(standing_marks(ui, game, st, seat), spacing=2,
                          alignment=ft.MainAxisAlignment.END)],
                  spacing=0, width=total_w, alignment=ft.MainAxisAlignment.CENTER,
                  horizontal_alignment=ft.CrossAxisAlignment.END),
    ], spacing=4), height=SIDE_ROW, width=name_w + total_w + SIDE_EXTRA,
        padding=ft.Padding(6, 0, 6, 0), border_radius=8,
        bgcolor=ft.Colors.PRIMARY_CONTAINER if lead else
        ft.Colors.SURFACE_CONTAINER_LOW if seat % 2 else None))


def side_column(ui: Ui, game: rules.Game, number: int, hs: rules.HandScore,
                running: tuple[int, ...], edit: Callable[[int], Callable] | None
                ) -> ft.Control:
    """One hand on the sheet on its side: its number and pass, then a score a player."""
    label, info = hand_label(ui, game, hs, number)
    column = ft.Container(ft.Column([
        ft.Container(hand_number(number, info), height=SIDE_HEAD,
                     alignment=ft.Alignment.CENTER),
        *[ft.Container(score_cell(ui, game, hs, number, seat, running[seat]),
                       height=SIDE_ROW, alignment=ft.Alignment.CENTER,
                       bgcolor=ft.Colors.SURFACE_CONTAINER_LOW if seat % 2 else None)
          for seat in range(game.seats)],
    ], spacing=0), width=HAND_COL, border_radius=8,
        on_click=edit(number) if edit else None, ink=edit is not None)
    # keyed by its hand: Flet matches the column to the one drawn before for that hand
    return tag(ids.HAND_ROW.format(n=number), column, label=label, button=edit is not None,
               key=f"hand-{number}")
