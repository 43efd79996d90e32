"""A Kierki match as a CSV sheet: one row per deal as a paper Kierki sheet has it (the
contract, what each player took, the points and running totals worked out by hand, the
sum), read back by ``scorekeeper import`` to the same game, alone or beside Hearts games
(whose CSV stays as it was); a sheet typed into a spreadsheet imports too, and a typo in
it is named."""

from __future__ import annotations

import csv
import io
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import formats, rules
from scorekeeper.formats import FormatError, export_csv, parse_csv
from scorekeeper.rules import Contract, Deal, Trump
from scorekeeper.store import GameStore
from store_helpers import csv_round_trip

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import kierki_matches as km  # noqa: E402
from test_kierki_properties import matches  # noqa: E402

WHEN = "2026-05-01T18:00:00.000000Z"


def sheet(game: rules.Game, gid: str = "k1") -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(formats.game_csv(gid, WHEN, WHEN, game))))


def test_the_classic_match_is_a_row_per_deal_with_the_hand_worked_points_and_totals():
    rows = sheet(formats.game_from_dict(km.CLASSIC_FILE))
    assert list(rows[0])[:9] == ["game_id", "deal", "contract", "dealer", "trump",
                                 "player_1", "taken_1", "points_1", "total_1"]
    assert len(rows) == 12
    for row, (contract, dealer, _, points), totals in zip(rows, km.CLASSIC_DEALS,
                                                          km.CLASSIC_RUNNING):
        assert (row["contract"], row["dealer"]) == (contract, dealer)
        assert [row[f"player_{n}"] for n in range(1, 5)] == km.PLAYERS
        assert [int(row[f"points_{n}"]) for n in range(1, 5)] == points
        assert [int(row[f"total_{n}"]) for n in range(1, 5)] == totals
        assert int(row["sum"]) == sum(totals)
    assert [rows[0][f"taken_{n}"] for n in range(1, 5)] == ["2", "3", "4", "4"]
    assert rows[6]["taken_2"] == ("tricks=3 hearts=2 queens=1 kings_jacks=2 "
                                  "king_of_hearts=1 last_tricks=1")
    assert [rows[7]["trump"], rows[8]["trump"]] == ["spades", "hearts"]
    lottery = rows[11]
    assert [lottery[f"taken_{n}"] for n in range(1, 5)] == ["2", "", "1", ""]
    assert lottery["sum"] == "0" and [lottery[f"total_{n}"] for n in range(1, 5)] == [
        str(t) for t in km.CLASSIC_TOTALS]
    assert (rows[0]["variant"], rows[0]["lottery"], rows[0]["last_tricks"], rows[0]["series"],
            rows[0]["contracts"].split()) == (
        "kierki", "once", "seventh_and_last", "1", km.CLASSIC_FILE["rules"]["contracts"])


def test_three_players_have_three_seats_of_columns_and_read_back():
    game = formats.game_from_dict(km.THREE_FILE)
    text = formats.game_csv("k3", WHEN, WHEN, game)
    assert "player_4" not in text.splitlines()[0]
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [int(rows[-1][f"total_{n}"]) for n in range(1, 4)] == km.THREE_TOTALS
    assert [rows[-1][f"taken_{n}"] for n in range(1, 4)] == ["", "1", "2"]
    back = parse_csv(text)
    assert formats.game_from_dict(back[0]) == game
    assert (back[0]["id"], back[0]["created"]) == ("k3", WHEN)


def filled(store: GameStore) -> None:
    """A finished classic match, a 3-player match cut short, and a Hearts game."""
    for data in (km.classic_file(), km.three_file(8)):
        game = formats.game_from_dict(data)
        sg = store.create_game(rules.Game.new(game.players, game.rules, game.first_dealer))
        for deal in game.hands:
            sg = store.add_hand(sg.id, deal, sg.version)
    sg = store.create_game(rules.Game.new(["Ala", "Ewa", "Ola"], rules.Rules(target=30)))
    for points in [(26, 0, 0), (0, 13, 13)]:
        sg = store.add_hand(sg.id, rules.Hand(points), sg.version)


