"""Benchmark of scoring with the house rules:

    .venv/bin/python tests/benchmarks/bench_house_rules.py [--hands 1000] [--runs 7]

The same ``--hands`` hands of four players (a moon every seventh hand, target 100,000 so
the game never ends) scored by ``rules.state`` and read back by ``formats.game_from_dict``
twice: under today's rules, and with every house rule on (Omnibus, "unless it loses",
exact target halves, a pass cycle of its own). Prints the median of ``--runs`` runs of
each (the process's CPU time), then the plain game again with a change of player every
50 hands (a table's life: ``seat_changes``) and ``seat changes ratio (state): X``, and,
last, ``house rules ratio (state): X``: what the house rules cost a replay. Not collected
by pytest; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from scorekeeper import formats, rules  # noqa: E402

HOUSE = {"jack_of_diamonds": True, "exact_target_halves": True,
         "passes": ["left", "right", "left2", "hold"]}


def game(hands: int, house: bool, changes: bool = False) -> rules.Game:
    """``changes``: the fourth seat changes its name every 50th hand (a table's life)."""
    table = rules.Rules(target=100_000, moon=rules.MoonRule.ADD_UNLESS_IT_LOSES if house
                        else rules.MoonRule.ADD_TO_OTHERS, house=HOUSE if house else {})
    played = [rules.Hand((26, 0, 0, 0) if i % 7 == 0 else (10, 10, 6, 0),
                         jack=i % 4 if house else None,
                         seat_changes={3: f"Zenon {i}"} if changes and i % 50 == 49 else ())
              for i in range(hands)]
    return rules.Game.new(["Ala", "Bartek", "Celina", "Darek"], table, 0, played)


def median_ms(fn, runs: int) -> float:  # type: ignore[no-untyped-def]
    fn()  # warm-up: the first run pays for imports and caches
    times = []
    for _ in range(runs):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return statistics.median(times) * 1000


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=1000)
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    figures = {}
    for house in (False, True):
        g = game(args.hands, house)
        data = formats.game_to_dict(g)
        label = "house rules" if house else "plain"
        figures[house] = median_ms(lambda g=g: rules.state(g), args.runs)
        read = median_ms(lambda d=data: formats.game_from_dict(d), args.runs)
        print(f"{label:<12} {args.hands} hands: state {figures[house]:.1f} ms, "
              f"game_from_dict {read:.1f} ms (CPU, median of {args.runs})")
    changed = game(args.hands, False, changes=True)
    seats = median_ms(lambda: rules.state(changed), args.runs)
    print(f"{'seat changes':<12} {args.hands} hands: state {seats:.1f} ms "
          f"({args.hands // 50} changes of player; CPU, median of {args.runs})")
    print(f"seat changes ratio (state): {seats / figures[False]:.2f}")
    print(f"house rules ratio (state): {figures[True] / figures[False]:.2f}")


if __name__ == "__main__":
    main()
