"""How the ``scorekeeper`` command fails: one line on stderr and exit status 2."""

from __future__ import annotations

import functools
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
