"""Immutable values for a game: its rules, its hands, its players.

A :class:`Game` only ever holds valid hands: every way of building one (``Game.new``,
``add_hand``, ``insert_hand``, ``replace_hand``, ``remove_hand``) validates the whole result,
so inserting, editing or removing an earlier hand re-checks and recomputes every hand after
it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterable, Sequence

from . import registry
from .errors import RulesError
from .house import check_house_seats
from .names import MAX_NAME_LENGTH, clean_name, name_problem, normalise_name
from .scoring import remaining_points, validate_hand, validate_hands
from .table import dealer_for
from .values import Hand, MoonChoice, MoonRule, Rules
from .kierki.deal import Deal
from .variants import MAX_PLAYERS, GameVariant, check_player_count, read_variant

__all__ = ["MAX_HANDS", "MAX_NAME_LENGTH", "Game", "Hand", "MoonChoice", "MoonRule", "Rules", "check_hand",
           "check_players", "check_table", "clean_name", "normalise_name", "points_taken_by_nobody"]


MAX_HANDS = 1_000  # hands in one game (a game to 100 takes about 10 to 30)


def check_players(players: Sequence[str], variant: GameVariant) -> tuple[str, ...]:
    """Strip the names and check they are non-empty, unique, printable, at most
    :data:`MAX_NAME_LENGTH` characters, and the right count."""
    if isinstance(players, str) or not isinstance(players, (list, tuple)):
        raise RulesError("players_type", "players must be a list of names")
    if len(players) > MAX_PLAYERS:
        check_player_count(variant, len(players))  # before looking at a thousand names
    names = []
    seen: dict[str, int] = {}
    for i, name in enumerate(players, 1):
        if not isinstance(name, str) or not name.strip():
            raise RulesError("player_empty", f"player {i} has no name", seat=i)
        clean = " ".join(name.split())
        problem = name_problem(clean)
        if problem == "long":
            raise RulesError("player_name_long", f"the name of player {i} is longer than "
                             f"{MAX_NAME_LENGTH} characters", seat=i, max=MAX_NAME_LENGTH)
        if problem == "chars":
            raise RulesError("player_name_chars", f"the name of player {i} holds control or "
                             f"invisible characters ({ascii(clean[:MAX_NAME_LENGTH])})", seat=i)
        key = normalise_name(clean)
        if key in seen:
            raise RulesError(
                "player_duplicate",
                f"the name {clean!r} is used twice (players {seen[key]} and {i})",
                name=clean, first=seen[key], second=i,
            )
        seen[key] = i
        names.append(clean)
    check_player_count(variant, len(names))
    return tuple(names)


@dataclass(frozen=True)
class Game:
    """Players in clockwise seating order, the table's rules and the hands played (in
    Kierki the deals played: ``kierki.Deal`` values)."""

    players: tuple[str, ...]
    rules: Rules = field(default_factory=Rules)
    first_dealer: int = 0
    hands: tuple[Hand | Deal, ...] = ()

    @classmethod
    def new(
        cls,
        players: Sequence[str],
        rules: Rules | None = None,
        first_dealer: int | str = 0,
        hands: Iterable[Hand] = (),
    ) -> "Game":
        """A checked game. ``first_dealer`` is a seat number or a player's name."""
        rules = rules or Rules()
        names = check_players(players, rules.variant)
        problem = check_table(rules, len(names))
        if problem is not None:
            raise problem
        if isinstance(first_dealer, str):
            keys = [normalise_name(n) for n in names]
            key = normalise_name(first_dealer)
            if key not in keys:
                raise RulesError(
                    "first_dealer", f"the first dealer {first_dealer!r} is not one of the players",
                    name=first_dealer,
                )
            first_dealer = keys.index(key)
        if isinstance(first_dealer, bool) or not isinstance(first_dealer, int) or not (
            0 <= first_dealer < len(names)
        ):
            raise RulesError("first_dealer", f"no seat {first_dealer!r} to deal from",
                             name=first_dealer)
        return cls(names, rules, first_dealer, ())._rebuilt(tuple(hands))

    @property
    def seats(self) -> int:
        return len(self.players)

    def add_hand(self, hand: Hand) -> "Game":
        validate_hand(self, hand)  # the one place a hand is checked
        return replace(self, hands=self.hands + (hand,))

    def replace_hand(self, index: int, hand: Hand) -> "Game":
        """Edit hand ``index`` (0-based); every later hand is checked again."""
        self._check_index(index)
        return self._rebuilt(self.hands[:index] + (hand,) + self.hands[index + 1 :])

    def insert_hand(self, index: int, hand: Hand) -> "Game":
        """Put ``hand`` in as hand ``index`` (0-based, up to ``len(hands)``: the end); the
        hands from ``index`` on move down one and every later hand is checked again."""
        if isinstance(index, bool) or not isinstance(index, int):
            raise RulesError("no_such_hand", f"a hand number must be a whole number, "
                             f"not {index!r}")
        if not 0 <= index <= len(self.hands):
            raise RulesError("no_such_hand", f"a hand can only go in as hand 1 to {len(self.hands) + 1}",
                             hand=index + 1)
        return self._rebuilt(self.hands[:index] + (hand,) + self.hands[index:])

    def remove_hand(self, index: int) -> "Game":
        """Remove hand ``index`` (0-based); every later hand is checked again."""
        self._check_index(index)
        return self._rebuilt(self.hands[:index] + self.hands[index + 1 :])

    def cut(self, hands: int) -> "Game":
        """The game as it stood after its first ``hands`` hands (a checked game)."""
        if not 0 <= hands <= len(self.hands):
            raise RulesError("no_such_hand", f"there is no hand {hands}", hand=hands)
        return Game.new(self.players, self.rules, self.first_dealer, self.hands[:hands])

    def rematch_first_dealer(self) -> int:
        """Who deals first in a rematch at the same table: the next player round from
        this game's first dealer, so the deal keeps moving."""
        return dealer_for(self.seats, self.first_dealer, 2)

    def with_rules(self, rules: Rules) -> "Game":
        """The same hands under other rules (e.g. a new target), all re-checked."""
        return Game.new(self.players, rules, self.first_dealer, self.hands)

    def _check_index(self, index: int) -> None:
        if not 0 <= index < len(self.hands):
            raise RulesError("no_such_hand", f"there is no hand {index + 1}", hand=index + 1)

    def _rebuilt(self, hands: tuple[Hand, ...]) -> "Game":
        game = replace(self, hands=())
        validate_hands(game, hands)
        return replace(game, hands=hands)


