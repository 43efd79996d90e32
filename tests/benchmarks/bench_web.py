"""Web app benchmark: the offline web app (``scorekeeper build-web``, Python in the page)
beside the server version, in Chromium at a phone viewport, in one run.

    .venv/bin/python tests/benchmarks/bench_web.py [--runs 3] [--site DIR] [--json]

Figures (median of ``--runs``, with min and max):
  first open    a fresh profile opens the site (nothing cached, no service worker) until
                the home screen's "New game" shows (goal: at most 8 s);
  warm open     the same profile opens it again, now from the service worker's cache
                (goal: at most 3 s and at most 4x the server version's cold open);
  server cold   the server version (``scorekeeper serve``) opened in a fresh profile;
  split         of each warm open: Flutter (until the Flutter app is loaded), Python
                ready at (Pyodide booted: it starts with the page, beside Flutter),
                packages (from then: the archive unpacked, the app imported and started)
                and first screen (until "New game" shows), from the page's console
                messages as Playwright receives them;
  offline, no snapshot
                the last profile's open offline with its snapshot damaged in the service
                worker's cache: Python starts the usual way from the files the service
                worker kept once the app was up (one figure);
  save          tap on Save in the hand entry until the sheet shows the new totals, the
                web app beside the server version (goal: at most 1.5x);
  download      the site's files as a phone downloads them with gzip on the wire (goal:
                at most 25 MB), then what it downloads once the app is up (the usual
                start's files), and the folder's size.

``--site`` uses a site already built (else one is built in a temporary folder). Needs
Debian's chromium. Starts a static server and the app server on free ports.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
sys.path.insert(0, str(ROOT / "tests" / "benchmarks"))
sys.path.insert(0, str(ROOT))

from bench_browser import saves_on, start_game, summary, timed  # noqa: E402
from e2e_harness import PHONE, Flutter, app_server, launch_chromium  # noqa: E402
from web_harness import WebApp, block_outside, static_server  # noqa: E402

from scorekeeper.app import ids  # noqa: E402
from scorekeeper.web.build import (build_site, later_download, phone_download,  # noqa: E402
                                   site_files)

MB = 1024 * 1024
# console messages of the page's start, in order: (where a part of the split ends, its name)
MARKS = (("Flutter app loaded", "flutter"), ("Starting up Python worker", "worker"),
         ("python_module_name:", "python"), ("Python worker initialized", "started"))


class Clock:
    """When each start-up console message arrived, from the moment the clock is reset."""

    def __init__(self, page) -> None:  # type: ignore[no-untyped-def]
        self.t0 = time.perf_counter()
        self.seen: dict[str, float] = {}
        page.on("console", self._message)

    def reset(self) -> None:
        self.t0, self.seen = time.perf_counter(), {}

    def _message(self, message) -> None:  # type: ignore[no-untyped-def]
        for prefix, name in MARKS:
            if message.text.startswith(prefix) and name not in self.seen:
                self.seen[name] = (time.perf_counter() - self.t0) * 1000.0

    def split(self, total: float) -> dict[str, float]:
        s = self.seen
        if len(s) < len(MARKS):
            return {}
        return {"flutter": s["flutter"], "python_ready_at": s["python"],
                "packages": s["started"] - s["python"], "first_screen": total - s["started"]}


def web_opens(browser, url: str, runs: int) -> dict[str, list]:  # type: ignore[no-untyped-def]
    out: dict[str, list] = {"first": [], "warm": [], "split": [], "no_snapshot": []}
    for n in range(runs):
        ctx = browser.new_context(**PHONE)
        block_outside(ctx)
        page = ctx.new_page()
        clock = Clock(page)
        app = WebApp(page, url)
        out["first"].append(timed(lambda: app.open("/", ready=ids.NEW_GAME)))
        app.service_worker_ready()  # every file cached
        clock.reset()
        warm = timed(lambda: app.open("/", ready=ids.NEW_GAME))
        out["warm"].append(warm)
        out["split"].append(clock.split(warm))
        if n == runs - 1:
            out["no_snapshot"].append(offline_without_snapshot(ctx, app))
        ctx.close()
    return out


def offline_without_snapshot(ctx, app: WebApp) -> float:  # type: ignore[no-untyped-def]
    """An open offline with the snapshot damaged in the cache (the usual start)."""
    from scorekeeper.web.snapshot import SNAPSHOT

    app.kept_later()
    ctx.set_offline(True)
    app.in_the_cache(SNAPSHOT, "damage")
    try:
        return timed(lambda: app.open("/", ready=ids.NEW_GAME))
    finally:
        ctx.set_offline(False)


def server_opens(browser, url: str, runs: int) -> list[float]:  # type: ignore[no-untyped-def]
    cold = []
    for _ in range(runs):
        ctx = browser.new_context(**PHONE)
        app = Flutter(ctx.new_page(), url)
        cold.append(timed(lambda: app.open("/", ready=ids.NEW_GAME)))
        ctx.close()
    return cold


def saves(browser, app_class, url: str, runs: int) -> list[float]:  # type: ignore[no-untyped-def]
    """Saves on a new game's sheet; the web app as a phone runs it after its first open
    (from its service worker, cross-origin isolated)."""
    ctx = browser.new_context(**PHONE)
    block_outside(ctx)
    page = app_class(ctx.new_page(), url)
    if app_class is WebApp:
        page.open("/", ready=ids.NEW_GAME)
        page.service_worker_ready()
        page.reload(ready=ids.NEW_GAME)
        assert page.page.evaluate("crossOriginIsolated"), "the web app is not isolated"
    start_game(page)
    out = saves_on(page, runs)
    ctx.close()
    return out


def download(site: Path) -> tuple[int, int, int]:
    """What one phone downloads (gzip: what the service worker caches at install and the
    largest of Flutter's builds), the folder's size, and what it downloads once the app
    is up (the usual start's files)."""
    files = [site / rel for rel in site_files(site)] + [site / "sw.js"]
    return phone_download(site), sum(p.stat().st_size for p in files), later_download(site)


def fmt(values: list[float]) -> str:
    s = summary(values)
    return f"{s['median']:>7.0f} ms ({s['min']:.0f}-{s['max']:.0f})"


def report(r: dict, runs: int) -> list[str]:
    warm, cold = summary(r["web_warm"])["median"], summary(r["server_cold"])["median"]
    save_web, save_server = summary(r["web_save"])["median"], summary(r["server_save"])["median"]
    lines = [f"Web app benchmark: Chromium headless, phone 390x844, {runs} runs each, "
             "median (min-max)",
             f"first open (no cache)     {fmt(r['web_first'])}   goal <= 8000 ms",
             f"warm open (service worker){fmt(r['web_warm'])}   goal <= 3000 ms and "
             f"<= 4x server cold: {warm / cold:.1f}x",
             f"server version, cold open {fmt(r['server_cold'])}",
             f"offline, no snapshot      {fmt(r['no_snapshot'])}   (the usual start, from "
             f"the files kept once the app was up)"]
    splits = [s for s in r["split"] if s]
    if splits:
        parts = {k: summary([s[k] for s in splits])["median"] for k in splits[0]}
        lines.append("warm open split: " + ", ".join(f"{k.replace('_', ' ')} {v:.0f} ms"
                                                     for k, v in parts.items()))
    lines += [f"save -> totals: web {fmt(r['web_save'])}, server {fmt(r['server_save'])}, "
              f"{save_web / save_server:.2f}x (goal <= 1.5x)",
              f"download: {r['gzipped'] / MB:.1f} MB with gzip (goal <= 25 MB), then "
              f"{r['later'] / MB:.1f} MB once the app is up; folder {r['size'] / MB:.1f} MB"]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Benchmark of the offline web app.")
    parser.add_argument("--runs", type=int, default=3, help="measurements per figure (1-10)")
    parser.add_argument("--site", default=None, help="a site already built (build-web)")
    parser.add_argument("--json", action="store_true", help="print the raw figures as JSON")
    args = parser.parse_args(argv)
    if not 1 <= args.runs <= 10:
        parser.error("--runs must be from 1 to 10 (more saved hands would end the game)")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-web-") as tmp:
        site = Path(args.site) if args.site else build_site(Path(tmp) / "site").folder
        with static_server(site) as web, app_server(Path(tmp) / "db") as server, \
                sync_playwright() as pw:
            browser = launch_chromium(pw)
            try:
                opens = web_opens(browser, web.url, args.runs)
                r = {"web_first": opens["first"], "web_warm": opens["warm"],
                     "split": opens["split"], "no_snapshot": opens["no_snapshot"],
                     "server_cold": server_opens(browser, server.url, args.runs),
                     "web_save": saves(browser, WebApp, web.url, args.runs),
                     "server_save": saves(browser, Flutter, server.url, args.runs)}
            finally:
                browser.close()
        r["gzipped"], r["size"], r["later"] = download(site)
    if args.json:
        print(json.dumps(r, indent=2))
        return 0
    for line in report(r, args.runs):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
