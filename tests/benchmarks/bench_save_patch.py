"""What a saved hand costs the server and the wire, without the browser: the app's shell on a
real Flet session (tests/app/wire_harness.py), the sheet kept as a layer under the hand entry
and each drawing diffed by Flet against the last by key (as served) against every view drawn
anew on its own (SCOREKEEPER_RETAIN=0), in the same run.

For each sheet (4 players with 5 and 20 hands; 7 players with 30), opens the hand entry,
enters a hand and taps Save, and prints the median server CPU time of the tap (the store
write, the new sheet drawn, diffed and encoded; CPU time, so the machine's load
weighs less) and the bytes sent to the phone for it.

    .venv/bin/python tests/benchmarks/bench_save_patch.py [--saves 5]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "app"))

from wire_harness import Tab, play  # noqa: E402

from scorekeeper.app import ids, retain  # noqa: E402
from scorekeeper.store import GameStore  # noqa: E402

CASES = [(4, 5), (4, 20), (7, 30)]


async def saves(store: GameStore, players: int, hands: int, count: int) -> list[tuple[float, int]]:
    tab = Tab(store, f"/game/{play(store, players, hands)}")
    out = []
    for _ in range(count):
        tab.tap(ids.ENTER_HAND)
        entry = tab.session.entry
        entry.mode = "points"
        entry.points_text = ["13", "13"] + ["0"] * (players - 2)
        tab.shell.render()
        tab.wire.take()
        tap = tab.finger(ids.SAVE_HAND)
        t = time.process_time()
        tap()
        sent = tab.wire.take()
        out.append(((time.process_time() - t) * 1000, sent))
    return out


def main_(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=5)
    args = parser.parse_args(argv)
    print(f"{'sheet':<24}{'kept: CPU ms':>14}{'bytes':>9}{'anew: CPU ms':>15}{'bytes':>9}")
    with tempfile.TemporaryDirectory() as tmp:
        store = GameStore.open(Path(tmp) / "data")
        for players, hands in CASES:
            cells = []
            for keep in (True, False):
                retain.RETAIN = keep
                runs = asyncio.run(saves(store, players, hands, args.saves))
                cells += [statistics.median(ms for ms, _ in runs),
                          statistics.median(b for _, b in runs)]
            print(f"{f'{players} players, {hands} hands':<24}{cells[0]:>14.1f}{cells[1]:>9.0f}"
                  f"{cells[2]:>15.1f}{cells[3]:>9.0f}")
    retain.RETAIN = True
    print("median of the saves; kept = the sheet kept as a layer, diffed by key (as served), "
          "anew = every view drawn anew")
    return 0


if __name__ == "__main__":
    sys.exit(main_())
