"""Kill points for the store's sweep (``test_store_kill_sweep.py``), the way SQLite tests
its I/O: every call the store makes that changes a file (write, fsync, rename, link,
unlink, truncate, a new folder, a sync of the disk) is a *step*; ``Steps(kill_at=k)``
installed in a child process counts them and, at step ``k``, kills the process with
SIGKILL: before the call, or (``torn=True``, for a write of more than one byte) after
only half of its bytes were written, as a kill that lands inside the kernel's copy of a
page does.

Only calls on files under ``folder`` count (a step's path, or a file descriptor opened
there); the child's own acknowledgements to the parent go through ``ack``, which uses
the real ``os.write``.
"""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path
from typing import Any, Callable

# os functions that change what is stored, and which of their arguments is a path
# (an int argument is a file descriptor)
PATH_CALLS = ("replace", "rename", "link", "unlink", "remove", "rmdir", "mkdir", "truncate")
FD_CALLS = ("write", "fsync", "fdatasync", "ftruncate")
REAL_WRITE = os.write


class Steps:
    """Count the store's I/O steps in this process; kill it at step ``kill_at``."""

    def __init__(self, folder: Path, kill_at: int | None, torn: bool = False) -> None:
        self.folder = str(folder.resolve())
        self.kill_at = kill_at
        self.torn = torn
        self.count = 0
        self.kinds: list[str] = []

    def install(self) -> None:
        real_open = os.open
        mine: set[int] = set()  # descriptors opened under the folder

        def opener(path: Any, flags: int, *a: Any, **kw: Any) -> int:
            fd = real_open(path, flags, *a, **kw)
            if self._inside(path, kw.get("dir_fd")):
                mine.add(fd)
            else:
                mine.discard(fd)
            return fd

        os.open = opener  # type: ignore[assignment]
        for name in PATH_CALLS:
            self._wrap(name, lambda args: self._inside(args[0]) if args else False)
        for name in FD_CALLS:
            self._wrap(name, lambda args: bool(args) and args[0] in mine)
        real_sync = getattr(os, "sync", None)
        if real_sync is not None:
            def sync() -> None:
                self._step("sync", None, ())
                real_sync()
            os.sync = sync  # type: ignore[assignment]

    def _wrap(self, name: str, counts: Callable[[tuple], bool]) -> None:
        real = getattr(os, name, None)
        if real is None:
            return

        def call(*args: Any, **kw: Any) -> Any:
            if counts(args):
                self._step(name, real, args)
            return real(*args, **kw)

        setattr(os, name, call)

    def _step(self, name: str, real: Callable | None, args: tuple) -> None:
        self.count += 1
        self.kinds.append(name)
        if self.count != self.kill_at:
            return
        if self.torn and name == "write" and real is not None and len(args[1]) > 1:
            data = bytes(args[1])
            real(args[0], data[: len(data) // 2])
        os.kill(os.getpid(), signal.SIGKILL)

    def _inside(self, path: Any, dir_fd: Any = None) -> bool:
        if dir_fd is not None or isinstance(path, int):
            return False
        try:
            full = os.path.abspath(os.fsdecode(path))
        except (TypeError, ValueError):
            return False
        return full == self.folder or full.startswith(self.folder + os.sep)


def ack(out: int, what: Any) -> None:
    """Tell the parent (one JSON line) that a call returned."""
    REAL_WRITE(out, (json.dumps(what) + "\n").encode())
