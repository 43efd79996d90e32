"""The phone's storage without a browser, for the fast tests: ``scorekeeper/web/browser.py``
driving a keeper that behaves as ``scorekeeper/web/js/keeper.js`` promises, over a real
data folder.

"IndexedDB" here is what the keeper has kept: a copy of the data folder's files as of the
last sync it completed. A sync copies the folder there whole (all of it or nothing). While
the test says the storage refuses, a sync fails as a full phone's does: the folder is put
back as "IndexedDB" has it, ``reverted`` is called (the store reads it again), and the
sync's promise is rejected with the keeper's "full: QuotaExceededError" error.

``wait=True`` is the path where Python waits for the sync (JavaScript Promise integration:
Chromium, Firefox 153): ``run_sync`` settles it at once. ``wait=False`` is the path where
it cannot (WebKit, Firefox 140): the sync's promise stays pending until :meth:`end` while
``hold`` is set (else it ends at once).
Pyodide's modules (``js``, ``pyodide``, ``pyodide.ffi``, ``pyodide_js``) are stand-ins.
"""

from __future__ import annotations

import os
import shutil
import sys
import types
from pathlib import Path
from typing import Any, Callable

from scorekeeper.store import platform
from scorekeeper.web import browser

FULL = "NotKept: full: QuotaExceededError: the quota has been exceeded"


class Promise:
    """The keeper's promise of one sync, as Pyodide hands it to Python (``then``)."""

    def __init__(self) -> None:
        self.done: list[Callable[[Any], Any]] = []
        self.failed: list[Callable[[Any], Any]] = []
        self.outcome: tuple[bool, Any] | None = None

    def then(self, done: Callable[[Any], Any], failed: Callable[[Any], Any]) -> None:
        self.done.append(done)
        self.failed.append(failed)
        if self.outcome is not None:
            self._tell()

    def settle(self, ok: bool, value: Any = None) -> None:
        self.outcome = (ok, value)
        self._tell()

    def _tell(self) -> None:
        ok, value = self.outcome  # type: ignore[misc]
        callbacks = self.done if ok else self.failed
        self.done, self.failed = [], []
        for callback in callbacks:
            callback(value)


class JsError(Exception):
    """A rejected promise as Pyodide raises it from ``run_sync`` (a JsException)."""


class BrowserStorage:
    """The keeper of one data folder (see the module's docstring)."""

    def __init__(self, folder: Path, wait: bool) -> None:
        self.folder, self.wait = folder, wait
        self.kept: dict[str, bytes] = {}  # "IndexedDB": path in the folder -> bytes
        self.refusing = False
        self.hold = False  # the path without a wait: syncs stay pending until end()
        self.pending: list[Promise] = []
        self.syncs = self.refusals = 0

    # --- what browser.py calls -----------------------------------------------------------

    def sync(self) -> Promise:
        promise = Promise()
        self.pending.append(promise)
        if not self.hold:
            self.end()
        return promise

    def run_sync(self, promise: Promise) -> None:
        self.end()
        ok, value = promise.outcome  # type: ignore[misc]
        if not ok:
            raise JsError(value)

    # --- the test's side ---------------------------------------------------------------

    def end(self) -> None:
        """Every sync asked for ends now: kept, or (refusing) not, the folder put back."""
        pending, self.pending = self.pending, []
        for promise in pending:
            if self.refusing:
                self.refusals += 1
                self.put_back()
                platform.reverted()
                promise.settle(False, FULL)
            else:
                self.syncs += 1
                self.kept = self.files()
                promise.settle(True)

    def files(self) -> dict[str, bytes]:
        found = {}
        for root, _, names in os.walk(self.folder):
            for name in names:
                path = Path(root) / name
                found[path.relative_to(self.folder).as_posix()] = path.read_bytes()
        return found

    def put_back(self) -> None:
        """The data folder as "IndexedDB" has it (what the keeper's revert does)."""
        now = self.files()
        for rel in now:
            if rel not in self.kept:
                (self.folder / rel).unlink()
        for rel, data in self.kept.items():
            if now.get(rel) != data:
                path = self.folder / rel
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(data)

    def copy_kept(self, to: Path) -> Path:
        """What a phone would read after a reload (or a killed browser): a folder made of
        what "IndexedDB" has."""
        shutil.rmtree(to, ignore_errors=True)
        to.mkdir(parents=True)
        for rel, data in self.kept.items():
            path = to / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        return to

    def copy_folder(self, to: Path) -> Path:
        """The data folder as it is in memory now."""
        shutil.rmtree(to, ignore_errors=True)
        shutil.copytree(self.folder, to)
        return to


def install(monkeypatch: Any, folder: Path, wait: bool) -> BrowserStorage:
    """``browser.persist`` as the store's durable writes' sync, over this keeper; what the
    folder holds now counts as kept."""
    storage = BrowserStorage(folder, wait)
    js = types.ModuleType("js")
    js.navigator = types.SimpleNamespace(userAgent="")  # type: ignore[attr-defined]
    ffi = types.ModuleType("pyodide.ffi")
    ffi.can_run_sync = lambda: wait  # type: ignore[attr-defined]
    ffi.run_sync = storage.run_sync  # type: ignore[attr-defined]
    package = types.ModuleType("pyodide")
    package.ffi = ffi  # type: ignore[attr-defined]
    for name, module in (("js", js), ("pyodide", package), ("pyodide.ffi", ffi)):
        monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.setattr(browser, "user_agent", lambda: "")
    monkeypatch.setattr(browser, "_keeper", [storage])
    platform.on_durable(browser.persist)
    storage.kept = storage.files()
    return storage
