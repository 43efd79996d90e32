"""A browser tab without the browser, down to the bytes: the app's shell on a real Flet
session whose connection encodes every message as the web server does (msgpack) and keeps
it, so a test or benchmark can count what a phone would be sent."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import flet as ft
import msgpack
from flet.messaging.session import Session as FletSession

from app_harness import ENCODE, Wire, visible, walk
from scorekeeper import rules
from scorekeeper.app import ids, main
from scorekeeper.app.views import widgets
from scorekeeper.app.screens import SCREENS
from scorekeeper.app.session import Session


class Tab:
    """One browser tab: a Flet session on ``Wire`` with the app's shell."""

    def __init__(self, store: Any, url: str) -> None:
        self.wire = Wire(asyncio.get_running_loop())
        # kept here: the page only refers to its session weakly
        self.flet_session = flet_session = FletSession(self.wire)
        self.page = flet_session.page
        main.setup_page(self.page)
        self.session = Session(store, "en", screens=SCREENS)
        self.shell = main.Shell(self.page, self.session)
        self.session.open(url)
        # the first screen goes out with the client's registration; encoding it is what
        # lets Flet diff what follows against it
        self.wire.phone = PhoneSide(msgpack.packb(flet_session.get_page_patch(),
                                                  default=ENCODE))
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

    async def press(self, identifier: str) -> bool:
        """A tap on the control as the phone sends it: an event to its id, dispatched by
        Flet to the control that has that id now (False: not shown, or disabled)."""
        roots = [c for v in self.page.views for c in visible(v)]
        if self.shell.overlays.dialog is not None:
            roots += list(walk(self.shell.overlays.dialog))
        for tagged in roots:
            if not (isinstance(tagged, ft.Semantics) and tagged.identifier == identifier):
                continue
            if tagged.on_tap is not None:
                await self.flet_session.dispatch_event(tagged._i, "tap", None)
                return True
            for c in walk(tagged):
                if getattr(c, "disabled", False):
                    return False
                if getattr(c, "on_click", None) is not None:
                    await self.flet_session.dispatch_event(c._i, "click", None)
                    return True
        return False

    async def type_in(self, identifier: str, text: str) -> bool:
        """Text typed into the field: its text first (as Flet applies it on arrival), then
        its change event (False: no such field shown)."""
        for tagged in self.shown(identifier):
            for c in walk(tagged):
                if isinstance(c, ft.TextField):
                    if self.wire.phone is not None:  # the phone's field shows it at once
                        self.wire.phone.index[c._i]["value"] = text
                    self.flet_session.apply_patch(c._i, {"value": text})
                    await self.flet_session.dispatch_event(c._i, "change", text)
                    return True
        return False

    def finger(self, identifier: str) -> Any:
        """What a tap on the control runs (found first, so a benchmark times only it)."""
        for tagged in self.shown(identifier):
            for c in walk(tagged):
                if getattr(c, "on_click", None) is not None:
                    return lambda c=c: c.on_click(None)
        raise AssertionError(f"nothing to tap at {identifier!r}")


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
    """The same screen drawn afresh from the session as it is now, by a Ui of its own (then
    the tab's own drawing again, so its fields are the ones on the page)."""
    view = main.draw(widgets.Ui(tab.session))
    content = view.controls[0] if len(view.controls) == 1 else ft.Column(
        view.controls, spacing=0, expand=True)
    fresh = screen_of(view, content)
    tab.shell.render()
    return fresh


def unpacked(data: bytes) -> Any:
    return msgpack.unpackb(data, strict_map_key=False)


