"""Importing games, all or nothing.

:func:`scorekeeper.formats.parse_import` has checked every game of the file before this
runs (the rules, ids, dates, the change log, and that each game can be written as UTF-8).
Then the games are written one by one, each under its lock; if a write fails part-way (a
full disk, an I/O error, an interrupt), every game this import wrote is undone, newest
first: a game it added is removed, a game it continued gets its previous file back (the
newest backup, renamed into place: no disk space needed). A game someone else changed
since is left as it is. If anything could not be undone, the error (code
``import_partial``) names exactly the games that stay stored; otherwise it says that
nothing was imported.
The index is compacted after an undo, so the journal does not keep the lines of the games
written and undone (the data folder is as big as before the import).
"""

from __future__ import annotations

import json
import os
import threading
from contextlib import AbstractContextManager, suppress
from pathlib import Path
from typing import Any, Protocol

from .. import formats, rules
from ..formats import ImportItem
from . import platform
from .errors import GameNotFoundError, StoreError, os_error
from .gamefiles import CHANGES, DOC, GAME
from .model import ImportResult
from .storage import backup_path, file_key, fsync_dir

BULK_IMPORT = 16  # imports of more games than this sync once at the end


class Games(Protocol):
    """What an import needs of the store (``GameStore`` is one): the games folder, a game's
    lock, file and cache. Named here, so this module does not import the store."""

    _games: Path
    _mu: threading.Lock
    _cache: dict[str, Any]

    def _game_lock(self, game_id: str) -> AbstractContextManager[Any]: ...

    def _load(self, game_id: str) -> tuple[Any, dict, rules.Game]: ...

    def _write_new(self, game_id: str, doc: dict, game: rules.Game, changes: list[dict],
                   durable: bool = True) -> Any: ...

    def _writing(self, db: Any, game_id: str, game: rules.Game
                 ) -> AbstractContextManager[Any]: ...

    def _read_game(self, game_id: str) -> Any: ...


def import_items(store: Games, items: list[ImportItem]) -> ImportResult:
    bulk = len(items) > BULK_IMPORT  # many games: one sync at the end, not one each
    added = skipped = updated = 0
    conflicts: list[str] = []
    written: list[tuple[str, str, list[int] | None]] = []  # (id, outcome, file key)
    try:
        for item in items:
            outcome, key = _import_one(store, item, durable=not bulk)
            if outcome == "added":
                added += 1
            elif outcome == "updated":
                updated += 1
            elif outcome == "skipped":
                skipped += 1
            else:
                conflicts.append(item.id)
            if key is not None:
                written.append((item.id, outcome, key))
        if bulk:
            _sync(store)  # every game written above is on disk before import returns
    except BaseException as e:
        kept = _undo(store, written)
        if written:  # the index as it was: the undone games' journal lines go too
            with suppress(StoreError):  # (a disk still full: they stay, harmless)
                store._index.compact()
        if bulk:
            with suppress(OSError, StoreError):
                _sync(store)
        raise _failure(e, written, kept) from e
    return ImportResult(added, skipped, updated, tuple(conflicts))


def _sync(store: Games) -> None:
    sync = getattr(os, "sync", None)
    if sync is not None:
        sync()
    try:
        fsync_dir(store._games)
    except OSError as e:
        raise os_error(e, store._games) from e
    platform.made_durable()  # the browser's storage keeps them all, or none (platform)


def _import_one(store: Games, item: ImportItem,
                durable: bool) -> tuple[str, list[int] | None]:
    """What happened to the game (added, updated, skipped, conflict) and, when its file
    was written, the file's identity."""
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
            key = store._write_new(item.id, doc, item.game, list(item.changes), durable=durable)
            return "added", None if key is None else list(key)
        mine, theirs = formats.game_to_dict(game), formats.game_to_dict(item.game)
        if mine == theirs:
            return "skipped", None
        continues = (mine["players"] == theirs["players"]
                     and mine["rules"] == theirs["rules"]
                     and mine["first_dealer"] == theirs["first_dealer"]
                     and theirs["hands"][:len(mine["hands"])] == mine["hands"]
                     and item.version > doc["version"] and not doc["deleted"])
        if not continues:
            return "conflict", None
        changes = db.table(CHANGES)
        old = {json.dumps(e, sort_keys=True) for e in changes.all()}
        new = [e for e in item.changes if json.dumps(e, sort_keys=True) not in old]
        db.storage.durable = durable  # type: ignore[attr-defined]
        with store._writing(db, item.id, item.game):
            db.table(GAME).update({"updated": max(doc["updated"], item.updated),
                                   "version": item.version, "game": theirs,
                                   "next_seat_changes": [list(p) for p in
                                                         item.next_seat_changes]},
                                  doc_ids=[DOC])
            changes.insert_multiple(new)
        key = db.storage.last_key  # type: ignore[attr-defined]
        return "updated", None if key is None else list(key)


def _undo(store: Games, written: list[tuple[str, str, list[int] | None]]) -> list[str]:
    """Undo the games this import wrote, newest first; the ids that stay stored."""
    kept: list[str] = []
    for gid, outcome, key in reversed(written):
        path = store._games / f"{gid}.json"
        try:
            with store._game_lock(gid):
                try:
                    now = list(file_key(os.stat(path)))
                except FileNotFoundError:
                    if outcome == "added":
                        continue  # not there (the browser's storage refused it): undone
                    raise
                if key is None or now != key:
                    kept.append(gid)  # changed by someone else since: leave it
                    continue
                if outcome == "added":
                    os.unlink(path)
                else:  # back to the file before the import, and its backups down one
                    os.replace(backup_path(path, 1), path)
                    for n in range(2, 4):
                        with suppress(FileNotFoundError):
                            os.replace(backup_path(path, n), backup_path(path, n - 1))
                fsync_dir(store._games)
                with store._mu:
                    store._cache.pop(gid, None)
                store._read_game(gid)  # the index follows: the game's summary or its drop
        except (OSError, StoreError):
            kept.append(gid)
    return kept


def _failure(e: BaseException, written: list, kept: list[str]) -> BaseException:
    if not isinstance(e, StoreError):
        if not kept:
            return e
        reason = f"the import stopped ({type(e).__name__})"
        code, params = "import_partial", {}
    else:
        reason, code, params = str(e), e.code, dict(e.params)
    reason = reason.removesuffix("; nothing was changed")
    if not kept:
        undone = f"; the {len(written)} games already written were removed again" if written else ""
        return StoreError(code, f"{reason}{undone}: nothing was imported", **params)
    return StoreError(
        "import_partial",
        f"{reason}; {len(kept)} games of the file stay stored and could not be undone: "
        f"{', '.join(sorted(kept))}", stored=tuple(sorted(kept)), cause=code)
