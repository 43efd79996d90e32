"""The browser's storage for the store, in Pyodide: the data folder lives in memory
(Emscripten's MEMFS, mounted as IDBFS) and is kept in the origin's IndexedDB by the
keeper (``js/keeper.js``, loaded here): every change to the folder is noted, and a sync
writes the changed paths in one transaction, all or nothing, one sync at a time, within a
bound of time. The store asks for a sync after every durable write, or once per player's
action (``store.platform.one_sync``). With JavaScript Promise integration (see
:func:`can_wait`) the write returns only once IndexedDB has it. Without it (WebKit, Firefox
before 142) the sync is started at once and the write is "unkept" until it ends
(``store.platform.keeping``): the app shows what the write did only then
(``app.views.widgets.Ui.act``). Either way the sheet shows a saved hand only after the
browser keeps it.

When the storage refuses (full, a connection lost, no answer), the keeper puts the folder
back as IndexedDB has it before it says so, and the store reads it again
(``store.platform.reverted``): the refused write is gone from memory, folder and
database alike, and it is said to the player in words (a :class:`StoreError` whose code is
one of :data:`NOT_KEPT`); the details go to the log.

Only Pyodide imports this module (``pyodide_js``, ``pyodide.ffi``).
"""

from __future__ import annotations

import asyncio
import logging
import os
from importlib import resources
from typing import Any, Callable

from ..store import StoreError, platform

log = logging.getLogger(__name__)

DATA = "/data"
KEEPER = "js/keeper.js"
# StoreError codes of a write the browser's storage did not keep: full; refused (or no
# answer); lost (the folder could not even be put back: the page must be loaded again)
NOT_KEPT = ("storage_full", "storage_refused", "storage_lost")
_keeper: list[Any] = []  # the keeper of the data folder, once open_storage made it


def _fs() -> Any:
    import pyodide_js

    return pyodide_js.FS


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


def not_kept(error: BaseException) -> StoreError:
    """The keeper's refusal as the store's error (its detail for the log only)."""
    text = str(error)
    if "lost:" in text:
        code = "storage_lost"
    elif "full:" in text or "QuotaExceeded" in text:
        code = "storage_full"
    else:
        code = "storage_refused"
    return StoreError(code, f"the browser's storage did not keep the write ({text}); "
                      "nothing was changed", detail=text)


def persist() -> None:
    """Copy what changed in the data folder to IndexedDB now: wait for it where the
    browser lets Python wait (a refusal raised as a :class:`StoreError`), else start it
    and leave the write unkept until it ends (what the store calls after each durable
    write, or at the end of each ``one_sync``)."""
    keeper = _keeper[0]
    if can_wait():
        from pyodide.ffi import run_sync

        try:
            with platform.waiting():  # the page's other tasks run meanwhile
                run_sync(keeper.sync())
        except Exception as e:
            log.error("the browser did not keep a write: %s", e)
            raise not_kept(e) from None
        return
    kept = platform.keeping()
    try:
        keeper.sync().then(lambda _=None: _ended(kept, None), lambda e: _ended(kept, e))
    except BaseException as e:  # no sync started: nothing to wait for
        kept(not_kept(e))
        raise


def _ended(kept: Callable[[BaseException | None], None], error: Any) -> None:
    if error is None:
        kept(None)
        return
    log.error("the browser did not keep a write: %s", error)
    kept(not_kept(error))


# A promise that fails with an Error whatever it was rejected with: Emscripten's
# ErrnoError is no Error, and a JavaScript value that is not one, awaited from Python,
# failed Pyodide's own future ("set_exception: TypeError: invalid exception object")
# instead of raising: the app's start never ended (a blank page for good).
AS_ERROR = """(promise) => Promise.resolve(promise).catch((e) => {
    if (e instanceof Error) throw e;
    const text = e && (e.message || (e.errno !== undefined && "errno " + e.errno)) ||
        String(e);
    const error = new Error("refused: " + ((e && e.name) || "Error") + ": " + text);
    error.name = "NotKept";
    throw error;
})"""


def reverted() -> None:
    """The keeper put the folder back after a refusal: the store reads it again
    (``platform.reverted``), and every folder in it is noted as changed, so that the next
    sync writes it: a folder the refused sync made stays in memory though the database
    never got it, and files written in it later were kept without it (their read-back
    at the next start failed: the app never opened)."""
    platform.reverted()
    for root, _, _ in os.walk(DATA):
        if root == DATA:
            continue  # the mount point: no record of its own
        try:
            os.utime(root)
        except OSError:
            log.debug("could not note %s as changed", root, exc_info=True)


def keeper_source() -> str:
    """The keeper's JavaScript (package data, in the app's archive)."""
    return resources.files(__package__).joinpath(KEEPER).read_text(encoding="utf-8")


async def open_storage() -> str:
    """Mount the data folder, read what the browser keeps, and have every durable write
    synced back by the keeper; the folder's path."""
    import js
    from pyodide.code import run_js
    from pyodide.ffi import create_proxy, to_js

    os.makedirs(DATA, exist_ok=True)
    if getattr(js, "scorekeeperKeeper", None) is None:
        run_js(keeper_source())
    options = to_js({"reverted": create_proxy(reverted)},
                    dict_converter=js.Object.fromEntries)
    opened = run_js(AS_ERROR)(js.scorekeeperKeeper.open(_fs(), DATA, options))
    _keeper[:] = [await opened]
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
