"""A name a spreadsheet would run as a formula (``=1+2``, ``@A1``, ``=cmd|' /C calc'!A0``)
is written to the CSV export with a leading ``'`` (shown as text), and ``import`` of that
CSV gives the same names back; score cells stay numbers."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import formats, rules
from scorekeeper.cli import main
from scorekeeper.store import GameStore
from scorekeeper.formats import export_csv, parse_csv, quote_text, unquote_text

FORMULAS = ["=1+2", "+SUM(1;2)", "-2+3", "@A1"]
MORE = ["=cmd|' /C calc'!A0", "'Ala", "\t=Tab", "-Ala-"]
STARTS = ("=", "+", "-", "@", "\t", "\r")


def formula_games(store: GameStore) -> None:
    for names in (FORMULAS, MORE):
        assert rules.check_players(names, rules.Variant.STANDARD)  # the rules take them
        sg = store.create_game(rules.Game.new(names, rules.Rules(target=100),
                                              first_dealer=names[1]))
        for points in [(0, 26, 0, 0), (3, 13, 10, 0)]:
            sg = store.add_hand(sg.id, rules.Hand(points), sg.version)


def exported_rows(folder: Path, out: Path) -> list[dict[str, str]]:
    assert main(["export", "--db", str(folder), "--format", "csv", "-o", str(out)]) == 0
    return list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))


def test_formula_names_are_written_as_text(tmp_path: Path) -> None:
    formula_games(GameStore(tmp_path / "db"))
    rows = exported_rows(tmp_path / "db", tmp_path / "games.csv")
    players = {r["player"] for r in rows}
    assert players == {"'=1+2", "'+SUM(1;2)", "'-2+3", "'@A1", "'=cmd|' /C calc'!A0",
                       "''Ala", "'=Tab", "'-Ala-"}  # "\t=Tab" is stored as "=Tab"
    for r in rows:
        for column in ("game_id", "dealer", "player", "variant", "moon_rule", "pass"):
            assert not r[column].startswith(STARTS), (column, r[column])
    # the number columns are written as numbers
    assert {r["score"] for r in rows if r["hand"] == "1"} == {"0", "26"}
    totals = {r["total"] for r in rows}
    assert all(t.lstrip("-").isdigit() for t in totals)


def test_negative_scores_stay_numbers(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "db")
    sg = store.create_game(rules.Game.new(FORMULAS, rules.Rules(moon="subtract_from_self")))
    store.add_hand(sg.id, rules.Hand((0, 0, 26, 0)), sg.version)
    [row] = [r for r in exported_rows(tmp_path / "db", tmp_path / "g.csv") if r["score"] != "0"]
    assert (row["player"], row["score"], row["total"]) == ("'-2+3", "-26", "-26")


def test_export_then_import_gives_the_same_names(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    formula_games(GameStore(first))
    out = tmp_path / "games.csv"
    exported_rows(first, out)
    assert main(["import", str(out), "--db", str(second)]) == 0
    assert "added 2" in capsys.readouterr().err
    a, b = GameStore(first), GameStore(second)
    for x, y in zip(sorted(a.list_games(), key=lambda s: s.id),
                    sorted(b.list_games(), key=lambda s: s.id), strict=True):
        assert (x.id, x.players, x.totals) == (y.id, y.players, y.totals)
        assert a.get(x.id).game == b.get(y.id).game  # the first dealer too
    assert {p for s in b.list_games() for p in s.players} == set(FORMULAS) | {
        "=cmd|' /C calc'!A0", "'Ala", "=Tab", "-Ala-"}
    again = tmp_path / "again.csv"
    exported_rows(second, again)
    assert again.read_bytes() == out.read_bytes()


@pytest.mark.parametrize("cell", ["=1", "+1", "-1", "@1", "\tx", "\rx", "'x", "''", "'=1"])
def test_a_cell_that_starts_like_a_formula_or_a_quote_gets_one_quote(cell: str) -> None:
    assert quote_text(cell) == "'" + cell and unquote_text(quote_text(cell)) == cell


@pytest.mark.parametrize("cell", ["Ala", "", "1", "2026-01-01T00:00:00.000000Z", "x=1"])
def test_other_cells_are_written_as_they_are(cell: str) -> None:
    assert quote_text(cell) == cell == unquote_text(cell)


def test_a_typed_sheet_keeps_a_quote_it_did_not_get_from_us() -> None:
    """Only a ``'`` before a formula's first character (or another ``'``) is ours."""
    sheet = "hand;player;points\n1;'Ala;13\n1;'=B1;13\n1;Ola;0\n"
    [game] = parse_csv(sheet)
    assert game["players"] == ["'Ala", "=B1", "Ola"]


def accepted(names: list[str]) -> bool:
    try:
        rules.check_players(names, rules.Variant.STANDARD)
    except rules.RulesError:
        return False
    return True


NAME_CHARS = st.sampled_from("=+-@'\t\r \";,|!Aaż1(")
NAMES = st.lists(st.text(NAME_CHARS, min_size=1, max_size=12), min_size=4, max_size=4).map(
    lambda ns: [" ".join(n.split()) for n in ns]).filter(accepted)


@settings(max_examples=200, deadline=None)
@given(NAMES)
def test_any_name_the_rules_accept_comes_back_from_the_csv(names: list[str]) -> None:
    game = rules.Game.new(names, rules.Rules(), first_dealer=names[-1])
    game = game.add_hand(rules.Hand((26, 0, 0, 0)))
    doc = {**formats.game_to_dict(game), "id": "g-1", "created": "2026-01-01T00:00:00.000000Z",
           "updated": "2026-01-01T00:00:00.000000Z"}
    text = export_csv([doc])
    assert not any(r["player"].startswith(STARTS) for r in csv.DictReader(io.StringIO(text)))
    [back] = parse_csv(text)
    assert formats.game_from_dict(back) == game
