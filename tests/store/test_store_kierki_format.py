"""A Kierki game is written in format 4 (its file, an export holding one, the index of
games), a Hearts game stays in format 3: a version from before Kierki (a reader of
format 3, played here by this version with its formats set back) still opens the data
folder and plays its Hearts games, and refuses a Kierki game in words instead of taking
its file for a damaged one (and moving it aside for an older backup)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from store_helpers import read_json

from scorekeeper import formats, rules
from scorekeeper.formats import export as export_module
from scorekeeper.store import GameStore, StoreError, migrations, snapshot

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import kierki_matches as km  # noqa: E402


def game_path(store: GameStore, gid: str) -> Path:
    return store.path / "games" / f"{gid}.json"


def two_games(store: GameStore) -> tuple[str, str]:
    """A Kierki match of 3 deals and a Hearts game of one hand."""
    game = formats.game_from_dict(km.classic_file(3))
    kierki = store.create_game(rules.Game.new(game.players, game.rules, game.first_dealer))
    for deal in game.hands:
        kierki = store.add_hand(kierki.id, deal, kierki.version)
    hearts = store.create_game(rules.Game.new(["Ala", "Ewa", "Ola"], rules.Rules(target=50)))
    hearts = store.add_hand(hearts.id, rules.Hand((13, 13, 0)), hearts.version)
    return kierki.id, hearts.id


def test_a_kierki_game_is_written_in_format_4_a_hearts_game_and_the_folder_in_3(
        store: GameStore):
    kierki, hearts = two_games(store)
    assert read_json(game_path(store, kierki))["meta"]["1"]["format"] == 4
    assert read_json(game_path(store, hearts))["meta"]["1"]["format"] == 3
    assert read_json(store.path / "store.json")["format"] == 3
    store._index.compact()
    assert read_json(store.path / "index.json")["format"] == snapshot.INDEX_FORMAT == 4


def test_a_kierki_file_written_in_format_3_is_read_and_written_as_format_4(store: GameStore):
    """The version that brought Kierki's rules wrote them in format 3."""
    kierki, _ = two_games(store)
    path = game_path(store, kierki)
    data = read_json(path)
    data["meta"]["1"]["format"] = 3
    path.write_text(json.dumps(data))
    again = GameStore(store.path)
    sg = again.get(kierki)
    assert len(sg.game.hands) == 3 and again.recoveries == ()
    again.add_hand(kierki, formats.game_from_dict(km.classic_file(4)).hands[3], sg.version)
    assert read_json(path)["meta"]["1"]["format"] == 4


@pytest.fixture
def format_3_reader(monkeypatch: pytest.MonkeyPatch):
    """This version reading as the version before Kierki did: game files up to format
    3, an index of format 3, exports up to version 3."""
    def back() -> None:
        monkeypatch.setattr(migrations, "FORMAT", 3)
        monkeypatch.setattr(migrations, "GAME_STEPS",
                            {k: v for k, v in migrations.GAME_STEPS.items() if k < 3})
        monkeypatch.setattr(snapshot, "INDEX_FORMAT", 3)
        monkeypatch.setattr(export_module, "EXPORT_VERSION", 3)
    return back


def test_a_reader_of_format_3_refuses_a_kierki_game_in_words_and_plays_hearts_on(
        store: GameStore, format_3_reader, monkeypatch: pytest.MonkeyPatch):
    kierki, hearts = two_games(store)
    store._index.compact()
    path = game_path(store, kierki)
    raw = path.read_bytes()
    format_3_reader()
    old = GameStore(store.path)  # the folder opens: store.json says 3
    assert [s.id for s in old.list_games()] == [hearts]  # no game it cannot draw
    notes = " ".join(old.recovery_notes)
    assert f"game {kierki} could not be checked" in notes
    assert "written by a newer version of scorekeeper (format 4; this version reads up " \
           "to 3); upgrade scorekeeper to open it" in notes
    with pytest.raises(StoreError) as e:
        old.get(kierki)
    assert e.value.code == "format_newer" and e.value.params["format"] == 4
    assert path.read_bytes() == raw  # not moved aside, not replaced by a backup
    assert not list(path.parent.glob(f"{kierki}.json.damaged-*"))
    played = old.add_hand(hearts, rules.Hand((0, 13, 13)), old.get(hearts).version)
    assert played.game.hands[-1].points == (0, 13, 13)
    assert read_json(game_path(store, hearts))["meta"]["1"]["format"] == 3
    monkeypatch.undo()  # this version again: both games, the index rebuilt quietly
    new = GameStore(store.path)
    assert {s.id for s in new.list_games()} == {kierki, hearts} and new.recoveries == ()
    assert new.list_games()[-1].contracts[0] == ("no_tricks", 1, (-40, -60, -80, -80))


def test_an_export_with_a_kierki_game_is_version_4_which_a_reader_of_3_refuses_in_words(
        store: GameStore, format_3_reader):
    kierki, hearts = two_games(store)
    games = store.export_games()
    doc = formats.export_document(games, "2026-05-01T18:00:00.000000Z")
    only_hearts = formats.export_document([g for g in games if g["id"] == hearts],
                                          "2026-05-01T18:00:00.000000Z")
    assert (doc["version"], only_hearts["version"]) == (4, 3)
    assert {i.id for i in formats.parse_import(doc, "2026-05-01T18:00:00.000000Z")} == {
        kierki, hearts}
    format_3_reader()
    with pytest.raises(formats.FormatError) as e:
        formats.parse_import(doc, "2026-05-01T18:00:00.000000Z")
    assert str(e.value) == "the export is in format 4; this version reads up to 3"
    assert [i.id for i in formats.parse_import(only_hearts, "2026-05-01T18:00:00.000000Z")] \
        == [hearts]
