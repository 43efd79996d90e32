"""The store's interface: games, hands, the change log, versions, history, settings, drafts."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from store_helpers import FOUR, assert_consistent, hand, long_game
from tinydb import TinyDB

from scorekeeper import formats, rules
from scorekeeper.store import migrations
from scorekeeper.store import (
    Change,
    GameNotFoundError,
    GameStore,
    GameSummary,
    StaleGameError,
    StoredGame,
    StoreError,
    data_dir,
)


def test_create_and_get(store: GameStore) -> None:
    game = rules.Game.new(["Ala", "Bartek", "Celina"], rules.Rules(target=50),
                          first_dealer="Bartek")
    sg = store.create_game(game)
    assert isinstance(sg, StoredGame)
    assert sg.version == 1 and not sg.finished and sg.winner is None and not sg.deleted
    assert sg.created == sg.updated and sg.created.endswith("Z")
    again = store.get(sg.id)
    assert again == sg
    assert again.game == game


def test_values_are_immutable(store: GameStore) -> None:
    sg = store.add_hand(store.create_game(long_game()).id, hand(0), 1)
    for value in (sg, store.list_games()[0], store.changes(sg.id)[0]):
        with pytest.raises(dataclasses.FrozenInstanceError):
            value.version = 99  # type: ignore[misc]
    assert isinstance(store.list_games()[0].players, tuple)
    assert isinstance(store.changes(sg.id)[0].new, tuple)


def test_hands_add_edit_remove_with_versions(store: GameStore) -> None:
    sg = store.create_game(long_game())
    sg = store.add_hand(sg.id, hand(0), sg.version)
    sg = store.add_hand(sg.id, hand(1), sg.version)
    sg = store.add_hand(sg.id, hand(2), sg.version)
    assert sg.version == 4
    sg = store.replace_hand(sg.id, 0, rules.Hand((13, 3, 10, 0)), sg.version)
    sg = store.remove_hand(sg.id, 1, sg.version)
    assert [h.points for h in sg.game.hands] == [(13, 3, 10, 0), (26, 0, 0, 0)]
    assert sg.version == 6
    assert store.get(sg.id).game == sg.game


def test_change_log(store: GameStore) -> None:
    sg = store.create_game(rules.Game.new(FOUR, rules.Rules(target=500, moon="shooter_choice")))
    sg = store.add_hand(sg.id, hand(0), sg.version)
    sg = store.add_hand(sg.id, rules.Hand((0, 26, 0, 0), "subtract_from_self"), sg.version)
    sg = store.replace_hand(sg.id, 0, rules.Hand((3, 10, 13, 0)), sg.version)
    sg = store.remove_hand(sg.id, 1, sg.version)
    log = store.changes(sg.id)
    assert all(isinstance(c, Change) for c in log)
    assert [(c.action, c.hand, c.old, c.new) for c in log] == [
        ("add", 1, None, (3, 13, 10, 0)),
        ("add", 2, None, (0, 26, 0, 0)),
        ("edit", 1, (3, 13, 10, 0), (3, 10, 13, 0)),
        ("remove", 2, (0, 26, 0, 0), None),
    ]
    assert log[1].new_moon_choice == "subtract_from_self"
    assert log[3].old_moon_choice == "subtract_from_self"
    assert [c.version for c in log] == [2, 3, 4, 5]
    assert [c.at for c in log] == sorted(c.at for c in log)


def test_insert_hand_is_one_change_and_the_later_hands_are_not_edits(folder: Path) -> None:
    store = GameStore(folder)
    sg = store.create_game(long_game())
    for i in range(4):
        sg = store.add_hand(sg.id, hand(i), sg.version)
    removed = sg.game.hands[1]
    sg = store.remove_hand(sg.id, 1, sg.version)
    sg = store.insert_hand(sg.id, 1, removed, sg.version)  # the undo of that removal
    assert isinstance(sg, StoredGame) and sg.version == 7
    assert sg.game == rules.Game.new(FOUR, long_game().rules, 0, [hand(i) for i in range(4)])
    log = store.changes(sg.id)
    assert [(c.action, c.hand, c.old, c.new, c.version) for c in log[-2:]] == [
        ("remove", 2, removed.points, None, 6),
        ("insert", 2, None, removed.points, 7),
    ]
    assert [c.action for c in log].count("edit") == 0
    # durable like every write: a new store on the folder (a restart) reads it back
    again = GameStore(folder)
    assert again.get(sg.id) == sg and again.changes(sg.id) == log
    assert again.recovery_notes == ()
    assert_consistent(again)
    # at the end it is the same as adding; a place past the end is refused, nothing written
    sg = store.insert_hand(sg.id, 4, hand(4), sg.version)
    assert sg.game.hands[-1] == hand(4) and store.changes(sg.id)[-1].hand == 5
    for bad in (-1, 6):
        with pytest.raises(rules.RulesError) as err:
            store.insert_hand(sg.id, bad, hand(0), sg.version)
        assert err.value.code == "no_such_hand"
    assert store.get(sg.id) == sg and len(store.changes(sg.id)) == 7


def test_insert_that_breaks_a_later_hand_changes_nothing(store: GameStore) -> None:
    sg = store.create_game(rules.Game.new(FOUR, rules.Rules(target=50)))
    for points in ((13, 13, 0, 0), (13, 13, 0, 0), (13, 0, 13, 0)):
        sg = store.add_hand(sg.id, rules.Hand(points), sg.version)
    with pytest.raises(rules.RulesError) as err:  # over after the new hand 3: hand 4 is stray
        store.insert_hand(sg.id, 2, rules.Hand((24, 1, 1, 0)), sg.version)
    assert err.value.code == "game_over" and err.value.hand == 4
    assert store.get(sg.id) == sg and len(store.changes(sg.id)) == 3


def test_stale_write_is_rejected_and_changes_nothing(folder: Path) -> None:
    phone, tablet = GameStore(folder), GameStore(folder)
    sg = phone.create_game(long_game())
    seen_by_tablet = tablet.get(sg.id)
    phone.add_hand(sg.id, hand(0), sg.version)
    with pytest.raises(StaleGameError) as err:
        tablet.add_hand(sg.id, hand(1), seen_by_tablet.version)
    assert err.value.code == "stale" and err.value.current == 2 and err.value.expected == 1
    assert "changed on another device; reload" in str(err.value)
    for op in (lambda: tablet.replace_hand(sg.id, 0, hand(1), 1),
               lambda: tablet.remove_hand(sg.id, 0, 1),
               lambda: tablet.insert_hand(sg.id, 0, hand(1), 1)):
        with pytest.raises(StaleGameError):
            op()
    assert [h.points for h in tablet.get(sg.id).game.hands] == [hand(0).points]
    assert len(tablet.changes(sg.id)) == 1


def test_rules_errors_pass_through_and_change_nothing(store: GameStore) -> None:
    sg = store.create_game(long_game())
    with pytest.raises(rules.RulesError) as err:
        store.add_hand(sg.id, rules.Hand((1, 2, 3, 4)), sg.version)
    assert err.value.code == "hand_total"
    with pytest.raises(rules.RulesError):
        store.replace_hand(sg.id, 0, hand(0), sg.version)  # there is no hand 1
    assert store.get(sg.id).version == 1
    assert store.changes(sg.id) == []


def test_finished_game_and_winner_come_from_the_rules(store: GameStore) -> None:
    sg = store.create_game(rules.Game.new(FOUR, rules.Rules(target=26)))
    sg = store.add_hand(sg.id, rules.Hand((0, 13, 13, 0)), sg.version)
    assert not sg.finished  # Ala and Darek share the lowest total
    sg = store.add_hand(sg.id, rules.Hand((0, 13, 12, 1)), sg.version)
    assert sg.finished and sg.winner == "Ala"
    row = store.list_games()[0]
    assert (row.finished, row.winner, row.totals, row.hands) == (True, "Ala", (0, 26, 25, 1), 2)
    with pytest.raises(rules.RulesError) as err:
        store.add_hand(sg.id, hand(0), sg.version)
    assert err.value.code == "game_over"


def test_history_list_newest_first_and_soft_delete(store: GameStore) -> None:
    a = store.create_game(long_game())
    b = store.create_game(rules.Game.new(["X", "Y", "Z"]))
    store.add_hand(a.id, hand(0), a.version)  # a is now the most recently changed
    rows = store.list_games()
    assert all(isinstance(r, GameSummary) for r in rows)
    assert [r.id for r in rows] == [a.id, b.id]
    assert rows[1].players == ("X", "Y", "Z") and rows[1].variant == "standard"
    assert rows[1].target == 100 and rows[1].hands == 0
    store.delete_game(a.id)
    assert [r.id for r in store.list_games()] == [b.id]
    assert [r.id for r in store.list_games(include_deleted=True)] == [a.id, b.id]
    assert store.get(a.id).deleted
    with pytest.raises(StoreError) as err:
        store.add_hand(a.id, hand(1), store.get(a.id).version)
    assert err.value.code == "deleted"
    store.restore_game(a.id)
    assert [r.id for r in store.list_games()] == [a.id, b.id]
    assert len(store.get(a.id).game.hands) == 1


def test_unfinished_game_resumes_after_restart(folder: Path) -> None:
    store = GameStore(folder)
    sg = store.create_game(long_game())
    for i in range(5):
        sg = store.add_hand(sg.id, hand(i), sg.version)
    del store
    again = GameStore(folder)
    resumed = again.get(sg.id)
    assert resumed == sg
    assert [r.id for r in again.list_games() if not r.finished] == [sg.id]
    resumed = again.add_hand(sg.id, hand(5), resumed.version)
    assert len(resumed.game.hands) == 6


def test_set_rules_rechecks_every_hand(store: GameStore) -> None:
    sg = store.create_game(long_game())
    sg = store.add_hand(sg.id, rules.Hand((26, 0, 0, 0)), sg.version)
    sg = store.set_rules(sg.id, rules.Rules(target=26), sg.version)
    assert sg.finished and sg.winner == "Ala" and sg.game.rules.target == 26


def test_unknown_and_bad_ids(store: GameStore) -> None:
    for gid in ("nope", "../../etc/passwd", "", "a" * 65, 5):
        with pytest.raises(GameNotFoundError) as err:
            store.get(gid)  # type: ignore[arg-type]
        assert err.value.code == "not_found"
    with pytest.raises(GameNotFoundError):
        store.add_hand("nope", hand(0), 1)
    with pytest.raises(GameNotFoundError):
        store.changes("nope")


def test_expected_version_must_be_an_int(store: GameStore) -> None:
    sg = store.create_game(long_game())
    with pytest.raises(TypeError):
        store.add_hand(sg.id, hand(0), "1")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        store.add_hand(sg.id, hand(0), True)  # type: ignore[arg-type]


def test_settings(folder: Path) -> None:
    store = GameStore(folder)
    assert store.get_setting("language") is None
    assert store.get_setting("language", "en") == "en"
    store.set_setting("language", "pl")
    store.set_setting("recent_names", ["Ala", "Žydrūnas"])
    store.set_setting("language", "lt")
    again = GameStore(folder)
    assert again.get_setting("language") == "lt"
    assert again.get_setting("recent_names") == ["Ala", "Žydrūnas"]
    with pytest.raises(StoreError) as err:
        store.set_setting("bad", object())
    assert err.value.code == "bad_value"
    # the settings file is an ordinary TinyDB database
    db = TinyDB(folder / "settings.json")
    assert {d["key"]: d["value"] for d in db.table("settings").all()}["language"] == "lt"


def test_drafts(store: GameStore) -> None:
    sg = store.create_game(long_game())
    assert store.get_draft(sg.id) is None
    store.save_draft(sg.id, {"points": [3, None, 10, None], "hand": 1})
    store.save_draft(sg.id, {"points": [3, 13, 10, None], "hand": 1})
    assert store.get_draft(sg.id) == {"points": [3, 13, 10, None], "hand": 1}
    store.save_draft(sg.id, None)
    assert store.get_draft(sg.id) is None
    store.save_draft(sg.id, None)  # removing twice is fine
    with pytest.raises(StoreError):
        store.save_draft(sg.id, {"x": float("nan")})
    # a draft damaged by a crash is gone, but moved aside, not overwritten
    path = store.path / "drafts" / f"{sg.id}.json"
    path.write_bytes(b'{"points": [3, 1')
    assert store.get_draft(sg.id) is None
    aside = list(path.parent.glob(path.name + ".damaged-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == b'{"points": [3, 1'
    assert "draft of game" in store.recovery_notes[0]
    store.save_draft(sg.id, {"hand": 2})
    assert store.get_draft(sg.id) == {"hand": 2}


def test_an_oversized_draft_is_refused_and_never_written(store: GameStore) -> None:
    """A draft holds what a game can (names of 40 characters, points of 18 digits); a
    megabyte typed into a field is refused, the draft kept before stays as it was."""
    sg = store.create_game(long_game())
    store.save_draft(sg.id, {"points": ["3", "", "", ""], "hand": 1})
    path = store.path / "drafts" / f"{sg.id}.json"
    before = path.read_bytes()
    with pytest.raises(StoreError) as e:
        store.save_draft(sg.id, {"points": ["7" * 1_000_000, "", "", ""], "hand": 1})
    assert e.value.code == "draft_too_big"
    with pytest.raises(StoreError):
        store.save_draft("new-game", {"names": ["x" * 1_000_000, "", "", ""]})
    assert path.read_bytes() == before and not (path.parent / "new-game.json").exists()
    assert not list((store.path / "tmp").iterdir())
    # the biggest form the limits allow fits: the most players, 40 four-byte characters
    names = ["\U0001F600" * rules.MAX_NAME_LENGTH] * rules.MAX_PLAYERS
    store.save_draft("new-game", {"names": names, "target_other": "9" * 18})
    assert store.get_draft("new-game")["names"] == names

def test_game_file_is_a_tinydb_database(store: GameStore) -> None:
    sg = store.create_game(long_game())
    sg = store.add_hand(sg.id, hand(0), sg.version)
    db = TinyDB(store.path / "games" / f"{sg.id}.json")
    doc = db.table("game").get(doc_id=1)
    assert doc["version"] == 2 and doc["game"] == formats.game_to_dict(sg.game)
    assert db.table("changes").get(doc_id=1)["action"] == "add"
    assert db.table("meta").get(doc_id=1) == {"format": migrations.HEARTS_FORMAT}


def test_scores_are_not_stored_as_truth(store: GameStore) -> None:
    """A game file holds players, rules and hands; totals are only in the index cache,
    which is rebuilt from the rules."""
    sg = store.create_game(long_game())
    sg = store.add_hand(sg.id, rules.Hand((26, 0, 0, 0)), sg.version)
    text = (store.path / "games" / f"{sg.id}.json").read_text()
    assert "totals" not in text and "scores" not in text
    assert store.list_games()[0].totals == (0, 26, 26, 26)


def test_data_folder_resolution(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "flet"))
    assert data_dir(str(tmp_path / "cli")) == tmp_path / "cli"
    assert data_dir(None) == tmp_path / "flet"
    store = GameStore.open()
    assert store.path == tmp_path / "flet" and (tmp_path / "flet" / "store.json").is_file()
    monkeypatch.delenv("FLET_APP_STORAGE_DATA")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir(None) == tmp_path / "xdg" / "scorekeeper"


def test_data_folder_that_is_a_file(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(StoreError) as err:
        GameStore(tmp_path / "file")
    assert err.value.code == "not_a_folder"


def test_many_games_stay_consistent(store: GameStore) -> None:
    ids = []
    for g in range(12):
        sg = store.create_game(long_game())
        for i in range(g % 4):
            sg = store.add_hand(sg.id, hand(i + g), sg.version)
        ids.append(sg.id)
    store.delete_game(ids[3])
    assert len(store.list_games()) == 11
    assert_consistent(store)
    assert_consistent(GameStore(store.path))
