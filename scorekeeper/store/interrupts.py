"""SIGINT and SIGTERM held back while the store does something that must not be cut in
two (an import and its undo): a handler of ours takes them and notes them, and the store
asks between two steps whether one came (:func:`held`).

Only a process that leaves Ctrl-C to Python (a command) has its signals held, in its
main thread; where there are no signals (Windows has no SIGTERM handler to keep, the
browser has none), nothing is held: a Ctrl-C raises ``KeyboardInterrupt`` wherever it
lands, as before.

The signals are taken by a handler, not blocked with a thread's signal mask: the kernel
hands a process's signal to any thread that does not block it, so a mask on the main
thread alone lets a Ctrl-C through as soon as the process has a second thread (a library's
worker, a test runner's leftover). A handler is the process's, whichever thread the
kernel picks, and Python runs it in the main thread.
"""

from __future__ import annotations

import atexit
import contextlib
import signal
import threading
from types import FrameType
from typing import Callable, Iterator

from . import platform

STOP = tuple(s for s in (getattr(signal, "SIGINT", None), getattr(signal, "SIGTERM", None))
             if s is not None)
_came: list[int] = []  # signals our handler took and no ``stopped()`` has seen yet
_seen = threading.local()  # signals seen inside the outermost hold of this thread


def _note(signum: int, frame: FrameType | None) -> None:
    """Our handler while a hold lasts: the signal waits, noted."""
    _came.append(signum)


def _main() -> bool:
    return threading.current_thread() is threading.main_thread()


def _holding() -> bool:
    """Whether our handler takes SIGINT now (a hold, or :func:`hold_until_exit`)."""
    try:
        return _main() and signal.getsignal(signal.SIGINT) is _note
    except (AttributeError, ValueError):
        return False


def _ours() -> bool:
    """Whether a Ctrl-C here is ours to hold: in the main thread (where Python runs
    signal handlers) of a process that left SIGINT to Python (a KeyboardInterrupt). A
    process with a handler of its own (the server, see ``app.server.stopping``) keeps
    its signals: they are never taken here."""
    if platform.BROWSER:  # no signals come to the page's Python
        return False
    try:
        return _main() and signal.getsignal(signal.SIGINT) is signal.default_int_handler
    except (AttributeError, ValueError):
        return False


def _take_over() -> dict[int, object] | None:
    """Our handler for STOP; the handlers before, or None where nothing can be held."""
    if not _ours():
        return None
    before: dict[int, object] = {}
    try:
        for sig in STOP:
            before[sig] = signal.signal(sig, _note)
    except (OSError, ValueError, RuntimeError):
        _give_back(before)
        return None
    return before


def _give_back(before: dict[int, object]) -> None:
    for sig, handler in before.items():
        with contextlib.suppress(OSError, ValueError, RuntimeError, TypeError):
            signal.signal(sig, handler)  # type: ignore[arg-type]


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
    before: dict[int, object] | None = None

    def stopped() -> bool:
        if _came and _holding():
            _came.clear()
            _seen.flag = True
        return bool(_seen.flag)

    try:
        if outer:
            before = _take_over()
            if before is not None:
                _came.clear()
        yield stopped
    finally:
        _seen.depth -= 1
        if before is not None:
            _give_back(before)
            waiting = list(dict.fromkeys(_came))
            _came.clear()
            for sig in waiting:  # as if they came now: the handlers before take them
                signal.raise_signal(sig)


def hold_until_exit() -> None:
    """SIGINT and SIGTERM wait from now until the process ends (then they are dropped):
    a command that has done its work and said so cannot be cut off before its exit. A
    hold begun later still sees them through its ``stopped()``."""
    if _take_over() is not None:
        atexit.register(_ignore_from_now_on)


def _ignore_from_now_on() -> None:
    """At exit, after the command has said what it did: SIGINT and SIGTERM are ignored.
    Python, shutting down after the atexit calls, gives every signal with a Python
    handler its default action back, so a Ctrl-C in the interpreter's last milliseconds
    would kill the process (status -2, not the exit code the command chose). An ignored
    signal stays ignored to the end."""
    for sig in STOP:
        with contextlib.suppress(OSError, ValueError, RuntimeError):
            signal.signal(sig, signal.SIG_IGN)
