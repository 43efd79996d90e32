"""The score sheet: totals on top (lowest marked), one row per hand, the next hand's
banner (dealer, passes, lead), target and distance; game over with standings."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import flet as ft

from ... import rules
from .. import chart, ids
from ..i18n import N_
from ..palette import seat_colour
from ..sharing import share_row
from ..routes import Changes, Hand, NewGame, Route, Sheet
from ..widgets import TAP, Ui, app_bar, big_button, card_span, error_box, frame, signed, tag
from ..words import DIRECTION, DIRECTION_ICON, DIRECTION_SHORT, MOON_RULE_NAME, VARIANT_NAME
from . import load_game

if TYPE_CHECKING:
    from ..session import Session


class Model:
    def __init__(self, session: Session, route: Route) -> None:
        assert isinstance(route, Sheet)
        self.session = session
        self.read_only = route.read_only
        self.chart = route.chart
        self.game = load_game(session, route.id)
        self.state = rules.state(self.game.game)

    def follows(self, game_id: str) -> bool:
        return game_id == self.game.id

    def enter_hand(self) -> None:
        self.session.navigate(Hand(self.game.id))

    def edit_hand(self, number: int) -> None:
        if not self.read_only:
            self.session.navigate(Hand(self.game.id, number))

    def show_chart(self, chart: bool) -> None:
        """Switch between the table of hands and the score chart (kept in the address)."""
        self.session.navigate(Sheet(self.game.id, self.read_only, chart), replace=True)

    def rematch(self) -> None:
        self.session.navigate(NewGame(rematch_of=self.game.id))


COL = 64  # width of one player's column when they do not all fit the screen
NUM_COL = 40
FIT = 5  # up to this many players the columns share the width of the screen


class Columns:
    """One column per player: sharing the screen's width up to FIT players, else fixed
    width (the table then scrolls sideways)."""

    def __init__(self, seats: int) -> None:
        self.fit = seats <= FIT

    def cell(self, content: ft.Control, **kw: Any) -> ft.Control:
        return ft.Container(content, width=None if self.fit else COL, expand=self.fit, **kw)


def header(ui: Ui, game: rules.Game, st: rules.GameState, cols: Columns) -> ft.Control:
    """The players' names and totals, the lowest marked."""
    cells = []
    for seat, name in enumerate(game.players):
        leader = seat in st.leaders and bool(game.hands)
        total = st.totals[seat]
        mark = tag(ids.LEADER.format(seat=seat),
                   ft.Icon(ft.Icons.EMOJI_EVENTS, size=18, color=ft.Colors.AMBER_700),
                   label=ui._("Lowest total")) if leader else ft.Container(height=18)
        cells.append(tag(ids.PLAYER_HEADER.format(seat=seat), cols.cell(ft.Column([
            mark,
            ft.Text(name, size=13, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS,
                    text_align=ft.TextAlign.CENTER, weight=ft.FontWeight.BOLD),
            ft.Container(height=3, width=28, bgcolor=seat_colour(seat), border_radius=2),
            tag(ids.TOTAL.format(seat=seat), ft.Text(
                signed(total), size=26, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER,
                color=ft.Colors.PRIMARY if leader else None),
                label=ui._n("{player}: {n} point", "{player}: {n} points", total,
                            player=name)),
        ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            padding=ft.Padding(2, 4, 2, 4),
            bgcolor=ft.Colors.PRIMARY_CONTAINER if leader else None, border_radius=10),
            label=name, expand=cols.fit))
    return ft.Row([ft.Container(width=NUM_COL)] + cells, spacing=4)


def hand_row(ui: Ui, model: Model, number: int, hs: rules.HandScore, cols: Columns
             ) -> ft.Control:
    """One played hand: its number and pass, each player's score (a moon marked)."""
    game, read_only = model.game.game, model.read_only
    info = rules.hand_info(game, number)
    cells = []
    moon_note = None
    if hs.moon is not None:
        moon_note = ui._("{player} shot the moon", player=game.players[hs.moon.player])
    for seat, score in enumerate(hs.scores):
        moon = hs.moon is not None and hs.moon.player == seat
        text = ft.Text(signed(score), size=17, text_align=ft.TextAlign.CENTER,
                       weight=ft.FontWeight.BOLD if moon else None,
                       color=ft.Colors.PRIMARY if moon else None)
        content: ft.Control = text
        if moon:  # a small moon beside the shooter's score, read out as who shot it
            mark = tag(ids.MOON_MARK.format(n=number), ft.Text(
                "☾", size=13, weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY),
                label=moon_note)
            content = ft.Row([mark, text], spacing=2, tight=True,
                             alignment=ft.MainAxisAlignment.CENTER,
                             vertical_alignment=ft.CrossAxisAlignment.CENTER)
        cells.append(tag(ids.CELL.format(n=number, seat=seat), cols.cell(
            content, alignment=ft.Alignment.CENTER), expand=cols.fit))
    direction = ui._(DIRECTION_SHORT[info.direction])
    if moon_note:
        label = ui._("Hand {hand}, {direction}. {moon}", hand=number, direction=direction,
                     moon=moon_note)
    else:
        label = ui._("Hand {hand}, {direction}", hand=number, direction=direction)
    row = ft.Container(ft.Row([
        ft.Container(ft.Column([
            ft.Text(str(number), size=13, weight=ft.FontWeight.BOLD),
            ft.Icon(DIRECTION_ICON[info.direction], size=14, tooltip=direction),
        ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER), width=NUM_COL),
        *cells], spacing=4), padding=ft.Padding(0, 4, 0, 4), border_radius=8,
        on_click=None if read_only else ui.act(model.edit_hand, number), ink=not read_only,
        tooltip=moon_note)
    return tag(ids.HAND_ROW.format(n=number), row, label=label, button=not read_only)


def table(ui: Ui, model: Model, cols: Columns, head: ft.Control) -> ft.Control:
    """Every hand played (and the totals, when they are not pinned on top)."""
    st = model.state
    rows: list[ft.Control] = [] if cols.fit else [head, ft.Divider(height=1)]
    rows += [hand_row(ui, model, number, hs, cols) for number, hs in enumerate(st.hands, 1)]
    if not st.hands:
        rows.append(ft.Container(ft.Text(ui._("No hands yet."),
                                         color=ft.Colors.ON_SURFACE_VARIANT),
                                 padding=ft.Padding(NUM_COL, 8, 0, 8)))
    elif not model.read_only:
        rows.append(ft.Container(ft.Text(ui._("Tap a hand to change or delete it."), size=13,
                                         color=ft.Colors.ON_SURFACE_VARIANT),
                                 padding=ft.Padding(4, 6, 0, 0)))
    if cols.fit:
        return ft.Column(rows, spacing=2)
    return ft.Row([ft.Column(rows, spacing=2)], scroll=ft.ScrollMode.AUTO)


def top_boxes(ui: Ui, model: Model) -> list[ft.Control | None]:
    """Above the table: errors, read-only, game over or the next hand, the target."""
    game, st = model.game.game, model.state
    top: list[ft.Control | None] = [error_box(ui, ui.session.error)]
    if model.read_only:
        top.append(tag(ids.READ_ONLY, ft.Text(ui._("Read only: open from the home screen "
                                                   "to play on."),
                                              color=ft.Colors.ON_SURFACE_VARIANT)))
    if st.game_over:
        top.append(game_over_card(ui, model, game, st))
    else:
        if st.standing.tie_for_lowest:
            top.append(tag(ids.TIE, ft.Container(ft.Row([
                ft.Icon(ft.Icons.BALANCE, color=ft.Colors.ON_TERTIARY_CONTAINER),
                ft.Text(ui._("Tie for lowest: play another hand"), size=16,
                        weight=ft.FontWeight.BOLD, color=ft.Colors.ON_TERTIARY_CONTAINER,
                        expand=True)]), bgcolor=ft.Colors.TERTIARY_CONTAINER,
                border_radius=12, padding=12), live_region=True))
        top.append(banner(ui, game, st))
    top.append(target_info(ui, game, st))
    top.append(sheet_tabs(ui, model))
    return top


def view(ui: Ui, model: Model) -> ft.View:
    st = model.state
    cols = Columns(model.game.game.seats)
    head = header(ui, model.game.game, st, cols)
    # Up to FIT players the totals stay pinned on top while the hands scroll under them.
    pinned = [ft.Container(head, padding=ft.Padding(24, 4, 24, 4))] if cols.fit else None
    if model.chart:
        shown: ft.Control = chart.score_chart(chart.chart_model(model.game.game),
                                              ui.session.tr)
    else:
        shown = table(ui, model, cols, head)
    controls = top_boxes(ui, model) + [ft.Card(ft.Container(shown, padding=8), margin=0),
                                       share_row(ui, model.game)]
    changes = tag(ids.CHANGE_LOG, ft.IconButton(ft.Icons.RECEIPT_LONG_OUTLINED,
                                                tooltip=ui._("Changes"),
                                                on_click=ui.go(Changes(model.game.id))),
                  label=ui._("Changes"), button=True)
    bottom = None
    if not st.game_over and not model.read_only:
        assert st.next_hand is not None
        text = ui._("Enter hand {hand}", hand=st.next_hand.number)
        bottom = [big_button(ui, ids.ENTER_HAND, text, ui.act(model.enter_hand),
                             ft.Icons.EDIT_NOTE)]
    return frame(ui, "sheet", app_bar(ui, ui._("Score sheet"), actions=[changes]), controls,
                 bottom=bottom, top=pinned, error=False)


SHEET_TABS = ((False, N_("Hands"), ft.Icons.TABLE_ROWS_OUTLINED),
              (True, N_("Chart"), ft.Icons.SHOW_CHART))


def sheet_tabs(ui: Ui, model: Model) -> ft.Control:
    """The switch between the hands (the score table) and the chart."""
    buttons = []
    for is_chart, text, icon in SHEET_TABS:
        picked = model.chart == is_chart
        cls = ft.FilledTonalButton if picked else ft.TextButton
        buttons.append(tag(ids.SHEET_TAB.format(mode="chart" if is_chart else "table"), cls(
            content=ft.Text(ui._(text), size=15), icon=icon, height=TAP, expand=True,
            on_click=ui.act(model.show_chart, is_chart)), label=ui._(text), button=True,
            selected=picked, expand=True))
    return ft.Row(buttons, spacing=8)


def target_info(ui: Ui, game: rules.Game, st: rules.GameState) -> ft.Control:
    target = game.rules.target
    to_go = rules.points_to_target(st.totals, target)
    if to_go > 0:
        text = ui._n("Target {target}: the highest total is {n} point away.",
                     "Target {target}: the highest total is {n} points away.",
                     to_go, target=target)
    else:
        text = ui._("Target {target} reached.", target=target)
    variant = ui._(VARIANT_NAME[game.rules.variant])
    moon = ui._(MOON_RULE_NAME[game.rules.moon])
    return tag(ids.TARGET_INFO, ft.Column([
        ft.Row([ft.Icon(ft.Icons.FLAG_OUTLINED, size=18), ft.Text(text, size=15, expand=True)]),
        ft.Text(ui._("{variant} · moon: {moon}", variant=variant, moon=moon), size=13,
                color=ft.Colors.ON_SURFACE_VARIANT),
    ], spacing=2))


def banner(ui: Ui, game: rules.Game, st: rules.GameState) -> ft.Control:
    n = st.next_hand
    assert n is not None
    names = game.players
    lines: list[ft.Control] = [
        ft.Text(ui._("Hand {hand}: {dealer} deals", hand=n.number, dealer=names[n.dealer]),
                size=19, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_PRIMARY_CONTAINER),
    ]
    direction = ui._(DIRECTION[n.direction])
    lines.append(ft.Row([ft.Icon(DIRECTION_ICON[n.direction], size=20,
                                 color=ft.Colors.ON_PRIMARY_CONTAINER),
                         ft.Text(direction, size=16, weight=ft.FontWeight.BOLD,
                                 color=ft.Colors.ON_PRIMARY_CONTAINER)]))
    if n.passes:
        pairs = [ui._("{giver} → {receiver}", giver=names[a], receiver=names[b])
                 for a, b in n.passes.items()]
        lines.append(ft.Row([ft.Container(ft.Text(p, size=14), bgcolor=ft.Colors.SURFACE,
                                          border_radius=8, padding=ft.Padding(8, 4, 8, 4))
                             for p in pairs], wrap=True, spacing=6, run_spacing=6))
    if n.first_lead is not None:
        lead = ft.Row([card_span(n.first_lead, 17),
                       ft.Text(ui._("leads the first trick"), size=15,
                               color=ft.Colors.ON_PRIMARY_CONTAINER)], spacing=6)
    else:
        lead = ft.Text(ui._("{player} leads the first trick (no heart, no queen of spades)",
                            player=names[n.first_leader]), size=15,  # type: ignore[index]
                       color=ft.Colors.ON_PRIMARY_CONTAINER)
    lines.append(lead)
    if game.rules.queen_breaks_hearts:
        lines.append(ft.Text(ui._("The queen of spades breaks hearts."), size=13,
                             color=ft.Colors.ON_PRIMARY_CONTAINER))
    return tag(ids.BANNER, ft.Container(ft.Column(lines, spacing=6),
                                        bgcolor=ft.Colors.PRIMARY_CONTAINER, border_radius=16,
                                        padding=16), live_region=True)


def game_over_card(ui: Ui, model: Model, game: rules.Game, st: rules.GameState
                   ) -> ft.Control:
    names = game.players
    winner = names[st.winner]  # type: ignore[index]
    order = rules.standings_order(st.totals)
    standings = []
    places = rules.places(st.totals)
    for row, seat in enumerate(order, 1):
        # shared totals share a place (1, 2, 2, 4); the identifier is the row
        place = places[seat]
        standings.append(tag(ids.STANDING.format(place=row), ft.Row([
            ft.Text(f"{place}.", width=28, size=16),
            ft.Text(names[seat], size=16, expand=True,
                    weight=ft.FontWeight.BOLD if place == 1 else None),
            ft.Text(signed(st.totals[seat]), size=16, weight=ft.FontWeight.BOLD),
        ])))
    content = ft.Column([
        tag(ids.WINNER, ft.Row([ft.Icon(ft.Icons.EMOJI_EVENTS, size=36, color=ft.Colors.AMBER_700),
                                ft.Text(ui._("{winner} wins!", winner=winner), size=24,
                                        weight=ft.FontWeight.BOLD, expand=True)])),
        ft.Text(ui._("Game over. Final standings:"), size=15),
        *standings,
        big_button(ui, ids.REMATCH, ui._("Rematch"), ui.act(model.rematch), ft.Icons.REPLAY),
    ], spacing=6)
    return tag(ids.GAME_OVER, ft.Container(content, bgcolor=ft.Colors.SECONDARY_CONTAINER,
                                           border_radius=16, padding=16), live_region=True)
