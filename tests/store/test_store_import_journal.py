"""An import that was rolled back leaves the index as it found it: the journal lines of
the games it wrote and undid go too, so the data folder is as big as before (issue 14)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from store_helpers import assert_consistent, hand, long_game
from test_store_import_atomic import FullDisk, exported

from scorekeeper.store import GameStore, StoreError


class FullDiskFreedByTheUndo(FullDisk):
    """A full disk (see FullDisk) that has room again once the undo removed a game file
    the import added, as a real one does."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, folder: Path, after: int) -> None:
        super().__init__(monkeypatch, folder, after)
        real = os.unlink

        def unlink(path, *a, **kw):  # type: ignore[no-untyped-def]
            real(path, *a, **kw)
            if Path(path).parent == folder / "games":
                self.left = 10**9

        monkeypatch.setattr(os, "unlink", unlink)


def folder_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


@pytest.mark.parametrize("count", [5, 300])  # one by one, and the bulk path
def test_a_rolled_back_import_leaves_the_folder_as_big_as_before(
        folder: Path, count: int, monkeypatch: pytest.MonkeyPatch) -> None:
    store = GameStore(folder)
    played = store.create_game(long_game())
    store.add_hand(played.id, hand(0), played.version)
    server = GameStore(folder)  # another process on the folder, e.g. the app serving it
    before, listed = folder_bytes(folder), sorted(store.list_games(), key=lambda s: s.id)
    FullDiskFreedByTheUndo(monkeypatch, folder, after=count - 1)
    with pytest.raises(StoreError) as e:
        store.import_data({"games": exported(count, hands=6)})
    monkeypatch.undo()
    assert str(e.value).endswith("nothing was imported")
    assert folder_bytes(folder) <= before + 512, (before, folder_bytes(folder))
    for s in (store, server, GameStore(folder)):
        assert sorted(s.list_games(), key=lambda x: x.id) == listed
        assert_consistent(s)
        assert not [n for n in s.take_recoveries() if n.kind == "rebuilt"]  # no alarm
    later = store.add_hand(played.id, hand(1), store.get(played.id).version)
    assert server.get(played.id) == later and len(server.list_games()) == 1
