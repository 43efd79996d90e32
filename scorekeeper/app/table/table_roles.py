"""A session's part in a ``--lan`` table, without Flet: which screens its role may open,
where it lands instead, and the game the host has open that the table views follow.

Routes a role may not open land on the table view (a follower who joined with the QR
code) or on the screen asking for the host's QR code (one who did not), with a short
message. Writes are refused on the server twice over: by ``Session.write`` (the app's one
door for writes) and by the session's :class:`~.guarded_store.GuardedStore`; both, and
the screens here, ask the one role policy (:data:`.access.POLICY`). Each function takes
what it reads (a role, the table, a route), not a session.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import routes
from .access import POLICY, Read, Role, Table, TableAccess
from ..text.i18n import N_
from ..text.messages import Msg

# What each screen reads (the policy in access.READS decides who may open it).
SCREEN_READS: dict[str, Read] = {
    "home": Read.GAMES, "new_game": Read.GAMES, "sheet": Read.GAMES, "hand": Read.GAMES,
    "changes": Read.GAMES, "history": Read.GAMES, "not_found": Read.GAMES,
    "settings": Read.SETTINGS, "table": Read.TABLE, "lobby": Read.LOBBY,
    "invite": Read.INVITE, "kierki_deal": Read.GAMES,
}
AWAKE_SCREENS = ("sheet", "hand", "kierki_deal", "table")  # the screen stays on while these are open
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


@dataclass(frozen=True)
class Landing:
    """Where a role lands for a route it asked for: the route shown, what to say if it is
    another, and whether the tab has now joined the table (came with the join token)."""

    route: routes.Route
    refused: Msg | None
    joined: bool


def gate(route: routes.Route, role: Role, lan: LanTable | None, joined: bool) -> Landing:
    """The route a tab with ``role`` shows for ``route`` (``joined``: it came with the
    join token before)."""
    if isinstance(route, routes.Table):
        if lan is None or not lan.access.token_ok(route.token):
            return Landing(routes.Lobby(), None, joined)
        joined = True
    if isinstance(route, routes.Invite) and lan is None:  # nobody to invite off the LAN
        return Landing(routes.NotFound(route.url()), None, joined)
    read = SCREEN_READS.get(route.screen, Read.GAMES)
    if POLICY.may_open(role, read, route.writes):
        return Landing(route, None, joined)
    if joined and lan is not None:
        return Landing(routes.Table(lan.access.token), Msg(FOLLOWER_ONLY), joined)
    return Landing(routes.Lobby(), None, joined)


def host_opened(lan: LanTable | None, role: Role, route: routes.Route, shows_game: bool
                ) -> bool:
    """The host opened a game's sheet or hand entry (``shows_game``: it is there to
    show): the table views follow it. Returns whether the table moved."""
    if lan is None or role is not Role.HOST or not shows_game:
        return False
    if not isinstance(route, (routes.Sheet, routes.Hand)) or getattr(route, "read_only", False):
        return False
    return lan.table.follow(route.id)


def can_invite(lan: LanTable | None, role: Role) -> bool:
    return lan is not None and POLICY.may_read(role, Read.INVITE)


def wants_awake(keep_awake: bool, screen: str) -> bool:
    """Keep the screen on: the sheet, hand entry or table view, unless turned off."""
    return keep_awake and screen in AWAKE_SCREENS
