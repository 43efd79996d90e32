"""Errors the store raises.

Like :class:`scorekeeper.rules.RulesError`, every error carries a stable ``code`` and
``params`` so the app can translate it; ``str(error)`` is a complete English sentence.
"""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any


class StoreError(Exception):
    """The store could not do what was asked; nothing was changed."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        self.code = code
        self.params: dict[str, Any] = dict(params)
        super().__init__(message)


class StaleGameError(StoreError):
    """A write based on an old version of the game (another tab or phone changed it)."""

    def __init__(self, game_id: str, expected: int, current: int) -> None:
        super().__init__(
            "stale",
            "this game was changed on another device; reload "
            f"(you had version {expected}, the stored game is at version {current})",
            game_id=game_id, expected=expected, current=current,
        )
        self.game_id = game_id
        self.expected = expected
        self.current = current


class GameNotFoundError(StoreError, KeyError):
    def __init__(self, game_id: str) -> None:
        StoreError.__init__(self, "not_found", f"there is no stored game {game_id!r}",
                            game_id=game_id)

    def __str__(self) -> str:  # KeyError would quote the message
        return self.args[0]


class DamagedData(ValueError):
    """Raised by a validator: the file is readable but not what it must be."""


def os_error(e: OSError, path: Path | str, doing: str = "write") -> StoreError:
    """A clear StoreError for a failed file operation (nothing was changed)."""
    where = str(path)
    if e.errno in (errno.ENOSPC, errno.EDQUOT):
        return StoreError("disk_full",
                          f"the disk is full: could not {doing} {where}; nothing was changed",
                          path=where)
    if e.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return StoreError("read_only",
                          f"the data folder is read-only: could not {doing} {where} "
                          f"({e.strerror}); nothing was changed",
                          path=where)
    return StoreError("io", f"could not {doing} {where}: {e.strerror or e}; nothing was changed",
                      path=where, errno=e.errno)
