"""The compact index of game summaries behind the history list.

The index is derived data: every summary can be rebuilt from the game files. It is a
snapshot ``index.json`` (:mod:`.snapshot`) plus an append-only journal ``journal.jsonl``
(:mod:`.journal`, which lists its lines), so adding a hand appends two short lines
(``begin`` before the game file is replaced, ``put`` with its summary after) instead of
rewriting the summaries of every game. This module keeps the two in memory and on disk
in step: what is read, appended, trusted, compacted and rebuilt, and when.

Every ``begin``/``put`` of a game is appended while its writer holds the game's lock, so
the journal order is the order of the writes and the last ``put`` wins.

Journal lines are not fsynced. A killed process loses nothing the kernel already has, so
while the machine keeps running, the journal is complete and a pending ``begin`` points at
any game whose writer died mid-write. Only a power cut or an OS crash can lose lines;
then the boot id differs from the journal's, and the store compares every summary with the
identity of its game file (inode, mtime, size), re-reads those that differ (see
``GameStore._verify_index``) and appends a ``boot`` line. A torn or garbled line is
skipped for the same reason.

Damage in the same boot is noticed: every line carries its record number ``n``, and
``journal.count`` the number of the last record appended. A complete line that is garbled
or out of sequence, a journal shorter than its count, or a journal that shrank under a
running store means the journal was damaged or cut: the index is rebuilt from the game
files, with a recovery note. (After a power cut the journal may lose lines legitimately;
then the first start checks every summary instead, see above.)

When the journal grows past a quarter of the snapshot (at least :data:`COMPACT_BYTES`),
the snapshot is rewritten durably (generation N+1) and the journal restarted; lines of an
older generation are ignored, so a crash between the two steps replays nothing twice.

Locks: the caller holds a game's lock before calling :meth:`begin`/:meth:`put` for it;
the index takes ``index.lock`` (shared to read, exclusive to append), always after any
game lock, never before.
"""

from __future__ import annotations

import logging
import os
import threading
from pathlib import Path
from typing import Any, Callable, Iterable

from . import journal, platform, snapshot
from .errors import StoreError, os_error
from .platform import boot_id  # this boot of the machine (or the browser's answer)
from .snapshot import INDEX_FORMAT, valid_summary  # noqa: F401  (INDEX_FORMAT: where it was)
from .storage import atomic_write, file_lock

log = logging.getLogger("scorekeeper.store")

COMPACT_BYTES = 256 * 1024
UPGRADE = "in an older format"  # why an index of an older format is rebuilt (quietly)


