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

from e2e_harness import CHROMIUM_ARGS, PHONE, Flutter, Server, chromium_path, free_port, is_local

START_TIMEOUT = 180.0  # seconds for the first screen: Python starts in the page


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
            self.wait(ready, timeout=START_TIMEOUT)

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
