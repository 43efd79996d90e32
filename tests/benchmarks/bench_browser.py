"""Browser benchmark: how fast the score sheet opens and answers a saved hand, in Chromium
at a phone viewport, each figure beside the same figure for a minimal Flet hello-world page
measured in the same run (the floor any Flet page pays).

    .venv/bin/python tests/benchmarks/bench_browser.py [--runs 5] [--games 10000] [--json]
                                             [--ab] [--save-only]

Figures (median of ``--runs``, with min and max):
  open, cold   ``page.goto(url)`` in a fresh browser profile (empty cache) until the page is
               interactive: the accessibility tree is on and a known control is visible
               (hello: its button; app: the score sheet's "enter hand" button and totals).
  open, warm   the same, in a profile that has opened the page before (HTTP cache filled).
  tap          hello: tap on its button until its text shows the new count;
               app: tap on "Save" in the hand entry until the sheet shows the new totals.
  save swap    the bare two-screen Flet app (tests/e2e/swap_app.py): tap Save, route back
               to its sheet, draw a new total; beside the app's save (goal: within 1.5x).
               ``--ab`` adds the app's save with every view drawn anew
               (SCOREKEEPER_RETAIN=0, a second server), in the same run; ``--save-only``
               times only the saves, the apps taken in turns.
  follower     on ``--lan``: the host taps Save; the time until the host's own sheet shows
               the new totals, and until a follower's table view (a second Chromium in a
               network namespace made for the run, as a phone on the Wi-Fi) shows them
               (goal: the follower within 2x of the host's own).
  first game   home ("/") and history ("/history") opened until their first game shows,
               with 10 stored games and with ``--games`` (10,000) stored games, both
               stores made through ``GameStore.import_data`` (goal: within 1.5x); and the
               server's memory (RSS now and peak) after that, one phone connected (goal:
               under 150 MB).
  stats        the stats screen ("/stats") opened until the first player's figures show,
               a tap on Stats on the home screen until they show (the goal's figure:
               the page itself is loaded), and a tap on a player-count filter until the
               counted games change, with 10
               and with ``--games`` stored games (the same store builder; goal: the stats
               screen interactive within 2 s with 10,000 games). The first open of each
               server is reported apart (it reads the history index from disk).

Needs Debian's chromium (``tests/run_all.sh`` installs it). Starts both servers itself on
free ports, with a temporary database, and stops them at the end.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
sys.path.insert(0, str(ROOT))

from e2e_harness import (PHONE, Flutter, app_server,  # noqa: E402
                         hello_server, ident, launch_chromium, swap_server)
from hello_app import HELLO_BUTTON, HELLO_TEXT  # noqa: E402
from swap_app import STEP, SWAP_ENTER, SWAP_SAVE, SWAP_TOTAL  # noqa: E402

from scorekeeper import formats, rules  # noqa: E402
from scorekeeper.app import ids  # noqa: E402

PLAYERS = ["Ala", "Bartek", "Celina", "Darek"]
SPREAD = [13, 7, 6, 0]
MAX_RUNS = 10


def text_is(identifier: str) -> str:
    """JS predicate: the node's text equals ``arg`` (polled by Chromium on each frame)."""
    return ("(want) => { const n = document.querySelector('" + ident(identifier) + "');"
            " return !!n && n.textContent.replace(/\\s+/g, ' ').trim() === want; }")


def text_has(identifier: str) -> str:
    """JS predicate: one word of the node's text or labels equals ``arg``."""
    return ("(want) => { const n = document.querySelector('" + ident(identifier) + "');"
            " if (!n) return false; const t = [n.textContent, n.getAttribute('aria-label') || '',"
            " ...[...n.querySelectorAll('[aria-label]')].map(e => e.getAttribute('aria-label'))]"
            ".join(' '); return t.split(/[\\s\u00a0]+/).includes(want); }")


