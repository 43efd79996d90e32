"""A hand is shown only once the browser keeps it, where Python cannot wait for the
browser's storage (no JavaScript Promise integration: WebKit, older Firefox): the store's
durable write returns with its sync to IndexedDB still running ("unkept",
``store.platform``), and the app draws what the save led to (the sheet with the new
totals) only once that sync ends; meanwhile Save says "Saving…" and taps are dropped.
Here the browser is a fake whose syncs end when the test says."""

from __future__ import annotations

from typing import Callable

from app_harness import Phone

from scorekeeper.app import ids
from scorekeeper.store import GameStore, platform


def end(syncs: list[Callable[[], None]], phone: Phone) -> None:
    for kept in syncs:
        kept()
    syncs.clear()
    phone.settle()


def test_new_totals_show_only_once_the_browser_keeps_the_hand(
        store: GameStore, syncs: list[Callable[[], None]]) -> None:
    phone = Phone(store, route="/")
    gid = phone.new_game(["Ala", "Bartek", "Celina", "Darek"])
    end(syncs, phone)
    phone.tap(ids.ENTER_HAND)
    phone.tap(ids.MODE_POINTS)
    for seat, points in enumerate([3, 13, 10, 0]):
        phone.type(ids.POINTS.format(seat=seat), str(points))
    phone.tap(ids.SAVE_HAND)

    assert syncs and platform.unkept()
    assert len(store.get(gid).game.hands) == 1  # written, not yet kept by the browser
    assert not phone.has(ids.TOTAL.format(seat=0)), "the totals showed before the sync"
    assert phone.has(ids.SAVE_HAND)
    assert "Saving…" in phone.text(ids.SAVE_HAND)
    assert phone.disabled(ids.SAVE_HAND)

    phone.send(phone._clickable(ids.MODE_CARDS), "click")  # a tap meanwhile: dropped
    assert phone.has(ids.SAVE_HAND) and not phone.has(ids.TOTAL.format(seat=0))
    assert len(store.get(gid).game.hands) == 1

    end(syncs, phone)
    assert not platform.unkept()
    assert not phone.has(ids.SAVE_HAND)
    assert phone.totals() == [3, 13, 10, 0]
    phone.tap(ids.ENTER_HAND)  # taps count again
    assert phone.has(ids.SAVE_HAND)


def test_the_last_of_several_syncs_lets_the_screen_show(
        store: GameStore, syncs: list[Callable[[], None]]) -> None:
    """Two writes of one action: the screen waits for both."""
    phone = Phone(store, route="/")
    phone.new_game(["Ala", "Bartek", "Celina"])
    assert len(syncs) >= 1
    first, rest = syncs[0], syncs[1:]
    extra = platform.keeping()
    first()
    for kept in rest:
        kept()
    phone.settle()
    assert platform.unkept()
    assert not phone.has(ids.ENTER_HAND)
    extra()
    phone.settle()
    assert phone.has(ids.ENTER_HAND)
    syncs.clear()


def test_where_the_write_is_kept_at_once_nothing_waits(store: GameStore) -> None:
    """A computer's store (fsync) or a browser that waits: never unkept."""
    phone = Phone(store, route="/")
    phone.new_game(["Ala", "Bartek", "Celina", "Darek"])
    assert not platform.unkept()
    phone.enter_points([3, 13, 10, 0])
    assert phone.totals() == [3, 13, 10, 0]


def test_a_sync_said_twice_to_have_ended_counts_once() -> None:
    first, second = platform.keeping(), platform.keeping()
    first()
    first()
    assert platform.unkept()
    called: list[int] = []
    platform.when_kept(lambda: called.append(1))
    assert called == []
    second()
    assert called == [1] and not platform.unkept()
    platform.when_kept(lambda: called.append(2))
    assert called == [1, 2]


def test_a_sync_that_ends_soon_draws_only_its_outcome(
        store: GameStore, syncs: list[Callable[[], None]]) -> None:
    """With an event loop to wait on (the browser's), Save is not redrawn as "Saving…"
    when the sync ends within SAVING_SHOWN_AFTER: the sheet is the next thing drawn; a
    sync still running then shows "Saving…" as before."""
    from scorekeeper.app.views.widgets import SAVING_SHOWN_AFTER

    later: list[tuple[float, Callable[[], None]]] = []
    platform.on_later(lambda seconds, callback: later.append((seconds, callback)))
    try:
        phone = Phone(store, route="/")
        phone.new_game(["Ala", "Bartek", "Celina", "Darek"])
        end(syncs, phone)
        later.clear()
        phone.tap(ids.ENTER_HAND)
        phone.tap(ids.MODE_POINTS)
        for seat, points in enumerate([3, 13, 10, 0]):
            phone.type(ids.POINTS.format(seat=seat), str(points))
        phone.tap(ids.SAVE_HAND)
        assert platform.unkept() and [s for s, _ in later] == [SAVING_SHOWN_AFTER]
        assert "Saving…" not in phone.text(ids.SAVE_HAND)  # not redrawn yet
        assert not phone.has(ids.TOTAL.format(seat=0))
        end(syncs, phone)  # kept before the time is up
        assert phone.totals() == [3, 13, 10, 0]
        later.pop()[1]()  # the time is up: nothing to draw
        phone.settle()
        assert phone.totals() == [3, 13, 10, 0]

        phone.tap(ids.ENTER_HAND)
        phone.tap(ids.MODE_POINTS)
        for seat, points in enumerate([13, 3, 0, 10]):
            phone.type(ids.POINTS.format(seat=seat), str(points))
        phone.tap(ids.SAVE_HAND)
        later.pop()[1]()  # the time is up, the sync still running: "Saving…"
        phone.settle()
        assert "Saving…" in phone.text(ids.SAVE_HAND)
        end(syncs, phone)
        assert phone.totals() == [16, 16, 10, 10]
    finally:
        platform.on_later(None)
