"""The one route table: every screen's address as a typed value.

Each screen has a frozen dataclass here with ``url()`` (the address the browser shows, so
a reload lands on the same screen), ``parse(url)`` turns an address back into one, and
``parent()`` says where Back goes. No route string is written anywhere else in the app:
code says ``Sheet(game_id).url()``.

Adding a screen: a module in :mod:`.screens` (its ``Model`` and ``view``) plus one
dataclass here, listed in :data:`ROUTES`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar
from urllib.parse import parse_qs, quote, urlencode, urlsplit

from .. import rules

HISTORY_STATUSES = ("all", "unfinished", "finished")
HISTORY_ORDERS = ("started", "played")  # newest start first (the default), last played first


def history_games() -> tuple[str, ...]:
    """The history's game filter: every game, or one game of the table (its key)."""
    return ("all", *rules.GAMES)




@dataclass(frozen=True)
class Route:
    """A screen and what it shows. ``screen``: the module in :mod:`.screens` that draws
    it; ``writes``: its actions change what is stored for everyone at the table (a player
    who may only follow the game is kept off such screens)."""

    screen: ClassVar[str] = ""
    writes: ClassVar[bool] = False

    @property
    def game_id(self) -> str | None:
        return None

    def url(self) -> str:
        raise NotImplementedError

    def parent(self) -> Route:
        """Where Back goes when the screen was not opened from one it should return to."""
        return Home()

    def back_to(self, previous: Route) -> bool:
        """Whether Back returns to ``previous`` (the screen this one was opened from)."""
        return False

    @classmethod
    def match(cls, bits: list[str], query: dict[str, str]) -> Route | None:
        raise NotImplementedError


@dataclass(frozen=True)
class Home(Route):
    screen: ClassVar[str] = "home"

    def url(self) -> str:
        return "/"

    @classmethod
    def match(cls, bits: list[str], query: dict[str, str]) -> Route | None:
        return cls() if not bits else None


@dataclass(frozen=True)
class NewGame(Route):
    rematch_of: str | None = None  # the game whose table plays again
    screen: ClassVar[str] = "new_game"
    writes: ClassVar[bool] = True

    def url(self) -> str:
        return "/new" + (f"?{urlencode({'from': self.rematch_of})}" if self.rematch_of else "")

    def back_to(self, previous: Route) -> bool:
        return isinstance(previous, Sheet)  # a rematch goes back to the finished game

    @classmethod
    def match(cls, bits: list[str], query: dict[str, str]) -> Route | None:
        return cls(query.get("from") or None) if bits == ["new"] else None


@dataclass(frozen=True)
class Sheet(Route):
    """A game's score sheet; ``read_only`` when opened from the history; ``chart``: the
    score chart is shown in place of the table of hands (``?view=chart``)."""

    id: str
    read_only: bool = False
    chart: bool = False
    screen: ClassVar[str] = "sheet"

    @property
    def game_id(self) -> str | None:
        return self.id

    def url(self) -> str:
        path = f"/history/{quote(self.id)}" if self.read_only else f"/game/{quote(self.id)}"
        return path + ("?view=chart" if self.chart else "")

    def parent(self) -> Route:
        return History() if self.read_only else Home()

    def back_to(self, previous: Route) -> bool:
        return isinstance(previous, (Home, History))

    @classmethod
    def match(cls, bits: list[str], query: dict[str, str]) -> Route | None:
        if len(bits) == 2 and bits[0] in ("game", "history"):
            return cls(bits[1], read_only=bits[0] == "history",
                       chart=query.get("view") == "chart")
        return None


