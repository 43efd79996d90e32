"""Keep the controls the phone already has: fold a freshly drawn view into the one on screen.

Every screen is drawn from its model as a new tree of controls (a pure function, which
the fast tests inspect). Handing Flet 1.0 that new tree makes it send the whole screen
again when the view is new to the page (e.g. back from the hand entry to the sheet), or
compare and re-register every control when it matches the old one by key (a
"frozen" diff). Either way the server walks and serialises every control: on a saved hand
that was most of the time before the new totals reached the phone.

:func:`merge` instead copies what changed from the new tree onto the old, live controls:
a changed text or colour is set on the old control (Flet marks just that property
dirty), a child that is new or of another kind takes its place, and lists of children are
matched by key, identifier and kind (so an inserted row does not shift every row after
it). ``page.update()`` then sends only those changes. Event handlers are taken over
silently (the phone only knows whether a control has one). A control that cannot be
patched this way (another kind, another key, a changed structural field, or one Flet
froze) is replaced by its new version, which is always correct, only bigger.
"""

from __future__ import annotations

import os
import threading
from typing import Any

import flet as ft

from . import routes

LOOKAHEAD = 12  # how far along the old children a new child looks for its match
# "0" draws every view anew, as before the views were kept, for the browser benchmark's
# A/B (bench_browser.py --ab).
RETAIN = os.environ.get("SCOREKEEPER_RETAIN", "1") != "0"


class KeptView:
    """The one view a tab shows, kept from screen to screen, holding each screen's content
    as a layer.

    The same screen drawn again is folded into its layer (:func:`merge`), so only what
    changed is sent. A screen opened from its parent (the hand entry or the change log
    from the sheet) is a new layer over the parent's, which stays on the phone, hidden and
    unchanged; going back to it (Save, Back) folds the parent's new drawing into it and
    shows it again, so a saved hand sends the new totals and row, not a whole new sheet
    (and the phone builds no new route). The app bar and floating button are the
    screen's, folded in too."""

    def __init__(self) -> None:
        self.view: ft.View | None = None
        self.quiet: list[Any] = []  # what the last fold found unchanged (see send())
        self.stack: list[tuple[str, ft.Control]] = []  # the layers, with their addresses

    def show(self, page: Any, route: routes.Route, view: ft.View) -> ft.View | None:
        """Put the screen's ``view`` on ``page``, keeping the controls the phone has.

        Returns the kept view when it was brought up to date (to be sent with
        :meth:`send`; it is isolated, so the page's own update does not walk it), or
        None when it is new on the page."""
        if not RETAIN:
            page.views[:] = [view]
            return None
        _fold.quiet = self.quiet = []
        try:
            view.controls = self._layers(route, view)
            view.key = "tab"
            shown = self.view
            if shown is not None:
                view.route = shown.route  # one route for the one view: no route transition
                view = merge(shown, view)
                if view is shown:
                    return view
        finally:
            _fold.quiet = None
        view._isolated = True  # type: ignore[attr-defined]
        self.view = view
        page.views[:] = [view]
        return None

    def send(self, page: Any, view: ft.View) -> None:
        """``page.update(view)``, with Flet's diff kept out of the parts the fold found
        unchanged: each is isolated for this one update (its own properties are still
        compared, its children are not), so a save walks the changed part of the sheet,
        not all of it."""
        marked = [c for c in self.quiet if not getattr(c, "_isolated", False)]
        for c in marked:
            c._isolated = True
        try:
            page.update(view)
        finally:
            for c in marked:
                c._isolated = False
            self.quiet = []

    def _layers(self, route: routes.Route, view: ft.View) -> list[ft.Control]:
        stack = self.stack
        url = route.url()
        layer = view.controls[0] if len(view.controls) == 1 else ft.Column(
            view.controls, spacing=0, expand=True)
        # keyed by its address: only a drawing of the same screen is folded into a layer
        # (another screen starts afresh, e.g. not inheriting the sheet's scroll offset)
        layer.key = url
        at = next((i for i, (u, _) in enumerate(stack) if u == url), None)
        if at is not None:
            stack[at + 1:] = []
            stack[at] = (url, merge(stack[at][1], layer))
        elif stack and route.parent().url() == stack[-1][0]:
            stack[:] = [stack[-1], (url, layer)]
        else:
            stack[:] = [(url, layer)]
        for _, hidden in stack[:-1]:
            hidden.visible = False
        stack[-1][1].visible = True
        return [c for _, c in stack]


def live(control: Any) -> Any:
    """The control on the page that ``control`` (freshly drawn) was folded into, or
    ``control`` itself: what the phone types into and Flet updates."""
    return getattr(control, "_live", None) or control


def key_of(control: Any) -> Any:
    values = getattr(control, "_values", None)
    key = values.get("key") if values is not None else getattr(control, "key", None)
    return getattr(key, "value", key)


