"""Debian's WebKitGTK (Safari's engine) driven by Selenium's ``webdriver.WebKitGTK``
through ``WebKitWebDriver``, which starts ``MiniBrowser --automation`` on an Xvfb display
of our own: GDK_SCALE=2 for a DPR of 2, a GTK style sheet that lets the window be as
narrow as a phone, the window sized until the page is 390x844.

Automation mode keeps no storage across a restart of the browser: IndexedDB,
localStorage and the service worker are gone when it is started again, even after a
clean quit (measured with Debian 12's WebKitGTK 2.50.6 on 2026-12-06: localStorage set,
``quit()``, a new session, ``null``). So a test that needs storage to outlive the browser
cannot restart this one; ``test_web_app`` checks IndexedDB in the same task instead
(IndexedDB runs the transactions of one store in the order they were made)."""

from __future__ import annotations

import base64
import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from e2e_harness import WEBKIT_INPUT_FAULT
from engines import HEIGHT, TZ, WIDTH, EngineError, EnginePage, EngineTimeout, Xvfb

COMMAND_TIMEOUT = 300  # seconds for one WebDriver command (a page load, a script)

# MiniBrowser's toolbar keeps its window at least ~447 px wide; shrunk, it lets 390 px be
GTK_CSS = """* { min-width: 0; min-height: 0; padding: 0; margin: 0; font-size: 1px;
  border-width: 0; }
headerbar, toolbar, entry, button, box { min-width: 0; }
"""


def webdriver_path() -> str:
    path = os.environ.get("SCOREKEEPER_WEBKITWEBDRIVER") or shutil.which("WebKitWebDriver")
    if not path:
        raise RuntimeError("WebKitWebDriver is not installed: 'bash tests/run_all.sh' "
                           "installs Debian's webkit2gtk-driver, or 'apt-get install -y "
                           "webkit2gtk-driver xvfb xauth'")
    return path


def minibrowser_path() -> str:
    found = sorted(Path("/usr/lib").glob("*/webkit2gtk-4.1/MiniBrowser"))
    if not found:
        raise RuntimeError("MiniBrowser is missing (Debian's libwebkit2gtk-4.1-0)")
    return str(found[0])


class WebKit:
    """One WebKitWebDriver session (MiniBrowser) on ``xvfb``'s display."""

    name = "webkit"

    def __init__(self, xvfb: Xvfb, webgl: bool = True, lang: str | None = None) -> None:
        """``lang``: the LANG MiniBrowser runs under (default en_US.UTF-8; "C.UTF-8" makes
        WebKitGTK report ``navigator.languages == ['C']``, plain "C" ['en-US'])."""
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        self.home = Path(tempfile.mkdtemp(prefix="webkit-"))
        (self.home / "gtk-3.0").mkdir()
        (self.home / "gtk-3.0" / "gtk.css").write_text(GTK_CSS)
        env = dict(os.environ, DISPLAY=xvfb.display, GDK_SCALE="2", GDK_BACKEND="x11",
                   LANG=lang or "en_US.UTF-8", LANGUAGE="" if lang else "en_US", TZ=TZ,
                   XDG_CONFIG_HOME=str(self.home), XDG_DATA_HOME=str(self.home / "data"),
                   XDG_CACHE_HOME=str(self.home / "cache"))
        env.pop("WAYLAND_DISPLAY", None)
        if lang:
            for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
                env.pop(name, None)
        options = Options()
        if not webgl:  # with arguments, WebKitWebDriver wants the browser named
            options.binary_location = minibrowser_path()
            options.add_argument("--automation")
            options.add_argument("--enable-webgl=false")
        service = Service(executable_path=webdriver_path(), env=env)
        self.driver = webdriver.WebKitGTK(options=options, service=service)
        self.driver.set_script_timeout(COMMAND_TIMEOUT)
        self.driver.set_page_load_timeout(COMMAND_TIMEOUT)
        caps = self.driver.capabilities
        self.version = f"WebKitGTK {caps.get('browserVersion', '?')}"

    def first_page(self) -> EnginePage:
        page = EnginePage(WebKitTab(self, self.driver.current_window_handle),
                          opener=self.new_page)
        self.fit(page)
        return page

    def new_page(self) -> EnginePage:
        self.driver.switch_to.new_window("window")
        page = EnginePage(WebKitTab(self, self.driver.current_window_handle),
                          opener=self.new_page)
        self.fit(page)  # a window of its own (a tab in the back draws no frames)
        return page

    def fit(self, page: EnginePage) -> None:
        """Sizes the window so that the page inside is WIDTHxHEIGHT CSS pixels (the
        window's own bars stay as they are), and waits until the page has that size."""
        inner = page.evaluate("() => [innerWidth, innerHeight]")
        rect = self.driver.get_window_rect()
        self.driver.set_window_rect(width=rect["width"] + WIDTH - inner[0],
                                    height=rect["height"] + HEIGHT - inner[1])
        page.poll(lambda: page.evaluate("() => [innerWidth, innerHeight]") == [WIDTH, HEIGHT],
                  60_000, f"the page at {WIDTH}x{HEIGHT}")

    def quit(self) -> None:
        try:
            self.driver.quit()
        finally:
            shutil.rmtree(self.home, ignore_errors=True)


