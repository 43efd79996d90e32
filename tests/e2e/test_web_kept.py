"""Kept means kept, in the built web app on Chromium (its own user agent: Python waits for
IndexedDB; iPhone Safari's: the app's path where it cannot), Firefox ESR and WebKitGTK.

A new game of 4, hand 1 saved, hand 2 typed, and IndexedDB made to refuse every write
(``web_storage``: a full phone's ``QuotaExceededError``), Save tapped: hand 2's totals
never show, the hand entry stays as typed, and a message in words says why. Storage
accepts again, Save again: hand 2 shows. After every step what IndexedDB holds (what a
reload reads) is what the sheet shows. Then every connection Python's worker holds to
IndexedDB is closed (as WebKit does to a page in the background): hand 3 is still kept.
A reload shows hands 1, 2 and 3, each once; and no write but the refused one was logged
as not kept. (Chromium killed right after the refused Save: ``test_web_app`` and
``test_web_life``, through ``web_harness.kill_chromium``.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from app_steps import Table, has_number
from e2e_harness import PHONE
from web_engines import engine_browser, outside_requests
from web_harness import WebApp, block_outside, build, static_server
from web_storage import (close_connections, ever_shown, kept_hands, refuse, refusing_copy,
                         watch)

from scorekeeper.app import ids
from scorekeeper.rules import Hand

ALA, BARTEK, CELINA, DAREK = range(4)
SAFARI = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
          "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1")
NOT_KEPT_LOGGED = ("did not keep a write", "FS.syncfs operations in flight")
SEEN = 120.0  # seconds for the app to answer a tap (a busy machine, WebKit's CanvasKit)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    built = build(tmp_path_factory.mktemp("site"))
    return refusing_copy(built, tmp_path_factory.mktemp("refusing") / "site")


def hand_two_refused_then_kept(web: WebApp, folder: Path, shot: str | None = None) -> Table:
    """The scenario of the module's docstring, up to hand 3 kept on a new connection."""
    table = Table(web)
    table.start()
    gid = table.game_id
    table.open_entry()
    table.cards({ALA: 3, CELINA: 10}, queen=BARTEK)
    table.save(Hand((3, 13, 10, 0)))
    assert kept_hands(web.page, folder / "1", gid) == tuple(table.hands)

    table.open_entry()
    table.cards({ALA: 4, BARTEK: 9}, queen=DAREK)
    web.wait_enabled(ids.SAVE_HAND)
    refuse(web.page, True)
    watch(web.page, ids.TOTAL.format(seat=DAREK), 13)  # hand 2 would make Darek's 13
    web.tap(ids.SAVE_HAND)
    web.wait_text(ids.ERROR, lambda t: "could not keep hand 2" in t, timeout=SEEN,
                  what="the refusal in words")
    said = web.text(ids.ERROR)
    assert "storage is full" in said and "/" not in said and "Error" not in said, said
    if shot:
        web.shot(shot)
    assert not ever_shown(web.page), "hand 2's totals showed while the storage refused it"
    assert web.exists(ids.SAVE_HAND) and not web.exists(ids.TOTAL.format(seat=ALA))
    web.wait_text(ids.HEARTS.format(seat=BARTEK), lambda t: has_number(t, 9),
                  what="Bartek's 9 hearts, as typed")  # the entry is as it was
    web.wait_enabled(ids.SAVE_HAND)
    assert kept_hands(web.page, folder / "2", gid) == tuple(table.hands)

    refuse(web.page, False)
    table.save(Hand((4, 9, 0, 13)))  # Save again: hand 2 shows, and is kept
    assert not web.exists(ids.ERROR)
    assert kept_hands(web.page, folder / "3", gid) == tuple(table.hands)

    assert close_connections(web.page) >= 1  # the browser drops them: opened again
    table.open_entry()
    table.cards({ALA: 1, BARTEK: 2, CELINA: 3, DAREK: 7}, queen=CELINA)
    table.save(Hand((1, 2, 16, 7)))
    assert kept_hands(web.page, folder / "4", gid) == tuple(table.hands)

    web.reload(ready=ids.ENTER_HAND)
    table.check_sheet()
    assert len(table.hands) == 3
    return table


