"""The compact index of game summaries behind the history list.

The index is derived data: every summary can be rebuilt from the game files. It is a base
snapshot ``index.json`` plus an append-only journal ``journal.jsonl``, so adding a hand
appends two short lines instead of rewriting the summaries of every game:

* ``{"gen": N, "boot": B}``: the first line; the journal belongs to the base of
  generation N and was started while the machine ran boot B.
* ``{"begin": id}``: appended before a game file is replaced. Until a later ``put`` for
  the same id the game is *pending*: its writer may have been killed, so its summary is
  read again from the game file.
* ``{"put": summary}``: the game's summary, appended after its file was replaced.
* ``{"drop": id}``: the game no longer exists.
* ``{"boot": B}``: every line above was checked against the game files during boot B
  (appended by the first start after a reboot, see below).

Every ``begin``/``put`` of a game is appended while its writer holds the game's lock, so
the journal order is the order of the writes and the last ``put`` wins.

Journal lines are not fsynced. A killed process loses nothing the kernel already has, so
while the machine keeps running, the journal is complete and a pending ``begin`` points at
any game whose writer died mid-write. Only a power cut or an OS crash can lose lines;
then the boot id differs from the journal's, and the store compares every summary with the
identity of its game file (inode, mtime, size), re-reads those that differ (see
``GameStore._verify_index``) and appends a ``boot`` line. A torn or garbled line is
skipped for the same reason.

When the journal grows past a quarter of the base (at least :data:`COMPACT_BYTES`), the
base is rewritten durably (generation N+1) and the journal restarted; lines of an older
generation are ignored, so a crash between the two steps replays nothing twice.

Locks: the caller holds a game's lock before calling :meth:`begin`/:meth:`put` for it;
the index takes ``index.lock`` (shared to read, exclusive to append), always after any
game lock, never before.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import threading
from pathlib import Path
from typing import Any, Callable, Iterable

from .errors import StoreError, os_error
from .storage import atomic_write, file_lock, fsync_dir, utc_stamp, write_all

log = logging.getLogger("scorekeeper.store")

COMPACT_BYTES = 256 * 1024
# 2: every summary has "moons" (per seat, the moons shot). An index in an older format is
# rebuilt from the game files (once; no recovery note: nothing was damaged).
INDEX_FORMAT = 2
UPGRADE = "in an older format"


def boot_id() -> str | None:
    """This boot of the machine (Linux), or None where unknown."""
    try:
        with open("/proc/sys/kernel/random/boot_id", encoding="ascii") as f:
            return f.read().strip() or None
    except OSError:
        return None


class Index:
    def __init__(self, folder: Path, lock_path: Path, tmp_dir: Path,
                 notes: Callable[[str], None],
                 scan: Callable[[], Iterable[tuple[str, dict[str, Any] | None]]]) -> None:
        self.base_path = folder / "index.json"
        self.journal_path = folder / "journal.jsonl"
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
        self._base_size = 0
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
        self.entries, self.pending, self.gen = {}, set(), 0
        self._journal_ino, self._offset, self.journal_boot = None, 0, None
        self._journal_stale = False
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
            fmt = base.get("format", 1)
            if isinstance(fmt, bool) or not isinstance(fmt, int):
                raise ValueError(f"bad format {fmt!r}")
            if fmt > INDEX_FORMAT:
                raise ValueError(f"format {fmt} is newer than this version")
            gen = base["gen"]
            if fmt < INDEX_FORMAT:
                self.gen = gen if isinstance(gen, int) else 0
                self.needs_rebuild = UPGRADE
                return
            entries = base["games"]
            pending = set(base.get("pending", []))
            for gid, s in entries.items():
                if not valid_summary(s) or s["id"] != gid:
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
        if from_start:
            header = _parse(lines[0]) if lines else None
            if not (isinstance(header, dict) and header.get("gen") == self.gen):
                # a journal of another generation (a compaction was cut short): its
                # lines are already in the base; the next append starts a new journal
                self._offset = st.st_size
                self._journal_stale = True
                return
            self.journal_boot = header.get("boot")
            lines = lines[1:]
        try:  # one parse for the whole chunk; line by line only if a line is damaged
            records = json.loads(b"[" + b",".join(lines) + b"]") if lines else []
        except (ValueError, UnicodeDecodeError):
            records = [_parse(line) for line in lines]
        for rec in records:
            self._apply(rec)
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
        line = (json.dumps(rec, ensure_ascii=False, separators=(",", ":")) + "\n").encode()
        with self._mu, file_lock(self.lock_path):
            self._refresh_locked()
            if self.needs_rebuild:
                self._rebuild_locked()
            if self._journal_ino is None or self._journal_stale:  # start a journal
                self._write_base_locked()
            try:
                fd = os.open(self.journal_path, os.O_WRONLY | os.O_APPEND | os.O_CLOEXEC)
            except OSError as e:
                raise os_error(e, self.journal_path) from e
            try:
                size = os.fstat(fd).st_size
                if size != self._offset:  # a torn line at the end: close it first
                    line = b"\n" + line
                try:
                    write_all(fd, line)
                except OSError as e:
                    with contextlib.suppress(OSError):
                        os.ftruncate(fd, size)
                    raise os_error(e, self.journal_path) from e
            finally:
                os.close(fd)
            self._offset = size + len(line)
            self._apply(rec)
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
        payload = json.dumps({"format": INDEX_FORMAT, "gen": gen, "games": self.entries,
                              "pending": sorted(self.pending)},
                             ensure_ascii=False, separators=(",", ":")).encode()
        atomic_write(self.base_path, payload, tmp_dir=self.tmp_dir)
        self.gen, self._base_size, self.needs_rebuild = gen, len(payload), None
        header = (json.dumps({"gen": gen, "boot": self.boot}) + "\n").encode()
        try:
            key = atomic_write(self.journal_path, header, tmp_dir=self.tmp_dir)
        except StoreError:
            self._journal_ino = None  # the old journal is of an older generation now
            raise
        self._journal_ino, self._offset, self.journal_boot = key[0], len(header), self.boot
        self._journal_stale = False
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
        a read sees a whole file); writers wait for the index lock to append their lines
        meanwhile, and games a writer had begun are marked pending. Files that could not
        be read are pending too, for a closer look under their lock.
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
        old_gen = self.gen
        in_flight: set[str] = set()
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
        if why != UPGRADE and (why != "missing" or entries):
            self.notes(f"the index of games was {why}; rebuilt it from {len(entries)} "
                       "game files")


SUMMARY_KEYS = frozenset(("id", "created", "updated", "version", "players", "variant", "target",
                          "hands", "totals", "finished", "winner", "deleted", "moons"))


def valid_summary(s: Any) -> bool:
    return (isinstance(s, dict) and SUMMARY_KEYS <= s.keys() and isinstance(s["id"], str)
            and isinstance(s["version"], int) and isinstance(s["players"], list)
            and isinstance(s["totals"], list) and isinstance(s["moons"], list)
            and len(s["moons"]) == len(s["players"]))


def _parse(line: bytes) -> Any:
    try:
        return json.loads(line)
    except (ValueError, UnicodeDecodeError):
        return None
