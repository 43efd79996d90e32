"""One tap on a tagged button is acted on once, though the phone may send it twice.

Why: a tagged button answers a tap twice over, by design (:func:`.widgets.tag`): its own
handler takes a finger's tap, and its identifier node takes a screen reader's (a click
on the node). Flutter's web engine, with the semantics tree on, holds a finger's pointer
events for up to 200 ms to see whether a click on the node follows, and sends one of
the two. On a phone (or a browser) too busy to run that timer in time it sends both
(flutter/flutter#160560): one tap on Bartek's J♦ chip chose him and at once took him
away again, and the game's "unless it loses" box never came.

So the two ways in share one record per button (per tab, kept across drawings, since
the first tap's redraw gives the button new handlers before the second arrives): a tap
that comes the other way within :data:`SAME_TAP_SECONDS` of the end of the last one is
the same tap, and is dropped. Two taps the same way (a finger tapping twice) are two.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

log = logging.getLogger(__name__)

SAME_TAP_SECONDS = 0.5
Taps = dict[str, tuple[str, float]]  # identifier -> (the way the last tap came, its end)

_DRAWING: ContextVar[Taps | None] = ContextVar("taps", default=None)


@contextmanager
def drawing(taps: Taps) -> Iterator[None]:
    """The buttons tagged while drawing a tab's screen share that tab's ``taps``."""
    token = _DRAWING.set(taps)
    try:
        yield
    finally:
        _DRAWING.reset(token)


def share(identifier: str, control: Any, kw: dict[str, Any],
          own: tuple[Any, str] | None = None) -> None:
    """The node's tap (``kw["on_tap"]``) and the control's own handler (``own``, if the
    caller found it already) become one tap. Outside a drawing (a view built on its own,
    in a test) nothing changes."""
    taps = _DRAWING.get()
    if taps is None or kw.get("on_tap") is None:
        return
    kw["on_tap"] = once(taps, identifier, "node", kw["on_tap"])
    found = own if own is not None else own_handler(control)
    if found is not None:
        owner, name = found
        setattr(owner, name, once(taps, identifier, "finger", getattr(owner, name)))


def once(taps: Taps, identifier: str, way: str, handler: Callable[..., Any]
         ) -> Callable[..., None]:
    """``handler``, dropped when the last tap on ``identifier`` came the other way less
    than SAME_TAP_SECONDS ago."""

    def tapped(e: Any = None) -> None:
        last = taps.get(identifier)
        if last is not None and last[0] != way and \
                time.monotonic() - last[1] < SAME_TAP_SECONDS:
            log.debug("%s: the tap came again by the %s: dropped", identifier, way)
            return
        try:
            handler(e)
        finally:
            taps[identifier] = (way, time.monotonic())

    return tapped


def own_handler(control: Any, names: tuple[str, ...] = ("on_click", "on_select"),
                depth: int = 0) -> tuple[Any, str] | None:
    """The first control in ``control`` that takes a tap itself (a button's ``on_click``,
    a chip's ``on_select``: one of ``names``), and that handler's name; None if it is
    disabled or there is none."""
    if control is None or depth > 5 or getattr(control, "disabled", False):
        return None
    for name in names:
        if getattr(control, name, None) is not None:
            return control, name
    for name in ("content", "controls"):
        child = getattr(control, name, None)
        for c in (child if isinstance(child, list) else [child]):
            if c is not None and not isinstance(c, (str, int, float)):
                found = own_handler(c, names, depth + 1)
                if found is not None:
                    return found
    return None


__all__ = ["SAME_TAP_SECONDS", "Taps", "drawing", "once", "own_handler", "share"]
