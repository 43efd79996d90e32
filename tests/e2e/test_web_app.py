"""The offline web app (``scorekeeper build-web``): built once for this module, served by
a plain static server, opened in Chromium, Firefox ESR and WebKitGTK (Safari's engine; see
``engines.py``) with every request to another host refused. A hand played there is kept
in the browser's storage, survives a reload, and the app opens with the server gone (from
its service worker) and still has it."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Iterator

import pytest
from app_steps import Table
from e2e_harness import FAILED, eventually
from engines import ENGINES, Xvfb
from web_engines import (CATCH_DOWNLOAD, engine_browser, firefox_download, kept_when_shown,
                         outside_requests, page_download, watch_kept_when_shown)
from web_harness import (START_TIMEOUT, WebApp, block_outside, build, first_screen,
                         kill_chromium, static_server)

from scorekeeper.app import ids
from scorekeeper.web import client
from scorekeeper.rules import Hand

ALA, BARTEK, CELINA, DAREK = range(4)
KILL_ENGINES = ["chromium", "firefox", "webkit"]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("site"))


@pytest.fixture(params=ENGINES)
def web(request: pytest.FixtureRequest, site: Path) -> Iterator[WebApp]:
    """The web app's first page in a fresh browser of the engine (not yet opened)."""
    engine = request.param
    server = static_server(site).start()
    try:
        if engine == "chromium":
            phone = request.getfixturevalue("phone")
            block_outside(phone.context)
            phone.page.on("console", lambda m: print("console:", m.type, m.text[:2000]))
            app = WebApp(phone.page, server.url)
            app.server = server  # type: ignore[attr-defined]
            yield app
            return
        xvfb = request.getfixturevalue("xvfb") if engine == "webkit" else None
        with engine_browser(engine, xvfb) as browser:
            app = WebApp(browser.start(), server.url)
            app.server = server  # type: ignore[attr-defined]
            app.browser = browser  # type: ignore[attr-defined]
            yield app
            if request.node.stash.get(FAILED, False):
                try:
                    app.shot(f"FAILED-{request.node.name}")
                except Exception as e:  # the browser itself is gone
                    print(f"no screenshot of the failure: {e}")
            else:
                assert not outside_requests(app.page), outside_requests(app.page)
    finally:
        server.stop()


def renderer_kept(engine: str) -> tuple[str, ...]:
    """The Flutter build the loader picks: Chromium runs the WebAssembly one, Firefox and
    WebKit (no WasmGC with the features skwasm needs) the JavaScript one with CanvasKit."""
    return client.RENDERERS["Chromium" if engine == "chromium" else "other browsers"]


def test_a_game_of_several_hands_survives_a_reload_and_the_server_going_away(
        web: WebApp) -> None:
    """Cold open, three hands, a reload (warm open), then the server stopped and a
    reload again: the service worker opens the app and the games are all there."""
    table = Table(web)
    table.start(shots=f"web-{web.engine}")  # home, new game, house rules
    cache = web.service_worker_ready()
    assert cache.startswith("hearts-"), cache
    # the worker keeps the build the loader picked for this engine (and not the other)
    assert sorted(web.kept_build()) == sorted(renderer_kept(web.engine)), web.kept_build()
    for hearts, queen, hand in (({ALA: 3, CELINA: 10}, BARTEK, (3, 13, 10, 0)),
                                ({BARTEK: 6, DAREK: 7}, ALA, (13, 6, 0, 7)),
                                ({ALA: 1, BARTEK: 2, CELINA: 3, DAREK: 7}, CELINA,
                                 (1, 2, 16, 7))):
        table.open_entry()
        table.cards(hearts, queen=queen)
        if hand[0] == 13:
            web.shot(f"web-{web.engine}-hand-entry")
        table.save(Hand(hand))
    web.shot(f"web-{web.engine}-sheet")

    web.reload(ready=ids.ENTER_HAND)
    assert web.path == table.path
    table.check_sheet()

    web.server.stop()  # type: ignore[attr-defined]
    web.reload(ready=ids.ENTER_HAND)
    assert re.fullmatch(re.escape(table.path), web.path)
    table.check_sheet()
    web.shot(f"web-{web.engine}-offline-sheet")
    web.open("/", ready=ids.SETTINGS)
    web.tap(ids.SETTINGS)
    web.wait(ids.LANGUAGE_OPTION.format(code="pl"))
    web.shot(f"web-{web.engine}-settings")


