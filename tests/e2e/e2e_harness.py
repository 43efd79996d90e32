"""Driving a Flet web app in Debian's Chromium: servers, browser, network guard, screenshots.

Used by the end-to-end tests (through ``conftest.py``) and by
``tests/benchmarks/bench_browser.py``. Nothing here knows the rules of Hearts.

Flutter draws on a canvas; what a test can see is the accessibility tree, which Flutter
builds only after a click on ``flt-semantics-placeholder``. The app tags controls with
``ft.Semantics(identifier=...)`` (names in ``scorekeeper/app/ids.py``), which appear as the
``flt-semantics-identifier`` attribute.
"""

from __future__ import annotations

import base64
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, Callable, Sequence
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

ROOT = Path(__file__).resolve().parents[2]
E2E_DIR = Path(__file__).resolve().parent
ARTIFACTS = ROOT / "test-artifacts"
SCREENSHOTS = ARTIFACTS / "screenshots"
LOGS = ARTIFACTS / "logs"

# Headless, offline, and with a software GL so that screenshots of Flutter's canvas are
# not blank (with --disable-gpu alone Chromium paints nothing into the WebGL canvas).
# set on each browser test item by conftest: did its call phase fail? (here, not in
# conftest, because several test folders have a module named conftest)
FAILED = pytest.StashKey[bool]()

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--use-angle=swiftshader",
    "--enable-unsafe-swiftshader",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--disable-extensions",
    "--mute-audio",
]

# A phone on the card table (the size of an iPhone 12-15).
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
    "locale": "en-US",
    "timezone_id": "Europe/Warsaw",
}

LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1"}
SERVER_START_TIMEOUT = 60.0
# The stock Flet 1.0.5 web client appends a <script> for the Rive runtime from jsdelivr at
# start-up even with no_cdn. The app must stop it (its own index.html); the hello page,
# which is stock Flet on purpose, is allowed it.
STOCK_FLET_CDN = "cdn.jsdelivr.net/npm/@rive-app/"
DEFAULT_TIMEOUT_MS = 20_000
# A Flutter text field takes keys only once the framework has answered the focus of its
# <input> and the engine has attached the field to it, writing the field's settings onto
# the input (its autocorrect among them), a frame or more after the input has the DOM
# focus. Keys typed in between reach the <input> and never Flutter's field: the phone
# sends nothing (recorded: "3" typed into Janek's field shown there, never on the
# socket). A player cannot type sooner, as the phone's keyboard opens with the attach;
# a test can. So the input is marked before the tap, and typed into once the mark is gone.
UNATTACHED = "typed-after-attach"
SHOT_TIMEOUT_MS = 30_000  # one screenshot try; shot() makes SHOT_ATTEMPTS of them
SHOT_ATTEMPTS = 3


class ChromiumMissing(RuntimeError):
    pass


def chromium_path() -> str:
    """Debian's Chromium (or ``$SCOREKEEPER_CHROMIUM``); a clear error when it is missing."""
    candidates = [os.environ.get("SCOREKEEPER_CHROMIUM"), "/usr/bin/chromium",
                  shutil.which("chromium"), shutil.which("chromium-browser")]
    for path in candidates:
        if path and os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    raise ChromiumMissing(
        "Chromium is not installed, so the browser tests cannot run. Run the suite with "
        "'bash tests/run_all.sh' (it installs Debian's chromium), or 'sudo apt-get install "
        "-y chromium', or point SCOREKEEPER_CHROMIUM at a Chromium binary.")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# --- servers ----------------------------------------------------------------------------

