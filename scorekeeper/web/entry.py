"""The app in the browser: Flet's web worker runs ``main`` (from the archive's ``main.py``).

The games are kept on the browser's storage (see :mod:`.browser`), mounted before the
store opens; the rest is the app the server runs, where the server's features (the LAN
table, roles, the QR invite, the download addresses) are not offered: no ``lan``, no
``export_url``. What the browser adds is :class:`~..app.backup.Device`: whether it keeps
the games, and the backup as a download. One page at a time has the data folder (see
:func:`.browser.take_folder`).
"""

from __future__ import annotations

import logging
from typing import Any

import flet as ft

from ..app.backup import OPEN_ELSEWHERE, Device
from ..app import ids
from ..app.text.i18n import Translator, pick_language
from ..app.main import device_language, make_main
from ..app.views.widgets import tag
from . import browser
from .first_start import open_store

log = logging.getLogger(__name__)

# The step said once the first screen is sent: the page then has the service worker keep
# the files of Python's usual start (see web/js/start-early.js).
FIRST_SCREEN = "first screen sent"
# Where the page finds the app's language if Python cannot start (Flutter's
# shared_preferences: localStorage "flutter.scorekeeper.language"; see start-early.js).
LANGUAGE_KEY = "scorekeeper.language"


def device_for(persisted: bool | None) -> Any:
    def device(page: ft.Page) -> Device:
        picker = ft.FilePicker()  # a service: made in the page's context, it registers

        async def save(name: str, data: bytes) -> None:
            try:
                await picker.save_file(file_name=name, src_bytes=data)
            except Exception:  # the browser refused the download: said in its console
                log.exception("the backup was not downloaded")

        # Safari (WebKit) deletes the games after 7 days without a visit unless the app
        # is on the home screen (Flet's client says when it runs installed: page.pwa)
        expires = browser.webkit(page.client_user_agent or browser.user_agent()) and not page.pwa
        return Device(persisted=persisted, storage_expires=expires,
                      save_file=lambda name, data: page.run_task(save, name, data))

    return device


async def phone_language(page: ft.Page) -> str:
    """The language the app speaks before its settings are read: the phone's."""
    return pick_language("system", await device_language(page))


async def wait_for_the_other_page(page: ft.Page) -> None:
    """The app is open in another tab or window: say so, and open when that one closes."""
    tr = Translator(await phone_language(page))
    text = tr._(OPEN_ELSEWHERE)
    page.add(ft.SafeArea(ft.Container(tag(ids.OPEN_ELSEWHERE, ft.Text(text, size=17),
                                          label=text), padding=24)))
    page.update()
    await browser.take_folder(wait=True)
    page.controls.clear()
    page.update()


async def main(page: ft.Page) -> None:
    browser.step("app's main")
    if not await browser.take_folder(wait=False):
        await wait_for_the_other_page(page)
    browser.step("data folder taken")
    folder = await browser.open_storage()
    browser.step("IndexedDB read")
    persisted = await browser.persisted()
    store = await open_store(page, folder, browser.NOT_KEPT, lambda: phone_language(page))
    browser.step("store open")
    await make_main(store, device=device_for(persisted))(page)
    browser.step(FIRST_SCREEN)
    page.run_task(keep_language, store.get_setting("language", "system"))


async def keep_language(choice: object) -> None:
    """The language chosen in Settings ("system": the phone's), where the page reads it
    if Python cannot start another time. A choice made later is kept at the next start."""
    try:
        await ft.SharedPreferences().set(LANGUAGE_KEY, str(choice))
    except Exception:  # no answer, no storage: the page says it in the phone's language
        log.debug("the language is not kept for the page", exc_info=True)
