"""The table view (``/table/<token>``): the game the host has open, for every phone at the
table. This hand's dealer and passing large, the totals, the hands with their moon
marks; it follows each save and the host's next game. A follower sees no control that
writes, only the field for the table code that makes it an editor."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import flet as ft

from ... import rules
from ...store import StoreError
from .. import ids
from ..table.access import Role
from ..text.i18n import N_
from ..text.messages import Msg
from ..views.passes import pass_chips
from ..routes import Home, Route, Settings, Sheet
from ..views.widgets import Ui, app_bar, frame, section, signed, tag, text_field
from ..text.house_words import SHARED_WIN, pass_name, token_words
from ..views.seat_change import history_lines, seated
from ...formats.share import join_names
from ..registry import app_game
from ..views.sheet_parts import house_line
from ..text.words import DIRECTION_ICON

if TYPE_CHECKING:
    from ..session import Session

CODE_OK = N_("Table code accepted: this phone can keep score too.")


class Model:
    def __init__(self, session: Session, route: Route) -> None:
        self.session = session
        self.code_text = ""
        self.code_error: tuple[str, int] | None = None  # ("wrong", tries) | ("locked", s)
        self.reload()

    def reload(self) -> None:
        """Read the game the host has open now (none yet: the view waits)."""
        lan = self.session.lan
        gid = lan.table.game_id if lan is not None else None
        self.game: Any = None
        if gid is not None:
            try:
                stored = self.session.store.get(gid)
                self.game = None if stored.deleted else stored
            except StoreError:
                self.game = None
        # the table as it sits now: the names after the last hand and the changes waiting
        self.shown = None if self.game is None else seated(self.game.game,
                                                           self.game.next_names)
        self.state = rules.state(self.shown) if self.shown is not None else None

    def follows(self, game_id: str) -> bool:
        return self.game is not None and self.game.id == game_id

    @property
    def follower(self) -> bool:
        return self.session.role is Role.FOLLOWER

    def set_code_text(self, text: str) -> None:
        self.code_text = text
        self.code_error = None

    def enter_code(self) -> None:
        """Check the typed table code; the right one makes this session an editor."""
        session, lan = self.session, self.session.lan
        if lan is None or not self.follower:
            return
        verdict = lan.access.check_code(session.client, self.code_text)
        self.code_text = ""
        if verdict.ok:
            session.role = Role.EDITOR
            session.say(Msg(CODE_OK), stay=False)
            gid = lan.table.game_id
            session.navigate(Sheet(gid) if gid else Home())
        elif verdict.locked_for:
            self.code_error = ("locked", verdict.locked_for)
        else:
            self.code_error = ("wrong", verdict.tries_left)


def view(ui: Ui, model: Model) -> ft.View:
    controls: list[ft.Control | None] = []
    if model.game is None:
        controls.append(tag(ids.TABLE_WAITING, ft.Text(
            ui._("Waiting for the host to open a game."), size=20,
            text_align=ft.TextAlign.CENTER), live_region=True))
    else:
        game, st = model.shown, model.state
        stored = model.game
        controls += [now_card(ui, game, st), house_line(ui, game), totals_row(ui, game, st),
                     history_lines(ui, stored.game, stored.next_seat_changes, game.players),
                     hands_card(ui, game, st)]
    if model.follower:
        controls.append(code_box(ui, model))
    settings = tag(ids.TABLE_SETTINGS, ft.IconButton(
        ft.Icons.SETTINGS_OUTLINED, tooltip=ui._("Settings"), on_click=ui.go(Settings())),
        label=ui._("Settings"), button=True)
    return frame(ui, "table", app_bar(ui, ui._("At the table"), back=False,
                                      actions=[settings]), controls)


def now_card(ui: Ui, game: rules.Game, st: rules.GameState) -> ft.Control:
    """Who deals and which way the cards go, large enough to read across the table."""
    names = game.players
    color = ft.Colors.ON_PRIMARY_CONTAINER
    if st.game_over:
        won = join_names([names[seat] for seat in st.winners], ui.session.tr)
        said = ui._(SHARED_WIN, winners=won) if st.standing.shared else \
            ui._("{winner} wins!", winner=won)
        lines: list[ft.Control] = [ft.Row([
            ft.Icon(ft.Icons.EMOJI_EVENTS, size=40, color=ft.Colors.AMBER_700),
            ft.Text(said, size=30,
                    weight=ft.FontWeight.BOLD, color=color, expand=True)])]
    else:  # the next hand as its game says it (Kierki: the deal's contract in words)
        assert st.next_hand is not None
        lines = app_game(game.rules).now_lines(ui, game, st.next_hand)
    return tag(ids.TABLE_NOW, ft.Container(ft.Column(lines, spacing=6),
                                           bgcolor=ft.Colors.PRIMARY_CONTAINER,
                                           border_radius=16, padding=16), live_region=True)


def hearts_now_lines(ui: Ui, game: rules.Game, n: rules.NextHand) -> list[ft.Control]:
    """A Hearts hand: its number, dealer and pass, large; who passes to whom."""
    names = game.players
    color = ft.Colors.ON_PRIMARY_CONTAINER
    lines: list[ft.Control] = [
        ft.Text(ui._("Hand {hand}", hand=n.number), size=18, color=color),
        tag(ids.TABLE_DEALER, ft.Text(ui._("{dealer} deals", dealer=names[n.dealer]),
                                      size=34, weight=ft.FontWeight.BOLD, color=color)),
        tag(ids.TABLE_PASS, ft.Row([
            ft.Icon(DIRECTION_ICON[n.direction], size=34, color=color),
            ft.Text(pass_name(ui, n), size=30, weight=ft.FontWeight.BOLD,
                    color=color, expand=True)])),
    ]
    if n.passes:
        lines.append(pass_chips(ui, names, n.passes, 16))
    return lines


def hearts_row_label(ui: Ui, game: rules.Game, number: int, info: rules.NextHand) -> str:
    """A Hearts hand's row, as a screen reader says it: its number and pass."""
    return ui._("Hand {hand}, {direction}", hand=number,
                direction=token_words(ui, info.pass_token))


