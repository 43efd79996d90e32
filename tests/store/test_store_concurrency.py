"""Several tabs, phones, servers or a CLI import on one data folder: no write is ever
silently lost; a stale write is rejected, and the history list follows other processes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from store_helpers import assert_consistent, hand, long_game

from scorekeeper import formats, rules
from scorekeeper.store import GameStore, StaleGameError
from scorekeeper.store import index as index_module

ROOT = Path(__file__).resolve().parents[2]


def _add_with_retry(store: GameStore, gid: str, count: int, tag: int) -> int:
    """Add ``count`` hands the way the app does: on a stale write, reload and try again."""
    stale = 0
    done = 0
    while done < count:
        sg = store.get(gid)
        try:
            store.add_hand(gid, hand(tag + done), sg.version)
            done += 1
        except StaleGameError:
            stale += 1
    return stale


def _in_processes(folder: Path, gid: str, workers: int, count: int) -> list[int]:
    pids = []
    for w in range(workers):
        pid = os.fork()
        if pid == 0:
            code = 1
            try:
                _add_with_retry(GameStore(folder), gid, count, w)
                code = 0
            finally:
                os._exit(code)
        pids.append(pid)
    return [os.waitpid(pid, 0)[1] for pid in pids]


def test_processes_writing_one_game_lose_nothing(folder: Path) -> None:
    store = GameStore(folder)
    sg = store.create_game(long_game(target=1_000_000))
    statuses = _in_processes(folder, sg.id, workers=3, count=25)
    assert statuses == [0, 0, 0]
    final = store.get(sg.id)
    assert len(final.game.hands) == 75 and final.version == 76
    log = store.changes(sg.id)
    assert [c.version for c in log] == list(range(2, 77))  # one entry per write, in order
    assert [c.hand for c in log] == list(range(1, 76))
    assert store.list_games()[0].hands == 75  # this process sees the others' writes
    assert_consistent(GameStore(folder))


def test_threads_and_store_instances_writing_one_game(folder: Path) -> None:
    shared = GameStore(folder)
    sg = shared.create_game(long_game(target=1_000_000))
    stores = [shared, shared, GameStore(folder), GameStore(folder)]
    errors: list[BaseException] = []

    def work(store: GameStore, tag: int) -> None:
        try:
            _add_with_retry(store, sg.id, 15, tag)
        except BaseException as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(s, i)) for i, s in enumerate(stores)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(shared.get(sg.id).game.hands) == 60
    assert len(shared.changes(sg.id)) == 60
    assert_consistent(shared)


def test_two_tabs_editing_the_same_hand(folder: Path) -> None:
    """Both tabs saw version 2 and edit hand 1: the second save is rejected, not merged
    over the first, and the change log shows only the first."""
    a, b = GameStore(folder), GameStore(folder)
    sg = a.create_game(long_game())
    sg = a.add_hand(sg.id, hand(0), sg.version)
    a.replace_hand(sg.id, 0, rules.Hand((0, 0, 13, 13)), sg.version)
    with pytest.raises(StaleGameError):
        b.replace_hand(sg.id, 0, rules.Hand((13, 13, 0, 0)), sg.version)
    assert b.get(sg.id).game.hands[0].points == (0, 0, 13, 13)
    assert [c.action for c in b.changes(sg.id)] == ["add", "edit"]


def test_history_list_follows_other_processes_through_compaction(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(index_module, "COMPACT_BYTES", 1024)
    reader = GameStore(folder)
    assert reader.list_games() == []
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            writer = GameStore(folder)
            for g in range(8):
                sg = writer.create_game(long_game())
                for i in range(g):
                    sg = writer.add_hand(sg.id, hand(i), sg.version)
            code = 0
        finally:
            os._exit(code)
    assert os.waitpid(pid, 0)[1] == 0
    gen_before = reader._index.gen
    rows = reader.list_games()
    assert sorted(r.hands for r in rows) == list(range(8))
    assert json.loads((folder / "journal.jsonl").read_text().splitlines()[0])["gen"] > gen_before
    assert_consistent(reader)


def test_cli_import_while_the_app_is_serving(folder: Path, tmp_path: Path) -> None:
    app = GameStore(folder)
    mine = app.create_game(long_game())
    games = []
    for n in range(20):  # more than BULK_IMPORT: the bulk path
        g = formats.game_to_dict(rules.Game.new(["X", "Y", "Z"], rules.Rules(target=500),
                                              hands=[rules.Hand((n % 27, 26 - n % 27, 0))]))
        games.append(g)
    (tmp_path / "games.json").write_text(json.dumps(games))
    proc = subprocess.run([sys.executable, "-m", "scorekeeper.cli", "import",
                           str(tmp_path / "games.json"), "--db", str(folder)],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "added 20" in proc.stderr
    rows = app.list_games()
    assert len(rows) == 21 and mine.id in {r.id for r in rows}
    app.add_hand(mine.id, hand(0), mine.version)  # the app goes on writing
    assert_consistent(app)


def test_history_list_read_while_threads_write(folder: Path) -> None:
    store = GameStore(folder)
    games = [store.create_game(long_game(target=1_000_000)).id for _ in range(3)]
    errors: list[BaseException] = []
    done = threading.Event()

    def write(gid: str, tag: int) -> None:
        try:
            _add_with_retry(GameStore(folder) if tag % 2 else store, gid, 20, tag)
        except BaseException as e:  # pragma: no cover - reported below
            errors.append(e)

    def read() -> None:
        try:
            while not done.is_set():
                rows = store.list_games()
                assert len(rows) == 3 and all(r.hands <= 20 for r in rows)
        except BaseException as e:  # pragma: no cover - reported below
            errors.append(e)

    reader = threading.Thread(target=read)
    reader.start()
    writers = [threading.Thread(target=write, args=(g, i)) for i, g in enumerate(games)]
    for t in writers:
        t.start()
    for t in writers:
        t.join()
    done.set()
    reader.join()
    assert errors == []
    assert sorted(r.hands for r in store.list_games()) == [20, 20, 20]
    assert_consistent(store)