@dataclass(frozen=True)
class Hand(Route):
    """Entering the next hand (``number`` None) or editing hand ``number`` (1-based)."""

    id: str
    number: int | None = None
    screen: ClassVar[str] = "hand"
    writes: ClassVar[bool] = True
    word: ClassVar[str] = "hand"  # the address's: /game/<id>/hand[/<n>]

    @property
    def game_id(self) -> str | None:
        return self.id

    def url(self) -> str:
        tail = "" if self.number is None else f"/{self.number}"
        return f"/game/{quote(self.id)}/{self.word}{tail}"

    def parent(self) -> Route:
        return Sheet(self.id)

    @classmethod
    def match(cls, bits: list[str], query: dict[str, str]) -> Route | None:
        if len(bits) >= 3 and bits[0] == "game" and bits[2] == cls.word:
            if len(bits) == 3:
                return cls(bits[1])
            if len(bits) == 4 and bits[3].isdigit():
                return cls(bits[1], int(bits[3]))
        return None


@dataclass(frozen=True)
class Deal(Hand):
    """A Kierki game's deal: the next one (``number`` None) or deal ``number`` edited.
    A hand entry in all but its screen (``screens/kierki_deal.py``) and address."""

    screen: ClassVar[str] = "kierki_deal"
    word: ClassVar[str] = "deal"


@dataclass(frozen=True)
class GamePage(Route):
    """A page of one game beside its sheet, ``/game/<id>/<leaf>``: Back goes to the
    sheet. A new such page is a subclass naming its screen and its leaf."""

    id: str
    leaf: ClassVar[str] = ""

    @property
    def game_id(self) -> str | None:
        return self.id

    def url(self) -> str:
        return f"/game/{quote(self.id)}/{self.leaf}"

    def parent(self) -> Route:
        return Sheet(self.id)

    def back_to(self, previous: Route) -> bool:
        return isinstance(previous, Sheet) and previous.id == self.id

    @classmethod
    def match(cls, bits: list[str], query: dict[str, str]) -> Route | None:
        if len(bits) == 3 and bits[0] == "game" and bits[2] == cls.leaf:
            return cls(bits[1])
        return None


@dataclass(frozen=True)
class Changes(GamePage):
    screen: ClassVar[str] = "changes"
    leaf: ClassVar[str] = "changes"


@dataclass(frozen=True)
class History(Route):
    """Every game: ``status`` all / unfinished / finished; ``order`` "started" (the newest
    start first) or "played" (the last played first); ``game`` all / hearts / kierki."""

    status: str = "all"
    order: str = "started"
    game: str = "all"
    screen: ClassVar[str] = "history"

    def url(self) -> str:
        query = {k: v for k, v, default in (("status", self.status, "all"),
                                            ("order", self.order, "started"),
                                            ("game", self.game, "all")) if v != default}
        return "/history" + (f"?{urlencode(query)}" if query else "")

    @classmethod
    def match(cls, bits: list[str], query: dict[str, str]) -> Route | None:
        if bits != ["history"]:
            return None
        status = query.get("status", "all")
        order = query.get("order", "started")
        game = query.get("game", "all")
        return cls(status if status in HISTORY_STATUSES else "all",
                   order if order in HISTORY_ORDERS else "started",
                   game if game in history_games() else "all")


@dataclass(frozen=True)
class Settings(Route):
    screen: ClassVar[str] = "settings"

    def url(self) -> str:
        return "/settings"

    @classmethod
    def match(cls, bits: list[str], query: dict[str, str]) -> Route | None:
        return cls() if bits == ["settings"] else None


@dataclass(frozen=True)
class Stats(Route):
    """Stats across the stored games: filtered by ``variant`` and ``players`` (None: any),
    head to head of players ``a`` and ``b`` (normalised names; None: the first two)."""

    variant: str | None = None
    players: int | None = None
    a: str | None = None
    b: str | None = None
    screen: ClassVar[str] = "stats"

    def url(self) -> str:
        query = {k: v for k, v in (("variant", self.variant), ("players", self.players),
                                   ("a", self.a), ("b", self.b)) if v is not None}
        return "/stats" + (f"?{urlencode(query)}" if query else "")

    def back_to(self, previous: Route) -> bool:
        return isinstance(previous, (Home, History))

    @classmethod
    def match(cls, bits: list[str], query: dict[str, str]) -> Route | None:
        if bits != ["stats"]:
            return None
        count = query.get("players", "")
        return cls(query.get("variant") or None, int(count) if count.isdigit() else None,
                   query.get("a") or None, query.get("b") or None)


