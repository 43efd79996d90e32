"""Drive the app without a browser: the real shell (:class:`scorekeeper.app.main.Shell`) on
a real Flet session, with the real session, screen models and store.

``Phone(store)`` opens the app like a browser tab would; ``tap`` sends a click (or a
tagged button's tap) to the control's id and Flet dispatches it, ``type`` puts the text in
the field as Flet does when it arrives, then sends its change event, as the phone does
(controls are found by their identifiers, :mod:`scorekeeper.app.ids`). The shell then
draws the screen, dialog and notice as it does when served; the phone's view is what the
page shows (the layer on top, not the screen kept under it).
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.messaging.connection import Connection
from flet.messaging.protocol import MessageAction, configure_encode_object_for_msgpack
from flet.messaging.session import Session as FletSession
from flet.pubsub.pubsub_hub import PubSubHub

from scorekeeper.app import ids, main
from scorekeeper.app.screens import SCREENS
from scorekeeper.app.session import Session

ENCODE = configure_encode_object_for_msgpack(BaseControl)


class Wire(Connection):
    """A connection that keeps every message, encoded as the web server encodes it (which
    is also when Flet takes the snapshots it diffs the next drawing against)."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__()
        self.loop = loop
        self.sent: list[bytes] = []
        self.pubsubhub = PubSubHub(None)
        self.phone: Any = None  # what the phone holds (wire_harness.PhoneSide), if kept
        self.calls: list[Any] = []  # methods the server asked the phone to run

    def send_message(self, message: Any) -> None:
        if message.action == MessageAction.INVOKE_METHOD:
            self.calls.append(message.body)
        packed = msgpack.packb([message.action, message.body], default=ENCODE)
        self.sent.append(packed)
        if self.phone is not None:
            self.phone.apply(packed)

    def take(self) -> int:
        """Bytes sent since the last call."""
        n = sum(len(m) for m in self.sent)
        self.sent.clear()
        return n


def visible(control: Any) -> Any:
    """Like ``walk``, without the parts hidden on the phone (a layer under the screen)."""
    if control is None or getattr(control, "visible", True) is False:
        return
    yield control
    for f in dataclasses.fields(control):
        if f.name.startswith("_") or f.name in ("parent", "page"):
            continue
        value = getattr(control, f.name, None)
        for c in value if isinstance(value, (list, tuple)) else [value]:
            if isinstance(c, ft.BaseControl):
                yield from visible(c)


def walk(control: Any) -> Iterator[Any]:
    """Every control under ``control`` (itself included), depth first, in order."""
    if control is None:
        return
    yield control
    if not dataclasses.is_dataclass(control):
        return
    for f in dataclasses.fields(control):
        if f.name.startswith("_") or f.name in ("parent", "page"):
            continue
        value = getattr(control, f.name, None)
        if isinstance(value, ft.BaseControl):
            yield from walk(value)
        elif isinstance(value, (list, tuple)):
            for item in value:
                if isinstance(item, ft.BaseControl):
                    yield from walk(item)


def texts(control: Any) -> list[str]:
    """What a person reads in ``control``: its texts, labels and field values, in order."""
    out: list[str] = []
    for c in walk(control):
        if isinstance(c, ft.Text) and isinstance(c.value, str) and c.value:
            out.append(c.value)
        elif isinstance(c, ft.TextField) and c.value:
            out.append(str(c.value))
        elif isinstance(c, (ft.FilledButton, ft.OutlinedButton, ft.TextButton,
                            ft.FilledTonalButton)) and isinstance(c.content, str):
            out.append(c.content)
    return out