def finger(page: Flutter, identifier: str) -> Callable[[], None]:
    """A raw touch tap at the control's centre, found before the clock starts (so that the
    figure holds no locator look-up or actionability wait, only the app's own work)."""
    page.scroll_to(identifier)
    page.settle(identifier)  # a screen still laying out moves the control after a look
    box = page.el(identifier).first.bounding_box()
    assert box is not None, identifier
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    return lambda: page.page.touchscreen.tap(x, y)


def timed(action: Callable[[], None]) -> float:
    t0 = time.perf_counter()
    action()
    return (time.perf_counter() - t0) * 1000.0


# --- hello-world ------------------------------------------------------------------------

def hello_open(browser, url: str, runs: int) -> tuple[list[float], list[float]]:  # type: ignore[no-untyped-def]
    cold, warm = [], []
    for _ in range(runs):
        ctx = browser.new_context(**PHONE)
        page = Flutter(ctx.new_page(), url)
        cold.append(timed(lambda: page.open("/", ready=HELLO_BUTTON)))
        warm.append(timed(lambda: page.open("/", ready=HELLO_BUTTON)))
        ctx.close()
    return cold, warm


def hello_tap(browser, url: str, runs: int) -> list[float]:  # type: ignore[no-untyped-def]
    ctx = browser.new_context(**PHONE)
    page = Flutter(ctx.new_page(), url)
    page.open("/", ready=HELLO_BUTTON)
    page.tap(HELLO_BUTTON)  # the first tap pays one-off costs (ripple shader, fonts)
    page.page.wait_for_function(text_is(HELLO_TEXT), arg="Tapped 1 times", polling="raf")
    out = []
    tap = finger(page, HELLO_BUTTON)
    for n in range(2, runs + 2):
        def tap_and_see(n: int = n) -> None:
            tap()
            page.page.wait_for_function(text_is(HELLO_TEXT), arg=f"Tapped {n} times",
                                        polling="raf")
        out.append(timed(tap_and_see))
    ctx.close()
    return out


# --- the score sheet --------------------------------------------------------------------

def start_game(page: Flutter, target: int | None = None) -> str:
    """Starts a 4-player game through the app, as the table does; returns the sheet path.
    ``target``: typed as "other" (a benchmark with many saves must not end the game)."""
    page.open("/", ready=ids.NEW_GAME)
    page.tap(ids.NEW_GAME)
    page.wait(ids.START_GAME)
    for seat, name in enumerate(PLAYERS):
        field = ids.PLAYER_NAME.format(seat=seat)
        if not page.exists(field):
            page.tap(ids.ADD_PLAYER)
            page.wait(field)
        page.type(field, name)
    if target is not None:
        page.tap(ids.TARGET.format(value="other"))
        page.wait(ids.TARGET_OTHER)
        page.type(ids.TARGET_OTHER, str(target))
    page.tap(ids.START_GAME)
    page.wait(ids.ENTER_HAND)
    # the app pushes the new address a moment after it draws the sheet
    return page.wait_path(r"/game/[^/]+")


def enter_hand(page: Flutter, points: list[int]) -> None:
    """Opens the hand entry and enters one hand as points per player."""
    page.tap(ids.ENTER_HAND)
    page.wait(ids.SAVE_HAND)
    if page.exists(ids.MODE_POINTS):
        page.tap(ids.MODE_POINTS)
    for seat, p in enumerate(points):
        page.type(ids.POINTS.format(seat=seat), str(p))


def app_open(browser, url: str, sheet: str, runs: int) -> tuple[list[float], list[float]]:  # type: ignore[no-untyped-def]
    cold, warm = [], []
    for _ in range(runs):
        ctx = browser.new_context(**PHONE)
        page = Flutter(ctx.new_page(), url)

        def open_sheet() -> None:
            page.open(sheet, ready=ids.ENTER_HAND)
            page.wait(ids.TOTAL.format(seat=3))

        cold.append(timed(open_sheet))
        warm.append(timed(open_sheet))
        ctx.close()
    return cold, warm


