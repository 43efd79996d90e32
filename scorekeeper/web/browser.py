"""The browser's storage for the store, in Pyodide: the data folder is Emscripten's IDBFS
(files in memory, copied to the origin's IndexedDB by ``FS.syncfs``, one transaction per
sync). The store asks for a sync after every durable write (``store.platform``); with
JavaScript Promise integration (see :func:`can_wait`) the write returns only once
IndexedDB has it. Without it (WebKit, Firefox before 142) the sync is started at once and
the write is "unkept" until it ends (``store.platform.keeping``): the app shows what the
write did only then (``app.views.widgets.Ui.act``). Either way the sheet shows a saved
hand only after the browser keeps it.

Only Pyodide imports this module (``pyodide_js``, ``pyodide.ffi``).
"""

from __future__ import annotations

import asyncio
import logging
import os
from typing import Any

from ..store import platform

log = logging.getLogger(__name__)

DATA = "/data"
_pending: set[asyncio.Future[None]] = set()


def _fs() -> Any:
    import pyodide_js

    return pyodide_js.FS


def syncfs(populate: bool) -> asyncio.Future[None]:
    """IndexedDB to memory (``populate``) or memory to IndexedDB, as a future."""
    from pyodide.ffi import create_once_callable

    future: asyncio.Future[None] = asyncio.get_event_loop().create_future()

    def done(err: Any = None) -> None:
        if err:
            future.set_exception(OSError(f"the browser's storage refused: {err}"))
        else:
            future.set_result(None)

    _fs().syncfs(populate, create_once_callable(done))
    return future


def step(name: str) -> None:
    """Say a step of the app's start to the page, as the worker says its own (see
    ``web/js/start-pyodide.js``; the engines benchmark prints them); nothing where the
    worker has no ``step``."""
    import js

    said = getattr(js, "step", None)
    if said is not None:
        said(name)


def webkit(user_agent: str | None) -> bool:
    """Whether ``user_agent`` is WebKit's (Safari, every browser on an iPhone, WebKitGTK),
    not Chrome's or Android's, which say "AppleWebKit" too."""
    ua = user_agent or ""
    return "AppleWebKit/" in ua and not any(
        mark in ua for mark in ("Chrome/", "Chromium/", "Android", "Edg/"))


def user_agent() -> str:
    import js

    return str(getattr(js.navigator, "userAgent", "") or "")


def can_wait() -> bool:
    """Whether a write can wait for the sync (JavaScript Promise integration). Never in
    WebKit: its JavaScript call trampoline cannot be suspended, whatever it reports."""
    try:
        from pyodide.ffi import can_run_sync
    except ImportError:
        return False
    return not webkit(user_agent()) and bool(can_run_sync())


def persist() -> None:
    """Copy the data folder to IndexedDB now: wait for it where the browser lets Python
    wait, else start it (what the store calls after each durable write)."""
    if can_wait():
        from pyodide.ffi import run_sync

        run_sync(syncfs(False))
        return
    kept = platform.keeping()
    try:
        future = syncfs(False)
    except BaseException:
        kept()  # no sync started: nothing to wait for
        raise
    _pending.add(future)
    future.add_done_callback(_finished)
    future.add_done_callback(lambda _: kept())


def _finished(future: asyncio.Future[None]) -> None:
    _pending.discard(future)
    if future.exception() is not None:
        log.error("the browser did not keep a write: %s", future.exception())


async def open_storage() -> str:
    """Mount the data folder, read what the browser keeps, and have every durable write
    synced back; the folder's path."""
    fs = _fs()
    os.makedirs(DATA, exist_ok=True)
    fs.mount(fs.filesystems.IDBFS, {}, DATA)
    await syncfs(True)
    platform.on_durable(persist)
    loop = asyncio.get_event_loop()
    platform.on_later(lambda seconds, callback: loop.call_later(seconds, callback))
    return DATA


async def persisted() -> bool | None:
    """Whether the browser granted persistent storage (the page asks for it, see
    ``web/js/boot.js``); None when it cannot say."""
    try:
        import js

        storage = getattr(js.navigator, "storage", None)
        if storage is None:
            return None
        return bool(await storage.persisted())
    except Exception:
        log.debug("no answer about persistent storage", exc_info=True)
        return None


LOCK = "hearts-scorekeeper-data"  # the Web Lock of the data folder, one page at a time


async def take_folder(wait: bool) -> bool:
    """Hold the data folder's Web Lock for as long as this page lives (each page holds
    its own copy of the folder, and a sync writes the whole copy: two pages would undo
    each other's games). ``wait``: until the page that has it closes; else only if it
    is free now. Where the browser has no Web Locks, True."""
    import js
    from pyodide.ffi import create_once_callable, jsnull, to_js

    locks = getattr(js.navigator, "locks", None)
    if locks is None:
        return True
    granted: asyncio.Future[bool] = asyncio.get_event_loop().create_future()

    def got(lock: Any) -> Any:
        free = lock is not None and lock is not jsnull  # JavaScript's null: not granted
        if not granted.done():
            granted.set_result(free)
        if not free:
            return None
        return js.Promise.new(lambda resolve, reject: None)  # held until the page goes

    options = to_js({"ifAvailable": not wait}, dict_converter=js.Object.fromEntries)
    locks.request(LOCK, options, create_once_callable(got))
    return await granted
