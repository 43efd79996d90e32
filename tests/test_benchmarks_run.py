"""The benchmarks still run (they are not collected by pytest, so nothing else would notice
one breaking). Tiny sizes, no timing asserted: speed is read from their printed figures."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent / "benchmarks"


def run(script: str, *args: str, timeout: float = 300) -> str:
    proc = subprocess.run([sys.executable, str(BENCH / script), *args], capture_output=True,
                          text=True, timeout=timeout, cwd=BENCH.parent.parent)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout


def test_store_benchmark_runs_and_ends_with_the_ratio_line() -> None:
    out = run("bench_store.py", "--sizes", "0,50", "--rounds", "1")
    last = out.strip().splitlines()[-1]
    assert last.startswith("add-hand ratio 50/0: "), last  # "10k/0" with the default sizes
    float(last.rsplit(":", 1)[1])
    assert "peak memory" in out and "history list" in out


def test_app_views_benchmark_runs() -> None:
    out = run("bench_app_views.py", "--repeat", "2")
    assert "ms" in out


def test_save_patch_benchmark_runs_both_ways() -> None:
    out = run("bench_save_patch.py", "--saves", "1")
    assert "4 players, 20 hands" in out and "kept" in out and "anew" in out


def test_stats_benchmark_runs_and_ends_with_the_ratio_line() -> None:
    out = run("bench_stats.py", "--games", "60", "--runs", "2")
    last = out.strip().splitlines()[-1]
    assert last.startswith("stats ratio to the 0.5 s goal: "), last
    float(last.rsplit(":", 1)[1])
    assert "stats, every game" in out and "head to head" in out and "summaries loaded" in out
    assert "stats, Kierki" in out and "Kierki matches" in out


@pytest.mark.e2e
def test_browser_benchmark_runs_with_both_pages() -> None:
    out = run("bench_browser.py", "--runs", "1", "--games", "30")
    for label in ("open URL -> interactive, cold", "open URL -> interactive, warm",
                  "tap -> updated (hello) / save", "save -> new total",
                  "host Save -> totals", "home -> first game", "history -> first game",
                  "stats -> first player",
                  "home, tap Stats -> figures", "stats filter tap -> updated"):
        line = next(line for line in out.splitlines() if line.startswith(label))
        assert line.count(" ms ") == 2 and line.rstrip().endswith("x"), line
    assert out.count("server RSS") == 2
    assert "stats, first open of a fresh server" in out


def test_server_benchmark_runs_and_prints_both_figures() -> None:
    out = run("bench_server.py", "--sessions", "3", "--session-timeout", "1", "--settle", "0")
    assert "SIGTERM -> exit" in out
    last = out.strip().splitlines()[-1]
    assert last.startswith("RSS start ") and "after 3 live" in last, last
    assert last.endswith("(goal <= 20 MB)"), last


def test_house_rules_benchmark_runs_and_ends_with_the_ratio_line() -> None:
    out = run("bench_house_rules.py", "--hands", "50", "--runs", "2")
    last = out.strip().splitlines()[-1]
    assert last.startswith("house rules ratio (state): "), last
    float(last.rsplit(":", 1)[1])
    assert "plain" in out and "game_from_dict" in out
    seats = [line for line in out.splitlines() if line.startswith("seat changes ratio (state): ")]
    assert len(seats) == 1, out
    float(seats[0].rsplit(":", 1)[1])


@pytest.mark.e2e
def test_flood_benchmark_runs_both_floods() -> None:
    """Needs root for its network namespace, as the LAN browser tests do. Four rounds of
    saves run: with the default five each, the game once ended under its target of 100."""
    out = run("bench_flood.py", "--runs", "2", "--events", "3000", timeout=1800)
    for label in ("quiet (before and after)", "flood, no token (lobby)",
                  "flood, follower with token"):
        line = next(line for line in out.splitlines() if line.strip().startswith(label))
        assert " ms " in line, line
    assert out.count("(goal <= 2x)") == 2


@pytest.mark.e2e
def test_engines_benchmark_runs_on_the_three_engines() -> None:
    """One run on Chromium, Firefox and WebKit, the app beside its floor (the bare Flet
    app built and served the same way): each figure printed is a number (speed is read
    from them, never asserted)."""
    import re

    out = run("bench_engines.py", "--runs", "1", timeout=1500)
    lines = out.splitlines()
    assert any(line.startswith("engines: Chromium") and "Firefox" in line
               and "WebKitGTK" in line for line in lines), out
    for label in ("cold open -> home", "warm open -> home", "save -> totals", "save floor"):
        line = next(line for line in lines if line.startswith(label))
        figures = re.findall(r"(chromium|firefox|webkit) +(\d+) ms \((\d+)-(\d+)\)", line)
        assert [f[0] for f in figures] == ["chromium", "firefox", "webkit"], line
        assert len(re.findall(r" (\d+\.\d\d)x", line)) == 2, line  # two ratios to Chromium
    floor = next(line for line in lines if line.startswith("save / its floor"))
    assert len(re.findall(r"(chromium|firefox|webkit) \d+\.\d\dx", floor)) == 3, floor
    for engine in ("chromium", "firefox", "webkit"):
        split = next(line for line in lines if line.startswith(f"{engine} warm open split:"))
        assert len(re.findall(r"\d+ ms", split)) == 5, split
    for engine in ("chromium", "firefox", "webkit"):  # the keeper's strict transaction
        strict = next(line for line in lines
                      if line.startswith(f"{engine} one sync's transaction"))
        assert re.search(r"strict \d+\.\d\d ms \(.*relaxed \d+\.\d\d ms \(.*"
                         r"strict/relaxed \d+\.\d\dx$", strict), strict
    webgl = next(line for line in lines if line.startswith("webkit warm open with WebGL off"))
    assert re.search(r": \d+ ms \(with WebGL \d+ ms\)", webgl), webgl
    assert re.search(r"^download: \d+\.\d MB with gzip .* then \d+\.\d MB once the app is up",
                     out, re.M), out


def test_big_files_benchmark_runs_every_file() -> None:
    out = run("bench_big_files.py", "--mb", "0.2", "--games", "10002")
    worst = [line for line in out.splitlines() if line.startswith("worst ")]
    assert len(worst) == 4 and all("exit 2" in line for line in worst), out
    assert "more than 10,000 games" in out and "not a regular file" in out, out
    for label in ("import csv", "import game", "replay game", "import export"):
        line = next(line for line in out.splitlines() if line.startswith(label))
        assert line.count(" MB") == 2 and "exit 2" in line and "x memory" in line, line
    assert out.count("at most 1,000") == 4, out  # each refused for its 1,001st hand
    assert out.strip().splitlines()[-1].startswith("big files: worst "), out


def test_share_link_benchmark_runs_and_ends_with_the_version_line() -> None:
    out = run("bench_share_link.py")
    last = out.strip().splitlines()[-1]
    assert last.startswith("share link: largest QR version "), last
    assert "11 players, Cancellation, 40 hands" in out and "Kierki" in out
