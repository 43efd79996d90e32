"""Damaged save files: what the store repaired is told to a player once, in words, in
their language. Each test damages files of a real store in a temporary folder before
the app opens it (as after a crash or a bad disk)."""

from pathlib import Path

from app_harness import Phone

from scorekeeper import rules
from scorekeeper.app import ids
from scorekeeper.store import GameStore

NAMES = ["Ala", "Bartek", "Celina", "Darek"]
HANDS = [(3, 13, 10, 0), (0, 0, 13, 13), (1, 2, 3, 20)]
RESTORED = "A damaged save file was set aside; the last good copy was restored."


def stored_game(store: GameStore, hands: int = 3) -> str:
    sg = store.create_game(rules.Game.new(NAMES))
    for points in HANDS[:hands]:
        sg = store.add_hand(sg.id, rules.Hand(points), sg.version)
    return sg.id


def damage(store: GameStore, gid: str) -> Path:
    path = store.path / "games" / f"{gid}.json"
    path.write_bytes(path.read_bytes()[:40])  # torn in the middle of a write
    return path


def test_a_damaged_game_is_restored_and_the_player_told_once(store):
    gid = stored_game(store)
    damage(store, gid)
    reopened = GameStore(store.path)  # the app starts on the damaged folder
    phone = Phone(reopened)
    assert not phone.has(ids.RECOVERED)  # nothing was read that was damaged
    phone.tap(ids.RESUME.format(game_id=gid))
    assert phone.screen == "sheet"
    assert RESTORED in phone.text(ids.RECOVERED)
    assert "The latest change may be missing." in phone.text(ids.RECOVERED)
    # the sheet is the last good copy: the hand saved last is the one missing
    game = phone.session.game.game
    assert [h.points for h in game.hands] == HANDS[:2]
    assert phone.totals() == list(rules.state(game).totals)
    # it stays on the next screens until it is read, then it is gone for good
    phone.tap(ids.BACK)
    assert phone.screen == "home" and RESTORED in phone.text(ids.RECOVERED)
    phone.tap(ids.RECOVERED_OK)
    assert not phone.has(ids.RECOVERED)
    phone.go(f"/game/{gid}")
    assert not phone.has(ids.RECOVERED)
    assert not phone.reload(reopened).has(ids.RECOVERED)  # a reload does not repeat it
    assert not Phone(reopened).has(ids.RECOVERED)  # nor does another phone
    assert list(reopened.path.glob(f"games/{gid}.json.damaged-*"))  # kept, not deleted


def test_the_notice_is_in_the_player_s_language(store):
    gid = stored_game(store)
    damage(store, gid)
    phone = Phone(GameStore(store.path), language="pl", route=f"/game/{gid}")
    text = phone.text(ids.RECOVERED)
    assert "przywrócono jego ostatnią dobrą kopię" in text and "set aside" not in text
    assert "Rozumiem" in phone.text(ids.RECOVERED_OK)
    phone = Phone(GameStore(store.path), language="lt")
    assert not phone.has(ids.RECOVERED)  # that folder's damage was repaired already


def test_a_game_with_no_good_copy_is_said_to_be_missing(store):
    kept = stored_game(store)
    lost = store.create_game(rules.Game.new(NAMES)).id  # one write: no backup yet
    damage(store, lost)
    phone = Phone(GameStore(store.path), route=f"/game/{lost}")
    assert phone.screen == "not_found"
    assert "no good copy of it was found" in phone.text(ids.RECOVERED)
    phone.tap(ids.HOME)
    assert phone.has(ids.RESUME.format(game_id=kept))
    assert not phone.has(ids.RESUME.format(game_id=lost))


def test_repairs_made_when_the_store_opens_are_shown_on_the_home_screen(store):
    gid = stored_game(store)
    (store.path / "index.json").write_bytes(b'{"games": [')  # the history list's index
    phone = Phone(GameStore(store.path))
    assert phone.screen == "home"
    assert "rebuilt from the saved games; nothing was lost" in phone.text(ids.RECOVERED)
    assert phone.has(ids.RESUME.format(game_id=gid))


def test_a_damaged_half_entered_hand_is_said_and_the_entry_starts_empty(store):
    gid = stored_game(store)
    phone = Phone(store, route=f"/game/{gid}/hand")
    phone.tap(ids.MODE_POINTS)
    phone.type(ids.POINTS.format(seat=0), "7")
    (store.path / "drafts" / f"{gid}.json").write_bytes(b"\xff\xfe")
    again = phone.reload(store)
    assert again.screen == "hand"
    assert "A half-entered hand could not be read" in again.text(ids.RECOVERED)
    assert again.session.entry.typed_points()[0] == [0, 0, 0, 0]
