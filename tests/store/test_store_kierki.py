"""Kierki games in the store: a new game is saved and read back, deals are added, edited,
deleted and put back (each one change-log entry that holds the deal), a match resumes
from its file, the history row has its winners and the match's length, search and the
filter by game find it; the JSON export and import carry it, and the CSV (of all games,
and the game's own download) holds it beside Hearts games, which are as before."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from scorekeeper import formats, rules
from scorekeeper.store import GameStore, StoreError

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import kierki_matches as km  # noqa: E402

from store_helpers import assert_consistent  # noqa: E402


def classic(deals: int | None = None) -> rules.Game:
    return formats.game_from_dict(km.classic_file(deals))


def play(store: GameStore, game: rules.Game):
    """A new stored Kierki game with ``game``'s deals added one by one, as the app does."""
    sg = store.create_game(rules.Game.new(game.players, game.rules, game.first_dealer))
    for deal in game.hands:
        sg = store.add_hand(sg.id, deal, sg.version)
    return sg


def test_a_whole_classic_match_is_saved_deal_by_deal_and_read_back(store: GameStore):
    sg = play(store, classic())
    assert sg.finished and sg.winner == "Celina" and sg.winners == ("Celina",)
    again = GameStore(store.path).get(sg.id)  # a new process: read from its file
    assert again.game == classic() and again.version == 13
    assert list(rules.state(again.game).totals) == km.CLASSIC_TOTALS
    (row,) = store.list_games()
    assert (row.variant, row.hands, row.deals, list(row.totals), row.finished, row.winner,
            row.winners) == ("kierki", 12, 12, km.CLASSIC_TOTALS, True, "Celina", ("Celina",))
    assert row.moons == (0, 0, 0, 0) and row.target == 0
    assert_consistent(store)
    with pytest.raises(rules.RulesError) as e:
        store.add_hand(sg.id, rules.Deal("no_tricks", [2, 3, 4, 4]), again.version)
    assert e.value.code == "game_over"


def test_a_match_under_way_resumes_with_its_next_deal(store: GameStore):
    sg = play(store, classic(5))
    again = GameStore(store.path).get(sg.id)
    n = rules.state(again.game).next_hand
    assert (n.number, n.contract, again.game.players[n.dealer], n.deals) == (
        6, rules.Contract.NO_LAST_TRICKS, "Bartek", 12)
    assert not again.finished and again.winner is None
    with pytest.raises(rules.RulesError) as e:  # the typo check: the match is at no_last_tricks
        store.add_hand(sg.id, rules.Deal("robber", km.ROBBER), again.version)
    assert e.value.code == "contract_order" and e.value.hand == 6
    assert store.get(sg.id).version == again.version  # nothing was written


def test_editing_deleting_and_undoing_a_deal_are_change_log_entries_with_the_deal(
        store: GameStore):
    sg = play(store, classic(3))
    edited = rules.Deal("no_hearts", [13, 0, 0, 0])
    sg = store.replace_hand(sg.id, 1, edited, sg.version)
    assert rules.state(sg.game).hands[1].scores == (-260, 0, 0, 0)
    sg = store.remove_hand(sg.id, 2, sg.version)  # the last deal: nothing after it moves
    assert len(sg.game.hands) == 2
    sg = store.insert_hand(sg.id, 2, classic(3).hands[2], sg.version)  # the undo
    log = store.changes(sg.id)
    assert [c.action for c in log] == ["add", "add", "add", "edit", "remove", "insert"]
    assert all(c.old is None and c.new is None for c in log)  # a deal has no Hearts points
    assert log[3].old_deal == classic(3).hands[1] and log[3].new_deal == edited
    assert log[4].old_deal == classic(3).hands[2] and log[4].new_deal is None
    assert log[5].new_deal == classic(3).hands[2]
    assert GameStore(store.path).get(sg.id).game.hands[2] == classic(3).hands[2]
    with pytest.raises(rules.RulesError) as e:  # the deals after it would move a contract
        store.remove_hand(sg.id, 0, sg.version)
    assert e.value.code == "contract_order"


