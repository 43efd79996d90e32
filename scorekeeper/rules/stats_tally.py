"""A player's figures across games, while :func:`.stats.compute` reads the summaries
(:class:`Tally`, mutable) and once counted (:class:`PlayerStats`, immutable), with the
game a figure comes from (:class:`GameRef`). A Kierki tally counts the best match from
the highest total and adds each contract's deals and points (the summary's
``contracts``, per seat or per spell: ``rules.spells.contract_figures``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping

from .names import normalise_name
from .spells import Spell

__all__ = ["GameRef", "PlayerStats", "Tally", "add_spells", "winners"]


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
    # the lowest final total, in Kierki the highest (the most recent game of equal ones)
    best: GameRef
    worst: GameRef  # the other end
    jacks: int = 0  # J♦ taken (Omnibus games)
    # games ended at a seat (place_sum is theirs); None: every game. A player who left a
    # game before its end (a table's life) played it but has no place in it
    placed: int | None = None
    # Kierki: per contract (its game-file word) the deals played and the points scored
    # in them, in the order first played; empty in Hearts
    contracts: Mapping[str, tuple[int, int]] = field(default_factory=dict)

    @property
    def win_rate(self) -> float:
        """Wins per game played, 0.0 to 1.0."""
        return self.wins / self.games

    @property
    def points_per_hand(self) -> float:
        return self.points / self.hands if self.hands else 0.0

    @property
    def points_per_game(self) -> float:
        """The average final total (in Kierki: of a match)."""
        return self.points / self.games if self.games else 0.0

    def contract_average(self, contract: str) -> float | None:
        """Kierki: the average points a deal of ``contract`` brought this player (None
        when they played none)."""
        deals, points = self.contracts.get(str(contract), (0, 0))
        return points / deals if deals else None

    @property
    def average_place(self) -> float:
        placed = self.games if self.placed is None else self.placed
        return self.place_sum / placed if placed else 0.0



class Tally:
    """A player's figures while the games are read (mutable; frozen at the end)."""

    __slots__ = ("key", "name", "named_at", "games", "wins", "hands", "points", "place_sum",
                 "moons", "best", "worst", "places", "jacks", "placed", "high", "contracts")

    def __init__(self, key: str, high: bool = False) -> None:
        self.key = key
        self.high = high  # Kierki: the highest total is the best
        self.contracts: dict[str, list[int]] = {}
        self.name = ""
        self.named_at = ""
        self.games = self.wins = self.hands = self.points = self.place_sum = self.moons = 0
        self.jacks = self.placed = 0
        self.best: GameRef | None = None
        self.worst: GameRef | None = None
        self.places: dict[str, int] = {}

    def add(self, s: Any, seat: int, place: int, won: bool,
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

    def _game(self, s: Any, total: int) -> None:
        """``total``: the seat's final total (a player who left: their own points)."""
        ref = None
        low, high = (self.worst, self.best) if self.high else (self.best, self.worst)
        if low is None or total < low.total or (total == low.total and s.created >= low.created):
            ref = low = GameRef(s.id, s.created, total)
        if high is None or total > high.total or (
                total == high.total and s.created >= high.created):
            high = ref or GameRef(s.id, s.created, total)
        self.best, self.worst = (high, low) if self.high else (low, high)

    def add_contracts(self, figures: Any, column: int) -> None:
        """A Kierki game's deals and points per contract in ``column`` (a seat, or a
        spell in a game where a seat changed name)."""
        for contract, deals, points in figures:
            played = deals if isinstance(deals, int) else deals[column]
            if played:
                row = self.contracts.get(contract)
                if row is None:
                    row = self.contracts[contract] = [0, 0]
                row[0] += played
                row[1] += points[column]

    def add_left(self, s: Any, spell: Spell) -> None:
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
                           None if self.placed == self.games else self.placed,
                           MappingProxyType({c: (d, p) for c, (d, p) in self.contracts.items()}))



def add_spells(s: Any, found: tuple[Spell, ...], last: dict[int, Spell],
               tallies: dict[str, Tally], lives_by: dict[str, set[str]],
               left_games: dict[str, set[str]], high: bool = False) -> None:
    """The players of a game where a seat changed name who did not hold their seat at
    the end: their hands, points, moons and J♦ (and the game, without a place); in
    Kierki (``high``) their points per contract too."""
    figures = getattr(s, "contracts", ())
    for column, sp in enumerate(found):
        key = normalise_name(sp.name)
        lives_by.setdefault(key, set()).add(s.id)
        if sp is last[sp.seat] or not sp.hands:
            continue
        tally = tallies.get(key)
        if tally is None:
            tally = tallies[key] = Tally(key, high)
        tally.add_contracts(figures, column)
        if s.id in tally.places or s.id in left_games.get(key, ()):
            tally.add_spell(sp)  # the same player at two seats: one game
        else:
            tally.add_left(s, sp)
            left_games.setdefault(key, set()).add(s.id)


def winners(s: Any) -> frozenset[str]:
    """The winners of a finished game, matched as names are: the single winner, or every
    winner of a shared win (``winners``)."""
    every = getattr(s, "winners", ()) or (() if s.winner is None else (s.winner,))
    return frozenset(normalise_name(name) for name in every)
