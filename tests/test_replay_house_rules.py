"""`scorekeeper replay` with the house rules: one vector per key (worked out by hand from
docs/rules.md, "House rules"), the JSON report's keys unchanged, and one clear refusal for
each way a house rule can be written wrong."""

from __future__ import annotations

import json

import pytest

from test_replay_cli import run

FOUR = ["Ala", "Bartek", "Celina", "Darek"]
FIVE = FOUR + ["Ewa"]
LEFT_4 = {"Ala": "Bartek", "Bartek": "Celina", "Celina": "Darek", "Darek": "Ala"}

UNLESS = {"target": 80, "moon": "add_unless_it_loses"}
UNLESS_HANDS = [{"points": [10, 0, 8, 8]}, {"points": [0, 0, 26, 0]}, {"points": [0, 0, 26, 0]},
                {"points": [0, 26, 0, 0]}]  # adding: 88, 52, 34, 86 and Celina wins
CELINA_ADDS = {"scores": [26, 26, 0, 26], "moon": {"player": "Celina", "choice": "add_to_others"}}
UNLESS_SCORES = [{"scores": [10, 0, 8, 8], "moon": None}, CELINA_ADDS, CELINA_ADDS,
                 {"scores": [0, -26, 0, 0],
                  "moon": {"player": "Bartek", "choice": "subtract_from_self"}}]

