"""The harness checks itself against the minimal Flet page: the server starts and stops,
the accessibility tree answers, a tap reaches Python and back, screenshots are painted,
and the network guard notices a request that leaves the machine."""

from __future__ import annotations

import os
import urllib.error
import urllib.request

import pytest
from e2e_harness import (
    STOCK_FLET_CDN,
    NetworkGuard,
    Server,
    eventually,
    hello_server,
    painted_colours,
    SpinWatch,
    shot,
)
from hello_app import HELLO_BUTTON, HELLO_TEXT
from playwright.sync_api import Error as PlaywrightError


def test_tap_reaches_python_and_the_screen_shows_it(phone, hello: Server) -> None:
    phone.guard.tolerated.append(STOCK_FLET_CDN)
    page = phone.flutter(hello.url)
    page.open("/", ready=HELLO_BUTTON)
    assert page.text(HELLO_TEXT) == "Tapped 0 times"
    page.tap(HELLO_BUTTON)
    page.tap(HELLO_BUTTON)
    assert page.wait_text(HELLO_TEXT, lambda t: t == "Tapped 2 times") == "Tapped 2 times"
    png = shot(phone.page, "harness-hello")
    # A blank canvas is one colour; text on a button on a background is many.
    assert painted_colours(phone.page, png) > 8
    assert not phone.guard.failed, phone.guard.failed


def test_the_flet_client_is_served_without_cdn(phone, hello: Server) -> None:
    phone.guard.tolerated.append(STOCK_FLET_CDN)
    page = phone.flutter(hello.url)
    page.open("/", ready=HELLO_BUTTON)
    local = [u for u in phone.guard.requests if u.startswith(hello.url)]
    assert any("/canvaskit/" in u for u in local), "the renderer must come from this machine"
    assert any(u.endswith("roboto.woff2") for u in local), "the font must come from this machine"
    # Nothing else leaves the machine (the app must stop even that one: test_offline.py).
    assert all(STOCK_FLET_CDN in u for u in phone.guard.outside), phone.guard.outside


def test_the_guard_sees_a_request_that_leaves_the_machine(phone, hello: Server) -> None:
    phone.guard.tolerated.append(STOCK_FLET_CDN)
    page = phone.flutter(hello.url)
    page.open("/", ready=HELLO_BUTTON)
    phone.page.evaluate("() => fetch('https://fonts.example.invalid/x.woff2').catch(() => null)")
    eventually(lambda: check_problems(phone.guard, [
        "request left the machine: https://fonts.example.invalid/x.woff2"]))
    phone.guard.outside.clear()


def test_server_stops_with_its_process_group() -> None:
    srv = hello_server().start()
    assert srv.proc is not None
    group = srv.proc.pid  # started in a session of its own: group id = its pid
    with urllib.request.urlopen(srv.url + "/", timeout=5) as r:
        assert r.status == 200
    srv.stop()
    assert srv.proc.poll() is not None
    with pytest.raises(ProcessLookupError):  # nothing of the group is left running
        os.killpg(group, 0)
    with pytest.raises((urllib.error.URLError, ConnectionError, OSError)):
        urllib.request.urlopen(srv.url + "/", timeout=2)


def check_problems(guard: NetworkGuard, expected: list[str]) -> None:
    assert guard.problems() == expected


def test_the_spin_watch_ends_a_renderer_that_spins(browser) -> None:  # type: ignore[no-untyped-def]
    """A page whose JavaScript never yields would hold Playwright's evaluate for ever; the
    watch kills that renderer (and no other), the call raises, and a new page works."""
    context = browser.new_context()
    try:
        idle = context.new_page()
        idle.set_content("<p>idle</p>")
        page = context.new_page()
        page.set_content("<p>spinning</p>")
        page.evaluate("() => setTimeout(() => { for (;;) {} }, 50)")
        with SpinWatch(seconds=3, every=0.5) as watch:
            with pytest.raises(PlaywrightError, match="crashed"):
                page.evaluate("() => new Promise(r => setTimeout(() => r(1), 500))")
        assert watch.killed == 1
        assert idle.evaluate("() => document.body.innerText") == "idle"
        page.close()
        again = context.new_page()
        again.set_content("<p>again</p>")
        assert again.evaluate("() => document.body.innerText") == "again"
    finally:
        context.close()


