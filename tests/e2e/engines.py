"""The web app's browser tests on three engines: Chromium (Playwright, as everywhere in
these tests), Firefox ESR (WebDriver BiDi, ``engine_firefox``) and WebKitGTK (Selenium and
WebKitWebDriver under an Xvfb of our own, ``engine_webkit``).

For Firefox and WebKit this module gives the little of Playwright's page that the
``Flutter`` page object (``e2e_harness``) uses: ``goto``, ``reload``, ``evaluate``,
``wait_for_function``, ``locator(css).first`` with ``wait_for``, ``count``, ``evaluate``,
``tap``, ``dispatch_event``, a keyboard, screenshots and the viewport. A backend only
runs a JavaScript function with JSON arguments, navigates, takes a screenshot and sends
input at a point (``Backend``); everything else is done here, the same way for both.
Errors are Playwright's own classes, so the page object's handling applies unchanged.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any, Protocol

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

ENGINES = ("chromium", "firefox", "webkit")
WIDTH, HEIGHT, DPR = 390, 844, 2  # the phone of the Chromium tests (e2e_harness.PHONE)
LANG = "en-US"
TZ = "Europe/Warsaw"

# WebDriver's key values (the same in WebDriver BiDi's input actions)
KEYS = {"End": "\ue010", "Home": "\ue011", "Shift": "\ue008", "Backspace": "\ue003",
        "Enter": "\ue007", "Tab": "\ue004", "Escape": "\ue00c", "Control": "\ue009"}

# Finds the node of a locator: a chain of CSS selectors, each under the first match of
# the one before (``None`` when one matches nothing); ``all`` gives every last match.
FIND = """const __find = (chain, all) => {
    let root = document;
    for (let i = 0; i < chain.length - 1; i++) {
        root = root.querySelector(chain[i]);
        if (!root) return all ? [] : null;
    }
    return all ? Array.from(root.querySelectorAll(chain[chain.length - 1]))
               : root.querySelector(chain[chain.length - 1]);
};"""


class EngineError(PlaywrightError):
    def __init__(self, message: str) -> None:
        super().__init__(message)


class EngineTimeout(PlaywrightTimeoutError):
    def __init__(self, message: str) -> None:
        super().__init__(message)


class Backend(Protocol):
    """What an engine's driver does for :class:`EnginePage`."""

    name: str
    version: str

    def call(self, source: str, args_json: str) -> str:
        """Runs the JavaScript function ``source`` (async, one string argument) in the
        page and returns the string it resolves to; raises EngineError if it throws."""

    def navigate(self, url: str) -> None: ...
    def reload(self) -> None: ...
    def screenshot(self) -> bytes: ...
    def tap(self, x: float, y: float) -> None: ...

    def keys(self, actions: list[tuple[str, str]]) -> None: ...
    def close(self) -> None: ...


def _wrap(js: str) -> str:
    """A function of one JSON string: the arguments (a locator's chain stands for its
    node), calls ``js`` with them, and answers JSON."""
    return f"""async (__json) => {{
        {FIND}
        const __args = JSON.parse(__json).map((a) =>
            a && a.__locator ? __find(a.__locator, false) : a);
        const __r = await ({js})(...__args);
        return JSON.stringify(__r === undefined ? null : __r);
    }}"""


class Keyboard:
    def __init__(self, backend: Backend) -> None:
        self.backend = backend

    def press(self, combo: str) -> None:
        """``"Backspace"``, ``"Shift+Home"``: modifiers down, the key, modifiers up."""
        names = combo.split("+")
        codes = [KEYS.get(n, n) for n in names]
        actions = [("keyDown", c) for c in codes] + [("keyUp", c) for c in reversed(codes)]
        self.backend.keys(actions)

    def type(self, text: str) -> None:
        actions: list[tuple[str, str]] = []
        for ch in text:
            actions += [("keyDown", ch), ("keyUp", ch)]
        self.backend.keys(actions)


