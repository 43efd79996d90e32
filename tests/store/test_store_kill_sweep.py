"""The kill sweep of the server's store, the way SQLite tests its I/O: each operation
(a new game, a hand, an edit, a hand removed, a deletion, a compaction of the index, an
import of a few games and of many) runs in a child process that is killed with SIGKILL
at its first I/O step, then in a fresh copy at its second, and so on, until the
operation completes before the step comes (``kill_points.Steps``: every write, fsync,
rename, link, unlink, truncate and sync, each a step). Every write is killed a second
time after half of its bytes.

After each kill the store is opened afresh and must hold every write the child
acknowledged; no file was damaged (no recovery note, nothing moved aside: the index
of games in particular is never rebuilt); the index agrees with every game file; each
game is wholly its old or its new version; an import is all there or not at all; no
temporary file is left.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import tempfile
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
from kill_points import Steps, ack
from store_helpers import assert_consistent, game_files, hand, long_game

from scorekeeper import formats, rules
from scorekeeper.store import GameStore
from scorekeeper.store import index as index_module

IN_PLACE = ("journal.jsonl", "journal.count")  # files the store changes in place
FEW, MANY = 2, 17  # new games in the small import (one by one) and the big one (bulk)


def build_base(folder: Path) -> dict[str, Any]:
    """The store every case starts from: game A with 4 hands, game B with 2."""
    store = GameStore(folder)
    a = store.create_game(long_game())
    for i in range(4):
        a = store.add_hand(a.id, hand(i), a.version)
    b = store.create_game(rules.Game.new(["Xawery", "Ymir", "Zosia"], rules.Rules(target=10_000)))
    for i in range(2):
        b = store.add_hand(b.id, rules.Hand((10, 16, 0)), b.version)
    exported = {g["id"]: g for g in store.export_games()}
    return {"a": a.id, "b": b.id, "b_export": exported[b.id],
            "versions": {a.id: a.version, b.id: b.version}}


def copy_store(base: Path, to: Path) -> None:
    """A copy of the store whose files keep their identity (hard links: every write
    replaces a file by a rename, so the base is never changed), but for the files
    written in place, copied."""
    for root, dirs, files in os.walk(base):
        dirs[:] = [d for d in dirs if d != "locks"]
        rel = Path(root).relative_to(base)
        (to / rel).mkdir(parents=True, exist_ok=True)
        for name in files:
            if name in IN_PLACE:
                shutil.copy2(Path(root) / name, to / rel / name)
            else:
                os.link(Path(root) / name, to / rel / name)


def import_file(info: dict[str, Any], new: int) -> list[dict[str, Any]]:
    """``new`` games the store does not have, and game B with two more hands."""
    games = []
    for i in range(new):
        g = rules.Game.new([f"Imp{i}", "Bartek", "Celina", "Darek"], rules.Rules(target=10_000),
                           hands=[hand(i), hand(i + 1)])
        games.append({"id": f"imported{i:03d}", "created": "2026-01-02T03:04:05Z",
                      **formats.game_to_dict(g), "version": 3})
    b = dict(info["b_export"])
    b["hands"] = b["hands"] + [{"points": [0, 0, 26]}, {"points": [6, 20, 0]}]
    b["version"] += 2
    return games + [b]


# --- the operations: each runs in the child and returns what it acknowledges ----------

def op_new_game(store: GameStore, info: dict) -> Any:
    return store.create_game(long_game()).id


def op_hand(store: GameStore, info: dict) -> Any:
    return store.add_hand(info["a"], hand(4), info["versions"][info["a"]]).version


def op_edit(store: GameStore, info: dict) -> Any:
    return store.replace_hand(info["a"], 1, hand(3), info["versions"][info["a"]]).version


def op_remove_hand(store: GameStore, info: dict) -> Any:
    return store.remove_hand(info["a"], 0, info["versions"][info["a"]]).version


def op_delete(store: GameStore, info: dict) -> Any:
    store.delete_game(info["a"])
    return True


def op_compact(store: GameStore, info: dict) -> Any:
    index_module.COMPACT_BYTES = 1  # this hand's index lines compact the index
    return op_hand(store, info)


def op_import_few(store: GameStore, info: dict) -> Any:
    return store.import_data(import_file(info, FEW)).added


def op_import_many(store: GameStore, info: dict) -> Any:
    return store.import_data(import_file(info, MANY)).added


def op_open(store: GameStore, info: dict) -> Any:
    """The store was opened (in the child, with the steps counted): a killed import's
    undo ran there."""
    return True


OPS: dict[str, Callable[[GameStore, dict], Any]] = {
    "new game": op_new_game, "hand": op_hand, "edit": op_edit, "remove hand": op_remove_hand,
    "delete": op_delete, "compaction": op_compact, "import of a few": op_import_few,
    "import of many": op_import_many, "open after a killed import": op_open}
OPENS = ("open after a killed import",)  # the store is opened inside the sweep


def run_child(folder: Path, op: str, info: dict, kill_at: int | None,
              torn: bool) -> tuple[bool, list[Any]]:
    """Run ``op`` in a child killed at step ``kill_at``: whether it was killed, and what
    it acknowledged (the op's result, then the steps it made)."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child never returns into pytest
        code = 0
        try:
            os.close(read_end)
            store = None if op in OPENS else GameStore(folder)
            steps = Steps(folder, kill_at, torn)
            steps.install()
            result = OPS[op](store or GameStore(folder), info)
            ack(write_end, ["done", result])
            ack(write_end, ["steps", steps.kinds])
        except BaseException as e:  # noqa: BLE001 - said to the parent
            ack(write_end, ["error", repr(e)])
            code = 1
        finally:
            os._exit(code)
    os.close(write_end)
    data = b""
    while chunk := os.read(read_end, 1 << 16):
        data += chunk
    os.close(read_end)
    _, status = os.waitpid(pid, 0)
    killed = os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
    acks = [json.loads(line) for line in data.splitlines()]
    assert killed or os.WEXITSTATUS(status) == 0, (op, kill_at, acks)
    return killed, acks


def check(folder: Path, op: str, info: dict, done: Any, case: str) -> None:
    """The store after a kill: whole, and holding what was acknowledged."""
    store = GameStore(folder)
    assert store.recovery_notes == (), (case, store.recovery_notes)  # nothing was damaged
    assert not list(folder.rglob("*.damaged-*")), case  # nothing was moved aside
    assert os.listdir(folder / "tmp") == [], case
    assert not list(folder.rglob("*.undo")), case  # a killed import was undone
    assert_consistent(store)  # the index agrees with every game file
    a, b, versions = info["a"], info["b"], info["versions"]
    games = {p.name[:-5] for p in game_files(folder)}
    new = games - {a, b}
    sa = store.get(a)
    if op in OPENS:
        assert not new and store.get(b).version == versions[b], case  # the import undone
    if op in ("hand", "edit", "remove hand", "compaction", "delete"):
        assert sa.version in (versions[a], versions[a] + 1), case
        assert done is None or sa.version == versions[a] + 1, case
        if sa.version == versions[a] + 1:  # wholly the new version
            hands = [h.points for h in sa.game.hands]
            expect = {"hand": [hand(i).points for i in range(5)],
                      "compaction": [hand(i).points for i in range(5)],
                      "edit": [hand(0).points, hand(3).points, hand(2).points, hand(3).points],
                      "remove hand": [hand(i).points for i in (1, 2, 3)],
                      "delete": [hand(i).points for i in range(4)]}[op]
            assert hands == expect and sa.deleted == (op == "delete"), case
    else:
        assert sa.version == versions[a], case
    if op == "new game":
        assert len(new) <= 1, case
        assert done is None or new == {done}, case
        for gid in new:
            sg = store.get(gid)
            assert (sg.version, sg.game.hands) == (1, ()), case
    elif op.startswith("import of"):
        count = FEW if op == "import of a few" else MANY
        sb = store.get(b)
        if new:  # all of it
            assert new == {f"imported{i:03d}" for i in range(count)}, case
            assert (sb.version, len(sb.game.hands)) == (versions[b] + 2, 4), case
        else:  # or nothing
            assert done is None, case
            assert (sb.version, len(sb.game.hands)) == (versions[b], 2), case
            assert len(store.changes(b)) == 2, case
    else:
        assert not new, case
    assert {s.id for s in store.list_games(include_deleted=True)} == games, case
    # the next writer, and the next start after it, find nothing damaged either
    if not sa.deleted:
        store.add_hand(a, hand(7), sa.version)
    store.create_game(long_game())
    again = GameStore(folder)
    assert again.recovery_notes == (), (case, "after the next write", again.recovery_notes)
    assert_consistent(again)


@pytest.fixture
def memory_folder(tmp_path: Path) -> Iterator[Path]:
    """A folder in memory (``/dev/shm``) where there is one, else ``tmp_path``: a kill
    keeps what the kernel has, on any filesystem, and fsync costs nothing there."""
    shm = Path("/dev/shm")
    if not (shm.is_dir() and os.access(shm, os.W_OK)):
        yield tmp_path
        return
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-kill-", dir=shm))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.parametrize("op", list(OPS))
def test_kill_at_every_step(memory_folder: Path, op: str) -> None:
    tmp_path = memory_folder
    base = tmp_path / "base"
    info = build_base(base)
    if op in OPENS:  # the base: a store whose import was killed half-way
        killed, _ = run_child(base, "import of many", info, 60, False)
        assert killed and list(base.rglob("*.undo"))
    dry = tmp_path / "dry"
    copy_store(base, dry)
    killed, acks = run_child(dry, op, info, None, False)
    assert not killed and acks[0][0] == "done", acks
    kinds = acks[1][1]
    assert kinds, "the operation made no I/O step"
    cases = [(k, False) for k in range(1, len(kinds) + 2)]
    cases += [(k, True) for k, kind in enumerate(kinds, 1) if kind == "write"]
    swept = 0
    for k, torn in cases:
        folder = tmp_path / f"case-{k}-{int(torn)}"
        copy_store(base, folder)
        killed, acks = run_child(folder, op, info, k, torn)
        done = next((a[1] for a in acks if a[0] == "done"), None)
        case = f"{op}: killed at step {k} of {len(kinds)}" + (" (torn)" if torn else "")
        if k > len(kinds):
            assert not killed, f"{op}: more steps than the dry run's {len(kinds)}"
        check(folder, op, info, None if killed else done, case)
        shutil.rmtree(folder)
        swept += 1
    print(f"kill sweep: {op}: {swept} (operation, step) cases, {len(kinds)} steps")
