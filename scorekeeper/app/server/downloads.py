"""The files the server offers to download: every game (``/export.json``, the history's
Export button) and one game as JSON or CSV (the sheet's buttons).

A download has no Flet session, so no table code can vouch for it: its role is the one a
new session from that address starts with (the host on this machine, or anyone when no
other phone can reach the server), and the role policy says whether it may export."""

from __future__ import annotations

import json
import sys
from datetime import UTC, datetime
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from ..table.access import POLICY, Read, role_for
from ..views.sharing import GAME_CSV_PATH, GAME_JSON_PATH, game_download

EXPORT_PATH = "/export.json"
NO_STORE = {"Cache-Control": "no-store"}


def add_routes(app: Any, store: Any, shared: bool) -> None:
    """Add the download routes to the FastAPI ``app`` serving ``store``; ``shared``: other
    phones can reach the server (``--lan``)."""

    def refused(request: Request) -> Response | None:
        role = role_for(request.client.host if request.client else None, shared)
        if not POLICY.may_read(role, Read.EXPORT):
            return Response("Only the host's browser can download games.\n",
                            status_code=403, media_type="text/plain", headers=NO_STORE)
        return None

    def export_file(request: Request) -> Response:
        """Every game as a JSON file; a game that cannot be read is left out and named."""
        if (no := refused(request)) is not None:
            return no
        body = json.dumps(store.export_games(), ensure_ascii=False, indent=2)
        for game_id in store.export_skipped:
            print(f"scorekeeper: game {game_id} could not be read and was left out of the "
                  "download", file=sys.stderr, flush=True)
        day = datetime.now(UTC).strftime("%Y-%m-%d")
        return Response(body.encode("utf-8"), media_type="application/json",
                        headers={"Content-Disposition":
                                 f'attachment; filename="hearts-scorekeeper-{day}.json"',
                                 **NO_STORE})

    def game_json_file(request: Request, game_id: str) -> Response:
        """One game as the file ``scorekeeper replay`` reads."""
        no = refused(request)
        return no if no is not None else Response(**game_download(store, game_id, "json"))

    def game_csv_file(request: Request, game_id: str) -> Response:
        """One game as CSV, a row per hand and player."""
        no = refused(request)
        return no if no is not None else Response(**game_download(store, game_id, "csv"))

    app.get(EXPORT_PATH, include_in_schema=False)(export_file)
    app.get(GAME_JSON_PATH, include_in_schema=False)(game_json_file)
    app.get(GAME_CSV_PATH, include_in_schema=False)(game_csv_file)
