"""Importing games, all or nothing.

:func:`scorekeeper.formats.parse_import` has checked every game of the file before this
runs (the rules, ids, dates, the change log, and that each game can be written as UTF-8).
Then the games are written one by one, each under its lock, each noted in the import's
undo log (:mod:`.undolog`) before its file is replaced; the import is stored once every
game is on disk and the log is removed. If a write fails part-way (a full disk, an I/O
error, an interrupt), every game this import wrote is undone, newest first: a game it
added is removed, a game it continued gets its previous file back (the newest backup,
renamed into place: no disk space needed). A game someone else changed since is left as
it is. If anything could not be undone, the error (code ``import_partial``) names
exactly the games that stay stored; otherwise it says that nothing was imported. A
process killed part-way leaves its log, and the next open undoes its games
(:func:`undo_killed_imports`). SIGINT and SIGTERM wait (:mod:`.interrupts`) and stop
the import between two games (code ``interrupted``), never inside a write or an undo.
The index is compacted after an undo, so the journal does not keep the lines of the games
written and undone (the data folder is as big as before the import).
"""

from __future__ import annotations

import json
import logging
import os
import threading
from contextlib import AbstractContextManager, suppress
from pathlib import Path
from typing import Any, Protocol

from .. import formats, rules
from ..formats import ImportItem
from . import interrupts, platform, undolog
from .errors import GameNotFoundError, StoreError, os_error
from .gamefiles import CHANGES, DOC, GAME
from .model import ImportResult
from .storage import backup_path, file_key, fsync_dir
from .undolog import UndoLog, Written

log = logging.getLogger("scorekeeper.store")

IMPORTS = "imports"  # the folder of the undo logs of imports under way (undolog.py)

BULK_IMPORT = 16  # imports of more games than this sync once at the end


class Games(Protocol):
    """What an import needs of the store (``GameStore`` is one): the games folder, a game's
    lock, file and cache. Named here, so this module does not import the store."""

    path: Path
    _games: Path
    _locks: Path
    _mu: threading.Lock
    _cache: dict[str, Any]
    _index: Any

    def _game_lock(self, game_id: str) -> AbstractContextManager[Any]: ...

    def _load(self, game_id: str) -> tuple[Any, dict, rules.Game]: ...

    def _write_new(self, game_id: str, doc: dict, game: rules.Game, changes: list[dict],
                   durable: bool = True) -> Any: ...

    def _writing(self, db: Any, game_id: str, game: rules.Game
                 ) -> AbstractContextManager[Any]: ...

    def _read_game(self, game_id: str) -> Any: ...


def import_items(store: Games, items: list[ImportItem]) -> ImportResult:
    bulk = len(items) > BULK_IMPORT  # many games: one sync at the end, not one each
    undo = UndoLog(store.path / IMPORTS, store._locks, durable=not bulk)
    added = skipped = updated = 0
    conflicts: list[str] = []
    with interrupts.held() as stopped:  # a Ctrl-C waits for the next game, see there
        try:
            for item in items:
                if stopped():
                    raise _stopped()
                outcome = _import_one(store, item, undo, durable=not bulk)
                if outcome == "added":
                    added += 1
                elif outcome == "updated":
                    updated += 1
                elif outcome == "skipped":
                    skipped += 1
                else:
                    conflicts.append(item.id)
            if stopped():
                raise _stopped()
            if bulk and undo.written:
                _sync(store)  # every game written above is on disk before the commit
            undo.close()  # the commit: from here on the import is stored
        except BaseException as e:
            kept = _undo(store, undo.written)
            with suppress(StoreError):  # (it stays: the next open undoes it again)
                undo.close()
            if undo.written:  # the index as it was: the undone games' journal lines go too
                with suppress(StoreError):  # (a disk still full: they stay, harmless)
                    store._index.compact()
            if bulk:
                with suppress(OSError, StoreError):
                    _sync(store)
            raise _failure(e, undo.written, kept) from e
    return ImportResult(added, skipped, updated, tuple(conflicts))


def undo_killed_imports(store: Games) -> None:
    """Undo the imports whose process was killed before they were committed: each left
    its undo log, and no one holds its lock (see :mod:`.undolog`). Run when a store opens."""
    for path in undolog.left(store.path / IMPORTS):
        token = path.name[: -len(undolog.SUFFIX)]
        with interrupts.held(), undolog.lock(store._locks, token, wait=False) as free:
            if not free:
                continue  # its import is running
            try:
                written = undolog.records(path.read_bytes())
            except FileNotFoundError:
                continue  # committed, or undone by another process meanwhile
            except OSError as e:
                log.warning("could not read %s: %s", path, e)
                continue
            kept = _undo(store, written)
            try:
                undolog.remove(path)
            except StoreError as e:
                log.warning("could not remove %s: %s", path, e)
                continue
            if written:
                with suppress(StoreError):
                    store._index.compact()
            log.warning("an import that was stopped part-way was undone (%d games%s)",
                        len(written), f"; kept {len(kept)} changed since" if kept else "")


