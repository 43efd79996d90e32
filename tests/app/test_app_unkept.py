"""A hand is shown only once the browser keeps it, where Python cannot wait for the
browser's storage (no JavaScript Promise integration: WebKit, older Firefox): the action's
writes are kept by one sync at its end, which runs on after the action returned
("unkept", ``store.platform``); the app draws what the save led to (the sheet with the new
totals) only once that sync ends; meanwhile Save says "Saving…" and taps are dropped.
Here the browser is a fake whose syncs end when the test says (``browser_storage``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from app_harness import Phone
from browser_storage import BrowserStorage, install

from scorekeeper.app import ids
from scorekeeper.store import GameStore, StoreError, platform


@pytest.fixture
def storage(store: GameStore, monkeypatch: pytest.MonkeyPatch) -> Any:
    kept = install(monkeypatch, Path(store.path), wait=False)
    try:
        yield kept
    finally:
        kept.refusing = kept.hold = False
        kept.end()  # nothing left unkept for the next test
        platform.on_durable(None)


def end(storage: BrowserStorage, phone: Phone) -> None:
    storage.end()
    phone.settle()


def type_hand(phone: Phone, points: list[int]) -> None:
    phone.tap(ids.ENTER_HAND)
    phone.tap(ids.MODE_POINTS)
    for seat, p in enumerate(points):
        phone.type(ids.POINTS.format(seat=seat), str(p))


def test_new_totals_show_only_once_the_browser_keeps_the_hand(
        store: GameStore, storage: BrowserStorage) -> None:
    phone = Phone(store, route="/")
    gid = phone.new_game(["Ala", "Bartek", "Celina", "Darek"])
    type_hand(phone, [3, 13, 10, 0])
    storage.hold = True
    phone.tap(ids.SAVE_HAND)

    assert storage.pending and platform.unkept()
    assert len(store.get(gid).game.hands) == 1  # written, not yet kept by the browser
    assert not phone.has(ids.TOTAL.format(seat=0)), "the totals showed before the sync"
    assert phone.has(ids.SAVE_HAND) and phone.screen == "hand"
    assert "Saving…" in phone.text(ids.SAVE_HAND)
    assert phone.disabled(ids.SAVE_HAND)

    phone.send(phone._clickable(ids.MODE_CARDS), "click")  # a tap meanwhile: dropped
    assert phone.has(ids.SAVE_HAND) and not phone.has(ids.TOTAL.format(seat=0))
    assert len(store.get(gid).game.hands) == 1

    end(storage, phone)
    assert not platform.unkept()
    assert not phone.has(ids.SAVE_HAND)
    assert phone.totals() == [3, 13, 10, 0]
    phone.tap(ids.ENTER_HAND)  # taps count again
    assert phone.has(ids.SAVE_HAND)


def test_an_actions_writes_are_kept_by_one_sync(store: GameStore,
                                                storage: BrowserStorage) -> None:
    """A new game writes the game, the recent names and the house rules: one sync, so
    the browser keeps all three or none."""
    phone = Phone(store, route="/")
    storage.hold = True
    phone.go("/new")
    for seat, name in enumerate(["Ala", "Bartek", "Celina", "Darek"]):
        phone.type(ids.PLAYER_NAME.format(seat=seat), name)
    storage.end()
    syncs = storage.syncs
    phone.tap(ids.START_GAME)
    assert len(storage.pending) == 1 and phone.screen == "new_game"
    end(storage, phone)
    assert storage.syncs == syncs + 1 and phone.screen == "sheet"


def test_a_sync_said_twice_to_have_ended_counts_once() -> None:
    first, second = platform.keeping(), platform.keeping()
    first()
    first()
    assert platform.unkept()
    called: list[Any] = []
    platform.when_kept(called.append)
    assert called == []
    second()
    assert called == [None] and not platform.unkept()
    platform.when_kept(called.append)
    assert called == [None, None]


def test_the_first_refusal_among_the_syncs_is_what_the_wait_ends_with() -> None:
    first, second = platform.keeping(), platform.keeping()
    refused = StoreError("storage_full", "full")
    called: list[Any] = []
    platform.when_kept(called.append)
    first(refused)
    second(StoreError("storage_refused", "later"))
    assert called == [refused]
    platform.when_kept(called.append)  # and the next wait starts afresh
    assert called == [refused, None]


def test_a_sync_that_ends_soon_draws_only_its_outcome(
        store: GameStore, storage: BrowserStorage) -> None:
    """With an event loop to wait on (the browser's), Save is not redrawn as "Saving…"
    when the sync ends within SAVING_SHOWN_AFTER: the sheet is the next thing drawn; a
    sync still running then shows "Saving…" as before."""
    from scorekeeper.app.views.widgets import SAVING_SHOWN_AFTER

    later: list[tuple[float, Any]] = []
    platform.on_later(lambda seconds, callback: later.append((seconds, callback)))
    try:
        phone = Phone(store, route="/")
        phone.new_game(["Ala", "Bartek", "Celina", "Darek"])
        later.clear()
        type_hand(phone, [3, 13, 10, 0])
        storage.hold = True
        phone.tap(ids.SAVE_HAND)
        assert platform.unkept() and [s for s, _ in later] == [SAVING_SHOWN_AFTER]
        assert "Saving…" not in phone.text(ids.SAVE_HAND)  # not redrawn yet
        assert not phone.has(ids.TOTAL.format(seat=0))
        end(storage, phone)  # kept before the time is up
        assert phone.totals() == [3, 13, 10, 0]
        later.pop()[1]()  # the time is up: nothing to draw
        phone.settle()
        assert phone.totals() == [3, 13, 10, 0]

        type_hand(phone, [13, 3, 0, 10])
        phone.tap(ids.SAVE_HAND)
        later.pop()[1]()  # the time is up, the sync still running: "Saving…"
        phone.settle()
        assert "Saving…" in phone.text(ids.SAVE_HAND)
        end(storage, phone)
        assert phone.totals() == [16, 16, 10, 10]
    finally:
        platform.on_later(None)


def test_a_notice_and_its_undo_wait_for_the_storage_too(
        store: GameStore, storage: BrowserStorage) -> None:
    """ "Hand 2 deleted." with its Undo shows once the delete is kept; an Undo tapped
    before that is not there to tap."""
    phone = Phone(store, route="/")
    phone.new_game(["Ala", "Bartek", "Celina", "Darek"])
    for points in ([3, 13, 10, 0], [13, 3, 0, 10]):
        type_hand(phone, points)
        phone.tap(ids.SAVE_HAND)
    phone.tap(ids.HAND_ROW.format(n=2))
    phone.tap(ids.DELETE_HAND)
    storage.hold = True
    phone.tap(ids.CONFIRM)
    assert not phone.has(ids.NOTICE) and not phone.has(ids.UNDO)
    assert phone.screen == "hand"
    end(storage, phone)
    assert "Hand 2 deleted" in phone.text(ids.NOTICE) and phone.has(ids.UNDO)
    phone.tap(ids.UNDO)
    assert "Hand 2 deleted" in phone.text(ids.NOTICE)  # the undo's notice: not yet
    end(storage, phone)
    assert "Hand 2 is back" in phone.text(ids.NOTICE)