VECTORS = {
    "omnibus": (
        {"players": FOUR, "rules": {"jack_of_diamonds": True},
         "hands": [{"points": [10, 16, 0, 0], "jack": "Celina"},
                   {"points": [0, 26, 0, 0], "jack": "Bartek"},  # the shooter took it
                   {"points": [0, 0, 13, 13], "jack": "ala"}]},  # names as the rules compare
        {"players": FOUR,
         "hands": [{"scores": [10, 16, -10, 0], "moon": None},
                   {"scores": [26, -10, 26, 26],
                    "moon": {"player": "Bartek", "choice": "add_to_others"}},
                   {"scores": [-10, 0, 13, 13], "moon": None}],
         "totals": [26, 6, 29, 39], "game_over": False, "winner": None, "winners": [],
         "next_hand": {"number": 4, "dealer": "Darek", "pass": "hold", "passes": {}}}),
    "unless it loses": (
        {"players": FOUR, "rules": UNLESS, "hands": UNLESS_HANDS},
        {"players": FOUR, "hands": UNLESS_SCORES, "totals": [62, 26, 8, 60],
         "game_over": False, "winner": None, "winners": [],
         "next_hand": {"number": 5, "dealer": "Ala", "pass": "left", "passes": LEFT_4}}),
    "unless it loses, the shooter wins by adding": (
        {"players": FOUR, "rules": UNLESS,
         "hands": UNLESS_HANDS + [{"points": [0, 0, 26, 0]}]},  # 88, 52, 8, 86: Celina wins
        {"players": FOUR, "hands": UNLESS_SCORES + [CELINA_ADDS],
         "totals": [88, 52, 8, 86], "game_over": True, "winner": "Celina", "winners": ["Celina"],
         "next_hand": None}),
    "exact target halves": (
        {"players": ["A", "B", "C"], "rules": {"target": 50, "exact_target_halves": True},
         "hands": [{"points": [25, 1, 0]}, {"points": [25, 1, 0]}, {"points": [0, 13, 13]},
                   {"points": [25, 0, 1]}, {"points": [13, 0, 13]},
                   {"points": [13, 13, 0]}]},  # 51, 28, 27: over the target, C wins
        {"players": ["A", "B", "C"],
         "hands": [{"scores": [25, 1, 0], "moon": None}, {"scores": [0, 1, 0], "moon": None},
                   {"scores": [0, 13, 13], "moon": None}, {"scores": [0, 0, 1], "moon": None},
                   {"scores": [13, 0, 13], "moon": None},
                   {"scores": [13, 13, 0], "moon": None}],
         "totals": [51, 28, 27], "game_over": True, "winner": "C", "winners": ["C"], "next_hand": None}),
    "halves after the jack, odd target": (
        {"players": ["A", "B", "C"],
         "rules": {"target": 31, "exact_target_halves": True, "jack_of_diamonds": True},
         "hands": [{"points": [20, 6, 0], "jack": "C"},
                   {"points": [21, 5, 0], "jack": "A"}]},  # 20 + 21 - 10 = 31 -> 15
        {"players": ["A", "B", "C"],
         "hands": [{"scores": [20, 6, -10], "moon": None},
                   {"scores": [-5, 5, 0], "moon": None}],
         "totals": [15, 11, -10], "game_over": False, "winner": None, "winners": [],
         "next_hand": {"number": 3, "dealer": "C", "pass": "left",
                       "passes": {"A": "B", "B": "C", "C": "A"}}}),
    "five-player cycle": (
        {"players": FIVE, "first_dealer": "Ewa",
         "rules": {"passes": ["left", "right", "left2", "right2", "hold"]},
         "hands": [{"points": [10, 10, 6, 0, 0]}, {"points": [0, 0, 0, 0, 26]}]},
        {"players": FIVE,
         "hands": [{"scores": [10, 10, 6, 0, 0], "moon": None},
                   {"scores": [26, 26, 26, 26, 0],
                    "moon": {"player": "Ewa", "choice": "add_to_others"}}],
         "totals": [36, 36, 32, 26, 0], "game_over": False, "winner": None, "winners": [],
         "next_hand": {"number": 3, "dealer": "Bartek", "pass": "left2",
                       "passes": {"Ala": "Celina", "Bartek": "Darek", "Celina": "Ewa",
                                  "Darek": "Ala", "Ewa": "Bartek"}}}),
    "five-player cycle, the hold": (
        {"players": FIVE, "first_dealer": "Ewa",
         "rules": {"passes": ["left", "right", "left2", "right2", "hold"]},
         "hands": [{"points": [10, 10, 6, 0, 0]}, {"points": [0, 0, 0, 0, 26]},
                   {"points": [26, 0, 0, 0, 0]}, {"points": [0, 0, 0, 13, 13]}]},
        {"players": FIVE,
         "hands": [{"scores": [10, 10, 6, 0, 0], "moon": None},
                   {"scores": [26, 26, 26, 26, 0],
                    "moon": {"player": "Ewa", "choice": "add_to_others"}},
                   {"scores": [0, 26, 26, 26, 26],
                    "moon": {"player": "Ala", "choice": "add_to_others"}},
                   {"scores": [0, 0, 0, 13, 13], "moon": None}],
         "totals": [36, 62, 58, 65, 39], "game_over": False, "winner": None, "winners": [],
         "next_hand": {"number": 5, "dealer": "Darek", "pass": "hold", "passes": {}}}),
    "six across": (
        {"players": list("ABCDEF"), "rules": {"passes": ["across", "right5"]}},
        {"players": list("ABCDEF"), "hands": [], "totals": [0] * 6, "game_over": False,
         "winner": None, "winners": [],
         "next_hand": {"number": 1, "dealer": "A", "pass": "across",
                       "passes": {"A": "D", "B": "E", "C": "F", "D": "A", "E": "B",
                                  "F": "C"}}}),
    "cancellation cycle": (
        {"players": list("ABCDEF"),
         "rules": {"variant": "cancellation", "passes": ["right2", "hold"]}},
        {"players": list("ABCDEF"), "hands": [], "totals": [0] * 6, "game_over": False,
         "winner": None, "winners": [],
         "next_hand": {"number": 1, "dealer": "A", "pass": "right2",
                       "passes": {"A": "E", "B": "F", "C": "A", "D": "B", "E": "C",
                                  "F": "D"}}}),
    "everything at once": (
        {"players": FIVE,
         "rules": {"target": 50, "moon": "add_unless_it_loses", "jack_of_diamonds": True,
                   "exact_target_halves": True,
                   "passes": ["left", "right", "left2", "right2", "hold"]},
         "hands": [{"points": [0, 26, 0, 0, 0], "jack": "Ala"},
                   {"points": [13, 0, 13, 0, 0], "jack": "Bartek"},
                   {"points": [0, 0, 0, 0, 26], "jack": "Ewa"},  # adding ties B and E
                   # adding: 81, 32, 91, 52, 42 and Bartek wins; subtracting: he wins too
                   {"points": [0, 0, 0, 26, 0], "jack": "Bartek"}]},
        {"players": FIVE,
         "hands": [{"scores": [16, 0, 26, 26, 26],
                    "moon": {"player": "Bartek", "choice": "add_to_others"}},
                   {"scores": [13, -10, 13, 0, 0], "moon": None},
                   {"scores": [26, 26, 26, 26, -10],
                    "moon": {"player": "Ewa", "choice": "add_to_others"}},
                   {"scores": [0, -10, 0, -26, 0],
                    "moon": {"player": "Darek", "choice": "subtract_from_self"}}],
         "totals": [55, 6, 65, 26, 16], "game_over": True, "winner": "Bartek", "winners": ["Bartek"],
         "next_hand": None}),
}