class WebKitTab:
    """One window handle of :class:`WebKit` (the Backend of an EnginePage)."""

    name = "webkit"

    def __init__(self, webkit: WebKit, handle: str) -> None:
        self.webkit, self.handle = webkit, handle
        self.version = webkit.version

    @property
    def driver(self) -> Any:
        from selenium.common.exceptions import WebDriverException

        driver = self.webkit.driver
        try:
            if driver.current_window_handle != self.handle:
                driver.switch_to.window(self.handle)
        except WebDriverException as e:  # this window was closed
            raise EngineError(f"webkit: no window {self.handle}: {e.msg}") from None
        return driver

    def call(self, source: str, args_json: str) -> str:
        from selenium.common.exceptions import JavascriptException, TimeoutException

        try:
            # WebDriver's Execute Script waits for a promise the script returns
            return str(self.driver.execute_script(
                f"return ({source})(arguments[0]);", args_json))
        except JavascriptException as e:
            raise EngineError(f"webkit: the page threw: {e.msg}") from None
        except TimeoutException as e:
            raise EngineTimeout(f"webkit: a script ran too long: {e.msg}") from None

    def navigate(self, url: str) -> None:
        self.driver.get(url)

    def reload(self) -> None:
        self.driver.refresh()

    def screenshot(self) -> bytes:
        return base64.b64decode(self.driver.get_screenshot_as_base64())

    def tap(self, x: float, y: float) -> None:
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        actions = ActionBuilder(self.driver)
        actions.pointer_action.move_to_location(round(x), round(y))
        actions.pointer_action.click()
        perform(actions, f"a tap at {round(x)},{round(y)}")

    def keys(self, actions: list[tuple[str, str]]) -> None:
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        builder = ActionBuilder(self.driver)
        for kind, value in actions:
            if kind == "keyDown":
                builder.key_action.key_down(value)
            else:
                builder.key_action.key_up(value)
        perform(builder, f"{len(actions)} key actions")

    def close(self) -> None:
        driver = self.driver
        driver.close()
        rest = driver.window_handles
        if rest:
            driver.switch_to.window(rest[0])


def perform(builder: Any, what: str) -> None:
    """Performs a builder's input actions. An "unknown error" with no message is WebKit's
    input failing inside the browser, not the page's doing: it is said as
    :data:`e2e_harness.WEBKIT_INPUT_FAULT`, which runs the test once more."""
    from selenium.common.exceptions import WebDriverException

    try:
        builder.perform()
    except WebDriverException as e:
        if (e.msg or "").strip():
            raise
        raise EngineError(f"{WEBKIT_INPUT_FAULT} ({what})") from None


def describe(page: EnginePage) -> str:
    return json.dumps(page.evaluate("() => [innerWidth, innerHeight, devicePixelRatio]"))
