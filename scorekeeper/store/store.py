"""GameStore: every game, hand and edit, durable, fast with years of history.

Layout of the data folder::

    store.json                 the folder's format version
    games/<id>.json            one TinyDB file per game: tables "meta", "game" (one
                               document: id, dates, version, deleted, the game file) and
                               "changes" (the change log); plus .bak1-.bak3 backups;
                               read and written through TinyDB (gamefiles.py)
    index.json, journal.jsonl  the compact index of summaries (see index.py)
    journal.count
    settings.json              TinyDB: language, theme, recent names, ...
    drafts/<id>.json           a half-entered hand per game (settings, drafts and the
                               folder's upkeep: extras.py; imports: importing.py)
    imports/<token>.undo       the undo log of an import under way (undolog.py)
    locks/                     flock files; tmp/: temporary files of writes in progress

A game file is the source of truth; scores, totals, winners and the end of the game are
derived by :mod:`scorekeeper.rules`, never stored as truth (the index keeps a copy for the
history list, rebuilt from the game files whenever in doubt).
"""

from __future__ import annotations

import os
import threading
import uuid
from collections import OrderedDict
from dataclasses import replace
from contextlib import suppress
from pathlib import Path
from typing import Any, Callable

from .. import formats, rules
from . import paths
from .errors import GameNotFoundError, StaleGameError, StoreError
from .extras import SettingsAndDrafts
from .gamedoc import change_value, hand_entry, now_iso, summary_value, waiting_seats
from .gamefiles import CHANGES, DOC, GAME, GameFiles, change_log
from .importing import import_items, undo_killed_imports
from .index import Index
from .model import Change, GameSummary, ImportResult, RecoveryNote, StoredGame
from .storage import file_key


