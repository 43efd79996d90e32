"""A polite command line: a reader that stops reading (``scorekeeper replay FILE --json |
head -c 300``) ends every printing command quietly, with status 0 and no traceback; and
``scorekeeper --version`` says the version."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import scorekeeper
from scorekeeper.cli import main

GAME = {
    "players": ["Ala", "Bartek", "Celina", "Darek"],
    "rules": {"variant": "standard", "target": 100},
    "hands": [{"points": [3, 13, 10, 0]}, {"points": [0, 26, 0, 0]}]
    + [{"points": [1, 2, 10, 13]}] * 5,  # Darek on 91: not over
}


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("pipe")
    game = folder / "game.json"
    game.write_text(json.dumps(GAME), encoding="utf-8")
    db = folder / "db"
    assert main(["import", str(game), "--db", str(db)]) == 0  # one stored game to export
    return {"game": str(game), "db": str(db)}


def _commands(files: dict[str, str]) -> dict[str, list[str]]:
    return {
        "replay --json": ["replay", files["game"], "--json"],
        "replay": ["replay", files["game"]],
        "export json": ["export", "--db", files["db"]],
        "export csv": ["export", "--db", files["db"], "--format", "csv"],
        "--help": ["--help"],
        "replay --help": ["replay", "--help"],
        "--version": ["--version"],
    }


def _run_into_closed_pipe(args: list[str]) -> subprocess.CompletedProcess:
    """Stdout is a pipe whose reading end is already closed: the first write fails with
    EPIPE every time, as it does for ``| head`` once head has read enough."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return subprocess.run([sys.executable, "-m", "scorekeeper", *args], stdout=write_end,
                              stderr=subprocess.PIPE, text=True, timeout=120)
    finally:
        os.close(write_end)


@pytest.mark.parametrize("name", list(_commands({"game": "", "db": ""})))
def test_a_closed_pipe_ends_the_command_quietly(files, name: str) -> None:
    args = _commands(files)[name]
    proc = _run_into_closed_pipe(args)
    assert proc.stderr == "", proc.stderr  # no traceback, no "Exception ignored"
    assert proc.returncode == 0


def test_head_of_the_json_replay_in_a_shell(files) -> None:
    """The issue's own command line: whether head closes before or after the write, the
    pipeline's every part ends with 0 and nothing is on stderr."""
    script = (f'set -o pipefail; "{sys.executable}" -m scorekeeper replay '
              f'"{files["game"]}" --json | head -c 300')
    proc = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    assert proc.stdout.startswith("{") and len(proc.stdout.encode()) == 300


def test_an_error_still_exits_2_with_one_line(tmp_path) -> None:
    proc = _run_into_closed_pipe(["replay", str(tmp_path / "missing.json")])
    assert proc.returncode == 2
    assert proc.stderr.startswith("scorekeeper: ") and proc.stderr.count("\n") == 1


class _ClosedPipe(io.StringIO):
    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    def flush(self) -> None:
        raise BrokenPipeError(32, "Broken pipe")


def test_build_web_into_a_closed_pipe_returns_0(monkeypatch, tmp_path) -> None:
    """build-web prints what it built; the build itself is not the point here."""
    import scorekeeper.web.build as build

    monkeypatch.setattr(build, "build_site", lambda folder, base_href: Path(folder))
    monkeypatch.setattr(build, "describe", lambda site: f"built {site}")
    monkeypatch.setattr(sys, "stdout", _ClosedPipe())
    assert main(["build-web", str(tmp_path / "site")]) == 0


def test_version(capsys) -> None:
    with pytest.raises(SystemExit) as ended:
        main(["--version"])
    assert ended.value.code == 0
    assert capsys.readouterr().out == f"scorekeeper {scorekeeper.__version__}\n"
