"""A flag means the same wherever it stands: before the command's name, right after it or
after its file (``scorekeeper --db DIR import FILE`` imports into DIR). A flag that the
command does not take is refused in one line that names the command it goes with (exit
2), never dropped."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.cli import FLAGS, UsageError, main, parse_args
from scorekeeper.store import GameStore

# a command and its positional arguments; a value for each flag (not its default)
COMMANDS = {"serve": [], "replay": ["game.json"], "export": [], "import": ["game.json"],
            "build-web": ["site"]}
VALUES = {"host": ["--host", "0.0.0.0"], "lan": ["--lan"], "port": ["--port", "9000"],
          "db": ["--db", "dbX"], "json": ["--json"], "format": ["--format", "csv"],
          "output": ["-o", "out.csv"], "base": ["--base", "/hearts/"]}
PARSED = {"host": "0.0.0.0", "lan": True, "port": 9000, "db": "dbX", "json": True,
          "format": "csv", "output": "out.csv", "base": "/hearts/"}


def positions(command: str, flag: list[str]) -> dict[str, list[str]]:
    """The command line with ``flag`` before the command, after its name, at the end."""
    rest = COMMANDS[command]
    return {"before": [*flag, command, *rest], "after the name": [command, *flag, *rest],
            "at the end": [command, *rest, *flag]}


TAKEN = [(command, flag.dest) for flag in FLAGS for command in flag.commands]
NOT_TAKEN = [(command, flag.dest) for flag in FLAGS for command in COMMANDS
             if command not in flag.commands]


def test_every_command_is_covered() -> None:
    assert {command for command, _ in TAKEN} == set(COMMANDS)
    assert {flag.dest for flag in FLAGS} == set(VALUES)


@pytest.mark.parametrize("command, dest", TAKEN)
def test_a_flag_is_read_in_every_position(command: str, dest: str) -> None:
    for where, argv in positions(command, VALUES[dest]).items():
        args = parse_args(argv)
        assert args.command == command, (where, argv)
        assert getattr(args, dest) == PARSED[dest], (where, argv)
        for flag in FLAGS:  # the others keep their defaults
            if command in flag.commands and flag.dest != dest:
                assert getattr(args, flag.dest) == flag.default(), (where, flag.dest)


@pytest.mark.parametrize("command, dest", NOT_TAKEN)
def test_a_flag_of_another_command_is_refused_saying_where_it_goes(
        command: str, dest: str, capsys: pytest.CaptureFixture[str]) -> None:
    flag = next(f for f in FLAGS if f.dest == dest)
    for where, argv in positions(command, VALUES[dest]).items():
        with pytest.raises(UsageError) as e:
            parse_args(argv)
        message = str(e.value)
        assert f"not an option of {command}" in message, (where, message)
        assert f"scorekeeper {flag.commands[0]} {flag.names[-1]}" in message, message
        assert main(argv) == 2
        out, err = capsys.readouterr()
        assert out == "" and err == f"scorekeeper: {message}\n", (where, err)


def test_no_command_serves_with_the_flags_given() -> None:
    args = parse_args(["--port", "9000", "--lan", "--db", "dbX"])
    assert (args.command, args.port, args.lan, args.db, args.host) == (
        "serve", 9000, True, "dbX", "127.0.0.1")
    assert parse_args([]).port == 8550
    with pytest.raises(UsageError, match="--json is not an option of serve"):
        parse_args(["--json"])


def test_the_flag_after_the_name_wins_over_the_one_before() -> None:
    assert parse_args(["--db", "a", "import", "f", "--db", "b"]).db == "b"


def test_serve_gets_the_flags_given_before_it(monkeypatch: pytest.MonkeyPatch) -> None:
    import scorekeeper.app.server.serve as serve_module

    got: dict = {}
    monkeypatch.setattr(serve_module, "serve", lambda **kw: got.update(kw) or 0)
    assert main(["--port", "9000", "--lan", "--db", "dbX", "serve"]) == 0
    assert got == {"host": "127.0.0.1", "port": 9000, "db": "dbX", "lan": True}


def test_import_and_export_use_the_folder_named_before_the_command(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "game.json"
    game.write_text(json.dumps({"players": ["Ala", "Bartek", "Celina"],
                                "hands": [{"points": [3, 13, 10]}]}))
    db = tmp_path / "dbX"
    assert main(["--db", str(db), "import", str(game)]) == 0
    assert "added 1" in capsys.readouterr().err
    assert [s.players for s in GameStore(db).list_games()] == [("Ala", "Bartek", "Celina")]
    out = tmp_path / "out.csv"
    assert main(["--db", str(db), "--format", "csv", "-o", str(out), "export"]) == 0
    assert out.read_text().count("\n") == 4  # the header and a row per player
