"""Drive the app without a browser: the real session, screen models and store, the real
Flet control trees.

``Phone(store)`` opens the app like a browser tab would; ``tap``, ``type``, ``pick``
call the very handlers the views attach to the controls found by their identifiers
(:mod:`scorekeeper.app.ids`), and every action redraws the current view, dialog and notice
(as the shell does: :func:`scorekeeper.app.main.draw` and ``overlay``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import flet as ft

from scorekeeper.app import ids, overlays, widgets
from scorekeeper.app.main import draw, overlay
from scorekeeper.app.session import Session


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
    """One browser tab on the app, without the browser."""

    def __init__(self, store: Any, language: str | None = "en", route: str = "/") -> None:
        self.session = Session(store, language)
        self.ui = widgets.Ui(self.session, self.render)
        self.routes: list[str] = []
        self.session.on_navigate = self.routes.append
        self.session.open(route)
        self.render()

    # drawing
    def render(self) -> None:
        self.view = draw(self.ui)
        self.dialog = overlay(self.ui)
        self.notice = overlays.notice_bar(self.ui)

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
        self.session.leave()
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
    def tap(self, identifier: str) -> None:
        c = self._clickable(identifier)
        assert not c.disabled, f"{identifier!r} is disabled"
        handler = c.on_click if getattr(c, "on_click", None) is not None else c.on_select
        handler(SimpleNamespace(control=c, data=None))

    def type(self, identifier: str, text: str) -> None:
        field = self.control(identifier, ft.TextField)
        field.value = text
        field.on_change(SimpleNamespace(control=field, data=text))
        if field.on_blur is not None:
            field.on_blur(SimpleNamespace(control=field, data=None))

    def choose(self, identifier: str, value: str) -> None:
        dropdown = self.control(identifier, ft.Dropdown)
        dropdown.value = value
        dropdown.on_select(SimpleNamespace(control=dropdown, data=value))

    def switch(self, identifier: str, value: bool) -> None:
        sw = self.control(identifier, ft.Switch)
        sw.value = value
        sw.on_change(SimpleNamespace(control=sw, data=str(value).lower()))
        self.render()

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
