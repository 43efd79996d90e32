"""Benchmark of the server's lifetime:

    .venv/bin/python tests/benchmarks/bench_server.py [--sessions 500] [--session-timeout 5]

* Memory: ``scorekeeper serve`` with the session timeout shortened (the default is 300 s;
  ``$SCOREKEEPER_SESSION_TIMEOUT``). A warm-up of 20 sessions that open and expire (the
  first screens import their modules and fill the translation caches), then RSS (VmRSS
  of the server) is read: the start. Then ``--sessions`` phones open at once: each
  registers a Flet session on the home screen over a websocket, as a phone's browser
  does (see flet_client.py), so ``main()`` runs for it, answers the server until it goes
  quiet, and stays connected. RSS is read with all of them live, then they all close;
  once the timeout, Flet's 10 s eviction round and serve.Tidy have passed, RSS is read
  again. Goal: that last figure is at most 20 MB above the start.
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

QUIET = 0.2  # a phone answers until the server has sent nothing for this long (s)
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
        open_session(base, quiet=QUIET).close()


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def memory(db: str, n: int, session_timeout: int, settle: int | None = None) -> None:
    if settle is None:
        settle = session_timeout + EVICTION_ROUND + TIDY_AFTER + 2
    proc, base = start(db, session_timeout)
    try:
        fresh = rss_mb(proc.pid)
        cycles(base, 20)
        time.sleep(settle)
        before = rss_mb(proc.pid)
        t0 = time.monotonic()
        phones = [open_session(base, quiet=QUIET) for _ in range(n)]
        took = time.monotonic() - t0
        live = rss_mb(proc.pid)
        for ws in phones:
            ws.close()
        time.sleep(settle)
        after = rss_mb(proc.pid)
    finally:
        stop(proc)
    print(f"{n} sessions opened in {took:.1f} s ({1000 * took / max(n, 1):.0f} ms each); "
          f"RSS before any session {fresh:.1f} MB")
    print(f"RSS start {before:.1f} MB / after {n} live {live:.1f} MB "
          f"({1024 * (live - before) / max(n, 1):.0f} KB per live session) / "
          f"after expiry {after:.1f} MB / delta {after - before:+.1f} MB (goal <= 20 MB)")


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
    ap.add_argument("--sessions", type=int, default=500)
    ap.add_argument("--session-timeout", type=int, default=5,
                    help="session timeout for the memory run, seconds (default 5)")
    ap.add_argument("--settle", type=int, default=None,
                    help="seconds to wait for sessions to expire (default: timeout + 22; "
                         "0 only to smoke-run the script)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as db:
        shutdown(db)
    with tempfile.TemporaryDirectory() as db:
        memory(db, args.sessions, args.session_timeout, args.settle)


if __name__ == "__main__":
    main()
