"""Serve the phone app as a Flet web app, fully offline and locked to its own origin.

``serve(host, port, db, lan)`` is what ``scorekeeper`` and ``scorekeeper serve`` call. It
prints the address to open, builds the Flet web app with no CDN (CanvasKit and fonts are
served from this machine; the card suits come from the bundled DejaVu Sans), serves the
web assets (``assets.py``) and keeps every game in the store at ``db``. ``guard.py``
wraps the whole app: foreign ``Host`` names and foreign websocket origins are refused,
and every answer carries the security headers.

Stopping: SIGTERM or Ctrl-C closes every connection and the process exits within
``SHUTDOWN_GRACE_SECONDS`` plus a moment, even with phones connected (a locked phone
never answers the websocket's closing handshake), after the line "Hearts Scorekeeper:
stopped", with status 0 after SIGTERM and 130 after Ctrl-C, whenever the signal comes
(``stopping.py``).

Sessions: a phone that goes away (locked screen, closed tab) keeps its Flet session for
``SESSION_TIMEOUT_SECONDS`` (``$SCOREKEEPER_SESSION_TIMEOUT`` to change it), then the
session is freed.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import gc
import logging
import os
import socket
import sys
import time
from collections.abc import Iterator
from typing import Any

from . import limits, network, stopping
from .assets import assets_dir
from .downloads import EXPORT_PATH
from .guard import Guard, HostPolicy
from .network import lan_addresses  # noqa: F401

APP_NAME = "Hearts Scorekeeper"
APP_SHORT_NAME = "Hearts"
APP_DESCRIPTION = "The score sheet for Hearts played with real cards."
# Five minutes: a phone locked on the table for a whole hand of cards finds its session,
# half-entered hand and all, when it wakes; a longer sleep loses nothing either (the
# draft and the screen's address are kept and a new session reopens them), while a
# closed tab's session (about 180 KB) is freed within minutes instead of an hour.
SESSION_TIMEOUT_SECONDS = 300
SHUTDOWN_GRACE_SECONDS = 2


def urls(host: str, port: int) -> list[str]:
    """The addresses to print: the local one, and the LAN ones when listening on all."""
    if host in network.EVERYWHERE:
        return [f"http://127.0.0.1:{port}"] + [f"http://{a}:{port}" for a in lan_addresses()]
    return [f"http://{network.url_host(host)}:{port}"]


def session_timeout(value: int | None = None) -> int:
    """``value``, else ``$SCOREKEEPER_SESSION_TIMEOUT``, else the default."""
    if value is not None:
        return max(1, int(value))
    env = os.environ.get("SCOREKEEPER_SESSION_TIMEOUT", "").strip()
    return max(1, int(env)) if env.isdigit() else SESSION_TIMEOUT_SECONDS


def _without_api_docs(app: Any) -> Any:
    """The mounted Flet app is a FastAPI app of its own, with /docs, /redoc and
    /openapi.json: take those routes out (the guard answers 404 for them too)."""
    app.docs_url = app.redoc_url = app.openapi_url = None
    app.swagger_ui_oauth2_redirect_url = None
    app.router.routes[:] = [r for r in app.router.routes
                            if getattr(r, "path", None) not in
                            ("/docs", "/docs/oauth2-redirect", "/redoc", "/openapi.json")]
    return app


def build_asgi_app(db: str | None = None, *, host: str = "127.0.0.1", lan: bool = False,
                   session_timeout_seconds: int | None = None, port: int = 8550):
    """The ASGI app: the guard around the Flet web client (no CDN) with the scorekeeper
    session behind it. ``host``/``lan`` say which ``Host`` names are accepted.

    When other phones can reach the server (``lan``, or listening on every address)
    each session gets a role (see ``access``): this machine's browser is the host,
    another phone a follower until it enters the table code; ``port`` goes into the
    join address the host's QR code shows."""
    import flet_web.fastapi as flet_fastapi
    from flet.controls.types import RouteUrlStrategy, WebRenderer
    from ...store import GameStore
    from . import downloads
    from ..table.access import TableAccess
    from ..main import make_main
    from ..table.table_roles import LanTable

    store = GameStore.open(db)
    shared = lan or host in network.EVERYWHERE
    table = LanTable(TableAccess(), port=port, addresses=lan_addresses()) if shared else None
    timeout = session_timeout(session_timeout_seconds)
    tidy = Tidy(timeout)
    tasks: list[asyncio.Task[None]] = []
    app = flet_fastapi.FastAPI(docs_url=None, redoc_url=None, openapi_url=None,
                               on_startup=[lambda: tasks.append(asyncio.create_task(tidy.run()))],
                               on_shutdown=[lambda: [t.cancel() for t in tasks]])

    downloads.add_routes(app, store, shared)

    app.mount(
        "/",
        _without_api_docs(flet_fastapi.app(
            make_main(store, export_url=EXPORT_PATH, lan=table),
            assets_dir=str(assets_dir()),
            upload_dir=None,
            app_name=APP_NAME,
            app_short_name=APP_SHORT_NAME,
            app_description=APP_DESCRIPTION,
            web_renderer=WebRenderer.AUTO,
            route_url_strategy=RouteUrlStrategy.PATH,
            no_cdn=True,
            session_timeout_seconds=timeout,
        )),
    )
    return Guard(app, HostPolicy.for_server(host, lan), on_websocket_closed=tidy.closed)


