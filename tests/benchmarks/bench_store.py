"""Benchmark of the game store:

    .venv/bin/python tests/benchmarks/bench_store.py [--sizes 0,1000,10000]

Builds stores of 0, 1,000 and 10,000 finished games of about 20 hands each (through
``GameStore.import_data``, the bulk path), then measures each size in fresh processes
that hold that store, the sizes taking turns over several rounds (the machine is shared,
and every size should see the same load):

* opens the store and loads the history list (summaries of every game), then lists again;
* opens one game;
* adds hands to open games, each a full durable commit (median and p95);
* peak memory of the process (VmHWM).

It also measures the floor: one bare atomic write of a small file with fsync (temporary
file, write, fsync, rename, fsync of the folder) on the same disk. Not collected by pytest
(``norecursedirs = ["benchmarks"]``); it prints figures and asserts nothing. The last line is
``add-hand ratio 10k/0: X``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from scorekeeper import formats, rules  # noqa: E402

NAMES = ["Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip", "Grażyna", "Henryk", "Iga",
         "Jurgis", "Kotryna"]
ADD_SAMPLES = 200  # hands added per size, 20 to a game
ROUNDS = 5


def random_hand(rng: random.Random, game: rules.Game) -> rules.Hand:
    """A valid hand: every penalty point given out (a moon now and then)."""
    n, full = game.seats, rules.max_player_points(game.rules)
    if rng.random() < 0.04:
        points = [0] * n
        points[rng.randrange(n)] = full
        choice = (rules.MoonChoice.ADD_TO_OTHERS
                  if game.rules.moon is rules.MoonRule.SHOOTER_CHOICE else None)
        return rules.Hand(tuple(points), choice)
    while True:
        points = [0] * n
        for _ in range(full):
            points[rng.randrange(n)] += 1
        if rules.moon_shooter(game.rules, points) is None:
            return rules.Hand(tuple(points))


def finished_game(rng: random.Random) -> dict:
    """A finished game of about 20 hands, as a game file."""
    players = rng.choice([3, 4, 4, 4, 5, 6])
    variant = rules.Variant.STANDARD
    if players == 6 and rng.random() < 0.3:
        variant = rules.Variant.CANCELLATION
    hand_points = rules.spec(variant).hand_points
    # about 20 hands: the highest total grows by roughly 1.4 * average share per hand
    target = max(20, round(20 * hand_points / players * 1.1))
    game = rules.Game.new(rng.sample(NAMES, players),
                          rules.Rules(variant=variant, target=target,
                                      moon=rng.choice(list(rules.MoonRule))),
                          first_dealer=rng.randrange(players))
    while not rules.state(game).game_over:
        game = game.add_hand(random_hand(rng, game))
    return formats.game_to_dict(game)


def import_games(store, games, prefix: str) -> None:  # type: ignore[no-untyped-def]
    """Store the game dicts through the store's own import, 2,000 at a time, each with
    the id ``<prefix><n>`` and a creation date spread over a year (the benchmarks'
    stores are made the way a player's backup would come in)."""
    batch: list[dict] = []
    for i, g in enumerate(games):
        g["id"] = f"{prefix}{i:06d}"
        g["created"] = g["updated"] = f"2025-{1 + i % 12:02d}-{1 + i % 28:02d}T12:00:00.{i:06d}Z"
        batch.append(g)
        if len(batch) == 2000:
            store.import_data({"games": batch})
            batch = []
    if batch:
        store.import_data({"games": batch})


def build(path: Path, count: int, seed: int = 1) -> float:
    """A store of ``count`` finished games; returns the mean hands per game."""
    from scorekeeper.store import GameStore

    rng = random.Random(seed)
    games = [finished_game(rng) for _ in range(count)]
    import_games(GameStore(path), games, f"b{seed}x")
    return sum(len(g["hands"]) for g in games) / count if count else 0.0


FLOOR_PAYLOAD = json.dumps({"points": [3, 13, 10, 0]}).encode() * 80  # about 2 KB


def floor_write(folder: Path) -> float:
    """One bare atomic write of a small file with fsync: the lower bound of a commit."""
    path = folder / "floor.json"
    tmp = folder / ".floor.tmp"
    t = time.perf_counter()
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.write(fd, FLOOR_PAYLOAD)
    os.fsync(fd)
    os.close(fd)
    os.replace(tmp, path)
    dfd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    os.fsync(dfd)
    os.close(dfd)
    return time.perf_counter() - t


def measure(path: Path, adds_wanted: int, reboot: bool) -> dict:
    """Run in a fresh process: open, list, open one game, add hands; peak memory."""
    from scorekeeper.store import GameStore

    rng = random.Random(adds_wanted)
    t = time.perf_counter()
    store = GameStore(path)
    t_open = time.perf_counter() - t
    t = time.perf_counter()
    summaries = store.list_games()
    t_list_cold = t_open + time.perf_counter() - t
    t = time.perf_counter()
    store.list_games()
    t_list_warm = time.perf_counter() - t
    some = summaries[len(summaries) // 2].id if summaries else None
    t_get = None
    if some:
        t = time.perf_counter()
        store.get(some)
        t_get = time.perf_counter() - t
    adds, floors = [], []
    players = ["Ala", "Bartek", "Celina", "Darek"]
    # the floor is timed on the same disk between the hands, so both see the same load
    floor_dir = path.with_name(path.name + "_floor")
    floor_dir.mkdir(exist_ok=True)
    while len(adds) < adds_wanted:
        sg = store.create_game(rules.Game.new(players, rules.Rules(target=100_000)))
        for _ in range(20):
            hand = random_hand(rng, sg.game)
            floors.append(floor_write(floor_dir))
            t = time.perf_counter()
            sg = store.add_hand(sg.id, hand, sg.version)
            adds.append(time.perf_counter() - t)
    t = time.perf_counter()
    store.list_games()
    t_list_after = time.perf_counter() - t
    t_after_reboot = None
    if reboot:
        # the first start after a reboot cannot trust the journal (lines may have been
        # lost in a power cut): it checks every summary against its game file
        from scorekeeper.store import index as index_module

        index_module.boot_id = lambda: "a later boot"
        t = time.perf_counter()
        GameStore(path).list_games()
        t_after_reboot = time.perf_counter() - t
    return {
        "games": len(summaries), "open": t_open, "list_cold": t_list_cold,
        "list_warm": t_list_warm, "list_after_writes": t_list_after, "get": t_get,
        "after_reboot": t_after_reboot, "add": adds, "floor": floors,
        "peak_mb": peak_memory_mb(),
    }


def peak_memory_mb() -> float:
    """This process's peak resident memory: VmHWM (ru_maxrss would include the parent's
    peak, which a child inherits at fork on Linux)."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def merge(runs: list[dict]) -> dict:
    """Rounds of one size together: all samples, the median of the single timings."""
    def med(key: str) -> float | None:
        values = [r[key] for r in runs if r[key] is not None]
        return statistics.median(values) if values else None

    return {
        "games": runs[0]["games"], "open": med("open"), "list_cold": med("list_cold"),
        "list_warm": med("list_warm"), "list_after_writes": med("list_after_writes"),
        "get": med("get"), "after_reboot": med("after_reboot"),
        "add": [x for r in runs for x in r["add"]],
        "floor": [x for r in runs for x in r["floor"]],
        "peak_mb": max(r["peak_mb"] for r in runs),
    }


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def ms(x: float | None) -> str:
    return "-" if x is None else f"{x * 1000:8.2f} ms"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="0,1000,10000")
    ap.add_argument("--dir", default=None,
                    help="folder to build the stores in (default: a temp folder)")
    ap.add_argument("--rounds", type=int, default=ROUNDS,
                    help=f"measuring rounds per size, interleaved (default {ROUNDS})")
    ap.add_argument("--measure", default=None, help=argparse.SUPPRESS)
    ap.add_argument("--adds", type=int, default=40, help=argparse.SUPPRESS)
    ap.add_argument("--reboot", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.measure:
        print(json.dumps(measure(Path(args.measure), args.adds, args.reboot)))
        return 0
    sizes = [int(s) for s in args.sizes.split(",")]
    work = Path(tempfile.mkdtemp(prefix="bench_store_", dir=args.dir))
    try:
        paths = {}
        for n in sizes:
            paths[n] = work / f"store_{n}"
            t = time.perf_counter()
            mean_hands = build(paths[n], n)
            print(f"built {n} games in {time.perf_counter() - t:.1f} s "
                  f"({mean_hands:.1f} hands per game)", flush=True)
        # The sizes take turns, round after round, each in a fresh process: on a shared
        # machine the load drifts, and every size should see the same drift.
        runs: dict[int, list[dict]] = {n: [] for n in sizes}
        per_round = max(20, ADD_SAMPLES // args.rounds)
        for round_ in range(args.rounds):
            for n in sizes[round_ % len(sizes):] + sizes[:round_ % len(sizes)]:
                cmd = [sys.executable, __file__, "--measure", str(paths[n]),
                       "--adds", str(per_round)]
                if round_ == args.rounds - 1:
                    cmd.append("--reboot")  # last: it leaves the journal marked
                proc = subprocess.run(cmd, capture_output=True, text=True, check=True)
                runs[n].append(json.loads(proc.stdout.strip().splitlines()[-1]))
        results = {n: merge(runs[n]) for n in sizes}
        for n in sizes:
            r = results[n]
            med, p95 = statistics.median(r["add"]), pct(r["add"], 95)
            floor_med = statistics.median(r["floor"])
            print(f"\n{n} games")
            print(f"  open store            {ms(r['open'])}")
            print(f"  history list (cold)   {ms(r['list_cold'])}   "
                  f"(open + list of {r['games']} summaries)")
            print(f"  history list (warm)   {ms(r['list_warm'])}")
            print(f"  first start after a reboot {ms(r['after_reboot'])}   "
                  "(open + list, every summary checked against its file)")
            print(f"  history list after {per_round} writes {ms(r['list_after_writes'])}")
            print(f"  open one game         {ms(r['get'])}")
            print(f"  floor                 median {ms(floor_med)}, p95 {ms(pct(r['floor'], 95))}"
                  "   (bare atomic write + fsync of a 2 KB file, timed between the hands)")
            print(f"  add hand              median {ms(med)}, p95 {ms(p95)}, "
                  f"{med / floor_med:.2f}x the floor   ({len(r['add'])} hands)")
            print(f"  peak memory           {r['peak_mb']:.1f} MB")
        lo, hi = min(sizes), max(sizes)
        ratio = statistics.median(results[hi]["add"]) / statistics.median(results[lo]["add"])
        print()
        for n in sizes:
            r = results[n]
            print(f"{n:>6} games: add-hand median {ms(statistics.median(r['add']))}, "
                  f"floor median {ms(statistics.median(r['floor']))}")
        label = "10k/0" if (lo, hi) == (0, 10000) else f"{hi}/{lo}"
        relative = [statistics.median(results[n]["add"]) / statistics.median(results[n]["floor"])
                    for n in (hi, lo)]
        print(f"add-hand / floor at {hi} over the same at {lo}: {relative[0] / relative[1]:.2f}"
              "   (the same ratio with the disk's load taken out)")
        print(f"add-hand ratio {label}: {ratio:.2f}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
