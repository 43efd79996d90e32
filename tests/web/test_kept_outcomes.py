"""``store.platform``'s bookkeeping of unkept writes (where Python cannot wait for the
browser's storage): a refusal goes to the callbacks that wait for that sync, and to no
other. Before, a refusal that came while no action waited (the store's own writes at its
first open, an index rebuilt while a screen opened) was kept and handed to the next
action, though its own write was kept: the player, told "not kept", tapped again, and
the game was stored twice."""

from __future__ import annotations

from typing import Any

from scorekeeper.store import StoreError, platform


def outcomes() -> tuple[list[Any], Any]:
    said: list[Any] = []
    return said, said.append


def test_a_refusal_no_one_waited_for_is_not_handed_to_the_next_action() -> None:
    first_open = platform.keeping()
    first_open(StoreError("storage_full", "refused"))  # no action waits for it
    assert not platform.unkept()

    action = platform.keeping()
    said, callback = outcomes()
    platform.when_kept(callback)
    action(None)
    assert said == [None]


def test_a_refusal_goes_to_whoever_waits_for_its_sync() -> None:
    earlier = platform.keeping()
    mine = platform.keeping()
    said, callback = outcomes()
    platform.when_kept(callback)  # waits for both
    later = platform.keeping()  # started after: not this callback's
    refused = StoreError("storage_full", "refused")
    earlier(None)
    mine(refused)
    assert said == [refused]
    later_said, later_callback = outcomes()
    platform.when_kept(later_callback)
    later(None)
    assert later_said == [None]


def test_a_sync_ended_twice_counts_once() -> None:
    sync = platform.keeping()
    said, callback = outcomes()
    platform.when_kept(callback)
    sync(None)
    sync(StoreError("storage_full", "refused"))
    assert said == [None] and not platform.unkept()


def test_nothing_unkept_answers_at_once() -> None:
    said, callback = outcomes()
    platform.when_kept(callback)
    assert said == [None]


def test_the_hook_runs_once_as_python_begins_to_wait() -> None:
    ran: list[int] = []
    with platform.on_wait(lambda: ran.append(1)):
        assert not platform.waits()
        with platform.waiting():
            assert platform.waits()
        with platform.waiting():
            pass
    with platform.waiting():
        pass
    assert ran == [1] and not platform.waits()
