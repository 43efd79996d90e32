"""``scorekeeper export`` / ``import`` and the store's export_games / import_data."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from store_helpers import FOUR, file_state, hand, long_game

from scorekeeper import formats, rules
from scorekeeper.cli import main
from scorekeeper.store import GameStore, ImportResult, StoreError

ROOT = Path(__file__).resolve().parents[2]


def filled(store: GameStore) -> list[str]:
    """A few games of every kind: moons, shooter's choice, Cancellation, edits, a deleted one."""
    ids = []
    sg = store.create_game(rules.Game.new(FOUR, rules.Rules(target=60, moon="shooter_choice"),
                                          first_dealer="Celina"))
    for h in [rules.Hand((3, 13, 10, 0)), rules.Hand((0, 26, 0, 0), "subtract_from_self"),
              rules.Hand((20, 0, 6, 0)), rules.Hand((26, 0, 0, 0), "add_to_others")]:
        sg = store.add_hand(sg.id, h, sg.version)
    sg = store.replace_hand(sg.id, 2, rules.Hand((6, 0, 20, 0)), sg.version)
    ids.append(sg.id)
    six = ["Ala", "Bartek", "Celina", "Darek", "Ewa", "Jurgis"]
    sg = store.create_game(rules.Game.new(six, rules.Rules.for_variant("cancellation")))
    for points in [(10, 10, 10, 10, 10, 0), (0, 0, 0, 0, 0, 52), (13, 13, 0, 0, 0, 26)]:
        sg = store.add_hand(sg.id, rules.Hand(points), sg.version)
    sg = store.remove_hand(sg.id, 1, sg.version)  # deleted, then undone
    sg = store.insert_hand(sg.id, 1, rules.Hand((0, 0, 0, 0, 0, 52)), sg.version)
    ids.append(sg.id)
    sg = store.create_game(rules.Game.new(["Ąžuolas", "Łucja", "Ona"]))
    ids.append(sg.id)
    gone = store.create_game(long_game())
    store.delete_game(gone.id)
    return ids


def without_time(doc: dict) -> dict:
    return {k: v for k, v in doc.items() if k != "exported"}


def test_export_holds_replayable_games_with_ids_dates_and_log(store: GameStore,
                                                               tmp_path: Path) -> None:
    ids = filled(store)
    games = store.export_games()
    assert [g["id"] for g in games] == ids  # oldest first; the deleted game is left out
    for g in games:
        sg = store.get(g["id"])
        assert (g["created"], g["updated"], g["version"]) == (sg.created, sg.updated, sg.version)
        assert formats.game_from_dict(g) == sg.game
        assert len(g["changes"]) == len(store.changes(g["id"]))
        path = tmp_path / f"{g['id']}.json"
        path.write_text(json.dumps(g, ensure_ascii=False), encoding="utf-8")
        assert main(["replay", str(path), "--json"]) == 0


def test_round_trip_export_import_export(folder: Path, tmp_path: Path) -> None:
    filled(GameStore(folder))
    first = tmp_path / "first.json"
    assert main(["export", "--db", str(folder), "-o", str(first)]) == 0
    other = tmp_path / "other"
    assert main(["import", str(first), "--db", str(other)]) == 0
    second = tmp_path / "second.json"
    assert main(["export", "--db", str(other), "-o", str(second)]) == 0
    a, b = json.loads(first.read_text()), json.loads(second.read_text())
    assert a["kind"] == "scorekeeper-export" and len(a["games"]) == 3
    assert without_time(a) == without_time(b)
    # the imported store holds the same history list
    rows = lambda f: [(r.id, r.created, r.updated, r.version, r.totals, r.winner)  # noqa: E731
                      for r in GameStore(f).list_games()]
    assert rows(folder)[:] == rows(other)


def test_an_inserted_hand_travels_in_the_change_log(folder: Path, tmp_path: Path) -> None:
    store = GameStore(folder)
    gid = filled(store)[1]
    doc = formats.export_document(store.export_games(), "2026-01-02T03:04:05.000000Z")
    assert doc["version"] == 3  # Hearts games only: the version before Kierki reads it
    log = next(g for g in doc["games"] if g["id"] == gid)["changes"]
    assert [(e["action"], e["hand"]) for e in log[-2:]] == [("remove", 2), ("insert", 2)]
    other = GameStore(tmp_path / "other")
    assert other.import_data(doc) == ImportResult(3, 0)
    assert other.changes(gid) == store.changes(gid) and other.get(gid).game == store.get(gid).game
    # an export of the version before (1, no "insert" in it) is read as it is
    old = {**doc, "version": 1, "games": [g for g in doc["games"] if g["id"] != gid]}
    assert GameStore(tmp_path / "third").import_data(old) == ImportResult(2, 0)


