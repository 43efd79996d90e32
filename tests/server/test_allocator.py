"""``scorekeeper serve`` runs on the C library's malloc (see scorekeeper/app/server/allocator.py:
with pymalloc the memory of expired sessions never went back to the system)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scorekeeper.app.server import allocator

ROOT = Path(__file__).resolve().parents[2]
ARGV = ["/usr/bin/python3", "-m", "scorekeeper.cli", "serve", "--port", "9000"]


def test_the_command_is_run_again_with_malloc_unless_an_allocator_is_chosen():
    assert allocator.restart_argv({}, ARGV, "posix") == ARGV
    assert allocator.restart_argv({"PYTHONMALLOC": "pymalloc"}, ARGV, "posix") is None
    assert allocator.restart_argv({"PYTHONMALLOC": "malloc"}, ARGV, "posix") is None
    assert allocator.restart_argv({}, ARGV, "nt") is None  # no exec on Windows
    assert allocator.restart_argv({}, ["python"], "posix") is None  # an embedded one


def test_serve_on_malloc_executes_the_same_command_with_the_variable(monkeypatch):
    monkeypatch.setattr(sys, "orig_argv", ARGV)
    calls = []

    def execve(*args):
        calls.append(args)
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, [])
        assert {signal.SIGINT, signal.SIGTERM} <= blocked  # held for the new image

    allocator.serve_on_malloc({"HOME": "/h"}, execve)
    assert calls == [(sys.executable, ARGV, {"HOME": "/h", "PYTHONMALLOC": "malloc"})]
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, [])  # not replaced
    calls.clear()
    allocator.serve_on_malloc({"PYTHONMALLOC": "malloc"}, lambda *a: calls.append(a))
    assert calls == []


def test_only_the_serve_command_of_this_process_restarts(monkeypatch):
    import scorekeeper.app.server.serve as serve_module
    from scorekeeper.cli import main

    from scorekeeper.app.server import stopping

    restarts = []
    monkeypatch.setattr(allocator, "serve_on_malloc", lambda: restarts.append(1))
    monkeypatch.setattr(stopping, "install", lambda: None)  # not this test's own handlers
    monkeypatch.setattr(serve_module, "serve", lambda **kw: 0)
    assert main(["serve"]) == 0 and restarts == []  # called as a function (tests)
    monkeypatch.setattr(sys, "argv", ["scorekeeper", "replay", "-"])
    monkeypatch.setattr(sys, "stdin", open(os.devnull))
    main()
    assert restarts == []
    monkeypatch.setattr(sys, "argv", ["scorekeeper", "serve"])
    assert main() == 0 and restarts == [1]


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="needs /proc")
def test_scorekeeper_serve_runs_on_malloc(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONMALLOC"}
    proc = subprocess.Popen([sys.executable, "-m", "scorekeeper.cli", "serve", "--port", "0",
                             "--db", str(tmp_path / "data")], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        environ = b""
        while b"PYTHONMALLOC=malloc" not in environ.split(b"\0"):
            assert proc.poll() is None and time.monotonic() < deadline, environ
            time.sleep(0.1)
            environ = Path(f"/proc/{proc.pid}/environ").read_bytes()
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
