"""`scorekeeper replay`: the JSON report, the table, and one clear error for bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from scorekeeper.cli import main

EXAMPLE = {
    "players": ["Ala", "Bartek", "Celina", "Darek"],
    "rules": {"variant": "standard", "target": 100, "moon": "shooter_choice"},
    "hands": [
        {"points": [3, 13, 10, 0]},
        {"points": [0, 26, 0, 0], "moon_choice": "add_to_others"},
        {"points": [0, 0, 26, 0], "moon_choice": "subtract_from_self"},
    ],
}

EXPECTED = {
    "players": ["Ala", "Bartek", "Celina", "Darek"],
    "hands": [
        {"scores": [3, 13, 10, 0], "moon": None},
        {"scores": [26, 0, 26, 26], "moon": {"player": "Bartek", "choice": "add_to_others"}},
        {"scores": [0, 0, -26, 0], "moon": {"player": "Celina", "choice": "subtract_from_self"}},
    ],
    "totals": [29, 13, 10, 26],
    "game_over": False,
    "winner": None,
    "winners": [],
    "next_hand": {"number": 4, "dealer": "Darek", "pass": "hold", "passes": {}},
}


def run(tmp_path, capsys, data, *extra, raw=None):
    path = tmp_path / "game.json"
    path.write_text(raw if raw is not None else json.dumps(data), encoding="utf-8")
    code = main(["replay", str(path), *extra])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_output_matches_the_documented_example(tmp_path, capsys):
    code, out, err = run(tmp_path, capsys, EXAMPLE, "--json")
    assert code == 0 and err == ""
    assert json.loads(out) == EXPECTED


def test_table_output(tmp_path, capsys):
    code, out, err = run(tmp_path, capsys, EXAMPLE)
    assert code == 0 and err == ""
    assert "Bartek" in out and "29" in out
    assert "hand 4, Darek deals, hold: no passing, 2♣ leads" in out


def test_defaults_and_ignored_top_level_keys(tmp_path, capsys):
    data = {"id": "abc", "created": "2026-01-01", "players": ["A", "B", "C"],
            "hands": [{"points": [0, 26, 0]}]}
    code, out, _ = run(tmp_path, capsys, data, "--json")
    doc = json.loads(out)
    assert code == 0
    assert doc["hands"][0] == {"scores": [26, 0, 26], "moon": {"player": "B",
                                                               "choice": "add_to_others"}}
    assert doc["next_hand"] == {"number": 2, "dealer": "B", "pass": "right",
                                "passes": {"A": "C", "B": "A", "C": "B"}}


def test_finished_game_reports_winner_and_no_next_hand(tmp_path, capsys):
    data = {"players": ["A", "B", "C", "D"], "rules": {"target": 50},
            "first_dealer": "C", "hands": [{"points": [13, 13, 0, 0]}] * 4}
    code, out, _ = run(tmp_path, capsys, data, "--json")
    doc = json.loads(out)
    assert code == 0
    assert doc["totals"] == [52, 52, 0, 0] and not doc["game_over"]  # tie for lowest
    assert doc["next_hand"]["dealer"] == "C"
    data["hands"].append({"points": [0, 0, 1, 25]})
    code, out, _ = run(tmp_path, capsys, data, "--json")
    doc = json.loads(out)
    assert doc["game_over"] and doc["winner"] == "C" and doc["next_hand"] is None


def test_cancellation_game(tmp_path, capsys):
    data = {"players": list("ABCDEFGH"), "rules": {"variant": "cancellation", "target": 150},
            "hands": [{"points": [10, 10, 10, 10, 2, 0, 0, 0]}, {"points": [52] + [0] * 7}]}
    code, out, _ = run(tmp_path, capsys, data, "--json")
    doc = json.loads(out)
    assert code == 0 and doc["totals"] == [10, 36, 36, 36, 28, 26, 26, 26]


BAD = [
    ("not json", None, "{players:", "not valid JSON"),
    ("unknown variant", {"players": ["A", "B", "C"], "rules": {"variant": "spades"}}, None,
     "rules.variant"),
    ("unknown moon", {"players": ["A", "B", "C"], "rules": {"moon": "sometimes"}}, None,
     "rules.moon"),
    ("typo in rules", {"players": ["A", "B", "C"], "rules": {"taget": 50}}, None, "'taget'"),
    ("typo in hand", {"players": ["A", "B", "C"], "hands": [{"point": [26, 0, 0]}]}, None,
     "hand 1: unknown key 'point'"),
    ("wrong count", {"players": ["A", "B", "C"], "hands": [{"points": [13, 13, 0]},
                                                           {"points": [26, 0]}]}, None,
     "hand 2: expected 3 numbers"),
    ("out of range", {"players": ["A", "B", "C"], "hands": [{"points": [27, -1, 0]}]}, None,
     "hand 1: A's points must be from 0 to 26, not 27"),
    ("not a whole number", {"players": ["A", "B", "C"], "hands": [{"points": [13, 12.5, 0.5]}]},
     None, "hand 1: B's points must be a whole number"),
    ("wrong total", {"players": ["A", "B", "C"], "hands": [{"points": [13, 13, 0]},
                                                           {"points": [10, 10, 0]}]}, None,
     "hand 2: the points add up to 20"),
    ("after game over", {"players": ["A", "B", "C"], "rules": {"target": 20},
                         "hands": [{"points": [26, 0, 0]}, {"points": [13, 13, 0]}]}, None,
     "hand 2: the game was already over after hand 1"),
    ("missing moon choice", {"players": ["A", "B", "C"], "rules": {"moon": "shooter_choice"},
                             "hands": [{"points": [0, 0, 26]}]}, None,
     "hand 1: C shot the moon"),
    ("stray moon choice", {"players": ["A", "B", "C"],
                           "hands": [{"points": [0, 0, 26], "moon_choice": "add_to_others"}]},
     None, "hand 1: a moon choice was given"),
    ("bad moon choice", {"players": ["A", "B", "C"], "rules": {"moon": "shooter_choice"},
                         "hands": [{"points": [0, 0, 26], "moon_choice": "both"}]}, None,
     "hand 1: moon_choice must be one of"),
    ("too few players", {"players": ["A", "B"]}, None, "for 3 to 7 players, not 2"),
    ("too many players", {"players": list("ABCDEFGH")}, None, "for 3 to 7 players, not 8"),
    ("cancellation too few", {"players": list("ABCDE"), "rules": {"variant": "cancellation"}},
     None, "for 6 to 11 players, not 5"),
    ("duplicate names", {"players": ["Ala", " ala ", "Ola"]}, None, "used twice"),
    ("empty name", {"players": ["Ala", "", "Ola"]}, None, "player 2 has no name"),
    ("bad target", {"players": ["A", "B", "C"], "rules": {"target": 0}}, None,
     "positive whole number"),
    ("no players", {"hands": []}, None, "no \"players\""),
    ("not an object", [1, 2, 3], None, "JSON object"),
    ("bad first dealer", {"players": ["A", "B", "C"], "first_dealer": "Z"}, None,
     "first dealer 'Z'"),
    ("hand not an object", {"players": ["A", "B", "C"], "hands": [[26, 0, 0]]}, None,
     "hand 1: a hand must be an object"),
]


@pytest.mark.parametrize("name, data, raw, message", BAD, ids=[b[0] for b in BAD])
def test_invalid_input_exits_2_with_one_clear_message(tmp_path, capsys, name, data, raw, message):
    for extra in ((), ("--json",)):
        code, out, err = run(tmp_path, capsys, data, *extra, raw=raw)
        assert code == 2
        assert out == ""
        assert message in err
        assert err.count("\n") == 1 and "Traceback" not in err
        assert err.startswith(f"scorekeeper: {tmp_path / 'game.json'}: "), err  # as import's


def test_missing_file(capsys, tmp_path):
    assert main(["replay", str(tmp_path / "nope.json")]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "no such file" in err


def test_console_script_end_to_end(tmp_path):
    """The real process: status 2, stderr only, no traceback; exact JSON on success."""
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"players": ["A", "B", "C"], "hands": [{"points": [1, 2, 3]}]}))
    proc = subprocess.run([sys.executable, "-m", "scorekeeper.cli", "replay", str(bad), "--json"],
                          capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.strip() == (f"scorekeeper: {bad}: hand 1: the points add up to 6, "
                                   "but every hand holds exactly 26")
    good = tmp_path / "good.json"
    good.write_text(json.dumps(EXAMPLE), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "scorekeeper.cli", "replay", str(good), "--json"],
                          capture_output=True, text=True)
    assert proc.returncode == 0 and json.loads(proc.stdout) == EXPECTED
