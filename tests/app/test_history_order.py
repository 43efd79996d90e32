"""Issue 18: the history sorted by when each game started (newest first) with "Last played"
as the other order, kept in the address; a delete's Undo stays until the next action and
is also on the change log."""

from __future__ import annotations

from app_harness import Phone, walk

from scorekeeper.app import ids
from scorekeeper.app.views import overlays
from scorekeeper.app.routes import History, parse

NAMES = ["Ala", "Bartek", "Celina", "Darek"]


def game_file(gid: str, names: list[str], created: str, updated: str, hands: int) -> dict:
    return {"id": gid, "players": names, "created": created, "updated": updated,
            "hands": [{"points": [13, 13, 0, 0]} for _ in range(hands)], "version": hands}


def seed(store) -> None:
    """Started yesterday and played on today; started today, last played an hour ago;
    started the day before, not played since."""
    store.import_data({"kind": "scorekeeper-export", "version": 2, "games": [
        game_file("yesterday", ["Ala", "Bartek", "Celina", "Darek"],
                  "2026-11-30T18:00:00+00:00", "2026-12-01T20:00:00+00:00", 3),
        game_file("today", ["Ewa", "Filip", "Gosia", "Henryk"],
                  "2026-12-01T17:00:00+00:00", "2026-12-01T19:00:00+00:00", 2),
        game_file("older", ["Iza", "Janek", "Kasia", "Lena"],
                  "2026-11-29T10:00:00+00:00", "2026-11-29T11:00:00+00:00", 1),
    ]})


def order_on_screen(phone: Phone) -> list[str]:
    prefix = ids.HISTORY_GAME.format(game_id="")
    seen = [c.identifier[len(prefix):] for root in phone.roots() for c in walk(root)
            if getattr(c, "identifier", None) and str(c.identifier).startswith(prefix)]
    return list(dict.fromkeys(seen))


def test_history_lists_the_newest_start_first_and_last_played_on_a_tap(store):
    seed(store)
    phone = Phone(store, route="/history")
    assert order_on_screen(phone) == ["today", "yesterday", "older"]
    assert phone.checked(ids.HISTORY_ORDER.format(order="started"))
    phone.tap(ids.HISTORY_ORDER.format(order="played"))
    assert order_on_screen(phone) == ["yesterday", "today", "older"]
    assert phone.checked(ids.HISTORY_ORDER.format(order="played"))
    assert not phone.checked(ids.HISTORY_ORDER.format(order="started"))
    assert phone.routes[-1] == "/history?order=played"  # kept in the address
    assert "Last played" in phone.text(ids.HISTORY_GAME.format(game_id="today"))
    phone.tap(ids.HISTORY_STATUS.format(status="unfinished"))  # the filters keep the order
    assert phone.routes[-1] == "/history?status=unfinished&order=played"
    again = Phone(store, route=phone.routes[-1])  # a reload
    assert order_on_screen(again) == ["yesterday", "today", "older"]


def test_history_addresses_read_back_to_the_same_order():
    for route in (History(), History("finished"), History("all", "played"),
                  History("unfinished", "played")):
        assert parse(route.url()) == route
    assert parse("/history?order=nonsense") == History()


def test_an_undo_stays_until_the_next_action_for_more_than_15_seconds(phone):
    gid = phone.new_game(NAMES)
    other = phone.new_game(["Ewa", "Filip", "Gosia"])
    phone.go("/history")
    phone.tap(ids.DELETE_GAME.format(game_id=other))
    phone.tap(ids.CONFIRM)
    assert phone.has(ids.UNDO)
    assert overlays.notice_seconds(phone.session.notice) >= 15
    phone.tap(ids.HISTORY_VARIANT.format(variant="standard"))  # the next action: it goes
    assert not phone.has(ids.UNDO)
    assert phone.has(ids.HISTORY_GAME.format(game_id=gid))
    assert not phone.has(ids.HISTORY_GAME.format(game_id=other))  # still deleted


def delete_a_hand(phone: Phone, hands: list[list[int]], number: int) -> str:
    """A game of ``hands``, then hand ``number`` deleted (confirmed); the game's id."""
    gid = phone.new_game(NAMES)
    for points in hands:
        phone.enter_points(points)
    for identifier in (ids.HAND_ROW.format(n=number), ids.DELETE_HAND, ids.CONFIRM):
        phone.tap(identifier)
    return gid


def test_a_deleted_hand_can_be_brought_back_from_the_change_log(phone):
    gid = delete_a_hand(phone, [[3, 13, 10, 0], [0, 0, 13, 13], [1, 2, 3, 20]], 2)
    assert phone.has(ids.UNDO)  # the notice's Undo, on the sheet
    phone.tap(ids.CHANGE_LOG)  # the next action: the notice goes, the log keeps the undo
    assert not phone.has(ids.UNDO)
    assert "Hand 2 deleted" in phone.text(ids.CHANGE.format(n=0))
    assert "Bring back hand 2" in phone.text(ids.CHANGE_UNDO)
    phone.tap(ids.CHANGE_UNDO)
    stored = phone.session.store.get(gid)
    assert [h.points for h in stored.game.hands] == [(3, 13, 10, 0), (0, 0, 13, 13),
                                                      (1, 2, 3, 20)]
    assert "Hand 2 brought back" in phone.text(ids.CHANGE.format(n=0))
    assert not phone.has(ids.CHANGE_UNDO)  # done once; nothing left to undo


def test_the_change_log_offers_no_undo_once_the_game_changed_after_the_delete(phone):
    delete_a_hand(phone, [[3, 13, 10, 0], [0, 0, 13, 13]], 1)
    phone.enter_points([1, 2, 3, 20])
    phone.tap(ids.CHANGE_LOG)
    assert not phone.has(ids.CHANGE_UNDO)
