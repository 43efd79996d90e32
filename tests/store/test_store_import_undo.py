"""An import's undo log: a killed import is undone at the next open, a running one is
left alone; Ctrl-C and SIGTERM are held back (and taken) only where the process leaves
them to Python."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from store_helpers import assert_consistent, hand, long_game

from scorekeeper import formats, rules
from scorekeeper.store import GameStore, StoreError, interrupts, undolog
from scorekeeper.store.importing import IMPORTS


def exported(n: int) -> list[dict]:
    """``n`` game files with ids, as an export holds them."""
    return [{"id": f"g{i}", "created": "2026-01-02T03:04:05Z", "version": 3,
             **formats.game_to_dict(rules.Game.new([f"Ala{i}", "Bartek", "Celina", "Darek"],
                                                   hands=[hand(0), hand(1)]))}
            for i in range(n)]


def killed_import(folder: Path, games: list[dict], after: int) -> None:
    """An import of ``games`` in a child process that dies (``os._exit``: no undo runs)
    once ``after`` games are written, its undo log left behind."""
    pid = os.fork()
    if pid == 0:  # the child never returns into pytest
        try:
            written = undolog.UndoLog.after
            count = [0]

            def dies(self: undolog.UndoLog, gid: str, key) -> None:  # type: ignore[no-untyped-def]
                written(self, gid, key)
                count[0] += 1
                if count[0] == after:
                    os._exit(9)

            undolog.UndoLog.after = dies  # type: ignore[method-assign]
            GameStore(folder).import_data({"games": games})
        finally:
            os._exit(1)
    _, status = os.waitpid(pid, 0)
    assert os.WEXITSTATUS(status) == 9


def test_a_killed_import_is_undone_at_the_next_open(folder: Path) -> None:
    store = GameStore(folder)
    kept = store.create_game(long_game())
    kept = store.add_hand(kept.id, hand(0), kept.version)
    killed_import(folder, exported(5), after=3)
    assert len(undolog.left(folder / IMPORTS)) == 1
    assert len(list((folder / "games").glob("g*.json"))) == 3
    again = GameStore(folder)
    assert [s.id for s in again.list_games()] == [kept.id]
    assert undolog.left(folder / IMPORTS) == []
    assert again.recovery_notes == ()
    assert_consistent(again)


def test_an_import_under_way_is_left_alone(folder: Path) -> None:
    """Another process's import holds its lock: an open does not undo it."""
    store = GameStore(folder)
    log = undolog.UndoLog(folder / IMPORTS, folder / "locks", durable=True)
    log.before("g0", None)  # the log exists, its lock held by this "other process"
    (folder / "games" / "g0.json").write_bytes(b"")  # being written
    GameStore(folder)
    assert log.path.exists() and (folder / "games" / "g0.json").exists()
    log.close()
    assert not log.path.exists()
    assert store.list_games() == []


def test_ctrl_c_in_a_command_waits_for_the_next_step() -> None:
    with interrupts.held() as stopped:
        assert not stopped()
        os.kill(os.getpid(), signal.SIGINT)  # waits, blocked
        assert stopped() and stopped()  # taken: no KeyboardInterrupt when the hold ends


OTHER_THREADS = """
import os, signal, threading
from scorekeeper.store import interrupts
done = threading.Event()
for _ in range(4):
    threading.Thread(target=done.wait, daemon=True).start()
with interrupts.held() as stopped:
    for _ in range(20):
        os.kill(os.getpid(), signal.SIGINT)
    print("stopped" if stopped() else "not stopped")
"""


def test_ctrl_c_waits_even_when_the_process_has_other_threads() -> None:
    """The kernel gives a process's signal to any thread that does not block it: a
    second thread (a library's worker, a leftover of an earlier test) must not let the
    Ctrl-C through as a KeyboardInterrupt in the middle of an import. (In a process of
    its own: a Ctrl-C let through there does not stop this test run.)"""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(Path(__file__).resolve().parents[2]), *filter(None, [os.environ.get("PYTHONPATH")])])}
    done = subprocess.run([sys.executable, "-c", OTHER_THREADS], capture_output=True,
                          text=True, env=env, timeout=120)
    assert (done.returncode, done.stdout) == (0, "stopped\n"), done.stderr[-500:]


