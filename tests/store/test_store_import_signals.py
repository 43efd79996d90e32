"""``scorekeeper import`` under Ctrl-C and SIGTERM, in a real process: all or nothing
whatever the moment and however many signals, one line saying what was done, exit 130.

Each case freezes the command (SIGSTOP) at a moment it can be seen to have reached
(reading the file: it holds it open; writing games: its undo log has grown), sends the
signals, and lets it go on (SIGCONT); a second signal comes 0.1-0.5 s later, wherever
the command then is (undoing, or done). The verdict does not depend on the timing:
either every game of the file is stored and the line says so, or none is and the line
says "import stopped: nothing was imported".
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from store_helpers import assert_consistent

from scorekeeper import formats, rules
from scorekeeper.store import GameStore

GAMES = 600
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def export_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    games = []
    for i in range(GAMES):
        g = rules.Game.new([f"P{i}", "Bartek", "Celina", "Darek"], rules.Rules(target=10_000),
                           hands=[rules.Hand((3, 13, 10, 0)), rules.Hand((0, 6, 10, 10))])
        games.append({"id": f"sig{i:05d}", "created": "2026-01-02T03:04:05Z",
                      **formats.game_to_dict(g), "version": 3})
    path = tmp_path_factory.mktemp("signals") / "games.json"
    path.write_text(json.dumps({"games": games}))
    return path


def start(file: Path, folder: Path) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(REPO), *filter(None, [os.environ.get("PYTHONPATH")])])}
    return subprocess.Popen([sys.executable, "-m", "scorekeeper", "import", str(file),
                             "--db", str(folder)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)


def reading(proc: subprocess.Popen, file: Path, folder: Path) -> bool:
    """The command holds the file open (it reads and checks it)."""
    try:
        return any(os.readlink(f"/proc/{proc.pid}/fd/{fd}") == str(file)
                   for fd in os.listdir(f"/proc/{proc.pid}/fd"))
    except OSError:
        return False


def writing(proc: subprocess.Popen, file: Path, folder: Path) -> bool:
    """The command has written some games (its undo log names 20 of them)."""
    logs = list((folder / "imports").glob("*.undo")) if (folder / "imports").is_dir() else []
    try:
        return any(p.read_bytes().count(b"\n") >= 40 for p in logs)
    except OSError:
        return False


MOMENTS = {"reading": reading, "writing": writing}


def freeze_at(proc: subprocess.Popen, moment: str, file: Path, folder: Path) -> bool:
    """Wait for ``moment`` and freeze the command there; False if it ended first."""
    seen = MOMENTS[moment]
    while proc.poll() is None:
        if seen(proc, file, folder):
            os.kill(proc.pid, signal.SIGSTOP)
            return True
        time.sleep(0.001)
    return False


CASES = [
    ("reading", [signal.SIGINT], None),
    ("writing", [signal.SIGINT], None),
    ("writing", [signal.SIGTERM], None),
    ("writing", [signal.SIGINT], (signal.SIGINT, 0.1)),
    ("writing", [signal.SIGINT], (signal.SIGINT, 0.5)),
    ("writing", [signal.SIGINT, signal.SIGINT], (signal.SIGTERM, 0.3)),
]


@pytest.mark.parametrize(("moment", "first", "second"), CASES,
                         ids=[f"{m}-{len(f)}-{s[1] if s else 0}" for m, f, s in CASES])
def test_import_is_all_or_nothing_under_signals(tmp_path: Path, export_file: Path, moment: str,
                                                first: list, second: tuple | None) -> None:
    folder = tmp_path / "data"
    GameStore(folder)
    proc = start(export_file, folder)
    frozen = freeze_at(proc, moment, export_file, folder)
    assert frozen, f"the command ended before it was {moment}: {proc.communicate()}"
    for sig in first:
        os.kill(proc.pid, sig)
    os.kill(proc.pid, signal.SIGCONT)
    if second is not None:
        time.sleep(second[1])
        if proc.poll() is None:
            os.kill(proc.pid, second[0])
    out, err = proc.communicate(timeout=600)
    assert proc.returncode == 130, (proc.returncode, err)
    assert out == "" and err.count("\n") == 1, err  # one line, no traceback
    store = GameStore(folder)
    stored = {s.id for s in store.list_games()}
    if "import stopped: nothing was imported" in err:
        assert stored == set(), err
    else:  # the signal came only once every game was stored
        assert f"added {GAMES}, already stored 0; stopped only once every game was stored" in err
        assert stored == {f"sig{i:05d}" for i in range(GAMES)}
    assert store.recovery_notes == ()
    assert not list(folder.rglob("*.undo"))  # nothing left for the next open to undo
    assert_consistent(store)
    print(f"{moment}, {len(first)} signal(s) then {second}: {err.strip()}")