def app_save(browser, url: str, sheet: str, runs: int) -> list[float]:  # type: ignore[no-untyped-def]
    ctx = browser.new_context(**PHONE)
    page = Flutter(ctx.new_page(), url)
    page.open(sheet, ready=ids.ENTER_HAND)
    out = saves_on(page, runs)
    ctx.close()
    return out


def saves_on(page: Flutter, runs: int) -> list[float]:
    """``runs`` saves on the open sheet of a new game (and one before, not counted)."""
    hands: list[rules.Hand] = []
    game = rules.Game(players=tuple(PLAYERS))  # the new game's defaults: target 100
    out = []
    for n in range(runs + 1):
        # Rotations of one spread: every four hands give each player 26, so ten hands stay
        # far from the target and none is a moon.
        points = [SPREAD[(seat + n) % 4] for seat in range(4)]
        hands.append(rules.Hand(points=tuple(points)))
        want = rules.state(game_with(game, hands)).totals[0]
        enter_hand(page, points)

        page.wait_enabled(ids.SAVE_HAND)
        tap = finger(page, ids.SAVE_HAND)

        def save_and_see(want: int = want, tap: Callable[[], None] = tap) -> None:
            tap()
            page.page.wait_for_function(text_has(ids.TOTAL.format(seat=0)), arg=str(want),
                                        polling="raf")

        ms = timed(save_and_see)
        page.wait(ids.ENTER_HAND)
        if n:  # the first save pays one-off costs, as on the hello page
            out.append(ms)
    return out


def game_with(game: rules.Game, hands: list[rules.Hand]) -> rules.Game:
    from dataclasses import replace

    return replace(game, hands=tuple(hands))


# --- the bare two-screen app ------------------------------------------------------------

def swap_save(browser, url: str, runs: int) -> list[float]:  # type: ignore[no-untyped-def]
    """Tap Save on the bare app's entry screen until its sheet shows the new total."""
    ctx = browser.new_context(**PHONE)
    page = Flutter(ctx.new_page(), url)
    page.open("/", ready=SWAP_ENTER)
    out = []
    for n in range(runs + 1):
        page.tap(SWAP_ENTER)
        page.wait(SWAP_SAVE)
        tap = finger(page, SWAP_SAVE)
        want = str(STEP * (n + 1))

        def save_and_see(want: str = want, tap: Callable[[], None] = tap) -> None:
            tap()
            page.page.wait_for_function(text_is(SWAP_TOTAL), arg=want, polling="raf")

        ms = timed(save_and_see)
        page.wait(SWAP_ENTER)
        if n:  # the first save pays one-off costs, as in the app
            out.append(ms)
    ctx.close()
    return out


# --- a follower on --lan -----------------------------------------------------------------

def follower_seen(total_id: str, hand_id: str) -> str:
    """JS: watch (each frame) for the new hand's row and the total ``arg``; keep the
    wall-clock time it showed in ``window.__seen`` (read after the host's own save)."""
    return ("(want) => { window.__seen = null; const has = " + text_has(total_id) + ";"
            " const check = () => { if (document.querySelector('" + ident(hand_id) + "')"
            " && has(want)) { window.__seen = Date.now(); } else requestAnimationFrame(check); };"
            " check(); }")


def follower_save(browser, runs: int) -> tuple[list[float], list[float]]:  # type: ignore[no-untyped-def]
    """The host's Save on ``--lan``: ms until its own sheet shows the new totals, and ms
    until a follower's table view shows them (the same saves)."""
    from lan_harness import LanNamespace

    ns = LanNamespace().up()
    try:
        with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as db:
            server = app_server(db)
            server.argv.append("--lan")
            with server:
                phone_browser = ns.launch_chromium(browser.browser_type)
                try:
                    return _follower_save(browser, phone_browser, server, ns, runs)
                finally:
                    phone_browser.close()
    finally:
        ns.down()