def _sync(store: Games) -> None:
    sync = getattr(os, "sync", None)
    if sync is not None:
        sync()
    try:
        fsync_dir(store._games)
    except OSError as e:
        raise os_error(e, store._games) from e
    platform.made_durable()  # the browser's storage keeps them all, or none (platform)


def _stopped() -> StoreError:
    return StoreError("interrupted", "the import was stopped")


def _import_one(store: Games, item: ImportItem, undo: UndoLog, durable: bool) -> str:
    """What happened to the game: added, updated, skipped or conflict. A game written is
    in the undo log before its file is replaced, and its file's identity after."""
    with store._game_lock(item.id):
        try:
            db, doc, game = store._load(item.id)
        except GameNotFoundError:
            db = None
        if db is None:
            doc = {"id": item.id, "created": item.created, "updated": item.updated,
                   "version": item.version, "deleted": False,
                   "game": formats.game_to_dict(item.game),
                   "next_seat_changes": [list(p) for p in item.next_seat_changes]}
            undo.before(item.id, None)
            key = store._write_new(item.id, doc, item.game, list(item.changes), durable=durable)
            undo.after(item.id, None if key is None else list(key))
            return "added"
        mine, theirs = formats.game_to_dict(game), formats.game_to_dict(item.game)
        if mine == theirs:
            return "skipped"
        continues = (mine["players"] == theirs["players"]
                     and mine["rules"] == theirs["rules"]
                     and mine["first_dealer"] == theirs["first_dealer"]
                     and theirs["hands"][:len(mine["hands"])] == mine["hands"]
                     and item.version > doc["version"] and not doc["deleted"])
        if not continues:
            return "conflict"
        changes = db.table(CHANGES)
        old = {json.dumps(e, sort_keys=True) for e in changes.all()}
        new = [e for e in item.changes if json.dumps(e, sort_keys=True) not in old]
        db.storage.durable = durable  # type: ignore[attr-defined]
        was = db.storage.last_key  # type: ignore[attr-defined]
        undo.before(item.id, None if was is None else list(was))
        with store._writing(db, item.id, item.game):
            db.table(GAME).update({"updated": max(doc["updated"], item.updated),
                                   "version": item.version, "game": theirs,
                                   "next_seat_changes": [list(p) for p in
                                                         item.next_seat_changes]},
                                  doc_ids=[DOC])
            changes.insert_multiple(new)
        key = db.storage.last_key  # type: ignore[attr-defined]
        undo.after(item.id, None if key is None else list(key))
        return "updated"


def _undo(store: Games, written: list[Written]) -> list[str]:
    """Undo the games an import wrote, newest first; the ids that stay stored. A game
    changed by someone else since is left as it is (and stays stored)."""
    kept: list[str] = []
    for entry in reversed(written):
        gid = entry.gid
        path = store._games / f"{gid}.json"
        try:
            with store._game_lock(gid):
                if not _undo_one(path, entry):
                    kept.append(gid)
                    continue
                fsync_dir(store._games)
                with store._mu:
                    store._cache.pop(gid, None)
                store._read_game(gid)  # the index follows: the game's summary or its drop
        except (OSError, StoreError):
            kept.append(gid)
    return kept


def _undo_one(path: Path, entry: Written) -> bool:
    """Put a game's file back as it was before the import (game lock held); False if it
    was changed by someone else since."""
    now = _key(path)
    if entry.key is None:  # stopped inside the write: was the file replaced?
        if now == entry.was:
            return True  # not written: nothing to undo
        if entry.was is not None and _key(backup_path(path, 1)) != entry.was:
            return False  # the file before is not the newest backup: someone else's
    elif now != entry.key:
        return now is None and entry.was is None  # gone already (the browser refused it)
    if entry.was is None:
        if now is not None:
            os.unlink(path)
    else:  # back to the file before the import, and its backups down one
        os.replace(backup_path(path, 1), path)
        for n in range(2, 4):
            with suppress(FileNotFoundError):
                os.replace(backup_path(path, n), backup_path(path, n - 1))
    return True


def _key(path: Path) -> list[int] | None:
    try:
        return list(file_key(os.stat(path)))
    except FileNotFoundError:
        return None


def _failure(e: BaseException, written: list, kept: list[str]) -> BaseException:
    if not isinstance(e, StoreError):
        if not kept:
            return e
        reason = f"the import stopped ({type(e).__name__})"
        code, params = "import_partial", {}
    else:
        reason, code, params = str(e), e.code, dict(e.params)
    reason = reason.removesuffix("; nothing was changed")
    written = [w for w in written if w.key is not None]
    if not kept:
        undone = f"; the {len(written)} games already written were removed again" if written else ""
        return StoreError(code, f"{reason}{undone}: nothing was imported", **params)
    return StoreError(
        "import_partial",
        f"{reason}; {len(kept)} games of the file stay stored and could not be undone: "
        f"{', '.join(sorted(kept))}", stored=tuple(sorted(kept)), cause=code)
