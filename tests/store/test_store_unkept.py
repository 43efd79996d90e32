"""The store's side of "unkept" (``store.platform``): every durable write asks the
platform to keep it (in the browser, a sync to IndexedDB), and where that sync runs on
after the write returned, the write is unkept until it ends; a write that is not durable
(a draft) asks nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Callable


from store_helpers import hand, long_game

from scorekeeper.store import GameStore, platform


def test_a_saved_hand_is_unkept_until_every_sync_it_started_ends(
        tmp_path: Path, syncs: list[Callable[[], None]]) -> None:
    store = GameStore.open(tmp_path / "data")
    game = store.create_game(long_game())
    for kept in syncs:
        kept()
    syncs.clear()
    assert not platform.unkept()
    store.add_hand(game.id, hand(0), game.version)
    assert syncs, "a saved hand asked for no sync"
    assert platform.unkept()
    for kept in syncs:
        assert platform.unkept()
        kept()
    assert not platform.unkept()
    assert store.get(game.id).game.hands == (hand(0),)