@dataclass(frozen=True)
class NotFound(Route):
    """An address that shows nothing (kept, so the address bar still says what was typed)."""

    path: str = "/"
    screen: ClassVar[str] = "not_found"

    def url(self) -> str:
        return self.path

    @classmethod
    def match(cls, bits: list[str], query: dict[str, str]) -> Route | None:
        return None


@dataclass(frozen=True)
class Table(Route):
    """The followers' table view of the game the host has open; ``token`` comes from the
    host's QR code (``access.TableAccess.token``)."""

    token: str
    screen: ClassVar[str] = "table"

    def url(self) -> str:
        return f"/table/{quote(self.token)}"

    def parent(self) -> Route:
        return self

    @classmethod
    def match(cls, bits: list[str], query: dict[str, str]) -> Route | None:
        return cls(bits[1]) if len(bits) == 2 and bits[0] == "table" else None


@dataclass(frozen=True)
class Lobby(Route):
    """A LAN phone without the join token: "scan the host's QR code" (where it lands)."""

    screen: ClassVar[str] = "lobby"

    def url(self) -> str:
        return "/"

    def parent(self) -> Route:
        return self

    @classmethod
    def match(cls, bits: list[str], query: dict[str, str]) -> Route | None:
        return None


@dataclass(frozen=True)
class Invite(Route):
    """The host's invitation: QR code of the join address, the address, the table code."""

    back_to_game: str | None = None  # the sheet it was opened from
    screen: ClassVar[str] = "invite"

    def url(self) -> str:
        return "/invite"

    def parent(self) -> Route:
        return Sheet(self.back_to_game) if self.back_to_game else Home()

    def back_to(self, previous: Route) -> bool:
        return isinstance(previous, Sheet)

    @classmethod
    def match(cls, bits: list[str], query: dict[str, str]) -> Route | None:
        return cls() if bits == ["invite"] else None


@dataclass(frozen=True)
class ShowGame(GamePage):
    """"Show on another phone": the game's QR code and link, the game in the link's
    fragment (``screens/show_game.py``)."""

    screen: ClassVar[str] = "show_game"
    leaf: ClassVar[str] = "show"


@dataclass(frozen=True)
class FromLink(Route):
    """A game opened from another phone's link, read only until kept on this phone
    (``screens/from_link.py``). The game is not in this address: the page moved it out
    of the fragment it came in (see ``app/linking.py``); ``tag`` tells one link's opening
    from the next (a server's tab that opens a second link keeps its session, and Flet
    says a route changed only when its address does)."""

    tag: str = ""
    screen: ClassVar[str] = "from_link"

    def url(self) -> str:
        return "/link" + (f"/{quote(self.tag)}" if self.tag else "")

    @classmethod
    def match(cls, bits: list[str], query: dict[str, str]) -> Route | None:
        if bits[:1] == ["link"] and len(bits) <= 2:
            return cls(bits[1] if len(bits) == 2 else "")
        return None


ROUTES: tuple[type[Route], ...] = (Home, NewGame, Sheet, Hand, Changes, History, Settings,
                                   Table, Invite, Stats, Deal)
ROUTES += (ShowGame, FromLink)  # "Show on another phone" and the game a link opens


def parse(url: str | None) -> Route:
    """The route for an address (NotFound when nothing matches)."""
    parts = urlsplit(url or "/")
    query = {k: v[0] for k, v in parse_qs(parts.query).items()}
    bits = [b for b in parts.path.split("/") if b]
    for cls in ROUTES:
        route = cls.match(bits, query)
        if route is not None:
            return route
    return NotFound(url or "/")