def test_importing_the_same_export_twice_adds_nothing(folder: Path, tmp_path: Path) -> None:
    src = GameStore(tmp_path / "src")
    filled(src)
    data = {"games": src.export_games()}
    store = GameStore(folder)
    assert store.import_data(data) == ImportResult(added=3, skipped=0)
    before = file_state(folder)
    assert store.import_data(data) == ImportResult(added=0, skipped=3)
    assert file_state(folder) == before


def test_plain_game_file_imports_once(folder: Path, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps({
        "players": ["Ala", "Bartek", "Celina", "Darek"],
        "rules": {"variant": "standard", "target": 100, "moon": "shooter_choice"},
        "first_dealer": "Ala",
        "hands": [{"points": [3, 13, 10, 0]},
                  {"points": [0, 26, 0, 0], "moon_choice": "add_to_others"}],
    }))
    assert main(["import", str(path), "--db", str(folder)]) == 0
    assert main(["import", str(path), "--db", str(folder)]) == 0
    err = capsys.readouterr().err
    assert "added 1" in err and "added 0, already stored 1" in err
    rows = GameStore(folder).list_games()
    assert len(rows) == 1 and rows[0].totals == (29, 13, 36, 26)


def test_list_of_game_files(store: GameStore) -> None:
    games = [formats.game_to_dict(rules.Game.new(["A", "B", "C"], hands=[rules.Hand((n, 26 - n, 0))]))
             for n in range(1, 4)]
    assert store.import_data(games) == ImportResult(added=3, skipped=0)
    assert store.import_data(games[1:]) == ImportResult(added=0, skipped=2)


def test_import_continues_a_game_played_on_after_the_export(tmp_path: Path) -> None:
    phone, laptop = GameStore(tmp_path / "phone"), GameStore(tmp_path / "laptop")
    sg = phone.add_hand(phone.create_game(long_game()).id, hand(0), 1)
    laptop.import_data({"games": phone.export_games()})
    phone.add_hand(sg.id, hand(1), sg.version)
    assert laptop.import_data({"games": phone.export_games()}) == ImportResult(0, 0, updated=1)
    assert laptop.get(sg.id).game == phone.get(sg.id).game
    assert len(laptop.changes(sg.id)) == 2


def test_import_keeps_a_game_stored_differently(tmp_path: Path) -> None:
    phone, laptop = GameStore(tmp_path / "phone"), GameStore(tmp_path / "laptop")
    sg = phone.add_hand(phone.create_game(long_game()).id, hand(0), 1)
    laptop.import_data({"games": phone.export_games()})
    phone.replace_hand(sg.id, 0, hand(1), sg.version)  # edited on the phone
    kept = laptop.get(sg.id)
    laptop.add_hand(sg.id, hand(2), kept.version)  # and played on on the laptop
    result = laptop.import_data({"games": phone.export_games()})
    assert result == ImportResult(0, 0, 0, conflicts=(sg.id,))
    assert laptop.get(sg.id).game.hands == (hand(0), hand(2))


BAD = {
    "not json": (b'{"games": [', "not valid JSON"),
    "not a game": (b'"hello"', "neither a game nor an export"),
    "rules broken in game 2": (None, "game 2: hand 1: the points add up to 25"),
    "bad id": (b'{"players": ["A", "B", "C"], "id": "../x"}', "id '../x' is not valid"),
    "two games one id": (None, "game 2 has the same id as game 1"),
    "bad date": (b'{"players": ["A", "B", "C"], "created": "yesterday"}', "not an ISO 8601 date"),
    "bad log": (b'{"players": ["A", "B", "C"], "changes": [{"action": "steal"}]}',
                "change log entry 1 is not valid"),
    "newer export": (b'{"kind": "scorekeeper-export", "version": 99, "games": []}',
                     "format 99"),
}


