"""A session's part in a ``--lan`` table, without Flet: which screens its role may open,
where it lands instead, and the game the host has open that the table views follow.

Routes a role may not open land on the table view (a follower who joined with the QR
code) or on the screen asking for the host's QR code (one who did not), with a short
message. Writes are refused on the server twice over: by ``Session.write`` (the app's one
door for writes) and by the session's :class:`~.guarded_store.GuardedStore`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from . import routes
from .access import Read, Role, Table, TableAccess, may_read
from .i18n import N_
from .messages import Msg

if TYPE_CHECKING:
    from .session import Session

# What each screen reads (the policy in access.READS decides who may open it).
SCREEN_READS: dict[str, Read] = {
    "home": Read.GAMES, "new_game": Read.GAMES, "sheet": Read.GAMES, "hand": Read.GAMES,
    "changes": Read.GAMES, "history": Read.GAMES, "not_found": Read.GAMES,
    "settings": Read.SETTINGS, "table": Read.TABLE, "lobby": Read.LOBBY,
    "invite": Read.INVITE,
}
AWAKE_SCREENS = ("sheet", "hand", "table")  # the screen stays on while these are open
KEEP_AWAKE = "keep_awake"  # setting: "on" (the default) or "off"

FOLLOWER_ONLY = N_("This phone follows the table: it shows the score, and the host's "
                   "phone keeps it.")
ASK_FOR_QR = N_("Scan the QR code on the host's phone to follow the table.")


@dataclass
class LanTable:
    """What every session of one server start shares: the code and token, the game the
    host has open, and the addresses a phone can reach this machine at."""

    access: TableAccess
    table: Table = field(default_factory=Table)
    port: int = 8550
    addresses: list[str] = field(default_factory=list)  # LAN addresses, best first


def role_of(session: Session) -> Role:
    return Role(session.role)


def gate(session: Session, route: routes.Route) -> tuple[routes.Route, Msg | None]:
    """The route this session shows for ``route``, and what to say if it is another."""
    lan = session.lan
    if isinstance(route, routes.Table):
        if lan is None or not lan.access.token_ok(route.token):
            return routes.Lobby(), None
        session.joined = True
    if isinstance(route, routes.Invite) and lan is None:  # nobody to invite off the LAN
        return routes.NotFound(route.url()), None
    role = role_of(session)
    read = SCREEN_READS.get(route.screen, Read.GAMES)
    if may_read(role, read) and not (route.writes and role is Role.FOLLOWER):
        return route, None
    if session.joined and lan is not None:
        return routes.Table(lan.access.token), Msg(FOLLOWER_ONLY)
    return routes.Lobby(), None


def host_opened(session: Session) -> None:
    """The host opened a game's sheet or hand entry: the table views follow it."""
    lan, route = session.lan, session.route
    if lan is None or role_of(session) is not Role.HOST:
        return
    if not isinstance(route, (routes.Sheet, routes.Hand)) or getattr(route, "read_only", False):
        return
    if session.model is None or getattr(session.model, "game", None) is None:
        return
    if lan.table.follow(route.id) and session.on_table_moved is not None:
        try:
            session.on_table_moved()
        except Exception:  # a follower's trouble is not the host's
            pass


def can_invite(session: Session) -> bool:
    return session.lan is not None and may_read(role_of(session), Read.INVITE)


def wants_awake(session: Session) -> bool:
    """Keep the screen on: the sheet, hand entry or table view, unless turned off."""
    return session.keep_awake and session.route.screen in AWAKE_SCREENS
