"""A refused import leaves no trace: the file is read and every game checked before the
data folder is opened, so a new ``--db`` folder is not even created, and an existing
one is left byte for byte as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.store import GameStore

GAME = {"players": ["Ala", "Bartek", "Celina"], "hands": [{"points": [3, 13, 10]}]}

REFUSED = {  # file name -> its bytes
    "not-json.json": b'{"players": [',
    "typo.json": json.dumps({**GAME, "first_deler": "Ala"}).encode(),
    "rules.json": json.dumps({**GAME, "hands": [{"points": [1, 2, 3]}]}).encode(),
    "too-many-hands.json": json.dumps({**GAME, "hands": [{"points": [0, 0, 26]}] * 1001,
                                       "rules": {"target": 10**9}}).encode(),
    "second-game-bad.json": json.dumps([GAME, {**GAME, "hands": [{"points": [9]}]}]).encode(),
    "latin1.json": '{"players": ["Żaneta"]}'.encode("utf-16"),
    "sheet.csv": b"hand,player,points\n1,Ala,3\n1,Bartek,13\n1,Celina,11\n",
    "no-columns.csv": b"a,b\n1,2\n",
    "hand-1001.csv": b"hand,player,points\n1001,Ala,3\n",
}


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_refused_import_creates_no_folder(tmp_path: Path, capsys, name: str) -> None:
    path = tmp_path / name
    path.write_bytes(REFUSED[name])
    db = tmp_path / "new" / "db"
    for argv in (["import", str(path), "--db", str(db)], ["--db", str(db), "import", str(path)]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"scorekeeper: {path}: ") and err.count("\n") == 1, err
        assert not (tmp_path / "new").exists(), err


def test_a_missing_file_creates_no_folder(tmp_path: Path, capsys) -> None:
    assert main(["import", str(tmp_path / "nope.json"), "--db", str(tmp_path / "db")]) == 2
    assert "no such file" in capsys.readouterr().err and not (tmp_path / "db").exists()


def test_a_refused_import_leaves_a_folder_as_it_was(tmp_path: Path, capsys) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(GAME))
    db = tmp_path / "db"
    assert main(["import", str(good), "--db", str(db)]) == 0
    before = snapshot(db)
    for name, raw in REFUSED.items():
        path = tmp_path / name
        path.write_bytes(raw)
        assert main(["import", str(path), "--db", str(db)]) == 2, name
        assert snapshot(db) == before, name
    capsys.readouterr()
    assert len(GameStore(db).list_games()) == 1
