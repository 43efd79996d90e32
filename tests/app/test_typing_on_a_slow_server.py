"""Typing on a slow server: no letter is lost, on the phone or in the model.

A phone sends each keystroke as two messages: the field's new text, which Flet's server
applies to the control as soon as it reads it from the socket, then the change event,
which waits its turn behind the events before it. A busy server (or a fast typist) so
gets several keystrokes' texts before it handles their events, and each event handled
meanwhile redraws the screen. These tests feed the real Flet session (the one
``scorekeeper serve`` runs; every message it sends is serialised as the socket server
does) exactly that order, so they do not depend on timing: the texts first, then the
events. Before the fix the redraw rebuilt the fields from the model's older text, sent
that text back to the phone, and the last name never reached the form ("Player 4 has no
name." with "Darek" on the screen).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from typing import Any

import flet as ft
import msgpack
import pytest
from app_harness import walk
from flet.controls.base_control import BaseControl
from flet.messaging.connection import Connection
from flet.messaging.protocol import configure_encode_object_for_msgpack
from flet.messaging.session import Session as FletSession
from flet.pubsub.pubsub_hub import PubSubHub

from scorekeeper import rules
from scorekeeper.app import ids
from scorekeeper.app.table.access import Role, TableAccess
from scorekeeper.app.main import Shell, setup_page
from scorekeeper.app.screens import SCREENS
from scorekeeper.app.session import Session
from scorekeeper.app.table.table_roles import LanTable

NAMES = ["Ala", "Bartek", "Celina", "Darek"]
ENCODE = configure_encode_object_for_msgpack(BaseControl)


class Wire(Connection):
    """The socket to the phone: every message is encoded as Flet's socket server does
    (which is also when Flet takes the snapshots it diffs the next redraw against)."""

    def __init__(self) -> None:
        super().__init__()
        self.pubsubhub = PubSubHub()

    def send_message(self, message: Any) -> None:
        msgpack.packb([message.action, message.body], default=ENCODE)


class SlowServer:
    """One phone on the real Flet session and the app's shell. ``type`` is the phone
    side of typing (each keystroke's text arrives at once); ``handle`` is the server
    getting round to the queued events; ``tap`` is a tap handled in its turn."""

    def __init__(self, store: Any, route: str, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.wire = Wire()
        self.wire.loop = loop
        self.flet = FletSession(self.wire)
        self.page = self.flet.page
        msgpack.packb(self.flet.get_page_patch(), default=ENCODE)  # the phone registers
        self.session = Session(store, "en", screens=SCREENS)
        self.shell = Shell(self.page, self.session)
        self.session.on_navigate = lambda url: None  # no address bar here
        setup_page(self.page)
        self.session.open(route)
        self.shell.render()
        self.queued: list[tuple[int, str, Any]] = []
        self.on_phone: dict[int, tuple[Any, str]] = {}  # field: (screen, text shown)

    def find(self, identifier: str) -> Any:
        for c in walk(self.page.views[-1]):
            if isinstance(c, ft.Semantics) and c.identifier == identifier:
                return c
        raise AssertionError(f"no {identifier} on {self.session.route}")

    def field(self, identifier: str) -> Any:
        """The server's control of a text field now (where the phone's text goes)."""
        return next(c for c in walk(self.find(identifier)) if isinstance(c, ft.TextField))

    def type(self, identifier: str, text: str) -> None:
        """Keystrokes: each one's text applied now, its change event queued."""
        control = self.field(identifier)._i
        for n in range(1, len(text) + 1):
            self.flet.apply_patch(control, {"value": text[:n]})
            self.queued.append((control, "change", text[:n]))
        self.on_phone[control] = (self.session.route, text)

    def handle(self) -> None:
        """The server handles the queued events, in order, as its loop gets to them."""
        queued, self.queued = self.queued, []
        for control, name, data in queued:
            self.loop.run_until_complete(self.flet.dispatch_event(control, name, data))
            self.check_phone()

    def tap(self, identifier: str, queue: bool = False) -> None:
        """A tap, handled now (after what is queued) or only queued (the server is busy:
        keystrokes typed after it arrive before it is handled)."""
        node = self.find(identifier)
        if node.on_tap is not None:  # what a tap on a tagged button does
            self.queued.append((node._i, "tap", None))
        else:
            target = next(c for c in walk(node) if getattr(c, "on_click", None) is not None)
            self.queued.append((target._i, "click", None))
        if not queue:
            self.handle()

    def check_phone(self) -> None:
        """No redraw took back what the phone shows: each field the phone typed into
        still holds its text on the server (a redraw that drew another text would have
        sent it to the phone, over the letters typed)."""
        for control, (route, text) in self.on_phone.items():
            if route != self.session.route:
                continue  # a screen left (Start opens the sheet)
            live = self.flet.index.get(control)
            assert live is not None and live.value == text, (
                f"the server redrew field {control} with {getattr(live, 'value', None)!r}"
                f" over {text!r} typed on the phone")


@pytest.fixture
def server(store: Any) -> Iterator[Callable[[str], SlowServer]]:
    loop = asyncio.new_event_loop()
    yield lambda route: SlowServer(store, route, loop)
    loop.run_until_complete(_stop_tasks())
    loop.close()