@pytest.mark.parametrize("name", VECTORS)
def test_house_rule_vectors(tmp_path, capsys, name):
    data, expected = VECTORS[name]
    code, out, err = run(tmp_path, capsys, data, "--json")
    assert (code, err) == (0, "")
    assert json.loads(out) == expected


def test_the_table_shows_the_jack_the_halving_and_the_cycle(tmp_path, capsys):
    data = VECTORS["halves after the jack, odd target"][0]
    code, out, _ = run(tmp_path, capsys, data)
    assert code == 0
    assert "A -10 (jack of diamonds)  A 31 -> 15" in out
    assert "house rules: jack of diamonds; exact target halves" in out
    code, out, _ = run(tmp_path, capsys, VECTORS["five-player cycle"][0])
    assert "next: hand 3, Bartek deals, pass left2: Ala -> Celina;" in out
    assert "   2  right    " in out


def rules_of(**extra):
    return {"players": FOUR, "rules": extra}


BAD = [
    ("jack without the rule", {"players": FOUR, "hands": [
        {"points": [26, 0, 0, 0], "jack": "Ala"}]},
     "hand 1: unknown key 'jack' in the hand (known: points, moon_choice, seat_changes)"),
    ("jack missing", {"players": FOUR, "rules": {"jack_of_diamonds": True},
                      "hands": [{"points": [10, 16, 0, 0], "jack": "Ala"},
                                {"points": [10, 16, 0, 0]}]},
     "hand 2: with the J♦ rule every hand says who took the J♦"),
    ("jack a number", {"players": FOUR, "rules": {"jack_of_diamonds": True},
                       "hands": [{"points": [10, 16, 0, 0], "jack": 2}]},
     "hand 1: \"jack\" must be the name of the player who took the J♦ (e.g. 'Ala'), not 2"),
    ("jack not a player", {"players": FOUR, "rules": {"jack_of_diamonds": True},
                           "hands": [{"points": [10, 16, 0, 0], "jack": "Zenek"}]},
     "hand 1: 'Zenek' took the J♦ but is not one of the players"),
    ("omnibus in cancellation", {"players": list("ABCDEF"), "rules": {
        "variant": "cancellation", "jack_of_diamonds": True}},
     "rules.jack_of_diamonds cannot be played in cancellation Hearts"),
    ("omnibus not a flag", rules_of(jack_of_diamonds="yes"),
     "rules.jack_of_diamonds must be true or false, not 'yes'"),
    ("halves not a flag", rules_of(exact_target_halves=1),
     "rules.exact_target_halves must be true or false, not 1"),
    ("moon choice under unless it loses",
     {"players": FOUR, "rules": {"moon": "add_unless_it_loses"},
      "hands": [{"points": [26, 0, 0, 0], "moon_choice": "subtract_from_self"}]},
     "hand 1: a moon choice was given but the table's moon rule is add_unless_it_loses"),
    ("unknown moon lists the new one", rules_of(moon="sometimes"),
     "shooter_choice, add_unless_it_loses"),
    ("empty cycle", rules_of(passes=[]), "rules.passes must hold at least one pass"),
    ("cycle not a list", rules_of(passes="left"), "rules.passes must be a list of passes"),
    ("unknown pass", rules_of(passes=["left", "sideways"]), "'sideways' is not a pass"),
    ("one seat written as left1", rules_of(passes=["left1"]), "'left1' is not a pass"),
    ("across with five", {"players": FIVE, "rules": {"passes": ["across"]}},
     "passing across needs an even number of players, not 5"),
    ("too far", rules_of(passes=["left", "right4"]),
     "'right4' passes 4 seats round, but 4 players can pass at most 3"),
    ("typo in a house rule", rules_of(jack_of_diamond=True), "'jack_of_diamond'"),
]


@pytest.mark.parametrize("name, data, message", BAD, ids=[b[0] for b in BAD])
def test_house_rules_written_wrong_exit_2_with_one_clear_message(tmp_path, capsys, name, data,
                                                                 message):
    for extra in ((), ("--json",)):
        code, out, err = run(tmp_path, capsys, data, *extra)
        assert (code, out) == (2, "")
        assert message in err
        assert err.count("\n") == 1 and "Traceback" not in err