def _follower_save(browser, phone_browser, server, ns, runs: int  # type: ignore[no-untyped-def]
                   ) -> tuple[list[float], list[float]]:
    hctx = browser.new_context(**PHONE)
    fctx = phone_browser.new_context(**PHONE)
    try:
        host = Flutter(hctx.new_page(), server.url)
        sheet = start_game(host)
        host.tap(ids.INVITE)
        address = host.wait_text(ids.INVITE_ADDRESS, lambda t: "/table/" in t).strip()
        join = "/table/" + address.split("/table/", 1)[1]
        host.tap(ids.BACK)
        host.wait(ids.ENTER_HAND)
        follower = Flutter(fctx.new_page(), f"http://{ns.host_address}:{server.port}")
        follower.open(join, ready=ids.TABLE_NOW)
        hands: list[rules.Hand] = []
        game = rules.Game(players=tuple(PLAYERS))
        own, followed = [], []
        for n in range(runs + 1):
            points = [SPREAD[(seat + n) % 4] for seat in range(4)]
            hands.append(rules.Hand(points=tuple(points)))
            want = str(rules.state(game_with(game, hands)).totals[0])
            enter_hand(host, points)
            host.wait_enabled(ids.SAVE_HAND)
            tap = finger(host, ids.SAVE_HAND)
            follower.page.evaluate(follower_seen(ids.TABLE_TOTAL.format(seat=0),
                                                 ids.TABLE_HAND.format(n=n + 1)), want)
            t0 = time.time() * 1000.0

            def save_and_see(want: str = want, tap: Callable[[], None] = tap) -> None:
                tap()
                host.page.wait_for_function(text_has(ids.TOTAL.format(seat=0)), arg=want,
                                            polling="raf")

            ms = timed(save_and_see)
            follower.page.wait_for_function("() => window.__seen !== null")
            seen = float(follower.page.evaluate("() => window.__seen"))
            host.wait(ids.ENTER_HAND)
            if n:  # the first save pays one-off costs
                own.append(ms)
                followed.append(seen - t0)
        assert sheet
        return own, followed
    finally:
        fctx.close()
        hctx.close()
def save_anew(browser, runs: int) -> list[float]:  # type: ignore[no-untyped-def]
    """The app's save with every view drawn anew (no views kept on the page): the A/B."""
    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as db, \
            app_server(db, env={"SCOREKEEPER_RETAIN": "0"}) as app:
        setup = browser.new_context(**PHONE)
        sheet = start_game(Flutter(setup.new_page(), app.url))
        setup.close()
        return app_save(browser, app.url, sheet, runs)


