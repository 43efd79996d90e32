"""The score sheet: totals on top (lowest marked), one row per hand, the next hand's
banner (dealer, passes, lead), target and distance; game over with standings."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from ... import rules
from ..views import chart
from .. import ids
from ..text.i18n import N_
from ..views.passes import pass_chips
from ..registry import app_game
from ..routes import Changes, NewGame, Route, Sheet
from ..views.sharing import share_row
from .show_game import button as show_button
from ..views.seat_change import SeatForm, CHANGED, change_button, change_card, history_lines, seated
from ..table.table_roles import can_invite
from ..text.messages import Msg, rules_error
from ...formats.share import join_names
from ...rules import RulesError
from ...store import StaleGameError
from ..text.house_words import SHARED_WIN, pass_name
from ..views.rules_card import rules_button
from ..views.sheet_parts import FIT, house_line, sheet_table
from ..views.widgets import TAP, Ui, app_bar, big_button, card_span, error_box, frame, signed, tag, text_action
from ..text.words import DIRECTION_ICON, MOON_RULE_NAME, VARIANT_NAME
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
        # the table as it sits now (the names after the last hand and the changes
        # waiting for the next): every total, deal and pass is the game's own
        self.names = self.game.next_names
        self.shown = seated(self.game.game, self.names)
        self.state = rules.state(self.shown)
        # the game's own parts of the sheet (its banner, rows, rules card...: app.games)
        self.parts = app_game(self.shown.rules)
        self.seat_form: SeatForm | None = None  # the change-a-player card, when open
        self.rules_open = False  # the Rules card (closed until asked for)
        # 6 to 11 players: the banner folds to the dealer and the pass, so that every
        # total is on the screen after a save; a tap shows who passes to whom
        self.banner_open = False

    def follows(self, game_id: str) -> bool:
        return game_id == self.game.id

    def enter_hand(self) -> None:
        self.session.navigate(self.parts.entry_route(self.game.id))

    def edit_hand(self, number: int) -> None:
        if not self.read_only:
            self.session.navigate(self.parts.entry_route(self.game.id, number))

    def show_chart(self, chart: bool) -> None:
        """Switch between the table of hands and the score chart (kept in the address)."""
        self.session.navigate(Sheet(self.game.id, self.read_only, chart), replace=True)

    def toggle_rules(self) -> None:
        self.rules_open = not self.rules_open

    def toggle_banner(self) -> None:
        self.banner_open = not self.banner_open

    def rematch(self) -> None:
        self.session.navigate(NewGame(rematch_of=self.game.id))

    def open_seat_form(self) -> None:
        self.seat_form = None if self.seat_form is not None else SeatForm()

    def change_player(self) -> None:
        """Change the picked seat's player from the next hand on (one change-log entry,
        undone like a deleted hand)."""
        form, stored, session = self.seat_form, self.game, self.session
        if form is None:
            return
        number = len(stored.game.hands) + 1
        problem = form.problem(rules.state(stored.game).players, stored.next_seat_changes,
                               number)
        if problem is not None:
            session.error = rules_error(problem)
            return
        gid, before, old = stored.id, stored.next_seat_changes, self.names[form.seat]
        try:
            done = session.write(lambda store: store.change_seats(
                gid, form.changes(before), stored.version), gid)
        except StaleGameError:
            session.stale(gid)
            return
        except RulesError as err:
            session.error = rules_error(err)
            return

        def undo() -> None:
            session.write(lambda store: store.change_seats(gid, before, done.version), gid)

        session.say(Msg(CHANGED, {"hand": number, "new": form.name.strip(), "old": old}),
                    undo)
        session.navigate(Sheet(gid), replace=True)


def top_boxes(ui: Ui, model: Model) -> list[ft.Control | None]:
    """Above the table: errors, read-only, game over or the next hand, the target. With
    6 to 11 players the banner is folded and the target and the switch go under the
    table: eleven totals need most of a 360x740 screen."""
    game, st = model.shown, model.state
    side = game.seats > FIT
    top: list[ft.Control | None] = [error_box(ui, ui.session.error)]
    if model.read_only:  # a finished game has nothing to play on (nor is it on home)
        note = ui._("Read only: this game is over.") if st.game_over else \
            ui._("Read only: open from the home screen to play on.")
        top.append(tag(ids.READ_ONLY, ft.Text(note, color=ft.Colors.ON_SURFACE_VARIANT)))
    if st.game_over:
        top.append(game_over_card(ui, model, game, st))
    else:  # the game's banner (Hearts: the next hand's deal and pass)
        top += model.parts.banner(ui, model, game, st)
    if not side:
        top += [model.parts.info(ui, game, st), *rules_parts(ui, model, game),
                sheet_tabs(ui, model)]
    return top


def hearts_banner(ui: Ui, model: Model, game: rules.Game, st: rules.GameState
                  ) -> list[ft.Control]:
    """A Hearts game's banner: folded with 6 to 11 players; a tie for lowest above it."""
    if game.seats > FIT:
        return [folded_banner(ui, model, game, st)]
    return ([tie_box(ui)] if st.standing.tie_for_lowest else []) + [banner(ui, game, st)]


