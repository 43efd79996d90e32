"""What the store asks of the machine, answered in one place: on a computer (Linux,
macOS, Windows) and in a phone's browser (Python in Pyodide, the data folder on the
browser's storage, see ``scorekeeper/web/browser.py``).

| question | computer | browser |
|---|---|---|
| back up a file by a hard link | ``os.link``, a copy where the filesystem has none | a copy (Pyodide has no ``os.link``) |
| this boot of the machine (is the journal trusted?) | Linux's boot id; elsewhere unknown | :data:`BROWSER_BOOT`: every durable write (or every :func:`one_sync`) is followed by a sync of everything changed in the folder to IndexedDB in one transaction, all or nothing, so what the browser keeps is the folder as it was after some durable write, never a journal missing a line written before it (as after a crash of the process, not of the machine) |
| is the writer of a temporary file still running? | ``os.kill(pid, 0)``; on Windows unknown | no: the page is the one writer, and it asks only when it opens the folder |
| lock files against other processes | ``flock`` or portalocker | nothing to lock against: no other process sees the folder (one tab at a time; see the README) |
| fsync a folder after a rename | yes, but not on Windows | no: the browser's storage has no folders to sync |
| a durable write is durable when | fsynced | synced to the browser's storage (:func:`made_durable`) |
| a durable write returned before it is kept ("unkept") | never | where Python cannot wait for the sync (no JavaScript Promise integration): until the sync ends, kept or refused (:func:`keeping`, :func:`unkept`, :func:`when_kept`) |
| several durable writes kept as one | each is durable when it returns | inside :func:`one_sync` (one player's action), one sync at its end: the action's writes are kept all together or not at all |
| a write the storage refused | the file was not replaced | the browser's storage said no (full, or gone): the data folder was put back as the storage has it (:func:`reverted`), and every view of it in memory is read again (:func:`reverts`) |
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import sys
import threading
from pathlib import Path
from typing import Callable, Iterator

BROWSER = sys.platform == "emscripten"
WINDOWS = os.name == "nt"
BROWSER_BOOT = "browser-storage"
BOOT_ID_FILE = "/proc/sys/kernel/random/boot_id"

_persist: list[Callable[[], None]] = []  # what makes the browser's storage catch up
_guard = threading.Lock()
_unkept: set[int] = set()  # durable writes' syncs to the browser's storage not ended
_serial = 0  # the last sync's number
# to run once the syncs unkept when it was asked for have ended: (those syncs, the first
# refusal among them, the callback). A refusal no one waits for is said to no one: the
# folder was put back (see reverted), and it is never handed to a later action.
_when_kept: list[tuple[set[int], list[BaseException], Callable[[BaseException | None], None]]] = []
_waiting = 0  # syncs Python waits for now (where it can wait: see waiting)
_on_wait: list[Callable[[], None]] = []  # what runs as Python begins to wait (see waiting)
_reverts = 0  # times the data folder was put back after a refusal (see reverted)
_batch = threading.local()  # one_sync: how deep, and whether a durable write is due
# how to run something a little later (the browser's event loop), if anything can
_later: list[Callable[[float, Callable[[], None]], None]] = []


def link_or_copy(src: Path, dst: Path) -> None:
    """``dst`` becomes a copy of ``src``: a hard link where there are hard links.
    Raises FileNotFoundError (no ``src``) and FileExistsError (``dst`` is there)."""
    link = getattr(os, "link", None)
    if link is not None and not BROWSER:
        try:
            link(src, dst)
            return
        except OSError as e:
            if isinstance(e, (FileNotFoundError, FileExistsError)) or e.errno not in (
                    errno.EPERM, errno.ENOTSUP, errno.EMLINK, errno.EXDEV):
                raise
    if os.path.lexists(dst):
        raise FileExistsError(errno.EEXIST, "File exists", str(dst))
    shutil.copyfile(src, dst)


def boot_id() -> str | None:
    """This boot of the machine, or None where unknown (see the table above)."""
    if BROWSER:
        return BROWSER_BOOT
    try:
        with open(BOOT_ID_FILE, encoding="ascii") as f:
            return f.read().strip() or None
    except OSError:
        return None


def writer_alive(pid: int) -> bool | None:
    """Whether process ``pid`` (a temporary file's writer) runs; None where unknown."""
    if BROWSER:
        return False
    if WINDOWS:  # pragma: no cover - os.kill(pid, 0) would end that process there
        return None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process
    except OSError:
        return None
    return True


def other_processes() -> bool:
    """Whether other processes may open the data folder (its files must be locked)."""
    return not BROWSER


def can_sync_folder() -> bool:
    """Whether a folder can be fsynced after a rename (Windows cannot open one; NTFS
    journals the rename; the browser's storage is synced as a whole)."""
    return not (WINDOWS or BROWSER)


def on_durable(persist: Callable[[], None] | None) -> None:
    """``persist()`` runs after every durable write (the browser's sync to IndexedDB), or
    once at the end of a :func:`one_sync`; it raises a :class:`StoreError` when the
    storage refused (where it waits), or marks the write unkept (where it cannot wait).
    None: nothing does."""
    _persist.clear()
    if persist is not None:
        _persist.append(persist)


def made_durable() -> None:
    """A durable write is done here: make the storage keep it before it is reported (or,
    inside :func:`one_sync`, at its end)."""
    if getattr(_batch, "depth", 0):
        _batch.due = True
        return
    for persist in _persist:
        persist()


@contextlib.contextmanager
def one_sync() -> Iterator[None]:
    """The durable writes made inside are kept as one: a single sync at the end (the
    browser's storage keeps all of them or none; where Python can wait, a refusal is
    raised here as a :class:`StoreError`). One player's action is one of these
    (``app.views.widgets.Ui.act``). Nested: the outermost one syncs."""
    depth = getattr(_batch, "depth", 0)
    _batch.depth = depth + 1
    if not depth:
        _batch.due = False
    try:
        yield
    finally:
        _batch.depth = depth
        due = not depth and getattr(_batch, "due", False)
        if due:
            _batch.due = False
            made_durable()


def keeping() -> Callable[[BaseException | None], None]:
    """A durable write's sync to the storage has started and has not ended: the write is
    "unkept" until the call returned here is made once the sync ends, with None (kept)
    or the refusal (a :class:`StoreError`; the folder was put back, see :func:`reverted`).
    The refusal goes only to the :func:`when_kept` callbacks that wait for this sync."""
    global _serial
    with _guard:
        _serial += 1
        mine = _serial
        _unkept.add(mine)

    def kept(refused: BaseException | None = None) -> None:
        due = []
        with _guard:
            if mine not in _unkept:
                return  # said once already
            _unkept.discard(mine)
            for waiting in list(_when_kept):
                syncs, refusals, callback = waiting
                if mine not in syncs:
                    continue
                syncs.discard(mine)
                if refused is not None and not refusals:
                    refusals.append(refused)
                if not syncs:
                    _when_kept.remove(waiting)
                    due.append((callback, refusals[0] if refusals else None))
        for callback, outcome in due:
            callback(outcome)

    return kept


def unkept() -> bool:
    """Whether a durable write returned and its sync to the storage has not ended."""
    with _guard:
        return bool(_unkept)


def on_later(schedule: Callable[[float, Callable[[], None]], None] | None) -> None:
    """``schedule(seconds, callback)`` runs ``callback`` that much later (the browser's
    event loop); None: nothing can, and :func:`unless_kept_within` calls at once."""
    _later.clear()
    if schedule is not None:
        _later.append(schedule)


def unless_kept_within(seconds: float, callback: Callable[[], None]) -> None:
    """``callback()`` if a durable write is still unkept, or Python still waits for its
    sync, ``seconds`` from now (at once where nothing can run it later)."""
    if not _later:
        callback()
        return
    _later[0](seconds, lambda: callback() if unkept() or waits() else None)


def when_kept(callback: Callable[[BaseException | None], None]) -> None:
    """``callback(refused)`` once every sync unkept now has ended: now (with None) if
    none is, else when the last of them ends, with None if every one was kept, else the
    first refusal among them (a sync started later, or one that ended before, is not
    this callback's)."""
    with _guard:
        if _unkept:
            _when_kept.append((set(_unkept), [], callback))
            return
    callback(None)


@contextlib.contextmanager
def waiting() -> Iterator[None]:
    """Python waits here for a sync (where it can: JavaScript Promise integration). The
    browser runs its other tasks meanwhile, the page's events among them (a Back); what
    :func:`on_wait` gave runs first (the action shows "Saving…" if it lasts)."""
    global _waiting
    hooks = list(_on_wait)
    _on_wait.clear()  # once per action
    for hook in hooks:
        hook()
    with _guard:
        _waiting += 1
    try:
        yield
    finally:
        with _guard:
            _waiting -= 1


def waits() -> bool:
    """Whether Python is waiting for a sync now (see :func:`waiting`)."""
    with _guard:
        return _waiting > 0


@contextlib.contextmanager
def on_wait(hook: Callable[[], None]) -> Iterator[None]:
    """Inside, ``hook()`` runs once if Python begins to wait for a sync (the one at the
    end of a player's action, see :func:`waiting`)."""
    _on_wait.append(hook)
    try:
        yield
    finally:
        with contextlib.suppress(ValueError):
            _on_wait.remove(hook)


def reverted() -> None:
    """The storage refused a write and the data folder was put back as the storage has
    it: every view of the folder kept in memory (the index of games) is stale."""
    global _reverts
    with _guard:
        _reverts += 1


def reverts() -> int:
    """How many times the data folder was put back (compare with a count kept before)."""
    with _guard:
        return _reverts
