"""The web app's life in one browser: a page that is left (to another address,
a blank page) and opened again at the app's address opens at once, whether the browser
kept the old page in its back/forward cache or not; a second live tab is still refused,
and takes over when the first closes; and a browser whose languages Flutter cannot parse
(WebKitGTK under ``LANG=C`` says ``['C']``) opens in English.

Chromium here runs with its back/forward cache on (Playwright switches it off by
default), so the page left does go into it where Chromium allows it.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Iterator

import pytest
from e2e_harness import CHROMIUM_ARGS, FAILED, Phone, chromium_path
from web_harness import (START_TIMEOUT, WebApp, block_outside, build, first_screen,
                         kill_chromium, static_server)

from scorekeeper.app import ids

ALA, BARTEK, CELINA, DAREK = range(4)
SAFARI = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
          "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1")

# a page that leaves says whether the browser kept it (the next page at this origin reads it)
LEFT = """addEventListener("pagehide", (e) => {
    try { sessionStorage.setItem("hearts-left-persisted", String(e.persisted)); } catch (x) {}
});"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("site"))


@pytest.fixture(scope="module")
def cached_browser(browser) -> Iterator[object]:  # type: ignore[no-untyped-def]
    """Chromium with its back/forward cache on."""
    b = browser.browser_type.launch(executable_path=chromium_path(), headless=True,
                                    args=CHROMIUM_ARGS,
                                    ignore_default_args=["--disable-back-forward-cache"])
    try:
        yield b
    finally:
        b.close()


@pytest.fixture
def web(cached_browser, site: Path, request: pytest.FixtureRequest) -> Iterator[WebApp]:  # type: ignore[no-untyped-def]
    phone = Phone(cached_browser, request.node.name)
    block_outside(phone.context)
    phone.context.add_init_script(LEFT)
    phone.page.on("console", lambda m: print("console:", m.type, m.text[:2000]))
    server = static_server(site).start()
    app = WebApp(phone.page, server.url)
    try:
        yield app
    finally:
        server.stop()
        failed = request.node.stash.get(FAILED, False)
        phone.close(failed)
        problems = phone.guard.problems()
        if problems and not failed:
            pytest.fail("the page misbehaved on the network:\n  " + "\n  ".join(problems),
                        pytrace=False)


def come_back(web: WebApp, how: str) -> tuple[str, float]:
    """Leave the app for a blank page, come back ``how`` ("typed": the address again, as
    a bookmark or the home screen does; "back": the browser's Back); the first screen
    shown and the seconds it took (printed, never asserted)."""
    web.page.goto("about:blank")
    started = time.monotonic()
    if how == "typed":
        web.page.goto(web.base_url + "/")
    else:
        web.page.go_back()
    screen = first_screen(web)
    return screen, time.monotonic() - started


@pytest.mark.parametrize("how", ["typed", "back"])
def test_the_same_tab_sent_away_and_back_opens_home(web: WebApp, how: str) -> None:
    web.open("/", ready=ids.NEW_GAME)
    for attempt in range(2):
        screen, seconds = come_back(web, how)
        kept = web.page.evaluate("() => sessionStorage.getItem('hearts-left-persisted')")
        print(f"back ({how}) #{attempt + 1}: {screen} after {seconds:.2f} s; "
              f"the page left was kept in the back/forward cache: {kept}")
        assert screen == ids.NEW_GAME, f"{how}: the app said it is open elsewhere"
        web.wait(ids.NEW_GAME, timeout=START_TIMEOUT)


def test_a_second_live_tab_is_refused_then_takes_over(web: WebApp) -> None:
    web.open("/", ready=ids.NEW_GAME)
    second = WebApp(web.page.context.new_page(), web.base_url)
    second.page.goto(second.base_url + "/")
    assert first_screen(second) == ids.OPEN_ELSEWHERE
    assert "another tab" in second.text(ids.OPEN_ELSEWHERE)
    assert not second.exists(ids.NEW_GAME)
    web.page.close()
    second.wait(ids.NEW_GAME, timeout=START_TIMEOUT)