class Server:
    """A web server in its own process group: started, waited for, killed with its children."""

    def __init__(self, name: str, argv: Sequence[str], port: int,
                 env: dict[str, str] | None = None) -> None:
        self.name = name
        self.argv = list(argv)
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.env = env
        self.proc: subprocess.Popen[bytes] | None = None
        LOGS.mkdir(parents=True, exist_ok=True)
        self.log_path = LOGS / f"{name}-{port}.log"

    def start(self, timeout: float = SERVER_START_TIMEOUT) -> "Server":
        env = dict(os.environ)
        env.setdefault("PYTHONUNBUFFERED", "1")
        if self.env:
            env.update(self.env)
        log = open(self.log_path, "wb")
        try:
            self.proc = subprocess.Popen(self.argv, cwd=ROOT, env=env, stdout=log,
                                         stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                         start_new_session=True)
        finally:
            log.close()
        try:
            self.wait_ready(timeout)
        except BaseException:
            self.stop()
            raise
        return self

    def log_tail(self, lines: int = 40) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])

    def wait_ready(self, timeout: float) -> None:
        """Until the port answers and the page is the Flet web client."""
        assert self.proc is not None
        deadline = time.monotonic() + timeout
        last = "no answer"
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.name} server exited with status {self.proc.returncode}:"
                                   f"\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(self.url + "/", timeout=2) as r:
                    body = r.read()
                if r.status == 200 and b"flutter_bootstrap.js" in body:
                    return
                last = f"status {r.status}"
            except (urllib.error.URLError, OSError) as e:
                last = str(e)
            time.sleep(0.1)
        raise RuntimeError(f"{self.name} server not ready on {self.url} after {timeout:.0f}s "
                           f"({last}):\n{self.log_tail()}")

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        try:
            os.killpg(self.proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            return
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.proc.wait(timeout=10)

    def __enter__(self) -> "Server":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def app_server(db: str | os.PathLike[str], port: int | None = None,
               env: dict[str, str] | None = None) -> Server:
    """The real app, as a user starts it, on a temporary database (``env``: extra
    environment, e.g. a benchmark's A/B switch)."""
    port = port or free_port()
    argv = [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(port),
            "--db", str(db)]
    return Server("app", argv, port, env)


def hello_server(port: int | None = None) -> Server:
    """The minimal Flet hello-world page (``hello_app.py``), served the same way."""
    port = port or free_port()
    return Server("hello", [sys.executable, str(E2E_DIR / "hello_app.py"), "--port", str(port)],
                  port)


def swap_server(port: int | None = None) -> Server:
    """The bare two-screen Flet app (``swap_app.py``), served the same way."""
    port = port or free_port()
    return Server("swap", [sys.executable, str(E2E_DIR / "swap_app.py"), "--port", str(port)],
                  port)


# --- browser ----------------------------------------------------------------------------

def launch_chromium(playwright):  # type: ignore[no-untyped-def]
    return playwright.chromium.launch(executable_path=chromium_path(), headless=True,
                                      args=CHROMIUM_ARGS)


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about", "chrome-error"):
        return True
    return (parts.hostname or "") in LOCAL_HOSTS


ENGINE_TRAPS = ("memory access out of bounds",)  # WebAssembly traps of Flutter's renderer
# ... counted as Flutter's only where the error's stack runs through Flutter's own files
# (the same trap in Python's runtime, or anywhere else, is the page's error)
FLUTTER_FILES = ("skwasm", "main.dart.wasm", "main.dart.mjs", "main.dart.js", "canvaskit")
# what WebKitWebDriver answers a tap or a key with when its input failed inside WebKit
# ("unknown error" with no message at all; CI 2026-12-07, a tap on the new-game form
# under two workers): the app never heard of the input, so no verdict on it
WEBKIT_INPUT_FAULT = "webkit: its driver failed the input and said nothing"
# what WebDriver says when MiniBrowser (or its web process) is gone: seen about once in
# ten WebKit tests, in any of them, before and after the app's changes
WEBKIT_GONE = ("Could not parse script result", "invalid session id",
               "InvalidSessionIdException", WEBKIT_INPUT_FAULT)


def flutters_trap(text: str, stack: str) -> bool:
    """A WebAssembly trap of Flutter's renderer: the trap's words, and a stack through
    Flutter's files."""
    return text.strip() in ENGINE_TRAPS and any(f in (stack or "") for f in FLUTTER_FILES)


def webkit_died(nodeid: str, reports: list[Any]) -> bool:
    """A WebKit test failed because the browser itself went away, or its driver failed
    an input without a word (:data:`WEBKIT_INPUT_FAULT`): not a verdict on the app."""
    return "webkit" in nodeid and any(
        r.failed and any(sign in str(r.longrepr) for sign in WEBKIT_GONE) for r in reports)


def run_with_one_more(nodeid: str, run: Callable[[], list[Any]], hung: Callable[[], bool],
                      fresh: Callable[[], None], said: list[str]) -> list[Any]:
    """A browser test's reports: run once more if Chromium's renderer hung and was killed
    during a failed run, or WebKit's browser died or its driver failed an input under it
    (once may be its driver); the run says so in ``said``. A second hang or death is the test's failure, said too."""
    reports = run()
    again = None
    if hung() and any(r.failed for r in reports):
        again = "Chromium's renderer hung and was killed"
    elif webkit_died(nodeid, reports):
        again = ("WebKit's browser died or its driver failed under it (its WebDriver "
                 "session gone, or an input failed without a word; once may be its driver)")
    if again is None:
        return reports
    print(f"\n{nodeid}: {again}; running it again")
    said.append(f"{nodeid}: {again}; run again")
    fresh()
    reports = run()
    twice = (hung() and any(r.failed for r in reports)) or webkit_died(nodeid, reports)
    if twice:
        said.append(f"{nodeid}: {again} a second time: failed")
    return reports


class NetworkGuard:
    """Records what a page asks the network for and what goes wrong in it.

    ``outside``: requests to any host but this machine (a CDN, a font service);
    ``failed``: local requests answered 4xx/5xx or not at all (a missing bundled font);
    ``errors``: uncaught JavaScript exceptions.
    """

    def __init__(self, page) -> None:  # type: ignore[no-untyped-def]
        self.outside: list[str] = []
        self.failed: list[str] = []
        self.errors: list[str] = []
        self.requests: list[str] = []
        # Substrings of outside URLs a test knowingly tolerates (only the stock Flet page).
        self.tolerated: list[str] = []
        page.on("request", self._on_request)
        page.on("response", self._on_response)
        page.on("requestfailed", self._on_failed)
        # A WebAssembly trap inside Flutter's own renderer (skwasm): seen once in two full
        # runs (2026-12-06, a 360/390 px resize, the test's every check passed after it);
        # Flutter's engine, not the app: kept apart, said at the end of the run
        self.engine_faults: list[str] = []
        page.on("pageerror", self._on_error)

    def _on_request(self, request) -> None:  # type: ignore[no-untyped-def]
        self.requests.append(request.url)
        if not is_local(request.url):
            self.outside.append(request.url)

    def _on_response(self, response) -> None:  # type: ignore[no-untyped-def]
        if response.status >= 400 and is_local(response.url):
            self.failed.append(f"{response.status} {response.url}")

    def _on_failed(self, request) -> None:  # type: ignore[no-untyped-def]
        if is_local(request.url) and not request.url.startswith(("data:", "blob:")):
            failure = request.failure or ""
            # A websocket or fetch cut short by a reload or by closing the page is normal.
            if "ERR_ABORTED" not in failure:
                self.failed.append(f"{failure} {request.url}")

    def _on_error(self, error) -> None:  # type: ignore[no-untyped-def]
        text = str(error)
        if flutters_trap(text, str(getattr(error, "stack", "") or "")):
            self.engine_faults.append(text)
        else:
            self.errors.append(text)

    def problems(self) -> list[str]:
        outside = [u for u in self.outside if not any(t in u for t in self.tolerated)]
        return ([f"request left the machine: {u}" for u in outside]
                + [f"local request failed: {u}" for u in self.failed]
                + [f"uncaught error in the page: {e}" for e in self.errors])


def _renderers_of_this_process() -> list[int]:
    """Chromium's renderer processes started (through Playwright's driver) by this test
    process, read from /proc."""
    parents: dict[int, int] = {}
    renderers: list[int] = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:  # it ended meanwhile
            continue
        pid = int(entry.name)
        parents[pid] = int(stat.rsplit(")", 1)[1].split()[1])
        if b"--type=renderer" in cmdline:
            renderers.append(pid)
    me = os.getpid()

    def descends(pid: int) -> bool:
        for _ in range(64):
            pid = parents.get(pid, 0)
            if pid == me:
                return True
            if pid <= 1:
                return False
        return False
    return [pid for pid in renderers if descends(pid)]


def _cpu_ticks(pid: int) -> int | None:
    try:
        fields = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return int(fields[11]) + int(fields[12])  # utime + stime


class SpinWatch:
    """Ends a Chromium renderer of this test process that spins: busy at least 95 % of one
    core for ``seconds`` on end.

    Seen in about one full run in two (and twice in some thirty runs of the axe test): a
    renderer at 100 % for hours, right after a sheet was drawn, in different tests. Its page
    never answers again, and Playwright's ``evaluate`` (like a page's other calls into
    JavaScript) has no time limit, so the run held CI until its limit. No test here keeps
    a renderer that busy for minutes. Killed, the page crashes and the waiting call raises;
    :attr:`killed` counts it, and the conftest runs that test once more."""

    def __init__(self, seconds: float = 120.0, every: float = 5.0) -> None:
        self.seconds, self.every = seconds, every
        self.killed = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="spin-watch", daemon=True)

    def __enter__(self) -> "SpinWatch":
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=10)

    def _watch(self) -> None:
        hz = os.sysconf("SC_CLK_TCK")
        history: dict[int, list[tuple[float, int]]] = {}
        while not self._stop.wait(self.every):
            now = time.monotonic()
            alive = set(_renderers_of_this_process())
            for pid in list(history):
                if pid not in alive:
                    del history[pid]
            for pid in alive:
                ticks = _cpu_ticks(pid)
                if ticks is None:
                    continue
                seen = history.setdefault(pid, [])
                seen.append((now, ticks))
                while len(seen) > 2 and now - seen[1][0] >= self.seconds:
                    seen.pop(0)
                first_t, first_ticks = seen[0]
                if now - first_t >= self.seconds and \
                        (ticks - first_ticks) / hz >= 0.95 * (now - first_t):
                    self.kill(pid, now - first_t)
                    del history[pid]

    def kill(self, pid: int, busy_for: float) -> None:
        print(f"\nspin watch: Chromium renderer {pid} busy {busy_for:.0f} s on end: killed",
              file=sys.stderr)
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            return
        self.killed += 1


