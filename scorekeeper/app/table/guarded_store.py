"""The store as one session's role sees it: the server-side check of every write and read.

Each browser session talks to the games through a :class:`GuardedStore`. Hiding a button
is not the check: whatever path a follower's event takes (a typed address, a crafted
websocket message, a screen that forgot to hide something), the write stops here with
:class:`Refused` and nothing reaches the files. The app shows it in words like any other
store error.

- Host and editor: every call goes through (the host alone sees the invitation and the
  server's export file; that is decided outside the store).
- Follower: no write at all; it reads only the game the host has open (the shared
  table), never the list of games, another game, a change log, a draft or the export;
  its display settings (language, theme, keep awake) live in the session, not on disk.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ... import rules
from ...store import GameStore, StoredGame, StoreError
from .access import POLICY, Read, Role, Table, Write

# What a follower may set for itself (kept for this session only).
OWN_SETTINGS = frozenset({"language", "theme", "keep_awake"})

REFUSED_WORDS = {
    Role.FOLLOWER: "this phone follows the table: only the host's phone, or a phone with "
                   "the table code, can do that",
}


class Refused(StoreError):
    """A role tried what it may not do; nothing was read or changed."""

    def __init__(self, role: Role, what: Write | Read) -> None:
        super().__init__("refused", f"refused: {role.value} may not {what.value} ("
                         + REFUSED_WORDS.get(role, "not allowed") + ")",
                         role=role.value, what=what.value)
        self.role = role
        self.what = what


class GuardedStore:
    """``store`` behind the role of one session (``role()`` is asked at every call, so a
    follower who becomes an editor needs no new store)."""

    def __init__(self, store: GameStore, role: Callable[[], Role], table: Table) -> None:
        self.inner = store
        self._role = role
        self.table = table
        self._own: dict[str, Any] = {}

    @property
    def role(self) -> Role:
        return self._role()

    def _write(self, action: Write) -> None:
        role = self.role
        if not POLICY.may_write(role, action):
            raise Refused(role, action)

    def _read(self, what: Read) -> None:
        role = self.role
        if not POLICY.may_read(role, what):
            raise Refused(role, what)

    def _table_only(self) -> bool:
        """This role reads the shared table and nothing more (the policy's follower)."""
        return not POLICY.may_read(self.role, Read.GAMES)

    def _keeps_own_settings(self) -> bool:
        """This role's display settings stay in the tab (it may not write the host's)."""
        return not POLICY.may_write(self.role, Write.SETTINGS)

    # --- reads ----------------------------------------------------------------------------

    def get(self, game_id: str) -> StoredGame:
        if self._table_only() and game_id != self.table.game_id:
            raise Refused(self.role, Read.GAMES)
        return self.inner.get(game_id)

    def list_games(self, include_deleted: bool = False) -> list[Any]:
        self._read(Read.GAMES)
        return self.inner.list_games(include_deleted)

    def changes(self, game_id: str) -> list[Any]:
        self._read(Read.GAMES)
        return self.inner.changes(game_id)

    def export_games(self) -> list[dict[str, Any]]:
        self._read(Read.EXPORT)
        return self.inner.export_games()

    def get_draft(self, game_id: str) -> dict | None:
        if self._table_only():
            return None
        return self.inner.get_draft(game_id)

    def get_setting(self, key: str, default: Any = None) -> Any:
        if self._keeps_own_settings():
            return self._own.get(key, default)
        return self.inner.get_setting(key, default)

    def take_recoveries(self) -> tuple[Any, ...]:
        if self._table_only():  # a repair is the host's to hear about
            return ()
        return self.inner.take_recoveries()

    @property
    def recoveries(self) -> tuple[Any, ...]:
        return () if self._table_only() else self.inner.recoveries

    @property
    def recovery_notes(self) -> tuple[str, ...]:
        return () if self._table_only() else self.inner.recovery_notes

    # --- writes ---------------------------------------------------------------------------

    def create_game(self, game: rules.Game) -> StoredGame:
        self._write(Write.NEW_GAME)
        return self.inner.create_game(game)

    def add_hand(self, game_id: str, hand: rules.Hand, expected_version: int) -> StoredGame:
        self._write(Write.SAVE_HAND)
        return self.inner.add_hand(game_id, hand, expected_version)

    def replace_hand(self, game_id: str, index: int, hand: rules.Hand,
                     expected_version: int) -> StoredGame:
        self._write(Write.EDIT_HAND)
        return self.inner.replace_hand(game_id, index, hand, expected_version)

    def insert_hand(self, game_id: str, index: int, hand: rules.Hand,
                    expected_version: int) -> StoredGame:
        self._write(Write.INSERT_HAND)
        return self.inner.insert_hand(game_id, index, hand, expected_version)

    def change_seats(self, game_id: str, changes: Any, expected_version: int) -> StoredGame:
        self._write(Write.CHANGE_PLAYER)
        return self.inner.change_seats(game_id, changes, expected_version)

    def remove_hand(self, game_id: str, index: int, expected_version: int) -> StoredGame:
        self._write(Write.DELETE_HAND)
        return self.inner.remove_hand(game_id, index, expected_version)

    def set_rules(self, game_id: str, game_rules: rules.Rules,
                  expected_version: int) -> StoredGame:
        self._write(Write.EDIT_HAND)
        return self.inner.set_rules(game_id, game_rules, expected_version)

    def delete_game(self, game_id: str) -> None:
        self._write(Write.DELETE_GAME)
        self.inner.delete_game(game_id)

    def restore_game(self, game_id: str) -> None:
        self._write(Write.RESTORE_GAME)
        self.inner.restore_game(game_id)

    def import_data(self, data: Any) -> Any:
        self._write(Write.IMPORT)
        return self.inner.import_data(data)

    def import_checked(self, items: Any) -> Any:
        self._write(Write.IMPORT)
        return self.inner.import_checked(items)

    def save_draft(self, game_id: str, data: dict | None) -> None:
        self._write(Write.DRAFT)
        self.inner.save_draft(game_id, data)

    def set_setting(self, key: str, value: Any) -> None:
        if self._keeps_own_settings():
            if key not in OWN_SETTINGS:
                raise Refused(self.role, Write.SETTINGS)
            self._own[key] = value
            return
        self.inner.set_setting(key, value)

    def __getattr__(self, name: str) -> Any:
        """Anything not listed above is refused to a follower rather than passed on: a new
        store method must be sorted into a read or a write here first."""
        if name.startswith("_"):
            raise AttributeError(name)
        value = getattr(self.inner, name)
        if callable(value) and self._table_only():
            raise Refused(self.role, Read.GAMES)
        return value
