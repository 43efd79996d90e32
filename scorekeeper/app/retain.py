"""The one view a tab shows, with the screen a player came from kept under it as a layer.

Every screen is drawn from its model as a new tree of controls (a pure function, which
the fast tests inspect). The shell hands each new drawing to Flet, and Flet's own keyed
reconciliation (``flet/controls/object_patch.py``) compares it with the tree the phone
has: a control matched by its ``key`` (or, among unkeyed siblings of one kind, by its
place) takes over its predecessor's id (Flet migrates its state to the new instance), so
the phone keeps its widget and is sent only the properties that changed. A control a screen hands
back unchanged (``Ui.memo``: the same object as last time) is not walked at all.

What this module adds is the layering: a screen opened from its parent (the hand entry or
the change log from the sheet, ``Route.parent()``) is drawn over the parent's last
drawing, which stays on the phone hidden and is not drawn again meanwhile. Going back to
it (Save, Back) draws the parent anew in its old place, so a saved hand sends the new
totals, banner and row, not a whole sheet, and the phone builds no new route. The screen
left stays hidden over it (taking a whole hand entry off the page was most of a save's
work on the server), so the next hand's entry is diffed against it too.
"""

from __future__ import annotations

import os
from typing import Any

import flet as ft

from . import routes

# "0" draws every view anew and on its own (no layers, one view key per screen), as
# before the views were kept, for the benchmarks' A/B (bench_browser.py --ab).
RETAIN = os.environ.get("SCOREKEEPER_RETAIN", "1") != "0"
VIEW_KEY = "tab"  # the one view's key: every drawing is diffed against the last


class KeptView:
    """The layers of a tab's one view: each screen's content with its address, the
    parent screen first and the one opened from it (if any) second; only the one shown
    is visible."""

    def __init__(self) -> None:
        self.stack: list[tuple[str, ft.Control]] = []
        self.route: str | None = None  # the view's route, the same for every drawing

    def show(self, page: Any, route: routes.Route, view: ft.View) -> None:
        """Put the screen's freshly drawn ``view`` on ``page`` in place of the last one
        (``page.update()`` then sends what changed)."""
        if RETAIN:
            view.controls = self._layers(route, view)
            view.key = VIEW_KEY
            if self.route is None:
                self.route = view.route
            view.route = self.route  # one route for the one view: no route transition
        page.views[:] = [view]

    def _layers(self, route: routes.Route, view: ft.View) -> list[ft.Control]:
        stack = self.stack
        url = route.url()
        layer = view.controls[0] if len(view.controls) == 1 else ft.Column(
            view.controls, spacing=0, expand=True)
        at = next((i for i, (u, _) in enumerate(stack) if u == url), None)
        if at is not None:
            stack[at] = (url, layer)
            del stack[at + 2:]
        elif stack and route.parent().url() == stack[0][0]:
            stack[1:] = [(url, layer)]
        else:
            stack[:] = [(url, layer)]
        # each layer in a holder keyed by its address: only a drawing of the same screen
        # is diffed against a layer (another screen starts afresh, e.g. not inheriting
        # the sheet's scroll offset), and the holder, not the drawing, is hidden
        return [ft.Column([content], spacing=0, expand=True, visible=u == url, key=u)
                for u, content in stack]
