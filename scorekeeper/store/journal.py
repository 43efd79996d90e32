"""The journal of the index: ``journal.jsonl`` and its witness ``journal.count``, as files.

One JSON object a line, appended, never rewritten (:class:`.index.Index` decides what is
appended and when, and what the lines mean):

* ``{"gen": N, "boot": B}``: the first line (the header); the journal belongs to the
  snapshot of generation N and was started while the machine ran boot B.
* ``{"begin": id, "n": k}``: appended before a game file is replaced. Until a later
  ``put`` for the same id the game is *pending*: its writer may have been killed, so its
  summary is read again from the game file.
* ``{"put": summary, "n": k}``: the game's summary, appended after its file was replaced.
* ``{"drop": id, "n": k}``: the game no longer exists.
* ``{"boot": B, "n": k}``: every line above was checked against the game files during
  boot B (appended by the first start after a reboot).

``n`` numbers the records 1, 2, 3, ... after the header; ``journal.count`` holds the
generation and the number of the last record appended, one fixed-width line rewritten in
place. Neither file is fsynced: the game files are the truth, and the index notices what
a crash took (see :mod:`.index`). A reader takes only complete lines (a writer may be
mid-line); a torn line at the end (its writer was killed inside the write) is cut off
before the next one is appended.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
from pathlib import Path
from typing import Any

from .errors import os_error
from .storage import O_BINARY, O_CLOEXEC, write_all

log = logging.getLogger("scorekeeper.store")


def header(gen: int, boot: str | None) -> bytes:
    """The first line of a journal for the snapshot of generation ``gen``."""
    return (json.dumps({"gen": gen, "boot": boot}) + "\n").encode()


def line(rec: dict[str, Any]) -> bytes:
    """One record as a journal line."""
    return (json.dumps(rec, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


def parse(line: bytes) -> Any:
    """One line's record, or None for a torn or garbled line."""
    try:
        return json.loads(line)
    except (ValueError, UnicodeDecodeError):
        return None


def records(lines: list[bytes]) -> list[Any]:
    """The records of complete lines: one parse for them all, line by line (a garbled
    line is None) only if a line is damaged."""
    try:
        return json.loads(b"[" + b",".join(lines) + b"]") if lines else []
    except (ValueError, UnicodeDecodeError):
        return [parse(one) for one in lines]


def read_after(path: Path, offset: int) -> tuple[int, int, bytes] | None:
    """The journal's inode, its size and its bytes after ``offset`` (none, without a
    read, when it is no longer than that); None when there is no journal."""
    try:
        fd = os.open(path, os.O_RDONLY | O_CLOEXEC | O_BINARY)
    except FileNotFoundError:
        return None
    try:
        st = os.fstat(fd)
        if st.st_size <= offset:
            return st.st_ino, st.st_size, b""
        os.lseek(fd, offset, os.SEEK_SET)  # (no os.pread on Windows)
        return st.st_ino, st.st_size, _read_exactly(fd, st.st_size - offset)
    finally:
        os.close(fd)


def complete_lines(chunk: bytes) -> tuple[int, list[bytes]]:
    """How many bytes of ``chunk`` are whole lines, and those lines."""
    end = chunk.rfind(b"\n") + 1
    return end, chunk[:end].splitlines()


def append(path: Path, payload: bytes, expected_size: int) -> int:
    """Append ``payload`` (one line) to the journal; its size after. ``expected_size``
    is where the journal's last complete line ends (the caller has read every complete
    line, holding the index lock): a journal longer than that ends in a torn line, the
    start of a line whose writer was killed inside its write, and that line is cut off
    first (closed, it would be a garbled complete line: a damaged journal). A failed
    write is cut off again (a :class:`.errors.StoreError`)."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | O_CLOEXEC | O_BINARY)
    except OSError as e:
        raise os_error(e, path) from e
    try:
        size = os.fstat(fd).st_size
        try:
            if size > expected_size:  # a torn line at the end: cut it off
                os.ftruncate(fd, expected_size)
                size = expected_size
            write_all(fd, payload)
        except OSError as e:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, size)
            raise os_error(e, path) from e
    finally:
        os.close(fd)
    return size + len(payload)


def begun(path: Path) -> tuple[Any, set[str]]:
    """For a rebuild: the generation the journal's header names (None if it names none)
    and every game a ``begin`` line names. A journal that cannot be read names none."""
    gen: Any = None
    ids: set[str] = set()
    with contextlib.suppress(OSError):
        for n, one in enumerate(path.read_bytes().splitlines()):
            rec = parse(one)
            if not isinstance(rec, dict):
                continue
            if n == 0 and isinstance(rec.get("gen"), int):
                gen = rec["gen"]
            if isinstance(rec.get("begin"), str):
                ids.add(rec["begin"])
    return gen, ids


def write_count(path: Path, gen: int, count: int) -> None:
    """``journal.count``: the generation and the last record's number (index lock
    held). Rewritten in place, fixed width, not fsynced: a witness for the same boot."""
    payload = f"{gen} {count}".ljust(40).encode() + b"\n"
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | O_CLOEXEC | O_BINARY, 0o644)
        try:
            os.write(fd, payload)
        finally:
            os.close(fd)
    except OSError as e:  # only a witness: a missing count is never an alarm
        log.warning("could not write %s: %s", path, e)


def read_count(path: Path) -> tuple[int, int] | None:
    """The generation and record number ``journal.count`` holds, or None."""
    try:
        gen, n = path.read_bytes().split()
        return int(gen), int(n)
    except (OSError, ValueError):
        return None


def _read_exactly(fd: int, size: int) -> bytes:
    parts = []
    while size > 0:
        part = os.read(fd, size)
        if not part:
            break
        parts.append(part)
        size -= len(part)
    return b"".join(parts)
