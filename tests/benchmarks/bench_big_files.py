"""Benchmark of big files the command refuses: .venv/bin/python tests/benchmarks/bench_big_files.py
[--mb 50] [--root CHECKOUT]

Writes files of about ``--mb`` MB that cross a limit early (one game of repeated hands,
far more than the 1,000 a game may hold): a CSV score sheet, a game file and a JSON
export holding that game; and the same files at a normal size (20 hands) as the
reference. Runs ``scorekeeper import`` on each (and ``replay`` on the game files) in a
child process, ``python -m scorekeeper.cli`` from ``--root`` (default: this checkout; give
another checkout to measure its code), and prints for each the wall time, the child's
peak memory (``ru_maxrss``), its exit status, and the ratios to the normal file.

Then the worst cases of reading, each a file the command must refuse early: a CSV of
one line of ``--mb`` MB, a JSON list of ``--mb`` MB of numbers, a list of ``--games``
games (374,000: about 50 MB) whose last one is bad, and ``/dev/zero``, with the CPU time
beside the wall time (on a busy machine the wall time is mostly waiting); each is
stopped after ``--stop`` seconds (its line then says so). The goal for every big file: refused
(status 2) within 2 s and under 100 MB. Not collected by pytest; prints figures and
asserts nothing. The last line is ``big files: worst X s, Y MB``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ["Ala", "Bartek", "Celina"]
HAND = {"points": [3, 13, 10]}


def csv_sheet(hands: int) -> str:
    rows = ["hand,player,points"]
    for n in range(1, hands + 1):
        rows += [f"{n},Ala,3", f"{n},Bartek,13", f"{n},Celina,10"]
    return "\n".join(rows) + "\n"


def game(hands: int) -> dict:
    return {"players": PLAYERS, "rules": {"target": 10**9}, "hands": [HAND] * hands}


def export(hands: int) -> dict:
    return {"kind": "scorekeeper-export", "version": 3, "exported": "2026-01-01T00:00:00Z",
            "games": [dict(game(hands), id="g1")]}


def hands_for(mb: float, per_hand: int) -> int:
    return max(20, int(mb * 1_000_000 / per_hand))


def write_files(folder: Path, mb: float) -> dict[str, Path]:
    """The big files (about ``mb`` MB) and their normal-size references."""
    made = {}
    one = len(json.dumps(HAND)) + 2
    rows = len(csv_sheet(200_000)) // 200_000
    for size, hands_csv, hands_json in (("normal", 20, 20),
                                        ("big", hands_for(mb, rows), hands_for(mb, one))):
        files = {"csv": (f"{size}.csv", csv_sheet(hands_csv)),
                 "game": (f"{size}-game.json", json.dumps(game(hands_json))),
                 "export": (f"{size}-export.json", json.dumps(export(hands_json)))}
        for kind, (name, text) in files.items():
            path = folder / name
            path.write_text(text, encoding="utf-8")
            made[f"{size} {kind}"] = path
    return made


# A small process starts the command and reports its figures: a child's ru_maxrss counts
# the memory of the process it was started from (Linux keeps the larger of the image
# before and after exec), so this benchmark, which holds the big files' text, would
# otherwise lend the command its own size.
# A command still running after ``stop`` seconds is killed (its status is then -9).
LAUNCH = """import os, signal, sys, time
out, stop, argv = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
start = time.perf_counter()
pid = os.posix_spawn(argv[0], argv, os.environ,
                     file_actions=[(os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0)])
signal.signal(signal.SIGALRM, lambda *_: os.kill(pid, signal.SIGKILL))
signal.setitimer(signal.ITIMER_REAL, stop)
_, status, usage = os.wait4(pid, 0)
signal.setitimer(signal.ITIMER_REAL, 0)
with open(out, "w") as f:
    f.write(f"{time.perf_counter() - start} {usage.ru_maxrss} "
            f"{os.waitstatus_to_exitcode(status)} {usage.ru_utime + usage.ru_stime}")
"""


def run(root: Path, args: list[str], figures: Path, stop: float = 600,
        ) -> tuple[float, float, int, str]:
    """Seconds, peak MB (ru_maxrss) and exit status of one command, and its stderr."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": str(root)}
    proc = subprocess.run([sys.executable, "-c", LAUNCH, str(figures), str(stop),
                           sys.executable, "-m", "scorekeeper.cli", *args], cwd=root, env=env,
                          capture_output=True, text=True, errors="replace")
    if proc.returncode != 0:
        raise SystemExit(f"the launcher failed: {proc.stderr[-2000:]}")
    seconds, kb, code, cpu = figures.read_text().split()
    CPU[0] = float(cpu)
    return float(seconds), int(kb) / 1024, int(code), proc.stderr.strip()