def hearts_table(ui: Ui, model: Model, game: rules.Game, st: rules.GameState
                 ) -> tuple[ft.Control | None, ft.Control]:
    """A Hearts game's hands: columns, or the sheet on its side (views/sheet_parts)."""
    return sheet_table(ui, game, st, model.read_only,
                       lambda number: ui.act(model.edit_hand, number))


def tie_box(ui: Ui) -> ft.Control:
    return tag(ids.TIE, ft.Container(ft.Row([
        ft.Icon(ft.Icons.BALANCE, color=ft.Colors.ON_TERTIARY_CONTAINER),
        ft.Text(ui._("Tie for lowest: play another hand"), size=16,
                weight=ft.FontWeight.BOLD, color=ft.Colors.ON_TERTIARY_CONTAINER,
                expand=True)]), bgcolor=ft.Colors.TERTIARY_CONTAINER,
        border_radius=12, padding=12), live_region=True)


def view(ui: Ui, model: Model) -> ft.View:
    st = model.state
    # up to 5 players: columns, the totals pinned on top; 6 to 11: the sheet on its side
    game = model.shown
    pinned, table = model.parts.table(ui, model, game, st)  # the game's rows
    if model.chart:  # the score chart in place of the hands (the totals stay pinned)
        table = chart.score_chart(chart.chart_model(game), ui.session.tr)
    controls = top_boxes(ui, model) + [ft.Card(ft.Container(table, padding=8), margin=0)]
    controls += seat_parts(ui, model)
    if game.seats > FIT:  # under the table (see top_boxes)
        controls += [model.parts.info(ui, game, st), *rules_parts(ui, model, game),
                     sheet_tabs(ui, model)]
    controls.append(share_row(ui, model.game))
    controls.append(ui.memo(("show-game", ui.session.route.url(), ui.session.language),
                            lambda: show_button(ui, model.game.id)))  # the game as a QR code
    bottom = None
    if not st.game_over and not model.read_only:
        assert st.next_hand is not None
        text = ui._(model.parts.enter_words, hand=st.next_hand.number)
        bottom = [big_button(ui, ids.ENTER_HAND, text, ui.act(model.enter_hand),
                             ft.Icons.EDIT_NOTE)]
    return frame(ui, "sheet", sheet_bar(ui, model), controls, bottom=bottom, top=pinned,
                 error=False)


def on_shown(ui: Ui, method: str, *args: Any) -> Callable[[Any], None]:
    """A handler calling ``method`` of the screen shown when tapped (the sheet, or the
    sheet a link opened), not of the model it was drawn for: a kept control
    (``Ui.memo``) outlives its drawing's model."""
    def call(*given: Any) -> None:
        act = getattr(ui.model, method, None)  # the sheet, or a sheet from a link
        if callable(act):
            act(*given)
    return ui.act(call, *args)


def sheet_bar(ui: Ui, model: Model) -> ft.AppBar:
    """The bar: Back, the title, Invite phones (the host's, on --lan) and Changes; the
    same controls from one drawing of the sheet to the next (nothing in it changes with
    a hand)."""
    from .invite import button as invite_button  # the host's, on --lan

    def build() -> ft.AppBar:
        invite = None if model.read_only else invite_button(ui, model.game.id)
        changes = text_action(ids.CHANGE_LOG, ft.Icons.RECEIPT_LONG_OUTLINED, ui._("Changes"),
                              ui.go(Changes(model.game.id)))
        actions = [a for a in (invite, changes) if a is not None]
        return app_bar(ui, ui._("Score sheet"), actions=actions)
    invites = not model.read_only and can_invite(ui.session.lan, ui.session.role)
    return ui.memo(("sheet-bar", ui.session.route.url(), ui.session.language, invites),
                   build)  # type: ignore[return-value]


