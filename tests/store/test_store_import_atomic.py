"""Imports are all or nothing; export leaves out a game it cannot read and says so; the
game files are TinyDB databases written through TinyDB's tables."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest
from store_helpers import FOUR, assert_consistent, file_state, hand, long_game, read_json
from tinydb import TinyDB

from scorekeeper import formats, rules
from scorekeeper.cli import main
from scorekeeper.store import GameStore, StoreError
from scorekeeper.store import storage as storage_module
from scorekeeper.store.storage import DurableStorage


def exported(n: int, hands: int = 3, tag: str = "") -> list[dict]:
    """``n`` game files with ids and change logs, as an export holds them."""
    games = []
    for i in range(n):
        game = rules.Game.new([f"{tag}Ala{i}", "Bartek", "Celina", "Darek"],
                              rules.Rules(target=10_000), hands=[hand(k) for k in range(hands)])
        games.append({"id": f"{tag}g{i}", "created": "2026-01-02T03:04:05Z",
                      **formats.game_to_dict(game), "version": hands + 1})
    return games


def test_a_bad_name_in_game_2_stores_nothing(folder: Path, tmp_path: Path, capsys) -> None:
    """The issue's case: a good game, then one whose name is a lone surrogate."""
    GameStore(folder)
    before = file_state(folder)
    games = exported(2)
    games[1]["players"][0] = "\ud800"
    path = tmp_path / "export.json"
    path.write_text(json.dumps({"games": games}))
    assert main(["import", str(path), "--db", str(folder)]) == 2
    err = capsys.readouterr().err
    assert "game 2: the name of player 1" in err and "nothing was imported" in err
    assert file_state(folder) == before