def ident(identifier: str) -> str:
    """CSS selector of the semantics node tagged with ``identifier``."""
    return f'[flt-semantics-identifier="{identifier}"]'


class Flutter:
    """A page of a Flet app, driven through Flutter's accessibility tree."""

    def __init__(self, page, base_url: str) -> None:  # type: ignore[no-untyped-def]
        self.page = page
        self.base_url = base_url.rstrip("/")
        self._cdp = None  # a DevTools session, for touch swipes
        page.set_default_timeout(DEFAULT_TIMEOUT_MS)

    # navigation
    def open(self, path: str = "/", ready: str | None = None) -> None:
        self.page.goto(self.base_url + path)
        self.enable_semantics()
        if ready:
            self.wait(ready)

    def reload(self, ready: str | None = None) -> None:
        self.page.reload()
        self.enable_semantics()
        if ready:
            self.wait(ready)

    def enable_semantics(self, timeout: float = 60.0) -> None:
        """Switches Flutter's accessibility tree on (a click on its placeholder), clicking
        again while the engine is not yet listening (a busy machine loads slowly)."""
        placeholder = self.page.locator("flt-semantics-placeholder")
        placeholder.wait_for(state="attached", timeout=timeout * 1000)
        tree = self.page.locator("flt-semantics").first
        deadline = time.monotonic() + timeout
        while True:
            try:
                placeholder.dispatch_event("click", timeout=1000)
            except PlaywrightError:  # gone: the tree is on (or about to be)
                pass
            try:
                tree.wait_for(state="attached", timeout=2000)
                return
            except PlaywrightError:
                if time.monotonic() > deadline:
                    raise AssertionError(f"Flutter's accessibility tree did not come up "
                                         f"within {timeout:.0f}s") from None

    @property
    def path(self) -> str:
        """The address bar's path, asked of the page itself (Playwright's ``page.url`` can
        miss a ``history.pushState`` by Flutter's router)."""
        return str(self.page.evaluate("() => location.pathname"))

    @property
    def address(self) -> str:
        """The address bar's path with its query (``/stats?players=5``)."""
        return str(self.page.evaluate("() => location.pathname + location.search"))

    def wait_path(self, pattern: str, timeout: float = DEFAULT_TIMEOUT_MS / 1000) -> str:
        """Until the address bar's path matches the regular expression ``pattern`` (the app
        pushes the route to the browser a moment after it draws the screen)."""
        return self._wait_for(lambda: self.path, pattern, timeout)

    def wait_address(self, pattern: str, timeout: float = DEFAULT_TIMEOUT_MS / 1000) -> str:
        """Until the path with its query matches ``pattern`` (the query is pushed with the
        path, so it too arrives a moment after the screen is drawn)."""
        return self._wait_for(lambda: self.address, pattern, timeout)

    @staticmethod
    def _wait_for(read: Callable[[], str], pattern: str, timeout: float) -> str:
        deadline = time.monotonic() + timeout
        while not re.fullmatch(pattern, seen := read()):
            if time.monotonic() > deadline:
                raise AssertionError(f"the address is {seen}, not {pattern}")
            time.sleep(0.05)
        return seen

    # finding
    def el(self, identifier: str):  # type: ignore[no-untyped-def]
        return self.page.locator(ident(identifier))

    def wait(self, identifier: str, timeout: float | None = None) -> None:
        """Until the node is on the page (``timeout`` in seconds; default 20)."""
        self.el(identifier).first.wait_for(
            state="visible", timeout=None if timeout is None else timeout * 1000)

    def exists(self, identifier: str) -> bool:
        return self.el(identifier).count() > 0

    def text(self, identifier: str) -> str:
        """Everything the screen reader would read for the node: labels and texts, in order."""
        return self.el(identifier).first.evaluate(
            """(root) => {
                const parts = [];
                const walk = (n) => {
                    if (n.nodeType === Node.TEXT_NODE) {
                        const t = n.textContent.trim(); if (t) parts.push(t); return;
                    }
                    if (n.nodeType !== Node.ELEMENT_NODE) return;
                    const label = n.getAttribute('aria-label');
                    if (label && label.trim()) parts.push(label.trim());
                    if (n.tagName === 'INPUT' || n.tagName === 'TEXTAREA') {
                        if (n.value) parts.push(n.value);
                    }
                    for (const c of n.childNodes) walk(c);
                };
                walk(root);
                return parts.join(' ');
            }""")

    def wait_text(self, identifier: str, predicate: Callable[[str], bool],
                  timeout: float = DEFAULT_TIMEOUT_MS / 1000, what: str = "") -> str:
        """Polls ``text(identifier)`` until ``predicate`` holds; returns the text."""
        deadline = time.monotonic() + timeout
        seen = ""
        while True:
            try:
                seen = self.text(identifier)
                if predicate(seen):
                    return seen
            except Exception as e:  # the node may be rebuilt between two polls
                # its words too: a browser gone under the test says so there (see
                # conftest.webkit_died), not only that the reading failed
                seen = f"<{type(e).__name__}: {str(e)[:300]}>"
            if time.monotonic() > deadline:
                raise AssertionError(f"{identifier}: {what or 'expected text'} not shown "
                                     f"within {timeout}s; it reads {seen!r}")
            time.sleep(0.05)

    def is_disabled(self, identifier: str) -> bool:
        node = self.el(identifier).first
        return bool(node.evaluate(
            "(n) => n.matches('[aria-disabled=\"true\"]') || "
            "!!n.querySelector('[aria-disabled=\"true\"]') || "
            "n.matches('[disabled]') || !!n.querySelector('[disabled]')"))

    def wait_enabled(self, identifier: str, timeout: float = DEFAULT_TIMEOUT_MS / 1000,
                     why: Callable[[], str] | None = None) -> None:
        """Until the control is enabled (taps reach Python and come back asynchronously)."""
        deadline = time.monotonic() + timeout
        while self.is_disabled(identifier):
            if time.monotonic() > deadline:
                raise AssertionError(f"{identifier} still disabled after {timeout}s"
                                     + (f": {why()}" if why else ""))
            time.sleep(0.05)

    def is_checked(self, identifier: str) -> bool:
        node = self.el(identifier).first
        return bool(node.evaluate(
            "(n) => { const sel = '[aria-checked=\"true\"],[aria-selected=\"true\"],"
            "[aria-pressed=\"true\"]'; return n.matches(sel) || !!n.querySelector(sel); }"))

    def swipe(self, x: float, y: float, dy: float) -> None:
        """A finger swipe from (x, y) moving ``dy`` pixels up (negative: down), no fling."""
        if self._cdp is None:
            self._cdp = self.page.context.new_cdp_session(self.page)
        self._cdp.send("Input.synthesizeScrollGesture", {
            "x": x, "y": y, "yDistance": -dy, "gestureSourceType": "touch", "speed": 2400,
            "preventFling": True})
        self.page.wait_for_timeout(80)

    def scroll_to(self, identifier: str, max_steps: int = 12) -> None:
        """Swipes until the node is wholly inside the visible part of its scrolling list.

        Flutter draws on a canvas, so the DOM cannot scroll it; the accessibility tree
        mirrors its scroll views (``overflow`` not visible) and clips a partly visible node's
        box to the visible part: "wholly visible" means touching no edge of that part."""
        node = self.el(identifier).first
        node.wait_for(state="attached")
        before: list[float] | None = None
        for _ in range(max_steps):
            geo = node.evaluate(
                """(n) => {
                    const r = n.getBoundingClientRect();
                    let top = 0, bottom = window.innerHeight, lists = 0;
                    for (let a = n.parentElement; a; a = a.parentElement) {
                        if (a.tagName !== 'FLT-SEMANTICS') continue;
                        if (getComputedStyle(a).overflowY !== 'visible') {
                            const b = a.getBoundingClientRect();
                            top = Math.max(top, b.top); bottom = Math.min(bottom, b.bottom);
                            lists += 1;
                        }
                    }
                    return [r.top, r.bottom, top, bottom, lists];
                }""")
            top, bottom, view_top, view_bottom, lists = geo
            if not lists:  # not in a scrolling list (an app bar, a bottom bar): nothing to do
                return
            if before is not None and all(abs(a - b) < 0.5 for a, b in zip(geo, before)):
                return  # the swipe moved nothing: the list is at its end, this is all of it
            before = geo
            room = view_bottom - view_top
            top_clear, bottom_clear = top > view_top + 0.5, bottom < view_bottom - 0.5
            if top_clear and bottom_clear:
                return
            if top_clear and top < view_bottom and bottom - top >= room / 2:
                return  # a node as tall as the list: its top is on screen, that will do
            if top >= view_bottom - 0.5:  # below the list: its box is whole
                want = bottom - view_bottom + 24
            elif top_clear:  # cut off by the bottom edge: bring its top up near the top
                want = top - view_top - 24
            elif bottom <= view_top + 0.5:  # above the list: its box is whole
                want = top - view_top - 24
            else:  # cut off by the top edge (or spanning the list): bring it down
                want = min(bottom - view_bottom + 24, -room / 2)
            step = max(-(room - 80), min(room - 80, want))
            x = (self.page.viewport_size or {"width": 390})["width"] / 2
            start = view_bottom - 30 if step > 0 else view_top + 30
            self.swipe(x, start, step)
        raise AssertionError(f"could not scroll {identifier} onto the screen")

    def settle(self, identifier: str, frames: int = 4, timeout_ms: int = 5000) -> None:
        """Until the node has stayed in one place for ``frames`` animation frames: a list
        can still be moving after a swipe, or after a tap above it changed its layout, and
        a tap aimed at where the node was lands on its neighbour (a wrapped row of chips)."""
        self.el(identifier).first.evaluate(
            """(n, [frames, timeout]) => new Promise((done) => {
                const end = performance.now() + timeout;
                let last = '', same = 0;
                const look = () => {
                    const r = n.getBoundingClientRect();
                    const now = [r.left, r.top, r.width, r.height].map(Math.round).join();
                    same = now === last ? same + 1 : 0;
                    last = now;
                    if (same >= frames || performance.now() > end) done(same);
                    else requestAnimationFrame(look);
                };
                requestAnimationFrame(look);
            })""", [frames, timeout_ms])

    # acting
    def tap(self, identifier: str) -> None:
        """A finger tap (touch events, so nothing is left hovered as a mouse would), after
        scrolling the node onto the screen and waiting for it to stand still there."""
        self.scroll_to(identifier)
        self.settle(identifier)
        self.el(identifier).first.tap()

    def type(self, identifier: str, text: str, clear: bool = True) -> None:
        """Types into the Flutter text field tagged ``identifier`` as a user would: tap it,
        wait until Flutter's field has the keyboard (see :data:`UNATTACHED`), replace what
        is there, and check what it now holds. Each text is typed once."""
        self.scroll_to(identifier)
        node = self.el(identifier).first
        field = node.locator("input, textarea")
        has_input = field.count() > 0
        target = field.first if has_input else node
        value = None
        for _ in range(3):
            if has_input:  # (a field that has the keyboard already keeps it: no mark)
                target.evaluate(f"(i) => {{ if (document.activeElement !== i)"
                                f" i.setAttribute('autocorrect', '{UNATTACHED}'); }}")
            target.tap()
            # this field's own input has the focus (the last field's kept it until the
            # tap is handled: on a busy machine the text went there), and Flutter has
            # attached its field to it (its settings replaced the mark)
            try:
                self.page.wait_for_function(
                    "(el) => { const a = document.activeElement;"
                    " return !!a && (a.tagName === 'INPUT' || a.tagName === 'TEXTAREA')"
                    " && (!el || a === el || el.contains(a))"
                    f" && (!el || el.getAttribute('autocorrect') !== '{UNATTACHED}'); }}",
                    arg=target.element_handle() if has_input else None, timeout=8000)
            except PlaywrightTimeoutError:
                # the tap missed, Flutter made the input anew, or its framework never
                # answered the input's focus (seen under load: the input focused, its
                # field not attached 15 s later, and a tap on a focused input is no new
                # focus): nothing was typed; let go of the input and tap again
                print(f"{identifier}: Flutter's field did not take the keys within 8 s;"
                      f" tapping again ({self._focus_state(target if has_input else None)})")
                self.page.evaluate("() => { const a = document.activeElement;"
                                   " if (a && a.blur) a.blur(); }")
                continue
            if clear:  # select-all is unreliable in a mobile page: select from the end
                self.page.keyboard.press("End")
                self.page.keyboard.press("Shift+Home")
                self.page.keyboard.press("Backspace")
            self.page.keyboard.type(text)
            if not clear:
                return
            value = self.page.evaluate(
                "() => document.activeElement ? document.activeElement.value : null")
            if value == text:
                return
        raise AssertionError(f"typing {text!r} into {identifier} left {value!r} in it")

    def _focus_state(self, field: Any) -> str:
        """What has the page's focus, and whether Flutter attached ``field`` (a failure's
        words)."""
        return str(self.page.evaluate(
            "(el) => { const a = document.activeElement;"
            " const what = a ? a.tagName + ' ' + (a.getAttribute('aria-label') || '') : 'none';"
            " return 'focus: ' + what + (el ? '; its input ' + (a === el ? 'has it' : 'not')"
            f" + ', ' + (el.getAttribute('autocorrect') === '{UNATTACHED}'"
            " ? 'not attached' : 'attached') : ''); }",
            field.element_handle() if field is not None else None))

    def shot(self, name: str) -> Path:
        return shot(self.page, name)