CPU = [0.0]  # the CPU time (user and system) of the last command run


def worst_files(folder: Path, mb: float, count: int) -> dict[str, str]:
    """The worst cases of reading, by name: the files to import."""
    size = int(mb * 1_000_000)
    line = folder / "one-line.csv"
    with line.open("w") as f:
        f.write("hand,player,points,")
        f.write("x," * ((size - 20) // 2))
    numbers = folder / "numbers.json"
    with numbers.open("w") as f:
        f.write("[" + "1," * ((size - 2) // 2) + "1]")
    games = folder / "games.json"
    with games.open("w") as f:
        f.write("[")
        for n in range(1, count):
            f.write(json.dumps({"id": f"g{n}", "players": PLAYERS, "rules": {"target": 100},
                                "hands": [HAND, HAND]}) + ",\n")
        f.write(json.dumps({"id": "bad", "players": PLAYERS, "hands": [{"points": [1]}]}))
        f.write("]")
    return {f"one-line CSV ({mb:g} MB)": str(line),
            f"list of numbers ({mb:g} MB)": str(numbers),
            f"{count:,} games, last bad ({games.stat().st_size / 1e6:.0f} MB)": str(games),
            "/dev/zero": "/dev/zero"}


def run_worst(root: Path, work: Path, mb: float, count: int, stop: float,
              ) -> tuple[float, float]:
    """Each worst case imported once; the worst time and memory."""
    worst = (0.0, 0.0)
    for name, path in worst_files(work, mb, count).items():
        db = work / "db-worst"
        seconds, peak, code, err = run(root, ["import", path, "--db", str(db)],
                                       work / "figures.txt", stop)
        stopped = f", stopped after {stop:g} s" if code == -9 else ""
        worst = (max(worst[0], seconds), max(worst[1], peak))
        print(f"worst {name:<34} {seconds:7.2f} s ({CPU[0]:.2f} s CPU) {peak:7.1f} MB, "
              f"exit {code}{stopped}"
              f"{', db created' if db.exists() else ''}")
        print(f"    {err.splitlines()[-1][:150] if err and code != -9 else ''}")
        shutil.rmtree(db, ignore_errors=True)
    return worst


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mb", type=float, default=50, help="size of the big files (default 50)")
    ap.add_argument("--games", type=int, default=374_000,
                    help="games in the list whose last one is bad (default 374,000)")
    ap.add_argument("--stop", type=float, default=600,
                    help="seconds after which a command is stopped (default 600)")
    ap.add_argument("--only-worst", action="store_true", help="only the worst cases")
    ap.add_argument("--root", default=str(ROOT),
                    help="the checkout whose scorekeeper runs (default: this one)")
    args = ap.parse_args()
    root = Path(args.root).resolve()
    work = Path(tempfile.mkdtemp(prefix="bench_big_"))
    try:
        load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
        print(f"{datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, {os.cpu_count()} cores, "
              f"load {load}; code from {root}")
        worst = run_worst(root, work, args.mb, args.games, args.stop)
        files = {} if args.only_worst else write_files(work, args.mb)
        for name, path in files.items():
            print(f"  {name:<14} {path.stat().st_size / 1_000_000:8.2f} MB")
        for kind in ("csv", "game", "export") if files else ():
            commands = [("import", ["import", "{file}", "--db", "{db}"])]
            if kind == "game":
                commands.append(("replay", ["replay", "{file}"]))
            for command, template in commands:
                figures = {}
                for size in ("normal", "big"):
                    db = work / f"db-{size}-{kind}-{command}"
                    argv = [a.format(file=files[f"{size} {kind}"], db=db) for a in template]
                    figures[size] = run(root, argv, work / "figures.txt")
                (t0, m0, _, _), (t1, m1, code, err) = figures["normal"], figures["big"]
                worst = (max(worst[0], t1), max(worst[1], m1))
                print(f"{command} {kind:<7} normal {t0:6.2f} s {m0:7.1f} MB | big {t1:6.2f} s "
                      f"{m1:7.1f} MB, exit {code} | ratio {t1 / t0:5.1f}x time, "
                      f"{m1 / m0:5.1f}x memory")
                print(f"    {err.splitlines()[-1][:150] if err else ''}")
        print(f"big files: worst {worst[0]:.2f} s, {worst[1]:.1f} MB (goal: within 2 s and "
              "under 100 MB)")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
