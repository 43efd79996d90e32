"""Durable files: atomic replace with fsync, rolling backups, recovery, locks.

TinyDB's own ``JSONStorage`` rewrites its file in place, so a crash or a full disk in the
middle of a write leaves a torn file. :class:`DurableStorage` instead writes a temporary
file, fsyncs it, keeps the previous good copies as ``<name>.bak1`` .. ``<name>.bakN``,
renames the new file over the old one and fsyncs the folder. A write that returned is on
disk; a write that failed left the old file exactly as it was.

A file that cannot be read (not UTF-8, not JSON, wrong shape, or refused by the
validator) is never overwritten: it is moved aside as ``<name>.damaged-<time>`` and the
newest good backup is put in its place. Every such event is reported through ``notes``.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import secrets
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterator

from tinydb import Storage

from . import platform
from .errors import DamagedData, StoreError, os_error

try:  # Linux, macOS: flock; Windows has no fcntl and locks through portalocker
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

log = logging.getLogger("scorekeeper.store")

O_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
O_BINARY = getattr(os, "O_BINARY", 0)  # Windows: no newline translation

# notes(kind, message): what was repaired ("restored" or "lost", see RecoveryNote) and an
# English sentence saying so
Notes = Callable[[str, str], None]


def utc_stamp() -> str:
    return datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S.%fZ")


def fsync_dir(folder: Path) -> None:
    if not platform.can_sync_folder():  # Windows, the browser: see platform
        return
    fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_all(fd: int, payload: bytes) -> None:
    view = memoryview(payload)
    while view:
        n = os.write(fd, view)
        view = view[n:]


def backup_path(path: Path, n: int) -> Path:
    return path.with_name(f"{path.name}.bak{n}")


def _rotate_backups(path: Path, keep: int) -> None:
    """Shift .bak1..bak(keep-1) up by one and hard-link the current file as .bak1."""
    for i in range(keep, 1, -1):
        try:
            os.replace(backup_path(path, i - 1), backup_path(path, i))
        except FileNotFoundError:
            pass
    first = backup_path(path, 1)
    try:
        platform.link_or_copy(path, first)
    except FileNotFoundError:
        return  # no current file yet: nothing to back up
    except FileExistsError:  # keep == 1: the old .bak1 was not moved away
        os.unlink(first)
        platform.link_or_copy(path, first)


def atomic_write(path: Path, payload: bytes, *, tmp_dir: Path | None = None, backups: int = 0,
                 durable: bool = True) -> tuple[int, int, int]:
    """Replace ``path`` with ``payload`` atomically; with ``durable``, fsync file and folder.

    Returns the new file's identity ``(inode, mtime_ns, size)``. On any failure the
    temporary file is removed, ``path`` is untouched and a :class:`StoreError`
    (``disk_full``, ``read_only`` or ``io``) is raised.
    """
    tmp_dir = tmp_dir or path.parent
    tmp = tmp_dir / f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
    fd = -1
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | O_CLOEXEC | O_BINARY, 0o644)
        write_all(fd, payload)
        if durable:
            os.fsync(fd)
        st = os.fstat(fd)
        os.close(fd)
        fd = -1
        if backups:
            _rotate_backups(path, backups)
        os.replace(tmp, path)
        if durable:
            fsync_dir(path.parent)
            platform.made_durable()
    except OSError as e:
        if fd >= 0:
            with contextlib.suppress(OSError):
                os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise os_error(e, path) from e
    return file_key(st)


def file_key(st: os.stat_result) -> tuple[int, int, int]:
    """What identifies one written version of a file (renames keep all three)."""
    return (st.st_ino, st.st_mtime_ns, st.st_size)


@contextlib.contextmanager
def file_lock(path: Path, shared: bool = False) -> Iterator[None]:
    """An exclusive (or shared) ``flock`` on ``path``, between processes and threads.

    Each call opens its own file description, so two threads of one process exclude
    each other too. Never take a lock you already hold: that deadlocks. Where no other
    process can open the folder (the browser, see platform), there is nothing to lock.
    """
    if not platform.other_processes():
        yield
        return
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | O_CLOEXEC, 0o644)
    except OSError as e:
        if e.errno not in (errno.EROFS, errno.EACCES, errno.EPERM):
            raise os_error(e, path, "lock") from e
        try:  # flock works on a file opened for reading too
            fd = os.open(path, os.O_RDONLY | O_CLOEXEC)
        except OSError:
            # A read-only folder without the lock file: nothing can be written there
            # anyway, and reads are safe because every write is an atomic rename.
            yield
            return
    try:
        try:
            lock_fd(fd, shared)
        except OSError as e:  # e.g. a filesystem without locks: never write unlocked
            raise os_error(e, path, "lock") from e
        yield
    finally:
        os.close(fd)  # closing releases the lock


def lock_fd(fd: int, shared: bool, wait: bool = True) -> None:
    """Lock ``fd`` (without ``wait``: BlockingIOError if another holds it): ``flock``
    where there is one, else portalocker (Windows: a lock on the file's first byte;
    shared locks are exclusive there)."""
    if fcntl is not None:
        fcntl.flock(fd, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX)
                    | (0 if wait else fcntl.LOCK_NB))  # BlockingIOError if not taken
        return
    import portalocker

    try:
        portalocker.lock(open(fd, "rb", closefd=False),  # noqa: SIM115 - fd closed by caller
                         (portalocker.LOCK_SH if shared else portalocker.LOCK_EX)
                         | (0 if wait else portalocker.LOCK_NB))
    except portalocker.exceptions.AlreadyLocked as e:
        raise BlockingIOError(errno.EAGAIN, "locked by another process") from e
    except portalocker.exceptions.LockException as e:
        raise OSError(errno.ENOLCK, f"cannot lock the file ({e})") from e


def _check_shape(data: Any) -> None:
    if not isinstance(data, dict):
        raise DamagedData("the file does not hold a JSON object")
    for name, table in data.items():
        if not isinstance(table, dict):
            raise DamagedData(f"table {name!r} is not an object")
        for doc_id, doc in table.items():
            if not isinstance(doc, dict):
                raise DamagedData(f"document {doc_id!r} of table {name!r} is not an object")


def decode(raw: bytes, validate: Callable[[dict], Any] | None) -> tuple[dict, Any]:
    """Parse and check a stored file; raise :class:`DamagedData` if it is not usable."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as e:
        raise DamagedData(f"not UTF-8 text ({e.reason})") from None
    except json.JSONDecodeError as e:
        if not raw.strip():
            raise DamagedData("the file is empty") from None
        raise DamagedData(f"not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})") from None
    except RecursionError:
        raise DamagedData("not valid JSON (nested too deeply)") from None
    except ValueError as e:  # e.g. a number of more than 4,300 digits
        raise DamagedData(f"not valid JSON ({e})") from None
    _check_shape(data)
    if validate is None:
        return data, None
    return validate(data)