def test_a_wasm_trap_is_flutters_only_where_its_stack_says_so() -> None:
    """The trap seen once in Flutter's skwasm is set apart (said at the end of the run);
    the same words from anywhere else (Python's runtime, the app's own code) fail the
    test like any error in the page."""
    from types import SimpleNamespace

    class Trap(Exception):
        def __init__(self, stack: str) -> None:
            super().__init__("memory access out of bounds")
            self.stack = stack

    handlers: dict[str, object] = {}
    guard = NetworkGuard(SimpleNamespace(on=lambda event, fn: handlers.__setitem__(event, fn)))
    guard._on_error(Trap("RuntimeError: memory access out of bounds\n"
                         "    at wasm://wasm/skwasm.wasm-0a1b2c3d:wasm-function[812]"))
    guard._on_error(Trap("RuntimeError: memory access out of bounds\n"
                         "    at pyodide.asm.wasm:wasm-function[5331]"))
    guard._on_error(Trap(""))
    assert len(guard.engine_faults) == 1
    assert len(guard.errors) == 2 and len(guard.problems()) == 2


def test_a_webkit_test_whose_browser_dies_twice_fails_and_the_run_says_so() -> None:
    from types import SimpleNamespace

    from e2e_harness import run_with_one_more

    died = SimpleNamespace(failed=True, longrepr="selenium: invalid session id")
    passed = SimpleNamespace(failed=False, longrepr="")
    for outcomes, failed, lines in (([died, passed], False, 1), ([died, died], True, 2),
                                    ([passed], False, 0)):
        said: list[str] = []
        runs = iter([[o] for o in outcomes])
        fresh: list[int] = []
        reports = run_with_one_more("test_x[webkit]", lambda: next(runs), lambda: False,
                                    lambda: fresh.append(1), said)
        assert any(r.failed for r in reports) is failed
        assert len(said) == lines and len(fresh) == min(lines, 1)
        assert all("once may be its driver" in s for s in said[:1])
    said = []
    reports = run_with_one_more("test_x[chromium]", lambda: [died], lambda: False,
                                lambda: None, said)
    assert reports[0].failed and not said  # not WebKit's: no second run


def test_a_webkit_input_that_its_driver_fails_without_a_word_runs_the_test_once_more() -> None:
    """WebKitWebDriver once answered a tap with "unknown error" and no message (CI,
    2026-12-07): said as the driver's input fault, which runs the test once more; an
    error with words is the test's to judge, as it was."""
    from types import SimpleNamespace

    from e2e_harness import WEBKIT_INPUT_FAULT, run_with_one_more
    from engine_webkit import perform
    from engines import EngineError
    from selenium.common.exceptions import WebDriverException

    class Refusing:
        def __init__(self, msg: str) -> None:
            self.msg = msg

        def perform(self) -> None:
            raise WebDriverException(self.msg)

    with pytest.raises(EngineError) as faulted:
        perform(Refusing(""), "a tap at 10,20")
    assert WEBKIT_INPUT_FAULT in str(faulted.value) and "a tap at 10,20" in str(faulted.value)
    with pytest.raises(WebDriverException):
        perform(Refusing("element not interactable"), "a tap")

    failed = SimpleNamespace(failed=True, longrepr=f"EngineError: {faulted.value}")
    passed = SimpleNamespace(failed=False, longrepr="")
    runs = iter([[failed], [passed]])
    said: list[str] = []
    reports = run_with_one_more("test_x[webkit]", lambda: next(runs), lambda: False,
                                lambda: None, said)
    assert not any(r.failed for r in reports) and len(said) == 1
