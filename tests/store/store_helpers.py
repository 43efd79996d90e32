"""Helpers for the store tests (tests/store/)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from scorekeeper import rules
from scorekeeper.store import GameStore

FOUR = ["Ala", "Bartek", "Celina", "Darek"]
# hands that never end a game with a high target; a moon in the middle
HANDS = [(3, 13, 10, 0), (0, 6, 10, 10), (26, 0, 0, 0), (1, 2, 3, 20), (13, 0, 0, 13)]


def hand(i: int) -> rules.Hand:
    return rules.Hand(HANDS[i % len(HANDS)])


def long_game(target: int = 10_000) -> rules.Game:
    return rules.Game.new(FOUR, rules.Rules(target=target))


def game_files(folder: Path) -> list[Path]:
    return sorted(p for p in (folder / "games").iterdir() if p.name.endswith(".json"))


def file_state(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (but locks and temporary files) with its bytes."""
    out = {}
    for p in sorted(folder.rglob("*")):
        if p.is_file() and "locks" not in p.parts and "tmp" not in p.parts:
            out[str(p.relative_to(folder))] = p.read_bytes()
    return out


def assert_consistent(store: GameStore) -> None:
    """The history list agrees with every game file, summary by summary."""
    listed = {s.id: s for s in store.list_games(include_deleted=True)}
    on_disk = {p.name[:-5] for p in game_files(store.path)}
    assert set(listed) == on_disk
    for gid, s in listed.items():
        sg = store.get(gid)
        st = rules.state(sg.game)
        moons = tuple(sum(1 for h in st.hands if h.moon and h.moon.player == seat)
                      for seat in range(sg.game.seats))
        assert (s.version, s.hands, s.totals, s.finished, s.deleted, s.updated, s.moons) == (
            sg.version, len(sg.game.hands), st.totals, st.game_over, sg.deleted, sg.updated,
            moons)


def csv_round_trip(tmp_path: Path, fill, capsys) -> str:  # type: ignore[no-untyped-def]
    """A store filled by ``fill(store)``, exported as CSV by the command, imported into
    another store and exported again: the same file, the same games (each game and its
    history row), and a second import adds nothing. Returns the CSV."""
    from scorekeeper.cli import main

    first, second = tmp_path / "first", tmp_path / "second"
    fill(GameStore(first))
    out, again = tmp_path / "games.csv", tmp_path / "again.csv"
    assert main(["export", "--db", str(first), "--format", "csv", "-o", str(out)]) == 0
    capsys.readouterr()
    assert main(["import", str(out), "--db", str(second)]) == 0
    count = len(GameStore(first).list_games())
    assert f"added {count}" in capsys.readouterr().err
    assert main(["export", "--db", str(second), "--format", "csv", "-o", str(again)]) == 0
    assert again.read_text(encoding="utf-8") == out.read_text(encoding="utf-8")
    a, b = GameStore(first), GameStore(second)
    for x, y in zip(sorted(a.list_games(), key=lambda s: s.id),
                    sorted(b.list_games(), key=lambda s: s.id), strict=True):
        # the id, dates, players, totals, winners, moons, ... of each row (the CSV holds
        # no version: an imported game starts at 1)
        assert replace(x, version=0) == replace(y, version=0)
        assert a.get(x.id).game == b.get(y.id).game  # first dealer, rules, moon choices
    assert main(["import", str(out), "--db", str(second)]) == 0
    assert f"added 0, already stored {count}" in capsys.readouterr().err
    return out.read_text(encoding="utf-8")


def read_json(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))
