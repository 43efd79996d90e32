"""The store opened in the browser, its own first writes kept (the folder's skeleton, an
index rebuilt): on a phone whose storage refuses them (full), the player reads why in
words, in their language, with Try again, instead of Flet's error box (where Python
waits for the storage, the refusal was raised out of the app's start) or a home screen
that keeps nothing (where it cannot wait, the refusal came once no action waited).

Flet-only and browser-free: :mod:`.entry` hands it the page, the folder and the
browser's codes of a write not kept, and the fast tests run it on a Flet session of
their own with the browser's storage simulated (``tests/app/test_app_first_start.py``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import flet as ft

from ..app import ids
from ..app.main import setup_page
from ..app.text.i18n import Translator
from ..app.text.page_words import TRY_AGAIN
from ..app.text.start_words import START_FULL, START_REFUSED
from ..app.views.widgets import tag
from ..store import GameStore, StoreError, platform

log = logging.getLogger(__name__)

async def kept(outcome: Callable[[Callable[[BaseException | None], None]], None]
               ) -> BaseException | None:
    """What ``outcome`` (:func:`platform.when_kept`) says once the writes unkept now end:
    None (kept, or nothing was unkept) or the refusal."""
    done: asyncio.Future[BaseException | None] = asyncio.get_event_loop().create_future()

    def said(refused: BaseException | None) -> None:
        if not done.done():
            done.set_result(refused)

    outcome(said)
    return await done


async def kept_open(folder: str) -> GameStore:
    """The store in ``folder``, its first writes kept as one sync (raised as a
    :class:`StoreError` where Python waits, awaited here where it cannot)."""
    with platform.one_sync():
        store = GameStore.open(folder)
    refused = await kept(platform.when_kept)
    if refused is not None:
        raise refused if isinstance(refused, StoreError) else StoreError(
            "storage_refused", str(refused))
    return store


async def open_store(page: ft.Page, folder: str, not_kept: tuple[str, ...],
                     language: Callable[[], Awaitable[str]]) -> GameStore:
    """The store, once the phone's storage keeps its first writes; until then, why not
    (in ``language()``, asked once) and Try again. Any other failure is raised."""
    tr: Translator | None = None
    said = False
    while True:
        try:
            store = await kept_open(folder)
        except StoreError as err:
            if err.code not in not_kept:
                raise
            log.warning("the store's first writes were not kept: %s", err)
            if tr is None:
                tr = Translator(await language())
            await say_and_wait(page, tr, err.code)
            said = True
            continue
        if said:
            page.controls.clear()
            page.update()
        return store


def start_words(tr: Translator, code: str) -> str:
    return tr._(START_FULL if code == "storage_full" else START_REFUSED)


async def say_and_wait(page: ft.Page, tr: Translator, code: str) -> None:
    """The page says why the games cannot be kept, with Try again; returns once tapped."""
    tapped: asyncio.Future[None] = asyncio.get_event_loop().create_future()

    def again(e: Any = None) -> None:
        if not tapped.done():
            tapped.set_result(None)

    setup_page(page)  # the app's theme and title, as every screen after it
    text = start_words(tr, code)
    button = ft.FilledButton(content=ft.Text(tr._(TRY_AGAIN), size=17), on_click=again,
                             height=56, expand=True)
    page.controls.clear()
    page.add(ft.SafeArea(ft.Container(ft.Column([
        tag(ids.START_NOT_KEPT, ft.Text(text, size=17), label=text, live_region=True),
        tag(ids.START_TRY_AGAIN, ft.Row([button]), label=tr._(TRY_AGAIN), button=True),
    ], spacing=24), padding=24)))
    page.update()
    await tapped
