"""The web app on three engines in one run: Chromium (Playwright), Firefox ESR (WebDriver
BiDi) and WebKitGTK (WebKitWebDriver under an Xvfb of its own), one build, one static
server on 127.0.0.1, a phone of 390x844 at DPR 2, a fresh profile for each run.

    .venv/bin/python tests/benchmarks/bench_engines.py [--runs 3] [--site DIR]
                                                       [--floor-site DIR] [--json]

Every time is read from the page's own clock (``performance.now()``), so the drivers'
round trips (BiDi, WebDriver, Playwright) are not in them:
  cold open     navigation start until the home screen's "New game" shows (the tree of
                Flutter's semantics switched on by the page itself as soon as it can);
  warm open     a reload of that page, from the service worker's cache (not the same
                tab sent to the address again: WebKit locks that out, issue 23);
  save          the finger lifted from Save until the sheet shows the new total;
  save floor    the same two-screen swap without the app's work, in the same browser
                right after the app's saves: the bare Flet app of tests/e2e/swap_app.py
                (tap Save, route back to its sheet, draw a new total) built by
                build-web's own machinery with it as the entry module (Pyodide in the
                page, its snapshot, the service worker) and served the same way; the
                app's save is printed as a ratio to it on each engine (goal: at most
                1.5x);
  split         of each engine's warm open: load event, Flutter up (its semantics
                placeholder), Python's first screen (from there to "New game"), the
                Flutter build picked, and IndexedDB's /data opened and read in full;
                for WebKit also its warm open with WebGL off (CanvasKit on the CPU);
                and the steps of Python's start, as its worker says them (worker
                started, the runtime's script, the snapshot and the runtime read, the
                snapshot unfolded, Python restored, the archive unpacked);
  durability    one sync of the app's data folder as js/keeper.js makes it (one readwrite
                transaction: a game file of 16 KB and a journal of 2 KB put), with
                {durability: "strict"} (as the keeper makes it: done once on the disk)
                and "relaxed" (the browsers' default), 20 in a row each way, 5 rounds
                turn about, in a database of its own on the app's origin;
  download      what a phone downloads with gzip (goal: at most 20 MB).
Ratios are to Chromium in the same run (goal: Firefox and WebKit warm open and save at
most 2x).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
sys.path.insert(0, str(ROOT / "tests" / "benchmarks"))
sys.path.insert(0, str(ROOT))

from app_steps import Table  # noqa: E402
from bench_web import download  # noqa: E402
from e2e_harness import PHONE, launch_chromium  # noqa: E402
from engines import ENGINES, Xvfb  # noqa: E402
from web_harness import START_TIMEOUT, WebApp, block_outside, static_server  # noqa: E402

from scorekeeper.app import ids  # noqa: E402
from scorekeeper.web import bundle  # noqa: E402
from scorekeeper.web.build import build_site  # noqa: E402
from swap_app import STEP, SWAP_ENTER, SWAP_SAVE, SWAP_TOTAL  # noqa: E402

MB = 1024 * 1024
HANDS = (({0: 3, 2: 10}, 1), ({1: 6, 3: 7}, 0), ({0: 1, 1: 2, 2: 3, 3: 7}, 2),
         ({0: 5, 1: 8}, 3))  # (hearts by seat, the queen's taker): a game far from 100

# After a navigation: switches the semantics tree on as soon as Flutter offers it, and
# answers the page's clock at its milestones.
OPENED = """(id) => new Promise((done) => {
    const nav = performance.getEntriesByType('navigation')[0] || {};
    const t = {};
    const look = () => {
        const now = performance.now();
        const ph = document.querySelector('flt-semantics-placeholder');
        if (ph && t.flutter === undefined) t.flutter = now;
        if (ph) ph.dispatchEvent(new MouseEvent('click', {bubbles: true}));
        const home = document.querySelector(`[flt-semantics-identifier="${id}"]`);
        if (home && home.getBoundingClientRect().height > 0) {
            t.home = now; t.load = nav.loadEventEnd || 0;
            t.steps = Object.assign({}, window.pythonSteps || {});
            t.build = window.heartsKept ? window.heartsKept.join(' ') : '';
            t.dart = performance.getEntriesByType('resource').some(
                (e) => e.name.endsWith('main.dart.wasm')) ? 'wasm' : 'js';
            done(t);
        } else setTimeout(look, 10);
    };
    look();
})"""
# the finger's lift on Save to the total that shows ``want``: the time, and its split
# by the messages to and from Python the page notes meanwhile (see js/start-early.js):
# until the tap's first message to Python, from there until Python's last message
# before the total shows (Python's work, IndexedDB's wait and the messages' way), and
# from there until the total shows (Flutter draws the new screen)
SAVED = """([id, want]) => { window.pythonMessages = []; window.__saved = new Promise((done) => {
    let t0 = null;
    document.addEventListener('pointerup', () => { if (t0 === null) t0 = performance.now(); },
                              {capture: true, once: true});
    const look = () => {
        const n = document.querySelector(`[flt-semantics-identifier="${id}"]`);
        const words = n ? [n.getAttribute('aria-label'), n.textContent].concat(Array.from(
            n.querySelectorAll('[aria-label]'), (c) => c.getAttribute('aria-label'))).join(' ') : '';
        const nums = (words.match(/[-\\u2212]?\\d+/g) || []).map((m) => Number(m.replace('\\u2212', '-')));
        if (t0 !== null && nums.includes(want)) {
            const shown = performance.now();
            const seen = window.pythonMessages.filter(([, at]) => at >= t0 && at <= shown);
            window.pythonMessages = null;
            const sent = seen.find(([way]) => way === 'to Python');
            const back = seen.filter(([way]) => way === 'from Python').pop();
            done({ms: shown - t0, tap: sent ? sent[1] - t0 : null,
                  python: sent && back ? back[1] - sent[1] : null,
                  drawing: back ? shown - back[1] : null, messages: seen.length});
        } else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
}); return true; }"""
IDB = """() => new Promise((done, fail) => {
    const t0 = performance.now();
    const open = indexedDB.open('/data');
    open.onerror = () => fail(open.error);
    open.onsuccess = () => {
        const req = open.result.transaction('FILE_DATA', 'readonly').objectStore('FILE_DATA').getAll();
        req.onsuccess = () => { open.result.close(); done(performance.now() - t0); };
    };
})"""

# One sync as the keeper writes it, ``n`` in a row one way then ``n`` the other, 5 rounds:
# each round's ms per transaction (timed as a row: the clocks of Firefox and WebKit tick
# in whole ms where the page is not cross-origin isolated).
DURABILITY = """(n) => new Promise((done, fail) => {
    const name = 'durability-bench';
    const open = indexedDB.open(name, 1);
    open.onupgradeneeded = () => open.result.createObjectStore('FILE_DATA');
    open.onerror = () => fail(open.error);
    open.onsuccess = async () => {
        const db = open.result;
        const game = new Uint8Array(16384).fill(65), journal = new Uint8Array(2048).fill(66);
        const times = {strict: [], relaxed: []};
        const once = (durability, i) => new Promise((ok, no) => {
            const tx = db.transaction(['FILE_DATA'], 'readwrite', {durability});
            const store = tx.objectStore('FILE_DATA');
            store.put({timestamp: new Date(), mode: 33188, contents: game}, '/data/games/g' + i);
            store.put({timestamp: new Date(), mode: 33188, contents: journal}, '/data/journal');
            tx.oncomplete = ok;
            tx.onabort = () => no(tx.error);
        });
        try {
            for (let round = 0; round < 5; round++) {
                for (const durability of ['strict', 'relaxed']) {
                    const t0 = performance.now();
                    for (let i = 0; i < n; i++) await once(durability, i);
                    times[durability].push((performance.now() - t0) / n);
                }
            }
        } catch (e) { fail(e); return; }
        db.close();
        indexedDB.deleteDatabase(name);
        done(times);
    };
})"""


def opened(web: WebApp, reload: bool = False) -> dict[str, Any]:
    """A warm open is a reload: on WebKit the same tab sent to the app's address again
    is locked out for minutes (issue 23, the page in the back/forward cache)."""
    if reload:
        web.page.reload()
    else:
        web.page.goto(web.base_url + "/")
    return dict(web.page.evaluate(OPENED, ids.NEW_GAME))


def saves(web: WebApp, runs: int) -> list[dict[str, Any]]:
    """``runs`` saves on a new game (and one before, not counted)."""
    table = Table(web)
    table.start()
    out = []
    for hearts, queen in HANDS[:runs + 1]:
        table.open_entry()
        table.cards(hearts, queen=queen)
        web.wait_enabled(ids.SAVE_HAND)
        table.hands.append(_hand(table, hearts, queen))
        web.page.evaluate(SAVED, [ids.TOTAL.format(seat=0), table.state.totals[0]])
        web.tap(ids.SAVE_HAND)
        out.append(dict(web.page.evaluate("() => window.__saved")))
        web.wait(ids.ENTER_HAND)
    return out[1:]


# The floor: the bare two-screen Flet app, as build-web builds the app (the archive's
# main.py runs it in Flet's web worker; its snapshot has it imported).
SWAP_APP = ROOT / "tests" / "e2e" / "swap_app.py"
FLOOR_MAIN = b'''"""Flet's web worker runs this module: the bare two-screen app (swap_app.py)."""

import flet as ft

from swap_app import main

ft.run(main)
'''


def build_floor(folder: Path) -> Path:
    """The bare app's site, built as the app's is, with another entry module."""
    entry = bundle.Entry(main=FLOOR_MAIN, app=False, modules=(("swap_app.py", SWAP_APP),))
    return build_site(folder, entry=entry, imports="import flet, swap_app").folder


def floor_saves(web: WebApp, runs: int) -> list[dict[str, Any]]:
    """``runs`` swaps on the bare app (and one before, not counted), opened as the app's
    saves are: once, the service worker ready, then reloaded (cross-origin isolated)."""
    web.page.goto(web.base_url + "/")
    web.enable_semantics(timeout=START_TIMEOUT)
    web.wait(SWAP_ENTER, timeout=START_TIMEOUT)
    web.service_worker_ready()
    web.reload(ready=SWAP_ENTER)
    out = []
    for n in range(runs + 1):
        web.tap(SWAP_ENTER)
        web.wait(SWAP_SAVE)
        web.page.evaluate(SAVED, [SWAP_TOTAL, STEP * (n + 1)])
        web.tap(SWAP_SAVE)
        out.append(dict(web.page.evaluate("() => window.__saved")))
        web.wait(SWAP_ENTER)
    return out[1:]


def _hand(table: Table, hearts: dict[int, int], queen: int) -> Any:
    from scorekeeper.rules import Hand

    return Hand(tuple(hearts.get(s, 0) + (13 if s == queen else 0) for s in range(4)))


def one_engine(engine: str, url: str, floor_url: str, runs: int, pw: Any,
               xvfb: Xvfb) -> dict[str, Any]:
    r: dict[str, Any] = {"cold": [], "warm": [], "split": [], "save": [], "idb": [],
                         "floor": []}
    for n in range(runs):
        with opened_browser(engine, pw, xvfb, webgl=True) as (page, version):
            r["version"] = version
            web = WebApp(page, url)
            r["cold"].append(opened(web)["home"])
            web.service_worker_ready()
            warm = opened(web, reload=True)
            r["warm"].append(warm["home"])
            r["split"].append(warm)
            r["idb"].append(float(web.page.evaluate(IDB)))
            if n == runs - 1:
                r["save_split"] = saves(web, runs)
                r["floor_split"] = floor_saves(WebApp(page, floor_url), runs)
                r["durability"] = dict(web.page.evaluate(DURABILITY, 20))
                r["save"] = [s["ms"] for s in r["save_split"]]
                r["floor"] = [s["ms"] for s in r["floor_split"]]
    if engine == "webkit":  # CanvasKit on the CPU: the same warm open with WebGL off
        with opened_browser(engine, pw, xvfb, webgl=False) as (page, _):
            web = WebApp(page, url)
            opened(web)
            web.service_worker_ready()
            r["warm_no_webgl"] = opened(web, reload=True)["home"]
    return r


class opened_browser:
    """A fresh browser of the engine, its first page and version (a context manager)."""

    def __init__(self, engine: str, pw: Any, xvfb: Xvfb, webgl: bool) -> None:
        self.engine, self.pw, self.xvfb, self.webgl = engine, pw, xvfb, webgl
        self.closers: list[Callable[[], None]] = []

    def __enter__(self) -> tuple[Any, str]:
        if self.engine == "chromium":
            browser = launch_chromium(self.pw)
            self.closers.append(browser.close)
            ctx = browser.new_context(**PHONE)
            block_outside(ctx)
            return ctx.new_page(), f"Chromium {browser.version}"
        if self.engine == "firefox":
            from engine_firefox import Firefox

            profile = Path(tempfile.mkdtemp(prefix="bench-firefox-"))
            self.closers.append(lambda: shutil.rmtree(profile, ignore_errors=True))
            driver: Any = Firefox(profile)
        else:
            from engine_webkit import WebKit

            driver = WebKit(self.xvfb, webgl=self.webgl)
        self.closers.append(driver.quit)
        return driver.first_page(), driver.version

    def __exit__(self, *exc: object) -> None:
        for close in reversed(self.closers):  # the browser first, then its profile
            close()


def med(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def cell(values: list[float], base: list[float] | None) -> str:
    text = f"{med(values):>7.0f} ms ({min(values):.0f}-{max(values):.0f})"
    if base is not None:
        text += f" {med(values) / med(base):.2f}x"
    return f"{text:<29} "


def ms(values: list[float]) -> str:
    return f"{med(values):.2f} ms ({min(values):.2f}-{max(values):.2f})"


def split(saved: list[dict[str, Any]]) -> str:
    """The median of each part of the saves (see SAVED)."""
    parts = []
    for key in ("tap", "python", "drawing"):
        values = [s[key] for s in saved if s.get(key) is not None]
        parts.append(f"{med(values):.0f}" if values else "-")
    return " / ".join(parts)


def report(r: dict[str, Any], runs: int) -> list[str]:
    chromium = r["chromium"]
    lines = [f"Engines benchmark: phone 390x844 DPR 2, {runs} run(s), median (min-max), "
             f"page's own clock, ratio to Chromium; load average {r['load']:.1f} at the start, "
             f"{r['load_end']:.1f} at the end",
             "engines: " + ", ".join(r[e]["version"] for e in ENGINES)]
    for key, label in (("cold", "cold open -> home"), ("warm", "warm open -> home"),
                       ("save", "save -> totals"), ("floor", "save floor")):
        lines.append(f"{label:<18}" + "".join(
            f"{e} {cell(r[e][key], None if e == 'chromium' else chromium[key])}"
            for e in ENGINES))
    for e in ENGINES:
        lines.append(f"{e} save split (median ms: the tap to Python, Python, Flutter "
                     f"drawing): app {split(r[e]['save_split'])}; floor "
                     f"{split(r[e]['floor_split'])}")
    lines.append("save / its floor  " + "".join(
        f"{e} {med(r[e]['save']) / med(r[e]['floor']):.2f}x   " for e in ENGINES)
        + "(goal <= 1.5x on each: the app's save against the bare Flet app's swap, built "
          "and served the same way, in the same browser)")
    for e in ENGINES:
        s = r[e]["split"][-1]
        lines.append(
            f"{e} warm open split: load event {s['load']:.0f} ms, Flutter up "
            f"{s['flutter']:.0f} ms, Python's first screen {s['home'] - s['flutter']:.0f} ms "
            f"(home at {s['home']:.0f} ms), Flutter build {s['dart']}, IndexedDB /data "
            f"open+read {med(r[e]['idb']):.0f} ms")
        lines.append(f"{e} Python's start (its worker's steps, ms on the page's clock): "
                     + ", ".join(f"{name} {at:.0f}" for name, at in
                                 sorted(s.get("steps", {}).items(), key=lambda kv: kv[1])))
    for e in ENGINES:
        d = r[e]["durability"]
        lines.append(f"{e} one sync's transaction (a 16 KB game and a 2 KB journal put), "
                     f"median of 5 rounds of 20 (min-max): strict {ms(d['strict'])}, "
                     f"relaxed {ms(d['relaxed'])}, strict/relaxed "
                     f"{med(d['strict']) / med(d['relaxed']):.2f}x")
    lines.append(f"webkit warm open with WebGL off (CanvasKit on the CPU): "
                 f"{r['webkit']['warm_no_webgl']:.0f} ms (with WebGL {med(r['webkit']['warm']):.0f} ms)")
    lines.append(f"download: {r['gzipped'] / MB:.1f} MB with gzip (goal <= 20 MB), then "
                 f"{r['later'] / MB:.1f} MB once the app is up; folder {r['size'] / MB:.1f} MB")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The web app on Chromium, Firefox, WebKit.")
    parser.add_argument("--runs", type=int, default=3, help="fresh profiles per engine (1-3)")
    parser.add_argument("--site", default=None, help="a site already built (build-web)")
    parser.add_argument("--floor-site", default=None,
                        help="the bare app's site already built (by an earlier run's "
                             "build_floor)")
    parser.add_argument("--json", action="store_true", help="print the raw figures as JSON")
    args = parser.parse_args(argv)
    if not 1 <= args.runs <= 3:
        parser.error("--runs must be from 1 to 3 (the saves are of one game)")
    from playwright.sync_api import sync_playwright

    r: dict[str, Any] = {"load": os.getloadavg()[0]}
    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-engines-") as tmp:
        site = Path(args.site) if args.site else build_site(Path(tmp) / "site").folder
        floor = Path(args.floor_site) if args.floor_site else build_floor(Path(tmp) / "floor")
        xvfb = Xvfb("1600x2200x24")
        try:
            with static_server(site) as server, static_server(floor) as bare, \
                    sync_playwright() as pw:
                for engine in ENGINES:
                    r[engine] = one_engine(engine, server.url, bare.url, args.runs, pw, xvfb)
        finally:
            xvfb.stop()
        r["gzipped"], r["size"], r["later"] = download(site)
    r["load_end"] = os.getloadavg()[0]
    if args.json:
        print(json.dumps(r, indent=2))
        return 0
    for line in report(r, args.runs):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
