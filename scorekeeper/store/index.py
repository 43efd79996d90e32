"""The compact index of game summaries behind the history list.

The index is derived data: every summary can be rebuilt from the game files. It is a base
snapshot ``index.json`` plus an append-only journal ``journal.jsonl``, so adding a hand
appends one line instead of rewriting the summaries of every game:

* ``{"gen": N}``: the first line; the journal belongs to the base of generation N.
* ``{"begin": id}``: written and fdatasync'ed *before* a game file is replaced. Until a
  later ``put`` for the same id, the game is "pending": its summary may be out of date
  (the writer may have crashed) and is re-read from the game file.
* ``{"put": summary}``: the game's summary after the write (not fsynced: if it is lost,
  the durable ``begin`` before it makes the game pending, which heals it).
* ``{"drop": id}``: the game no longer exists.

Every ``begin``/``put`` of a game is written while holding that game's lock, so the
journal order is the order of the writes and the last ``put`` wins. When the journal grows
larger than the base (at least :data:`COMPACT_BYTES`), the base is rewritten (generation
N+1) and the journal restarted; lines of an older generation are ignored, so a crash
between the two steps replays nothing twice. A torn or garbled line is skipped: it can
only be a ``begin`` whose write never started or a ``put`` already covered by its
``begin``.

Locks: the caller holds a game's lock before calling :meth:`begin`/:meth:`put` for it;
the index takes ``index.lock`` (shared to read, exclusive to append), always after any
game lock, never before.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
from pathlib import Path
from typing import Any, Callable, Iterable

from .errors import StoreError, os_error
from .storage import atomic_write, file_lock, utc_stamp, fsync_dir

COMPACT_BYTES = 256 * 1024
INDEX_FORMAT = 1


class Index:
    def __init__(self, folder: Path, lock_path: Path, tmp_dir: Path,
                 notes: Callable[[str], None],
                 scan: Callable[[], Iterable[tuple[str, dict[str, Any] | None]]],
                 durable: bool = True) -> None:
        self.scan = scan  # yields (id, summary or None) for every game file; see rebuild
        self.base_path = folder / "index.json"
        self.journal_path = folder / "journal.jsonl"
        self.lock_path = lock_path
        self.tmp_dir = tmp_dir
        self.notes = notes
        self.durable = durable
        self.entries: dict[str, dict[str, Any]] = {}
        self.pending: set[str] = set()
        self.gen = 0
        self.serial = 0  # bumped on every in-memory change (for caches)
        self.needs_rebuild: str | None = None  # why the base must be rebuilt
        self._journal_ino: int | None = None
        self._offset = 0
        self._base_size = 0
        self._mu = threading.RLock()

    # --- reading -------------------------------------------------------------------------

    def load(self) -> None:
        """Read base and journal (a full reload)."""
        with self._mu, file_lock(self.lock_path, shared=True):
            self._load_locked()

    def _load_locked(self) -> None:
        self.serial += 1
        self.entries, self.pending, self.gen = {}, set(), 0
        self._journal_ino, self._offset = None, 0
        self.needs_rebuild = None
        try:
            raw = self.base_path.read_bytes()
        except FileNotFoundError:
            self.needs_rebuild = "missing"
            return
        except OSError as e:
            raise os_error(e, self.base_path, "read") from e
        try:
            base = json.loads(raw)
            if not isinstance(base, dict) or not isinstance(base.get("games"), dict):
                raise ValueError("wrong shape")
            if base.get("format", 1) > INDEX_FORMAT:
                raise ValueError(f"format {base.get('format')} is newer than this version")
            gen = base["gen"]
            entries = base["games"]
            pending = set(base.get("pending", []))
            for gid, s in entries.items():
                if not isinstance(s, dict) or s.get("id") != gid or not isinstance(s.get("version"), int):
                    raise ValueError(f"bad summary for {gid!r}")
        except (ValueError, KeyError, TypeError, UnicodeDecodeError) as e:
            self.needs_rebuild = f"damaged ({e})"
            return
        self.entries, self.pending, self.gen = entries, pending, gen
        self._base_size = len(raw)
        self._read_journal(from_start=True)

    def _read_journal(self, from_start: bool) -> None:
        """Apply journal lines after ``_offset`` (all of them with ``from_start``)."""
        try:
            fd = os.open(self.journal_path, os.O_RDONLY | os.O_CLOEXEC)
        except FileNotFoundError:
            self._journal_ino, self._offset = None, 0
            return
        try:
            st = os.fstat(fd)
            if from_start:
                self._journal_ino, self._offset = st.st_ino, 0
            if st.st_size <= self._offset:
                return
            chunk = os.pread(fd, st.st_size - self._offset, self._offset)
        finally:
            os.close(fd)
        end = chunk.rfind(b"\n") + 1  # only complete lines; a writer may be mid-line
        lines = chunk[:end].splitlines()
        start = 0
        if from_start:
            header = _parse(lines[0]) if lines else None
            if not (isinstance(header, dict) and header.get("gen") == self.gen):
                # a journal of another generation: its lines are already in the base
                self._offset = st.st_size
                return
            start = 1
        for line in lines[start:]:
            self._apply(_parse(line))
        self._offset += end
        self.serial += 1

    def _apply(self, rec: Any) -> None:
        if not isinstance(rec, dict):
            return  # torn or garbled: harmless, see the module docstring
        if "put" in rec:
            s = rec["put"]
            if isinstance(s, dict) and isinstance(s.get("id"), str):
                self.entries[s["id"]] = s
                self.pending.discard(s["id"])
        elif "begin" in rec:
            if isinstance(rec["begin"], str):
                self.pending.add(rec["begin"])
        elif "drop" in rec:
            self.entries.pop(rec["drop"], None)
            self.pending.discard(rec["drop"])

    def refresh(self) -> None:
        """Catch up with lines other processes appended (cheap when nothing changed)."""
        with self._mu:
            try:
                st = os.stat(self.journal_path)
            except FileNotFoundError:
                st = None
            if st is not None and st.st_ino == self._journal_ino and st.st_size == self._offset:
                return
            with file_lock(self.lock_path, shared=True):
                self._refresh_locked()

    def _refresh_locked(self) -> None:
        try:
            st = os.stat(self.journal_path)
        except FileNotFoundError:
            st = None
        if st is None or st.st_ino != self._journal_ino:
            self._load_locked()  # compacted or rebuilt by someone else
        elif st.st_size > self._offset:
            self._read_journal(from_start=False)

    def summaries(self) -> list[dict[str, Any]]:
        with self._mu:
            return list(self.entries.values())

    # --- writing -------------------------------------------------------------------------

    def begin(self, gid: str) -> None:
        """Durably note that game ``gid`` is about to be replaced (call with its lock held)."""
        self._append({"begin": gid}, sync=True)

    def begin_many(self, gids: Iterable[str]) -> None:
        """:meth:`begin` for many games with one fdatasync (a bulk import)."""
        recs = [{"begin": gid} for gid in gids]
        if recs:
            self._append_many(recs, sync=True)

    def put(self, summary: dict[str, Any]) -> None:
        """Record the summary of a game just written (call with its lock held)."""
        self._append({"put": summary}, sync=False)

    def drop(self, gid: str) -> None:
        self._append({"drop": gid}, sync=True)

    def _append(self, rec: dict[str, Any], sync: bool) -> None:
        self._append_many([rec], sync)

    def _append_many(self, recs: list[dict[str, Any]], sync: bool) -> None:
        line = b"".join((json.dumps(rec, ensure_ascii=False, separators=(",", ":")) + "\n").encode()
                        for rec in recs)
        with self._mu, file_lock(self.lock_path):
            self._refresh_locked()
            if self.needs_rebuild:
                self._rebuild_locked()
            if self._journal_ino is None:  # the journal is missing: start one
                self._write_base_locked()
            fd = os.open(self.journal_path, os.O_WRONLY | os.O_APPEND | os.O_CLOEXEC)
            try:
                size = os.fstat(fd).st_size
                if size != self._offset:  # a torn line at the end: close it first
                    line = b"\n" + line
                try:
                    os.write(fd, line)
                    if sync and self.durable:
                        os.fdatasync(fd)
                except OSError as e:
                    with contextlib.suppress(OSError):
                        os.ftruncate(fd, size)
                    raise os_error(e, self.journal_path) from e
            finally:
                os.close(fd)
            self._offset = size + len(line)
            for rec in recs:
                self._apply(rec)
            self.serial += 1
            if self._offset > max(COMPACT_BYTES, self._base_size):
                self._write_base_locked()

    def compact(self) -> None:
        with self._mu, file_lock(self.lock_path):
            self._refresh_locked()
            self._write_base_locked()

    def _write_base_locked(self) -> None:
        """Write the base (next generation) and start an empty journal for it."""
        gen = self.gen + 1
        payload = json.dumps({"format": INDEX_FORMAT, "gen": gen, "games": self.entries,
                              "pending": sorted(self.pending)},
                             ensure_ascii=False, separators=(",", ":")).encode()
        atomic_write(self.base_path, payload, tmp_dir=self.tmp_dir, durable=self.durable)
        self.gen, self._base_size, self.needs_rebuild = gen, len(payload), None
        header = (json.dumps({"gen": gen}) + "\n").encode()
        atomic_write(self.journal_path, header, tmp_dir=self.tmp_dir, durable=self.durable)
        self._journal_ino = os.stat(self.journal_path).st_ino
        self._offset = len(header)
        self.serial += 1

    def ensure(self) -> None:
        """Load the index, rebuilding it from the game files if it is missing or damaged."""
        self.load()
        if self.needs_rebuild:
            with self._mu, file_lock(self.lock_path):
                self._refresh_locked()
                if self.needs_rebuild:
                    self._rebuild_locked()

    def _rebuild_locked(self) -> None:
        """Rebuild the index from the game files (index lock held).

        The game files are read without game locks (every write is an atomic rename, so
        a read sees a whole file); writers wait at their ``begin`` meanwhile, and games
        that a writer had already begun are marked pending.
        """
        why = self.needs_rebuild or "out of date"
        if why.startswith("damaged"):
            aside = self.base_path.with_name(f"{self.base_path.name}.damaged-{utc_stamp()}")
            try:
                os.replace(self.base_path, aside)
                fsync_dir(self.base_path.parent)
            except OSError as e:
                raise StoreError("damaged", f"the index of games is {why} and cannot be moved "
                                 f"aside ({e.strerror})", path=str(self.base_path)) from e
        in_flight: set[str] = set()
        old_gen = self.gen
        with contextlib.suppress(OSError):
            for n, line in enumerate(self.journal_path.read_bytes().splitlines()):
                rec = _parse(line)
                if not isinstance(rec, dict):
                    continue
                if n == 0 and isinstance(rec.get("gen"), int):
                    old_gen = max(old_gen, rec["gen"])
                if isinstance(rec.get("begin"), str):
                    in_flight.add(rec["begin"])
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
        if why != "missing" or entries:
            self.notes(f"the index of games was {why}; rebuilt it from {len(entries)} "
                       "game files")


def _parse(line: bytes) -> Any:
    try:
        return json.loads(line)
    except (ValueError, UnicodeDecodeError):
        return None
