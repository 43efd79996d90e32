"""A full phone at the web app's very first start, in the built site: on Chromium as it
is (Python waits for IndexedDB), Chromium with iPhone Safari's user agent (the app's path
where Python cannot wait), WebKitGTK (never waits) and Firefox ESR.

A fresh profile, and IndexedDB refuses every write from the first start
(``web_storage.refusing_copy(from_start=True)``: a full phone's ``QuotaExceededError``):
the app starts and says in words that the phone's storage is full, with Try again
(before: Flet's "Error running app" box with the exception's text where Python waits;
a home screen with no word where it cannot, then Start refused though the storage
accepted, and after a reload a blank page for good). Once that is up the storage
accepts; Try again opens home; a new game of 4 is started at the first tap; two hands;
a reload shows both; home lists exactly one game; the server stopped, a reload opens the
game from the service worker. The page at 360 px in English, Polish and Lithuanian:
``web-first-start-full-360-<language>.png``."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_steps import Table, type_names
from e2e_harness import PHONE
from test_web_kept import SAFARI, SEEN
from web_engines import engine_browser
from web_harness import WebApp, block_outside, build, static_server
from web_storage import refuse, refusing_copy

from scorekeeper.app import ids
from scorekeeper.rules import Hand

ALA, BARTEK, CELINA, DAREK = range(4)
FULL = {"en": "This phone's storage is full", "pl": "Pamięć tego telefonu jest pełna",
        "lt": "Šio telefono atmintis pilna"}
GAMES = """() => Array.from(document.querySelectorAll('[flt-semantics-identifier^="resume-"]'),
    (n) => n.getAttribute('flt-semantics-identifier'))"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    built = build(tmp_path_factory.mktemp("site"))
    return refusing_copy(built, tmp_path_factory.mktemp("full") / "site", from_start=True)


def says_full(web: WebApp, language: str = "en") -> str:
    """The app started on a full phone: its words, and Try again."""
    web.enable_semantics(timeout=SEEN)
    web.wait_text(ids.START_NOT_KEPT, lambda t: FULL[language] in t, timeout=SEEN,
                  what="the full storage said in words")
    said = web.text(ids.START_NOT_KEPT)
    assert "Error" not in said and "/" not in said, said
    web.wait(ids.START_TRY_AGAIN)
    return said


def first_start_on_a_full_phone(web: WebApp, server: object, name: str) -> None:
    """The scenario of the module's docstring."""
    web.page.goto(web.base_url + "/")
    says_full(web)
    web.shot(f"web-first-start-full-{name}")
    refuse(web.page, False)  # some space freed
    web.tap(ids.START_TRY_AGAIN)
    web.wait(ids.NEW_GAME, timeout=SEEN)

    table = Table(web)
    web.tap(ids.NEW_GAME)
    web.wait(ids.START_GAME)
    type_names(web, table.players)
    web.tap(ids.START_GAME)  # taken at the first tap
    web.wait(ids.ENTER_HAND, timeout=SEEN)
    assert not web.exists(ids.ERROR), web.text(ids.ERROR)
    table.path = web.wait_path(r"/game/[^/]+")
    table.check_sheet()
    for hearts, queen, hand in (({ALA: 3, CELINA: 10}, BARTEK, (3, 13, 10, 0)),
                                ({BARTEK: 6, DAREK: 7}, ALA, (13, 6, 0, 7))):
        table.open_entry()
        table.cards(hearts, queen=queen)
        table.save(Hand(hand))
        assert not web.exists(ids.ERROR)

    web.reload(ready=ids.ENTER_HAND)
    table.check_sheet()
    assert len(table.hands) == 2
    web.open("/", ready=ids.NEW_GAME)
    web.wait(ids.RESUME.format(game_id=table.game_id))
    assert web.page.evaluate(GAMES) == [ids.RESUME.format(game_id=table.game_id)]

    server.stop()  # type: ignore[attr-defined]
    web.reload(ready=ids.NEW_GAME)
    web.tap(ids.RESUME.format(game_id=table.game_id))
    web.wait(ids.ENTER_HAND, timeout=SEEN)
    table.check_sheet()
    web.shot(f"web-first-start-{name}-offline-sheet")


@pytest.mark.parametrize("path", ["wait", "no-wait"])
def test_chromium_starts_on_a_full_phone_and_keeps_the_game_once_it_has_room(
        browser, site: Path, path: str) -> None:  # type: ignore[no-untyped-def]
    options = dict(PHONE, **({"user_agent": SAFARI} if path == "no-wait" else {}))
    context = browser.new_context(**options)
    said: list[str] = []
    context.on("console", lambda m: said.append(m.text))
    server = static_server(site).start()
    try:
        block_outside(context)
        web = WebApp(context.new_page(), server.url)
        first_start_on_a_full_phone(web, server, f"chromium-{path}")
        assert not [s for s in said if "invalid exception object" in s or
                    "Error running app" in s], said
    finally:
        server.stop()
        context.close()


@pytest.mark.parametrize("engine", ["webkit", "firefox"])
def test_webkit_and_firefox_start_on_a_full_phone_and_keep_the_game_once_it_has_room(
        engine: str, site: Path, request: pytest.FixtureRequest) -> None:
    xvfb = request.getfixturevalue("xvfb") if engine == "webkit" else None
    server = static_server(site).start()
    try:
        with engine_browser(engine, xvfb) as browser:
            web = WebApp(browser.start(), server.url)
            try:
                first_start_on_a_full_phone(web, server, engine)
            except Exception:
                try:
                    web.shot(f"FAILED-{request.node.name}")
                except Exception as e:  # the browser itself is gone
                    print(f"no screenshot of the failure: {e}")
                raise
    finally:
        server.stop()


@pytest.mark.parametrize("language", ["en", "pl", "lt"])
def test_a_full_phone_at_the_first_start_is_said_in_the_players_language_at_360_px(
        browser, site: Path, language: str) -> None:  # type: ignore[no-untyped-def]
    locale = {"en": "en-US", "pl": "pl-PL", "lt": "lt-LT"}[language]
    context = browser.new_context(**dict(PHONE, viewport={"width": 360, "height": 740},
                                         locale=locale))
    try:
        block_outside(context)
        with static_server(site) as server:
            web = WebApp(context.new_page(), server.url)
            web.page.goto(web.base_url + "/")
            says_full(web, language)
            web.shot(f"web-first-start-full-360-{language}")
    finally:
        context.close()
