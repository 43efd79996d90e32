"""``scorekeeper replay`` of Kierki game files, text and ``--json``: the hand-worked
matches exactly, every table variant of the issue (3 and 4 players, each lottery, each
last-tricks rule, an own order, 1 to 4 series) against values computed here from the
issue's tables, and refusals (exit 2, one line naming the hand and the problem)."""

from __future__ import annotations

import copy
import json

import pytest

import kierki_matches as km
from scorekeeper.cli import main

# the issue's tables, written out again here (not read from the code under test)
VALUE = {4: {"no_tricks": -20, "no_hearts": -20, "no_queens": -60, "no_kings_jacks": -30,
             "no_king_of_hearts": -150, "no_last_tricks": -75, "trumps": 25},
         3: {"no_tricks": -15, "no_hearts": -20, "no_queens": -60, "no_kings_jacks": -30,
             "no_king_of_hearts": -140, "no_last_tricks": -70, "trumps": 25}}
ROBBER_KEYS = {"tricks": "no_tricks", "hearts": "no_hearts", "queens": "no_queens",
               "kings_jacks": "no_kings_jacks", "king_of_hearts": "no_king_of_hearts",
               "last_tricks": "no_last_tricks"}
PRIZES = {("once", 4): (800, 500), ("once", 3): (790, 485),
          ("each_dealer", 4): (200, 125), ("each_dealer", 3): (250, 175)}
NEGATIVE = ["no_tricks", "no_hearts", "no_queens", "no_kings_jacks", "no_king_of_hearts",
            "no_last_tricks", "robber"]
# counts that add up, per contract, for 4 and 3 players (the last trick alone: one)
TAKEN = {4: {"no_tricks": [4, 3, 3, 3], "no_hearts": [1, 5, 7, 0], "no_queens": [0, 2, 1, 1],
             "no_kings_jacks": [3, 1, 2, 2], "no_king_of_hearts": [0, 0, 0, 1],
             "no_last_tricks": [0, 1, 1, 0], "trumps": [2, 4, 4, 3]},
         3: {"no_tricks": [6, 6, 5], "no_hearts": [4, 4, 5], "no_queens": [2, 1, 1],
             "no_kings_jacks": [3, 3, 2], "no_king_of_hearts": [0, 1, 0],
             "no_last_tricks": [1, 1, 0], "trumps": [6, 5, 6]}}


def run(tmp_path, capsys, data, *extra):
    path = tmp_path / "kierki.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    code = main(["replay", str(path), *extra])
    out, err = capsys.readouterr()
    return code, out, err


def report(tmp_path, capsys, data):
    code, out, err = run(tmp_path, capsys, data, "--json")
    assert code == 0 and err == "", err
    return json.loads(out)


def test_the_classic_match_as_json(tmp_path, capsys):
    got = report(tmp_path, capsys, km.CLASSIC_FILE)
    assert got["players"] == km.PLAYERS
    assert [h["scores"] for h in got["hands"]] == [d[3] for d in km.CLASSIC_DEALS]
    assert [(h["contract"], h["dealer"], h["leader"]) for h in got["hands"]] == [
        d[:3] for d in km.CLASSIC_DEALS]
    assert got["hands"][7]["trump"] == "spades" and got["hands"][11]["out"] == ["Celina", "Ala"]
    assert (got["totals"], got["game_over"], got["winner"], got["winners"]) == (
        km.CLASSIC_TOTALS, True, "Celina", ["Celina"])
    assert got["next_hand"] is None and got["sum"] == 0 == got["match_sum"]


def test_a_match_under_way_announces_the_next_deal(tmp_path, capsys):
    got = report(tmp_path, capsys, km.classic_file(7))
    assert got["next_hand"] == {"number": 8, "dealer": "Darek", "leader": "Ala",
                                "contract": "trumps", "series": 1, "trump_namer": "Darek",
                                "deals": 12}
    assert (got["game_over"], got["winner"], got["winners"]) == (False, None, [])
    assert got["totals"] == km.CLASSIC_RUNNING[6] and got["sum"] == -2600
    empty = report(tmp_path, capsys, km.classic_file(0))
    assert empty["hands"] == [] and empty["totals"] == [0, 0, 0, 0]
    assert empty["next_hand"]["contract"] == "no_tricks" and empty["next_hand"]["dealer"] == "Ala"