def test_export_and_import_of_kierki_and_hearts_round_trip_through_the_command(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    head = csv_round_trip(tmp_path, filled, capsys).splitlines()[0].split(",")
    assert head[:len(formats.CSV_COLUMNS)] == list(formats.CSV_COLUMNS)
    assert "contract" in head and "hand" in head and "deal" in head


def test_a_hearts_only_export_keeps_its_columns_exactly():
    game = rules.Game.new(["Ala", "Ewa", "Ola"], rules.Rules(target=30)).add_hand(
        rules.Hand((13, 13, 0)))
    text = export_csv([formats.game_file("h1", WHEN, WHEN, game)])
    assert text.splitlines()[0] == ",".join(formats.CSV_COLUMNS)
    assert text.splitlines()[1] == (f"h1,{WHEN},{WHEN},standard,30,add_to_others,1,Ala,left,"
                                    "1,Ala,13,,13,13")


# a sheet typed into a spreadsheet set to Polish: semicolons, no variant (the contracts
# say Kierki), only what the table wrote down; the first three deals of the classic match
TYPED = """Deal;Contract;player_1;taken_1;player_2;taken_2;player_3;taken_3;player_4;taken_4;dealer;total_3
1;no_tricks;Ala;2;Bartek;3;Celina;4;Darek;4;Ala;-80
2;no_hearts;;3;;5;;0;;5;;-80
3;no_queens;;1;;0;;2;;1;Celina;-200
"""


def test_a_typed_kierki_sheet_imports_and_its_typos_are_named(tmp_path: Path):
    games = parse_csv(TYPED)
    assert formats.game_from_dict(games[0]) == formats.game_from_dict(km.classic_file(3))
    store = GameStore(tmp_path / "db")
    assert store.import_data({"games": games}).added == 1
    assert store.list_games()[0].totals == tuple(km.CLASSIC_RUNNING[2])
    wrong_total = TYPED.replace("Celina;-200", "Celina;-220")
    with pytest.raises(FormatError) as e:
        parse_csv(wrong_total)
    assert str(e.value) == "line 4: deal 3: the sheet says total_3 -220, the rules make it -200"
    wrong_dealer = TYPED.replace("Celina;-200", "Darek;-200")
    assert "line 4: deal 3: the sheet says Darek deals, the rules make it Celina" in str(
        pytest.raises(FormatError, parse_csv, wrong_dealer).value)


@pytest.mark.parametrize("change, words", [
    ("tricks=3 hearts=6 queens=1 kings_jacks=1 king_of_hearts=0",
     "line 8: deal 7, Ala: the robber's taken has no last_tricks"),
    ("tricks=3 hearts=6 queens=1 kings=1 king_of_hearts=0 last_tricks=1",
     "line 8: deal 7, Ala: the robber's taken is six counts such as"),
])
def test_a_robber_cell_that_is_not_six_counts_is_refused_in_words(change, words):
    text = formats.game_csv("k", WHEN, WHEN, formats.game_from_dict(km.classic_file(7)))
    rows = text.splitlines()
    rows[7] = rows[7].replace("tricks=3 hearts=6 queens=1 kings_jacks=1 king_of_hearts=0 "
                              "last_tricks=1", change, 1)
    with pytest.raises(FormatError) as e:
        parse_csv("\n".join(rows) + "\n")
    assert str(e.value).startswith(words)


def test_a_lottery_cell_other_than_first_or_second_out_is_refused_in_words():
    text = formats.game_csv("k", WHEN, WHEN, formats.game_from_dict(km.CLASSIC_FILE))
    last = text.splitlines()[-1].split(",")
    taken = text.splitlines()[0].split(",").index("taken_2")
    last[taken] = "3"
    with pytest.raises(FormatError) as e:
        parse_csv("\n".join(text.splitlines()[:-1] + [",".join(last)]) + "\n")
    assert str(e.value).startswith("line 13: deal 12, Bartek: in the lottery taken is 1 (the "
                                   "first out), 2 (the second) or empty, not '3'")


def test_a_kierki_game_without_its_columns_is_refused_in_words():
    with pytest.raises(FormatError) as e:
        parse_csv("hand,player,points,variant\n1,A,13,kierki\n1,B,13,kierki\n1,C,0,kierki\n")
    assert e.value.code == "import_invalid"
    assert str(e.value) == (
        "the game is a Kierki game and the CSV file has no 'deal' column (a Kierki sheet "
        "needs deal, contract, player_1, taken_1 and the other seats' player_N and taken_N, "
        "one row per deal)")
    with pytest.raises(FormatError) as e:
        parse_csv("deal,contract,player_1,taken_1\n1,no_tricks,Ala,\n")
    assert str(e.value) == ("line 2: deal 1, Ala: taken is empty (the count of what the "
                            "contract scores)")


# --- the round trip, over any match ------------------------------------------------------

NAMES = ("=Ala", "-Ola", "+Ewa", "@Jurgis", "'Rūta", "Zoë, Jr", 'Łukasz "Ł"', "Ona;Pi",
         "Darek", "ąžuolas")


@st.composite
def lived_matches(draw):
    """A Kierki match (any table, 3 or 4 players), cut anywhere, with trumps named and
    seats given new names (also names a spreadsheet would take for a formula)."""
    _, players, whole = draw(matches())
    cut = draw(st.integers(0, len(whole.hands)))
    fresh = iter(f"{name} {i}" for i, name in enumerate(draw(st.permutations(NAMES))))
    names = [draw(st.sampled_from(NAMES)) + f"#{seat}" for seat in range(players)]
    deals = []
    for deal in whole.hands[:cut]:
        trump = draw(st.sampled_from([None, *Trump])) if deal.contract is Contract.TRUMPS \
            else None
        changes = ()
        if draw(st.integers(0, 5)) == 0:
            seat = draw(st.integers(0, players - 1))
            changes = ((seat, next(fresh, f"Nowy {len(deals)}")),)
        deals.append(Deal(deal.contract, deal.taken, trump, deal.out, changes))
    return rules.Game.new(names, whole.rules, whole.first_dealer, deals)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(lived_matches(), min_size=1, max_size=3), st.booleans())
