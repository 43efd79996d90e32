"""Stats across stored games, by player name: pure Python over the history summaries.

:func:`compute` takes what the store's history list returns (``GameSummary`` values, or
anything with the same fields, see :class:`Summary`) and gives one immutable
:class:`Stats`: per player the games played and won, win rate, average points per hand,
average final place, moons shot, best and worst game; head to head for any two players
(:meth:`Stats.head_to_head`). Only finished, not deleted games count; how many were left
out is part of the result. Names are compared as the rules compare them
(:func:`normalise_name`), and the most recent spelling is shown. Places are the rules'
(:func:`places`), the winner is the one the summary got from the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Iterable, Mapping, Protocol

# from the package, not its modules: the rules' inner layout may change
from . import MAX_PLAYERS, MIN_PLAYERS, RulesError, Variant, normalise_name, places


class Summary(Protocol):
    """The fields of a history summary (``store.GameSummary``) the stats read."""

    @property
    def id(self) -> str: ...
    @property
    def created(self) -> str: ...  # ISO 8601 text, as the store writes it (sorts by time)
    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def variant(self) -> str: ...
    @property
    def hands(self) -> int: ...
    @property
    def totals(self) -> tuple[int, ...]: ...
    @property
    def finished(self) -> bool: ...
    @property
    def winner(self) -> str | None: ...
    @property
    def deleted(self) -> bool: ...
    @property
    def moons(self) -> tuple[int, ...]: ...  # moons shot, per seat
    @property
    def jacks(self) -> tuple[int, ...]: ...  # J♦ taken, per seat; () without Omnibus


@dataclass(frozen=True)
class GameRef:
    """One game of a player: its id, when it was created and the player's final total."""

    game_id: str
    created: str
    total: int


@dataclass(frozen=True)
class PlayerStats:
    key: str  # normalise_name of the name: how games are matched to the player
    name: str  # the spelling of the most recent game
    games: int  # finished games played
    wins: int
    hands: int  # hands played in those games
    points: int  # sum of the final totals (= the sum of every hand's score)
    place_sum: int  # sum of the final places (rules.places: a shared place counts for each)
    moons: int  # moons shot
    best: GameRef  # the lowest final total (the most recent game of equal ones)
    worst: GameRef  # the highest final total (the most recent game of equal ones)
    jacks: int = 0  # J♦ taken (Omnibus games)

    @property
    def win_rate(self) -> float:
        """Wins per game played, 0.0 to 1.0."""
        return self.wins / self.games

    @property
    def points_per_hand(self) -> float:
        return self.points / self.hands if self.hands else 0.0

    @property
    def average_place(self) -> float:
        return self.place_sum / self.games


@dataclass(frozen=True)
class HeadToHead:
    """Two players over the games they played together; ``first`` is the one asked first.

    A player finished ahead when their final place (rules.places) was better; equal
    totals share a place and count as a tie. ``games == first_ahead + second_ahead + ties``.
    """

    first: str
    second: str
    games: int
    first_ahead: int
    second_ahead: int
    ties: int


@dataclass(frozen=True)
class Stats:
    """The stats of the games that pass the filter.

    ``players`` are ordered by wins, then games played (most first), then name.
    ``left_out_unfinished`` and ``left_out_deleted`` count the games that pass the filter
    but are not counted (a deleted game counts as deleted, finished or not).
    ``variants`` and ``player_counts`` are the choices the filter offers: those of every
    counted game, whatever the filter.
    """

    variant: str | None  # the filter: None for every variant
    player_count: int | None  # the filter: None for every player count
    games: int
    game_ids: tuple[str, ...]  # the counted games, in the order given
    players: tuple[PlayerStats, ...]
    left_out_unfinished: int
    left_out_deleted: int
    variants: tuple[str, ...]
    player_counts: tuple[int, ...]
    # player key -> {game id: final place}: what head_to_head reads
    places_by_player: Mapping[str, Mapping[str, int]]
    omnibus: bool = False  # a counted game had the J♦ rule: the J♦ taken are worth showing

    @property
    def left_out(self) -> int:
        return self.left_out_unfinished + self.left_out_deleted

    def player(self, name: str) -> PlayerStats | None:
        key = normalise_name(name)
        return next((p for p in self.players if p.key == key), None)

    def head_to_head(self, first: str, second: str) -> HeadToHead:
        """How two players (any spelling) did in the games they both finished."""
        a, b = normalise_name(first), normalise_name(second)
        pa = self.places_by_player.get(a, {}) if a != b else {}
        pb = self.places_by_player.get(b, {})
        if len(pb) < len(pa):
            pa, pb, swapped = pb, pa, True
        else:
            swapped = False
        ahead = behind = ties = 0  # from pa's side
        for game_id, place in pa.items():
            other = pb.get(game_id)
            if other is None:
                continue
            if place < other:
                ahead += 1
            elif place > other:
                behind += 1
            else:
                ties += 1
        if swapped:
            ahead, behind = behind, ahead
        return HeadToHead(self._name(a, first), self._name(b, second), ahead + behind + ties,
                          ahead, behind, ties)

    def _name(self, key: str, asked: str) -> str:
        found = self.player(key)
        return found.name if found else " ".join(asked.split())