class Phone:
    """One browser tab on the app, without the browser: the shell on a Flet session."""

    def __init__(self, store: Any, language: str | None = "en", route: str = "/",
                 session: Session | None = None) -> None:
        self.loop = asyncio.new_event_loop()
        self.wire = Wire(self.loop)
        self.flet = FletSession(self.wire)  # kept here: the page refers to it weakly
        self.page = self.flet.page
        main.setup_page(self.page)
        msgpack.packb(self.flet.get_page_patch(), default=ENCODE)  # the phone registers
        self.session = session if session is not None else Session(
            store, language, screens=SCREENS)
        self.shell = main.Shell(self.page, self.session)
        self.ui = self.shell.ui
        self.routes: list[str] = []  # the addresses the app pushed, in order
        pushed = self.session.on_navigate

        def navigate(url: str) -> None:
            self.routes.append(url)
            if pushed is not None:
                pushed(url)

        self.session.on_navigate = navigate
        self.page.on_route_change = self.shell.route_changed
        self.session.open(route)
        self.render()

    # drawing
    def render(self) -> None:
        """The shell draws the screen again (as after an action)."""
        self.shell.render()
        self.settle()

    def settle(self) -> None:
        """Let the page's own tasks run, the phone answering each method the server asks
        it to run (e.g. showing a pushed address)."""
        for _ in range(3):
            self.loop.run_until_complete(asyncio.sleep(0))
            calls, self.wire.calls = self.wire.calls, []
            for call in calls:
                self.flet.handle_invoke_method_results(call.control_id, call.call_id, None,
                                                       None)

    @property
    def view(self) -> ft.View:
        """The screen the page shows: its bar, button and the layer on top."""
        [view] = self.page.views
        shown = [c for c in view.controls if c.visible is not False]
        return ft.View(route=view.route, appbar=view.appbar, controls=shown,
                       floating_action_button=view.floating_action_button)

    @property
    def dialog(self) -> Any:
        return self.shell.overlays.dialog

    @property
    def notice(self) -> Any:
        return self.shell.overlays.bar

    def roots(self) -> list[Any]:
        return [r for r in (self.view, self.dialog, self.notice) if r is not None]

    @property
    def screen(self) -> str:
        return self.session.route.screen

    def go(self, route: str) -> None:
        """Open a route as the browser does on a reload or a typed address."""
        self.session.open(route)
        self.render()

    def reload(self, store: Any) -> Phone:
        """A new tab (or a reload) on the same address (this one is closed first)."""
        self.shell.closed()
        return Phone(store, self.session.device_language, self.session.route.url())

    # finding
    def all(self, identifier: str) -> list[Any]:
        return [c for root in self.roots() for c in walk(root)
                if isinstance(c, ft.Semantics) and c.identifier == identifier]

    def has(self, identifier: str) -> bool:
        return bool(self.all(identifier))

    def find(self, identifier: str) -> Any:
        found = self.all(identifier)
        if not found:
            shown = sorted({c.identifier for r in self.roots() for c in walk(r)
                            if isinstance(c, ft.Semantics) and c.identifier})
            raise AssertionError(f"no control {identifier!r} on {self.session.route}; "
                                 f"there are: {shown}")
        return found[0]

    def spoken(self, identifier: str) -> str:
        """The name a screen reader hears for the control: its tag's label, or (a button,
        chip or switch that is its own node) that control's tooltip or what its text is
        read as."""
        node = self.find(identifier)
        if node.label:
            return node.label
        for c in walk(node):
            if isinstance(c, ft.Icon) and c.semantics_label:
                return c.semantics_label
            if isinstance(c, ft.Text) and (c.semantics_label or c.value):
                return c.semantics_label or c.value
        return ""

    def text(self, identifier: str) -> str:
        return " ".join(texts(self.find(identifier)))

    def checked(self, identifier: str) -> bool | None:
        """Whether a screen reader hears the option as checked: a radio, checked when
        its group's value is its own (its group is its nearest ``RadioGroup``); else the
        node's own ``checked`` (a switch's ``toggled``)."""
        for root in self.roots():
            for group in walk(root):
                if not isinstance(group, ft.RadioGroup):
                    continue
                for node in walk(group):
                    if isinstance(node, ft.Semantics) and node.identifier == identifier:
                        radio = next(c for c in walk(node) if isinstance(c, ft.Radio))
                        return radio.value == group.value
        node = self.find(identifier)
        return node.checked if node.checked is not None else node.toggled

    def radio_group_label(self, identifier: str) -> str | None:
        """The name of the radio group that holds the option ``identifier``."""
        for root in self.roots():
            for group in walk(root):
                if isinstance(group, ft.RadioGroup) and any(
                        isinstance(n, ft.Semantics) and n.identifier == identifier
                        for n in walk(group)):
                    return group.content.label
        return None

    def screen_text(self) -> str:
        return " ".join(t for root in self.roots() for t in texts(root))

    def control(self, identifier: str, kind: type) -> Any:
        for c in walk(self.find(identifier)):
            if isinstance(c, kind):
                return c
        raise AssertionError(f"{identifier!r} holds no {kind.__name__}")

    def _clickable(self, identifier: str) -> Any:
        for c in walk(self.find(identifier)):
            if getattr(c, "on_click", None) is not None or (
                    isinstance(c, ft.Chip) and c.on_select is not None):
                return c
        raise AssertionError(f"{identifier!r} has nothing to tap")

    def _clickable_or_none(self, identifier: str) -> Any:
        try:
            return self._clickable(identifier)
        except AssertionError:
            return None

    def disabled(self, identifier: str) -> bool:
        for c in walk(self.find(identifier)):
            if getattr(c, "disabled", False):
                return True
            if getattr(c, "on_click", None) is not None or getattr(c, "on_select", None):
                return False
        return True

    # acting
    def send(self, control: Any, event: str, data: Any = None) -> None:
        """An event from the phone to the control's id, dispatched by Flet (on its event
        loop, as served), then what the page's tasks do with it."""
        self.loop.run_until_complete(self.flet.dispatch_event(control._i, event, data))
        self.settle()

    def set(self, control: Any, value: Any) -> None:
        """A value the phone reports (a field's text, a switch): Flet applies it to the
        control as it arrives, before the event that follows it."""
        self.flet.apply_patch(control._i, {"value": value})

    def tap(self, identifier: str) -> None:
        c = self._clickable(identifier)
        assert not c.disabled, f"{identifier!r} is disabled"
        if getattr(c, "on_click", None) is not None:
            self.send(c, "click")
        else:  # a chip
            c.on_select(SimpleNamespace(control=c, data=None))
            self.settle()

    def type(self, identifier: str, text: str) -> None:
        field = self.control(identifier, ft.TextField)
        self.set(field, text)
        self.send(field, "change", text)
        if field.on_blur is not None:
            self.send(field, "blur")

    def choose(self, identifier: str, value: str) -> None:
        dropdown = self.control(identifier, ft.Dropdown)
        self.set(dropdown, value)
        dropdown.on_select(SimpleNamespace(control=dropdown, data=value))
        self.settle()

    def switch(self, identifier: str, value: bool) -> None:
        sw = self.control(identifier, ft.Switch)
        self.set(sw, value)
        self.send(sw, "change", str(value).lower())

    # the game from the player's side
    def new_game(self, names: list[str], **choices: str) -> str:
        """Fill the new-game screen and start; returns the new game's id."""
        self.go("/new")
        while self.session.form.count < len(names):
            self.tap(ids.ADD_PLAYER)
        while self.session.form.count > len(names):
            self.tap(ids.PLAYER_REMOVE.format(seat=self.session.form.count - 1))
        for seat, name in enumerate(names):
            self.type(ids.PLAYER_NAME.format(seat=seat), name)
        for identifier in choices.values():
            self.tap(identifier)
        self.tap(ids.START_GAME)
        assert self.screen == "sheet", self.screen_text()
        assert self.session.game is not None
        return self.session.game.id

    def enter_points(self, points: list[int], moon_choice: str | None = None) -> None:
        """Enter and save the next hand by typing points."""
        self.tap(ids.ENTER_HAND)
        self.tap(ids.MODE_POINTS)
        for seat, p in enumerate(points):
            self.type(ids.POINTS.format(seat=seat), str(p))
        if moon_choice:
            self.tap(ids.MOON_CHOICE.format(choice=moon_choice))
        self.tap(ids.SAVE_HAND)
        assert self.screen == "sheet", self.screen_text()

    def totals(self) -> list[int]:
        game = self.session.game
        assert game is not None
        # a negative total is drawn with a true minus sign (U+2212)
        return [int(self.text(ids.TOTAL.format(seat=s)).replace("\u2212", "-"))
                for s in range(game.game.seats)]