FIT = 5  # up to this many players the totals share one row; more wrap to a second


def totals_row(ui: Ui, game: rules.Game, st: rules.GameState) -> ft.Control:
    fit = game.seats <= FIT
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
            width=None if fit else 76, expand=fit, padding=ft.Padding(2, 4, 2, 4),
            border_radius=10, bgcolor=ft.Colors.PRIMARY_CONTAINER if leader else None),
            label=ui._n("{player}: {n} point", "{player}: {n} points", total, player=name),
            expand=fit))
    return tag(ids.TABLE_TOTALS, ft.Row(cells, wrap=not fit, spacing=4, run_spacing=4,
                                        alignment=ft.MainAxisAlignment.CENTER))


def hands_card(ui: Ui, game: rules.Game, st: rules.GameState) -> ft.Control:
    names = game.players
    if not st.hands:
        return ft.Text(ui._("No hands yet."), color=ft.Colors.ON_SURFACE_VARIANT)
    rows: list[ft.Control] = [ft.Row([ft.Text("", width=28)] + [
        ft.Text(n, expand=True, size=12, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS,
                text_align=ft.TextAlign.CENTER, color=ft.Colors.ON_SURFACE_VARIANT)
        for n in names], spacing=2)]
    for number, hs in enumerate(st.hands, 1):
        info = rules.hand_info(game, number)
        shooter = hs.moon.player if hs.moon is not None else None
        cells: list[ft.Control] = [ft.Text(str(number), width=28, size=13,
                                           weight=ft.FontWeight.BOLD)]
        cells += [ft.Text(("☾ " if seat == shooter else "") + signed(score), expand=True,
                          size=16, text_align=ft.TextAlign.CENTER,
                          weight=ft.FontWeight.BOLD if seat == shooter else None)
                  for seat, score in enumerate(hs.scores)]
        row: ft.Control = ft.Row(cells, spacing=2)
        label = app_game(game.rules).row_label(ui, game, number, info)
        if shooter is not None:
            note = ui._("{player} shot the moon", player=names[shooter])
            row = ft.Column([row, tag(ids.TABLE_MOON.format(n=number), ft.Text(
                "☾ " + note, size=12, color=ft.Colors.PRIMARY), label=note)], spacing=0)
            label += ". " + note
        rows.append(tag(ids.TABLE_HAND.format(n=number), row, label=label))
    return ft.Card(ft.Container(ft.Column(rows, spacing=4), padding=10), margin=0)


def code_box(ui: Ui, model: Model) -> ft.Control:
    """A follower becomes an editor with the table code from the host's screen."""

    field = tag(ids.TABLE_CODE_FIELD, text_field(
        ui, model.code_text, model.set_code_text, label=ui._("Table code"), max_length=6,
        counter="", keyboard_type=ft.KeyboardType.NUMBER,
        on_submit=ui.act(model.enter_code), expand=True, key="table-code"),
        label=ui._("Table code"), expand=True)
    join = tag(ids.TABLE_CODE_OK, ft.FilledButton(
        content=ft.Text(ui._("Keep score")), height=56, on_click=ui.act(model.enter_code)),
        label=ui._("Keep score"), button=True)
    parts: list[ft.Control] = [
        section(ui._("Keep score from this phone")),
        ft.Text(ui._("Ask the host for the table code shown on their screen."), size=14,
                color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Row([field, join], vertical_alignment=ft.CrossAxisAlignment.START),
    ]
    if model.code_error is not None:
        parts.append(tag(ids.TABLE_CODE_ERROR, ft.Text(code_error_text(ui, model),
                                                       color=ft.Colors.ERROR, size=15),
                         live_region=True))
    return ft.Column(parts, spacing=6)


def code_error_text(ui: Ui, model: Model) -> str:
    kind, n = model.code_error  # type: ignore[misc]
    if kind == "locked":
        return ui._n("Too many wrong codes: try again in {n} second.",
                     "Too many wrong codes: try again in {n} seconds.", n)
    return ui._n("That is not the table code: {n} more try.",
                 "That is not the table code: {n} more tries.", n)