class _Tally:
    """A player's figures while the games are read (mutable; frozen at the end)."""

    __slots__ = ("key", "name", "named_at", "games", "wins", "hands", "points", "place_sum",
                 "moons", "best", "worst", "places", "jacks")

    def __init__(self, key: str) -> None:
        self.key = key
        self.name = ""
        self.named_at = ""
        self.games = self.wins = self.hands = self.points = self.place_sum = self.moons = 0
        self.jacks = 0
        self.best: GameRef | None = None
        self.worst: GameRef | None = None
        self.places: dict[str, int] = {}

    def add(self, s: Summary, seat: int, place: int, won: bool) -> None:
        total = s.totals[seat]
        if s.created >= self.named_at:
            self.name, self.named_at = s.players[seat], s.created
        self.games += 1
        self.wins += won
        self.hands += s.hands
        self.points += total
        self.place_sum += place
        self.moons += s.moons[seat]
        jacks = getattr(s, "jacks", ())
        self.jacks += jacks[seat] if jacks else 0
        ref = None
        best, worst = self.best, self.worst
        if best is None or total < best.total or (total == best.total and s.created >= best.created):
            ref = GameRef(s.id, s.created, total)
            self.best = ref
        if worst is None or total > worst.total or (
                total == worst.total and s.created >= worst.created):
            self.worst = ref or GameRef(s.id, s.created, total)
        self.places[s.id] = place

    def value(self) -> PlayerStats:
        assert self.best is not None and self.worst is not None
        return PlayerStats(self.key, self.name, self.games, self.wins, self.hands, self.points,
                           self.place_sum, self.moons, self.best, self.worst, self.jacks)


def check_filter(variant: str | None, player_count: int | None) -> None:
    """Raise :class:`RulesError` unless the filter names a variant and a possible count."""
    if variant is not None and variant not in {v.value for v in Variant}:
        raise RulesError("unknown_value", f"no variant {variant!r}", what="variant",
                         value=variant)
    if player_count is not None and (
            isinstance(player_count, bool) or not isinstance(player_count, int)
            or not MIN_PLAYERS <= player_count <= MAX_PLAYERS):
        raise RulesError("player_count", f"no game has {player_count!r} players",
                         count=player_count, min=MIN_PLAYERS, max=MAX_PLAYERS)


def compute(summaries: Iterable[Summary], *, variant: str | None = None,
            player_count: int | None = None) -> Stats:
    """The stats of the finished, not deleted games among ``summaries`` that are of
    ``variant`` and have ``player_count`` players (None: any)."""
    variant = None if variant is None else str(variant)
    check_filter(variant, player_count)
    tallies: dict[str, _Tally] = {}
    ids: list[str] = []
    unfinished = deleted = 0
    variants: set[str] = set()
    counts: set[int] = set()
    omnibus = False
    keys: dict[str, str] = {}  # name as spelled -> normalise_name (names repeat a lot)
    for s in summaries:
        if s.deleted or not s.finished:
            if (variant is None or s.variant == variant) and (
                    player_count is None or len(s.players) == player_count):
                if s.deleted:
                    deleted += 1
                else:
                    unfinished += 1
            continue
        n = len(s.players)
        variants.add(s.variant)
        counts.add(n)
        if (variant is not None and s.variant != variant) or (
                player_count is not None and n != player_count):
            continue
        ids.append(s.id)
        omnibus = omnibus or bool(getattr(s, "jacks", ()))
        winner = None if s.winner is None else normalise_name(s.winner)
        for seat, place in enumerate(places(s.totals)):
            name = s.players[seat]
            key = keys.get(name)
            if key is None:
                key = keys[name] = normalise_name(name)
            tally = tallies.get(key)
            if tally is None:
                tally = tallies[key] = _Tally(key)
            tally.add(s, seat, place, key == winner)
    players = sorted((t.value() for t in tallies.values()),
                     key=lambda p: (-p.wins, -p.games, p.key))
    frozen_places = MappingProxyType(
        {key: MappingProxyType(t.places) for key, t in tallies.items()})
    return Stats(variant, player_count, len(ids), tuple(ids), tuple(players), unfinished,
                 deleted, tuple(sorted(variants)), tuple(sorted(counts)), frozen_places,
                 omnibus)