@pytest.mark.parametrize("engine", KILL_ENGINES)
def test_a_hand_is_kept_when_the_browser_is_killed_right_after_it_shows(
        engine: str, request: pytest.FixtureRequest, site: Path, tmp_path: Path) -> None:
    """The sheet shows a saved hand only once the browser's storage has it.

    Chromium: hand 2 refused by IndexedDB first, then saved, and Chromium SIGKILLed in the
    same task in which its total first shows (``web_harness.kill_chromium``); started again
    on the same profile, hands 1 and 2 are there, each once. Firefox: SIGKILL the moment
    the new total is on screen, start it again on the same profile, and the hand is there. Firefox and WebKit: a read-only
    IndexedDB transaction made in the same task in which the total first shows has the
    hand (WebKit's automation keeps no storage across a restart, so this is its test;
    not seeing the hand there proves a browser killed then loses it)."""
    if engine == "chromium":
        kill_chromium(request.getfixturevalue("browser").browser_type, site,
                      tmp_path / "profile")
        return
    from scorekeeper.store import GameStore

    xvfb = request.getfixturevalue("xvfb") if engine == "webkit" else None
    darek = ids.TOTAL.format(seat=DAREK)
    with static_server(site) as server, \
            engine_browser(engine, xvfb, tmp_path / "profile") as browser:
        web = WebApp(browser.start(), server.url)
        table = enter_a_hand(web)
        watch_kept_when_shown(web.page, darek, 13)
        web.tap(ids.SAVE_HAND)
        kept = kept_when_shown(web.page, tmp_path / "kept")
        browser.kill()
        table.hands.append(Hand((4, 9, 0, 13)))
        hands = GameStore(kept).get(table.game_id).game.hands
        assert hands == tuple(table.hands), "IndexedDB did not have the hand when it showed"
        if engine == "firefox":
            web = WebApp(browser.start(), server.url)
            table.app = web
            web.open(table.path, ready=ids.ENTER_HAND)
            table.check_sheet()


def enter_a_hand(web: WebApp) -> Table:
    """A new game and its first hand entered, Save enabled and not yet tapped."""
    table = Table(web)
    table.start()
    table.open_entry()
    table.cards({ALA: 4, BARTEK: 9}, queen=DAREK)
    web.wait_enabled(ids.SAVE_HAND)
    return table


def test_a_second_tab_waits_until_the_first_one_closes(web: WebApp) -> None:
    """Each tab holds its own copy of the games and a sync writes the whole copy: a
    second tab says the app is open elsewhere, and opens once the first one is closed."""
    web.open("/", ready=ids.NEW_GAME)
    second = WebApp(web.new_tab(), web.base_url)
    second.open("/", ready=ids.OPEN_ELSEWHERE)
    assert "another tab" in second.text(ids.OPEN_ELSEWHERE)
    assert not second.exists(ids.NEW_GAME)
    web.page.close()
    second.wait(ids.NEW_GAME, timeout=START_TIMEOUT)


# Chromium: test_web_life.py, with its back/forward cache on (Playwright's is off)
@pytest.mark.parametrize("web", ["firefox", "webkit"], indirect=True)
def test_the_same_tab_sent_away_and_back_opens_home_at_once(web: WebApp) -> None:
    """Issue 23: WebKit kept the page that was left in its back/forward cache, its Python
    still holding the data folder's Web Lock, and the same tab back at the app's address
    (a bookmark, the home screen's icon, the address typed) said "open in another tab"
    for 6 to 9 minutes. Twice: a blank page, then the app's address again; the first
    screen must be home (how long it took is printed, never judged)."""
    web.open("/", ready=ids.NEW_GAME)
    for attempt in range(2):
        web.page.goto("about:blank")
        started = time.monotonic()
        web.page.goto(web.base_url + "/")
        screen = first_screen(web)
        print(f"{web.engine}: back at the app's address #{attempt + 1}: {screen} after "
              f"{time.monotonic() - started:.2f} s")
        assert screen == ids.NEW_GAME, "the app said it is open in another tab"
        web.wait(ids.NEW_GAME, timeout=START_TIMEOUT)


