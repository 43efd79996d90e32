"""Benchmark of the server's lifetime: python tests/benchmarks/bench_server.py
[--cycles 300] [--session-timeout 15]

* Memory: ``scorekeeper serve`` with the session timeout shortened (the default is 300 s;
  ``$SCOREKEEPER_SESSION_TIMEOUT``), a warm-up of 20 connect/close cycles, then two rounds
  of ``--cycles`` more: each opens a websocket, registers a Flet session on the home
  screen (as a phone's browser does, see flet_client.py), waits for the first screen and
  closes. RSS (VmRSS of the server) is read after the warm-up, and after each round right
  away and once the timeout, Flet's 10 s eviction round and serve.Tidy have passed.
  Goal: the growth at that last point is at most 20 MB (and the second round adds
  nothing: closed sessions are freed, their memory reused).
* Stopping: the time from SIGTERM to the process's exit with one phone connected, one
  gone silent (a locked phone) and one websocket that never registered. Goal: 5 s.

Not collected by pytest; it prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))

from flet_client import open_session, websocket  # noqa: E402

EVICTION_ROUND = 10  # Flet checks for expired sessions every 10 s
TIDY_AFTER = 5 + 5  # serve.Tidy collects 5 s after that, checking every 5 s


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(db: str, session_timeout: int) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = dict(os.environ, SCOREKEEPER_SESSION_TIMEOUT=str(session_timeout))
    proc = subprocess.Popen([sys.executable, "-m", "scorekeeper.cli", "serve", "--port",
                             str(port), "--db", db], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while True:
        try:
            with urllib.request.urlopen(base + "/", timeout=2):
                return proc, base
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the server did not start") from None
            time.sleep(0.2)


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def cycles(base: str, n: int) -> None:
    for _ in range(n):
        open_session(base).close()


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def memory(db: str, n: int, session_timeout: int, rounds: int = 2,
           settle: int | None = None) -> None:
    if settle is None:
        settle = session_timeout + EVICTION_ROUND + TIDY_AFTER + 2
    proc, base = start(db, session_timeout)
    try:
        cycles(base, 20)
        time.sleep(settle)
        before = rss_mb(proc.pid)
        print(f"RSS after a warm-up of 20 cycles: {before:.1f} MB")
        for r in range(1, rounds + 1):
            t0 = time.monotonic()
            cycles(base, n)
            took = time.monotonic() - t0
            peak = rss_mb(proc.pid)
            time.sleep(settle)
            after = rss_mb(proc.pid)
            print(f"round {r}: {n} connect/close cycles in {took:.1f} s "
                  f"({1000 * took / max(n, 1):.0f} ms each); RSS right after {peak:.1f} MB, "
                  f"{settle} s later (sessions expired) {after:.1f} MB")
    finally:
        stop(proc)
    print(f"RSS growth over {rounds} x {n} cycles once the session timeout has passed: "
          f"{after - before:+.1f} MB (goal at most 20 MB)")


def shutdown(db: str) -> None:
    proc, base = start(db, 300)
    try:
        phone = open_session(base)  # connected, answering
        locked = open_session(base)  # connected, then silent: never reads or replies
        locked.socket.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        raw = websocket(base)  # never registers
        t0 = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        status = proc.wait(timeout=60)
        took = time.monotonic() - t0
        for ws in (phone, raw):
            ws.close()
    finally:
        stop(proc)
    print(f"SIGTERM -> exit with 3 websockets open: {took:.2f} s, status {status} "
          f"(goal at most 5 s)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cycles", type=int, default=300)
    ap.add_argument("--session-timeout", type=int, default=15,
                    help="session timeout for the memory run, seconds (default 15)")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--settle", type=int, default=None,
                    help="seconds to wait for sessions to expire (default: timeout + 22; "
                         "0 only to smoke-run the script)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as db:
        shutdown(db)
    with tempfile.TemporaryDirectory() as db:
        memory(db, args.cycles, args.session_timeout, args.rounds, args.settle)


if __name__ == "__main__":
    main()
