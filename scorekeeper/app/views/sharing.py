"""Sending a game to the group: the share sheet or the clipboard, and the downloads.

The words come from :mod:`scorekeeper.formats.share` (the text summary, the CSV and the
JSON), with the app's words for the house rules (:func:`game_text`); this module only
decides how they leave the phone and draws the buttons:

- **Share** hands the summary to the system share sheet (``ft.Share`` through the
  ``ft.ShareText`` client action, so a browser runs it inside the tap, as iOS Safari
  requires). Flet offers a share sheet on phones (the app, or a phone's browser); a
  computer's browser often has none (Chromium on Linux has no ``navigator.share``), so
  there the button copies instead.
- **Copy** puts the summary on the clipboard (``ft.CopyToClipboard``, also inside the tap)
  and says so in words ("Copied: paste it into your chat"). It is always offered, so a
  phone whose browser cannot share still has a way.
- **JSON** and **CSV** download this one game from the server (:data:`GAME_JSON_PATH`,
  :data:`GAME_CSV_PATH`, served by ``serve.py``); only where the app is served to a
  browser.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import flet as ft

from ... import rules
from ...formats import FormatError
from ...formats.share import Translator, download_name, game_csv, game_json, share_text
from ...store import StoreError
from .. import ids
from ..text.house_words import house_summary
from ..text.i18n import N_
from ..text.messages import Msg
from .widgets import TAP, tag

if TYPE_CHECKING:
    from ...store import GameStore, StoredGame
    from ..session import Session
    from .widgets import Ui

GAME_JSON_PATH = "/game/{game_id}.json"  # this game's file, as ``scorekeeper replay`` reads
GAME_CSV_PATH = "/game/{game_id}.csv"  # one row per hand and player (Kierki: per deal)
COPIED = N_("Copied: paste it into your chat.")
SHARE_PLATFORMS = ("android", "ios")


def can_share(platform: Any) -> bool:
    """Whether Flet offers a share sheet on ``platform`` (``page.platform``: for a browser,
    the system it runs on): on a phone, the app or its browser; not on a computer, whose
    browser often has none (nor has a desktop app)."""
    name = str(getattr(platform, "value", platform) or "").lower()
    return name in SHARE_PLATFORMS


def game_text(game: rules.Game, tr: Translator) -> str:
    """The share text of ``game`` in ``tr``'s language, its house rules in the app's words
    (as the sheet names them)."""
    return share_text(game, tr, house=house_summary(tr, game.rules))


def download_url(game_id: str, extension: str) -> str:
    path = GAME_JSON_PATH if extension == "json" else GAME_CSV_PATH
    return path.format(game_id=quote(game_id, safe=""))


def game_download(store: GameStore, game_id: str, extension: str) -> dict[str, Any]:
    """The server's answer to ``GET /game/<id>.json`` or ``.csv``, as keyword arguments
    of a Starlette ``Response``: the file to save, or 404 for no such (or a deleted) game."""
    try:
        stored = store.get(game_id)
    except StoreError:
        stored = None
    if stored is None or stored.deleted:
        return dict(content=b"No such game.\n", status_code=404, media_type="text/plain")
    write, media = ((game_json, "application/json") if extension == "json"
                    else (game_csv, "text/csv; charset=utf-8"))
    try:
        body = write(stored.id, stored.created, stored.updated, stored.game)
    except FormatError as e:  # a game stored before a limit it breaks (e.g. 1,000 hands)
        return dict(content=f"{e}\n".encode(), status_code=422, media_type="text/plain")
    name = download_name(stored.id, stored.created, extension,
                         rules.game_of(stored.game.rules).key)  # hearts-..., kierki-...
    return dict(content=body.encode("utf-8"), status_code=200, media_type=media,
                headers={"Content-Disposition": f'attachment; filename="{name}"',
                         "Cache-Control": "no-store"})


def copied(session: Session) -> None:
    """The summary went to the clipboard: say so on this screen."""
    session.say(Msg(COPIED))


def _action(kind: type, text: str) -> Any:
    """A client action (run by the browser inside the tap); None without a page (the fast
    tests draw screens with no page behind them)."""
    try:
        return kind(text)
    except RuntimeError:
        return None


def share_row(ui: Ui, stored: StoredGame) -> ft.Control:
    """Share (where there is a share sheet), Copy, and the two downloads (when served)."""
    session = ui.session
    text = game_text(stored.game, session.tr)
    buttons: list[ft.Control] = []
    if getattr(session, "can_share", False):
        label = ui._("Share")
        buttons.append(tag(ids.SHARE, ft.FilledTonalButton(
            content=label, icon=ft.Icons.SHARE, height=TAP,
            action=_action(ft.ShareText, text)), label=label, button=True, on_tap=None))
    label = ui._("Copy result")
    buttons.append(tag(ids.COPY, ft.FilledTonalButton(
        content=label, icon=ft.Icons.CONTENT_COPY, height=TAP,
        action=_action(ft.CopyToClipboard, text), on_click=ui.act(partial(copied, session))),
        label=label, button=True, on_tap=None))  # the tap must reach the button's action
    if session.export_url:  # served to a browser: the server offers the files
        for identifier, ext in ((ids.DOWNLOAD_JSON, "json"), (ids.DOWNLOAD_CSV, "csv")):
            label = ui._("Download {format}", format=ext.upper())
            buttons.append(tag(identifier, ft.OutlinedButton(
                content=label, icon=ft.Icons.DOWNLOAD, height=TAP,
                url=download_url(stored.id, ext)), label=label, button=True))
    return ft.Row(buttons, wrap=True, spacing=8, run_spacing=8)
