"""Property (hypothesis): ``scorekeeper import`` given any file, a good one bent out of
shape (cut short, a piece dropped, doubled or swapped, a byte changed, characters put in)
or random bytes, either imports it or says one line with exit status 2; it never shows a
traceback, and never writes part of a file: a refused import leaves the data folder byte
for byte as it was, and one that succeeds adds exactly the games it says it added.

The good files are an export (JSON and CSV) of a folder with Hearts games (house rules,
a change of player, the queen of spades breaking hearts) and a Kierki match, and a game
file of each game. The command's ``main`` runs in this process (fast); the tests of
``test_cli_bad_inputs.py`` run it as a child process.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import kierki_matches as km
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scorekeeper.cli import main
from scorekeeper.store import GameStore

HEARTS = {"players": ["Ala", "Bartek", "Celina", "Darek"],
          "rules": {"target": 50, "moon": "shooter_choice", "queen_breaks_hearts": True,
                    "jack_of_diamonds": True, "tie": "share"},
          "hands": [{"points": [26, 0, 0, 0], "moon_choice": "add_to_others", "jack": "Ala"},
                    {"points": [4, 9, 0, 13], "jack": "Darek",
                     "seat_changes": {"Bartek": "Zenon"}}]}
PLAIN = {"players": ["Ala", "Bartek", "Celina"], "hands": [{"points": [3, 13, 10]}]}


def _run(*argv: str) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main(list(argv))
    return code, err.getvalue()


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """The good files, by name (the name's ending says CSV or JSON to the command)."""
    folder = tmp_path_factory.mktemp("good")
    games = {"hearts.json": HEARTS, "plain.json": PLAIN, "kierki.json": km.classic_file(6),
             "three.json": km.three_file(4)}
    for name, game in games.items():
        (folder / name).write_text(json.dumps(game, ensure_ascii=False), encoding="utf-8")
        assert _run("import", str(folder / name), "--db", str(folder / "db"))[0] == 0
    for fmt in ("json", "csv"):
        code, err = _run("export", "--db", str(folder / "db"), "--format", fmt, "-o",
                         str(folder / f"export.{fmt}"))
        assert code == 0, err
    names = [*games, "export.json", "export.csv"]
    return {name: (folder / name).read_bytes() for name in names}


def snapshot(folder: Path) -> dict[str, bytes]:
    if not folder.exists():
        return {}
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.parent.name != "locks"}


PIECES = st.sampled_from(['"', "{", "}", "[", "]", ",", ":", "\n", ";", "\t", "'", "-", "1",
                          "26", "999999999999999999999", '"players"', '"hands"', '"points"',
                          '"x": 1, ', "null", "true", "NaN", "hand", "player", "Ala", "\x00",
                          "\ufeff", "\u202e", "é", "\\u", "\\", " ", "=SUM(A1)"])


@st.composite
def bent(draw: st.DrawFn, good: bytes) -> bytes:
    """``good`` with one to three changes."""
    data = bytearray(good)
    for _ in range(draw(st.integers(1, 3))):
        size = len(data)
        at = draw(st.integers(0, size))
        end = draw(st.integers(at, min(size, at + 80)))
        how = draw(st.sampled_from(["cut", "drop", "double", "insert", "byte", "swap"]))
        if how == "cut":
            del data[at:]
        elif how == "drop":
            del data[at:end]
        elif how == "double":
            data[at:at] = data[at:end]
        elif how == "insert":
            data[at:at] = draw(PIECES).encode("utf-8")
        elif how == "byte" and at < size:
            data[at] = draw(st.integers(0, 255))
        elif how == "swap":
            other = draw(st.integers(0, size))
            piece = bytes(data[other:other + (end - at)])
            data[at:end] = piece
    return bytes(data)


def _added(err: str) -> int:
    m = re.search(r"added (\d+)", err)
    assert m, err
    return int(m.group(1))


def check_import(tmp: Path, name: str, raw: bytes) -> None:
    path = tmp / name
    path.write_bytes(raw)
    db = tmp / "db"
    before = snapshot(db)
    stored = len(GameStore(db).list_games()) if before else 0
    code, err = _run("import", str(path), "--db", str(db))
    assert code in (0, 2), (code, err)
    assert "Traceback" not in err
    event(f"exit {code}")
    if code == 2:
        assert err.startswith("scorekeeper: ") and err.count("\n") == 1, err
        assert snapshot(db) == before, err  # nothing written, not even a new folder
    else:
        assert len(GameStore(db).list_games()) == stored + _added(err), err


NAMES = ["hearts.json", "plain.json", "kierki.json", "three.json", "export.json",
         "export.csv"]


@settings(max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture,
                                 HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data(), name=st.sampled_from(NAMES))
def test_a_bent_file_imports_or_is_one_line(tmp_path_factory: pytest.TempPathFactory,
                                            files: dict[str, bytes], data: st.DataObject,
                                            name: str) -> None:
    raw = data.draw(bent(files[name]))
    check_import(tmp_path_factory.mktemp("bent"), name, raw)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=st.binary(max_size=400) | st.text(max_size=200).map(str.encode),
       name=st.sampled_from(["random.json", "random.csv", "random"]))
def test_random_bytes_import_or_are_one_line(tmp_path_factory: pytest.TempPathFactory,
                                             raw: bytes, name: str) -> None:
    check_import(tmp_path_factory.mktemp("random"), name, raw)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data(), name=st.sampled_from(NAMES))
def test_a_bent_file_into_a_folder_with_games(tmp_path_factory: pytest.TempPathFactory,
                                              files: dict[str, bytes], data: st.DataObject,
                                              name: str) -> None:
    """Into a folder that holds the good files' games already: a refusal leaves it as it
    was; a bent file that imports adds games, updates or keeps the stored ones."""
    tmp = tmp_path_factory.mktemp("full")
    for good in ("export.json",):
        (tmp / good).write_bytes(files[good])
        assert _run("import", str(tmp / good), "--db", str(tmp / "db"))[0] == 0
    check_import(tmp, name, data.draw(bent(files[name])))