def save_only(runs: int, ab: bool, as_json: bool) -> int:
    """The save figures alone: the bare app, the app and (``ab``) the app drawing anew,
    taken in turns so that a change in the machine's load touches all of them."""
    from playwright.sync_api import sync_playwright

    results: dict[str, list[float]] = {"swap_save": [], "app_save": [], "app_save_anew": []}
    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as db, \
            swap_server() as swap, app_server(db) as app, sync_playwright() as pw:
        browser = launch_chromium(pw)
        try:
            for _ in range(2):  # two rounds of half the runs (rounded up) each
                n = max(1, (runs + 1) // 2)
                results["swap_save"] += swap_save(browser, swap.url, n)
                setup = browser.new_context(**PHONE)
                sheet = start_game(Flutter(setup.new_page(), app.url))
                setup.close()
                results["app_save"] += app_save(browser, app.url, sheet, n)
                if ab:
                    results["app_save_anew"] += save_anew(browser, n)
        finally:
            browser.close()
    if as_json:
        print(json.dumps({k: {"runs_ms": v, **summary(v)} for k, v in results.items() if v},
                         indent=2))
        return 0
    print(f"Save only: Chromium headless, phone 390x844, {len(results['app_save'])} saves each, "
          "median (min-max)")
    print(f"{'':<30} {'bare two-screen app':>24}   {'score sheet':>24}   {'ratio':>6}")
    print(row("save -> new total (goal 1.5x)", results["swap_save"], results["app_save"]))
    if ab:
        print(row("  A/B: every view drawn anew", results["swap_save"], results["app_save_anew"]))
    return 0


# --- many stored games ------------------------------------------------------------------

def unfinished_game(rng, bench_store) -> dict:  # type: ignore[no-untyped-def]
    """A game of a few hands, far from its target."""
    players = rng.choice([3, 4, 4, 5])
    game = rules.Game.new(rng.sample(bench_store.NAMES, players), rules.Rules(target=300),
                          first_dealer=rng.randrange(players))
    for _ in range(rng.randrange(1, 5)):
        game = game.add_hand(bench_store.random_hand(rng, game))
    return formats.game_to_dict(game)


def make_store(path: Path, count: int, seed: int = 7) -> tuple[str, str]:
    """``count`` games (1 in 50 unfinished, at least 2) made through the store's import;
    returns the ids home and history show first."""
    import random

    import bench_store

    from scorekeeper.store import GameStore

    rng = random.Random(seed)
    store = GameStore(path)
    unfinished = max(2, count // 50)
    bench_store.import_games(store, (
        unfinished_game(rng, bench_store) if i % (count // unfinished) == 0
        else bench_store.finished_game(rng) for i in range(count)), f"s{seed}x")
    games = store.list_games()
    return next(g.id for g in games if not g.finished), games[0].id


def first_game(browser, url: str, path: str, identifier: str, runs: int  # type: ignore[no-untyped-def]
               ) -> list[float]:
    """Open ``path`` (a new session each time, warm HTTP cache) until ``identifier`` shows."""
    ctx = browser.new_context(**PHONE)
    page = Flutter(ctx.new_page(), url)
    page.open(path, ready=identifier)  # fills the HTTP cache
    out = [timed(lambda: page.open(path, ready=identifier)) for _ in range(runs)]
    ctx.close()
    return out


def rss_mb(pid: int) -> tuple[float, float]:
    """The process's resident memory now and at its peak, in MB."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        fields[key] = value.strip()
    return (int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024)


def scale(browser, games: int, runs: int) -> dict[str, object]:  # type: ignore[no-untyped-def]
    """Home's and history's first game with 10 and with ``games`` stored games."""
    out: dict[str, object] = {}
    for label, count in (("small", 10), ("big", games)):
        with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as db:
            t0 = time.perf_counter()
            resume, newest = make_store(Path(db), count)
            out[f"{label}_build_s"] = time.perf_counter() - t0
            with app_server(db) as app:
                out[f"{label}_home"] = first_game(browser, app.url, "/",
                                                  ids.RESUME.format(game_id=resume), runs)
                out[f"{label}_history"] = first_game(
                    browser, app.url, "/history", ids.HISTORY_GAME.format(game_id=newest), runs)
                assert app.proc is not None
                out[f"{label}_rss"] = rss_mb(app.proc.pid)
    return out


# --- the stats screen -------------------------------------------------------------------

def stats_filter(db: str) -> tuple[str, str]:
    """A player-count filter that changes what the stats count, and what they then say
    (from rules.stats over the store's list, so the benchmark waits for the right text)."""
    from collections import Counter

    from scorekeeper.rules.stats import compute
    from scorekeeper.store import GameStore

    summaries = GameStore(db).list_games(include_deleted=True)
    total = compute(summaries).games
    counts = Counter(len(g.players) for g in summaries if g.finished and not g.deleted)
    n = next(n for n, k in sorted(counts.items()) if k != total)
    counted = compute(summaries, player_count=n).games
    return ids.STATS_COUNT.format(n=n), f"{counted} finished game"


def stats_open(browser, url: str, runs: int, chip: str, after: str  # type: ignore[no-untyped-def]
               ) -> dict[str, object]:
    """``/stats`` opened until the first player's card shows (the first open of a fresh
    server apart), then a tap on the filter ``chip`` until the count reads ``after``."""
    ctx = browser.new_context(**PHONE)
    page = Flutter(ctx.new_page(), url)
    ready = ids.STATS_PLAYER.format(n=0)
    first = timed(lambda: page.open("/stats", ready=ready))  # also fills the HTTP cache
    opens = [timed(lambda: page.open("/stats", ready=ready)) for _ in range(runs)]
    from_home = []
    for _ in range(runs):  # what a player does: home, then a tap on Stats
        page.open("/", ready=ids.STATS)
        tap_stats = finger(page, ids.STATS)

        def tap_and_see_stats() -> None:
            tap_stats()
            page.wait(ready)

        from_home.append(timed(tap_and_see_stats))
    taps = []
    for _ in range(runs):
        page.open("/stats", ready=ready)
        tap = finger(page, chip)

        def tap_and_see() -> None:
            tap()
            page.page.wait_for_function(text_has_phrase(ids.STATS_LEFT_OUT), arg=after,
                                        polling="raf")

        taps.append(timed(tap_and_see))
    ctx.close()
    return {"first": first, "open": opens, "from_home": from_home, "filter": taps}


def text_has_phrase(identifier: str) -> str:
    """JS predicate: the node's text (or a label in it) contains ``arg``."""
    return ("(want) => { const n = document.querySelector('" + ident(identifier) + "');"
            " if (!n) return false; const t = [n.textContent, n.getAttribute('aria-label') || '',"
            " ...[...n.querySelectorAll('[aria-label]')].map(e => e.getAttribute('aria-label'))]"
            ".join(' ').replace(/\\s+/g, ' '); return t.includes(want); }")


def stats_scale(browser, games: int, runs: int) -> dict[str, object]:  # type: ignore[no-untyped-def]
    """The stats screen with 10 and with ``games`` stored games (stores from make_store)."""
    out: dict[str, object] = {}
    for label, count in (("small", 10), ("big", games)):
        with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as db:
            make_store(Path(db), count)
            chip, after = stats_filter(db)
            with app_server(db) as app:
                out[label] = stats_open(browser, app.url, runs, chip, after)
    return out


def stats_rows(stats: dict[str, object], games: int) -> list[str]:
    small, big = stats["small"], stats["big"]  # type: ignore[index]
    return [
        f"{'':<30} {'10 games':>24}   {f'{games} games':>24}   {'ratio':>6}",
        row("stats -> first player", small["open"], big["open"]),  # type: ignore[index]
        row("home, tap Stats -> figures", small["from_home"], big["from_home"]),  # type: ignore[index]
        row("stats filter tap -> updated", small["filter"], big["filter"]),  # type: ignore[index]
        f"stats, first open of a fresh server: {small['first']:.0f} ms with 10 games, "  # type: ignore[index]
        f"{big['first']:.0f} ms with {games} (goal: interactive within 2000 ms)",  # type: ignore[index]
    ]


# --- report -----------------------------------------------------------------------------

def summary(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def row(label: str, hello: list[float], app: list[float]) -> str:
    h, a = summary(hello), summary(app)
    ratio = a["median"] / h["median"] if h["median"] else float("nan")
    return (f"{label:<30} {h['median']:>8.0f} ms ({h['min']:.0f}-{h['max']:.0f})"
            f"   {a['median']:>8.0f} ms ({a['min']:.0f}-{a['max']:.0f})   {ratio:>5.1f}x")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Browser benchmark of the score sheet.")
    parser.add_argument("--runs", type=int, default=5,
                        help=f"measurements per figure, 1-{MAX_RUNS} (default 5)")
    parser.add_argument("--games", type=int, default=10000,
                        help="stored games for the scale figures (default 10000; 10 beside)")
    parser.add_argument("--json", action="store_true", help="print the raw figures as JSON")
    parser.add_argument("--save-only", action="store_true",
                        help="only the save figures (the app, the bare app, and the A/B)")
    parser.add_argument("--ab", action="store_true",
                        help="also time the save with every view drawn anew "
                             "(SCOREKEEPER_RETAIN=0), in the same run")
    args = parser.parse_args(argv)
    if not 1 <= args.runs <= MAX_RUNS:
        parser.error(f"--runs must be from 1 to {MAX_RUNS} (more saved hands would end the game)")
    if args.save_only:
        return save_only(args.runs, args.ab, args.json)

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as db, \
            hello_server() as hello, swap_server() as swap, app_server(db) as app, \
            sync_playwright() as pw:
        browser = launch_chromium(pw)
        try:
            setup = browser.new_context(**PHONE)
            sheet = start_game(Flutter(setup.new_page(), app.url))
            setup.close()
            results = {
                "hello_open_cold": None, "hello_open_warm": None, "hello_tap": None,
                "app_open_cold": None, "app_open_warm": None, "app_save": None,
            }
            results["hello_open_cold"], results["hello_open_warm"] = hello_open(
                browser, hello.url, args.runs)
            results["app_open_cold"], results["app_open_warm"] = app_open(
                browser, app.url, sheet, args.runs)
            results["hello_tap"] = hello_tap(browser, hello.url, args.runs)
            results["app_save"] = app_save(browser, app.url, sheet, args.runs)
            results["swap_save"] = swap_save(browser, swap.url, args.runs)
            results["host_save"], results["follower_save"] = follower_save(browser, args.runs)
            if args.ab:
                results["app_save_anew"] = save_anew(browser, args.runs)
            big = scale(browser, args.games, args.runs)
            stats = stats_scale(browser, args.games, args.runs)
        finally:
            browser.close()

    if args.json:
        print(json.dumps({**{k: {"runs_ms": v, **summary(v)} for k, v in results.items()},
                          "scale": big, "stats": stats}, indent=2))
        return 0
    print(f"Browser benchmark: Chromium headless, phone 390x844, {args.runs} runs each, "
          "median (min-max)")
    print(f"{'':<30} {'hello-world page':>24}   {'score sheet':>24}   {'ratio':>6}")
    print(row("open URL -> interactive, cold", results["hello_open_cold"], results["app_open_cold"]))
    print(row("open URL -> interactive, warm", results["hello_open_warm"], results["app_open_warm"]))
    print(row("tap -> updated (hello) / save", results["hello_tap"], results["app_save"]))
    print("  save = tap on Save in the hand entry until the sheet shows the new totals")
    print(f"{'':<30} {'bare two-screen app':>24}   {'score sheet':>24}   {'ratio':>6}")
    print(row("save -> new total (goal 1.5x)", results["swap_save"], results["app_save"]))
    if args.ab:
        print(row("  A/B: every view drawn anew", results["swap_save"], results["app_save_anew"]))
    print(f"{'':<30} {'host, own sheet':>24}   {'follower (--lan)':>24}   {'ratio':>6}")
    print(row("host Save -> totals (goal 2x)", results["host_save"], results["follower_save"]))
    print(f"{'':<30} {'10 games':>24}   {f'{args.games} games':>24}   {'ratio':>6}")
    print(row("home -> first game (goal 1.5x)", big["small_home"], big["big_home"]))
    print(row("history -> first game (goal 1.5x)", big["small_history"], big["big_history"]))
    for label, count in (("small", 10), ("big", args.games)):
        now, peak = big[f"{label}_rss"]  # type: ignore[misc]
        print(f"server RSS, {count} games, one phone: {now:.0f} MB (peak {peak:.0f} MB; "
              f"goal under 150 MB); store made in {big[f'{label}_build_s']:.1f} s")
    for line in stats_rows(stats, args.games):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
