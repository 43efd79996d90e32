"""The history summary says, per seat, how many moons each player shot (for the stats),
and an index written before it had that (index format 1) is rebuilt from the game files."""

from __future__ import annotations

import json
from pathlib import Path

from store_helpers import FOUR, assert_consistent, read_json

from scorekeeper import rules
from scorekeeper.store import GameStore
from scorekeeper.store import index as index_module


def moon_game(store: GameStore):
    game = rules.Game.new(FOUR, rules.Rules(target=1000, moon=rules.MoonRule.SHOOTER_CHOICE))
    sg = store.create_game(game)
    for points, choice in (((26, 0, 0, 0), "add_to_others"), ((3, 13, 10, 0), None),
                           ((0, 0, 26, 0), "subtract_from_self"),
                           ((26, 0, 0, 0), "subtract_from_self")):
        sg = store.add_hand(sg.id, rules.Hand(points, choice), sg.version)
    return sg


def test_summary_counts_each_players_moons(store: GameStore) -> None:
    plain = store.create_game(rules.Game.new(["X", "Y", "Z"]))
    sg = moon_game(store)
    rows = {r.id: r for r in store.list_games()}
    assert rows[sg.id].moons == (2, 0, 1, 0)
    assert rows[plain.id].moons == (0, 0, 0)
    # the same after a restart (read from the index, no game file opened)
    again = {r.id: r for r in GameStore(store.path).list_games()}
    assert again[sg.id].moons == (2, 0, 1, 0)


def test_editing_away_a_moon_updates_the_count(store: GameStore) -> None:
    sg = moon_game(store)
    sg = store.replace_hand(sg.id, 0, rules.Hand((20, 6, 0, 0)), sg.version)
    assert store.list_games()[0].moons == (1, 0, 1, 0)
    sg = store.remove_hand(sg.id, 2, sg.version)
    assert store.list_games()[0].moons == (1, 0, 0, 0)


def test_an_index_of_format_1_is_rebuilt_with_moons_quietly(folder: Path) -> None:
    store = GameStore(folder)
    moon_game(store)
    store._index.compact()
    data = read_json(folder / "index.json")
    data["format"] = 1  # as the version before moons wrote it
    for s in data["games"].values():
        del s["moons"]
    (folder / "index.json").write_text(json.dumps(data))
    again = GameStore(folder)
    assert again.list_games()[0].moons == (2, 0, 1, 0)
    assert read_json(folder / "index.json")["format"] == index_module.INDEX_FORMAT == 4
    assert not again.recoveries  # an upgrade is not a repair: nothing to tell the player
    assert not list(folder.glob("index.json.damaged-*"))
    assert_consistent(again)


def test_a_journal_line_without_moons_sends_the_game_back_to_its_file(folder: Path) -> None:
    store = GameStore(folder)
    sg = moon_game(store)
    s = dict(store._index.entries[sg.id])
    del s["moons"]
    s["hands"] = 99  # nothing in a line lacking moons is believed
    store._index._append({"put": s})
    again = GameStore(folder)
    row = again.list_games()[0]
    assert (row.hands, row.moons) == (4, (2, 0, 1, 0))