class Locator:
    """A chain of CSS selectors; always its first match (``.first`` is itself)."""

    def __init__(self, page: "EnginePage", chain: list[str]) -> None:
        self.page, self.chain = page, chain

    @property
    def first(self) -> "Locator":
        return self

    def locator(self, css: str) -> "Locator":
        return Locator(self.page, self.chain + [css])

    def element_handle(self) -> "Locator":
        return self

    def count(self) -> int:
        return int(self.page.evaluate("(c) => __find(c, true).length", self.chain))

    def _state(self) -> str:
        return str(self.page.evaluate("""(n) => {
            if (!n) return 'detached';
            const r = n.getBoundingClientRect();
            return r.width > 0 && r.height > 0 && getComputedStyle(n).visibility !== 'hidden'
                ? 'visible' : 'attached'; }""", self))

    def wait_for(self, state: str = "visible", timeout: float | None = None) -> None:
        ok = {"visible": ("visible",), "attached": ("visible", "attached"),
              "detached": ("detached",), "hidden": ("attached", "detached")}[state]
        ms = self.page.default_timeout if timeout is None else timeout
        self.page.poll(lambda: self._state() in ok, ms, f"{self.chain} to be {state}")

    def evaluate(self, js: str, arg: Any = None) -> Any:
        return self.page.evaluate(f"""(n, a) => {{
            if (!n) throw new Error('no node for {json.dumps(self.chain)[1:-1]}');
            return ({js})(n, a); }}""", self, arg)

    def center(self) -> tuple[float, float]:
        self.wait_for("visible")
        x, y = self.evaluate("(n) => { const r = n.getBoundingClientRect();"
                             " return [r.left + r.width / 2, r.top + r.height / 2]; }")
        return float(x), float(y)

    def tap(self, timeout: float | None = None) -> None:
        self.page.backend.tap(*self.center())

    click = tap

    def dispatch_event(self, kind: str, timeout: float | None = None) -> None:
        self.wait_for("attached", timeout)
        self.evaluate("(n, k) => n.dispatchEvent(new MouseEvent(k, {bubbles: true, "
                      "cancelable: true, composed: true}))", kind)


class EnginePage:
    """The Playwright-like page over a :class:`Backend`."""

    def __init__(self, backend: Backend, opener: Any = None) -> None:
        self.backend = backend
        self.keyboard = Keyboard(backend)
        self.default_timeout = 20_000.0
        self.viewport_size = {"width": WIDTH, "height": HEIGHT}
        self.opener = opener  # what makes another tab of this browser (``new_page``)

    @property
    def engine(self) -> str:
        return self.backend.name

    def set_default_timeout(self, ms: float) -> None:
        self.default_timeout = ms

    def evaluate(self, js: str, *args: Any) -> Any:
        """``js``: a function expression, called with ``args`` (a Locator: its node)."""
        plain = [{"__locator": a.chain} if isinstance(a, Locator) else a for a in args]
        return json.loads(self.backend.call(_wrap(js), json.dumps(plain)))

    def poll(self, check: Any, timeout_ms: float, what: str) -> Any:
        deadline = time.monotonic() + timeout_ms / 1000
        while True:
            try:
                seen = check()
                if seen:
                    return seen
            except PlaywrightError:
                if time.monotonic() > deadline:
                    raise
            if time.monotonic() > deadline:
                raise EngineTimeout(f"{self.engine}: waited {timeout_ms / 1000:.0f} s for {what}")
            time.sleep(0.1)

    def wait_for_function(self, js: str, arg: Any = None, timeout: float | None = None) -> Any:
        ms = self.default_timeout if timeout is None else timeout
        return self.poll(lambda: self.evaluate(js, arg), ms, "a condition in the page")

    def wait_for_timeout(self, ms: float) -> None:
        time.sleep(ms / 1000)

    def locator(self, css: str) -> Locator:
        return Locator(self, [css])

    def goto(self, url: str) -> None:
        self.backend.navigate(url)

    def reload(self) -> None:
        self.backend.reload()

    def screenshot(self, path: str, timeout: float | None = None) -> bytes:
        png = self.backend.screenshot()
        Path(path).write_bytes(png)
        return png


    def new_page(self) -> "EnginePage":
        return self.opener()

    def close(self) -> None:
        self.backend.close()


def sizes(page: Any) -> dict[str, float]:
    """What the page itself says of its window (any engine's page)."""
    return dict(page.evaluate("() => ({width: innerWidth, height: innerHeight, "
                              "dpr: devicePixelRatio, languages: navigator.languages})"))


class Xvfb:
    """An X server of this test run's own (a free display number, no TCP)."""

    def __init__(self, size: str = "1280x1024x24") -> None:
        if not shutil.which("Xvfb"):
            raise RuntimeError("Xvfb is missing: 'bash tests/run_all.sh' installs it "
                               "(Debian's xvfb), or 'apt-get install -y xvfb xauth'")
        read, write = os.pipe()
        self.proc = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", size, "-nolisten", "tcp"],
            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True)
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            self.proc.kill()
            raise RuntimeError("Xvfb did not start")
        self.display = f":{number}"

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
