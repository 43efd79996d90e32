"""Who may do what at a table served with ``--lan``: roles, the table code, the join token.

No Flet here: the app's session asks this module before every write and before opening a
screen, and the fast tests drive it with a fake clock.

- The **host** is the browser on the serving machine (a loopback client). It may do
  everything. Without ``--lan`` only loopback clients can connect, so everyone is a host.
- Any other client is a **follower**: it may open the table view (with the join token
  from the host's QR code), the "ask the host for the QR code" screen and its own display
  settings. It never writes and never reads more than the shared table.
- A follower who types the **table code** shown on the host's screen becomes an
  **editor** for that session: it may keep score like the host. The invitation (which
  shows the token) and the server's ``/export.json`` download (a plain HTTP request, so
  it goes by the client's address) stay the host's.

The table code is 6 digits and the token 192 bits, both from :mod:`secrets` at each
server start; both are compared in constant time. After :data:`MAX_TRIES` wrong codes
from one client address, that client is refused for :data:`LOCK_SECONDS` seconds, even
with the right code.
"""

from __future__ import annotations

import hmac
import os
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum

from ..server.network import is_loopback  # the websocket peer (page.client_ip) is this machine

CODE_DIGITS = 6
TOKEN_BYTES = 24  # 192 bits: well past the 128 an unguessable link needs
MAX_TRIES = 5
LOCK_SECONDS = 60.0
LOCK_ENV = "SCOREKEEPER_CODE_LOCK_SECONDS"  # the browser tests shorten the lock
TABLE_PREFIX = "/table/"


class Role(str, Enum):
    HOST = "host"
    FOLLOWER = "follower"
    EDITOR = "editor"


class Write(str, Enum):
    """Every action that changes what the store keeps."""

    NEW_GAME = "new_game"
    SAVE_HAND = "save_hand"
    EDIT_HAND = "edit_hand"
    DELETE_HAND = "delete_hand"
    INSERT_HAND = "insert_hand"  # the undo of a deleted hand
    CHANGE_PLAYER = "change_player"  # a seat's player from the next hand on (and its undo)
    DELETE_GAME = "delete_game"
    RESTORE_GAME = "restore_game"  # the undo of a deleted game
    IMPORT = "import"
    DRAFT = "draft"  # a half-entered hand or new-game form kept for a reload
    SETTINGS = "settings"  # the language, theme and wake lock kept for the next visit


class Read(str, Enum):
    """What a screen shows beyond the shared table."""

    TABLE = "table"  # the game the host has open: totals, hands, dealer, pass
    LOBBY = "lobby"  # "scan the host's QR code": no games, no names
    SETTINGS = "settings"  # this phone's language, theme, wake lock
    GAMES = "games"  # any game by address, the home screen's list, the history
    EXPORT = "export"  # every game as a file from the server (/export.json)
    INVITE = "invite"  # the QR code with the join token


# What each role may read and write. A follower reads the shared table and nothing else.
READS: dict[Role, frozenset[Read]] = {
    Role.HOST: frozenset(Read),
    Role.EDITOR: frozenset(Read) - {Read.INVITE},
    Role.FOLLOWER: frozenset({Read.TABLE, Read.LOBBY, Read.SETTINGS}),
}
WRITES: dict[Role, frozenset[Write]] = {
    Role.HOST: frozenset(Write),
    Role.EDITOR: frozenset(Write),
    Role.FOLLOWER: frozenset(),
}


@dataclass(frozen=True)
class Policy:
    """Who may do what: the one place the app asks (``Session.may_write``, the
    ``GuardedStore``, the screens a role may open, the server's downloads)."""

    reads: Mapping[Role, frozenset[Read]]
    writes: Mapping[Role, frozenset[Write]]

    def may_read(self, role: Role, what: Read) -> bool:
        return what in self.reads[role]

    def may_write(self, role: Role, action: Write) -> bool:
        return action in self.writes[role]

    def writes_at_all(self, role: Role) -> bool:
        """Whether ``role`` changes anything stored (a follower only watches)."""
        return bool(self.writes[role])

    def may_open(self, role: Role, shows: Read, writes: bool) -> bool:
        """Whether ``role`` may open a screen that shows ``shows`` (and, ``writes``, whose
        actions change the shared table)."""
        return self.may_read(role, shows) and (not writes or self.writes_at_all(role))


