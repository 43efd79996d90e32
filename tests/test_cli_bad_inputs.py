"""Bad inputs to the command, run as a user runs it: a child process of
``python -m scorekeeper``. Each is refused with exit status 2 and one line on stderr
(``scorekeeper: ...``, never a traceback), and nothing is written: a data folder named
with ``--db`` is not created, one that exists is left byte for byte as it was, and the
app's own data folder (``FLET_APP_STORAGE_DATA`` here) is never made."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAME = {"players": ["Ala", "Bartek", "Celina"], "hands": [{"points": [3, 13, 10]}]}
ENTRY = {"at": "2026-01-01T00:00:00Z", "action": "add", "hand": 1, "old": None,
         "new": [3, 13, 10]}


def run(tmp_path: Path, *args: str, stdout: object = subprocess.PIPE,
        stdin: object = subprocess.DEVNULL, wrap: tuple[str, ...] = (),
        ) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "FLET_APP_STORAGE_DATA":
           str(tmp_path / "app-data"), "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([*wrap, sys.executable, "-m", "scorekeeper", *args], cwd=tmp_path,
                          env=env, stdout=stdout, stdin=stdin, stderr=subprocess.PIPE,
                          text=True, timeout=300)


def one_line(proc: subprocess.CompletedProcess[str], *words: str) -> str:
    """The one line of a refusal (exit 2), which says each of ``words``."""
    err = proc.stderr
    assert proc.returncode == 2, (proc.returncode, err[-2000:])
    assert err.startswith("scorekeeper: ") and err.count("\n") == 1, err[-2000:]
    assert "Traceback" not in err and "Error:" not in err, err
    for word in words:
        assert word in err, (word, err)
    return err


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


@pytest.fixture
def stored(tmp_path: Path) -> Path:
    """A data folder holding one game."""
    path = tmp_path / "g.json"
    path.write_text(json.dumps(GAME))
    proc = run(tmp_path, "import", str(path), "--db", str(tmp_path / "db"))
    assert proc.returncode == 0, proc.stderr
    return tmp_path / "db"


def refused_import(tmp_path: Path, stored: Path, name: str, text: str | bytes,
                   *words: str) -> str:
    """``import`` of the file refused, into a new folder (not created) and into
    ``stored`` (left as it was)."""
    path = tmp_path / name
    if isinstance(text, str):
        path.write_text(text, encoding="utf-8")
    else:
        path.write_bytes(text)
    before = snapshot(stored)
    err = one_line(run(tmp_path, "import", str(path), "--db", str(tmp_path / "new")), *words)
    assert not (tmp_path / "new").exists()
    one_line(run(tmp_path, "import", str(path), "--db", str(stored)), *words)
    assert snapshot(stored) == before
    assert not (tmp_path / "app-data").exists()
    return err


@pytest.mark.parametrize("port", ["99999", "-1", "65536"])
def test_a_port_out_of_range(tmp_path: Path, port: str) -> None:
    one_line(run(tmp_path, "serve", "--port", port, "--db", str(tmp_path / "db")),
             f"--port {port}", "0 to 65535")
    assert not (tmp_path / "db").exists()


def test_an_output_that_cannot_be_written(tmp_path: Path, stored: Path) -> None:
    game = tmp_path / "game.json"
    game.write_text(json.dumps(GAME))
    with open("/dev/full", "w") as full:
        for args in (["replay", str(game)], ["replay", str(game), "--json"],
                     ["export", "--db", str(stored)]):
            one_line(run(tmp_path, *args, stdout=full), "cannot write the output",
                     "No space left on device")
    # standard output closed (``>&-``): said, not a traceback
    proc = subprocess.run(["bash", "-c", f'"{sys.executable}" -m scorekeeper replay '
                           f'"{game}" >&-'], cwd=tmp_path, capture_output=True, text=True,
                          timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT)})
    one_line(proc, "standard output is closed")


@pytest.mark.parametrize("db", ["", "  "])
def test_an_empty_folder_name(tmp_path: Path, db: str) -> None:
    game = tmp_path / "game.json"
    game.write_text(json.dumps(GAME))
    for args in (["import", str(game), "--db", db], ["--db", db, "export"],
                 ["serve", "--db", db]):
        one_line(run(tmp_path, *args), "--db", "empty")
    assert not (tmp_path / "app-data").exists()  # the app's own folder untouched


@pytest.mark.parametrize("head, words", [
    ("hand,player,points,targt", ("unknown column 'targt'", "did you mean 'target'?")),
    ("hand,player,points,colour", ("unknown column 'colour'", "the export's columns")),
    ("hand,player,points,points", ("the column 'points' is there twice",)),
    ("Hand;Player;Points;Target;Varient", ("unknown column 'varient'",
                                           "did you mean 'variant'?")),
])
def test_a_csv_column_not_known_or_twice(tmp_path: Path, stored: Path, head: str,
                                         words: tuple[str, ...]) -> None:
    sep = ";" if ";" in head else ","
    rows = [head] + [sep.join([*row, "50"]) for row in
                     (["1", "Ala", "3"], ["1", "Bartek", "13"], ["1", "Celina", "10"])]
    refused_import(tmp_path, stored, "sheet.csv", "\n".join(rows) + "\n", "line 1", *words)


def test_an_unknown_key_in_a_change_log_entry(tmp_path: Path, stored: Path) -> None:
    export = {"kind": "scorekeeper-export", "version": 3, "exported": "2026-01-01T00:00:00Z",
              "games": [dict(GAME, id="g1", changes=[dict(ENTRY, colour="red")])]}
    refused_import(tmp_path, stored, "export.json", json.dumps(export),
                   "unknown key 'colour' in change log entry 1")
    listed = [GAME, dict(GAME, id="g2", changes=[dict(ENTRY, hnad=1)])]
    refused_import(tmp_path, stored, "list.json", json.dumps(listed), "game 2",
                   "unknown key 'hnad' in change log entry 1", "did you mean 'hand'?")


@pytest.mark.parametrize("text, key", [
    ('{"players": ["Ala", "Bartek", "Celina"], "players": ["A", "B", "C"], "hands": []}',
     "players"),
    ('{"players": ["Ala", "Bartek", "Celina"], "rules": {"target": 50, "target": 100}}',
     "target"),
    ('[{"players": ["Ala", "Bartek", "Celina"], "hands": [{"points": [3, 13, 10], '
     '"points": [0, 0, 26]}]}]', "points"),
])
def test_a_key_twice(tmp_path: Path, stored: Path, text: str, key: str) -> None:
    refused_import(tmp_path, stored, "twice.json", text, f"the key {key!r} is there twice")
    path = tmp_path / "twice.json"
    if text.startswith("{"):
        one_line(run(tmp_path, "replay", str(path)), f"the key {key!r} is there twice")


def test_a_csv_of_one_long_line(tmp_path: Path, stored: Path) -> None:
    line = "hand,player,points," + "x," * 16_000_000  # 32 MB, no line end
    refused_import(tmp_path, stored, "line.csv", line, "line 1 is longer than 65,536")
    # and a long line after good ones, from standard input
    path = tmp_path / "late.csv"
    path.write_text("hand,player,points\n1,Ala,3\n" + "9" * 200_000 + "\n")
    with path.open("rb") as f:
        one_line(run(tmp_path, "import", "-", "--db", str(tmp_path / "new"), stdin=f),
                 "line 3 is longer than")
    assert not (tmp_path / "new").exists()


def test_a_big_list_of_numbers(tmp_path: Path, stored: Path) -> None:
    text = "[" + "1," * 25_000_000 + "1]"  # 50 MB
    refused_import(tmp_path, stored, "numbers.json", text, "game 1 is not an object")
    refused_import(tmp_path, stored, "later.json",
                   "[" + json.dumps(GAME) + ", " + '"x", ' * 1_000_000 + "1]",
                   "game 2 is not an object")


def test_374000_games_the_last_one_bad(tmp_path: Path, stored: Path) -> None:
    one = json.dumps(GAME)
    text = "[" + (one + ",\n") * 373_999 + '{"players": ["Ala"]}]'  # about 27 MB
    refused_import(tmp_path, stored, "games.json", text, "more than 10,000 games")
    export = ('{"kind": "scorekeeper-export", "version": 3, "games": ['
              + (one + ",") * 20_000 + one + "]}")
    refused_import(tmp_path, stored, "export.json", export, "more than 10,000 games")
    rows = "".join(f"g{n},1,{name},{p}\n" for n in range(10_001)
                   for name, p in (("Ala", 3), ("Bartek", 13), ("Celina", 10)))
    refused_import(tmp_path, stored, "games.csv", "game_id,hand,player,points\n" + rows,
                   "more than 10,000 games")


def test_devices_and_pipes_are_refused_at_once(tmp_path: Path, stored: Path) -> None:
    for device in ("/dev/zero", "/dev/urandom"):
        for command in ("import", "replay"):
            args = [command, device] + (["--db", str(tmp_path / "new")]
                                        if command == "import" else [])
            one_line(run(tmp_path, *args), device, "not a regular file")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)  # nobody writes to it: opening it would wait for ever
    one_line(run(tmp_path, "import", str(fifo), "--db", str(tmp_path / "new")),
             "not a regular file")
    with open("/dev/zero", "rb") as zero:  # endless standard input: refused at a limit
        one_line(run(tmp_path, "import", "-", "--db", str(tmp_path / "new"), stdin=zero),
                 "line 1 is longer than")
    with open("/dev/zero", "rb") as zero:
        one_line(run(tmp_path, "replay", "-", stdin=zero), "longer than 1,000,000")
    assert not (tmp_path / "new").exists()


def test_lan_and_host_contradict(tmp_path: Path) -> None:
    for args in (["serve", "--lan", "--host", "127.0.0.1"], ["--host", "::1", "--lan"]):
        one_line(run(tmp_path, *args, "--db", str(tmp_path / "db")), "--lan", "--host",
                 "contradict")
    assert not (tmp_path / "db").exists()


def test_export_from_a_folder_that_is_not_there(tmp_path: Path) -> None:
    typo = tmp_path / "typo"
    for args in (["export", "--db", str(typo)], ["--db", str(typo), "export", "--format",
                                                 "csv", "-o", str(tmp_path / "out.csv")]):
        one_line(run(tmp_path, *args), f"no data folder at {typo}")
    assert not typo.exists() and not (tmp_path / "out.csv").exists()


def _without_reading_rights() -> tuple[str, ...]:
    """A prefix that runs the command without root's power to read any folder."""
    if os.geteuid() != 0:
        return ()
    setpriv = shutil.which("setpriv")
    assert setpriv, "running as root, this test needs setpriv (util-linux) to drop it"
    return (setpriv, "--inh-caps=-all", "--bounding-set=-dac_override,-dac_read_search")


