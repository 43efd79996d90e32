"""The game files of a data folder, read and written through TinyDB: part of
:class:`.store.GameStore` (mixed in), below its public methods.

Each game is ``games/<id>.json``, a TinyDB database (tables "meta", "game" and "changes";
their content is :mod:`.gamedoc`) opened with :class:`.storage.DurableStorage`: reads are
checked and a damaged file is replaced by its newest good backup; a write is one durable
atomic replace, the index told before (``begin``) and after (``put``). Here too: the
per-game file locks, the cache of games this process last read or wrote (their bytes
are not checked again), and the scan of every game file for an index rebuild.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import zlib
from collections import OrderedDict
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

from tinydb import TinyDB

from .. import rules
from ..formats import ID_RE
from . import migrations
from .errors import DamagedData, GameNotFoundError, StoreError
from .gamedoc import check_game_data, summary_of
from .index import Index
from .storage import DurableStorage, encode, file_lock

log = logging.getLogger("scorekeeper.store")

GAME_BACKUPS = 3
LOCK_STRIPES = 256
CACHE_GAMES = 64
# the tables of a game file (a TinyDB database, see gamedoc)
META, GAME, CHANGES = "meta", "game", "changes"
DOC = 1  # the one document of the "meta" and "game" tables


def current_prefixes() -> tuple[bytes, ...]:
    """How a game file this version wrote begins, Hearts' and Kierki's (only those are
    cached as they are: an older one is upgraded when read)."""
    return tuple(encode({"meta": {"1": {"format": fmt}}})[:-1]
                 for fmt in (migrations.HEARTS_FORMAT, migrations.KIERKI_FORMAT))


class GameFiles:
    """Reading and writing game files, with the game's lock held. Mixed into GameStore,
    which makes the folders, the lock, the cache and the index."""

    _games: Path
    _locks: Path
    _tmp: Path
    _mu: threading.Lock
    _cache: OrderedDict[str, tuple[bytes, rules.Game]]
    _index: Index
    _note: Callable[[str, str], None]

    def _db(self, game_id: str, *, repair: bool = True, durable: bool = True) -> TinyDB:
        """The game's file as a TinyDB database (open it with the game's lock held).

        Reads are checked (``check_game_data``) unless the bytes are the ones this store
        last read or wrote; writes are atomic with backups, and the index is told first."""
        def known(raw: bytes) -> rules.Game | None:
            with self._mu:
                hit = self._cache.get(game_id)
            return hit[1] if hit is not None and hit[0] == raw else None

        return TinyDB(self._games / f"{game_id}.json", storage=DurableStorage,
                      backups=GAME_BACKUPS, validate=check_game_data, notes=self._note,
                      tmp_dir=self._tmp, label=f"game file {game_id}.json", known=known,
                      before_commit=lambda: self._index.begin(game_id), repair=repair,
                      durable=durable)

    @contextmanager
    def _writing(self, db: TinyDB, game_id: str, game: rules.Game) -> Iterator[None]:
        """TinyDB operations on a game's file, written once (durably) at the end; then
        the new summary goes to the index. Game lock held."""
        storage: DurableStorage = db.storage  # type: ignore[assignment]
        with storage.batch():
            yield
            fmt = migrations.format_for(game)  # an older file is upgraded (migrations)
            if db.table(META).get(doc_id=DOC) != {"format": fmt}:
                db.table(META).update({"format": fmt}, doc_ids=[DOC])
        doc = db.table(GAME).get(doc_id=DOC)
        self._remember(game_id, storage.last_raw, game)  # type: ignore[arg-type]
        self._put(summary_of(doc, game, storage.last_key))  # type: ignore[arg-type]

    def _write_new(self, game_id: str, doc: dict[str, Any], game: rules.Game,
                   changes: list[dict[str, Any]],
                   durable: bool = True) -> tuple[int, int, int] | None:
        """Write a game file that does not exist yet (game lock held); its identity."""
        db = self._db(game_id, durable=durable)
        with self._writing(db, game_id, game):
            db.drop_tables()
            db.table(META).insert({"format": migrations.format_for(game)})
            db.table(GAME).insert(doc)
            db.table(CHANGES).insert_multiple(changes)
        return db.storage.last_key  # type: ignore[attr-defined]

    def _load(self, game_id: str) -> tuple[TinyDB, dict, rules.Game]:
        """The game's database, its game document and Game (game lock held); recovers a
        damaged file."""
        got = self._read_game(game_id)
        if got is None:
            raise GameNotFoundError(game_id)
        return got

    def _read_game(self, game_id: str) -> tuple[TinyDB, dict, rules.Game] | None:
        db = self._db(game_id)
        doc = db.table(GAME).get(doc_id=DOC)  # reads, checks, or restores a backup
        if doc is None:
            self._forget(game_id)
            return None
        storage: DurableStorage = db.storage  # type: ignore[assignment]
        game: rules.Game = storage.last_checked
        if doc["id"] != game_id:
            raise StoreError("damaged", f"game file {game_id}.json holds another game "
                             f"({doc['id']})", game_id=game_id)
        raw = storage.last_raw or b""
        if raw.startswith(current_prefixes()):
            self._remember(game_id, raw, game)
        key = storage.last_key
        entry = self._index.entries.get(game_id)
        if entry is None or entry.get("file") != (None if key is None else list(key)):
            self._put(summary_of(doc, game, key))  # the index was behind the file
        return db, doc, game

    def _put(self, summary: dict[str, Any]) -> None:
        try:
            self._index.put(summary)
        except StoreError as e:
            # The game file is written, and it is the truth: the write succeeded. The
            # summary is kept in memory, and the next open finds the file newer than
            # the index and reads it again.
            log.warning("could not update the index of games: %s", e)
            self._index.set_in_memory(summary)

    def _forget(self, game_id: str) -> None:
        """A game that no longer exists (game lock held)."""
        with self._mu:
            self._cache.pop(game_id, None)
        if game_id in self._index.entries:
            try:
                self._index.drop(game_id)
            except StoreError:
                self._index.drop_in_memory(game_id)

    def _remember(self, game_id: str, raw: bytes, game: rules.Game) -> None:
        with self._mu:
            self._cache[game_id] = (raw, game)
            self._cache.move_to_end(game_id)
            while len(self._cache) > CACHE_GAMES:
                self._cache.popitem(last=False)

    @contextmanager
    def _game_lock(self, game_id: str) -> Iterator[None]:
        stripe = zlib.crc32(game_id.encode()) % LOCK_STRIPES  # ids are ASCII (ID_RE)
        with file_lock(self._locks / f"game-{stripe:03d}.lock"):
            yield

    @staticmethod
    def _check_id(game_id: Any) -> None:
        if not isinstance(game_id, str) or not ID_RE.fullmatch(game_id):
            raise GameNotFoundError(str(game_id))

    def _game_files(self) -> Iterator[tuple[str, os.DirEntry]]:
        try:
            entries = list(os.scandir(self._games))
        except FileNotFoundError:
            return
        for entry in entries:
            name = entry.name
            if name.endswith(".json") and ID_RE.fullmatch(name[:-5]):
                yield name[:-5], entry

    def _scan(self) -> Iterator[tuple[str, dict[str, Any] | None]]:
        """Every game file, read through TinyDB without locks and without repairs, for
        an index rebuild (every write is an atomic rename, so a read sees a whole file)."""
        for gid, _ in self._game_files():
            try:
                db = self._db(gid, repair=False)
                doc = db.table(GAME).get(doc_id=DOC)
                storage: DurableStorage = db.storage  # type: ignore[assignment]
                if doc is None or doc.get("id") != gid:
                    raise DamagedData("not this game's file")
                yield gid, summary_of(doc, storage.last_checked, storage.last_key)
            except (OSError, DamagedData, StoreError):
                yield gid, None  # looked at closely (and repaired) under its lock later


def change_log(db: TinyDB) -> list[dict[str, Any]]:
    """A game's change log, oldest first (copies: the caller may keep them)."""
    table = db.table(CHANGES)
    return [json.loads(json.dumps(e)) for e in sorted(table.all(), key=lambda d: d.doc_id)]