def encode(data: dict) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


class DurableStorage(Storage):
    """A TinyDB storage that never tears or silently loses its file.

    Open one per locked operation: ``TinyDB(path, storage=DurableStorage, ...)`` while
    the caller holds the file's lock. The first ``read`` reads and checks the file; later
    reads return the same data (TinyDB reads the whole database for every table
    operation), and writes replace it. Inside :meth:`batch`, TinyDB's writes are kept in
    memory and the file is written once, durably, at the end (not at all on an error).

    ``validate(data)`` returns ``(data, checked)``: the data to use (e.g. upgraded to the
    current format) and a value kept as :attr:`last_checked` (e.g. the rules' Game). It
    may raise :class:`DamagedData` (the file is treated as damaged and a backup is
    restored; with ``repair=False`` the error is passed on instead and nothing is
    touched) or :class:`StoreError` (passed on, nothing touched). ``known(raw)`` may
    return the checked value of bytes read before, to skip the check.
    ``before_commit()`` runs just before the file is replaced.
    """

    def __init__(self, path: str | os.PathLike, *, backups: int = 3,
                 validate: Callable[[dict], tuple[dict, Any]] | None = None,
                 notes: Notes | None = None, tmp_dir: str | os.PathLike | None = None,
                 label: str | None = None, known: Callable[[bytes], Any] | None = None,
                 before_commit: Callable[[], None] | None = None, repair: bool = True,
                 durable: bool = True) -> None:
        self.path = Path(path)
        self.backups = backups
        self.validate = validate
        self.notes = notes or (lambda kind, message: None)
        self.tmp_dir = Path(tmp_dir) if tmp_dir else self.path.parent
        self.label = label or self.path.name
        self.known = known
        self.before_commit = before_commit
        self.repair = repair
        self.durable = durable
        self.last_raw: bytes | None = None  # the bytes last read or written
        self.last_key: tuple[int, int, int] | None = None  # their file's identity
        self.last_checked: Any = None
        self._data: dict | None = None  # what TinyDB reads: the file, or what it wrote
        self._loaded = False
        self._batch = 0
        self._unsaved = False

    # --- TinyDB interface -------------------------------------------------------------

    def read(self) -> dict | None:
        if not self._loaded:
            self._data = self._read_file()
            self._loaded = True
        return self._data

    def write(self, data: dict) -> None:
        self._data, self._loaded = data, True
        if self._batch:
            self._unsaved = True
            return
        try:
            self.commit(encode(data))
        except BaseException:
            self._loaded = False  # read the file again: it was not replaced
            raise

    # --- more ---------------------------------------------------------------------------

    def commit(self, payload: bytes) -> None:
        if self.before_commit is not None:
            self.before_commit()
        self.last_key = atomic_write(self.path, payload, tmp_dir=self.tmp_dir,
                                     backups=self.backups, durable=self.durable)
        self.last_raw = payload

    @contextlib.contextmanager
    def batch(self) -> Iterator[None]:
        """Several TinyDB operations, one durable write at the end (none on error)."""
        self._batch += 1
        try:
            yield
        except BaseException:
            self._batch -= 1
            if not self._batch:
                self._unsaved, self._loaded, self._data = False, False, None
            raise
        self._batch -= 1
        if not self._batch and self._unsaved:
            self._unsaved = False
            try:
                self.commit(encode(self._data))  # type: ignore[arg-type]
            except BaseException:
                self._loaded, self._data = False, None
                raise

    def _read_file(self) -> dict | None:
        try:
            fd = os.open(self.path, os.O_RDONLY | O_CLOEXEC | O_BINARY)
        except FileNotFoundError:
            return self._recover("the file is missing", missing=True)
        except OSError as e:
            raise os_error(e, self.path, "read") from e
        try:
            with open(fd, "rb", closefd=True) as f:
                key = file_key(os.fstat(f.fileno()))
                raw = f.read()
        except OSError as e:  # e.g. a folder in the file's place
            raise os_error(e, self.path, "read") from e
        checked = self.known(raw) if self.known is not None else None
        try:
            if checked is not None:
                data = json.loads(raw)  # a fresh copy: TinyDB changes what it reads
            else:
                data, checked = decode(raw, self.validate)
        except DamagedData as e:
            if not self.repair:
                raise
            return self._recover(str(e))
        self.last_raw, self.last_key, self.last_checked = raw, key, checked
        return data

    def _recover(self, reason: str, missing: bool = False) -> dict | None:
        """Move a damaged file aside and put the newest good backup in its place."""
        if not self.repair:
            return None  # only a missing file comes here
        aside = None
        if not missing:
            aside = self.path.with_name(f"{self.path.name}.damaged-{utc_stamp()}")
            try:
                os.replace(self.path, aside)
                fsync_dir(self.path.parent)
            except OSError as e:
                raise StoreError(
                    "damaged",
                    f"{self.label} cannot be read ({reason}) and cannot be moved aside "
                    f"({e.strerror}); it was left as it is",
                    path=str(self.path), reason=reason,
                ) from e
        for n in range(1, self.backups + 1):
            bak = backup_path(self.path, n)
            try:
                raw = bak.read_bytes()
                data, checked = decode(raw, self.validate)
            except FileNotFoundError:
                continue
            except (OSError, DamagedData):
                continue
            try:
                key = atomic_write(self.path, raw, tmp_dir=self.tmp_dir)
            except StoreError as e:
                raise StoreError("damaged", f"{self.label} cannot be read ({reason}) and the "
                                 f"backup could not be restored: {e}",
                                 path=str(self.path), reason=reason) from e
            saved = datetime.fromtimestamp(bak.stat().st_mtime, timezone.utc)
            what = "is missing" if missing else f"could not be read ({reason})"
            moved = f"; the damaged file was moved to {aside.name}" if aside else ""
            self._note("restored", f"{self.label} {what}{moved}; restored the copy saved at "
                       f"{saved.isoformat(timespec='seconds')} ({bak.name})")
            self.last_raw, self.last_key, self.last_checked = raw, key, checked
            return data
        if not missing:
            self._note("lost", f"{self.label} could not be read ({reason}) and no good "
                       f"backup was found; the damaged file was moved to "
                       f"{aside.name}")  # type: ignore[union-attr]
        self.last_raw, self.last_key, self.last_checked = None, None, None
        return None

    def _note(self, kind: str, message: str) -> None:
        log.warning("%s", message)
        self.notes(kind, message)
