"""An import's undo log: what the import must undo if it does not complete, on disk, so
that an import is all or nothing even when its process is killed.

``imports/<token>.undo``, one JSON line per game file the import replaces or adds,
appended under the game's lock: before the write ``{"gid": id, "was": K}`` (K the
identity of the file before, see :func:`.storage.file_key`, or null for a new game),
and after it ``{"gid": id, "key": K}`` (the file written). Where each game is written
durably, the line before is fsynced before the game's file is replaced.

The import's process holds ``locks/import-<token>.lock`` from before its log exists
until after it is gone. The import is *committed* when the log is removed, once every
game it wrote is on disk. An import that fails undoes its games from the log and then
removes it; a log whose lock is free was left by a killed process and is undone the
next time a store opens the folder (:func:`.importing.undo_killed_imports`).
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from . import platform
from .errors import os_error
from .storage import O_BINARY, O_CLOEXEC, fsync_dir, lock_fd, write_all

SUFFIX = ".undo"

Key = list[int] | None  # a file's identity, as the log and the index keep it


@dataclass
class Written:
    """One game file the import wrote, or was about to write."""

    gid: str
    was: Key  # the file before (None: there was none)
    key: Key = None  # the file written (None: the write may not have happened)


def records(raw: bytes) -> list[Written]:
    """The games a log names, in the order written (a torn last line is left out: its
    write had not begun)."""
    out: dict[str, Written] = {}
    for line in raw.split(b"\n"):
        try:
            rec = json.loads(line)
            gid = rec["gid"]
        except (ValueError, TypeError, KeyError, UnicodeDecodeError):
            continue
        if "was" in rec:  # a second write of the same game: the first "was" stands
            out.setdefault(gid, Written(gid, rec["was"])).key = None
        elif "key" in rec and gid in out:
            out[gid].key = rec["key"]
    return list(out.values())


class UndoLog:
    """The log of one import, made on its first game (:meth:`before`)."""

    def __init__(self, folder: Path, locks: Path, durable: bool) -> None:
        self.folder = folder
        self.locks = locks
        self.durable = durable
        self.token = f"{os.getpid()}.{secrets.token_hex(6)}"
        self.path = folder / f"{self.token}{SUFFIX}"
        self.written: list[Written] = []
        self._fd = -1
        self._lock: contextlib.ExitStack | None = None

    def before(self, gid: str, was: Key) -> None:
        """Game ``gid`` is about to be written (its lock held)."""
        entry = Written(gid, was)
        self.written.append(entry)
        if self._fd < 0:
            self._start()
        self._append({"gid": gid, "was": was}, sync=self.durable)

    def after(self, gid: str, key: Key) -> None:
        """Game ``gid`` was written: its file is ``key`` (its lock still held)."""
        for entry in reversed(self.written):
            if entry.gid == gid:
                entry.key = key
                break
        self._append({"gid": gid, "key": key}, sync=False)

    def _start(self) -> None:
        stack = contextlib.ExitStack()
        stack.enter_context(lock(self.locks, self.token, wait=True))
        try:
            if not self.folder.is_dir():
                self.folder.mkdir(exist_ok=True)
                if self.durable:
                    fsync_dir(self.folder.parent)
            self._fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND
                               | O_CLOEXEC | O_BINARY, 0o644)
            if self.durable:
                fsync_dir(self.folder)
        except OSError as e:
            if self._fd >= 0:
                with contextlib.suppress(OSError):
                    os.close(self._fd)
                    os.unlink(self.path)
                self._fd = -1
            stack.close()
            raise os_error(e, self.path) from e
        self._lock = stack

    def _append(self, rec: dict, sync: bool) -> None:
        try:
            write_all(self._fd, (json.dumps(rec) + "\n").encode())
            if sync:
                os.fsync(self._fd)
        except OSError as e:
            raise os_error(e, self.path) from e

    def close(self) -> None:
        """Remove the log (the import committed, or its games were undone) and let go of
        its lock. Raises a :class:`.errors.StoreError` if the log could not be removed."""
        if self._fd < 0:
            return
        try:
            os.close(self._fd)
            self._fd = -1
            remove(self.path)
        finally:
            if self._lock is not None:
                self._lock.close()
                self._lock = None


def remove(path: Path) -> None:
    """Remove a log, durably (the import's commit, or the end of its undo)."""
    try:
        os.unlink(path)
        fsync_dir(path.parent)
    except FileNotFoundError:
        pass
    except OSError as e:
        raise os_error(e, path, "remove") from e
    platform.made_durable()


def left(folder: Path) -> list[Path]:
    """The logs in ``folder``, oldest first by name (none if there is no folder)."""
    try:
        names = sorted(n for n in os.listdir(folder) if n.endswith(SUFFIX))
    except OSError:
        return []
    return [folder / n for n in names]


@contextlib.contextmanager
def lock(locks: Path, token: str, wait: bool) -> Iterator[bool]:
    """The lock of import ``token``; yields whether it was taken (without ``wait``, not
    while another process holds it: that import is still running). The lock file goes
    when it is let go of. Where no other process sees the folder (the browser), there
    is nothing to lock against: taken."""
    if not platform.other_processes():
        yield True
        return
    path = locks / f"import-{token}.lock"
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | O_CLOEXEC, 0o644)
    except OSError as e:
        raise os_error(e, path, "lock") from e
    try:
        try:
            lock_fd(fd, shared=False, wait=wait)
        except BlockingIOError:
            yield False
            return
        except OSError as e:
            raise os_error(e, path, "lock") from e
        try:
            yield True
        finally:
            with contextlib.suppress(OSError):
                os.unlink(path)
    finally:
        os.close(fd)  # closing lets go of the lock
