"""The offline web app (``scorekeeper build-web``): built once for this module, served by
a plain static server, opened in Chromium with every request off this machine refused.
A hand played there is kept in the browser's storage, survives a reload, and the app
opens with the server gone (from its service worker) and still has it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

import pytest
from app_steps import Table, has_number
from e2e_harness import eventually
from web_harness import (START_TIMEOUT, KillableChromium, WebApp, block_outside, build,
                         static_server)

from scorekeeper.app import ids
from scorekeeper.web import client
from scorekeeper.rules import Hand

ALA, BARTEK, CELINA, DAREK = range(4)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("site"))


@pytest.fixture
def web(phone, site: Path) -> Iterator[WebApp]:  # type: ignore[no-untyped-def]
    block_outside(phone.context)
    phone.page.on("console", lambda m: print("console:", m.type, m.text[:2000]))
    server = static_server(site).start()
    app = WebApp(phone.page, server.url)
    app.server = server  # type: ignore[attr-defined]
    try:
        yield app
    finally:
        server.stop()


def test_a_hand_survives_a_reload_and_the_server_going_away(web: WebApp) -> None:
    table = Table(web)
    table.start()
    cache = web.service_worker_ready()
    assert cache.startswith("hearts-"), cache
    # Chromium runs Flutter's WebAssembly build; the worker keeps it (and not the other)
    assert sorted(web.kept_build()) == sorted(client.RENDERERS["Chromium"]), web.kept_build()
    table.open_entry()
    table.cards({ALA: 3, CELINA: 10}, queen=BARTEK)
    table.save(Hand((3, 13, 10, 0)))

    web.reload(ready=ids.ENTER_HAND)
    assert web.path == table.path
    table.check_sheet()

    web.server.stop()  # type: ignore[attr-defined]
    web.reload(ready=ids.ENTER_HAND)
    assert re.fullmatch(re.escape(table.path), web.path)
    table.check_sheet()
    web.shot("web-offline-sheet")


def test_a_hand_is_kept_when_the_browser_is_killed_right_after_it_shows(
        browser, site: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The sheet shows a saved hand only once the browser's storage has it: SIGKILL the
    browser the moment the new total is on screen, start it again, and the hand is there."""
    with static_server(site) as server:
        chromium = KillableChromium(browser.browser_type, tmp_path / "profile")
        try:
            web = WebApp(chromium.start(), server.url)
            table = Table(web)
            table.start()
            table.open_entry()
            table.cards({ALA: 4, BARTEK: 9}, queen=DAREK)
            web.wait_enabled(ids.SAVE_HAND)
            web.tap(ids.SAVE_HAND)
            web.wait_text(ids.TOTAL.format(seat=DAREK), lambda t: has_number(t, 13),
                          what="Darek's new total")
            chromium.kill()
            table.hands.append(Hand((4, 9, 0, 13)))

            web = WebApp(chromium.start(), server.url)
            table.app = web
            web.open(table.path, ready=ids.ENTER_HAND)
            table.check_sheet()
        finally:
            chromium.kill()


def test_a_second_tab_waits_until_the_first_one_closes(web: WebApp, phone) -> None:  # type: ignore[no-untyped-def]
    """Each tab holds its own copy of the games and a sync writes the whole copy: a
    second tab says the app is open elsewhere, and opens once the first one is closed."""
    web.open("/", ready=ids.NEW_GAME)
    second = WebApp(phone.context.new_page(), web.base_url)
    second.open("/", ready=ids.OPEN_ELSEWHERE)
    assert "another tab" in second.text(ids.OPEN_ELSEWHERE)
    assert not second.exists(ids.NEW_GAME)
    web.page.close()
    second.wait(ids.NEW_GAME, timeout=START_TIMEOUT)


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
    import json

    from scorekeeper.store import GameStore

    table = Table(web)
    table.start()
    table.open_entry()
    table.cards({ALA: 2, CELINA: 11}, queen=BARTEK)
    table.save(Hand((2, 13, 11, 0)))
    web.page.goto(web.base_url + "/#/settings")  # the hash only: the same page...
    web.reload(ready=ids.BACKUP_NOW)  # ...opened again there
    assert "No backup yet." in web.text(ids.LAST_BACKUP)
    with web.page.expect_download(timeout=60_000) as download:
        web.tap(ids.BACKUP_NOW)
    assert download.value.suggested_filename.startswith("hearts-scorekeeper-backup-")
    data = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    computer = GameStore(tmp_path / "computer")
    computer.import_data(data)
    [game] = computer.list_games()
    assert computer.get(game.id).game.hands == (Hand((2, 13, 11, 0)),)
    web.wait_text(ids.LAST_BACKUP, lambda t: t.startswith("Last backup: "),
                  what="the backup's date")
