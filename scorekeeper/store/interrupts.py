"""SIGINT and SIGTERM held back while the store does something that must not be cut in
two (an import and its undo): they wait, blocked, and the store asks between two steps
whether one came (:func:`held`).

Only a process that leaves Ctrl-C to Python (a command) has its signals held, in its
main thread; where signals cannot be blocked (Windows, the browser), nothing is held: a
Ctrl-C raises ``KeyboardInterrupt`` wherever it lands, as before.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from typing import Callable, Iterator

from . import platform

STOP = tuple(s for s in (getattr(signal, "SIGINT", None), getattr(signal, "SIGTERM", None))
             if s is not None)
_mask = getattr(signal, "pthread_sigmask", None)
_pending = getattr(signal, "sigpending", None)
_wait = getattr(signal, "sigwait", None)
_seen = threading.local()  # signals taken inside the outermost hold of this thread


def _ours() -> bool:
    """Whether a Ctrl-C here is ours to hold: in the main thread (where Python runs
    signal handlers) of a process that left SIGINT to Python (a KeyboardInterrupt). A
    process with a handler of its own (the server, see ``app.server.stopping``) keeps
    its signals: they are never taken here."""
    if platform.BROWSER:  # no signals come to the page's Python
        return False
    try:
        return (threading.current_thread() is threading.main_thread()
                and signal.getsignal(signal.SIGINT) is signal.default_int_handler)
    except (AttributeError, ValueError):
        return False


def _block() -> set[int] | None:
    """Block STOP in this thread; the mask before, or None where nothing can be held."""
    if _mask is None or _pending is None or _wait is None or not _ours():
        return None
    try:
        return set(_mask(signal.SIG_BLOCK, STOP))
    except (OSError, ValueError, RuntimeError):
        return None


def _take() -> bool:
    """Take the STOP signals waiting for this thread, if any; whether one was."""
    try:
        waiting = set(_pending()) & set(STOP)  # type: ignore[misc]
        for sig in waiting:
            _wait({sig})  # type: ignore[misc]  # it is pending: returns at once
    except (OSError, ValueError, RuntimeError):
        return False
    return bool(waiting)


@contextlib.contextmanager
def held() -> Iterator[Callable[[], bool]]:
    """Inside, SIGINT and SIGTERM wait; ``stopped()`` takes those waiting and says
    whether one came since the outermost ``held`` of this thread began. Nested: only
    the outermost one lets them through again at its end (those still waiting then are
    delivered as usual: a Ctrl-C raises ``KeyboardInterrupt`` there)."""
    outer = not getattr(_seen, "depth", 0)
    if outer:
        _seen.flag = False
    _seen.depth = getattr(_seen, "depth", 0) + 1
    before: set[int] | None = None

    def stopped() -> bool:
        if before is not None and _take():
            _seen.flag = True
        return bool(_seen.flag)

    try:
        before = _block()
        yield stopped
    finally:
        _seen.depth -= 1
        if before is not None:
            with contextlib.suppress(OSError, ValueError, RuntimeError):
                _mask(signal.SIG_SETMASK, before)  # type: ignore[misc]


def hold_until_exit() -> None:
    """SIGINT and SIGTERM wait from now until the process ends (then they are dropped):
    a command that has done its work and said so cannot be cut off before its exit."""
    _block()