class Index:
    def __init__(self, folder: Path, lock_path: Path, tmp_dir: Path,
                 notes: Callable[[str], None],
                 scan: Callable[[], Iterable[tuple[str, dict[str, Any] | None]]]) -> None:
        self.base_path = folder / "index.json"
        self.journal_path = folder / "journal.jsonl"
        self.count_path = folder / "journal.count"
        self.lock_path = lock_path
        self.tmp_dir = tmp_dir
        self.notes = notes
        self.scan = scan  # yields (id, summary or None) for every game file; see rebuild
        self.boot = boot_id()
        self.entries: dict[str, dict[str, Any]] = {}
        self.pending: set[str] = set()  # games to read again (under their lock)
        self.gen = 0
        self.journal_boot: str | None = None  # the boot that started the journal
        self.serial = 0  # bumped on every in-memory change (for caches)
        self.needs_rebuild: str | None = None  # why the base must be rebuilt
        self._journal_ino: int | None = None
        self._journal_stale = False  # the journal belongs to an older base
        self._offset = 0
        self._count = 0  # the number of the last journal record read or appended
        self._base_size = 0
        self._reverts = platform.reverts()  # the folder put back since: read it all again
        self._mu = threading.RLock()

    @property
    def trusted(self) -> bool:
        """No line can have been lost since the journal was started (same boot)."""
        return self.boot is not None and self.journal_boot == self.boot

    # --- reading -------------------------------------------------------------------------

    def load(self) -> None:
        """Read base and journal (a full reload)."""
        with self._mu, file_lock(self.lock_path, shared=True):
            self._load_locked()

    def _load_locked(self) -> None:
        self.serial += 1
        self._reverts = platform.reverts()
        self.entries, self.pending, self.gen = {}, set(), 0
        self._journal_ino, self._offset, self.journal_boot = None, 0, None
        self._journal_stale = False
        self._count = 0
        self.needs_rebuild = None
        try:
            raw = self.base_path.read_bytes()
        except FileNotFoundError:
            self.needs_rebuild = "missing"
            return
        except OSError as e:
            raise os_error(e, self.base_path, "read") from e
        try:
            base = snapshot.parse(raw)
        except (ValueError, KeyError, TypeError, UnicodeDecodeError) as e:
            self.needs_rebuild = f"damaged ({e})"
            return
        if base.older:
            self.gen = base.gen
            self.needs_rebuild = UPGRADE
            return
        self.entries, self.pending, self.gen = base.games, base.pending, base.gen
        self._base_size = len(raw)
        self._read_journal(from_start=True)
        if self.trusted and not self.needs_rebuild and not self._journal_stale:
            counted = journal.read_count(self.count_path)
            if counted is not None and counted[0] == self.gen and counted[1] > self._count:
                self.needs_rebuild = (f"damaged (its journal holds {self._count} of its "
                                      f"{counted[1]} records: it was cut short)")

    def _read_journal(self, from_start: bool) -> None:
        """Apply journal lines after ``_offset`` (all of them with ``from_start``)."""
        got = journal.read_after(self.journal_path, 0 if from_start else self._offset)
        if got is None:
            self._journal_ino, self._offset = None, 0
            return
        ino, size, chunk = got
        if from_start:
            self._journal_ino, self._offset = ino, 0
        if size <= self._offset:
            return
        end, lines = journal.complete_lines(chunk)  # a writer may be mid-line
        if from_start:
            header = journal.parse(lines[0]) if lines else None
            if not (isinstance(header, dict) and header.get("gen") == self.gen):
                # a journal of another generation (a compaction was cut short): its
                # lines are already in the base; the next append starts a new journal
                self._offset = size
                self._journal_stale = True
                return
            self.journal_boot = header.get("boot")
            lines = lines[1:]
        for rec in journal.records(lines):
            n = rec.get("n") if isinstance(rec, dict) else None
            if self.trusted and n != self._count + 1:  # same boot: no line may be lost
                what = ("garbled" if not isinstance(n, int)
                        else f"missing (record {n} came in its place)")
                self.needs_rebuild = f"damaged (journal record {self._count + 1} is {what})"
                break
            self._apply(rec)
            if isinstance(n, int):
                self._count = n
        self._offset += end
        self.serial += 1

    def _apply(self, rec: Any) -> None:
        if not isinstance(rec, dict):
            return  # torn or garbled: harmless, see the module docstring
        if "put" in rec:
            s = rec["put"]
            if valid_summary(s):
                self.entries[s["id"]] = s
                self.pending.discard(s["id"])
            elif isinstance(s, dict) and isinstance(s.get("id"), str):
                self.pending.add(s["id"])  # e.g. from an older version: read its file
        elif "begin" in rec:
            if isinstance(rec["begin"], str):
                self.pending.add(rec["begin"])
        elif "drop" in rec:
            self.entries.pop(rec["drop"], None)
            self.pending.discard(rec["drop"])
        elif "boot" in rec:
            self.journal_boot = rec["boot"]

    def refresh(self) -> None:
        """Catch up with lines other processes appended (cheap when nothing changed)."""
        with self._mu:
            st = self._journal_stat()
            if st is not None and st.st_ino == self._journal_ino and \
                    st.st_size == self._offset and self._reverts == platform.reverts():
                return
            with file_lock(self.lock_path, shared=True):
                self._refresh_locked()
            if self.needs_rebuild:
                with file_lock(self.lock_path):
                    self._catch_up_locked()

    def _catch_up_locked(self) -> None:
        """Catch up, and rebuild the index if it turned out damaged (index lock held,
        exclusive)."""
        self._refresh_locked()
        if self.needs_rebuild:
            self._rebuild_locked()

    def _refresh_locked(self) -> None:
        st = self._journal_stat()
        if self._reverts != platform.reverts():
            # the browser's storage refused a write and the folder was put back as it
            # keeps it: what this index read and appended since may be gone
            self._load_locked()
        elif st is None or st.st_ino != self._journal_ino:
            self._load_locked()  # compacted or rebuilt by someone else
        elif st.st_size > self._offset:
            self._read_journal(from_start=False)
        elif st.st_size < self._offset and not self.needs_rebuild:
            self.needs_rebuild = "damaged (its journal was cut short while in use)"

    def _journal_stat(self) -> os.stat_result | None:
        try:
            return os.stat(self.journal_path)
        except FileNotFoundError:
            return None

    def summaries(self) -> list[dict[str, Any]]:
        with self._mu:
            return list(self.entries.values())

    def take_pending(self) -> list[str]:
        """The games marked for a closer look; the mark is cleared."""
        with self._mu:
            ids = sorted(self.pending)
            self.pending.clear()
            return ids

    # --- writing -------------------------------------------------------------------------

    def begin(self, gid: str) -> None:
        """Note that game ``gid`` is about to be replaced (call with its lock held)."""
        self._append({"begin": gid})

    def put(self, summary: dict[str, Any]) -> None:
        """Record the summary of a game just written (call with its lock held)."""
        self._append({"put": summary})

    def drop(self, gid: str) -> None:
        self._append({"drop": gid})

    def mark_boot(self) -> None:
        """Every summary was checked against its file in this boot: trust the journal."""
        if self.boot is not None:
            self._append({"boot": self.boot})

    def set_in_memory(self, summary: dict[str, Any]) -> None:
        """Only this process's view (when the journal cannot be written)."""
        with self._mu:
            self._apply({"put": summary})
            self.serial += 1

    def drop_in_memory(self, gid: str) -> None:
        with self._mu:
            self._apply({"drop": gid})
            self.serial += 1

    def _append(self, rec: dict[str, Any]) -> None:
        with self._mu, file_lock(self.lock_path):
            self._catch_up_locked()
            if self._journal_ino is None or self._journal_stale:  # start a journal
                self._write_base_locked()
            rec = {**rec, "n": self._count + 1}
            self._offset = journal.append(self.journal_path, journal.line(rec), self._offset)
            self._apply(rec)
            self._count = rec["n"]
            journal.write_count(self.count_path, self.gen, self._count)
            self.serial += 1
            if self._offset > max(COMPACT_BYTES, self._base_size // 4):
                try:
                    self._write_base_locked()
                except StoreError as e:  # the line is written; compact another time
                    log.warning("could not compact the index: %s", e)

    def compact(self) -> None:
        with self._mu, file_lock(self.lock_path):
            self._refresh_locked()
            self._write_base_locked()

    def _write_base_locked(self) -> None:
        """Write the base (next generation) and start an empty journal for it."""
        gen = self.gen + 1
        payload = snapshot.encode(gen, self.entries, self.pending)
        atomic_write(self.base_path, payload, tmp_dir=self.tmp_dir)
        self.gen, self._base_size, self.needs_rebuild = gen, len(payload), None
        header = journal.header(gen, self.boot)
        try:
            key = atomic_write(self.journal_path, header, tmp_dir=self.tmp_dir)
        except StoreError:
            self._journal_ino = None  # the old journal is of an older generation now
            raise
        self._journal_ino, self._offset, self.journal_boot = key[0], len(header), self.boot
        self._journal_stale = False
        self._count = 0
        journal.write_count(self.count_path, self.gen, self._count)
        self.serial += 1

    def ensure(self) -> None:
        """Load the index, rebuilding it from the game files if it is missing or damaged."""
        self.load()
        if self.needs_rebuild:
            with self._mu, file_lock(self.lock_path):
                self._catch_up_locked()

    def _rebuild_locked(self) -> None:
        """Rebuild the index from the game files (index lock held).

        The game files are read without game locks (every write is an atomic rename, so
        a read sees a whole file); writers wait for the index lock to append their lines
        meanwhile, and games a writer had begun are marked pending. Files that could not
        be read are pending too, for a closer look under their lock.
        """
        why = self.needs_rebuild or "out of date"
        if why.startswith("damaged"):
            snapshot.move_aside(self.base_path, why)
        journal_gen, in_flight = journal.begun(self.journal_path)
        old_gen = self.gen if journal_gen is None else max(self.gen, journal_gen)
        entries: dict[str, dict[str, Any]] = {}
        pending: set[str] = set()
        for gid, summary in self.scan():
            if summary is None:
                pending.add(gid)
            else:
                entries[gid] = summary
        self.entries = entries
        self.pending = pending | (in_flight & set(entries))
        self.gen = old_gen  # the new base is old_gen + 1: no old journal line replays
        self._write_base_locked()
        if why != UPGRADE and (why != "missing" or entries):
            self.notes(f"the index of games was {why}; rebuilt it from {len(entries)} "
                       "game files")

