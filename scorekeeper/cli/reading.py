"""Reading the files the command is given: in pieces, so that a file is refused at the
first limit it crosses, never read whole first (a 50 MB file of repeated hands took
2.39 GB and 30 s to be refused).

The size comes first: a file bigger than ``limit`` (``formats.MAX_FILE_BYTES`` for a game
file, ``formats.MAX_IMPORT_BYTES`` to import) is refused by its size before a byte is
read, and standard input once it has given more. The text is decoded as UTF-8 as it
comes, then read as JSON by ``formats.jsonstream`` (walking into the games and their
hands, checking keys and counts on the way: ``formats.shapes``) or as CSV line by line.

Everything that can go wrong becomes a :class:`UsageError` with one clear line naming the
file: too big, not UTF-8, not JSON, nested too deeply, a number too long to be a score;
the limits of a game (``FormatError``) are left to the caller to name the file with.
"""

from __future__ import annotations

import codecs
import os
import stat
import sys
from typing import Any, BinaryIO, Iterator

from ..formats import FormatError
from ..formats.bounds import MAX_DIGITS  # a whole number: points, a target, a version
from ..formats.jsonstream import JsonSyntaxError, Shape, ValueTooLong, load
from .errors import UsageError

PIECE_BYTES = 1 << 16


def text_pieces(path: str, limit: int, what: str) -> Iterator[str]:
    """The text of ``path`` (``-``: standard input) in pieces, refused beyond ``limit``
    bytes (``what`` the file is, for the message: "a game file")."""
    f = _open(path)
    try:
        size = _regular_size(f)
        if size is not None and size > limit:
            raise UsageError(_too_big(path, limit, what, f"{size:,} bytes"))
        yield from _decoded(path, f, limit, what)
    finally:
        if f is not sys.stdin.buffer:
            f.close()


def _open(path: str) -> BinaryIO:
    """The file, or standard input for ``-``. A path that is not a regular file (a
    device such as ``/dev/zero``, a named pipe, a socket) is refused before it is
    opened: it could be endless, or block; standard input may be a pipe."""
    if path == "-":
        return sys.stdin.buffer
    try:
        mode = os.stat(path).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError
        if not stat.S_ISREG(mode):
            raise UsageError(f"{path}: not a regular file (a device, a pipe or a socket); "
                             "give a file, or - to read standard input")
        return open(path, "rb")
    except FileNotFoundError:
        raise UsageError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise UsageError(f"{path}: is a folder, not a game file") from None
    except OSError as e:
        raise UsageError(f"{path}: cannot read ({e.strerror})") from None


def _regular_size(f: BinaryIO) -> int | None:
    """The size of a regular file (standard input redirected from one too), else None."""
    try:
        st = os.fstat(f.fileno())
    except (OSError, ValueError, AttributeError):  # no real file behind it (a test)
        return None
    return st.st_size if stat.S_ISREG(st.st_mode) else None


def _too_big(path: str, limit: int, what: str, size: str) -> str:
    mb = limit // 1_000_000
    return f"{path}: the file is larger than {mb} MB ({size}); {what} is at most {mb} MB"


def _decoded(path: str, f: BinaryIO, limit: int, what: str) -> Iterator[str]:
    decoder = codecs.getincrementaldecoder("utf-8-sig")()
    done = 0  # bytes read before this piece
    while True:
        try:
            raw = f.read(PIECE_BYTES)
        except OSError as e:
            raise UsageError(f"{path}: cannot read ({e.strerror})") from None
        if done + len(raw) > limit:
            raise UsageError(_too_big(path, limit, what, f"more than {limit:,} bytes"))
        waiting = len(decoder.getstate()[0])  # bytes of a character cut by the last piece
        try:
            text = decoder.decode(raw, final=not raw)
        except UnicodeDecodeError as e:
            raise UsageError(f"{path}: not UTF-8 text (byte {done - waiting + e.start})") \
                from None
        done += len(raw)
        if text:
            yield text
        if not raw:
            return


def _int(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > MAX_DIGITS:
        raise ValueError(f"the number {text[:12]}... has {len(digits):,} digits; a number "
                         f"in a game file has at most {MAX_DIGITS}")
    return int(text)


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def parse_json(path: str, pieces: Iterator[str], shape: Shape) -> Any:
    """The JSON of ``pieces``, walked as ``shape`` says; a limit of the game it crosses
    raises the shape's ``FormatError``, anything else a :class:`UsageError`."""
    try:
        return load(pieces, shape, parse_int=_int, parse_constant=_constant)
    except JsonSyntaxError as e:
        raise UsageError(f"{path}: not valid JSON (line {e.lineno}, column {e.colno}: "
                         f"{e.msg})") from None
    except RecursionError:
        raise UsageError(f"{path}: not valid JSON (nested too deeply)") from None
    except FormatError:
        raise
    except (ValueTooLong, ValueError) as e:  # a number too long (_int or Python's own limit)
        raise UsageError(f"{path}: {e}") from None
