"""Every bad input to ``replay`` and ``import`` is one clear line and exit status 2, never
a traceback; the documented limits (file size, name length and characters, hands per
game) are refused with a message that says which."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import rules
from scorekeeper.cli import main
from scorekeeper.store import GameStore

ABC = ["Ala", "Bartek", "Celina"]


def game(**over) -> dict:
    return {"players": ABC, "hands": [{"points": [3, 13, 10]}], **over}


def big_int_text(digits: int) -> str:
    return '{"players": ["A", "B", "C"], "rules": {"target": 1' + "0" * (digits - 1) + "}}"


# (id, raw file text, what the one line must say)
BAD_FILES = [
    ("5000-digit int", big_int_text(5000), "has 5,000 digits"),
    ("19-digit int", big_int_text(19), "has 19 digits"),
    ("5000-digit points", '{"players": ["A", "B", "C"], "hands": [{"points": [' + "9" * 5000
     + ", 0, 0]}]}", "has 5,000 digits"),
    ("NaN target", '{"players": ["A", "B", "C"], "rules": {"target": NaN}}', "NaN is not a number"),
    ("lone surrogate name", json.dumps(game(players=["\ud800", "B", "C"])),
     "player 1 holds control or invisible characters ('\\ud800')"),
    ("ANSI escape in a name", json.dumps(game(players=["\x1b[31mRed", "B", "C"])),
     "control or invisible characters ('\\x1b[31mRed')"),
    ("NUL in a name", json.dumps(game(players=["A\x00", "B", "C"])), "control or invisible"),
    ("right-to-left override", json.dumps(game(players=["\u202eAla", "B", "C"])),
     "control or invisible"),
    ("only a zero-width space", json.dumps(game(players=["\u200b", "B", "C"])),
     "control or invisible"),
    ("41-character name", json.dumps(game(players=["x" * 41, "B", "C"])),
     "player 1 is longer than 40 characters"),
    # replay: the file is over 5 MB; import (an export may be bigger): no value of a game
    # file is over a million characters, read whole
    ("6 MB name", None, "larger than 5 MB|longer than 1,000,000 characters"),
    ("1,001 hands", json.dumps(game(rules={"target": 10**9},
                                    hands=[{"points": [3, 13, 10]}] * 1001)),
     "the game has more than 1,000 hands; a game holds at most 1,000"),
    ("first dealer as a number", json.dumps(game(first_dealer=1)),
     "first_dealer must be a player's name (e.g. 'Ala'), not 1"),
    ("first dealer as true", json.dumps(game(first_dealer=True)), "first_dealer must be"),
    ("not UTF-8", b"\xff\xfe{}".decode("latin-1"), "not UTF-8"),
    # replay: nested too deeply; import: a list of games whose first is a list, refused
    # as it begins (a list of a million numbers is not read to its end first)
    ("nested too deeply", "[" * 100_000 + "]" * 100_000,
     "nested too deeply|game 1 is not an object"),
    ("a million players", json.dumps(game(players=[f"p{i}" for i in range(1_000_000)])),
     None),  # refused before a million names are looked at; too big for the file anyway
]


def write(tmp_path: Path, name: str, raw: str | None) -> Path:
    path = tmp_path / "game.json"
    if raw is None:  # a name of 6 MB
        raw = json.dumps(game(players=["x" * 6_000_000, "B", "C"]))
    if name == "not UTF-8":
        path.write_bytes(raw.encode("latin-1"))
    else:
        path.write_text(raw, encoding="utf-8", errors="surrogatepass")
    return path


@pytest.mark.parametrize("name, raw, message", BAD_FILES, ids=[b[0] for b in BAD_FILES])
def test_bad_file_is_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                         name: str, raw: str | None, message: str | None) -> None:
    path = write(tmp_path, name, raw)
    for argv in (["replay", str(path)], ["replay", str(path), "--json"],
                 ["import", str(path), "--db", str(tmp_path / "db")]):
        assert main(argv) == 2, argv
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and "Traceback" not in err, (argv, err[:300])
        assert message is None or any(m in err for m in message.split("|")), (argv, err[:300])
        assert len(err) < 400  # never the whole 6 MB name
    assert GameStore(tmp_path / "db").list_games() == []


def test_escapes_in_a_name_never_reach_the_terminal(tmp_path: Path) -> None:
    path = write(tmp_path, "esc", json.dumps(game(players=["\x1b[2J\x1b[31mX", "B", "C"])))
    proc = subprocess.run([sys.executable, "-m", "scorekeeper.cli", "replay", str(path)],
                          capture_output=True)
    assert proc.returncode == 2 and b"\x1b" not in proc.stderr + proc.stdout


def test_a_lone_surrogate_on_replay_in_a_real_process(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text('{"players": ["\\ud800", "B", "C"]}')
    proc = subprocess.run([sys.executable, "-m", "scorekeeper.cli", "replay", str(path)],
                          capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize("created", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00",
                                     "2026-13-01", "x", "0001-01-01T00:00:00+14:00Z"])
def test_dates_that_cannot_be_kept_are_refused(tmp_path: Path, capsys, created: str) -> None:
    path = tmp_path / "g.json"
    path.write_text(json.dumps(game(id="g1", created=created)))
    assert main(["import", str(path), "--db", str(tmp_path / "db")]) == 2
    _, err = capsys.readouterr()
    assert err.count("\n") == 1 and "created" in err and "Traceback" not in err


def test_game_id_is_matched_whole(tmp_path: Path, capsys) -> None:
    path = tmp_path / "g.json"
    path.write_text(json.dumps(game(id="evil\n")))
    assert main(["import", str(path), "--db", str(tmp_path / "db")]) == 2
    assert "id 'evil\\n' is not valid" in capsys.readouterr().err
    store = GameStore(tmp_path / "db")
    with pytest.raises(KeyError):
        store.get("evil\n")


def test_first_dealer_by_name_still_works(tmp_path: Path, capsys) -> None:
    path = tmp_path / "g.json"
    path.write_text(json.dumps(game(first_dealer="bartek")))
    assert main(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["next_hand"]["dealer"] == "Celina"


def test_names_at_the_limits_are_kept(tmp_path: Path, capsys) -> None:
    names = ["x" * 40, "👨\u200d👩\u200d👧 Family", "Żaneta  Ąę"]
    path = tmp_path / "g.json"
    path.write_text(json.dumps(game(players=names)), encoding="utf-8")
    assert main(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["players"] == [names[0], names[1], "Żaneta Ąę"]


def test_a_stored_game_from_before_the_limits_opens_with_names_cleaned(tmp_path: Path) -> None:
    """A game stored by an older version with a name the limits now refuse is not taken
    for a damaged file: it opens with the name cleaned (documented in the README)."""
    store = GameStore(tmp_path / "db")
    sg = store.create_game(rules.Game.new(ABC))
    path = tmp_path / "db" / "games" / f"{sg.id}.json"
    data = json.loads(path.read_text())
    data["game"]["1"]["game"]["players"][0] = "\x1b[31mAla" + "a" * 50
    data["game"]["1"]["game"]["first_dealer"] = "\x1b[31mAla" + "a" * 50
    path.write_text(json.dumps(data))
    again = GameStore(tmp_path / "db")
    got = again.get(sg.id)
    assert got.game.players[0] == ("[31mAla" + "a" * 50)[:40] and got.game.first_dealer == 0
    assert not again.recoveries


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8)
    | st.text(st.characters(categories=["Cs", "Cc", "Cf", "Ll"]), max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["players", "rules", "hands", "points", "target", "moon",
                         "first_dealer", "moon_choice", "variant", "id", "created", "games",
                         "changes", "version", "kind", "x"]), inner, max_size=5),
    max_leaves=20))
def test_fuzz_never_a_traceback(tmp_path_factory: pytest.TempPathFactory, capsys,
                                data: object) -> None:
    folder = tmp_path_factory.mktemp("fuzz")
    path = folder / "f.json"
    path.write_text(json.dumps(data), encoding="utf-8", errors="surrogatepass")
    for argv in (["replay", str(path), "--json"], ["import", str(path), "--db", str(folder / "db")]):
        code = main(argv)
        out, err = capsys.readouterr()
        assert code in (0, 2), (argv, err)
        if code == 2:
            assert err.count("\n") == 1 and err.startswith("scorekeeper: ")


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rows=st.lists(st.lists(st.sampled_from(
    ["hand", "player", "points", "seat", "total", "1", "2", "0", "26", "13", "-1", "Ala", "B",
     "C", "x" * 41, "\x00", "", "add_to_others", "99999999999999999999", "3"]),
    min_size=1, max_size=5), max_size=8), sep=st.sampled_from([",", ";", "\t"]))
def test_fuzz_csv_import_never_a_traceback(tmp_path_factory: pytest.TempPathFactory, capsys,
                                           rows: list, sep: str) -> None:
    folder = tmp_path_factory.mktemp("csv")
    path = folder / "f.csv"
    path.write_text("hand,player,points\n" + "\n".join(sep.join(r) for r in rows),
                    encoding="utf-8")
    code = main(["import", str(path), "--db", str(folder / "db")])
    _, err = capsys.readouterr()
    assert code in (0, 2), err
    if code == 2:
        assert err.count("\n") == 1 and err.startswith("scorekeeper: ")


def test_standard_input_is_limited_too(tmp_path: Path) -> None:
    big = json.dumps(game()) + " " * 6_000_000  # read until it is more than 5 MB
    proc = subprocess.run([sys.executable, "-m", "scorekeeper.cli", "replay", "-"],
                          input=big, capture_output=True, text=True)
    assert proc.returncode == 2 and "larger than 5 MB" in proc.stderr
    assert proc.stderr.count("\n") == 1
    sheet = "hand,player,points\n1,A,26\n1,B,0\n1,C,0\n"
    proc = subprocess.run([sys.executable, "-m", "scorekeeper.cli", "import", "-", "--db",
                           str(tmp_path / "db")], input=sheet, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert [s.hands for s in GameStore(tmp_path / "db").list_games()] == [1]
