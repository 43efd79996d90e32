"""The web app (``scorekeeper build-web``) in the browser tests and the benchmark: the
site built once, a plain static server for it, and the app's addresses in the hash.

The site is served by ``python -m http.server``: no Flet, no app server, only files.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

from e2e_harness import (CHROMIUM_ARGS, PHONE, Flutter, Server, chromium_path, eventually,
                         free_port, is_local)
from engines import EnginePage

START_TIMEOUT = 180.0  # seconds for the first screen: Python starts in the page
TYPE_SEEN = 20.0  # seconds for the app to say what it got
SCROLL_TIMEOUT = 60.0  # seconds for Flutter to move a list after its node was scrolled
# scrolls the innermost scrolling node of the tree under (x, y) by dy; whether it moved
SCROLL = """([x, y, dy]) => {
    const lists = Array.from(document.querySelectorAll('flt-semantics')).filter((n) => {
        const r = n.getBoundingClientRect();
        return getComputedStyle(n).overflowY !== 'visible' && r.left <= x && x <= r.right
            && r.top <= y && y <= r.bottom;
    });
    const list = lists[lists.length - 1];
    if (!list) return false;
    const was = list.scrollTop;
    list.scrollTop = was + dy;
    return list.scrollTop !== was;
}"""
# where the accessibility tree's nodes are (they follow a scrolled list)
LAYOUT = """() => Array.from(document.querySelectorAll('flt-semantics'), (n) =>
    Math.round(n.getBoundingClientRect().top)).join()"""
# until that stays the same for 4 animation frames (a scroll may animate)
STILL = """() => new Promise((done) => {
    const end = performance.now() + 5000;
    let last = '', same = 0;
    const look = () => {
        const now = (%s)();
        same = now === last ? same + 1 : 0;
        last = now;
        if (same >= 4 || performance.now() > end) done(same); else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
})""" % LAYOUT


# The service worker's cache of the site, changed as a test needs: a file of it deleted,
# damaged near its end, or saying another build of Python (a gzip file's name, which is
# all the worker reads of it before it refuses the pair); or a file fetched into it.
IN_THE_CACHE = """async ([name, how]) => {
    const [version] = (await caches.keys()).filter((n) => n.startsWith('hearts-'));
    const cache = await caches.open(version);
    const kept = await cache.match(name);
    if (how === 'delete' || !kept) return cache.delete(name);
    const bytes = new Uint8Array(await kept.arrayBuffer());
    if (how === 'damage') bytes[bytes.length - 5000] ^= 1;
    if (how === 'another build') bytes.set(new TextEncoder().encode('fedcba9876543210'), 10);
    await cache.put(name, new Response(bytes, { headers: kept.headers }));
    return true;
}"""
ADD_TO_THE_CACHE = """async (name) => {
    const [version] = (await caches.keys()).filter((n) => n.startsWith('hearts-'));
    await (await caches.open(version)).add(name);
}"""


def build(folder: Path) -> Path:
    from scorekeeper.web.build import build_site

    build_site(folder)
    return folder


def static_server(site: Path, port: int | None = None) -> Server:
    port = port or free_port()
    argv = [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
            "--directory", str(site)]
    return Server("static", argv, port)


def block_outside(context) -> None:  # type: ignore[no-untyped-def]
    """Every request to a host but this machine is refused (not only recorded)."""
    context.route("**/*", lambda route: route.continue_() if is_local(route.request.url)
                  else route.abort())


class WebApp(Flutter):
    """The app on a static site: its screens' addresses are in the hash (#/game/<id>),
    since a static host has nothing at /game/<id>."""

    @property
    def path(self) -> str:
        return str(self.page.evaluate(
            "() => (location.hash.replace(/^#/, '') || '/').split('?')[0]"))

    @property
    def address(self) -> str:
        return str(self.page.evaluate("() => location.hash.replace(/^#/, '') || '/'"))

    def open(self, path: str = "/", ready: str | None = None) -> None:
        self.page.goto(self.base_url + "/" + ("" if path == "/" else "#" + path))
        self._started(ready)

    def reload(self, ready: str | None = None) -> None:
        self.page.reload()
        self._started(ready)

    def _started(self, ready: str | None) -> None:
        """Flutter's tree comes up before Python has drawn anything: wait for the screen
        (Pyodide's start is seconds, more on a busy machine)."""
        self.enable_semantics(timeout=START_TIMEOUT)
        if ready:
            try:
                self.wait(ready, timeout=START_TIMEOUT)
            except Exception as e:  # say how far Python's start came
                e.add_note(start_report(self))
                raise

    @property
    def engine(self) -> str:
        return self.page.engine if isinstance(self.page, EnginePage) else "chromium"

    def new_tab(self):  # type: ignore[no-untyped-def]
        """Another tab of the same browser (and profile)."""
        if isinstance(self.page, EnginePage):
            return self.page.new_page()
        return self.page.context.new_page()

    def type(self, identifier: str, text: str, clear: bool = True) -> None:
        """Firefox and WebKit: typed once (after Flutter has attached its field, as on
        Chromium), then the app has it: its label says the text. Keys typed before the
        attach reached the field's <input> and not Flutter's field, which stayed empty;
        this was once taken for a WebKit quirk and typed again."""
        super().type(identifier, text, clear)
        if isinstance(self.page, EnginePage) and clear:
            self.wait_text(identifier, lambda t: f": {text}" in t, timeout=TYPE_SEEN,
                           what=f"{text!r} in the app's field")

    def swipe(self, x: float, y: float, dy: float) -> None:
        """Chromium: a touch swipe (DevTools). Firefox and WebKit, whose automation has
        no touch and whose wheel WebKit turns into fixed steps: the list under (x, y)
        scrolled as a screen reader scrolls it, through its node in Flutter's
        accessibility tree (Flutter follows that node's scrollTop)."""
        if not isinstance(self.page, EnginePage):
            super().swipe(x, y, dy)
            return
        before = self.page.evaluate(LAYOUT)
        if not self.page.evaluate(SCROLL, [x, y, dy]):
            return  # the list is at its end
        deadline = time.monotonic() + SCROLL_TIMEOUT
        while self.page.evaluate(LAYOUT) == before and time.monotonic() < deadline:
            time.sleep(0.1)
        self.page.evaluate(STILL)

    def service_worker_ready(self) -> str:
        """Waits until this site's service worker controls the page and keeps the files of
        the Flutter build the page loaded (it says which); its cache's name."""
        return str(self.page.evaluate("""async () => {
            await navigator.serviceWorker.ready;
            while (!navigator.serviceWorker.controller || !window.heartsKept) {
                await new Promise((r) => setTimeout(r, 100));
            }
            return (await caches.keys()).join(",");
        }"""))

    def kept_build(self) -> list[str]:
        """The files of Flutter's build the service worker said it keeps for this page."""
        return list(self.page.evaluate("() => window.heartsKept || []"))

    def kept_later(self) -> list[str]:
        """Waits until the service worker says which files of Python's usual start it
        keeps (asked once the first screen is up: sw.js's LATER); their names."""
        return list(self.page.evaluate("""async () => {
            while (!Array.isArray(window.heartsLater)) {
                await new Promise((r) => setTimeout(r, 100));
            }
            return window.heartsLater;
        }"""))

    def in_the_cache(self, name: str, how: str) -> bool:
        """The site's file ``name`` in the service worker's cache deleted ("delete"),
        damaged near its end ("damage") or saying another build ("another build")."""
        return bool(self.page.evaluate(IN_THE_CACHE, [name, how]))

    def add_to_the_cache(self, name: str) -> None:
        """The site's file ``name`` fetched into the service worker's cache."""
        self.page.evaluate(ADD_TO_THE_CACHE, name)


class KillableChromium:
    """Chromium on a profile folder, which a test can SIGKILL (as a phone's system kills
    a browser: nothing gets to finish or flush) and start again on the same profile."""

    def __init__(self, chromium, profile: Path) -> None:  # type: ignore[no-untyped-def]
        """``chromium``: Playwright's browser type (``browser.browser_type``)."""
        self.chromium, self.profile = chromium, profile
        self.context = None

    def start(self, **options):  # type: ignore[no-untyped-def]
        """Start it: the page of a phone-sized window, every outside request refused;
        ``options`` for Playwright's context beside the phone's (e.g. ``user_agent``)."""
        self.context = self.chromium.launch_persistent_context(
            str(self.profile), executable_path=chromium_path(), headless=True,
            args=CHROMIUM_ARGS, **{**PHONE, **options})
        block_outside(self.context)
        pages = self.context.pages
        return pages[0] if pages else self.context.new_page()

    def pids(self) -> list[int]:
        """The processes of this Chromium (the ones whose command line names its profile)."""
        mark = f"--user-data-dir={self.profile}".encode()
        found = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    if mark in (entry / "cmdline").read_bytes():
                        found.append(int(entry.name))
                except OSError:
                    pass
        return found

    def kill(self) -> None:
        for pid in self.pids():
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + 30
        while self.pids() and time.monotonic() < deadline:
            time.sleep(0.1)
        self.context = None


def first_screen(web: WebApp) -> str:
    """Which comes up first: home, or the message that the app is open elsewhere."""
    from scorekeeper.app import ids

    web.enable_semantics(timeout=START_TIMEOUT)

    def shown() -> str:
        for identifier in (ids.NEW_GAME, ids.OPEN_ELSEWHERE):
            if web.exists(identifier):
                return identifier
        raise AssertionError("neither home nor the message yet")

    try:
        return str(eventually(shown, timeout=START_TIMEOUT, every=0.05))
    except AssertionError as e:  # say how far Python's start came (its worker's steps)
        e.add_note(start_report(web))
        raise


START_REPORT = """() => JSON.stringify({url: location.href, visibility: document.visibilityState,
    steps: Object.entries(window.pythonSteps || {}).sort((a, b) => a[1] - b[1])
        .map(([name, ms]) => `${name} ${Math.round(ms)} ms`)})"""


def start_report(web: WebApp) -> str:
    """How far the page's start came: the steps Python's worker and the app said, with
    their moments on the page's clock, for a start that never showed its screen."""
    try:
        return "the page's start: " + str(web.page.evaluate(START_REPORT))
    except Exception as e:  # the page itself is gone
        return f"the page did not answer: {e}"


# In the same task in which the node ``id`` first shows ``value`` among its numbers, the
# page asks ``url`` synchronously (the page's thread waits there), and the test's server
# kills the browser on that request: whatever the app drew before IndexedDB had the hand,
# the kill finds it so.
KILL_WHEN_SHOWN = """([id, value, url]) => {
    %s
    whenShown(id, value, () => {
        const kill = new XMLHttpRequest();
        kill.open('GET', url, false);
        try { kill.send(); } catch (e) { /* the browser is gone */ }
    });
    return shows(id, value);
}"""


class KillServer:
    """A local address whose request SIGKILLs the Chromium (see KILL_WHEN_SHOWN)."""

    def __init__(self, chromium: KillableChromium) -> None:
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
        import threading

        killed = self.killed = threading.Event()

        class Kill(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's name)
                chromium.kill()
                killed.set()
                self.send_response(200)
                self.send_header("Access-Control-Allow-Origin", "*")
                self.end_headers()

            def log_message(self, *args: object) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", free_port()), Kill)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/kill"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> "KillServer":
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def wait(self, page, timeout: float = 120.0) -> None:  # type: ignore[no-untyped-def]
        """Until the browser is killed (Playwright answers the route of the kill's request
        only while the test is inside one of its calls)."""
        deadline = time.monotonic() + timeout
        while not self.killed.is_set():
            assert time.monotonic() < deadline, "the total never showed (no kill)"
            try:
                page.wait_for_timeout(50)
            except Exception:  # the browser went away under the call
                pass


def kill_chromium(browser_type, site: Path, profile: Path, **options) -> None:  # type: ignore[no-untyped-def]
    """A new game, hand 1 saved, hand 2 typed and Save tapped while IndexedDB refuses (the
    hand entry stays, a message says why); storage accepts, Save again, and Chromium is
    SIGKILLed in the same task in which hand 2's total first shows; started again on the
    same profile: hands 1 and 2 are on the sheet, each once. ``options``: Playwright's
    context options (a Safari ``user_agent`` makes the app take its own wait, not
    Python's)."""
    from app_steps import Table
    from web_storage import SHOWS, refuse, refusing_copy

    from scorekeeper.app import ids
    from scorekeeper.rules import Hand

    copy = refusing_copy(site, profile.parent / "refusing-site")
    with static_server(copy) as server:
        chromium = KillableChromium(browser_type, profile)
        try:
            web = WebApp(chromium.start(**options), server.url)
            table = Table(web)
            table.start()
            table.open_entry()
            table.cards({0: 3, 2: 10}, queen=1)
            table.save(Hand((3, 13, 10, 0)))
            table.open_entry()
            table.cards({0: 4, 1: 9}, queen=3)
            web.wait_enabled(ids.SAVE_HAND)
            refuse(web.page, True)
            web.tap(ids.SAVE_HAND)
            web.wait_text(ids.ERROR, lambda t: "could not keep hand 2" in t,
                          what="the refusal in words")
            refuse(web.page, False)
            if "user_agent" in options:
                assert web.page.evaluate("() => navigator.userAgent") == options["user_agent"]
            with KillServer(chromium) as killer:
                assert not web.page.evaluate(KILL_WHEN_SHOWN % SHOWS,  # Darek: 13 after hand 2
                                             [ids.TOTAL.format(seat=3), 13, killer.url])
                web.tap(ids.SAVE_HAND)
                killer.wait(web.page)
            table.hands.append(Hand((4, 9, 0, 13)))

            web = WebApp(chromium.start(**options), server.url)
            table.app = web
            web.open(table.path, ready=ids.ENTER_HAND)
            table.check_sheet()
            assert not web.exists(ids.HAND_ROW.format(n=3)), "a hand kept twice"
        finally:
            chromium.kill()
