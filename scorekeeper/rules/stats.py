"""Stats across stored games, by player name: pure Python over the history summaries.

:func:`compute` takes what the store's history list returns (``GameSummary`` values, or
anything with the same fields, see :class:`Summary`) and gives one immutable
:class:`Stats`: per player the games played and won, win rate, average points per hand,
average final place, moons shot, best and worst game; head to head for any two players
(:meth:`Stats.head_to_head`). Only finished, not deleted games count; how many were left
out is part of the result. Names are compared as the rules compare them
(:func:`normalise_name`), and the most recent spelling is shown. Places are the rules'
(:func:`places`), the winner is the one the summary got from the rules (every winner
of a shared win, ``winners``, wins).

Hearts and Kierki are counted apart, as their figures mean different things (a Kierki
match is won by the highest total): the filter ``variant="kierki"`` counts the Kierki
matches, any other filter the Hearts games. In Kierki the best match is the highest
total, places count from the highest, and each player has, per contract, the deals
played and the points scored in them (``PlayerStats.contracts``; the summary's
``contracts``, from ``rules.spells.contract_figures``).

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
from . import (GAMES, MAX_PLAYERS, MIN_PLAYERS, GameType, RulesError, normalise_name, places,
               variant_game)
from .spells import ContractFigures, Spell, over_shared_hands, spells
from .stats_tally import GameRef, PlayerStats, Tally, add_spells, winners

__all__ = ["ContractFigures", "GameRef", "HeadToHead", "PlayerStats", "Spell", "Stats",
           "Summary", "check_filter", "compute", "spells"]


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
    # ``marks`` (the totals after the hand before each change); () in other games; a
    # Kierki game has ``contracts`` (``rules.spells.contract_figures``)


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
    counted game of the same game (Hearts or Kierki), whatever the filter.
    """

    variant: str | None  # the filter: None for every Hearts variant; "kierki": Kierki
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
    # finished, not deleted games of any player count, per game of the table (game
    # key -> count: the screen offers the choice of game when another has some)
    finished_games: Mapping[str, int] = field(default_factory=dict)

    @property
    def highest_wins(self) -> bool:
        """Is the highest total the best (and ahead in head to head): Kierki's stats."""
        return _highest_wins(filtered_game(self.variant))

    @property
    def kierki_games(self) -> int:
        """Finished, not deleted Kierki matches (of any player count)."""
        return self.finished_games.get("kierki", 0)

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
                if self.highest_wins:
                    mine, theirs = -mine, -theirs
                ahead += mine < theirs
                behind += mine > theirs
                ties += mine == theirs
        return HeadToHead(self._name(a, first), self._name(b, second), ahead + behind + ties,
                          ahead, behind, ties)

    def _name(self, key: str, asked: str) -> str:
        found = self.player(key)
        return found.name if found else " ".join(asked.split())


def filtered_game(variant: str | None) -> GameType:
    """The game a filter counts: its variant's, Hearts' for none."""
    return (variant_game(variant) if variant is not None else None) or GAMES["hearts"]


def _highest_wins(game: GameType) -> bool:
    return any(spec.highest_wins for spec in game.variants.values())


def check_filter(variant: str | None, player_count: int | None) -> None:
    """Raise :class:`RulesError` unless the filter names a variant (of any game of the
    table of games) and a possible count."""
    if variant is not None and variant_game(variant) is None:
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
    ``variant`` and have ``player_count`` players (None: any). ``variant="kierki"``
    counts the Kierki matches; any other filter, the Hearts games."""
    variant = None if variant is None else str(variant)
    check_filter(variant, player_count)
    game = filtered_game(variant)
    high = _highest_wins(game)  # Kierki's stats
    tallies: dict[str, Tally] = {}
    ids: list[str] = []
    unfinished = deleted = 0
    finished_games: dict[str, int] = {}
    variants: set[str] = set()
    counts: set[int] = set()
    omnibus = False
    keys: dict[str, str] = {}  # name as spelled -> normalise_name (names repeat a lot)
    lives: dict[str, tuple] = {}
    lives_by: dict[str, set[str]] = {}
    left_games: dict[str, set[str]] = {}
    for s in summaries:
        of = variant_game(s.variant)
        if of is not None and s.finished and not s.deleted:
            finished_games[of.key] = finished_games.get(of.key, 0) + 1
        if of is not game:
            continue  # another game: counted apart
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
        won = winners(s)
        found = tuple(getattr(s, "spells", ()))
        last = {sp.seat: sp for sp in found}  # each seat's holder at the end
        figures = getattr(s, "contracts", ())
        for seat, place in enumerate(places(s.totals, highest_first=high)):
            name = s.players[seat]
            key = keys.get(name)
            if key is None:
                key = keys[name] = normalise_name(name)
            tally = tallies.get(key)
            if tally is None:
                tally = tallies[key] = Tally(key, high)
            tally.add(s, seat, place, key in won, last.get(seat))
            if figures:
                tally.add_contracts(figures, found.index(last[seat]) if found else seat)
        if found:
            lives[s.id] = (found, tuple(getattr(s, "marks", ())), tuple(s.totals))
            add_spells(s, found, last, tallies, lives_by, left_games, high)
    players = sorted((t.value() for t in tallies.values()),
                     key=lambda p: (-p.wins, -p.games, p.key))
    frozen_places = MappingProxyType(
        {key: MappingProxyType(t.places) for key, t in tallies.items()})
    return Stats(variant, player_count, len(ids), tuple(ids), tuple(players), unfinished,
                 deleted, tuple(sorted(variants)), tuple(sorted(counts)), frozen_places,
                 omnibus, MappingProxyType(lives),
                 MappingProxyType({k: frozenset(v) for k, v in lives_by.items()}),
                 MappingProxyType(finished_games))