def test_webkit_under_lang_c_opens_in_english(site: Path, xvfb: Xvfb) -> None:
    """WebKitGTK under ``LANG=C.UTF-8`` (a container's usual locale) reports
    ``navigator.languages == ['C']``, which Flutter's ``Intl.Locale`` cannot parse: the
    app stayed on its splash. It opens, in English. (Plain ``LANG=C`` gives ['en-US'].)"""
    with static_server(site) as server, \
            engine_browser("webkit", xvfb, lang="C.UTF-8") as browser:
        page = browser.start()
        assert page.evaluate("() => [...navigator.languages]") == ["C"]
        web = WebApp(page, server.url)
        web.open("/", ready=ids.NEW_GAME)
        assert page.evaluate("() => [...navigator.languages]") == ["en"]
        assert "New game" in web.text(ids.NEW_GAME)
        web.shot("web-webkit-lang-C")


def test_a_new_build_replaces_the_old_one_and_its_cache(phone, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A new build on the host: the next open online installs its service worker, which
    caches the new files and deletes the old cache; the games stay."""
    from scorekeeper.web import build as web_build

    folder = build(tmp_path / "site")
    block_outside(phone.context)
    with static_server(folder) as server:
        web = WebApp(phone.page, server.url)
        web.open("/", ready=ids.NEW_GAME)
        old = web.service_worker_ready()
        index = folder / "index.html"
        index.write_text(index.read_text().replace(
            "</head>", '<meta name="build" content="new">\n</head>'))
        files = web_build.site_files(folder)
        new = web_build.version_of(folder, files)
        web_build.write_service_worker(folder, files, new)
        assert f"hearts-{new}" != old
        web.reload(ready=ids.NEW_GAME)

        def only_the_new_cache() -> None:
            caches = phone.page.evaluate("async () => (await caches.keys()).join(',')")
            assert caches == f"hearts-{new}", caches

        eventually(only_the_new_cache, timeout=START_TIMEOUT)
        web.reload(ready=ids.NEW_GAME)
        assert phone.page.evaluate(
            "() => document.querySelector('meta[name=build]')?.content") == "new"


def test_the_web_benchmark_runs_and_prints_its_figures(site: Path) -> None:
    """tests/benchmarks/bench_web.py still runs (on this module's site; one run, no
    figure asserted: speed is read from what it prints)."""
    import subprocess
    import sys

    bench = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_web.py"
    proc = subprocess.run([sys.executable, str(bench), "--runs", "1", "--site", str(site)],
                          capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-3000:]
    for start in ("first open", "warm open", "server version, cold open", "warm open split:",
                  "save -> totals:", "download:"):
        assert any(line.startswith(start) for line in proc.stdout.splitlines()), proc.stdout


def test_back_up_now_downloads_every_game_as_the_import_file(web: WebApp, tmp_path: Path) -> None:
    """Settings, Back up now: the browser downloads the JSON that ``scorekeeper import``
    reads on a computer, with the hand played here."""
    from scorekeeper.store import GameStore

    table = Table(web)
    table.start()
    table.open_entry()
    table.cards({ALA: 2, CELINA: 11}, queen=BARTEK)
    table.save(Hand((2, 13, 11, 0)))
    web.page.goto(web.base_url + "/#/settings")  # the hash only: the same page...
    web.reload(ready=ids.BACKUP_NOW)  # ...opened again there
    assert "No backup yet." in web.text(ids.LAST_BACKUP)
    name, text = backup_file(web)
    assert name.startswith("hearts-scorekeeper-backup-"), name
    data = json.loads(text)
    computer = GameStore(tmp_path / "computer")
    computer.import_data(data)
    [game] = computer.list_games()
    assert computer.get(game.id).game.hands == (Hand((2, 13, 11, 0)),)
    web.wait_text(ids.LAST_BACKUP, lambda t: t.startswith("Last backup: "),
                  what="the backup's date")


def backup_file(web: WebApp) -> tuple[str, str]:
    """Taps Back up now; the downloaded file's name and text. Chromium: Playwright's
    download; Firefox: the file in its downloads folder; WebKit (whose automation saves
    no download where a test can read it): the file the page hands its <a download>."""
    if web.engine == "chromium":
        with web.page.expect_download(timeout=60_000) as download:
            web.tap(ids.BACKUP_NOW)
        return (download.value.suggested_filename,
                Path(download.value.path()).read_text(encoding="utf-8"))
    if web.engine == "firefox":
        web.tap(ids.BACKUP_NOW)
        return firefox_download(web.browser.driver.downloads)  # type: ignore[attr-defined]
    web.page.evaluate(CATCH_DOWNLOAD)
    web.tap(ids.BACKUP_NOW)
    return page_download(web.page)