class Phone:
    """One browser context at a phone viewport, with its page and network guard."""

    def __init__(self, browser, name: str,  # type: ignore[no-untyped-def]
                 guard: Callable[..., NetworkGuard] = NetworkGuard) -> None:
        self.context = browser.new_context(**PHONE)
        self.page = self.context.new_page()
        self.guard = guard(self.page)
        self.name = name

    def flutter(self, base_url: str) -> Flutter:
        return Flutter(self.page, base_url)

    def close(self, failed: bool) -> None:
        if failed:
            try:
                shot(self.page, f"FAILED-{self.name}", settle_ms=0)
            except Exception:
                pass
        self.context.close()


def eventually(check: Callable[[], object], timeout: float = DEFAULT_TIMEOUT_MS / 1000,
               every: float = 0.1) -> object:
    """Runs ``check`` until it stops failing an assertion, and returns what it returned.

    For what the browser shows a moment after it is asked (a relayout, a repaint): the
    verdict is the check's, however long the busy machine takes, up to ``timeout``."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            return check()
        except AssertionError:
            if time.monotonic() > deadline:
                raise
        time.sleep(every)


def resize(page, width: int, height: int = 844) -> None:  # type: ignore[no-untyped-def]
    """Sets the phone's screen size and waits until the page has it and has drawn a frame."""
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function("([w, h]) => window.innerWidth === w && window.innerHeight === h",
                           arg=[width, height])
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => "
                  "requestAnimationFrame(() => r(null))))")