def signature(control: Any) -> tuple[Any, ...]:
    """What makes two children the same one: kind, key, and identifier if tagged."""
    return (type(control), key_of(control),
            control.identifier if isinstance(control, ft.Semantics) else None)


def mergeable(old: Any, new: Any) -> bool:
    """Whether ``old`` may be patched into ``new``: same kind and key, not frozen by Flet,
    and not a control a screen keeps for reuse (``Ui.memo``: it must keep showing what it
    was built for; another one takes its place instead)."""
    return (isinstance(old, ft.BaseControl) and type(old) is type(new)
            and not hasattr(old, "_frozen") and not getattr(old, "_kept", False)
            and key_of(old) == key_of(new))


def merge(old: Any, new: Any) -> Any:
    """``old`` (a live control) changed to look like ``new``; or ``new`` when it cannot be.

    ``new`` must be freshly built (not on a page); parts of it may end up in ``old``."""
    return _merge(old, new)[0]


def _merge(old: Any, new: Any) -> tuple[Any, bool]:
    """:func:`merge`, and whether anything the phone sees changed in it. A live control
    found unchanged, children and all, goes on the fold's quiet list (see KeptView.send)."""
    if old is new:
        return new, False  # a kept control (Ui.memo), as it was
    if not mergeable(old, new):
        return new, True
    cls = type(old)
    lists = []
    for name in cls._structural_fields:
        if name.startswith("_") and name != "_internals":
            continue
        a, b = getattr(old, name), getattr(new, name)
        if isinstance(a, list) and isinstance(b, list):
            lists.append((name, a, b))
        elif isinstance(a, ft.BaseControl) or isinstance(b, ft.BaseControl) or a != b:
            return new, True  # e.g. a view's route: Flet would not see it change in place
    changed = False
    for name, a, b in lists:
        merged, inner = _merge_list(a, b)
        changed |= inner
        if not same_items(a, merged):
            setattr(old, name, merged)  # Flet diffs it against its snapshot
    changed |= _merge_values(old, new)
    if old.data != new.data:
        changed = True
    old.data = new.data
    new._live = old  # what a text field drawn as ``new`` is on the page (see live())
    quiet = getattr(_fold, "quiet", None)
    if not changed and quiet is not None:
        quiet.append(old)
    return old, changed


def _merge_values(old: Any, new: Any) -> bool:
    """The properties of ``new`` set on ``old``; whether any the phone sees changed."""
    cls = type(old)
    values = old._values
    defaults = cls._prop_defaults
    events = cls._event_fields
    changed = False
    for name in {**values, **new._values}:
        a = values.get(name, defaults.get(name))
        b = new._values.get(name, defaults.get(name))
        if a is b:
            continue
        if name in events and (a is None) == (b is None):
            if b is not None:
                values[name] = b  # the new handler; the phone sees no change
            continue
        if isinstance(a, ft.BaseControl) and isinstance(b, ft.BaseControl):
            b, inner = _merge(a, b)
            changed |= inner
            if b is a:
                continue
        elif isinstance(a, list) and isinstance(b, list):
            b, inner = _merge_list(a, b)
            changed |= inner
            if same_items(a, b):
                continue
            values[name] = b  # a list compares by value: set it as the new list
            old._dirty[name] = None
            continue
        changed |= a != b
        setattr(old, name, b)  # unchanged values compare equal and are not sent
    return changed


# While KeptView folds a drawing, in this thread: the live controls found unchanged (see
# KeptView.send). Per thread: Flet draws the tabs of several phones at once.
_fold = threading.local()


def same_items(a: list[Any], b: list[Any]) -> bool:
    return len(a) == len(b) and all(x is y for x, y in zip(a, b))


def merge_list(old: list[Any], new: list[Any]) -> list[Any]:
    """The new children, each an old one brought up to date where one matches (in order,
    looking a little ahead, so an inserted or removed child leaves the rest matched)."""
    return _merge_list(old, new)[0]


def _merge_list(old: list[Any], new: list[Any]) -> tuple[list[Any], bool]:
    out: list[Any] = []
    changed = len(old) != len(new)
    sigs = [signature(o) for o in old]
    j = 0
    for n in new:
        if not isinstance(n, ft.BaseControl):
            at = len(out)
            changed |= at >= len(old) or (old[at] is not n and old[at] != n)
            out.append(n)
            continue
        sig = signature(n)
        match = None
        for k in range(j, min(len(old), j + LOOKAHEAD)):
            if sigs[k] == sig:
                match = k
                break
        if match is None:
            out.append(n)
            changed = True
            continue
        merged, inner = _merge(old[match], n)
        out.append(merged)
        changed |= inner or match != len(out) - 1
        j = match + 1
    return out, changed
