"""A table's life in the store: a change of player waits for the next hand, is
one change-log entry and undoes like one; games round-trip through the files, the JSON
export and the CSV; the history list, search, rematch and stats know who played when."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper import formats, rules
from scorekeeper.rules import stats
from scorekeeper.store import GameStore

FOUR = ["Ala", "Bartek", "Celina", "Darek"]


def new_game(store: GameStore, target: int = 100, **house):
    return store.create_game(rules.Game.new(FOUR, rules.Rules(target=target, house=house)))


def test_a_change_of_player_waits_for_the_next_hand_and_comes_in_with_it(store: GameStore):
    sg = new_game(store)
    sg = store.add_hand(sg.id, rules.Hand((13, 5, 4, 4)), sg.version)
    sg = store.change_seats(sg.id, {3: "Zenon"}, sg.version)
    assert sg.next_seat_changes == ((3, "Zenon"),)
    assert sg.next_names == ("Ala", "Bartek", "Celina", "Zenon")
    assert rules.state(sg.game).players == tuple(FOUR)  # no hand played under it yet
    assert store.changes(sg.id)[-1].action == "seats"
    assert store.changes(sg.id)[-1].new_seats == ((3, "Zenon"),)
    sg = store.add_hand(sg.id, rules.Hand((0, 10, 10, 6)), sg.version)
    assert sg.next_seat_changes == ()
    assert sg.game.hands[1].seat_changes == ((3, "Zenon"),)
    st = rules.state(sg.game)
    assert st.players[3] == "Zenon" and st.totals == (13, 15, 14, 10)
    assert store.changes(sg.id)[-1].new_seats == ((3, "Zenon"),)
    again = GameStore(store.path).get(sg.id)  # read back from its file
    assert again.game == sg.game and again.next_seat_changes == ()


def test_undoing_a_change_of_player_puts_the_waiting_changes_back(store: GameStore):
    sg = new_game(store)
    sg = store.change_seats(sg.id, {1: "Bartosz"}, sg.version)
    sg = store.change_seats(sg.id, {1: "Bartosz", 3: "Zenon"}, sg.version)
    undone = store.change_seats(sg.id, store.changes(sg.id)[-1].old_seats, sg.version)
    assert undone.next_seat_changes == ((1, "Bartosz"),)
    log = store.changes(sg.id)
    assert [c.action for c in log] == ["seats", "seats", "seats"]
    assert GameStore(store.path).get(sg.id).next_seat_changes == ((1, "Bartosz"),)


@pytest.mark.parametrize("changes, code", [
    ({3: "ala"}, "seat_change_duplicate"), ({3: "Darek"}, "seat_change_same"),
    ({3: ""}, "seat_change_empty"), ({9: "Ola"}, "seat_change_seat"),
])
def test_a_change_of_player_is_checked_before_anything_is_written(store: GameStore, changes, code):
    sg = new_game(store)
    with pytest.raises(rules.RulesError) as info:
        store.change_seats(sg.id, changes, sg.version)
    assert info.value.code == code
    assert store.get(sg.id).version == sg.version and store.changes(sg.id) == []


def test_an_edit_that_would_clash_with_a_waiting_change_is_refused(store: GameStore):
    sg = new_game(store)
    sg = store.add_hand(sg.id, rules.Hand((26, 0, 0, 0), seat_changes={2: "Ola"}), sg.version)
    sg = store.change_seats(sg.id, {3: "Celina"}, sg.version)  # Celina left; her name is free
    with pytest.raises(rules.RulesError) as info:  # hand 1 without the change: two Celinas
        store.replace_hand(sg.id, 0, rules.Hand((26, 0, 0, 0)), sg.version)
    assert info.value.code == "seat_change_duplicate"


def test_no_change_of_player_once_the_game_is_over(store: GameStore):
    sg = new_game(store, target=26)
    sg = store.add_hand(sg.id, rules.Hand((26, 0, 0, 0)), sg.version)
    assert sg.finished
    with pytest.raises(rules.RulesError) as info:
        store.change_seats(sg.id, {3: "Zenon"}, sg.version)
    assert info.value.code == "game_over"


def played_life(store: GameStore):
    """Zenon for Darek from hand 3, then a shared win of Bartek and Zenon (target 50)."""
    sg = new_game(store, target=50, tie="share")
    for points in ((20, 0, 6, 0), (20, 0, 6, 0)):
        sg = store.add_hand(sg.id, rules.Hand(points), sg.version)
    sg = store.change_seats(sg.id, {3: "Zenon"}, sg.version)
    return store.add_hand(sg.id, rules.Hand((12, 5, 4, 5)), sg.version)


def test_the_history_row_has_the_names_now_every_winner_and_who_played_when(store: GameStore):
    sg = played_life(store)
    assert sg.finished and sg.winner is None and sg.winners == ("Bartek", "Zenon")
    row = store.list_games()[0]
    assert row.players == ("Ala", "Bartek", "Celina", "Zenon")
    assert row.winners == ("Bartek", "Zenon") and row.former == ("Darek",)
    assert [(s.name, s.first, s.last, s.points) for s in row.spells if s.seat == 3] == \
        [("Darek", 1, 2, 0), ("Zenon", 3, 3, 5)]
    assert GameStore(store.path).list_games()[0] == row  # the index keeps it


def test_a_game_without_changes_keeps_its_history_row(store: GameStore):
    sg = new_game(store)
    store.add_hand(sg.id, rules.Hand((26, 0, 0, 0)), sg.version)
    row = store.list_games()[0]
    assert row.spells == () and row.marks == () and row.former == () and row.winners == ()


def test_the_json_export_and_import_keep_the_changes_and_what_waits(store: GameStore,
                                                                    tmp_path: Path):
    sg = played_life(store)
    other = new_game(store, target=100)
    other = store.change_seats(other.id, {0: "Ola"}, other.version)
    doc = formats.export_document(store.export_games(), "2026-01-02T03:04:05.000000Z")
    there = GameStore(tmp_path / "there")
    there.import_data(doc)
    assert there.get(sg.id).game == sg.game
    assert there.get(other.id).next_seat_changes == ((0, "Ola"),)
    assert [c.action for c in there.changes(sg.id)].count("seats") == 1


def test_the_csv_export_reads_back_to_the_same_game(store: GameStore, tmp_path: Path):
    sg = played_life(store)
    text = formats.export_csv(store.export_games())
    there = GameStore(tmp_path / "there")
    there.import_data(formats.parse_csv(text))
    assert there.get(sg.id).game == sg.game


def test_stats_count_each_players_own_hands_and_a_shared_win_for_each(store: GameStore):
    played_life(store)
    got = stats.compute(store.list_games())
    darek, zenon = got.player("Darek"), got.player("Zenon")
    assert (darek.games, darek.wins, darek.hands, darek.points) == (1, 0, 2, 0)
    assert darek.average_place == 0.0 and darek.placed == 0
    assert (zenon.games, zenon.wins, zenon.hands, zenon.points) == (1, 1, 1, 5)
    assert got.player("Bartek").wins == 1 and got.player("Ala").wins == 0
    assert got.player("Ala").hands == 3 and got.player("Ala").points == 52
    # head to head over the hands both played: Darek 0 vs Zenon never met
    assert got.head_to_head("Darek", "Zenon").games == 0
    # Ala vs Darek over hands 1-2: 40 against 0; Ala vs Zenon over hand 3: 12 against 5
    h = got.head_to_head("Darek", "Ala")
    assert (h.games, h.first_ahead, h.second_ahead) == (1, 1, 0)
    h = got.head_to_head("Ala", "Zenon")
    assert (h.games, h.first_ahead, h.second_ahead) == (1, 0, 1)
    h = got.head_to_head("Bartek", "Zenon")  # 5 and 5 over hand 3
    assert (h.games, h.ties) == (1, 1)


def test_a_rematch_seats_the_names_after_the_last_hand(store: GameStore):
    from scorekeeper.app.forms.new_game import NewGameForm

    sg = played_life(store)
    form = NewGameForm.rematch(sg.game, sg.id)
    assert form.names == ["Ala", "Bartek", "Celina", "Zenon"]
    assert form.tie_share and form.build().rules.shares_ties


def test_searching_a_former_name_finds_the_game(store: GameStore):
    from scorekeeper.app.screens.history import Model, search_key

    played_life(store)
    row = store.list_games()[0]
    model = Model.__new__(Model)  # only the filter is asked: no session needed
    model.status, model.variant = "all", "any"
    assert model._fits(row, search_key("darek")) and model._fits(row, search_key("zenon"))
    assert not model._fits(row, search_key("ewa"))
