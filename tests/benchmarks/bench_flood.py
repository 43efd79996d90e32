"""The host's Save while a phone on the Wi-Fi floods the server (issue: a fair share per
phone). On ``scorekeeper --lan``, the host (Chromium on the same computer) taps Save and waits
for its sheet's new totals, with nobody else connected and then with a phone in a
network namespace sending 3,000 route changes in one TCP write just before each tap:
once without the table's token (its lobby), once as a follower with the token (the
table view, the heavier screen). Goal: the flooded saves within 2x of the quiet ones.

    .venv/bin/python tests/benchmarks/bench_flood.py [--runs 5] [--events 3000]

Needs root (the namespace) and Debian's chromium.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
sys.path.insert(0, str(ROOT / "tests" / "benchmarks"))
sys.path.insert(0, str(ROOT))

from bench_browser import (PLAYERS, SPREAD, enter_hand, finger, game_with,  # noqa: E402
                           start_game, text_has, timed)
from e2e_harness import PHONE, Flutter, app_server, launch_chromium  # noqa: E402
from lan_harness import LanNamespace  # noqa: E402

from scorekeeper import rules  # noqa: E402
from scorekeeper.app import ids  # noqa: E402

ATTACKER = ROOT / "tests" / "e2e" / "lan_attacker.py"


def flooder(ns: LanNamespace, url: str, events: int, join: str | None
            ) -> subprocess.Popen[str]:
    """The flooding phone, started; returns once its flood is on the wire."""
    args = ["ip", "netns", "exec", ns.name, sys.executable, str(ATTACKER), "flood", url,
            str(events)] + ([join] if join else [])
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline().strip()
    if line != "sent":
        raise RuntimeError(f"the flooding phone did not start: {line} {proc.stderr.read()}")
    return proc


def saves(host: Flutter, game: list[rules.Hand], runs: int,
          before_tap: Callable[[], object] | None = None) -> tuple[list[float], list[dict]]:
    out, floods = [], []
    for _ in range(runs):
        n = len(game)
        points = [SPREAD[(seat + n) % 4] for seat in range(4)]
        game.append(rules.Hand(points=tuple(points)))
        want = str(rules.state(game_with(rules.Game(players=tuple(PLAYERS)), game)).totals[0])
        enter_hand(host, points)
        # a busy machine (CI) answers the typed points late: wait long, never decide by speed
        host.wait_enabled(ids.SAVE_HAND, timeout=180,
                          why=lambda: f"the hand entry shows {host.shot('FAILED-bench-flood-save')}")
        tap = finger(host, ids.SAVE_HAND)
        proc = before_tap() if before_tap else None

        def save_and_see(want: str = want, tap: Callable[[], None] = tap) -> None:
            tap()
            host.page.wait_for_function(text_has(ids.TOTAL.format(seat=0)), arg=want,
                                        polling="raf")

        out.append(timed(save_and_see))
        try:
            host.wait(ids.ENTER_HAND)
        except Exception:
            print(f"the sheet did not come back: {host.shot('FAILED-bench-flood')}",
                  file=sys.stderr)
            raise
        if isinstance(proc, subprocess.Popen):
            floods.append(flood_report(proc))
    return out, floods


def flood_report(proc: subprocess.Popen[str]) -> dict:
    """The flooding phone's last line (a JSON report); {} and its stderr said when it
    printed none (it is a load, not a verdict: the figures say how many reports came)."""
    text, err = proc.communicate(timeout=600)
    lines = text.strip().splitlines()
    try:
        return dict(json.loads(lines[-1]))
    except (IndexError, ValueError):
        print(f"the flooding phone gave no report (exit {proc.returncode}): {err[-500:]}",
              file=sys.stderr)
        return {}


def median(values: list[float]) -> float:
    return statistics.median(values)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--events", type=int, default=3000)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    ns = LanNamespace().up()
    try:
        with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as db:
            server = app_server(db)
            server.argv.append("--lan")
            with server, sync_playwright() as pw:
                browser = launch_chromium(pw)
                ctx = browser.new_context(**PHONE)
                host = Flutter(ctx.new_page(), server.url)
                # 1 + 4 rounds of saves at 6.5 points a hand: keep the game going
                start_game(host, target=10 * (1 + 4 * args.runs) + 100)
                host.tap(ids.INVITE)
                address = host.wait_text(ids.INVITE_ADDRESS, lambda t: "/table/" in t)
                join = "/table/" + address.strip().split("/table/", 1)[1]
                host.tap(ids.BACK)
                host.wait(ids.ENTER_HAND)
                url = f"http://{ns.host_address}:{server.port}"
                game: list[rules.Hand] = []
                saves(host, game, 1)  # the first save pays one-off costs
                quiet, _ = saves(host, game, args.runs)
                lobby, f1 = saves(host, game, args.runs,
                                  lambda: flooder(ns, url, args.events, None))
                table, f2 = saves(host, game, args.runs,
                                  lambda: flooder(ns, url, args.events, join))
                quiet2, _ = saves(host, game, args.runs)  # the load may have moved
                ctx.close()
                browser.close()
    finally:
        ns.down()
    base = median(quiet + quiet2)
    print(f"Host Save -> new totals on --lan, Chromium 390x844, {args.runs} saves each, "
          f"a phone flooding {args.events} route changes in one write before each tap")
    print(f"  quiet (before and after)         {base:7.0f} ms  "
          f"({min(quiet + quiet2):.0f}-{max(quiet + quiet2):.0f})")
    for label, values, floods in (("flood, no token (lobby)", lobby, f1),
                                  ("flood, follower with token", table, f2)):
        closed = sum(1 for f in floods if f.get("closed") == 1008)
        print(f"  {label:<32} {median(values):7.0f} ms  ({min(values):.0f}-{max(values):.0f})"
              f"  ratio {median(values) / base:.2f}x (goal <= 2x); flooder's socket closed "
              f"{closed}/{len(floods)}, screens it was sent: "
              f"{median([float(f.get('patches', 0)) for f in floods]):.0f} (median)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