def test_a_browser_whose_language_flutter_cannot_parse_opens_in_english(web: WebApp) -> None:
    web.page.context.add_init_script("""
        Object.defineProperty(navigator, "languages", { configurable: true, get: () => ["C"] });
        Object.defineProperty(navigator, "language", { configurable: true, get: () => "C" });
    """)
    web.open("/", ready=ids.NEW_GAME)
    assert web.page.evaluate("() => [...navigator.languages]") == ["en"]
    assert "New game" in web.text(ids.NEW_GAME)
    web.shot("web-life-language-C")


def test_a_safari_hand_whose_total_shows_survives_a_killed_browser(
        browser, site: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The kill test of ``test_web_app`` with a Safari user agent: ``browser.can_wait()``
    is False there, so Python does not wait for IndexedDB; the write stays unkept and the
    sheet waits for the sync. SIGKILL as the total shows, start again: the hand is there."""
    kill_chromium(browser.browser_type, site, tmp_path / "profile", user_agent=SAFARI)


def test_safari_not_installed_is_told_about_the_7_days(cached_browser, site: Path) -> None:  # type: ignore[no-untyped-def]
    """A Safari user agent (the page not installed): home says Safari may delete the games
    after 7 days, Install shows the steps; Settings says it too."""
    from e2e_harness import PHONE

    context = cached_browser.new_context(**{**PHONE, "user_agent": SAFARI})
    try:
        block_outside(context)
        with static_server(site) as server:
            web = WebApp(context.new_page(), server.url)
            web.open("/", ready=ids.STORAGE_EXPIRES)
            assert "7 days" in web.text(ids.STORAGE_EXPIRES)
            web.tap(ids.INSTALL)
            web.wait(ids.INSTALL_STEPS, timeout=START_TIMEOUT)
            assert "Add to Home Screen" in web.text(ids.INSTALL_STEPS)
            web.shot("web-life-safari-home")
            web.page.goto(web.base_url + "/#/settings")
            web.reload(ready=ids.STORAGE_EXPIRES)
            assert "7 days" in web.text(ids.STORAGE_EXPIRES)
    finally:
        context.close()


def test_a_snapshot_that_does_not_restore_starts_python_the_ordinary_way(
        cached_browser, site: Path, tmp_path: Path, request: pytest.FixtureRequest) -> None:  # type: ignore[no-untyped-def]
    """The snapshot's folded part damaged on the host (its checksum fails): the worker
    says so, starts Python the usual way from the whole standard library and archive
    (fetched then: the service worker caches them only once the app is up), and the app
    opens."""
    import shutil

    from scorekeeper.web import client, snapshot

    broken = tmp_path / "site"
    shutil.copytree(site, broken)
    data = bytearray((broken / snapshot.SNAPSHOT).read_bytes())
    head = snapshot.HEADER.size
    at = head + int.from_bytes(data[head + 4:head + 8], "little") + \
        int.from_bytes(data[4:8], "little")
    data[at + 4096] ^= 0xFF
    (broken / snapshot.SNAPSHOT).write_bytes(bytes(data))
    phone = Phone(cached_browser, request.node.name)
    block_outside(phone.context)
    said: list[str] = []
    asked: list[str] = []
    phone.page.on("console", lambda m: said.append(m.text))
    phone.context.on("request", lambda r: asked.append(r.url))
    try:
        with static_server(broken) as server:
            web = WebApp(phone.page, server.url)
            web.open("/", ready=ids.NEW_GAME)
            assert any("snapshot did not load" in s for s in said), said[-20:]
            assert any(u.endswith("/" + client.STDLIB) for u in asked), asked
            assert any(u.endswith("/" + client.ARCHIVE) for u in asked), asked
    finally:
        phone.close(request.node.stash.get(FAILED, False))


def opened_once_online(phone: Phone, server_url: str) -> WebApp:
    """The app opened online once, until the service worker keeps the files of Python's
    usual start too (asked once the first screen is up)."""
    from scorekeeper.web import client

    web = WebApp(phone.page, server_url)
    web.open("/", ready=ids.NEW_GAME)
    web.service_worker_ready()
    assert sorted(web.kept_later()) == sorted([client.STDLIB, client.ARCHIVE])
    return web


def test_offline_a_phone_starts_without_its_snapshot_damaged_or_of_another_build(
        cached_browser, site: Path, request: pytest.FixtureRequest) -> None:  # type: ignore[no-untyped-def]
    """Opened once online; then offline, its snapshot damaged near its end (outside the
    part the checksum covered before), then whole again but beside an archive of another
    build: each time the worker says why it does not restore and Python starts the usual
    way from the files the service worker kept once the app was up. On the way, Settings
    says what the browser answered about keeping the games."""
    from scorekeeper.app.screens.settings import KEPT
    from scorekeeper.web import client, snapshot

    phone = Phone(cached_browser, request.node.name)
    block_outside(phone.context)
    said: list[str] = []
    phone.page.on("console", lambda m: said.append(m.text))
    try:
        with static_server(site) as server:
            web = opened_once_online(phone, server.url)
            granted = web.page.evaluate("() => navigator.storage.persisted()")
            web.page.goto(web.base_url + "/#/settings")
            web.reload(ready=ids.STORAGE_KEPT)
            assert KEPT[bool(granted)] in web.text(ids.STORAGE_KEPT), granted
            phone.context.set_offline(True)
            for name, how, why in ((snapshot.SNAPSHOT, "damage", "is damaged"),
                                   (client.ARCHIVE_RESTORED, "another build",
                                    "the archive is of fedcba9876543210")):
                assert web.in_the_cache(name, how), name
                said.clear()
                web.open("/", ready=ids.NEW_GAME)
                refused = [s for s in said if "snapshot did not load" in s]
                assert refused and why in refused[0], said[-20:]
                # the site's own file again (online for a moment), for the next step
                web.in_the_cache(name, "delete")
                phone.context.set_offline(False)
                web.add_to_the_cache(name)
                phone.context.set_offline(True)
            web.shot("web-life-offline-started")
    finally:
        phone.close(request.node.stash.get(FAILED, False))


def test_offline_with_no_way_to_start_the_page_says_what_to_do(
        cached_browser, site: Path, request: pytest.FixtureRequest) -> None:  # type: ignore[no-untyped-def]
    """Offline, the snapshot damaged and the usual start's files not kept (a phone that
    went offline before they were fetched): the page says, in the language the app kept
    (the player's choice, else the phone's), that it needs the internet once more and what
    to tap; never a blank page or Flet's "[object Object]"."""
    from scorekeeper.app.text import page_words
    from scorekeeper.app.text.i18n import Translator
    from scorekeeper.web import client, snapshot

    phone = Phone(cached_browser, request.node.name)
    block_outside(phone.context)
    try:
        with static_server(site) as server:
            web = opened_once_online(phone, server.url)
            kept = web.page.evaluate("() => localStorage.getItem('flutter.scorekeeper.language')")
            assert kept == '"system"'  # what the app kept at its start: the phone's
            for name, how in ((snapshot.SNAPSHOT, "damage"), (client.STDLIB, "delete"),
                              (client.ARCHIVE, "delete")):
                web.in_the_cache(name, how)
            phone.context.set_offline(True)
            message = phone.page.locator("#hearts-cannot-start")
            for language in ("en", "pl", "lt"):
                if language != "en":  # as if the player had chosen it in Settings
                    web.page.evaluate("(code) => localStorage.setItem("
                                      "'flutter.scorekeeper.language', JSON.stringify(code))",
                                      language)
                web.page.reload()
                message.wait_for(state="visible", timeout=START_TIMEOUT * 1000)
                tr = Translator(language)
                assert message.locator("p").inner_text() == tr._(page_words.CANNOT_START_OFFLINE)
                assert message.locator("button").inner_text() == tr._(page_words.TRY_AGAIN)
                for width in (360, 390):
                    web.page.set_viewport_size({"width": width, "height": 844})
                    web.shot(f"web-life-cannot-start-{language}-{width}")
            phone.context.set_offline(False)  # online again: Try again starts the app
            message.locator("button").click()
            web._started(ids.NEW_GAME)
    finally:
        phone.close(request.node.stash.get(FAILED, False))
