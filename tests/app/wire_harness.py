"""A browser tab without the browser, down to the bytes: the app's shell on a real Flet
session whose connection encodes every message as the web server does (msgpack) and keeps
it, so a test or benchmark can count what a phone would be sent."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.messaging.connection import Connection
from flet.messaging.protocol import configure_encode_object_for_msgpack
from flet.messaging.session import Session as FletSession
from flet.pubsub.pubsub_hub import PubSubHub

from app_harness import walk
from scorekeeper import rules
from scorekeeper.app import ids, main
from scorekeeper.app.session import Session

ENCODE = configure_encode_object_for_msgpack(BaseControl)


class Wire(Connection):
    """A connection that keeps every message, encoded as the web server encodes it."""

    def __init__(self) -> None:
        super().__init__()
        self.sent: list[bytes] = []
        self.pubsubhub = PubSubHub(None)

    def send_message(self, message: Any) -> None:
        self.sent.append(msgpack.packb([message.action, message.body], default=ENCODE))

    def take(self) -> int:
        """Bytes sent since the last call."""
        n = sum(len(m) for m in self.sent)
        self.sent.clear()
        return n


class Tab:
    """One browser tab: a Flet session on ``Wire`` with the app's shell."""

    def __init__(self, store: Any, url: str) -> None:
        self.wire = Wire()
        self.wire.loop = asyncio.get_running_loop()
        # kept here: the page only refers to its session weakly
        self.flet_session = flet_session = FletSession(self.wire)
        self.page = flet_session.page
        main.setup_page(self.page)
        self.session = Session(store, "en")
        self.shell = main.Shell(self.page, self.session)
        self.session.open(url)
        # the first screen goes out with the client's registration; encoding it is what
        # lets Flet diff what follows against it
        msgpack.packb(flet_session.get_page_patch(), default=ENCODE)
        self.shell.render()
        self.wire.take()

    def shown(self, identifier: str) -> list[Any]:
        """The controls tagged ``identifier`` in the visible part of the page."""
        return [c for v in self.page.views for c in visible(v)
                if isinstance(c, ft.Semantics) and c.identifier == identifier]

    def tap(self, identifier: str) -> int:
        """Tap the control (its handler, as a click from the phone); bytes sent."""
        self.finger(identifier)()
        return self.wire.take()

    def finger(self, identifier: str) -> Any:
        """What a tap on the control runs (found first, so a benchmark times only it)."""
        for tagged in self.shown(identifier):
            for c in walk(tagged):
                if getattr(c, "on_click", None) is not None:
                    return lambda c=c: c.on_click(None)
        raise AssertionError(f"nothing to tap at {identifier!r}")


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


def play(store: Any, players: int, hands: int) -> str:
    names = [f"P{i}" for i in range(players)]
    stored = store.create_game(rules.Game.new(names, rules.Rules(rules.Variant("standard"),
                                                                 10_000)))
    for n in range(hands):
        points = [0] * players
        points[n % players] = points[(n + 1) % players] = 13
        stored = store.add_hand(stored.id, rules.Hand(tuple(points)), stored.version)
    return stored.id


def save_next_hand(tab: Tab) -> int:
    """Open the hand entry from the sheet, enter a hand, save it; bytes the save sent."""
    tab.tap(ids.ENTER_HAND)
    entry = tab.session.entry
    entry.mode = "points"
    entry.points_text = ["13", "13"] + ["0"] * (entry.game.seats - 2)
    tab.shell.render()
    tab.wire.take()
    return tab.tap(ids.SAVE_HAND)


def described(value: Any) -> Any:
    """A control as the phone is told of it: its kind and each property, the controls in it
    described the same way, a handler as whether there is one (Flet's ids and the Python
    objects left out), so two drawings of one screen compare equal."""
    if isinstance(value, (list, tuple)):
        return [described(v) for v in value]
    if not isinstance(value, ft.BaseControl):
        return value  # a number, a text, or a value object (padding, border...)
    out: list[Any] = [type(value).__name__]
    for f in dataclasses.fields(value):
        if f.name.startswith("_") or f.metadata.get("skip"):
            continue
        v = getattr(value, f.name)
        out.append((f.name, v is not None if f.name.startswith("on_") else described(v)))
    return out


def screen_of(view: ft.View, content: Any) -> Any:
    return described([view.appbar, view.floating_action_button, view.bgcolor, content])


def on_page(tab: Tab) -> Any:
    """The screen the page shows: the view's bar and button and its visible layer."""
    [view] = tab.page.views
    shown = [holder for holder in view.controls if holder.visible is not False]
    assert len(shown) == 1, f"{len(shown)} layers visible"
    [content] = shown[0].controls
    return screen_of(view, content)


def drawn_anew(tab: Tab) -> Any:
    """The same screen drawn afresh from the session as it is now (then the tab's own
    drawing again, so its fields are the ones on the page)."""
    view = main.draw(tab.shell.ui)
    content = view.controls[0] if len(view.controls) == 1 else ft.Column(
        view.controls, spacing=0, expand=True)
    fresh = screen_of(view, content)
    tab.shell.render()
    return fresh
