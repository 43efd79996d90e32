"""Damaged files, full disks, failing writes, read-only folders, format versions.

A damaged file is never overwritten: it is moved aside and the newest good backup takes
its place. A write that fails leaves every stored file as it was.
"""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from store_helpers import assert_consistent, file_state, hand, long_game, read_json

from scorekeeper import rules
from scorekeeper.store import GameNotFoundError, GameStore, StoreError, migrations
from scorekeeper.store import index as index_module
from scorekeeper.store.model import RECOVERY_KINDS


def played(store: GameStore, hands: int = 4):
    sg = store.create_game(long_game())
    for i in range(hands):
        sg = store.add_hand(sg.id, hand(i), sg.version)
    return sg


def game_path(store: GameStore, gid: str) -> Path:
    return store.path / "games" / f"{gid}.json"


def damaged_copies(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".damaged-*"))


DAMAGE: dict[str, Callable[[bytes], bytes]] = {
    "truncated": lambda raw: raw[: len(raw) // 2],
    "empty": lambda raw: b"",
    "not json": lambda raw: b"\x00\x00\x00 garbage",
    "not utf-8": lambda raw: b"\xff\xfe" + raw,
    "wrong shape": lambda raw: b'["a", "list"]',
    "no game": lambda raw: json.dumps({"meta": {"1": {"format": 1}}, "game": {}}).encode(),
    "breaks the rules": lambda raw: raw.replace(b'"points":[3,13,10,0]', b'"points":[3,13,10,1]'),
}


@pytest.mark.parametrize("kind", sorted(DAMAGE))
def test_damaged_game_file_is_moved_aside_and_backup_restored(folder: Path, kind: str) -> None:
    store = GameStore(folder)
    sg = played(store)
    path = game_path(store, sg.id)
    raw = path.read_bytes()
    bad = DAMAGE[kind](raw)
    assert bad != raw
    path.write_bytes(bad)
    again = GameStore(folder)  # the next start finds it
    restored = again.get(sg.id)
    # the newest good copy is the one before the last hand: nothing in it was lost
    assert [h.points for h in restored.game.hands] == [hand(i).points for i in range(3)]
    assert restored.version == sg.version - 1
    aside = damaged_copies(path)
    assert len(aside) == 1 and aside[0].read_bytes() == bad  # kept, not overwritten
    notes = "\n".join(again.recovery_notes)
    assert f"{sg.id}.json" in notes and "restored the copy" in notes and aside[0].name in notes
    assert_consistent(again)
    # the game goes on from the restored copy
    again.add_hand(sg.id, hand(3), restored.version)


def test_damage_found_while_running_is_repaired_on_the_spot(store: GameStore) -> None:
    sg = played(store)
    path = game_path(store, sg.id)
    path.write_bytes(b"{")
    with pytest.raises(Exception) as err:
        store.add_hand(sg.id, hand(9), sg.version)
    assert getattr(err.value, "code", None) == "stale"  # the restored copy is one hand older
    assert store.get(sg.id).version == sg.version - 1
    assert len(store.recovery_notes) == 1 and len(damaged_copies(path)) == 1


def test_several_damaged_copies_fall_back_to_an_older_one(store: GameStore) -> None:
    sg = played(store, 5)
    path = game_path(store, sg.id)
    path.write_bytes(b"")
    path.with_name(path.name + ".bak1").write_bytes(b"nope")
    restored = GameStore(store.path).get(sg.id)
    assert len(restored.game.hands) == 3  # .bak2, two writes back


def test_damaged_without_any_good_copy(store: GameStore) -> None:
    sg = store.create_game(long_game())  # one write: no backup yet
    other = played(store, 2)
    path = game_path(store, sg.id)
    path.write_bytes(b"garbage")
    again = GameStore(store.path)
    with pytest.raises(GameNotFoundError):
        again.get(sg.id)
    assert [s.id for s in again.list_games()] == [other.id]
    assert damaged_copies(path)[0].read_bytes() == b"garbage"
    assert any("no good backup" in n for n in again.recovery_notes)
    assert_consistent(again)


def test_missing_game_file_comes_back_from_its_backup(store: GameStore) -> None:
    sg = played(store, 3)
    game_path(store, sg.id).unlink()
    again = GameStore(store.path)
    assert len(again.get(sg.id).game.hands) == 2
    assert any("is missing" in n for n in again.recovery_notes)


def test_each_repair_says_what_kind_it_was_and_is_handed_out_once(store: GameStore) -> None:
    kept, lost, gone = played(store, 3), store.create_game(long_game()), played(store, 2)
    game_path(store, kept.id).write_bytes(b"{")
    game_path(store, lost.id).write_bytes(b"{")  # one write: no backup to go back to
    game_path(store, gone.id).unlink()
    store.save_draft(kept.id, {"hand": 4})
    (store.path / "drafts" / f"{kept.id}.json").write_bytes(b"\xff")
    again = GameStore(store.path)
    assert again.take_recoveries() == ()  # opening the store read none of these files
    again.get(kept.id)
    with pytest.raises(GameNotFoundError):
        again.get(lost.id)
    again.get(gone.id)
    assert again.get_draft(kept.id) is None
    kinds = [n.kind for n in again.recoveries]
    assert kinds == ["restored", "lost", "restored", "draft"]
    assert all(k in RECOVERY_KINDS for k in kinds)
    assert again.recovery_notes == tuple(n.message for n in again.recoveries)
    assert "is missing" in again.recovery_notes[2]
    assert again.take_recoveries() == again.recoveries
    assert again.take_recoveries() == ()  # each one once
    (store.path / "index.json").write_bytes(b"[")
    third = GameStore(store.path)
    assert [n.kind for n in third.take_recoveries()] == ["rebuilt"]
    assert len(third.recoveries) == 1


def test_damaged_index_is_moved_aside_and_rebuilt(folder: Path) -> None:
    store = GameStore(folder)
    games = [played(store, n) for n in range(4)]
    store.delete_game(games[0].id)
    before = store.list_games(include_deleted=True)
    (folder / "index.json").write_bytes(b'{"games": [')
    again = GameStore(folder)
    assert again.list_games(include_deleted=True) == before
    assert len(list(folder.glob("index.json.damaged-*"))) == 1
    assert any("index of games was damaged" in n for n in again.recovery_notes)
    assert read_json(folder / "index.json")["games"].keys() == {g.id for g in games}


@pytest.mark.parametrize("lost", ["index.json", "journal.jsonl", "both"])
def test_lost_index_files_are_rebuilt(folder: Path, lost: str) -> None:
    store = GameStore(folder)
    for n in range(3):
        played(store, n)
    before = store.list_games()
    for name in ("index.json", "journal.jsonl"):
        if lost in (name, "both"):
            (folder / name).unlink()
    assert GameStore(folder).list_games() == before


@pytest.mark.parametrize("boot", ["another boot", None])
def test_index_behind_the_files_heals_after_a_power_cut(
        folder: Path, monkeypatch: pytest.MonkeyPatch, boot: str | None) -> None:
    """Journal lines are not fsynced: after a power cut the index may be older than the
    game files. A new boot id (or none known) makes the store compare every summary with
    its file's identity and read the differing ones again."""
    store = GameStore(folder)
    sg = played(store, 2)
    old_index = {n: (folder / n).read_bytes() for n in ("index.json", "journal.jsonl")}
    sg = store.add_hand(sg.id, hand(5), sg.version)
    new = played(store, 1)
    for name, raw in old_index.items():
        (folder / name).write_bytes(raw)
    monkeypatch.setattr(index_module, "boot_id", lambda: boot)
    again = GameStore(folder)
    rows = {s.id: s for s in again.list_games()}
    assert rows[sg.id].hands == 3 and rows[sg.id].version == sg.version
    assert new.id in rows
    assert_consistent(again)
    assert again.recovery_notes == ()  # nothing was damaged
    if boot is not None:  # the journal is marked as checked in this boot: trusted now
        last = json.loads((folder / "journal.jsonl").read_text().splitlines()[-1])
        assert last["boot"] == boot and set(last) == {"boot", "n"}  # n: its record number
        trusted = GameStore(folder)
        assert trusted._index.trusted and trusted.list_games() == again.list_games()


def test_writer_killed_between_file_and_index_is_healed(folder: Path) -> None:
    """A killed writer loses no journal line the kernel has: the ``begin`` line before the
    file was replaced marks the game, and the next start reads it again."""
    store = GameStore(folder)
    sg = played(store, 2)
    put = store._index.put
    store._index.put = lambda summary: None  # type: ignore[method-assign]  # "killed" here
    store.add_hand(sg.id, hand(2), sg.version)
    store._index.put = put  # type: ignore[method-assign]
    assert sg.id in store._index.pending
    again = GameStore(folder)
    assert again.list_games()[0].hands == 3
    assert not again._index.pending
    assert_consistent(again)


def test_torn_and_garbled_journal_lines_are_skipped(folder: Path) -> None:
    store = GameStore(folder)
    a = played(store, 2)
    with open(folder / "journal.jsonl", "ab") as f:
        f.write(b'{"put": {"id": "x", "ver')  # torn by a crash
    b = played(store, 3)  # the next line starts on a fresh line
    with open(folder / "journal.jsonl", "ab") as f:
        f.write(b"\x00\x00\x00\n")
    again = GameStore(folder)
    assert {s.id for s in again.list_games()} == {a.id, b.id}
    assert_consistent(again)


def test_other_files_left_in_the_games_folder_are_ignored(store: GameStore) -> None:
    sg = played(store, 1)
    (store.path / "games" / "notes.txt").write_text("hello")
    (store.path / "games" / "bad name!.json").write_text("{}")
    assert [s.id for s in GameStore(store.path).list_games()] == [sg.id]


def test_damaged_settings_file_restores_its_backup(store: GameStore) -> None:
    store.set_setting("language", "pl")
    store.set_setting("theme", "dark")
    (store.path / "settings.json").write_bytes(b"\xff")
    assert store.get_setting("language") == "pl"
    assert store.get_setting("theme") is None  # set in the write that was lost
    assert any("settings file could not be read" in n for n in store.recovery_notes)


def test_damaged_store_marker_is_rewritten(folder: Path) -> None:
    GameStore(folder)
    (folder / "store.json").write_text("nonsense")
    again = GameStore(folder)
    assert read_json(folder / "store.json")["format"] == migrations.FOLDER_FORMAT
    assert any("store.json" in n for n in again.recovery_notes)
    assert [p.read_text() for p in folder.glob("store.json.damaged-*")] == ["nonsense"]


# --- failing writes ---------------------------------------------------------------------


def _fail_writes(monkeypatch: pytest.MonkeyPatch, folder: Path, err: int,
                 match: str = "", data: bytes = b"") -> list[str]:
    """Make os.write fail with ``err`` for files under ``folder`` (whose path contains
    ``match``, writing bytes that contain ``data``), as a full disk does. Returns the
    paths that failed."""
    real = os.write
    failed: list[str] = []

    def write(fd: int, data_) -> int:  # type: ignore[no-untyped-def]
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            target = ""
        if target.startswith(str(folder)) and match in target and data in bytes(data_):
            failed.append(target)
            raise OSError(err, os.strerror(err))
        return real(fd, data_)

    monkeypatch.setattr(os, "write", write)
    return failed


@pytest.mark.parametrize("err,code", [(errno.ENOSPC, "disk_full"), (errno.EDQUOT, "disk_full"),
                                      (errno.EIO, "io")])
def test_failed_write_changes_nothing(folder: Path, monkeypatch: pytest.MonkeyPatch,
                                      err: int, code: str) -> None:
    store = GameStore(folder)
    store.set_setting("language", "pl")
    sg = played(store, 3)
    before = file_state(folder)
    failed = _fail_writes(monkeypatch, folder, err)
    attempts = [
        lambda: store.add_hand(sg.id, hand(3), sg.version),
        lambda: store.replace_hand(sg.id, 0, hand(4), sg.version),
        lambda: store.remove_hand(sg.id, 0, sg.version),
        lambda: store.create_game(long_game()),
        lambda: store.delete_game(sg.id),
        lambda: store.set_setting("language", "lt"),
        lambda: store.save_draft(sg.id, {"points": [1]}),
    ]
    for attempt in attempts:
        with pytest.raises(StoreError) as e:
            attempt()
        assert e.value.code == code
        assert "nothing was changed" in str(e.value)
    assert len(failed) == len(attempts)
    monkeypatch.undo()
    assert file_state(folder) == before
    assert os.listdir(folder / "tmp") == []  # no temporary file left behind
    # this store and a fresh one both still have exactly the old data, and can go on
    for s in (store, GameStore(folder)):
        assert s.get(sg.id) == sg and s.get_setting("language") == "pl"
        assert len(s.list_games()) == 1
    store.add_hand(sg.id, hand(3), sg.version)


def test_failed_fsync_changes_nothing(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = GameStore(folder)
    sg = played(store, 2)
    before = file_state(folder)

    def fsync(fd: int) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(os, "fsync", fsync)
    with pytest.raises(StoreError) as e:
        store.add_hand(sg.id, hand(2), sg.version)
    assert e.value.code == "io"
    monkeypatch.undo()
    assert file_state(folder) == before
    assert GameStore(folder).get(sg.id) == sg


def test_full_disk_at_the_index_line_before_the_write(folder: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    store = GameStore(folder)
    sg = played(store, 2)
    before = file_state(folder)
    _fail_writes(monkeypatch, folder, errno.ENOSPC, match="journal.jsonl")
    with pytest.raises(StoreError) as e:
        store.add_hand(sg.id, hand(2), sg.version)
    assert e.value.code == "disk_full"
    monkeypatch.undo()
    assert file_state(folder) == before


def test_full_disk_after_the_game_file_was_written(folder: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The game file is the truth: once it is written the hand is stored, even if the
    summary line cannot be appended; the index catches up at the next start."""
    store = GameStore(folder)
    sg = played(store, 2)
    failed = _fail_writes(monkeypatch, folder, errno.ENOSPC, match="journal.jsonl",
                          data=b'{"put"')
    sg = store.add_hand(sg.id, hand(2), sg.version)
    assert failed
    assert store.list_games()[0].hands == 3
    monkeypatch.undo()
    again = GameStore(folder)
    assert again.list_games()[0].hands == 3 and again.get(sg.id) == sg
    assert_consistent(again)


def _read_only(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """Simulate a read-only folder. chmod 0o555 is not enough: the tests may run as root,
    and root ignores permissions, so every call that would change the folder fails with
    EROFS, as on a read-only mount."""
    inside = str(folder)
    write_flags = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND

    def refuse(path: object) -> None:
        if str(path).startswith(inside):
            raise OSError(errno.EROFS, "Read-only file system", str(path))

    real_open, real_replace, real_link = os.open, os.replace, os.link
    real_unlink, real_mkdir = os.unlink, os.mkdir

    def open_(path, flags, *args, **kw):  # type: ignore[no-untyped-def]
        if flags & write_flags:
            refuse(path)
        return real_open(path, flags, *args, **kw)

    def two(real):  # type: ignore[no-untyped-def]
        def call(src, dst, *args, **kw):  # type: ignore[no-untyped-def]
            refuse(src)
            refuse(dst)
            return real(src, dst, *args, **kw)
        return call

    def one(real):  # type: ignore[no-untyped-def]
        def call(path, *args, **kw):  # type: ignore[no-untyped-def]
            if real is real_mkdir and os.path.isdir(path):
                raise FileExistsError(errno.EEXIST, "File exists", str(path))
            refuse(path)
            return real(path, *args, **kw)
        return call

    monkeypatch.setattr(os, "open", open_)
    monkeypatch.setattr(os, "replace", two(real_replace))
    monkeypatch.setattr(os, "rename", two(os.rename))
    monkeypatch.setattr(os, "link", two(real_link))
    monkeypatch.setattr(os, "unlink", one(real_unlink))
    monkeypatch.setattr(os, "mkdir", one(real_mkdir))


def test_read_only_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = GameStore(folder)
    store.set_setting("language", "pl")
    sg = played(store, 3)
    store.save_draft(sg.id, {"points": [1]})
    before = file_state(folder)
    _read_only(monkeypatch, folder)
    ro = GameStore(folder)  # opening and reading work
    assert ro.get(sg.id) == sg and ro.get_setting("language") == "pl"
    assert [s.id for s in ro.list_games()] == [sg.id]
    assert ro.get_draft(sg.id) == {"points": [1]}
    assert ro.export_games()[0]["id"] == sg.id
    for attempt in (lambda: ro.add_hand(sg.id, hand(3), sg.version),
                    lambda: ro.create_game(long_game()),
                    lambda: ro.set_setting("language", "lt"),
                    lambda: ro.save_draft(sg.id, {"points": [2]}),
                    lambda: ro.save_draft(sg.id, None),
                    lambda: store.add_hand(sg.id, hand(3), sg.version)):
        with pytest.raises(StoreError) as e:
            attempt()
        assert e.value.code == "read_only"
        assert "read-only" in str(e.value)
    monkeypatch.undo()
    assert file_state(folder) == before


def test_read_only_folder_that_was_never_created(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    _read_only(monkeypatch, tmp_path)
    with pytest.raises(StoreError) as e:
        GameStore(tmp_path / "data")
    assert e.value.code == "read_only"


# --- format versions --------------------------------------------------------------------


def test_data_folder_from_a_newer_version_is_refused(folder: Path) -> None:
    GameStore(folder)
    (folder / "store.json").write_text(json.dumps({"format": migrations.FORMAT + 1}))
    before = file_state(folder)
    with pytest.raises(StoreError) as e:
        GameStore(folder)
    assert e.value.code == "format_newer" and "newer version" in str(e.value)
    assert file_state(folder) == before


def test_game_file_from_a_newer_version_is_refused_not_moved(store: GameStore) -> None:
    sg = played(store, 1)
    path = game_path(store, sg.id)
    data = read_json(path)
    data["meta"]["1"]["format"] = migrations.FORMAT + 1
    path.write_text(json.dumps(data))
    raw = path.read_bytes()
    with pytest.raises(StoreError) as e:
        store.get(sg.id)
    assert e.value.code == "format_newer"
    with pytest.raises(StoreError):
        store.add_hand(sg.id, hand(1), sg.version)
    assert path.read_bytes() == raw and not damaged_copies(path)


def test_upgrade_path(store: GameStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """When the format changes: a step per version, applied on read, written on the next
    change, the old bytes kept in the backups."""
    sg = played(store, 2)
    path = game_path(store, sg.id)
    old_raw = path.read_bytes()

    def one_to_two(data: dict) -> dict:
        doc = data["game"]["1"]
        data["game"]["1"] = {**doc, "game": {**doc["game"], "rules": {
            **doc["game"]["rules"], "target": doc["game"]["rules"]["target"] * 2}}}
        return data

    now = migrations.FORMAT
    monkeypatch.setattr(migrations, "FORMAT", now + 1)
    monkeypatch.setattr(migrations, "HEARTS_FORMAT", now + 1)  # Hearts games need the new one
    monkeypatch.setitem(migrations.GAME_STEPS, now, one_to_two)
    upgraded = GameStore(store.path)
    got = upgraded.get(sg.id)
    assert got.game.rules.target == 20_000 and got.game.hands == sg.game.hands
    assert path.read_bytes() == old_raw  # reading does not rewrite
    got = upgraded.add_hand(sg.id, hand(2), got.version)
    data = read_json(path)
    assert data["meta"]["1"]["format"] == now + 1
    assert data["game"]["1"]["game"]["rules"]["target"] == 20_000
    assert path.with_name(path.name + ".bak1").read_bytes() == old_raw
    assert upgraded.get(sg.id) == got
    # a format with no way up is refused clearly, and the file stays as it is
    monkeypatch.setattr(migrations, "FORMAT", now + 2)
    with pytest.raises(StoreError) as e:
        GameStore(store.path).get(sg.id)
    assert e.value.code == "format_unknown"
    assert read_json(path)["meta"]["1"]["format"] == now + 1


def test_a_format_1_game_file_is_read_and_written_as_format_2(store: GameStore) -> None:
    """Format 2 added the change-log action "insert"; a file of the version before it
    reads as it is and is written in format 2 at its next change."""
    sg = played(store, 2)
    path = game_path(store, sg.id)
    data = read_json(path)
    data["meta"]["1"]["format"] = 1
    path.write_text(json.dumps(data))
    old_raw = path.read_bytes()
    again = GameStore(store.path)
    got = again.get(sg.id)
    assert got.game == sg.game and again.changes(sg.id) == store.changes(sg.id)
    assert path.read_bytes() == old_raw and again.recovery_notes == ()
    got = again.insert_hand(sg.id, 0, hand(4), got.version)
    assert read_json(path)["meta"]["1"]["format"] == migrations.HEARTS_FORMAT == 3
    assert again.changes(sg.id)[-1].action == "insert"
    assert path.with_name(path.name + ".bak1").read_bytes() == old_raw


def test_a_reader_of_format_1_refuses_an_insert_instead_of_calling_it_damage(
        store: GameStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the version before format 2 does with a file holding an "insert": refuses
    it in words and leaves it alone (it would otherwise move it aside as damaged and put
    an older backup in its place)."""
    sg = played(store, 3)
    removed = sg.game.hands[1]
    sg = store.remove_hand(sg.id, 1, sg.version)
    sg = store.insert_hand(sg.id, 1, removed, sg.version)
    path = game_path(store, sg.id)
    raw = path.read_bytes()
    monkeypatch.setattr(migrations, "FORMAT", 1)
    monkeypatch.setattr(migrations, "GAME_STEPS", {})
    with pytest.raises(StoreError) as e:  # a folder made in format 2 is refused whole
        GameStore(store.path)
    assert e.value.code == "format_newer"
    # a folder the old version made (store.json in format 1), played on by the new one
    (store.path / "store.json").write_text(json.dumps({"format": 1}))
    old = GameStore(store.path)
    with pytest.raises(StoreError) as e:
        old.get(sg.id)
    assert e.value.code == "format_newer"
    assert path.read_bytes() == raw and not damaged_copies(path)


def test_temporary_files_of_killed_writers_are_removed(folder: Path) -> None:
    GameStore(folder)
    dead = folder / "tmp" / ".abc.json.999999999.0badf00d.tmp"  # no such pid
    alive = folder / "tmp" / f".abc.json.{os.getpid()}.0badf00d.tmp"
    dead.write_text("half")
    alive.write_text("in progress")
    GameStore(folder)
    assert not dead.exists() and alive.exists()


def test_compaction_cut_short_between_base_and_journal(folder: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A crash after the new base was written but before the journal was restarted: the
    old journal's lines are already in the base and must not be replayed, and new lines
    must go to a journal of the new base."""
    store = GameStore(folder)
    a = played(store, 2)
    old_journal = (folder / "journal.jsonl").read_bytes()
    store._index.compact()
    (folder / "journal.jsonl").write_bytes(old_journal)  # as if the crash came right here
    monkeypatch.setattr(index_module, "boot_id", lambda: None)  # and no compaction at open
    again = GameStore(folder)
    assert [s.hands for s in again.list_games()] == [2]
    b = played(again, 1)
    header = json.loads((folder / "journal.jsonl").read_text().splitlines()[0])
    assert header["gen"] == read_json(folder / "index.json")["gen"]
    third = GameStore(folder)
    assert {s.id: s.hands for s in third.list_games()} == {a.id: 2, b.id: 1}
    assert_consistent(third)


def test_index_with_a_summary_missing_fields_is_rebuilt(folder: Path) -> None:
    store = GameStore(folder)
    sg = played(store, 2)
    store._index.compact()
    data = read_json(folder / "index.json")
    del data["games"][sg.id]["totals"]
    (folder / "index.json").write_text(json.dumps(data))
    again = GameStore(folder)
    assert again.list_games()[0].totals == rules.state(sg.game).totals
    assert any("index of games was damaged" in n for n in again.recovery_notes)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.floats(0, 1, exclude_max=True), flips=st.lists(
    st.tuples(st.floats(0, 1, exclude_max=True), st.integers(0, 255)), max_size=3))
def test_any_damage_to_a_game_file_is_survived(tmp_path_factory: pytest.TempPathFactory,
                                               cut: float, flips: list) -> None:
    """Truncate a game file anywhere and change a few bytes: the store still opens, never
    raises anything but a StoreError, and the history list matches the files. A
    truncated file comes back as one of the copies it kept."""
    folder = tmp_path_factory.mktemp("fuzz") / "data"
    store = GameStore(folder)
    versions = []
    sg = store.create_game(long_game())
    versions.append(sg.game)
    for i in range(4):
        sg = store.add_hand(sg.id, hand(i), sg.version)
        versions.append(sg.game)
    path = game_path(store, sg.id)
    raw = bytearray(path.read_bytes())
    for where, value in flips:
        raw[int(where * len(raw))] = value
    damaged = bytes(raw[: max(1, int(len(raw) * (1 - cut / 2)))])
    path.write_bytes(damaged)
    again = GameStore(folder)
    try:
        got = again.get(sg.id).game
    except StoreError:
        got = None
    if damaged != path.read_bytes() or not flips:  # it was found damaged (or only cut)
        assert got is None or got in versions[-4:]
    rows = {r.id: r for r in again.list_games()}
    if got is None:  # lost, or refused untouched (e.g. a flip made it "format 7")
        assert sg.id not in rows or path.read_bytes() == damaged
    else:
        assert rows[sg.id].hands == len(got.hands)
