"""``scorekeeper/web/browser.py`` outside a browser: which engines may wait for IndexedDB
(``can_wait``), a write made where Python cannot wait stays "unkept" until the keeper's
sync ends, and a refusal is the store's error in words the app knows, kept or waited
for. Pyodide's modules (``js``, ``pyodide.ffi``) and the keeper are stand-ins here that
record what is asked of them."""

from __future__ import annotations

import sys
import types
from typing import Any, Iterator

import pytest

import browser_storage

from scorekeeper.store import StoreError, platform
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


class FakeKeeper:
    """The keeper (``web/js/keeper.js``): each sync's promise waits until the test ends it."""

    def __init__(self) -> None:
        self.open: list[browser_storage.Promise] = []

    def sync(self) -> browser_storage.Promise:
        promise = browser_storage.Promise()
        self.open.append(promise)
        return promise

    def end(self, err: Any = None) -> None:
        promise = self.open.pop(0)
        promise.settle(err is None, err)


@pytest.fixture
def pyodide(monkeypatch: pytest.MonkeyPatch) -> Iterator[types.SimpleNamespace]:
    """Stand-ins for Pyodide's modules: a user agent, JSPI on or off, a pending sync."""
    state = types.SimpleNamespace(ua=CHROME_LINUX, jspi=True, keeper=FakeKeeper(), waited=[])
    js = types.ModuleType("js")
    js.navigator = types.SimpleNamespace(userAgent="")  # type: ignore[attr-defined]
    ffi = types.ModuleType("pyodide.ffi")
    ffi.can_run_sync = lambda: state.jspi  # type: ignore[attr-defined]

    def run_sync(promise: browser_storage.Promise) -> None:
        state.waited.append(promise)
        state.keeper.end(state.refusal)
        ok, value = promise.outcome  # type: ignore[misc]
        if not ok:
            raise browser_storage.JsError(value)

    state.refusal = None
    ffi.run_sync = run_sync  # type: ignore[attr-defined]
    package = types.ModuleType("pyodide")
    package.ffi = ffi  # type: ignore[attr-defined]
    for name, module in (("js", js), ("pyodide", package), ("pyodide.ffi", ffi)):
        monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.setattr(browser, "user_agent", lambda: state.ua)
    monkeypatch.setattr(browser, "_keeper", [state.keeper])
    try:
        yield state
    finally:
        while state.keeper.open:
            state.keeper.end()


def test_only_an_engine_with_jspi_that_is_not_webkit_waits(pyodide: Any) -> None:
    assert browser.can_wait()
    pyodide.jspi = False
    assert not browser.can_wait()  # Firefox 140: no WebAssembly.Suspending
    pyodide.jspi, pyodide.ua = True, WEBKITGTK
    assert not browser.can_wait()  # WebKit: its trampoline cannot be suspended


def test_without_jspi_a_write_is_unkept_until_the_sync_ends(pyodide: Any) -> None:
    pyodide.ua = SAFARI
    browser.persist()
    assert len(pyodide.keeper.open) == 1
    assert platform.unkept() and not pyodide.waited
    ended: list[Any] = []
    platform.when_kept(ended.append)
    pyodide.keeper.end()
    assert not platform.unkept() and ended == [None]


def test_a_refused_sync_ends_the_wait_as_not_kept(pyodide: Any,
                                                  caplog: pytest.LogCaptureFixture) -> None:
    """Where Python cannot wait, a sync the storage refused ends the wait as a refusal
    (the app puts the screen back and says so), never as kept."""
    pyodide.jspi = False
    browser.persist()
    ended: list[Any] = []
    platform.when_kept(ended.append)
    pyodide.keeper.end(browser_storage.FULL)
    assert not platform.unkept()
    [refused] = ended
    assert isinstance(refused, StoreError) and refused.code == "storage_full"
    assert "did not keep a write" in caplog.text


def test_with_jspi_the_write_waits_for_the_sync_itself(pyodide: Any) -> None:
    browser.persist()
    assert len(pyodide.waited) == 1 and not platform.unkept()


@pytest.mark.parametrize("said,code", [
    (browser_storage.FULL, "storage_full"),
    ("NotKept: refused: TimeoutError: no answer in 10 s", "storage_refused"),
    ("NotKept: lost: InvalidStateError: the database connection is closing",
     "storage_lost")])
def test_with_jspi_a_refusal_is_raised_in_words_the_app_knows(pyodide: Any, said: str,
                                                              code: str) -> None:
    pyodide.refusal = said
    with pytest.raises(StoreError) as refused:
        browser.persist()
    assert refused.value.code == code and code in browser.NOT_KEPT
    assert said in str(refused.value)  # the detail, for the log


def test_the_keeper_ships_in_the_package_and_the_apps_archive() -> None:
    import io
    import tarfile

    from scorekeeper.web import bundle

    assert "scorekeeperKeeper" in browser.keeper_source()
    archive, _ = bundle.archive_bytes()
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        assert "scorekeeper/" + "web/" + browser.KEEPER in tar.getnames()
