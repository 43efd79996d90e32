"""The web app (``scorekeeper build-web``) in the browser tests and the benchmark: the
site built once, a plain static server for it, and the app's addresses in the hash.

The site is served by ``python -m http.server``: no Flet, no app server, only files.
"""

from __future__ import annotations

import sys
from pathlib import Path

from e2e_harness import Flutter, Server, free_port, is_local

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
        """Waits until this site's service worker controls the page; its cache's name."""
        return str(self.page.evaluate("""async () => {
            await navigator.serviceWorker.ready;
            while (!navigator.serviceWorker.controller) {
                await new Promise((r) => setTimeout(r, 100));
            }
            return (await caches.keys()).join(",");
        }"""))