def test_a_lottery_and_a_change_of_player_keep_their_seats_in_the_log(store: GameStore):
    sg = play(store, classic(11))
    sg = store.change_seats(sg.id, {0: "Ola"}, sg.version)
    sg = store.add_hand(sg.id, rules.Deal("lottery", out=(2, 0)), sg.version)
    assert rules.state(sg.game).players == ("Ola", "Bartek", "Celina", "Darek")
    assert sg.winner == "Celina"
    last = store.changes(sg.id)[-1]
    assert last.new_deal == rules.Deal("lottery", out=(2, 0), seat_changes={0: "Ola"})
    data = formats.game_to_dict(store.get(sg.id).game)
    assert data["hands"][-1] == {"contract": "lottery", "out": ["Celina", "Ola"],
                                 "seat_changes": {"Ala": "Ola"}}


def test_search_and_the_filter_by_game_find_kierki_games_beside_hearts(store: GameStore):
    kierki = play(store, classic(2))
    hearts = store.create_game(rules.Game.new(["Ala", "Ewa", "Ola"], rules.Rules()))
    rows = store.list_games()
    assert {r.id: r.variant for r in rows} == {kierki.id: "kierki", hearts.id: "standard"}
    assert [r.id for r in rows if r.variant == "kierki"] == [kierki.id]
    assert [r.id for r in rows if "Darek" in r.players] == [kierki.id]
    assert next(r for r in rows if r.id == hearts.id).deals == 0
    assert_consistent(store)


def test_the_json_export_and_import_carry_a_kierki_game_with_its_change_log(
        store: GameStore, tmp_path: Path):
    sg = play(store, classic(7))
    store.replace_hand(sg.id, 0, rules.Deal("no_tricks", [4, 3, 3, 3]), sg.version)
    exported = formats.export_document(store.export_games(), "2026-01-01T00:00:00.000000Z")
    text = json.dumps(exported, ensure_ascii=False)
    other = GameStore(tmp_path / "other")
    result = other.import_data(json.loads(text))
    assert (result.added, result.conflicts) == (1, ())
    back = other.get(sg.id)
    assert back.game == store.get(sg.id).game and back.version == store.get(sg.id).version
    assert [c.old_deal for c in other.changes(sg.id)] == [c.old_deal for c in store.changes(sg.id)]
    assert other.import_data(json.loads(text)).skipped == 1
    broken = json.loads(text)
    broken["games"][0]["changes"][0]["new_deal"] = {"contract": "robber", "taken": "lots"}
    with pytest.raises(StoreError) as e:
        GameStore(tmp_path / "third").import_data(broken)
    assert e.value.code == "import_invalid" and "change log entry 1" in str(e.value)


def test_the_csv_holds_kierki_beside_hearts_and_a_kierki_download_is_its_sheet(
        store: GameStore):
    play(store, classic())
    hearts = store.create_game(rules.Game.new(["Ala", "Ewa", "Ola"], rules.Rules(target=20)))
    hearts = store.add_hand(hearts.id, rules.Hand((26, 0, 0)), hearts.version)
    games = store.export_games()
    text = formats.export_csv(games)
    assert len(text.splitlines()) == 1 + 12 + 3  # a row per deal, a row per hand and player
    back = formats.parse_csv(text)
    assert [formats.game_from_dict(g) for g in back] == [formats.game_from_dict(g)
                                                        for g in games]
    kierki = next(s for s in store.list_games() if s.variant == "kierki")
    sheet = formats.game_csv(kierki.id, kierki.created, kierki.updated,
                             store.get(kierki.id).game)
    assert len(sheet.splitlines()) == 1 + 12 and sheet.splitlines()[0].startswith(
        "game_id,deal,contract,dealer,trump,player_1,taken_1,points_1,total_1")
    assert json.loads(formats.game_json(kierki.id, kierki.created, kierki.updated,
                                        store.get(kierki.id).game))["rules"]["variant"] == "kierki"


def test_a_stored_kierki_game_that_does_not_add_up_is_damaged_not_read(store: GameStore):
    sg = play(store, classic(2))
    path = store.path / "games" / f"{sg.id}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["game"]["1"]["game"]["hands"][1]["taken"] = [3, 5, 0, 4]
    from scorekeeper.store.gamedoc import check_game_data
    from scorekeeper.store.errors import DamagedData
    with pytest.raises(DamagedData) as e:
        check_game_data(data)
    assert "hand 2: the hearts taken add up to 12" in str(e.value)