def seat_parts(ui: Ui, model: Model) -> list[ft.Control]:
    """Who played each seat when, and (a game going on) the change-a-player card."""
    stored = model.game
    parts = [history_lines(ui, stored.game, stored.next_seat_changes, model.names)]
    if not model.read_only and not model.state.game_over:
        number = len(stored.game.hands) + 1
        if model.seat_form is None:
            key = ("seat-open", ui.session.route.url(), ui.session.language)
            parts.append(ui.memo(key, lambda: change_button(
                ui, on_shown(ui, "open_seat_form"))))
        else:
            parts.append(change_card(ui, model.seat_form, model.names, number, ui.act,
                                     model.change_player, model.open_seat_form))
    return [p for p in parts if p is not None]


def rules_parts(ui: Ui, model: Model, game: rules.Game) -> list[ft.Control]:
    """The Rules button, and the card it opens (the table's rules and reminders)."""
    parts = [ui.memo(("rules-button", ui.session.route.url(), ui.session.language,
                      model.rules_open),
                     lambda: rules_button(ui, model.rules_open, on_shown(ui, "toggle_rules")))]
    if model.rules_open:
        parts.append(model.parts.rules_card(ui, game))
    return parts


SHEET_TABS = ((False, N_("Hands"), ft.Icons.TABLE_ROWS_OUTLINED),
              (True, N_("Chart"), ft.Icons.SHOW_CHART))


def sheet_tabs(ui: Ui, model: Model) -> ft.Control:
    """The switch between the hands (the score table) and the chart (the same controls
    from one drawing to the next while neither the language nor the choice changes)."""
    key = ("sheet-tabs", ui.session.route.url(), ui.session.language, model.chart,
           model.parts.rows_tab)
    return ui.memo(key, lambda: tabs_drawn(ui, model))


def tabs_drawn(ui: Ui, model: Model) -> ft.Control:
    buttons = []
    for is_chart, text, icon in SHEET_TABS:
        if not is_chart:
            text = model.parts.rows_tab  # the game's rows: hands, deals
        picked = model.chart == is_chart
        cls = ft.FilledTonalButton if picked else ft.TextButton
        buttons.append(tag(ids.SHEET_TAB.format(mode="chart" if is_chart else "table"), cls(
            content=ft.Text(ui._(text), size=15), icon=icon, height=TAP, expand=True,
            on_click=on_shown(ui, "show_chart", is_chart)), label=ui._(text), button=True,
            selected=picked, checked=picked, expand=True))
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
    lines: list[ft.Control] = [
        ft.Row([ft.Icon(ft.Icons.FLAG_OUTLINED, size=18), ft.Text(text, size=15, expand=True)]),
        ft.Text(ui._("{variant} · moon: {moon}", variant=variant, moon=moon), size=13,
                color=ft.Colors.ON_SURFACE_VARIANT)]
    house = house_line(ui, game)
    if house is not None:
        lines.append(house)
    return tag(ids.TARGET_INFO, ft.Column(lines, spacing=2))


def banner(ui: Ui, game: rules.Game, st: rules.GameState) -> ft.Control:
    n = st.next_hand
    assert n is not None
    names = game.players
    lines: list[ft.Control] = [
        ft.Text(ui._("Hand {hand}: {dealer} deals", hand=n.number, dealer=names[n.dealer]),
                size=19, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_PRIMARY_CONTAINER),
    ]
    direction = pass_name(ui, n)  # "Pass left, 2 seats along" with the table's own cycle
    lines.append(ft.Row([ft.Icon(DIRECTION_ICON[n.direction], size=20,
                                 color=ft.Colors.ON_PRIMARY_CONTAINER),
                         # expands, so a long hold line wraps instead of being cut
                         ft.Text(direction, size=16, weight=ft.FontWeight.BOLD,
                                 color=ft.Colors.ON_PRIMARY_CONTAINER, expand=True)],
                        vertical_alignment=ft.CrossAxisAlignment.START))
    lines += banner_details(ui, game, n)
    return tag(ids.BANNER, ft.Container(ft.Column(lines, spacing=6),
                                        bgcolor=ft.Colors.PRIMARY_CONTAINER, border_radius=16,
                                        padding=16), live_region=True)


