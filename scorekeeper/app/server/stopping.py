"""How the server stops: SIGINT (Ctrl-C) exits with status 130, SIGTERM with 0, each after
the line "Hearts Scorekeeper: stopped", whenever the signal comes: while the command
starts (re-executing itself, opening the store, building the app), while it serves
(phones connected or not), or while it stops.

One handler for both signals, installed once by the command (:func:`install`) and kept
until the process ends: it records the first signal, which decides the status, and asks
the server to stop (uvicorn's ``handle_exit``: a second Ctrl-C cuts the graceful wait
short). Before, three handlers took turns and the status depended on which one a signal
met: Python's default (SIGTERM killed the process without its "stopped" line while it
started), uvicorn's (which restores the handler it found and raises the signal again
once it has stopped: a SIGINT inherited as ignored, as a shell's background job has it,
then stopped the server with status 0) and asyncio's own for SIGINT.

The re-execution at start (``allocator``) blocks both signals across ``execve``: one that
comes then waits, pending, until the new image has installed this handler.
"""

from __future__ import annotations

import signal
from typing import Any

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
STATUS = {signal.SIGINT: 130, signal.SIGTERM: 0}

_current: Stopping | None = None


class Stopping:
    """The process's stop request: the first signal, and the server to tell."""

    def __init__(self) -> None:
        self.signal: int | None = None
        self.server: Any = None  # a uvicorn.Server once there is one

    @property
    def requested(self) -> bool:
        return self.signal is not None

    @property
    def status(self) -> int:
        """The exit status: 130 after SIGINT, else 0."""
        return STATUS.get(self.signal, 0) if self.signal is not None else 0

    def handle(self, signum: int, frame: Any) -> None:
        if self.signal is None:
            self.signal = signum
        server = self.server
        if server is not None:
            server.handle_exit(signum, frame)


def install() -> Stopping:
    """The handler for SIGINT and SIGTERM from now until the process ends (once: later
    calls return the same), and the two signals unblocked, so one that came during the
    re-execution is handled now. Only for a process that is the server."""
    global _current
    if _current is None:
        _current = Stopping()
        for signum in STOP_SIGNALS:
            signal.signal(signum, _current.handle)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
    return _current


def current() -> Stopping | None:
    return _current


def block() -> None:
    """Hold SIGINT and SIGTERM pending (across ``execve``, until :func:`install`)."""
    signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)


def unblock() -> None:
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