async def _stop_tasks() -> None:
    """Stop what the shell started meanwhile (a notice's timer)."""
    await asyncio.sleep(0)
    tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


def test_names_typed_faster_than_the_server_redraws_all_reach_the_form(server, store):
    slow = server("/new")
    for seat, name in enumerate(NAMES):  # typed before the server handles any of it
        slow.type(ids.PLAYER_NAME.format(seat=seat), name)
    slow.handle()
    form = slow.session.form
    assert form is not None and form.names == NAMES
    dealers = [" ".join(c.value for c in walk(slow.find(ids.FIRST_DEALER_OPTION.format(
        seat=seat))) if isinstance(c, ft.Text)) for seat in range(4)]
    assert dealers == NAMES  # not "Player 4"
    slow.tap(ids.START_GAME)
    assert slow.session.route.screen == "sheet", slow.session.error
    assert list(slow.session.game.game.players) == NAMES


def test_a_name_typed_while_earlier_names_are_being_drawn_stays(server, store):
    """The failing run's order: the last name's letters arrive while the server is still
    redrawing for the names before it, then the host taps a choice and Start."""
    slow = server("/new")
    for seat, name in enumerate(NAMES[:3]):
        slow.type(ids.PLAYER_NAME.format(seat=seat), name)
    slow.handle()
    slow.type(ids.PLAYER_NAME.format(seat=2), "Celina Maria")  # more letters...
    slow.type(ids.PLAYER_NAME.format(seat=3), "Darek")  # ...and the next field
    slow.tap(ids.VARIANT.format(variant="standard"))  # handled after every keystroke
    assert slow.session.form.names == ["Ala", "Bartek", "Celina Maria", "Darek"]
    slow.tap(ids.START_GAME)
    assert slow.session.route.screen == "sheet", slow.session.error


def test_the_other_target_typed_during_a_redraw_stays(server, store):
    slow = server("/new")
    slow.tap(ids.TARGET.format(value="other"))
    slow.type(ids.PLAYER_NAME.format(seat=0), "Ala")  # this name's events redraw...
    slow.type(ids.TARGET_OTHER, "75")  # ...after the target's text has arrived
    slow.handle()
    assert slow.session.form.target_other == "75"
    for seat, name in enumerate(NAMES[1:], 1):
        slow.type(ids.PLAYER_NAME.format(seat=seat), name)
    slow.handle()
    slow.tap(ids.START_GAME)
    assert slow.session.game.game.rules.target == 75


def test_points_typed_faster_than_the_server_redraws_all_count(server, store):
    game = store.create_game(rules.Game.new(NAMES, rules.Rules()))
    slow = server(f"/game/{game.id}/hand")
    slow.tap(ids.MODE_POINTS)
    for seat, points in enumerate(["13", "13", "0", "0"]):
        slow.type(ids.POINTS.format(seat=seat), points)
    slow.handle()
    assert slow.session.model.entry.points_text == ["13", "13", "0", "0"]
    slow.tap(ids.SAVE_HAND)
    saved = store.get(game.id).game
    assert [h.points for h in saved.hands] == [(13, 13, 0, 0)]


def test_a_change_the_form_makes_itself_still_reaches_the_phone(server, store):
    """Keeping what the phone typed does not freeze the fields: a seat moved down moves
    its name on the phone too."""
    slow = server("/new")
    slow.type(ids.PLAYER_NAME.format(seat=0), "Ala")
    slow.handle()
    slow.on_phone.clear()  # the move changes what the fields show
    slow.tap(ids.PLAYER_DOWN.format(seat=0))
    assert slow.session.form.names[:2] == ["", "Ala"]
    assert slow.field(ids.PLAYER_NAME.format(seat=0)).value == ""
    assert slow.field(ids.PLAYER_NAME.format(seat=1)).value == "Ala"


def test_keystrokes_after_a_tap_the_server_has_not_handled_yet_stay(server, store):
    """The host taps "Add a player" and types the first name before the server has
    handled the tap: the tap's redraw keeps the letters that had arrived by then."""
    slow = server("/new")
    slow.tap(ids.ADD_PLAYER, queue=True)
    slow.type(ids.PLAYER_NAME.format(seat=0), "Ala")
    slow.handle()
    assert slow.session.form.names == ["Ala", "", "", "", ""]


def test_a_search_typed_while_a_filter_tap_waits_stays(server, store):
    for names in (NAMES, ["Ewa", "Franek", "Gosia"]):
        store.create_game(rules.Game.new(names, rules.Rules()))
    slow = server("/history")
    slow.tap(ids.HISTORY_STATUS.format(status="unfinished"), queue=True)
    slow.type(ids.HISTORY_SEARCH, "Ewa")
    slow.handle()
    assert slow.session.model.query == "Ewa"
    assert len(slow.session.model.matches) == 1


