"""``scorekeeper import`` reads the CSV that ``export --format csv`` writes, and a paper
score sheet typed into a spreadsheet in that shape."""

from __future__ import annotations

from pathlib import Path

import pytest
from store_helpers import FOUR, csv_round_trip, file_state

from scorekeeper import rules
from scorekeeper.cli import main
from scorekeeper.store import GameStore, ImportResult
from scorekeeper.formats import FormatError, export_csv, parse_csv


def filled(store: GameStore) -> None:
    sg = store.create_game(rules.Game.new(FOUR, rules.Rules(target=60, moon="shooter_choice"),
                                          first_dealer="Celina"))
    for h in [rules.Hand((3, 13, 10, 0)), rules.Hand((0, 26, 0, 0), "subtract_from_self"),
              rules.Hand((20, 0, 6, 0)), rules.Hand((26, 0, 0, 0), "add_to_others")]:
        sg = store.add_hand(sg.id, h, sg.version)
    six = ["Ala", "Bartek", "Celina", "Darek", "Ewa", "Jurgis"]
    sg = store.create_game(rules.Game.new(six, rules.Rules.for_variant("cancellation")))
    for points in [(10, 10, 10, 10, 10, 0), (0, 0, 0, 0, 0, 52), (13, 13, 0, 0, 0, 26)]:
        sg = store.add_hand(sg.id, rules.Hand(points), sg.version)
    sg = store.create_game(rules.Game.new(["Ąžuolas", "Łucja", "Ona"], rules.Rules(target=30)))
    for points in [(26, 0, 0), (0, 13, 13)]:
        sg = store.add_hand(sg.id, rules.Hand(points), sg.version)


def test_csv_export_round_trips(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    csv_round_trip(tmp_path, filled, capsys)


SHEET = """Hand;Player;Points
1;Ala;3
1;Bartek;13
1;Celina;10
2;Ala;0
2;Bartek;0
2;Celina;26
"""


def test_a_paper_sheet_typed_into_a_spreadsheet(tmp_path: Path, capsys) -> None:
    """Only hand, player and points; semicolons, as a Polish spreadsheet writes them."""
    path = tmp_path / "sheet.csv"
    path.write_text("\ufeff" + SHEET.replace("\n", "\r\n"), encoding="utf-8")  # BOM, CRLF
    assert main(["import", str(path), "--db", str(tmp_path / "db")]) == 0
    [row] = GameStore(tmp_path / "db").list_games()
    assert row.players == ("Ala", "Bartek", "Celina") and row.hands == 2
    assert row.totals == (29, 39, 10) and row.moons == (0, 0, 1)
    assert main(["import", str(path), "--db", str(tmp_path / "db")]) == 0  # once only
    assert len(GameStore(tmp_path / "db").list_games()) == 1


def test_sheet_with_totals_checks_them(tmp_path: Path, capsys) -> None:
    sheet = ("hand,player,points,total,dealer,target\n"
             "1,Ala,3,3,Bartek,50\n1,Bartek,13,13,,\n1,Celina,10,10,,\n"
             "2,Ala,0,3,,\n2,Bartek,13,26,,\n2,Celina,13,32,,\n")
    path = tmp_path / "sheet.csv"
    path.write_text(sheet)
    db = tmp_path / "db"
    GameStore(db)
    before = file_state(db)
    assert main(["import", str(path), "--db", str(db)]) == 2
    err = capsys.readouterr().err
    assert "line 7: hand 2, Celina: the sheet says total 32, the rules make it 23" in err
    assert err.count("\n") == 1 and file_state(db) == before
    path.write_text(sheet.replace("13,32", "13,23"))
    assert main(["import", str(path), "--db", str(db)]) == 0
    sg = GameStore(db).get(GameStore(db).list_games()[0].id)
    assert sg.game.first_dealer == 1 and sg.game.rules.target == 50


BAD_SHEETS = {
    "no points column": ("hand,player\n1,Ala\n", "no 'points' column"),
    "hand 2 missing a player": ("hand,player,points\n1,A,26\n1,B,0\n1,C,0\n2,A,26\n2,B,0\n",
                                "hand 2 has no row for 'c'"),
    "unknown player": ("hand,player,points\n1,A,26\n1,B,0\n1,C,0\n2,A,26\n2,B,0\n2,Zed,0\n",
                       "hand 2 names 'Zed', who is not a player of hand 1"),
    "hands not 1, 2, 3": ("hand,player,points\n1,A,26\n1,B,0\n1,C,0\n3,A,26\n3,B,0\n3,C,0\n",
                          "must be numbered 1, 2, 3"),
    "points not a number": ("hand,player,points\n1,A,twenty\n1,B,0\n1,C,0\n",
                            "line 2: points must be a whole number, not 'twenty'"),
    "points do not add up": ("hand,player,points\n1,A,20\n1,B,0\n1,C,0\n",
                             "hand 1: the points add up to 20"),
    "empty": ("\n\n", "the CSV file is empty"),
    "5000 digits": ("hand,player,points\n1,A," + "9" * 5000 + "\n1,B,0\n1,C,0\n",
                    "line 2: points 999999999999... has 5,000 digits"),
    "name with an escape": ("hand,player,points\n1,\x1b[31mA,26\n1,B,0\n1,C,0\n",
                            "control or invisible characters"),
}


@pytest.mark.parametrize("kind", sorted(BAD_SHEETS))
def test_bad_sheets_one_line_and_nothing_stored(tmp_path: Path, capsys, kind: str) -> None:
    text, message = BAD_SHEETS[kind]
    path = tmp_path / "bad.csv"
    path.write_text(text)
    assert main(["import", str(path), "--db", str(tmp_path / "db")]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err, err
    assert GameStore(tmp_path / "db").list_games() == []


def test_parse_csv_gives_game_files_the_store_imports(store: GameStore) -> None:
    filled(store)
    text = export_csv(store.export_games())
    other = GameStore(store.path.parent / "other")
    assert other.import_data({"games": parse_csv(text)}) == ImportResult(3, 0)
    with pytest.raises(FormatError) as e:
        parse_csv("player,points\n")
    assert e.value.code == "import_invalid"