def test_the_classic_match_as_a_paper_sheet(tmp_path, capsys):
    code, out, err = run(tmp_path, capsys, km.CLASSIC_FILE)
    assert code == 0 and err == ""
    lines = out.splitlines()
    row = next(line for line in lines if line.lstrip().startswith("7 "))
    assert "rozbójnik" in row and row.split()[-8:] == ["-345", "-640", "-445", "-695",
                                                       "-290", "-670", "-220", "-595"]
    assert "bez 7. i ostatniej" in out and "atu ♠" in out and "loteryjka" in out
    total = next(line for line in lines if line.startswith("total"))
    assert total.split()[1:] == [str(t) for t in km.CLASSIC_TOTALS]
    assert "sum: 0 (with the lottery a match adds up to 0: ok)" in out
    assert "match over: Celina wins with 430" in out
    code, out, _ = run(tmp_path, capsys, km.classic_file(4))
    assert "next: deal 5 of 12 (series 1), bez króla kier: Ala deals, Bartek leads" in out
    code, out, _ = run(tmp_path, capsys, km.classic_file(7))
    assert "Darek deals and names trumps, Ala leads" in out


def filled(players: int, rules: dict, first: int = 0) -> tuple[dict, list]:
    """A whole match of these rules, with counts that add up, and what each deal scores
    and who deals it, worked out here from the issue's tables and the schedule's rule."""
    names = ["Ala", "Bartek", "Celina", "Darek"][:players]
    last = rules.get("last_tricks", "seventh_and_last")
    lottery = rules.get("lottery", "once")
    order = rules.get("contracts", NEGATIVE)
    series = (order + ["trumps"] * players
              + ["lottery"] * {"once": 1, "each_dealer": players, "none": 0}[lottery])
    hands, expected = [], []
    for s in range(rules.get("series", 1)):
        for k, contract in enumerate(series):
            dealer = (first + s + k) % players
            taken = copy.deepcopy(TAKEN[players].get(contract))
            value = VALUE[players].get(contract)
            if contract == "no_last_tricks" and last == "last":
                taken, value = [0] * (players - 1) + [1], 2 * value
            if contract == "robber":
                taken = copy.deepcopy(km.ROBBER if players == 4 else km.THREE_ROBBER)
                taken["last_tricks"] = ([0, 1, 0, 0] if last == "last" else [1, 1, 0, 0])[
                    :players]
                scores = [sum(taken[key][p] * VALUE[players][c] * (
                    2 if key == "last_tricks" and last == "last" else 1)
                    for key, c in ROBBER_KEYS.items()) for p in range(players)]
                hands.append({"contract": contract, "taken": taken})
            elif contract == "lottery":
                first_out, second_out = (dealer + 2) % players, dealer
                scores = [0] * players
                scores[first_out], scores[second_out] = PRIZES[(lottery, players)]
                hands.append({"contract": contract, "out": [names[first_out],
                                                            names[second_out]]})
            else:
                scores = [t * value for t in taken]
                hands.append({"contract": contract, "taken": taken})
            expected.append((contract, names[dealer], names[(dealer + 1) % players], scores))
    data = {"players": names, "rules": {"variant": "kierki", **rules},
            "first_dealer": names[first], "hands": hands}
    return data, expected


VARIANTS = [
    (4, {}), (3, {}),
    (4, {"lottery": "each_dealer"}), (3, {"lottery": "each_dealer"}),
    (4, {"lottery": "none"}), (3, {"lottery": "none"}),
    (4, {"last_tricks": "last_two"}), (4, {"last_tricks": "last"}),
    (3, {"last_tricks": "last", "lottery": "each_dealer"}),
    (4, {"contracts": list(reversed(NEGATIVE))}),
    (3, {"contracts": NEGATIVE[3:] + NEGATIVE[:3]}),
    (4, {"series": 2}), (4, {"series": 3}), (4, {"series": 4, "lottery": "each_dealer"}),
    (3, {"series": 4, "last_tricks": "last_two"}),
]