def check_table(rules: Rules, players: int) -> RulesError | None:
    """Can this many players play with these rules (a table's own pass cycle: no pass
    further than players - 1 seats, ``across`` only for an even count)? None if so."""
    return check_house_seats(rules.house, players)  # type: ignore[arg-type]


def check_rules(variant: GameVariant | str, players: int | None = None, target: object = 100,
                moon: object = MoonRule.ADD_TO_OTHERS, house: object = None,
                kierki: object = None) -> RulesError | None:
    """Would these rules make a table (for ``players``, when given)? None if so, else
    the reason, as the new-game form asks before it makes the game. A Kierki table's
    own rules are ``kierki`` (a ``KierkiRules``; see ``kierki.check_kierki_rules``), and
    for Kierki ``players`` must be 3 or 4."""
    try:
        rules = Rules(read_variant(variant), target, MoonRule(moon),  # type: ignore[arg-type]
                      house=house or {}, kierki=kierki)  # type: ignore[arg-type]
        if players is not None:  # what the game itself asks of the table
            registry.owner(rules.variant).check_table(rules, players)
    except RulesError as err:
        return err
    return None if players is None else check_table(rules, players)


def check_hand(game: Game, hand: Hand, index: int | None = None) -> RulesError | None:
    """Can ``hand`` be saved? None if so, else the rules' reason (nothing is raised).

    ``index`` None: ``hand`` as the next hand; otherwise ``hand`` replacing hand ``index``
    (0-based), with every later hand checked again."""
    try:
        if index is None:
            validate_hand(game, hand)
        else:
            game.replace_hand(index, hand)
    except RulesError as err:
        return err
    return None


def points_taken_by_nobody(game: Game, hand: Hand, index: int | None = None) -> int:
    """Penalty points of a hand the rules accept that nobody took (a cancelled last trick
    in Cancellation); 0 when every point was given or the hand cannot be saved as it is.
    ``index`` as for :func:`check_hand`. (Always 0 for a Kierki deal.)"""
    if not isinstance(hand, Hand):
        return 0
    left = remaining_points(game.rules, hand.points)
    if left <= 0 or check_hand(game, hand, index) is not None:
        return 0
    return left