def test_any_kierki_match_reads_back_from_its_csv_to_the_same_game(games, with_hearts):
    files = [formats.game_file(f"k{i}", WHEN, WHEN, g) for i, g in enumerate(games)]
    if with_hearts:
        hearts = rules.Game.new(["=Ala", "Ola", "Ewa"], rules.Rules(target=30)).add_hand(
            rules.Hand((26, 0, 0)))
        files.insert(0, formats.game_file("h", WHEN, WHEN, hearts))
    text = export_csv(files)
    back = parse_csv(text)
    played = [f for f in files if f["hands"]]  # a game with no deals has no rows
    assert [formats.game_from_dict(b) for b in back] == [formats.game_from_dict(f)
                                                         for f in played]
    assert export_csv(back) == export_csv(played)


def test_the_manuals_typed_kierki_sheet_is_the_classic_matchs_first_three_deals():
    manual = (Path(__file__).resolve().parents[2] / "docs" / "files-and-commands.md").read_text(
        encoding="utf-8")
    block = manual.split("The first three deals of a Kierki match")[1].split("```csv\n")[1]
    games = parse_csv(block.split("```")[0])
    assert formats.game_from_dict(games[0]) == formats.game_from_dict(km.classic_file(3))


def test_a_kierki_row_past_a_games_limits_is_refused_as_it_comes():
    """The command reads a file in pieces; a row no game can hold stops it there."""
    head = "deal,contract,player_1,taken_1,player_2,taken_2,player_3,taken_3\n"
    with pytest.raises(FormatError) as e:
        parse_csv(iter([head, "1,no_tricks,A,5,B,6,C,6\n", "1001,no_hearts,A,1,B,1,C,11\n",
                        "this row is never read,\n"]))
    assert str(e.value) == "line 3: deal 1,001 of game 1: a game holds at most 1,000 deals"
    with pytest.raises(FormatError) as e:
        parse_csv(head + "1,no_tricks,A,5,B,6,C,6\n1,no_tricks,A,5,B,6,C,6\n")
    assert str(e.value) == "line 3: deal 1 of game 1 has more than 1 row; a deal is one row"