class PhoneSide:
    """The control tree as the phone holds it: the page it registered with, then every
    patch Flet sent applied as the client applies it (ids, paths, add, remove, move)."""

    def __init__(self, page: bytes) -> None:
        self.page = unpacked(page)
        self.index: dict[int, dict] = {}
        self._index(self.page)

    def _index(self, value: Any) -> None:
        if isinstance(value, dict):
            if "_i" in value:
                self.index[value["_i"]] = value
            for v in value.values():
                self._index(v)
        elif isinstance(value, list):
            for v in value:
                self._index(v)

    def apply(self, packed: bytes) -> None:
        action, body = unpacked(packed)
        if action != 2:  # MessageAction.PATCH_CONTROL
            return
        root = self.index[body["id"]]
        paths, *ops = body["patch"]
        where: dict[int, list[Any]] = {}

        def node(entry: list[Any], path: list[Any]) -> None:
            where[entry[0]] = path
            for part, child in (entry[1] if len(entry) > 1 else {}).items():
                node(child, path + [part])

        node(paths, [])
        for op in ops:
            kind, at, key = op[0], self._at(root, where[op[1]]), op[2]
            if kind == 0:  # replace
                at[key] = op[3]
                self._index(op[3])
            elif kind == 1:  # add
                if isinstance(at, list):
                    at.insert(key, op[3])
                else:
                    at[key] = op[3]
                self._index(op[3])
            elif kind == 2:  # remove
                del at[key]
            else:  # move
                item = at.pop(key)
                self._at(root, where[op[3]]).insert(op[4], item)

    @staticmethod
    def _at(value: Any, path: list[Any]) -> Any:
        for part in path:
            value = value[part]
        return value

    def screen(self) -> Any:
        """The screen the phone shows: the view's bar, button, colour, visible layer."""
        [view] = self.page["views"]
        shown = [h for h in view["controls"] if h.get("visible", True) is not False]
        assert len(shown) == 1, f"{len(shown)} layers visible on the phone"
        [content] = shown[0]["controls"]
        return plain([view.get("appbar"), view.get("floating_action_button"),
                      view.get("bgcolor"), content])


def encoded(value: Any) -> Any:
    """``value`` as Flet would send it whole (then :func:`plain`)."""
    return plain(unpacked(msgpack.packb(value, default=ENCODE)))


def plain(value: Any) -> Any:
    """An encoded control tree without what tells two equal drawings apart: Flet's ids, and
    the properties that only say a default (the client reads a missing one as its
    default; a patch may have set one back to it)."""
    if isinstance(value, list):
        return [plain(v) for v in value]
    if not isinstance(value, dict):
        return value
    defaults = DEFAULTS.get(value.get("_c"), {})
    out = {}
    for k, v in value.items():
        if k == "_i" or v is None or v == [] or v == {}:
            continue
        if k in defaults and v == defaults[k]:
            continue
        if isinstance(k, str) and k.startswith("on_") and v is False:
            continue
        out[k] = plain(v)
    return out


DEFAULTS: dict[str, dict[str, Any]] = {}  # each control kind's defaults, by its wire name


def learn_defaults(*roots: Any) -> None:
    """Note the defaults of every kind of control in ``roots`` (for :func:`plain`)."""
    for root in roots:
        for c in walk(root):
            name = getattr(c, "_c", None)
            if isinstance(name, str) and name not in DEFAULTS:
                DEFAULTS[name] = {f.name: on_the_wire(f.default)
                                  for f in dataclasses.fields(c)
                                  if f.default is not dataclasses.MISSING
                                  and not f.name.startswith("_")}


def on_the_wire(value: Any) -> Any:
    """A value as the phone reads it (an enum as its value, and so on)."""
    try:
        return unpacked(msgpack.packb(value, default=ENCODE))
    except (TypeError, ValueError):
        return value


def on_phone(tab: Tab) -> Any:
    """The screen the phone shows, from the messages it was sent."""
    assert tab.wire.phone is not None
    learn_defaults(*tab.page.views)
    return tab.wire.phone.screen()


def sent_anew(tab: Tab) -> Any:
    """The same screen drawn afresh from the session as it is now, as Flet would send it
    whole, by a Ui of its own (no control kept from an earlier drawing); then the tab's own
    drawing again, so its fields are the ones on the page."""
    view = main.draw(widgets.Ui(tab.session))
    content = view.controls[0] if len(view.controls) == 1 else ft.Column(
        view.controls, spacing=0, expand=True)
    learn_defaults(view)
    fresh = encoded([view.appbar, view.floating_action_button, view.bgcolor, content])
    tab.shell.render()
    return fresh
