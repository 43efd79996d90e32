"""The small immutable values a game is made of: its rules and its hands."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Mapping

from . import registry
from .house import BY_KEY, read_house
from .kierki.table import KierkiRules
from .seats import read_changes
from .variants import GameVariant, Variant, read_variant, spec


class MoonRule(StrEnum):
    """What a moon shot scores at this table."""

    ADD_TO_OTHERS = "add_to_others"
    SUBTRACT_FROM_SELF = "subtract_from_self"
    SHOOTER_CHOICE = "shooter_choice"
    # the others take 26 unless that ends the game with the shooter not the single lowest
    ADD_UNLESS_IT_LOSES = "add_unless_it_loses"


class MoonChoice(StrEnum):
    """What a shooter picked (or the table's fixed rule applied)."""

    ADD_TO_OTHERS = "add_to_others"
    SUBTRACT_FROM_SELF = "subtract_from_self"


@dataclass(frozen=True)
class Rules:
    """A table's rules. A Hearts table: its variant, target, moon rule and house rules.
    A Kierki table (``variant`` KIERKI): ``kierki`` (its lottery, last tricks, order of
    contracts and series; the usual game by default); it has no target (0), no moon
    rule and no house rule, and the highest total wins (:attr:`highest_wins`). The
    variant's game (``rules.games``) checks them and sets its defaults (``settle``)."""

    variant: GameVariant = Variant.STANDARD
    target: int = 100
    moon: MoonRule = MoonRule.ADD_TO_OTHERS
    queen_breaks_hearts: bool = False  # a reminder for the table, not a scoring rule
    # the house rules played (key -> value, see house.HOUSE_RULES): a mapping when made,
    # kept as (key, value) pairs in table order, without the rules that are off
    house: Mapping[str, Any] | tuple[tuple[str, Any], ...] = ()
    kierki: KierkiRules | None = None  # a Kierki table's own rules; None in Hearts

    def __post_init__(self) -> None:
        object.__setattr__(self, "variant", read_variant(self.variant))
        object.__setattr__(self, "moon", MoonRule(self.moon))
        object.__setattr__(self, "house", read_house(self.variant, dict(self.house)))
        game = registry.owner(self.variant)
        for other in registry.games():  # another game's own rules at this table
            if other is not game:
                other.refuse_own_rules(self)
        for key, value in game.settle(self).items():  # the game's checks and defaults
            object.__setattr__(self, key, value)

    @property
    def highest_wins(self) -> bool:
        """Does the highest total win (Kierki)? Otherwise the lowest (Hearts)."""
        return spec(self.variant).highest_wins

    def house_rule(self, key: str) -> Any:
        """The value of house rule ``key`` at this table (its off value if not played)."""
        return dict(self.house).get(key, BY_KEY[key].off)  # type: ignore[arg-type]

    def plays(self, key: str) -> bool:
        """Does this table play house rule ``key``?"""
        return any(k == key for k, _ in self.house)  # type: ignore[misc]

    @property
    def shares_ties(self) -> bool:
        """Does a tie for the lowest total end the game with every tied player a winner
        (``"tie": "share"``)? Otherwise play goes on (the default)."""
        return self.house_rule("tie") == "share"

    @property
    def pass_cards(self) -> int:
        """How many cards each player passes (``"pass_cards"``, 3 by default)."""
        return int(self.house_rule("pass_cards"))

    @classmethod
    def for_variant(cls, variant: GameVariant | str, **kw: object) -> "Rules":
        """Rules with the variant's usual target unless one is given."""
        kw.setdefault("target", spec(variant).default_target)
        return cls(variant=read_variant(variant), **kw)  # type: ignore[arg-type]


@dataclass(frozen=True)
class Hand:
    """What each player took in one hand, in seating order, before any moon rule;
    ``jack`` is the seat that took the J♦ (Omnibus; None without it); ``seat_changes``
    are the seats that play under a new name from this hand on, as sorted
    ``(seat, new name)`` pairs (a mapping seat -> name when made; see :mod:`.seats`)."""

    points: tuple[int, ...]
    moon_choice: MoonChoice | None = None
    jack: int | None = None
    seat_changes: Mapping[int, str] | tuple[tuple[int, str], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "points", tuple(self.points))
        object.__setattr__(self, "seat_changes", read_changes(self.seat_changes))
        if self.moon_choice is not None:
            object.__setattr__(self, "moon_choice", MoonChoice(self.moon_choice))
