"""Reading the files the command is given: size first, then UTF-8, then JSON (or CSV).

Everything that can go wrong becomes a :class:`UsageError` with one clear line: a file
too big (``formats.MAX_FILE_BYTES``, or ``limit``), not UTF-8, not JSON,
nested too deeply, or holding a number too long to be a score.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from ..formats import MAX_FILE_BYTES, FormatError, check_file_size
from .errors import UsageError

MAX_DIGITS = 18  # a whole number in a game file: points, a target, a version


def read_text(path: str, limit: int = MAX_FILE_BYTES) -> str:
    """The text of ``path`` (``-``: standard input), refused beyond ``limit`` bytes."""
    try:
        if path == "-":
            raw = sys.stdin.buffer.read(limit + 1)
        else:
            with open(path, "rb") as f:
                raw = f.read(limit + 1)
    except FileNotFoundError:
        raise UsageError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise UsageError(f"{path}: is a folder, not a game file") from None
    except OSError as e:
        raise UsageError(f"{path}: cannot read ({e.strerror})") from None
    if len(raw) > limit:
        size = len(raw)
        if path != "-":
            try:
                size = os.path.getsize(path)
            except OSError:
                pass
        try:
            check_file_size(size, limit)
        except FormatError as e:
            raise UsageError(f"{path}: {e}") from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise UsageError(f"{path}: not UTF-8 text (byte {e.start})") from None


def _int(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > MAX_DIGITS:
        raise ValueError(f"the number {text[:12]}... has {len(digits):,} digits; a number "
                         f"in a game file has at most {MAX_DIGITS}")
    return int(text)


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def parse_json(path: str, text: str) -> Any:
    try:
        return json.loads(text, parse_int=_int, parse_constant=_constant)
    except json.JSONDecodeError as e:
        raise UsageError(f"{path}: not valid JSON (line {e.lineno}, column {e.colno}: "
                         f"{e.msg})") from None
    except RecursionError:
        raise UsageError(f"{path}: not valid JSON (nested too deeply)") from None
    except ValueError as e:  # a number too long (from _int or Python's own limit)
        raise UsageError(f"{path}: {e}") from None


def read_json(path: str, limit: int = MAX_FILE_BYTES) -> Any:
    return parse_json(path, read_text(path, limit))