class Tidy:
    """Once the sessions of closed websockets have expired (the timeout plus Flet's 10 s
    eviction round), collects the garbage they leave (a session is a web of objects that
    only the cycle collector frees) and hands the freed memory back to the system
    (glibc's ``malloc_trim``), once per quiet spell rather than on a clock."""

    def __init__(self, timeout: int) -> None:
        self.after = timeout + 10 + 5
        self.due: float | None = None

    def closed(self) -> None:
        self.due = time.monotonic() + self.after

    def tidy_if_due(self) -> bool:
        if self.due is None or time.monotonic() < self.due:
            return False
        self.due = None
        gc.collect()
        _malloc_trim()
        return True

    async def run(self) -> None:
        while True:
            await asyncio.sleep(5)
            self.tidy_if_due()


def _malloc_trim() -> None:
    try:
        ctypes.CDLL(None).malloc_trim(0)
    except (OSError, AttributeError, TypeError):  # not glibc (macOS, Windows, musl)
        pass


DEBUG_ENV = "SCOREKEEPER_DEBUG"  # 1: keep the stacks of Flet's errors in the log


class OneLine(logging.Filter):
    """An error Flet logs (a phone's malformed event, a failed handler) is one line in
    the server's log, its stack left out unless ``$SCOREKEEPER_DEBUG`` is 1: a phone
    that sends rubbish cannot fill the log with tracebacks."""

    def __init__(self, debug: bool | None = None) -> None:
        super().__init__()
        self.debug = os.environ.get(DEBUG_ENV) == "1" if debug is None else debug

    def filter(self, record: logging.LogRecord) -> bool:
        if self.debug or not record.name.startswith("flet") or not record.exc_info:
            return True
        kind, error = record.exc_info[0], record.exc_info[1]
        record.msg = f"{record.getMessage()} ({getattr(kind, '__name__', kind)}: {error})"
        record.args, record.exc_info, record.exc_text = None, None, None
        return True


def log_to_stderr() -> None:
    """Warnings and errors to stderr, one line each (see :class:`OneLine`)."""
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    handler.addFilter(OneLine())
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.WARNING)


def _quiet_stop(record: logging.LogRecord) -> bool:
    """Cutting off a silent phone's websocket at shutdown is the plan, not an error."""
    return "timeout graceful shutdown exceeded" not in record.getMessage()


def serve(host: str = "127.0.0.1", port: int = 8550, db: str | None = None,
          lan: bool = False, *, session_timeout_seconds: int | None = None) -> int:
    """Serve the app until SIGTERM or Ctrl-C; returns the exit status (see ``stopping``:
    0 after SIGTERM, 130 after SIGINT, whenever it comes, after the line "stopped")."""
    import uvicorn

    from ...store import StoreError

    os.environ["FLET_WEB_NO_CDN"] = "1"
    log_to_stderr()
    if lan:
        host = "0.0.0.0"
    try:  # say so in words when the port is taken, before anything else starts
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as e:
        print(f"scorekeeper: cannot listen on {host}:{port} ({e.strerror})", file=sys.stderr)
        return 2
    stop = stopping.install()  # the command has installed it already: the same one
    try:
        app = build_asgi_app(db, host=host, lan=lan, port=port,
                             session_timeout_seconds=session_timeout_seconds)
    except StoreError as e:  # e.g. a data folder that cannot be created or written
        print(f"scorekeeper: {e}", file=sys.stderr)
        return 2
    shown = urls(host, port)
    print(f"Hearts Scorekeeper: open {shown[0]}", flush=True)
    for url in shown[1:]:
        print(f"  on a phone on the same network: {url}", flush=True)
    if host in network.EVERYWHERE and len(shown) == 1:
        print("  (no network address found: is this machine on a network?)", flush=True)
    http, ws = limits.protocols(limits.Limits())
    config = uvicorn.Config(app, host=host, port=port, log_level="warning",
                            http=http, ws=ws, ws_max_size=limits.WS_MAX_BYTES,
                            timeout_graceful_shutdown=SHUTDOWN_GRACE_SECONDS,
                            proxy_headers=False, server_header=False)
    logging.getLogger("uvicorn.error").addFilter(_quiet_stop)
    server = _server(config)
    stop.server = server  # a signal from now on tells it to stop (handle_exit)
    if not stop.requested:  # one that came while it started: do not start at all
        server.run()
    stop.server = None
    print("Hearts Scorekeeper: stopped", flush=True)
    return stop.status


def _server(config: Any) -> Any:
    """uvicorn's server without its own signal handlers: ``stopping``'s stay in place
    (uvicorn's would catch the signal, put back the handler they found and raise the
    signal again after the shutdown, so the status depended on that handler)."""
    import uvicorn

    class Server(uvicorn.Server):
        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:
            yield

    return Server(config)
