"""A misspelled top-level key is refused, naming the key and the nearest known one: a
game file's ``"first_deler"`` would replay with the first player dealing and ``"Hands"``
would import an empty game. Every key that the app, the export and the downloads write
is still read (an exported game replays as it is)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper import formats, rules
from scorekeeper.cli import main
from scorekeeper.formats.errors import nearest_key
from scorekeeper.store import GameStore

GAME = {"players": ["Ala", "Bartek", "Celina"], "first_dealer": "Celina",
        "hands": [{"points": [3, 13, 10]}]}


def without(key: str, **more) -> dict:
    return {**{k: v for k, v in GAME.items() if k != key}, **more}


# (id, the file, the key refused, the nearest key named or None)
TYPOS = [
    ("first_deler", without("first_dealer", first_deler="Celina"), "first_deler", "first_dealer"),
    ("Hands", without("hands", Hands=GAME["hands"]), "Hands", "hands"),
    ("dealer", without("first_dealer", dealer="Celina"), "dealer", "first_dealer"),
    ("rule", {**GAME, "rule": {"target": 50}}, "rule", "rules"),
    ("no near key", {**GAME, "notes": "a good game"}, "notes", None),
]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return code, err


@pytest.mark.parametrize("name, data, key, nearest", TYPOS, ids=[t[0] for t in TYPOS])
def test_a_top_level_typo_is_refused_by_replay_and_import(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, data: dict, key: str,
        nearest: str | None) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    db = tmp_path / "db"
    for argv in (["replay", str(path)], ["replay", str(path), "--json"],
                 ["import", str(path), "--db", str(db)]):
        code, err = run(argv, capsys)
        where = "the file" if argv[0] == "import" else "the game"  # a game or an export
        assert code == 2 and f"{path}: unknown key {key!r} in {where}" in err, (argv, err)
        if nearest is None:
            assert "(known: players, rules, first_dealer, hands, id, created" in err, err
        else:
            assert f"(did you mean {nearest!r}?)" in err, err


def test_a_game_of_an_export_or_a_list_is_named(tmp_path: Path, capsys) -> None:
    path = tmp_path / "export.json"
    games = [dict(GAME, id="g1"), dict(GAME, id="g2", Hands=[])]
    for data in ({"kind": "scorekeeper-export", "version": 3, "games": games}, games):
        path.write_text(json.dumps(data))
        code, err = run(["import", str(path), "--db", str(tmp_path / "db")], capsys)
        assert code == 2 and "game 2: unknown key 'Hands' in the game (did you mean 'hands'?)" \
            in err, err


@pytest.mark.parametrize("data, message", [
    ({"kind": "scorekeeper-export", "version": 3, "exportd": "2026-01-01", "games": []},
     "unknown key 'exportd' in the file (did you mean 'exported'?)"),
    ({"kind": "scorekeeper-export", "gmes": [GAME]},
     "unknown key 'gmes' in the file (did you mean 'games'?)"),
    ({"Players": GAME["players"]}, "unknown key 'Players' in the file (did you mean 'players'?)"),
])
def test_an_exports_typo_is_refused(tmp_path: Path, capsys, data: dict, message: str) -> None:
    path = tmp_path / "export.json"
    path.write_text(json.dumps(data))
    code, err = run(["import", str(path), "--db", str(tmp_path / "db")], capsys)
    assert code == 2 and message in err, err


def test_every_key_the_export_and_the_downloads_write_is_read(tmp_path: Path, capsys) -> None:
    """An export holds games with seat changes, a change waiting for the next hand and a
    change log: each game replays, and the whole export and each download import."""
    store = GameStore(tmp_path / "db")
    sg = store.create_game(rules.Game.new(["Ala", "Bartek", "Celina"], rules.Rules(target=200)))
    sg = store.change_seats(sg.id, {2: "Zenon"}, sg.version)
    sg = store.add_hand(sg.id, rules.Hand((3, 13, 10)), sg.version)
    sg = store.change_seats(sg.id, {0: "Olga"}, sg.version)  # waits for the next hand
    document = formats.export_document(store.export_games(), "2026-01-01T00:00:00.000000Z")
    assert {"id", "created", "updated", "version", "changes", "next_seat_changes"} <= set(
        document["games"][0])
    files = {"export.json": document,
             "share.json": formats.game_file(sg.id, sg.created, sg.updated, sg.game)}
    for n, game in enumerate(document["games"]):
        files[f"game{n}.json"] = game
    for name, data in files.items():
        path = tmp_path / name
        path.write_text(json.dumps(data))
        if "games" not in data:
            assert main(["replay", str(path), "--json"]) == 0, capsys.readouterr().err
        assert main(["import", str(path), "--db", str(tmp_path / "other")]) == 0, \
            capsys.readouterr().err
    capsys.readouterr()


def test_nearest_key() -> None:
    known = formats.gamefile.TOP_KEYS
    assert nearest_key("first_deler", known) == "first_dealer"
    assert nearest_key("HANDS", known) == "hands"
    assert nearest_key("created_at", known) == "created"
    assert nearest_key("kind", known) is None  # not "id": a guess that misleads
    assert nearest_key(3, known) is None
