"""The server's Python allocates from the C library's ``malloc``, not from pymalloc.

Why (measured with ``tests/benchmarks/bench_server.py``): a phone's session is about
1,500 small Python objects. pymalloc carves them from 1 MiB arenas and gives an arena
back to the system only once every block in it is free. After 500 sessions had opened
and expired, every object of theirs was freed (the count of live objects was back to
where it started, no Session or Shell left), yet no arena of the burst had been given
back: the few blocks that outlive the sessions (among them the last expired Flet session,
which Flet's eviction loop keeps in a local variable until its next round) are spread
over all of them, and RSS stayed about 58 MB above the start. From ``malloc`` the same
objects leave free pages that glibc's ``malloc_trim`` (``serve.Tidy``) hands back.

``PYTHONMALLOC`` is read only when the interpreter starts, so ``scorekeeper serve``
executes itself again, once, with it set: the same process (its id, so signals and
supervisors see no change), arguments and environment otherwise. SIGINT and SIGTERM are
blocked across the ``execve`` and wait, pending, for the new image's handler
(``stopping``); one that came before it stops the server without it. A ``PYTHONMALLOC``
already set (``pymalloc`` to keep Python's own, ``debug``...) is left as it is, and so
is a platform without ``exec`` (Windows).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping, Sequence

from . import stopping

ENV = "PYTHONMALLOC"
WANTED = "malloc"


def restart_argv(environ: Mapping[str, str], orig_argv: Sequence[str],
                 platform: str = os.name) -> list[str] | None:
    """The command line to execute again with ``PYTHONMALLOC=malloc``, or None when this
    interpreter is to go on as it is."""
    if ENV in environ or platform != "posix" or len(orig_argv) < 2:
        return None
    return list(orig_argv)


def serve_on_malloc(environ: Mapping[str, str] | None = None,
                    execve: Callable[..., object] = os.execve) -> None:
    """Execute this ``scorekeeper serve`` again on ``malloc`` (does not return then)."""
    environ = os.environ if environ is None else environ
    argv = restart_argv(environ, getattr(sys, "orig_argv", ()))
    if argv is None:
        return
    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    stopping.block()  # a SIGINT or SIGTERM from now on waits for the new image's handler
    stop = stopping.current()
    try:
        if stop is None or not stop.requested:  # one that came before: stop as we are
            execve(sys.executable, argv, {**environ, ENV: WANTED})
    finally:  # reached only when this process was not replaced
        stopping.unblock()