def test_a_table_code_half_typed_stays_when_the_table_moves_to_another_game(store):
    """A follower typing the table code while the host opens another game: the table
    view follows the host and keeps the digits typed."""
    from test_app_roles import LanPhone

    lan = LanTable(TableAccess(code="246810", token="T" * 32), port=8550,
                   addresses=["192.168.1.5"])
    host = LanPhone(store, lan, Role.HOST, client="127.0.0.1")
    host.new_game(NAMES)
    follower = LanPhone(store, lan, Role.FOLLOWER, route=lan.access.join_path)
    follower.type(ids.TABLE_CODE_FIELD, "246")
    host.new_game(["Ewa", "Franek", "Gosia"])
    assert follower.session.table_moved()
    follower.render()
    assert follower.control(ids.TABLE_CODE_FIELD, ft.TextField).value == "246"
    assert follower.find(ids.TABLE_TOTAL.format(seat=0)).label.startswith("Ewa: 0 ")


def test_points_that_arrive_while_the_screen_is_being_drawn_stay(server, store, monkeypatch):
    """A change event's redraw runs on one of Flet's threads while its loop reads the
    socket: a field's text can arrive after the redraw took the fields' texts and before
    it is sent. It lands on the control being replaced, whose text the new drawing (from
    the model, without it) then overwrote on the phone: on a busy CI server an eleven
    player hand lost Iza's 3 and saved as "3 points taken by nobody"."""
    from scorekeeper.app import main

    game = store.create_game(rules.Game.new(NAMES, rules.Rules()))
    slow = server(f"/game/{game.id}/hand")
    slow.tap(ids.MODE_POINTS)
    slow.type(ids.POINTS.format(seat=0), "13")
    slow.handle()
    late = [slow.field(ids.POINTS.format(seat=1))._i]  # the field now on the phone
    drawn = main.draw

    def draw_while_text_arrives(ui):  # type: ignore[no-untyped-def]
        view = drawn(ui)  # the fields' texts taken, the new controls built...
        while late:
            slow.flet.apply_patch(late.pop(), {"value": "13"})  # ...when the text comes
        return view

    monkeypatch.setattr(main, "draw", draw_while_text_arrives)
    slow.shell.render()
    monkeypatch.setattr(main, "draw", drawn)
    assert slow.session.model.entry.points_text[:2] == ["13", "13"]
    assert slow.field(ids.POINTS.format(seat=1)).value == "13"  # and still on the phone
    slow.queued.append((slow.field(ids.POINTS.format(seat=1))._i, "change", "13"))
    slow.handle()  # its change event, in its turn
    for seat in (2, 3):
        slow.type(ids.POINTS.format(seat=seat), "0")
    slow.handle()
    slow.tap(ids.SAVE_HAND)
    assert [h.points for h in store.get(game.id).game.hands] == [(13, 13, 0, 0)]


def test_a_name_typed_fast_then_kierki_tapped_at_once_stays(server, store):
    """The host types the last name and taps Kierki straight after, before the server
    has handled the name's keystrokes: Kierki's form keeps every name, on the phone and
    as the first dealer's choice (not "Player 4")."""
    slow = server("/new")
    for seat, name in enumerate(NAMES[:3]):
        slow.type(ids.PLAYER_NAME.format(seat=seat), name)
    slow.handle()
    slow.type(ids.PLAYER_NAME.format(seat=3), "Darek")
    fields = [slow.field(ids.PLAYER_NAME.format(seat=seat))._i for seat in range(4)]
    slow.tap(ids.VARIANT.format(variant="kierki"))  # queued behind the keystrokes
    assert slow.session.form.variant == rules.KIERKI
    # the same fields on the phone (not made anew: a text typed meanwhile would be lost)
    assert [slow.field(ids.PLAYER_NAME.format(seat=seat))._i for seat in range(4)] == fields
    assert slow.session.form.names == NAMES
    assert slow.field(ids.PLAYER_NAME.format(seat=3)).value == "Darek"
    dealer = " ".join(c.value for c in walk(slow.find(ids.FIRST_DEALER_OPTION.format(
        seat=3))) if isinstance(c, ft.Text))
    assert dealer == "Darek"
    slow.tap(ids.START_GAME)
    assert slow.session.route.screen == "sheet", slow.session.error
    assert list(slow.session.game.game.players) == NAMES


def test_a_tap_queued_behind_the_last_recent_name_reaches_its_control(server, store):
    """The last recent name typed takes the "recent players" rows away in the redraw of
    its keystrokes; a tap on the "other" target sent before that redraw reached the
    phone still chooses "other" (the rows after the ones gone keep their controls' ids:
    matched by place, the tap went to the control that took its id, and chose nothing)."""
    store.set_setting("recent_names", list(NAMES))
    slow = server("/new")
    for seat, name in enumerate(NAMES[:3]):
        slow.type(ids.PLAYER_NAME.format(seat=seat), name)
    slow.handle()
    assert slow.session.model.recent_names() == ["Darek"]
    slow.type(ids.PLAYER_NAME.format(seat=3), "Darek")
    slow.tap(ids.TARGET.format(value="other"), queue=True)
    slow.handle()
    assert slow.session.model.recent_names() == []
    assert slow.session.form.target_choice == "other"
    assert slow.session.form.names == NAMES
    slow.find(ids.TARGET_OTHER)  # its field is there to type the target in
