"""Stats across stored games, by player name: pure Python over the history summaries.

:func:`compute` takes what the store's history list returns (``GameSummary`` values, or
anything with the same fields, see :class:`Summary`) and gives one immutable
:class:`Stats`: per player the games played and won, win rate, average points per hand,
average final place, moons shot, best and worst game; head to head for any two players
(:meth:`Stats.head_to_head`). Only finished, not deleted games count; how many were left
out is part of the result. Kierki games are left out too (``left_out_kierki``): their
stats are a part still to come. Names are compared as the rules compare them
(:func:`normalise_name`), and the most recent spelling is shown. Places are the rules'
(:func:`places`), the winner is the one the summary got from the rules (every winner
of a shared win, ``winners``, wins).

A game where a seat changed name (a table's life) carries its :class:`Spell` values:
each player counts the hands they played and their own points, moons and J♦; the game,
its place and a win go to whoever holds the seat at the end; a player who left before
the end played the game but has no place in it; head to head compares two players over
the hands both played.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Iterable, Mapping, Protocol

# from the package, not its modules: the rules' inner layout may change
from . import KIERKI, MAX_PLAYERS, MIN_PLAYERS, RulesError, Variant, normalise_name, places
from .spells import Spell, over_shared_hands, spells

__all__ = ["GameRef", "HeadToHead", "PlayerStats", "Spell", "Stats", "Summary", "check_filter",
           "compute", "spells"]


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
    # a game where a seat changed name also has ``spells`` (see :func:`spells`) and
    # ``marks`` (the totals after the hand before each change); () in other games


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
    # games ended at a seat (place_sum is theirs); None: every game. A player who left a
    # game before its end (a table's life) played it but has no place in it
    placed: int | None = None

    @property
    def win_rate(self) -> float:
        """Wins per game played, 0.0 to 1.0."""
        return self.wins / self.games

    @property
    def points_per_hand(self) -> float:
        return self.points / self.hands if self.hands else 0.0

    @property
    def average_place(self) -> float:
        placed = self.games if self.placed is None else self.placed
        return self.place_sum / placed if placed else 0.0


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
    # games where a seat changed name: game id -> (spells, marks, final totals), and per
    # player key the games of those they played in (head to head compares hands)
    lives: Mapping[str, tuple[tuple[Spell, ...], tuple[tuple[int, tuple[int, ...]], ...],
                              tuple[int, ...]]] = field(default_factory=dict)
    lives_by_player: Mapping[str, frozenset[str]] = field(default_factory=dict)
    # Kierki games (variant "kierki", not deleted) that pass the filter: not counted here,
    # as a Kierki match is scored another way (highest total wins; stats per contract
    # are a part still to come)
    left_out_kierki: int = 0

    @property
    def left_out(self) -> int:
        return self.left_out_unfinished + self.left_out_deleted

    def player(self, name: str) -> PlayerStats | None:
        key = normalise_name(name)
        return next((p for p in self.players if p.key == key), None)

    def head_to_head(self, first: str, second: str) -> HeadToHead:
        """How two players (any spelling) did in the games they both finished; in a game
        where a seat changed name, over the hands both played (fewer points is ahead)."""
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
            if other is None or game_id in self.lives:
                continue
            if place < other:
                ahead += 1
            elif place > other:
                behind += 1
            else:
                ties += 1
        if swapped:
            ahead, behind = behind, ahead
        if a != b:
            for game_id in self.lives_by_player.get(a, frozenset()) & \
                    self.lives_by_player.get(b, frozenset()):
                mine, theirs = over_shared_hands(self.lives[game_id], a, b)
                if mine is None:
                    continue
                ahead += mine < theirs
                behind += mine > theirs
                ties += mine == theirs
        return HeadToHead(self._name(a, first), self._name(b, second), ahead + behind + ties,
                          ahead, behind, ties)

    def _name(self, key: str, asked: str) -> str:
        found = self.player(key)
        return found.name if found else " ".join(asked.split())


class _Tally:
    """A player's figures while the games are read (mutable; frozen at the end)."""

    __slots__ = ("key", "name", "named_at", "games", "wins", "hands", "points", "place_sum",
                 "moons", "best", "worst", "places", "jacks", "placed")

    def __init__(self, key: str) -> None:
        self.key = key
        self.name = ""
        self.named_at = ""
        self.games = self.wins = self.hands = self.points = self.place_sum = self.moons = 0
        self.jacks = self.placed = 0
        self.best: GameRef | None = None
        self.worst: GameRef | None = None
        self.places: dict[str, int] = {}

    def add(self, s: Summary, seat: int, place: int, won: bool,
            spell: Spell | None = None) -> None:
        """A game the player ended at ``seat``; ``spell``: their own time there, in a game
        where the seat changed name (else they played every hand)."""
        total = s.totals[seat]
        if s.created >= self.named_at:
            self.name, self.named_at = s.players[seat], s.created
        self.games += 1
        self.placed += 1
        self.wins += won
        self.place_sum += place
        if spell is not None:
            self.add_spell(spell)
        else:
            self.hands += s.hands
            self.points += total
            self.moons += s.moons[seat]
            jacks = getattr(s, "jacks", ())
            self.jacks += jacks[seat] if jacks else 0
        self._game(s, total)
        self.places[s.id] = place

    def _game(self, s: Summary, total: int) -> None:
        """``total``: the seat's final total (a player who left: their own points)."""
        ref = None
        best, worst = self.best, self.worst
        if best is None or total < best.total or (total == best.total and s.created >= best.created):
            ref = GameRef(s.id, s.created, total)
            self.best = ref
        if worst is None or total > worst.total or (
                total == worst.total and s.created >= worst.created):
            self.worst = ref or GameRef(s.id, s.created, total)

    def add_left(self, s: Summary, spell: Spell) -> None:
        """A game the player left before its end: played, no place, no win."""
        if s.created >= self.named_at and not self.games:
            self.name, self.named_at = spell.name, s.created
        self.games += 1
        self.add_spell(spell)
        self._game(s, spell.points)

    def add_spell(self, spell: Spell) -> None:
        """The hands, points, moons and J♦ of a player's time at a seat that they did
        not hold at the end (the holder at the end has the game: :meth:`add`)."""
        self.hands += spell.hands
        self.points += spell.points
        self.moons += spell.moons
        self.jacks += spell.jacks

    def value(self) -> PlayerStats:
        assert self.best is not None and self.worst is not None
        return PlayerStats(self.key, self.name, self.games, self.wins, self.hands, self.points,
                           self.place_sum, self.moons, self.best, self.worst, self.jacks,
                           None if self.placed == self.games else self.placed)


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
    lives: dict[str, tuple] = {}
    lives_by: dict[str, set[str]] = {}
    left_games: dict[str, set[str]] = {}
    kierki = 0
    for s in summaries:
        if s.variant == KIERKI.value:  # not (yet) in these stats: counted apart
            kierki += not s.deleted and variant is None and (
                player_count is None or len(s.players) == player_count)
            continue
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
        winners = _winners(s)
        found = tuple(getattr(s, "spells", ()))
        last = {sp.seat: sp for sp in found}  # each seat's holder at the end
        for seat, place in enumerate(places(s.totals)):
            name = s.players[seat]
            key = keys.get(name)
            if key is None:
                key = keys[name] = normalise_name(name)
            tally = tallies.get(key)
            if tally is None:
                tally = tallies[key] = _Tally(key)
            tally.add(s, seat, place, key in winners, last.get(seat))
        if found:
            lives[s.id] = (found, tuple(getattr(s, "marks", ())), tuple(s.totals))
            _add_spells(s, found, last, tallies, lives_by, left_games)
    players = sorted((t.value() for t in tallies.values()),
                     key=lambda p: (-p.wins, -p.games, p.key))
    frozen_places = MappingProxyType(
        {key: MappingProxyType(t.places) for key, t in tallies.items()})
    return Stats(variant, player_count, len(ids), tuple(ids), tuple(players), unfinished,
                 deleted, tuple(sorted(variants)), tuple(sorted(counts)), frozen_places,
                 omnibus, MappingProxyType(lives),
                 MappingProxyType({k: frozenset(v) for k, v in lives_by.items()}), kierki)


def _add_spells(s: Summary, found: tuple[Spell, ...], last: dict[int, Spell],
                tallies: dict[str, _Tally], lives_by: dict[str, set[str]],
                left_games: dict[str, set[str]]) -> None:
    """The players of a game where a seat changed name who did not hold their seat at
    the end: their hands, points, moons and J♦ (and the game, without a place)."""
    for sp in found:
        key = normalise_name(sp.name)
        lives_by.setdefault(key, set()).add(s.id)
        if sp is last[sp.seat] or not sp.hands:
            continue
        tally = tallies.get(key)
        if tally is None:
            tally = tallies[key] = _Tally(key)
        if s.id in tally.places or s.id in left_games.get(key, ()):
            tally.add_spell(sp)  # the same player at two seats: one game
        else:
            tally.add_left(s, sp)
            left_games.setdefault(key, set()).add(s.id)


def _winners(s: Summary) -> frozenset[str]:
    """The winners of a finished game, matched as names are: the single winner, or every
    winner of a shared win (``winners``)."""
    every = getattr(s, "winners", ()) or (() if s.winner is None else (s.winner,))
    return frozenset(normalise_name(name) for name in every)