POLICY = Policy(READS, WRITES)


def may_write(role: Role, action: Write) -> bool:
    return POLICY.may_write(role, action)


def may_read(role: Role, what: Read) -> bool:
    return POLICY.may_read(role, what)


def role_for(client: str | None, lan: bool) -> Role:
    """The role a new session starts with. Off the LAN only loopback can connect."""
    if not lan or is_loopback(client):
        return Role.HOST
    return Role.FOLLOWER


def new_code() -> str:
    return f"{secrets.randbelow(10 ** CODE_DIGITS):0{CODE_DIGITS}d}"


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def lock_seconds_from_env(default: float = LOCK_SECONDS) -> float:
    try:
        value = float(os.environ.get(LOCK_ENV, ""))
    except ValueError:
        return default
    return value if value > 0 else default


@dataclass(frozen=True)
class CodeVerdict:
    """The answer to a typed table code."""

    ok: bool
    tries_left: int = 0  # after a wrong code: how many more before the lock
    locked_for: int = 0  # seconds until this client may try again (0: not locked)


@dataclass
class _Tries:
    wrong: int = 0
    locked_until: float = 0.0


class TableAccess:
    """One server start's table code, join token and wrong-code counts per client."""

    def __init__(self, code: str | None = None, token: str | None = None,
                 clock: Callable[[], float] = time.monotonic, max_tries: int = MAX_TRIES,
                 lock_seconds: float | None = None) -> None:
        self.code = code if code is not None else new_code()
        self.token = token if token is not None else new_token()
        self.clock = clock
        self.max_tries = max_tries
        self.lock_seconds = lock_seconds if lock_seconds is not None \
            else lock_seconds_from_env()
        self._tries: dict[str, _Tries] = {}

    @property
    def join_path(self) -> str:
        return TABLE_PREFIX + self.token

    def join_url(self, address: str, port: int) -> str:
        """What the QR code says: ``http://<lan-address>:<port>/table/<token>``."""
        shown = f"[{address}]" if ":" in address else address
        return f"http://{shown}:{port}{self.join_path}"

    def token_ok(self, token: str | None) -> bool:
        if not token:
            return False
        return hmac.compare_digest(token.encode("utf-8"), self.token.encode("utf-8"))

    def locked_for(self, client: str) -> int:
        """Whole seconds (rounded up) this client must still wait; 0 when it may try."""
        t = self._tries.get(client)
        if t is None:
            return 0
        left = t.locked_until - self.clock()
        return int(-(-left // 1)) if left > 0 else 0

    def check_code(self, client: str, typed: str) -> CodeVerdict:
        """Check a typed code from ``client`` (its address); count and lock wrong ones."""
        self._forget_old()
        locked = self.locked_for(client)
        if locked:
            return CodeVerdict(False, 0, locked)
        t = self._tries.setdefault(client, _Tries())
        if t.locked_until:  # a lock that ran out: a fresh count
            t.wrong, t.locked_until = 0, 0.0
        typed = "".join((typed or "").split())
        if hmac.compare_digest(typed.encode("utf-8"), self.code.encode("utf-8")):
            del self._tries[client]
            return CodeVerdict(True)
        t.wrong += 1
        if t.wrong >= self.max_tries:
            t.locked_until = self.clock() + self.lock_seconds
            return CodeVerdict(False, 0, self.locked_for(client))
        return CodeVerdict(False, self.max_tries - t.wrong)

    def _forget_old(self) -> None:
        """Drop the locks that ran out long ago, so the counts do not pile up."""
        now = self.clock()
        for client in [c for c, t in self._tries.items()
                       if t.locked_until and t.locked_until + self.lock_seconds < now]:
            del self._tries[client]


class Table:
    """The game the host has open, which the followers' table view shows and follows."""

    def __init__(self) -> None:
        self.game_id: str | None = None

    def follow(self, game_id: str | None) -> bool:
        """The host (or an editor) opened ``game_id``; returns whether it changed."""
        if game_id == self.game_id:
            return False
        self.game_id = game_id
        return True
