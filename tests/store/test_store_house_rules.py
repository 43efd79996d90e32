"""Games keep their house rules in the store, in the JSON export and in the CSV (which
gains its ``house_rules`` and ``jack`` columns only when a game plays them)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from store_helpers import FOUR, game_files, read_json

from scorekeeper import formats, rules
from scorekeeper.cli import main
from scorekeeper.store import GameStore
from scorekeeper.formats import CSV_COLUMNS, export_csv, parse_csv

FIVE = FOUR + ["Ewa"]
HOUSE = {"jack_of_diamonds": True, "exact_target_halves": True,
         "passes": ["left", "right", "left2", "right2", "hold"]}


def omnibus(store: GameStore) -> str:
    table = rules.Rules(target=50, moon="add_unless_it_loses", house=HOUSE)
    sg = store.create_game(rules.Game.new(FIVE, table, first_dealer="Bartek"))
    for h in [rules.Hand((0, 26, 0, 0, 0), jack=0), rules.Hand((13, 0, 13, 0, 0), jack=1),
              rules.Hand((0, 0, 0, 0, 26), jack=4)]:
        sg = store.add_hand(sg.id, h, sg.version)
    sg = store.replace_hand(sg.id, 1, rules.Hand((13, 0, 13, 0, 0), jack=3), sg.version)
    return sg.id


def plain(store: GameStore) -> str:
    sg = store.create_game(rules.Game.new(FOUR, rules.Rules(target=60)))
    sg = store.add_hand(sg.id, rules.Hand((3, 13, 10, 0)), sg.version)
    return sg.id


def test_a_game_keeps_its_house_rules_and_jacks(folder: Path) -> None:
    gid = omnibus(GameStore(folder))
    sg = GameStore(folder).get(gid)  # read back from disk
    assert sg.game.rules.house == rules.Rules(house=HOUSE).house
    assert [h.jack for h in sg.game.hands] == [0, 3, 4]
    assert rules.state(sg.game).totals == (55, 26, 65, 42, 16)
    [row] = GameStore(folder).list_games()
    assert row.totals == (55, 26, 65, 42, 16)
    assert row.jacks == (1, 0, 0, 1, 1)  # the history list counts the J♦ taken


def test_a_game_without_house_rules_is_stored_as_before(folder: Path) -> None:
    plain(GameStore(folder))
    [path] = game_files(folder)
    doc = read_json(path)["game"]["1"]["game"]
    assert list(doc["rules"]) == ["variant", "target", "moon", "queen_breaks_hearts"]
    assert all(list(h) == ["points"] for h in doc["hands"])
    assert GameStore(folder).list_games()[0].jacks == ()


def test_json_export_and_import_round_trip_the_house_rules(folder: Path, tmp_path: Path) -> None:
    gid = omnibus(GameStore(folder))
    out = tmp_path / "export.json"
    assert main(["export", "--db", str(folder), "-o", str(out)]) == 0
    [g] = json.loads(out.read_text(encoding="utf-8"))["games"]
    assert g["rules"]["passes"] == HOUSE["passes"] and g["hands"][1]["jack"] == "Darek"
    other = tmp_path / "other"
    assert main(["import", str(out), "--db", str(other)]) == 0
    assert GameStore(other).get(gid).game == GameStore(folder).get(gid).game


def test_the_csv_has_no_house_columns_without_house_rules(store: GameStore) -> None:
    plain(store)
    head = export_csv(store.export_games()).splitlines()[0]
    assert tuple(head.split(",")) == CSV_COLUMNS


def test_the_csv_gains_house_rules_and_jack_columns_with_them(store: GameStore) -> None:
    plain(store)
    omnibus(store)
    rows = list(csv.DictReader(io.StringIO(export_csv(store.export_games()))))
    assert list(rows[0]) == list(CSV_COLUMNS) + ["house_rules", "jack"]
    assert {r["house_rules"] for r in rows[:4]} == {""} and {r["jack"] for r in rows[:4]} == {""}
    hand2 = [r for r in rows[4:] if r["hand"] == "2"]
    assert {r["jack"] for r in hand2} == {"Darek"}
    assert {r["house_rules"] for r in hand2} == {
        "jack_of_diamonds exact_target_halves passes=left,right,left2,right2,hold"}
    assert [r["pass"] for r in rows[4::5]] == ["left", "right", "left2"]
    assert [r["score"] for r in hand2] == ["13", "0", "13", "-10", "0"]


def test_only_a_house_rules_column_when_no_game_plays_omnibus(store: GameStore) -> None:
    sg = store.create_game(rules.Game.new(FOUR, rules.Rules(house={"exact_target_halves": True})))
    store.add_hand(sg.id, rules.Hand((3, 13, 10, 0)), sg.version)
    head = export_csv(store.export_games()).splitlines()[0].split(",")
    assert head == list(CSV_COLUMNS) + ["house_rules"]


def test_the_csv_round_trips_the_house_rules(tmp_path: Path, capsys) -> None:
    first = tmp_path / "first"
    plain(GameStore(first))
    gid = omnibus(GameStore(first))
    out = tmp_path / "games.csv"
    assert main(["export", "--db", str(first), "--format", "csv", "-o", str(out)]) == 0
    second = tmp_path / "second"
    assert main(["import", str(out), "--db", str(second)]) == 0
    assert "added 2" in capsys.readouterr().err
    assert GameStore(second).get(gid).game == GameStore(first).get(gid).game
    again = tmp_path / "again.csv"
    assert main(["export", "--db", str(second), "--format", "csv", "-o", str(again)]) == 0
    assert again.read_text(encoding="utf-8") == out.read_text(encoding="utf-8")


def test_a_typed_omnibus_sheet(store: GameStore) -> None:
    sheet = ("hand;player;points;jack;house_rules\n"
             "1;Ala;10;bartek;jack_of_diamonds\n1;Bartek;16;;\n1;Celina;0;;\n"
             "2;Ala;26;;\n2;Bartek;0;Ala;\n2;Celina;0;;\n")
    [g] = parse_csv(sheet)
    game = formats.game_from_dict(g)
    assert [h.jack for h in game.hands] == [1, 0]
    assert rules.state(game).totals == (0, 32, 26)  # 10 + (0 - 10): the shooter took it


@pytest.mark.parametrize("sheet, message", [
    ("hand,player,points,house_rules\n1,A,26,spot_hearts\n1,B,0,\n1,C,0,\n",
     "line 2: 'spot_hearts' is not a house rule"),
    ("hand,player,points,jack,house_rules\n1,A,26,A,jack_of_diamonds\n1,B,0,B,\n1,C,0,,\n",
     "line 2: hand 1 names two players who took the J♦"),
])
def test_bad_house_rule_cells_are_refused_in_words(tmp_path: Path, capsys, sheet, message):
    path = tmp_path / "bad.csv"
    path.write_text(sheet)
    assert main(["import", str(path), "--db", str(tmp_path / "db")]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_a_typed_sheet_without_the_rule_cannot_name_a_jack(tmp_path: Path, capsys) -> None:
    path = tmp_path / "bad.csv"
    path.write_text("hand,player,points,jack\n1,A,26,A\n1,B,0,\n1,C,0,\n")
    assert main(["import", str(path), "--db", str(tmp_path / "db")]) == 2
    assert "unknown key 'jack'" in capsys.readouterr().err


def test_the_change_log_says_who_took_the_jack_and_travels_in_the_export(
        folder: Path, tmp_path: Path) -> None:
    gid = omnibus(GameStore(folder))
    edit = [c for c in GameStore(folder).changes(gid) if c.action == "edit"]
    assert [(c.old_jack, c.new_jack) for c in edit] == [(1, 3)]
    out = tmp_path / "export.json"
    assert main(["export", "--db", str(folder), "-o", str(out)]) == 0
    other = tmp_path / "other"
    assert main(["import", str(out), "--db", str(other)]) == 0
    again = [c for c in GameStore(other).changes(gid) if c.action == "edit"]
    assert [(c.old_jack, c.new_jack) for c in again] == [(1, 3)]
    plain_id = plain(GameStore(folder))
    assert [(c.old_jack, c.new_jack) for c in GameStore(folder).changes(plain_id)] == [
        (None, None)]
