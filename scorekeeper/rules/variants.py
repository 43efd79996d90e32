"""The variants as data: players, decks, penalty points and deck preparation.

:class:`Variant` names the Hearts variants (standard, Cancellation), :data:`VARIANTS`
holds their specs; Kierki, the Polish compendium game, is a game of its own beside them
(:data:`KIERKI`, a :class:`Compendium`, its spec in ``rules.kierki.game``). Every game
of the table of games (:mod:`.games`) says its variants and their specs, so
:func:`read_variant`, :func:`spec`, :func:`deck_plan` and :func:`game_name` answer for
any game's variant by asking its game (:mod:`.registry`). :func:`variants_for` offers
the Hearts variants only (a new Hearts game's choices).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from . import registry
from .errors import RulesError


class Variant(StrEnum):
    STANDARD = "standard"
    CANCELLATION = "cancellation"


class Compendium(StrEnum):
    """A game of several contracts, scored deal by deal (not a Hearts variant)."""

    KIERKI = "kierki"


KIERKI = Compendium.KIERKI
GameVariant = Variant | Compendium  # what ``Rules.variant`` holds


def read_variant(value: object) -> GameVariant:
    """The variant of a game in the table of games (:mod:`.games`) that ``value`` names
    ("standard", "kierki"); ValueError if none."""
    for game in registry.games():
        for variant in game.variants:
            if variant == value:
                return variant  # type: ignore[no-any-return]
    raise ValueError(f"{value!r} is not a variant of any game")


def game_name(variant: GameVariant) -> str:
    """The game as a sentence names it: "standard Hearts", "Kierki"."""
    return registry.owner(variant).name(variant)  # type: ignore[no-any-return]


def hearts_name(variant: GameVariant) -> str:
    return f"{variant.value} Hearts"


class Suit(StrEnum):
    CLUBS = "♣"
    DIAMONDS = "♦"
    HEARTS = "♥"
    SPADES = "♠"


@dataclass(frozen=True, order=True)
class Card:
    rank: str
    suit: Suit

    def __str__(self) -> str:
        return f"{self.rank}{self.suit.value}"


@dataclass(frozen=True)
class DeckPlan:
    """How to prepare the cards for a player count.

    ``first_lead`` is the card that leads the first trick (its holder must play it), or
    None in Cancellation Hearts, where the player left of the dealer leads any card but a
    heart or a queen of spades. ``leftover`` cards lie face down and go to whoever wins
    the first trick (Cancellation only; always 0 in standard Hearts).
    """

    decks: int
    removed: tuple[Card, ...]
    cards_each: int
    leftover: int
    first_lead: Card | None


@dataclass(frozen=True)
class VariantSpec:
    variant: GameVariant
    min_players: int
    max_players: int
    decks: int
    hand_points: int  # every penalty point in the deck(s)
    exact_total: bool  # a hand must hold exactly hand_points (else: at most)
    moon_score: int  # what a moon gives the others, or takes off the shooter
    hearts: int  # hearts in the deck(s)
    queens: int  # queens of spades in the deck(s)
    default_target: int
    pass_cycle_four: tuple[str, ...]  # pass cycle when exactly four play
    pass_cycle: tuple[str, ...]  # pass cycle for any other count
    highest_wins: bool = False  # the highest total wins (Kierki); Hearts: the lowest


QUEEN_POINTS = 13

# Hearts' variants (another game's are in its own package: Kierki's in rules.kierki.game)
VARIANTS: dict[GameVariant, VariantSpec] = {
    Variant.STANDARD: VariantSpec(
        variant=Variant.STANDARD,
        min_players=3,
        max_players=7,
        decks=1,
        hand_points=26,
        exact_total=True,
        moon_score=26,
        hearts=13,
        queens=1,
        default_target=100,
        pass_cycle_four=("left", "right", "across", "hold"),
        pass_cycle=("left", "right"),
    ),
    Variant.CANCELLATION: VariantSpec(
        variant=Variant.CANCELLATION,
        min_players=6,
        max_players=11,
        decks=2,
        hand_points=52,
        exact_total=False,
        moon_score=26,
        hearts=26,
        queens=2,
        default_target=150,
        pass_cycle_four=("left", "right"),
        pass_cycle=("left", "right"),
    ),
}

MIN_PLAYERS = min(spec.min_players for spec in VARIANTS.values())
MAX_PLAYERS = max(spec.max_players for spec in VARIANTS.values())


def _c(rank: str, suit: Suit) -> Card:
    return Card(rank, suit)


# Standard Hearts: cards removed so the deck divides evenly (no penalty card is removed).
_STANDARD_REMOVED: dict[int, tuple[Card, ...]] = {
    3: (_c("2", Suit.DIAMONDS),),
    4: (),
    5: (_c("2", Suit.DIAMONDS), _c("2", Suit.CLUBS)),
    6: (_c("2", Suit.DIAMONDS), _c("3", Suit.DIAMONDS), _c("3", Suit.CLUBS), _c("4", Suit.CLUBS)),
    7: (_c("2", Suit.DIAMONDS), _c("3", Suit.DIAMONDS), _c("3", Suit.CLUBS)),
}

TWO_OF_CLUBS = _c("2", Suit.CLUBS)
THREE_OF_CLUBS = _c("3", Suit.CLUBS)


def spec(variant: GameVariant | str) -> VariantSpec:
    """The spec of any game's variant (the game of the table that has it says it)."""
    variant = read_variant(variant)
    return registry.owner(variant).variants[variant]  # type: ignore[no-any-return]


def variants_for(players: int) -> tuple[Variant, ...]:
    """The Hearts variants that can be played by this many players (Kierki, a game of
    its own, is not among them: ``spec(KIERKI)`` says its player counts)."""
    return tuple(v for v in Variant
                 if VARIANTS[v].min_players <= players <= VARIANTS[v].max_players)


def check_player_count(variant: GameVariant, players: int) -> None:
    s = spec(variant)
    if not s.min_players <= players <= s.max_players:
        raise RulesError(
            "player_count",
            f"{game_name(variant)} is for {s.min_players} to {s.max_players} players, "
            f"not {players}",
            variant=variant.value,
            count=players,
            min=s.min_players,
            max=s.max_players,
        )


def deck_plan(variant: GameVariant | str, players: int) -> DeckPlan:
    """Cards to take out, cards each and the first lead for this many players (the
    variant's game says it)."""
    variant = read_variant(variant)
    check_player_count(variant, players)
    return registry.owner(variant).deck_plan(variant, players)  # type: ignore[no-any-return]


def hearts_deck_plan(variant: GameVariant, players: int) -> DeckPlan:
    """Hearts' deck for this many players: cards out so it divides, the first lead."""
    s = VARIANTS[variant]
    if variant is Variant.CANCELLATION:
        cards = 52 * s.decks
        return DeckPlan(s.decks, (), cards // players, cards % players, None)
    removed = _STANDARD_REMOVED[players]
    cards = 52 - len(removed)
    lead = THREE_OF_CLUBS if TWO_OF_CLUBS in removed else TWO_OF_CLUBS
    return DeckPlan(s.decks, removed, cards // players, 0, lead)