def banner_details(ui: Ui, game: rules.Game, n: rules.NextHand) -> list[ft.Control]:
    """Who passes to whom, who leads the first trick, the queen rule."""
    names = game.players
    lines: list[ft.Control] = []
    if n.passes:
        lines.append(pass_chips(ui, names, n.passes, 14))
    if n.first_lead is not None:
        lead = ft.Row([card_span(n.first_lead, 17),
                       ft.Text(ui._("leads the first trick"), size=15, expand=True,
                               color=ft.Colors.ON_PRIMARY_CONTAINER)], spacing=6)
    else:
        lead = ft.Text(ui._("{player} leads the first trick (no heart, no queen of spades)",
                            player=names[n.first_leader]), size=15,  # type: ignore[index]
                       color=ft.Colors.ON_PRIMARY_CONTAINER)
    lines.append(lead)
    if game.rules.queen_breaks_hearts:
        lines.append(ft.Text(ui._("The queen of spades breaks hearts."), size=13,
                             color=ft.Colors.ON_PRIMARY_CONTAINER))
    return lines


def folded_banner(ui: Ui, model: Model, game: rules.Game, st: rules.GameState
                  ) -> ft.Control:
    """The next hand in two short lines (who deals, which way the cards go), a tie in a
    third; a tap unfolds the whole banner (who passes to whom, who leads)."""
    n = st.next_hand
    assert n is not None
    colour = ft.Colors.ON_PRIMARY_CONTAINER
    lines: list[ft.Control] = []
    if st.standing.tie_for_lowest:
        lines.append(tag(ids.TIE, ft.Row([
            ft.Icon(ft.Icons.BALANCE, size=18, color=colour),
            ft.Text(ui._("Tie for lowest: play another hand"), size=14, color=colour,
                    weight=ft.FontWeight.BOLD, expand=True)], spacing=6)))
    lines.append(ft.Text(ui._("Hand {hand}: {dealer} deals", hand=n.number,
                              dealer=game.players[n.dealer]),
                         size=16, weight=ft.FontWeight.BOLD, color=colour))
    lines.append(ft.Row([ft.Icon(DIRECTION_ICON[n.direction], size=18, color=colour),
                         ft.Text(pass_name(ui, n), size=15, color=colour,
                                 weight=ft.FontWeight.BOLD, expand=True)], spacing=6))
    more = ui._("Hide who passes to whom") if model.banner_open else \
        ui._("Show who passes to whom")
    toggle = tag(ids.BANNER_MORE, ft.IconButton(
        ft.Icons.EXPAND_LESS if model.banner_open else ft.Icons.EXPAND_MORE,
        icon_color=colour, on_click=ui.act(model.toggle_banner), width=TAP, height=TAP),
        label=more, button=True, expanded=model.banner_open)
    head = ft.Row([ft.Column(lines, spacing=2, expand=True), toggle],
                  vertical_alignment=ft.CrossAxisAlignment.START)
    parts: list[ft.Control] = [head]
    if model.banner_open:
        parts += banner_details(ui, game, n)
    return tag(ids.BANNER, ft.Container(ft.Column(parts, spacing=6),
                                        bgcolor=ft.Colors.PRIMARY_CONTAINER, border_radius=16,
                                        padding=ft.Padding(12, 6, 4, 6)), live_region=True)


def game_over_card(ui: Ui, model: Model, game: rules.Game, st: rules.GameState
                   ) -> ft.Control:
    rematch = big_button(ui, ids.REMATCH, ui._("Rematch"), ui.act(model.rematch),
                         ft.Icons.REPLAY)
    return model.parts.over_card(ui, game, st, rematch)  # type: ignore[no-any-return]


def hearts_over_card(ui: Ui, game: rules.Game, st: rules.GameState, rematch: ft.Control
                     ) -> ft.Control:
    """A Hearts game's end: the winner (every winner of a shared win), the standings
    from the lowest total."""
    names = game.players
    won = join_names([names[seat] for seat in st.winners], ui.session.tr)
    said = ui._(SHARED_WIN, winners=won) if st.standing.shared else \
        ui._("{winner} wins!", winner=won)
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
                                ft.Text(said, size=24,
                                        weight=ft.FontWeight.BOLD, expand=True)])),
        ft.Text(ui._("Game over. Final standings:"), size=15),
        *standings, rematch,
    ], spacing=6)
    return tag(ids.GAME_OVER, ft.Container(content, bgcolor=ft.Colors.SECONDARY_CONTAINER,
                                           border_radius=16, padding=16), live_region=True)