AT_EXIT = """
import os, sys
from scorekeeper.store import interrupts


class Slow:  # its teardown holds the interpreter's shutdown until the test lets it go
    read = os.read

    def __del__(self):
        print("shutting down", flush=True)
        self.read(0, 1)


keep = Slow()
interrupts.hold_until_exit()
print("held", flush=True)
sys.exit(130)
"""


def test_a_ctrl_c_while_the_command_shuts_down_does_not_change_its_exit() -> None:
    """Python gives every signal with a Python handler its default action back as it
    shuts down, after the atexit calls: a Ctrl-C then killed ``scorekeeper import``
    (status -2) after it had said "nothing was imported" and chosen exit 130 (CI, a
    second Ctrl-C 0.1 s after the first). Here Ctrl-C comes while a finaliser holds the
    shutdown (past the atexit calls) until the test lets it go; the process still exits
    130. Nothing here depends on timing."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(Path(__file__).resolve().parents[2]), *filter(None, [os.environ.get("PYTHONPATH")])])}
    proc = subprocess.Popen([sys.executable, "-c", AT_EXIT], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None and proc.stdin is not None
    assert proc.stdout.readline() == "held\n"
    assert proc.stdout.readline() == "shutting down\n"  # past the atexit calls
    for _ in range(5):
        os.kill(proc.pid, signal.SIGINT)
    try:
        proc.stdin.write("\n")  # let the shutdown end
        proc.stdin.close()
    except BrokenPipeError:  # killed by a Ctrl-C already (the code before)
        pass
    proc.wait(timeout=120)
    err = proc.stderr.read() if proc.stderr else ""
    assert proc.returncode == 130, (proc.returncode, err[-500:])


def test_a_ctrl_c_not_yet_seen_comes_through_when_the_hold_ends() -> None:
    with pytest.raises(KeyboardInterrupt):
        with interrupts.held():
            os.kill(os.getpid(), signal.SIGINT)
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_process_with_its_own_handler_keeps_its_signals() -> None:
    got: list[int] = []
    before = signal.signal(signal.SIGINT, lambda signum, frame: got.append(signum))
    try:
        with interrupts.held() as stopped:
            os.kill(os.getpid(), signal.SIGINT)
            assert not stopped()
        assert got == [signal.SIGINT]  # the server's handler had it (see app.server.stopping)
    finally:
        signal.signal(signal.SIGINT, before)


def test_an_interrupted_import_undoes_what_it_wrote(folder: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    store = GameStore(folder)
    calls = [0]
    real = interrupts.held

    def held():  # type: ignore[no-untyped-def]
        ctx = real()
        stopped = ctx.__enter__()

        def after_three() -> bool:
            calls[0] += 1
            return calls[0] > 3 or stopped()
        return _Held(ctx, after_three)

    monkeypatch.setattr(interrupts, "held", held)
    with pytest.raises(StoreError) as e:
        store.import_data({"games": exported(5)})
    assert e.value.code == "interrupted"
    assert str(e.value) == ("the import was stopped; the 3 games already written were "
                            "removed again: nothing was imported")
    assert store.list_games() == [] and GameStore(folder).list_games() == []
    assert undolog.left(folder / IMPORTS) == []


class _Held:
    def __init__(self, ctx, stopped) -> None:  # type: ignore[no-untyped-def]
        self.ctx, self.stopped = ctx, stopped

    def __enter__(self):  # type: ignore[no-untyped-def]
        return self.stopped

    def __exit__(self, *exc):  # type: ignore[no-untyped-def]
        return self.ctx.__exit__(*exc)
