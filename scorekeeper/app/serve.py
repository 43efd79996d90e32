"""Serve the phone app as a Flet web app, fully offline.

``serve(host, port, db, lan)`` is what ``scorekeeper`` and ``scorekeeper serve`` call. It
prints the address to open, builds the Flet web app with no CDN (CanvasKit and fonts are
served from this machine; the card suits come from the bundled DejaVu Sans), serves the
repository's ``assets/`` folder and keeps every game in the store at ``db``.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from datetime import UTC
from pathlib import Path

APP_NAME = "Hearts Scorekeeper"
APP_SHORT_NAME = "Hearts"
APP_DESCRIPTION = "The score sheet for Hearts played with real cards."
EXPORT_PATH = "/export.json"


def assets_dir() -> Path:
    """The folder with the bundled font and the app icon."""
    env = os.environ.get("SCOREKEEPER_ASSETS")
    if env:
        return Path(env).resolve()
    here = Path(__file__).resolve()
    for candidate in (here.parents[2] / "assets", here.parent / "assets"):
        if (candidate / "fonts").is_dir():
            return candidate
    return here.parents[2] / "assets"


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback (for a phone on the same Wi-Fi)."""
    found: list[str] = []
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
        for info in infos:
            addr = str(info[4][0])
            if not addr.startswith("127.") and addr not in found:
                found.append(addr)
    except OSError:
        pass
    try:
        out = subprocess.run(["ip", "-4", "-o", "addr", "show", "scope", "global"],
                             capture_output=True, text=True, timeout=2).stdout
        for line in out.splitlines():
            parts = line.split()
            if "inet" in parts:
                addr = parts[parts.index("inet") + 1].split("/")[0]
                if not addr.startswith("127.") and addr not in found:
                    found.append(addr)
    except (OSError, subprocess.SubprocessError):
        pass
    return found


def urls(host: str, port: int) -> list[str]:
    """The addresses to print: the local one, and the LAN ones when listening on all."""
    if host in ("0.0.0.0", "::", ""):
        return [f"http://127.0.0.1:{port}"] + [f"http://{a}:{port}" for a in lan_addresses()]
    shown = f"[{host}]" if ":" in host else host
    return [f"http://{shown}:{port}"]


def build_asgi_app(db: str | None = None):
    """The ASGI app: the Flet web client (no CDN) with the scorekeeper session behind it."""
    import flet_web.fastapi as flet_fastapi
    from flet.controls.types import RouteUrlStrategy, WebRenderer
    from starlette.responses import Response

    from ..store import GameStore
    from .main import make_main

    store = GameStore.open(db)
    assets = assets_dir()
    app = flet_fastapi.FastAPI(docs_url=None, redoc_url=None, openapi_url=None)

    @app.get(EXPORT_PATH, include_in_schema=False)
    def export_file() -> Response:
        """Every game as a JSON file to download (the history's Export button)."""
        from datetime import datetime

        body = json.dumps(store.export_games(), ensure_ascii=False, indent=2)
        day = datetime.now(UTC).strftime("%Y-%m-%d")
        return Response(body.encode("utf-8"), media_type="application/json",
                        headers={"Content-Disposition":
                                 f'attachment; filename="hearts-scorekeeper-{day}.json"',
                                 "Cache-Control": "no-store"})

    from .sharing import GAME_CSV_PATH, GAME_JSON_PATH, game_download

    @app.get(GAME_JSON_PATH, include_in_schema=False)
    def game_json_file(game_id: str) -> Response:
        """One game as the file ``scorekeeper replay`` reads (the sheet's JSON button)."""
        return Response(**game_download(store, game_id, "json"))

    @app.get(GAME_CSV_PATH, include_in_schema=False)
    def game_csv_file(game_id: str) -> Response:
        """One game as CSV, a row per hand and player (the sheet's CSV button)."""
        return Response(**game_download(store, game_id, "csv"))

    app.mount(
        "/",
        flet_fastapi.app(
            make_main(store, export_url=EXPORT_PATH),
            assets_dir=str(assets),
            upload_dir=None,
            app_name=APP_NAME,
            app_short_name=APP_SHORT_NAME,
            app_description=APP_DESCRIPTION,
            web_renderer=WebRenderer.AUTO,
            route_url_strategy=RouteUrlStrategy.PATH,
            no_cdn=True,
        ),
    )
    return app


def serve(host: str = "127.0.0.1", port: int = 8550, db: str | None = None,
          lan: bool = False) -> int:
    """Serve the app until interrupted; returns the exit status."""
    import uvicorn

    from ..store import StoreError

    os.environ["FLET_WEB_NO_CDN"] = "1"
    if lan:
        host = "0.0.0.0"
    try:  # say so in words when the port is taken, before anything else starts
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as e:
        print(f"scorekeeper: cannot listen on {host}:{port} ({e.strerror})", file=sys.stderr)
        return 2
    try:
        app = build_asgi_app(db)
    except StoreError as e:  # e.g. a data folder that cannot be created or written
        print(f"scorekeeper: {e}", file=sys.stderr)
        return 2
    print(f"Hearts Scorekeeper: open {urls(host, port)[0]}", flush=True)
    for url in urls(host, port)[1:]:
        print(f"  on a phone on the same network: {url}", flush=True)
    if host in ("0.0.0.0", "::") and len(urls(host, port)) == 1:
        print("  (no network address found: is this machine on a network?)", flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning", ws="websockets-sansio")
    return 0
