"""One session's part in a ``--lan`` table: its role, the table view it follows, the
table code it types, the invitation the host shows. Flet-free; :class:`TableRoles` is
mixed into the app state, so the fast tests drive it like any other action.

Routes a role may not open land on the table view (a follower who joined with the QR
code) or on the screen asking for the host's QR code (one who did not), with a short
message. The store the session holds is a :class:`~.guarded_store.GuardedStore`, so a
write is refused on the server whatever the screen shows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .access import TABLE_PREFIX, Read, Role, Table, TableAccess, may_read
from .i18n import N_
from .messages import Msg

# What each screen reads (the policy in access.READS decides who may open it).
SCREEN_READS: dict[str, Read] = {
    "home": Read.GAMES, "new": Read.GAMES, "sheet": Read.GAMES, "hand": Read.GAMES,
    "changes": Read.GAMES, "history": Read.GAMES, "settings": Read.SETTINGS,
    "not_found": Read.GAMES, "table": Read.TABLE, "lobby": Read.LOBBY,
    "invite": Read.INVITE,
}
AWAKE_SCREENS = ("sheet", "hand", "table")  # the screen stays on while these are open
KEEP_AWAKE = "keep_awake"  # setting: "on" (the default) or "off"

FOLLOWER_ONLY = N_("This phone follows the table: it shows the score, and the host's "
                   "phone keeps it.")
ASK_FOR_QR = N_("Scan the QR code on the host's phone to follow the table.")
CODE_OK = N_("Table code accepted: this phone can keep score too.")


@dataclass
class LanTable:
    """What every session on one server start shares: the code and token, the game the
    host has open, and the addresses a phone can reach this machine at."""

    access: TableAccess
    table: Table = field(default_factory=Table)
    port: int = 8550
    addresses: list[str] = field(default_factory=list)  # LAN addresses, best first


class TableRoles:
    """Mixed into :class:`~.state.App`; uses its ``store``, ``route``, ``where``,
    ``game``, ``error`` and ``navigate``."""

    role: Role = Role.HOST
    lan: LanTable | None = None
    client: str = ""  # this session's client address (the wrong-code count goes by it)
    joined: bool = False  # opened the table view with the right token
    code_text: str = ""
    code_error: tuple[str, int] | None = None  # ("wrong", tries left) | ("locked", seconds)
    invite_address: str | None = None
    on_table_moved: Callable[[], None] | None = None  # the shell tells the followers

    def set_role(self, role: Role, lan: LanTable | None, client: str = "") -> None:
        self.role, self.lan, self.client = role, lan, client

    @property
    def writes(self) -> bool:
        return self.role is not Role.FOLLOWER

    @property
    def is_host(self) -> bool:
        return self.role is Role.HOST

    @property
    def can_invite(self) -> bool:
        return self.lan is not None and may_read(self.role, Read.INVITE)

    # --- routes -----------------------------------------------------------------------

    def _gate(self) -> bool:
        """After a route was parsed: keep it if this role may open it, else land on the
        table view or the QR screen with a message. Returns whether it was kept."""
        w = self.where  # type: ignore[attr-defined]
        if w.screen == "table":
            token = w.query.get("token", "")
            if self.lan is None or not self.lan.access.token_ok(token):
                self._land_on_lobby()
                return False
            self.joined = True
        if w.screen == "invite" and self.lan is None:  # nobody to invite off the LAN
            from .state import Route

            self.where = Route("not_found")
        if may_read(self.role, SCREEN_READS.get(w.screen, Read.GAMES)):
            return True
        if self.joined:
            self._land_on_table(Msg(FOLLOWER_ONLY))
        else:
            self._land_on_lobby()
        return False

    def _land_on_table(self, msg: Msg | None) -> None:
        from .state import Route

        assert self.lan is not None
        self.where = Route("table", query={"token": self.lan.access.token})
        self.route = self.lan.access.join_path
        self.error = msg

    def _land_on_lobby(self) -> None:
        from .state import Route

        self.where = Route("lobby")
        self.route = "/"
        self.error = None

    def _open_table(self) -> None:
        """The table view: the game the host has open (or none yet)."""
        self.game = None
        gid = self.lan.table.game_id if self.lan else None
        if gid is not None and not self._load(gid):  # type: ignore[attr-defined]
            self.game = None

    def _host_opened(self) -> None:
        """The host opened a game's sheet or hand entry: the followers follow it."""
        w = self.where  # type: ignore[attr-defined]
        if (self.lan is None or not self.is_host or w.game_id is None or w.read_only
                or w.screen not in ("sheet", "hand")):
            return
        if self.lan.table.follow(w.game_id) and self.on_table_moved is not None:
            try:
                self.on_table_moved()
            except Exception:  # a follower's trouble is not the host's
                pass

    def shows_table_game(self, game_id: str) -> bool:
        return (self.where.screen == "table" and self.lan is not None  # type: ignore[attr-defined]
                and self.lan.table.game_id == game_id)

    def table_moved(self) -> bool:
        """The host opened another game: a table view follows it. Returns whether the
        screen changed."""
        if self.where.screen != "table":  # type: ignore[attr-defined]
            return False
        error = self.error
        self.open(self.route)  # type: ignore[attr-defined]
        self.error = error
        return True

    # --- the table code ---------------------------------------------------------------

    def set_code_text(self, text: str) -> None:
        self.code_text = text
        self.code_error = None

    def enter_code(self) -> None:
        """Check the typed table code; the right one makes this session an editor."""
        if self.lan is None or self.role is not Role.FOLLOWER:
            return
        verdict = self.lan.access.check_code(self.client, self.code_text)
        self.code_text = ""
        if verdict.ok:
            self.role = Role.EDITOR
            self.code_error = None
            self._say(Msg(CODE_OK), stay=False)  # type: ignore[attr-defined]
            gid = self.lan.table.game_id
            self.navigate(f"/game/{gid}" if gid else "/")  # type: ignore[attr-defined]
        elif verdict.locked_for:
            self.code_error = ("locked", verdict.locked_for)
        else:
            self.code_error = ("wrong", verdict.tries_left)

    # --- the invitation ---------------------------------------------------------------

    def invite_addresses(self) -> list[str]:
        return list(self.lan.addresses) if self.lan else []

    def invite_url(self) -> str | None:
        if not self.can_invite:
            return None
        assert self.lan is not None
        addresses = self.invite_addresses()
        if not addresses:
            return None
        address = self.invite_address if self.invite_address in addresses else addresses[0]
        return self.lan.access.join_url(address, self.lan.port)

    def pick_invite_address(self, address: str) -> None:
        if address in self.invite_addresses():
            self.invite_address = address

    def table_code(self) -> str | None:
        if not self.can_invite:
            return None
        assert self.lan is not None
        return self.lan.access.code

    def invite(self) -> None:
        self.navigate("/invite")  # type: ignore[attr-defined]

    # --- keep the screen awake --------------------------------------------------------

    @property
    def keep_awake(self) -> bool:
        try:
            return self.store.get_setting(KEEP_AWAKE, "on") != "off"  # type: ignore[attr-defined]
        except Exception:
            return True

    def set_keep_awake(self, on: bool) -> None:
        self.store.set_setting(KEEP_AWAKE, "on" if on else "off")  # type: ignore[attr-defined]

    def wants_awake(self) -> bool:
        return self.keep_awake and self.where.screen in AWAKE_SCREENS  # type: ignore[attr-defined]


def table_route(token: str) -> str:
    return TABLE_PREFIX + token
