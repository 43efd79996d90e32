"""``scorekeeper/web/browser.py`` outside a browser: which engines may wait for IndexedDB
(``can_wait``), and a write made where Python cannot wait stays "unkept" until the
browser's sync ends. Pyodide's modules (``js``, ``pyodide.ffi``, ``pyodide_js``) are
stand-ins here that record what is asked of them."""

from __future__ import annotations

import asyncio
import sys
import types
from typing import Any, Iterator

import pytest

from scorekeeper.store import platform
from scorekeeper.web import browser

SAFARI = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
          "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1")
WEBKITGTK = ("Mozilla/5.0 (X11; Ubuntu; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) "
             "Version/18.0 Safari/605.1.15")
CHROME_ANDROID = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like "
                  "Gecko) Chrome/131.0.0.0 Mobile Safari/537.36")
CHROME_LINUX = ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
                "Chrome/156.0.0.0 Safari/537.36")
FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0"


@pytest.mark.parametrize("ua,expected", [(SAFARI, True), (WEBKITGTK, True),
                                         (CHROME_ANDROID, False), (CHROME_LINUX, False),
                                         (FIREFOX, False), ("", False), (None, False)])
def test_webkit_is_told_from_its_user_agent(ua: str | None, expected: bool) -> None:
    assert browser.webkit(ua) is expected


class FakeFS:
    """Emscripten's FS.syncfs: each call waits until the test ends it."""

    def __init__(self) -> None:
        self.calls: list[bool] = []  # populate, per call
        self.open: list[Any] = []  # the callbacks of the syncs not ended yet

    def syncfs(self, populate: bool, done: Any) -> None:
        self.calls.append(populate)
        self.open.append(done)

    def end(self, err: Any = None) -> None:
        self.open.pop(0)(err)


@pytest.fixture
def pyodide(monkeypatch: pytest.MonkeyPatch) -> Iterator[types.SimpleNamespace]:
    """Stand-ins for Pyodide's modules: a user agent, JSPI on or off, a pending sync."""
    state = types.SimpleNamespace(ua=CHROME_LINUX, jspi=True, fs=FakeFS(), waited=[])
    js = types.ModuleType("js")
    js.navigator = types.SimpleNamespace(userAgent="")  # type: ignore[attr-defined]
    ffi = types.ModuleType("pyodide.ffi")
    ffi.can_run_sync = lambda: state.jspi  # type: ignore[attr-defined]
    ffi.create_once_callable = lambda fn: fn  # type: ignore[attr-defined]
    ffi.run_sync = state.waited.append  # type: ignore[attr-defined]
    package = types.ModuleType("pyodide")
    package.ffi = ffi  # type: ignore[attr-defined]
    pyodide_js = types.ModuleType("pyodide_js")
    pyodide_js.FS = state.fs  # type: ignore[attr-defined]
    for name, module in (("js", js), ("pyodide", package), ("pyodide.ffi", ffi),
                         ("pyodide_js", pyodide_js)):
        monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.setattr(browser, "user_agent", lambda: state.ua)
    # A loop of the test's own; an earlier test in this process may have left its loop
    # marked as running in this thread (the full suite did: "Cannot run the event loop
    # while another loop is running"), so that mark is put aside for the test.
    running = asyncio.events._get_running_loop()
    asyncio.events._set_running_loop(None)
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:
        yield state
    finally:
        while state.fs.open:
            state.fs.end()
        loop.run_until_complete(asyncio.sleep(0))
        loop.close()
        asyncio.set_event_loop(None)
        asyncio.events._set_running_loop(running)


def test_only_an_engine_with_jspi_that_is_not_webkit_waits(pyodide: Any) -> None:
    assert browser.can_wait()
    pyodide.jspi = False
    assert not browser.can_wait()  # Firefox 140: no WebAssembly.Suspending
    pyodide.jspi, pyodide.ua = True, WEBKITGTK
    assert not browser.can_wait()  # WebKit: its trampoline cannot be suspended


def test_without_jspi_a_write_is_unkept_until_the_sync_ends(pyodide: Any) -> None:
    pyodide.ua = SAFARI
    loop = asyncio.get_event_loop()
    browser.persist()
    assert pyodide.fs.calls == [False]  # memory to IndexedDB
    assert platform.unkept() and not pyodide.waited
    pyodide.fs.end()
    loop.run_until_complete(asyncio.sleep(0))
    assert not platform.unkept()


def test_a_refused_sync_ends_the_wait_too(pyodide: Any, caplog: pytest.LogCaptureFixture) -> None:
    pyodide.jspi = False
    loop = asyncio.get_event_loop()
    browser.persist()
    pyodide.fs.end("QuotaExceededError")
    loop.run_until_complete(asyncio.sleep(0))
    assert not platform.unkept()
    assert "did not keep a write" in caplog.text


def test_with_jspi_the_write_waits_for_the_sync_itself(pyodide: Any) -> None:
    browser.persist()
    assert len(pyodide.waited) == 1 and not platform.unkept()