@pytest.mark.parametrize("kind", sorted(BAD))
def test_bad_file_changes_nothing_and_names_the_problem(
        folder: Path, tmp_path: Path, kind: str, capsys: pytest.CaptureFixture[str]) -> None:
    filled(GameStore(folder))
    raw, message = BAD[kind]
    good = formats.game_to_dict(long_game())
    if kind == "rules broken in game 2":
        broken = {**good, "hands": [{"points": [3, 13, 9, 0]}]}
        raw = json.dumps({"games": [good, broken, good]}).encode()
    elif kind == "two games one id":
        raw = json.dumps([{**good, "id": "same"}, {**good, "id": "same"}]).encode()
    path = tmp_path / "bad.json"
    path.write_bytes(raw)
    before = file_state(folder)
    assert main(["import", str(path), "--db", str(folder)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("scorekeeper: ") and message in err, err
    assert "Traceback" not in err
    assert file_state(folder) == before


def test_import_data_raises_store_error(store: GameStore) -> None:
    with pytest.raises(StoreError) as e:
        store.import_data({"games": "nope"})
    assert e.value.code == "import_invalid"


def test_csv_export_one_row_per_hand_and_player(store: GameStore, tmp_path: Path) -> None:
    ids = filled(store)
    out = tmp_path / "games.csv"
    assert main(["export", "--db", str(store.path), "--format", "csv", "-o", str(out)]) == 0
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    expected = sum(len(store.get(i).game.hands) * store.get(i).game.seats for i in ids)
    assert len(rows) == expected
    first = store.get(ids[0])
    mine = [r for r in rows if r["game_id"] == ids[0]]
    st = rules.state(first.game)
    last_hand = [r for r in mine if r["hand"] == str(len(first.game.hands))]
    assert [int(r["total"]) for r in last_hand] == list(st.totals)
    moon_row = [r for r in mine if r["hand"] == "2" and r["player"] == "Bartek"][0]
    assert (moon_row["points"], moon_row["moon_choice"], moon_row["score"]) == (
        "26", "subtract_from_self", "-26")
    assert mine[0]["dealer"] == "Celina" and mine[0]["pass"] == "left"


def test_export_to_stdout_in_a_subprocess(folder: Path) -> None:
    filled(GameStore(folder))
    proc = subprocess.run([sys.executable, "-m", "scorekeeper.cli", "export", "--db", str(folder)],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert len(json.loads(proc.stdout)["games"]) == 3
    bad = subprocess.run([sys.executable, "-m", "scorekeeper.cli", "import", "/nonexistent.json",
                          "--db", str(folder)], capture_output=True, text=True, cwd=ROOT,
                         timeout=60)
    assert bad.returncode == 2 and bad.stderr == "scorekeeper: /nonexistent.json: no such file\n"


def test_export_of_an_empty_store(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    GameStore(tmp_path / "new")  # made, and nothing stored in it
    assert main(["export", "--db", str(tmp_path / "new")]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == []
    # a folder that is not there is not made: a typo is said
    assert main(["export", "--db", str(tmp_path / "typo")]) == 2
    assert "no data folder at" in capsys.readouterr().err
    assert not (tmp_path / "typo").exists()


def test_commands_say_what_was_repaired(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = GameStore(folder)
    sg = store.add_hand(store.create_game(long_game()).id, hand(0), 1)
    (folder / "index.json").write_text("{")
    assert main(["export", "--db", str(folder)]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["games"][0]["id"] == sg.id
    assert "scorekeeper: the index of games was damaged" in captured.err


def test_imported_dates_are_written_the_store_s_way(store: GameStore) -> None:
    base = formats.game_to_dict(long_game())
    store.import_data([
        {**base, "id": "east", "created": "2025-03-01T12:00:00+02:00"},  # 10:00 UTC
        {**base, "id": "utc", "created": "2025-03-01T11:00:00Z"},
        {**base, "id": "naive", "created": "2025-03-01T09:30:00"},
    ])
    rows = store.list_games()
    assert [r.id for r in rows] == ["utc", "east", "naive"]
    assert rows[1].created == "2025-03-01T10:00:00.000000Z"
    assert rows[2].updated == "2025-03-01T09:30:00.000000Z"


def test_import_from_standard_input(folder: Path) -> None:
    game = formats.game_to_dict(long_game())
    proc = subprocess.run([sys.executable, "-m", "scorekeeper.cli", "import", "-", "--db",
                           str(folder)], input=json.dumps(game), capture_output=True,
                          text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert GameStore(folder).list_games()[0].players == tuple(game["players"])