class GameStore(GameFiles, SettingsAndDrafts):
    """The stored games of one data folder. Safe for many threads and processes."""

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path)
        self._notes: list[RecoveryNote] = []
        self._notes_taken = 0
        self._notes_mu = threading.Lock()
        self.export_skipped: tuple[str, ...] = ()  # ids the last export_games left out
        self._games = self.path / "games"
        self._drafts = self.path / "drafts"
        self._locks = self.path / "locks"
        self._tmp = self.path / "tmp"
        self._make_folders()
        self._check_format()
        self._clean_tmp()
        self._mu = threading.Lock()
        self._cache: OrderedDict[str, tuple[bytes, rules.Game]] = OrderedDict()
        self._list_cache: tuple[int, bool, list[GameSummary]] | None = None
        self._summaries: dict[int, tuple[dict, GameSummary]] = {}
        self._index = Index(self.path, self._locks / "index.lock", self._tmp,
                            lambda message: self._note("rebuilt", message), scan=self._scan)
        self._index.ensure()
        if not self._index.trusted:
            # lines may have been lost in a power cut or an OS crash: compare every
            # summary with its game file, then mark the journal as checked in this boot
            self._verify_index()
            self._resolve_pending()
            with suppress(StoreError):  # e.g. read-only: check again next time
                self._index.mark_boot()
        self._resolve_pending()
        undo_killed_imports(self)  # an import whose process was killed: all or nothing

    @classmethod
    def open(cls, db: str | os.PathLike | None = None) -> "GameStore":
        """The store in ``db``, else ``$FLET_APP_STORAGE_DATA``, else the user's data folder."""
        return cls(paths.data_dir(db))

    # --- what happened ------------------------------------------------------------------

    @property
    def recovery_notes(self) -> tuple[str, ...]:
        """Damaged or missing files found and repaired since the store was opened (English
        sentences; :attr:`recoveries` has the same with what kind of repair each was)."""
        return tuple(n.message for n in self.recoveries)

    @property
    def recoveries(self) -> tuple[RecoveryNote, ...]:
        with self._notes_mu:
            return tuple(self._notes)

    def take_recoveries(self) -> tuple[RecoveryNote, ...]:
        """The recoveries no one has taken yet: each is handed out once, to the first to
        ask (the app shows it to one player, not on every screen of every phone)."""
        with self._notes_mu:
            new = tuple(self._notes[self._notes_taken:])
            self._notes_taken = len(self._notes)
        return new

    def _note(self, kind: str, message: str) -> None:
        with self._notes_mu:
            self._notes.append(RecoveryNote(kind, message))

    # --- games --------------------------------------------------------------------------

    def create_game(self, game: rules.Game) -> StoredGame:
        if not isinstance(game, rules.Game):
            raise TypeError("create_game needs a rules.Game")
        game = formats.game_from_dict(formats.game_to_dict(game))  # a checked copy
        gid = uuid.uuid4().hex
        now = now_iso()
        doc = {"id": gid, "created": now, "updated": now, "version": 1, "deleted": False,
               "game": formats.game_to_dict(game)}
        with self._game_lock(gid):
            self._write_new(gid, doc, game, [])
        return self._stored(doc, game)

    def get(self, game_id: str) -> StoredGame:
        self._check_id(game_id)
        with self._game_lock(game_id):
            _, doc, game = self._load(game_id)
        return self._stored(doc, game)

    def add_hand(self, game_id: str, hand: rules.Hand, expected_version: int) -> StoredGame:
        """Add ``hand`` at the end; a change of player waiting for it (:meth:`change_seats`)
        comes in with it (the hand's own changes of the same seat win)."""
        def change(game: rules.Game, waiting: rules.SeatChanges
                   ) -> tuple[rules.Game, dict[str, Any], rules.SeatChanges]:
            played = hand
            if waiting:
                played = replace(hand, seat_changes={**dict(waiting),
                                                     **dict(hand.seat_changes)})
            new = game.add_hand(played)
            return new, {"action": "add", "hand": len(new.hands), **hand_entry(None, "old"),
                         **hand_entry(played, "new")}, ()
        return self._mutate(game_id, expected_version, change, seats=True)

    def change_seats(self, game_id: str, changes: Any, expected_version: int) -> StoredGame:
        """Players changed from the next hand on (a name put right, someone new in a
        seat): ``changes`` (seat -> new name, or (seat, name) pairs; empty: none) replace
        the changes waiting for the next hand, which :meth:`add_hand` plays. The rules
        check them against the names after the last hand; one change-log entry
        ("seats"), so undoing is this call with the changes that waited before."""
        def change(game: rules.Game, waiting: rules.SeatChanges
                   ) -> tuple[rules.Game, dict[str, Any], rules.SeatChanges]:
            st = rules.state(game)
            wanted = rules.read_changes(changes)
            if st.game_over and wanted:
                raise rules.RulesError("game_over", "the game is over: nobody plays on",
                                       hand=len(game.hands) + 1)
            rules.apply_seat_changes(st.players, wanted, len(game.hands) + 1)
            return game, {"action": "seats", "hand": len(game.hands) + 1, "old": None,
                          "new": None, "old_seats": [list(p) for p in waiting],
                          "new_seats": [list(p) for p in wanted]}, wanted
        return self._mutate(game_id, expected_version, change, seats=True)

    def replace_hand(self, game_id: str, index: int, hand: rules.Hand,
                     expected_version: int) -> StoredGame:
        def change(game: rules.Game) -> tuple[rules.Game, dict[str, Any]]:
            new = game.replace_hand(index, hand)
            return new, {"action": "edit", "hand": index + 1,
                         **hand_entry(game.hands[index], "old"), **hand_entry(hand, "new")}
        return self._mutate(game_id, expected_version, change)

    def insert_hand(self, game_id: str, index: int, hand: rules.Hand,
                    expected_version: int) -> StoredGame:
        """Put ``hand`` in as hand ``index`` (0-based; ``len(hands)`` is the end), e.g. to
        undo :meth:`remove_hand`. One change-log entry ("insert"); the hands after it move
        down one and are checked again, but they are not edits."""
        def change(game: rules.Game) -> tuple[rules.Game, dict[str, Any]]:
            new = game.insert_hand(index, hand)
            return new, {"action": "insert", "hand": index + 1, **hand_entry(None, "old"),
                         **hand_entry(hand, "new")}
        return self._mutate(game_id, expected_version, change)

    def remove_hand(self, game_id: str, index: int, expected_version: int) -> StoredGame:
        def change(game: rules.Game) -> tuple[rules.Game, dict[str, Any]]:
            new = game.remove_hand(index)
            return new, {"action": "remove", "hand": index + 1,
                         **hand_entry(game.hands[index], "old"), **hand_entry(None, "new")}
        return self._mutate(game_id, expected_version, change)

    def set_rules(self, game_id: str, game_rules: rules.Rules,
                  expected_version: int) -> StoredGame:
        """New rules for a game (e.g. a new target); every hand is checked again."""
        return self._mutate(game_id, expected_version,
                            lambda game: (game.with_rules(game_rules), None))

    def delete_game(self, game_id: str) -> None:
        """Soft delete: the game leaves the history list; :meth:`restore_game` undoes it."""
        self._set_deleted(game_id, True)

    def restore_game(self, game_id: str) -> None:
        self._set_deleted(game_id, False)

    def changes(self, game_id: str) -> list[Change]:
        self._check_id(game_id)
        with self._game_lock(game_id):
            db, _, _ = self._load(game_id)
            entries = change_log(db)
        return [change_value(e) for e in entries]

    def list_games(self, include_deleted: bool = False) -> list[GameSummary]:
        """Summaries of the stored games, the most recently changed first."""
        self._index.refresh()
        if self._index.pending:
            self._resolve_pending()
        key = self._index.serial
        cached = self._list_cache
        if cached and cached[0] == key and cached[1] == include_deleted:
            return list(cached[2])
        values = self._summaries  # summary dict -> GameSummary, rebuilt only for changed rows
        fresh: dict[int, tuple[dict, GameSummary]] = {}
        rows = []
        for s in self._index.summaries():
            if not include_deleted and s["deleted"]:
                continue
            hit = values.get(id(s))
            if hit is None or hit[0] is not s:
                hit = (s, summary_value(s))
            fresh[id(s)] = hit
            rows.append(hit)
        self._summaries = fresh
        rows.sort(key=lambda r: (r[0]["updated"], r[0]["created"], r[0]["id"]), reverse=True)
        result = [r[1] for r in rows]
        self._list_cache = (key, include_deleted, result)
        return list(result)

    # --- export and import -------------------------------------------------------------

    def export_games(self) -> list[dict[str, Any]]:
        """Every game not deleted, oldest first, each a replayable game file plus its id,
        dates, version and change log.

        A game that cannot be read (damaged beyond its backups, from a newer version, a
        folder in its file's place, another game's file) is left out and the rest are
        exported: each one left out is a recovery note of kind ``"unreadable"`` naming
        the game (:attr:`recoveries`, :meth:`take_recoveries`; the CLI prints them on
        stderr) and its id is in :attr:`export_skipped` until the next export."""
        out = []
        skipped = []
        for s in sorted(self.list_games(), key=lambda s: (s.created, s.id)):
            try:
                with self._game_lock(s.id):
                    db, doc, game = self._load(s.id)
                    entries = change_log(db)
            except GameNotFoundError:
                continue
            except StoreError as e:
                skipped.append(s.id)
                self._note("unreadable", f"game {s.id} could not be read and was left out "
                           f"of the export: {e}")
                continue
            waiting = waiting_seats(doc)
            out.append({
                "id": doc["id"], "created": doc["created"], "updated": doc["updated"],
                "version": doc["version"], **formats.game_to_dict(game), "changes": entries,
                **({"next_seat_changes": [list(p) for p in waiting]} if waiting else {}),
            })
        self.export_skipped = tuple(skipped)
        return out

    def import_data(self, data: Any) -> ImportResult:
        """Add the games of a JSON export, a game file or a list of game files.

        All or nothing: every game is checked before anything is written, and a failure
        part-way (a full disk) undoes the games already written; if some could not be
        undone, the :class:`StoreError` (code ``import_partial``) names them. A game
        already stored is skipped when identical, updated when the file continues it
        (same hands, then more) and otherwise kept as stored and reported in
        ``conflicts``. A file that is not one raises a :class:`StoreError` with the
        code and params of its ``formats.FormatError`` (``import_invalid``)."""
        try:
            items = formats.parse_import(data, now_iso())
        except formats.FormatError as e:
            raise StoreError(e.code, str(e), **e.params) from None
        return import_items(self, items)

    def import_checked(self, items: list[formats.ImportItem]) -> ImportResult:
        """:meth:`import_data` of games :func:`formats.parse_import` has checked already
        (the command checks a file before it opens, or creates, the data folder)."""
        return import_items(self, items)

    # --- internals ---------------------------------------------------------------------

    def _mutate(self, game_id: str, expected_version: int, change: Callable[..., Any],
                seats: bool = False) -> StoredGame:
        """``change(game)`` -> (new game, change-log entry or None); with ``seats``,
        ``change(game, waiting)`` -> (new game, entry, the seat changes waiting after).
        Changes waiting for the next hand must still fit the names after the change."""
        self._check_id(game_id)
        if isinstance(expected_version, bool) or not isinstance(expected_version, int):
            raise TypeError("expected_version must be the game's version (an int)")
        with self._game_lock(game_id):
            db, doc, game = self._load(game_id)
            if doc["deleted"]:
                raise StoreError("deleted", "this game was deleted; restore it to change it",
                                 game_id=game_id)
            if doc["version"] != expected_version:
                raise StaleGameError(game_id, expected_version, doc["version"])
            waiting = waiting_seats(doc)
            if seats:
                new_game, entry, waiting = change(game, waiting)
            else:
                new_game, entry = change(game)  # the rules check the result
            if waiting:
                rules.apply_seat_changes(rules.state(new_game).players, waiting,
                                         len(new_game.hands) + 1)
            now = now_iso()
            fields = {"version": doc["version"] + 1, "updated": now,
                      "game": formats.game_to_dict(new_game),
                      "next_seat_changes": [list(p) for p in waiting]}
            with self._writing(db, game_id, new_game):
                db.table(GAME).update(fields, doc_ids=[DOC])
                if entry is not None:
                    db.table(CHANGES).insert({"at": now, **entry, "version": fields["version"]})
        return self._stored({**doc, **fields}, new_game)

    def _set_deleted(self, game_id: str, deleted: bool) -> None:
        self._check_id(game_id)
        with self._game_lock(game_id):
            db, doc, game = self._load(game_id)
            if doc["deleted"] == deleted:
                return
            with self._writing(db, game_id, game):
                db.table(GAME).update({"deleted": deleted, "version": doc["version"] + 1},
                                      doc_ids=[DOC])

    def _stored(self, doc: dict, game: rules.Game) -> StoredGame:
        st = rules.state(game)
        names = st.players
        return StoredGame(doc["id"], doc["created"], doc["updated"], doc["version"], game,
                          st.game_over, None if st.winner is None else names[st.winner],
                          doc["deleted"], tuple(names[seat] for seat in st.winners),
                          waiting_seats(doc))

    # --- the history list kept in step with the game files ------------------------------

    def _verify_index(self) -> None:
        """Find games whose summary does not match their file (a write whose index line
        was lost, a file copied in or removed) and mark them for a closer look."""
        entries = self._index.entries
        seen = set()
        for gid, entry in self._game_files():
            seen.add(gid)
            try:
                key = list(file_key(entry.stat(follow_symlinks=False)))
            except OSError:
                key = None
            known = entries.get(gid)
            if known is None or known.get("file") != key:
                self._index.pending.add(gid)
        self._index.pending.update(set(entries) - seen)

    def _resolve_pending(self) -> None:
        """Re-read the games marked for a closer look and fix their summaries."""
        for gid in self._index.take_pending():
            if not formats.ID_RE.fullmatch(gid):
                continue
            try:
                with self._game_lock(gid):
                    self._read_game(gid)  # fixes the summary, or drops a game that is gone
            except StoreError as e:
                self._note("unreadable", f"game {gid} could not be checked: {e}")
