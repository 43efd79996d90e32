"""The server stops on SIGTERM with status 0 and on Ctrl-C (SIGINT) with 130, each after
its line "Hearts Scorekeeper: stopped", whenever the signal comes: while it re-executes
itself, builds the app or starts listening, while it serves with phones connected (one
gone silent like a locked phone), when the shell started it with Ctrl-C ignored (a
background job), and when a second signal comes while it stops (the first decides).
Afterwards nothing listens on its port and no process of its session is left.

Each stage is held by ``stage_hook/sitecustomize.py`` (loaded through PYTHONPATH) until
the signal has been sent, so no verdict depends on timing: the test waits for conditions
(a file, an answer, the exit), never for a while. The bound on the exit is generous (60 s,
a busy machine); tests/benchmarks/bench_server.py prints the actual time (goal: 5 s)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HOOK = Path(__file__).resolve().parent / "stage_hook"
sys.path.insert(0, str(ROOT / "tests" / "benchmarks"))

from flet_client import open_session, websocket  # noqa: E402

STATUS = {signal.SIGTERM: 0, signal.SIGINT: 130}
BOTH = [signal.SIGTERM, signal.SIGINT]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``scorekeeper serve`` in its own session, held at ``stage`` if one is given."""

    def __init__(self, tmp_path: Path, stage: str | None = None,
                 ignore_sigint: bool = False) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = tmp_path / "server.log"
        self.stage = tmp_path / "stage"
        self.stage.mkdir()
        env = {k: v for k, v in os.environ.items() if k != "PYTHONMALLOC"}  # it re-executes
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(HOOK), env.get("PYTHONPATH")) if p)
        if stage is not None:
            env.update(SCOREKEEPER_TEST_STAGE=stage, SCOREKEEPER_TEST_STAGE_DIR=str(self.stage))
        with open(self.log, "wb") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "scorekeeper.cli", "serve", "--port", str(self.port),
                 "--db", str(tmp_path / "data")], cwd=ROOT, env=env, stdout=log,
                stderr=subprocess.STDOUT, start_new_session=True,
                preexec_fn=(lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
                if ignore_sigint else None)
        self.phones: list = []

    def wait_for(self, condition, what: str, timeout: float = 120) -> None:
        deadline = time.monotonic() + timeout
        while not condition():
            if self.proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"{what}: never (status {self.proc.poll()}):\n{self.output()}")
            time.sleep(0.05)

    def reached(self) -> None:
        self.wait_for((self.stage / "reached").exists, "the stage reached")

    def go(self) -> None:
        (self.stage / "go").touch()

    def answers(self) -> bool:
        try:
            urllib.request.urlopen(self.base + "/", timeout=5).close()
            return True
        except OSError:
            return False

    def with_phones(self) -> None:
        self.wait_for(self.answers, "an answer")
        self.phones.append(open_session(self.base))  # a phone on the home screen
        self.phones.append(open_session(self.base, "/history"))  # then silent, never replies
        self.phones.append(websocket(self.base))  # unregistered

    def send(self, sig: int) -> None:
        os.kill(self.proc.pid, sig)

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def stopped(self, status: int) -> None:
        """It exits with ``status`` after its "stopped" line, leaving nothing behind."""
        try:
            got = self.proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            pytest.fail("still running 60 s after the signal:\n" + self.output())
        out = self.output()
        assert got == status, out  # a normal exit with its status, not death by signal
        assert out.rstrip().endswith("Hearts Scorekeeper: stopped"), out
        assert "Traceback" not in out and "ERROR" not in out, out
        with socket.socket() as s:
            assert s.connect_ex(("127.0.0.1", self.port)) != 0, "still listening"
        with pytest.raises(ProcessLookupError):
            os.killpg(self.proc.pid, 0)  # no process of its session is left

    def close(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        for ws in self.phones:
            ws.socket.close()


@pytest.fixture
def server(tmp_path):
    made: list[Server] = []

    def start(**kwargs) -> Server:
        made.append(Server(tmp_path, **kwargs))
        return made[-1]

    yield start
    for s in made:
        s.close()


@pytest.mark.parametrize("sig", BOTH, ids=["SIGTERM", "SIGINT"])
@pytest.mark.parametrize("stage", ["exec", "store", "startup"])
def test_a_signal_while_it_starts(server, stage: str, sig: int) -> None:
    s = server(stage=stage)
    s.reached()
    s.send(sig)
    s.go()
    s.stopped(STATUS[sig])


@pytest.mark.parametrize("sig", BOTH, ids=["SIGTERM", "SIGINT"])
def test_stops_with_phones_connected(server, sig: int) -> None:
    s = server()
    s.with_phones()
    s.send(sig)
    s.stopped(STATUS[sig])


def test_ctrl_c_stops_it_with_130_when_its_shell_ignores_ctrl_c(server) -> None:
    """A background job of a shell script starts with SIGINT ignored: uvicorn stopped on
    it all the same, and the exit status was 0."""
    s = server(ignore_sigint=True)
    s.with_phones()
    s.send(signal.SIGINT)
    s.stopped(130)


SECOND = ([("shutdown", a, b) for a in BOTH for b in BOTH]
          + [("after", a, b) for a in BOTH for b in BOTH if a != b])


@pytest.mark.parametrize("stage, first, second", SECOND, ids=[
    f"{stage}-{signal.Signals(a).name}-then-{signal.Signals(b).name}" for stage, a, b in SECOND])
def test_a_second_signal_while_it_stops(server, stage: str, first: int, second: int) -> None:
    s = server(stage=stage)
    s.with_phones()
    s.send(first)
    s.reached()
    s.send(second)
    s.go()
    s.stopped(STATUS[first])
