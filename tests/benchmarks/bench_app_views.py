"""How long the app takes to react to a tap on the server, without the browser.

Builds games in a temporary store (4 players and 20 hands; 11 players, Cancellation,
40 hands), then times what a tap costs on the server: opening the score sheet (store
read + rules + building the Flet view), one keypad tap on the hand entry (draft saved +
view rebuilt), and saving a hand (durable store write + sheet rebuilt). Prints the
median and p95 of each, in milliseconds. The browser side is in bench_browser.py.

    .venv/bin/python tests/benchmarks/bench_app_views.py [--repeat 50]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "app"))

from app_harness import Phone

from scorekeeper import rules
from scorekeeper.app import ids
from scorekeeper.store import GameStore


def play(store: GameStore, players: int, variant: str, hands: int, target: int) -> str:
    names = [f"Player{i}" for i in range(players)]
    table = rules.Rules(rules.Variant(variant), target)
    game = rules.Game.new(names, table)
    stored = store.create_game(game)
    for n in range(hands):
        points = [0] * players
        points[n % players] = 13
        points[(n + 1) % players] = 13
        stored = store.add_hand(stored.id, rules.Hand(tuple(points)), stored.version)
    return stored.id


def timed(fn, repeat: int) -> tuple[float, float]:
    samples = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t) * 1000)
    samples.sort()
    return statistics.median(samples), samples[int(len(samples) * 0.95) - 1]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        store = GameStore.open(Path(tmp) / "data")
        cases = [("4 players, 20 hands", play(store, 4, "standard", 20, 10_000)),
                 ("11 players, Cancellation, 40 hands", play(store, 11, "cancellation", 40,
                                                            10_000))]
        print(f"{'case':<38}{'open sheet':>18}{'keypad tap':>18}{'save a hand':>18}")
        for name, gid in cases:
            phone = Phone(store, route=f"/game/{gid}")
            sheet = timed(lambda: (phone.go(f"/game/{gid}")), args.repeat)
            phone.go(f"/game/{gid}/hand")
            counts = iter(range(10**9))
            tap = timed(lambda: phone.tap(ids.HEARTS_KEY.format(count=next(counts) % 5)),
                        args.repeat)

            def save() -> None:
                phone.go(f"/game/{gid}/hand")
                phone.session.entry.mode = "points"
                seats = phone.session.entry.game.seats
                phone.session.entry.points_text = ["13", "13"] + ["0"] * (seats - 2)
                phone.render()
                phone.tap(ids.SAVE_HAND)

            phone.session.set_device_language("en")
            saving = timed(save, max(5, args.repeat // 5))
            print(f"{name:<38}" + "".join(f"{m:>9.2f} ({p:>5.2f})" for m, p in
                                          (sheet, tap, saving)))
        print("figures: median (p95) in ms, server side only")
    return 0


if __name__ == "__main__":
    sys.exit(main())
