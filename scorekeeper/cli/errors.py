"""How the ``scorekeeper`` command fails: one line on stderr and exit status 2."""

from __future__ import annotations

import functools
import os
import sys
from typing import Any, Callable

from ..formats import FormatError
from ..rules import RulesError
from ..store import StoreError

EXIT_INVALID = 2


class UsageError(Exception):
    """Bad input from the user: printed as one line, exit status 2."""


def say(message: str) -> None:
    """One line on stderr, prefixed ``scorekeeper:``."""
    print(f"scorekeeper: {message}", file=sys.stderr)


def one_line_errors(fn: Callable[..., int]) -> Callable[..., int]:
    """Run a command; bad input (usage, a file, rules, store) becomes one line and exit 2."""
    @functools.wraps(fn)
    def wrapper(*args: Any, **kw: Any) -> int:
        try:
            return fn(*args, **kw)
        except (UsageError, FormatError, RulesError, StoreError) as e:
            say(str(e))
            return EXIT_INVALID
    return wrapper


def write_out(text: str) -> None:
    """``text`` on standard output, flushed. A closed pipe (``| head``) raises
    ``BrokenPipeError`` for ``main`` to end quietly; any other failure (a full disk,
    standard output closed) is a :class:`UsageError`."""
    if sys.stdout is None:
        raise UsageError(_closed())
    try:
        sys.stdout.write(text)
    except BrokenPipeError:
        raise
    except OSError as e:
        drop_stdout()
        raise UsageError(_failed(e)) from None
    flush_out()


def flush_out() -> None:
    """Flush standard output (see :func:`write_out` for what can go wrong)."""
    if sys.stdout is None:
        return
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as e:
        drop_stdout()
        raise UsageError(_failed(e)) from None
    except ValueError:  # closed by the program itself: nothing is left to write
        pass


def _closed() -> str:
    return "cannot write the output: standard output is closed"


def _failed(e: OSError) -> str:
    return f"cannot write the output to standard output ({e.strerror or e})"


def drop_stdout() -> None:
    """Point stdout at the null device so the interpreter's last flush finds nothing to
    fail (what is still buffered is dropped)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no real file behind stdout (a test)
        pass