def test_a_folder_that_cannot_be_read(tmp_path: Path, stored: Path) -> None:
    game = tmp_path / "game.json"
    game.write_text(json.dumps(GAME))
    stored.chmod(0)
    try:
        for args in (["export", "--db", str(stored)],
                     ["import", str(game), "--db", str(stored)]):
            err = one_line(run(tmp_path, *args, wrap=_without_reading_rights()),
                           f"cannot read the data folder {stored}")
            assert "read-only" not in err
    finally:
        stored.chmod(0o755)


def test_csv_points_of_30_digits(tmp_path: Path, stored: Path) -> None:
    sheet = "hand,player,points\n1,Ala," + "3" * 30 + "\n1,Bartek,13\n1,Celina,10\n"
    refused_import(tmp_path, stored, "sheet.csv", sheet, "line 2: points", "has 30 digits")


def test_a_csv_export_imported_back_into_its_folder(tmp_path: Path) -> None:
    """Every rule a game has goes into the CSV (the queen of spades breaking hearts
    too): imported back, the game is the one stored, not "stored with other hands".
    What a CSV cannot hold (a game with no hands yet) the export says it leaves out."""
    games = [dict(GAME, rules={"queen_breaks_hearts": True}),
             dict(GAME, rules={"queen_breaks_hearts": True, "moon": "shooter_choice",
                               "target": 50, "tie": "share"}),
             dict(GAME, players=["Ala", "Bartek", "Celina", "Darek"],
                  hands=[{"points": [3, 13, 10, 0]}]),
             dict(GAME, players=["Ewa", "Filip", "Gosia"], hands=[])]
    path = tmp_path / "games.json"
    path.write_text(json.dumps(games))
    db, out = tmp_path / "db", tmp_path / "games.csv"
    assert run(tmp_path, "import", str(path), "--db", str(db)).returncode == 0
    proc = run(tmp_path, "export", "--db", str(db), "--format", "csv", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    assert ("scorekeeper: the CSV leaves out 1 game with no hands yet; the JSON export "
            "(--format json) keeps everything\n") in proc.stderr
    assert "queen_breaks_hearts" in out.read_text().splitlines()[0]
    before = snapshot(db)
    proc = run(tmp_path, "import", str(out), "--db", str(db))
    assert proc.returncode == 0 and "stored with other hands" not in proc.stderr, proc.stderr
    assert "added 0, already stored 3" in proc.stderr
    assert snapshot(db) == before


def test_kierki_files_are_read_within_the_same_bounds(tmp_path: Path, stored: Path) -> None:
    """A Kierki sheet and a Kierki game file go through the same reading: a column the
    sheet does not know, a line too long, a deal after the 1,000th, a key twice."""
    head = "deal,contract,player_1,taken_1,player_2,taken_2,player_3,taken_3"
    row = "1,no_tricks,Ala,5,Bartek,6,Celina,6"
    refused_import(tmp_path, stored, "k1.csv", head.replace("contract", "contarct") + "\n"
                   + row + "\n", "unknown column 'contarct'", "did you mean 'contract'?")
    refused_import(tmp_path, stored, "k2.csv", head + "\n" + row + "\n" + "x" * 70_000 + "\n",
                   "line 3 is longer than 65,536")
    refused_import(tmp_path, stored, "k3.csv", head + "\n" + row.replace("1,", "1001,", 1)
                   + "\n", "deal 1,001", "at most 1,000")
    deal = '{"contract": "no_tricks", "taken": [5, 6, 6]}'
    kierki = ('{"players": ["Ala", "Bartek", "Celina"], "rules": {"variant": "kierki"}, '
              '"hands": [' + ", ".join([deal] * 1001) + "]}")
    refused_import(tmp_path, stored, "k.json", kierki, "more than 1,000 hands")
    refused_import(tmp_path, stored, "k2.json", kierki.replace(
        '"contract": "no_tricks"', '"contract": "no_tricks", "contract": "no_hearts"', 1),
        "the key 'contract' is there twice")