@pytest.mark.parametrize("players, table", VARIANTS, ids=[f"{p}-{t}" for p, t in VARIANTS])
def test_every_variant_replays_as_the_issues_tables_say(tmp_path, capsys, players, table):
    data, expected = filled(players, table, first=1)
    got = report(tmp_path, capsys, data)
    assert [(h["contract"], h["dealer"], h["leader"], h["scores"]) for h in got["hands"]] \
        == [tuple(e) for e in expected]
    totals = [sum(e[3][p] for e in expected) for p in range(players)]
    assert got["totals"] == totals and got["game_over"] and got["next_hand"] is None
    best = max(totals)
    assert got["winners"] == [data["players"][p] for p in range(players) if totals[p] == best]
    assert got["winner"] == (got["winners"][0] if len(got["winners"]) == 1 else None)
    per_series = {4: -1300, 3: -1275}[players]
    match_sum = 0 if table.get("lottery") != "none" else per_series * table.get("series", 1)
    assert got["sum"] == sum(totals) == match_sum == got["match_sum"]
    code, out, err = run(tmp_path, capsys, data)
    assert code == 0 and err == "" and f"sum: {match_sum} " in out
    if table.get("series", 1) > 1:
        assert f"series {table['series']}" in out
    half = dict(data, hands=data["hands"][:len(expected) // 2])
    nxt = report(tmp_path, capsys, half)["next_hand"]
    contract, dealer, leader, _ = expected[len(expected) // 2]
    assert (nxt["number"], nxt["contract"], nxt["dealer"], nxt["leader"], nxt["deals"]) == (
        len(expected) // 2 + 1, contract, dealer, leader, len(expected))


def bad(hands: list | None = None, deals: int = 0, **rules) -> dict:
    data = km.classic_file(deals)
    data["rules"].update(rules)
    data["hands"] += hands or []
    return data


ROBBER_OFF = {**km.ROBBER, "queens": [1, 1, 1, 2]}
BAD = [
    ("wrong contract", bad([{"contract": "no_queens", "taken": [1, 0, 2, 1]}], 1),
     "hand 2: the match is at no_hearts (deal 2 of series 1), not no_queens"),
    ("unknown contract", bad([{"contract": "no_heart", "taken": [3, 5, 0, 5]}], 1),
     "hand 2: 'no_heart' is not a contract; the match is at no_hearts"),
    ("no contract", bad([{"taken": [3, 5, 0, 5]}], 1), "hand 2: the deal has no \"contract\""),
    ("hearts key", bad([{"contract": "no_hearts", "points": [3, 5, 0, 5]}], 1),
     "hand 2: unknown key 'points' in the deal"),
    ("no taken", bad([{"contract": "no_hearts"}], 1), "hand 2: the deal has no \"taken\""),
    ("taken not a list", bad([{"contract": "no_hearts", "taken": 13}], 1),
     "hand 2: \"taken\" must be a list"),
    ("too few counts", bad([{"contract": "no_hearts", "taken": [3, 5, 5]}], 1),
     "hand 2: expected 4 counts of hearts (one per player), got 3"),
    ("not adding up", bad([{"contract": "no_hearts", "taken": [3, 5, 0, 4]}], 1),
     "hand 2: the hearts taken add up to 12, but a deal has 13"),
    ("negative count", bad([{"contract": "no_hearts", "taken": [-1, 5, 4, 5]}], 1),
     "hand 2: Ala's hearts must be from 0 to 13, not -1"),
    ("robber off", bad([{"contract": "robber", "taken": ROBBER_OFF}], 6),
     "hand 7: the queens taken add up to 5, but a deal has 4"),
    ("robber a list", bad([{"contract": "robber", "taken": [3, 3, 4, 3]}], 6),
     "hand 7: the robber's \"taken\" must be an object of six lists"),
    ("robber missing", bad([{"contract": "robber", "taken": {"tricks": [3, 3, 4, 3]}}], 6),
     "hand 7: the robber needs all six counts; hearts, queens"),
    ("robber typo", bad([{"contract": "robber", "taken": {**km.ROBBER, "herts": [1]}}], 6),
     "hand 7: unknown key 'herts' in the robber's counts"),
    ("robber no trick", bad([{"contract": "robber", "taken": {
        **km.ROBBER, "tricks": [0, 3, 7, 3]}}], 6),
     "hand 7: Ala took no trick, so no card either, not 6 hearts"),
    ("bad trump", bad([{"contract": "trumps", "trump": "stars", "taken": [4, 3, 2, 4]}], 7),
     "hand 8: trumps must be one of clubs, diamonds, hearts, spades, not 'stars'"),
    ("stray trump", bad([{"contract": "no_hearts", "trump": "spades", "taken": [3, 5, 0, 5]}],
                        1), "hand 2: only a trump deal names trumps, not no_hearts"),
    ("same out twice", bad([{"contract": "lottery", "out": ["Celina", "celina"]}], 11),
     "hand 12: Celina cannot be both the first and the second out"),
    ("one out", bad([{"contract": "lottery", "out": ["Celina"]}], 11),
     "hand 12: the lottery names two players"),
    ("unknown out", bad([{"contract": "lottery", "out": ["Celina", "Zenon"]}], 11),
     "hand 12: 'Zenon' went out but is not one of the players"),
    ("no out", bad([{"contract": "lottery"}], 11), "hand 12: the lottery names the first"),
    ("lottery taken", bad([{"contract": "lottery", "taken": [1, 0, 0, 0]}], 11),
     "hand 12: the lottery counts no cards"),
    ("after the end", bad([{"contract": "no_tricks", "taken": [2, 3, 4, 4]}], 12),
     "hand 13: the match was already over after deal 12 (Celina won)"),
    ("a hearts key in the rules", bad(target=100), "unknown key 'target' in the rules of a "
     "Kierki game"),
    ("bad lottery", bad(lottery="twice"), "rules.lottery must be one of once, each_dealer, "
     "none, not 'twice'"),
    ("bad last tricks", bad(last_tricks="7th"), "rules.last_tricks must be one of"),
    ("five series", bad(series=5), "rules.series must be a whole number from 1 to 4, not 5"),
    ("own order missing one", bad(contracts=NEGATIVE[:6]), "rules.contracts misses robber"),
    ("own order twice", bad(contracts=NEGATIVE[:6] + ["no_dams"]),
     "rules.contracts: 'no_dams' is not one of the seven negative contracts"),
    ("five players", dict(km.classic_file(0), players=km.PLAYERS + ["Ewa"]),
     "Kierki is for 3 to 4 players, not 5"),
    ("an earlier hand first", bad([{"contract": "no_hearts", "taken": [3, 5, 0, 4]},
                                   {"contract": "no_queens", "taken": "x"}], 1),
     "hand 2: the hearts taken add up to 12"),
]


@pytest.mark.parametrize("name, data, message", BAD, ids=[b[0] for b in BAD])
def test_what_does_not_add_up_is_refused_in_one_line_with_exit_2(tmp_path, capsys, name, data,
                                                                  message):
    for extra in ((), ("--json",)):
        code, out, err = run(tmp_path, capsys, data, *extra)
        assert code == 2 and out == ""
        assert message in err, err
        assert err.count("\n") == 1 and "Traceback" not in err


def test_the_game_file_round_trips_and_the_example_of_the_issue_is_refused_at_its_second_hand(
        tmp_path, capsys):
    from scorekeeper import formats
    for data in (km.CLASSIC_FILE, km.THREE_FILE, filled(4, {"series": 2, "lottery": "none"})[0]):
        game = formats.game_from_dict(data)
        assert formats.game_from_dict(formats.game_to_dict(game)) == game
    issue = bad([{"contract": "robber", "taken": km.ROBBER}], 1)
    code, _, err = run(tmp_path, capsys, issue)
    assert code == 2 and "hand 2: the match is at no_hearts" in err and "not robber" in err
