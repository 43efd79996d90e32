"""The app in the browser: Flet's web worker runs ``main`` (from the archive's ``main.py``).

The games are kept on the browser's storage (see :mod:`.browser`), mounted before the
store opens; the rest is the same app the server runs, with the server's features hidden.
"""

from __future__ import annotations

import flet as ft

from ..app.main import make_main
from ..store import GameStore
from . import browser


async def main(page: ft.Page) -> None:
    folder = await browser.open_storage()
    await make_main(GameStore.open(folder))(page)