def shot(page, name: str, settle_ms: int = 400) -> Path:  # type: ignore[no-untyped-def]
    """Saves a screenshot of what the phone shows as ``test-artifacts/screenshots/<name>.png``
    (after ``settle_ms`` so that page transitions and ripples have finished)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    if settle_ms:
        page.wait_for_timeout(settle_ms)
    path = SCREENSHOTS / f"{name}.png"
    for attempt in range(SHOT_ATTEMPTS):
        try:
            page.screenshot(path=str(path), timeout=SHOT_TIMEOUT_MS)
            return path
        except PlaywrightError:
            if attempt == SHOT_ATTEMPTS - 1:
                raise
            # A busy machine can leave the compositor without a frame to capture (seen once
            # in CI right after a viewport change): ask for a new frame and try again.
            page.evaluate("() => new Promise(r => requestAnimationFrame(() => r(null)))")
            page.wait_for_timeout(500)
    return path


def painted_colours(page, png: Path) -> int:  # type: ignore[no-untyped-def]
    """How many distinct colours a screenshot holds (1 means a blank, unpainted canvas).

    Decoded by the browser itself so that no image library is needed."""
    data = "data:image/png;base64," + base64.b64encode(png.read_bytes()).decode()
    return int(page.evaluate(
        """async (src) => {
            const img = new Image(); img.src = src; await img.decode();
            const c = document.createElement('canvas'); c.width = img.width; c.height = img.height;
            const g = c.getContext('2d'); g.drawImage(img, 0, 0);
            const px = g.getImageData(0, 0, c.width, c.height).data;
            const seen = new Set();
            for (let i = 0; i < px.length; i += 4 * 7) {
                seen.add((px[i] << 16) | (px[i + 1] << 8) | px[i + 2]);
                if (seen.size > 64) break;
            }
            return seen.size;
        }""", data))