def no_write_left_unkept(said: list[str]) -> None:
    """What the page and its worker logged: the one refusal the test made, nothing else."""
    refused = [s for s in said if any(sign in s for sign in NOT_KEPT_LOGGED)]
    assert len([s for s in refused if "QuotaExceededError" in s]) == len(refused), refused
    assert not any("in flight" in s for s in said), refused


@pytest.mark.parametrize("path", ["wait", "no-wait"])
def test_chromium_shows_a_hand_only_once_kept_and_says_when_it_is_not(
        browser, site: Path, tmp_path: Path, path: str) -> None:  # type: ignore[no-untyped-def]
    """``wait``: Chromium as it is (JavaScript Promise integration: Python waits for
    IndexedDB); ``no-wait``: with iPhone Safari's user agent, the app's path for WebKit."""
    options = dict(PHONE, **({"user_agent": SAFARI} if path == "no-wait" else {}))
    context = browser.new_context(**options)
    said: list[str] = []
    context.on("console", lambda m: said.append(m.text))  # the page's and its workers'
    try:
        block_outside(context)
        with static_server(site) as server:
            web = WebApp(context.new_page(), server.url)
            hand_two_refused_then_kept(web, tmp_path, f"web-kept-chromium-{path}-refused")
            print(f"chromium ({path}): {len(said)} console lines")
            no_write_left_unkept(said)
            assert not outside_requests(web.page)
    finally:
        context.close()


@pytest.mark.parametrize("engine", ["firefox", "webkit"])
def test_firefox_and_webkit_show_a_hand_only_once_kept_and_say_when_it_is_not(
        engine: str, site: Path, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    """Firefox (140 has no JavaScript Promise integration: the no-wait path; 153 has it)
    and WebKit (never waits). WebKit's automation shows no console: only Firefox's is
    read."""
    xvfb = request.getfixturevalue("xvfb") if engine == "webkit" else None
    with static_server(site) as server, engine_browser(engine, xvfb) as browser:
        web = WebApp(browser.start(), server.url)
        try:
            hand_two_refused_then_kept(web, tmp_path, f"web-kept-{engine}-refused")
        except Exception:
            try:
                web.shot(f"FAILED-{request.node.name}")
            except Exception as e:  # the browser itself is gone
                print(f"no screenshot of the failure: {e}")
            raise
        jspi = web.page.evaluate("() => typeof WebAssembly.Suspending === 'function'")
        print(f"{browser.version}: JavaScript Promise integration {jspi}")
        no_write_left_unkept(browser.console)


@pytest.mark.parametrize("language", ["en", "pl", "lt"])
def test_the_refusal_is_said_in_the_players_language_at_360_px(
        browser, site: Path, language: str) -> None:  # type: ignore[no-untyped-def]
    """The message a full phone gives, in each language, on a 360 px phone (screenshots
    web-kept-360-<language>.png)."""
    locale = {"en": "en-US", "pl": "pl-PL", "lt": "lt-LT"}[language]
    context = browser.new_context(**dict(PHONE, viewport={"width": 360, "height": 740},
                                         locale=locale))
    words = {"en": "could not keep hand 1", "pl": "nie mógł zachować rozdania 1",
             "lt": "negalėjo išsaugoti dalijimo Nr. 1"}[language]
    try:
        block_outside(context)
        with static_server(site) as server:
            web = WebApp(context.new_page(), server.url)
            table = Table(web)
            table.start()
            table.open_entry()
            table.cards({ALA: 3, CELINA: 10}, queen=BARTEK)
            web.wait_enabled(ids.SAVE_HAND)
            refuse(web.page, True)
            web.tap(ids.SAVE_HAND)
            web.wait_text(ids.ERROR, lambda t: words in t, timeout=SEEN,
                          what=f"the refusal in {language}")
            web.shot(f"web-kept-360-{language}")
            assert web.exists(ids.SAVE_HAND)
    finally:
        context.close()