class FullDisk:
    """os.write fails with ENOSPC once ``after`` game files were written."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, folder: Path, after: int) -> None:
        self.left = after
        real = os.write

        def write(fd: int, data) -> int:  # type: ignore[no-untyped-def]
            try:
                target = os.readlink(f"/proc/self/fd/{fd}")
            except OSError:
                target = ""
            if str(folder / "tmp") in target and ".json." in target:
                if self.left <= 0:
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
                self.left -= 1
            return real(fd, data)

        monkeypatch.setattr(os, "write", write)


@pytest.mark.parametrize("count", [5, 40])  # one by one, and the bulk path
def test_full_disk_part_way_rolls_back_what_was_added(folder: Path, count: int,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    store = GameStore(folder)
    played = store.create_game(long_game())
    played = store.add_hand(played.id, hand(0), played.version)
    before = {s.id: s for s in store.list_games()}
    FullDisk(monkeypatch, folder, after=count - 2)
    with pytest.raises(StoreError) as e:
        store.import_data({"games": exported(count)})
    monkeypatch.undo()
    assert e.value.code == "disk_full"
    assert f"the {count - 2} games already written were removed again" in str(e.value)
    assert str(e.value).endswith("nothing was imported")
    for s in (store, GameStore(folder)):
        assert {x.id: x for x in s.list_games()} == before
        assert_consistent(s)
    assert sorted(p.name for p in (folder / "games").iterdir() if ".json" in p.name
                  and "bak" not in p.name) == [f"{played.id}.json"]


def test_full_disk_part_way_undoes_a_continued_game(folder: Path, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    phone = GameStore(tmp_path / "phone")
    sg = phone.create_game(long_game())
    sg = phone.add_hand(sg.id, hand(0), sg.version)
    laptop = GameStore(folder)
    laptop.import_data({"games": phone.export_games()})
    kept = laptop.get(sg.id)
    phone.add_hand(sg.id, hand(1), sg.version)  # played on after the first export
    FullDisk(monkeypatch, folder, after=1)
    with pytest.raises(StoreError) as e:
        laptop.import_data({"games": phone.export_games() + exported(2)})
    monkeypatch.undo()
    assert "nothing was imported" in str(e.value)
    assert laptop.get(sg.id) == kept and GameStore(folder).get(sg.id) == kept
    assert laptop.changes(sg.id) == GameStore(folder).changes(sg.id)
    assert [s.id for s in laptop.list_games()] == [sg.id]


def test_what_cannot_be_undone_is_named(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = GameStore(folder)
    FullDisk(monkeypatch, folder, after=2)
    real_unlink = os.unlink

    def unlink(path, *a, **kw):  # type: ignore[no-untyped-def]
        if str(path).endswith("g1.json"):
            raise OSError(errno.EROFS, "Read-only file system")
        return real_unlink(path, *a, **kw)

    monkeypatch.setattr(os, "unlink", unlink)
    with pytest.raises(StoreError) as e:
        store.import_data({"games": exported(4)})
    monkeypatch.undo()
    assert e.value.code == "import_partial" and e.value.params["stored"] == ("g1",)
    assert "1 games of the file stay stored and could not be undone: g1" in str(e.value)
    assert "nothing was" not in str(e.value)
    assert [s.id for s in GameStore(folder).list_games()] == ["g1"]


def test_cli_reports_a_partial_import_exactly(folder: Path, tmp_path: Path, capsys,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "e.json"
    path.write_text(json.dumps({"games": exported(3)}))
    GameStore(folder)
    FullDisk(monkeypatch, folder, after=1)
    assert main(["import", str(path), "--db", str(folder)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "disk is full" in err and "nothing was imported" in err
    monkeypatch.undo()
    assert GameStore(folder).list_games() == []


# --- export skips what it cannot read --------------------------------------------------


@pytest.mark.parametrize("damage", ["another game's id", "format 99", "a folder"])
def test_export_leaves_out_an_unreadable_game_and_says_so(folder: Path, damage: str,
                                                          capsys) -> None:
    store = GameStore(folder)
    good = [store.create_game(long_game()) for _ in range(2)]
    bad = store.create_game(rules.Game.new(["X", "Y", "Z"]))
    path = folder / "games" / f"{bad.id}.json"
    if damage == "another game's id":
        path.write_bytes((folder / "games" / f"{good[0].id}.json").read_bytes())
    elif damage == "format 99":
        data = read_json(path)
        data["meta"]["1"]["format"] = 99
        path.write_text(json.dumps(data))
    else:
        path.unlink()
        path.mkdir()
    again = GameStore(folder)
    again.take_recoveries()
    games = again.export_games()
    assert sorted(g["id"] for g in games) == sorted(g.id for g in good)
    assert again.export_skipped == (bad.id,)
    notes = again.take_recoveries()
    assert [n.kind for n in notes] == ["unreadable"] and bad.id in notes[0].message
    assert main(["export", "--db", str(folder)]) == 0
    out, err = capsys.readouterr()
    assert len(json.loads(out)["games"]) == 2
    assert f"game {bad.id} could not be read and was left out of the export" in err


# --- TinyDB -----------------------------------------------------------------------------


def test_a_game_file_is_a_tinydb_database(store: GameStore) -> None:
    sg = store.create_game(rules.Game.new(FOUR))
    sg = store.add_hand(sg.id, hand(0), sg.version)
    sg = store.replace_hand(sg.id, 0, hand(1), sg.version)
    path = store.path / "games" / f"{sg.id}.json"
    db = TinyDB(path, storage=DurableStorage)
    assert db.tables() == {"meta", "game", "changes"}
    assert db.table("game").get(doc_id=1)["version"] == sg.version == 3
    assert [c["action"] for c in db.table("changes").all()] == ["add", "edit"]
    assert [c.doc_id for c in db.table("changes").all()] == [1, 2]


def test_writes_go_through_tinydb_tables(store: GameStore,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Adding a hand updates the game document and inserts one change-log entry through
    TinyDB's Table API, in one durable write."""
    from tinydb.table import Table

    calls: list[tuple[str, str]] = []
    for name in ("insert", "insert_multiple", "update"):
        real = getattr(Table, name)

        def spy(self, *a, _real=real, _name=name, **kw):  # type: ignore[no-untyped-def]
            calls.append((self.name, _name))
            return _real(self, *a, **kw)
        monkeypatch.setattr(Table, name, spy)
    commits = []
    real_commit = DurableStorage.commit
    monkeypatch.setattr(DurableStorage, "commit",
                        lambda self, payload: (commits.append(1), real_commit(self, payload)))
    sg = store.create_game(long_game())
    assert calls == [("meta", "insert"), ("game", "insert"), ("changes", "insert_multiple")]
    calls.clear()
    store.add_hand(sg.id, hand(0), sg.version)
    assert calls == [("game", "update"), ("changes", "insert")]
    assert len(commits) == 2  # one durable write per change


def test_store_imports_and_locks_without_fcntl(folder: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows has no fcntl: the lock falls back to portalocker (here on Linux, the same
    code path), and the store module imports without fcntl at all."""
    import subprocess
    import sys

    code = ("import sys; sys.modules['fcntl'] = None\n"
            "import scorekeeper.store.storage as s, scorekeeper.store, scorekeeper.cli\n"
            "assert s.fcntl is None\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    monkeypatch.setattr(storage_module, "fcntl", None)
    store = GameStore(folder)
    sg = store.create_game(long_game())
    store.add_hand(sg.id, hand(0), sg.version)
    assert GameStore(folder).get(sg.id).version == 2
