"""The table of games: every game the score sheet keeps, each behind one interface.

A game (:class:`GameType`) is one object, made of its own package or modules, that says
how a table of it is set up (its variants and their specs, the checks and defaults of
its :class:`.values.Rules`, its deck), the schedule (the next hand or deal: who deals
and leads), what a hand of it holds and the checks it passes, and how it scores (the
state of a game: each hand's scores, the totals, the end and the winners). The rest of
the rules ask the game of a table (:func:`game_of`) and never which game it is; how a
game is written down is :mod:`scorekeeper.formats.games`, how it is entered and drawn
``scorekeeper.app.games``, each a table keyed like this one.

Hearts (:mod:`.hearts_game`) and Kierki (:mod:`.kierki.game`) are the games; a third
game is one package and one more entry in :data:`GAMES` (the tests register a small
one: ``tests/third_game.py``).
"""

from __future__ import annotations

from typing import Any, Mapping, Protocol, Sequence

from . import registry
from .hearts_game import HEARTS
from .kierki.game import KIERKI_GAME
from .states import Game, GameState, NextHand
from .values import Rules
from .variants import DeckPlan, GameVariant, VariantSpec


class GameType(Protocol):
    """What every game of :data:`GAMES` answers (the verdicts return, the actions
    raise :class:`.errors.RulesError`)."""

    key: str  # the table's key: "hearts", "kierki"
    variants: Mapping[GameVariant, VariantSpec]  # its variants (enum values) and specs
    hand_type: type  # what Game.hands holds for it: Hand, Deal

    def name(self, variant: GameVariant) -> str:
        """The game as a sentence names it: "standard Hearts", "Kierki"."""

    def settle(self, rules: Rules) -> dict[str, Any]:
        """Check a table's rules of this game; the fields it sets (defaults)."""

    def refuse_own_rules(self, rules: Rules) -> None:
        """Raise if ``rules``, another game's table, carries this game's own rules."""

    def check_table(self, rules: Rules, players: int) -> None:
        """Raise unless ``players`` can sit at this table (beyond the house rules)."""

    def deck_plan(self, variant: GameVariant, players: int) -> DeckPlan:
        """The cards out, cards each and the first lead for this many players."""

    def state(self, game: Game) -> GameState:
        """Each hand's scores, the totals, the standing (end, winners), the next hand."""

    def validate(self, game: Game, hands: Sequence[Any]) -> None:
        """Raise unless ``hands`` can be played one after another from ``game``."""

    def hand_info(self, game: Game, number: int) -> NextHand:
        """Hand ``number`` (1-based) as the sheet announces it: dealer, leader..."""


# The table of games: a new game is its package and one line here.
GAMES: dict[str, GameType] = {
    "hearts": HEARTS,
    "kierki": KIERKI_GAME,
}
registry.install(GAMES)


def game_of(rules: Rules) -> GameType:
    """The game a table's rules are of."""
    return registry.owner(rules.variant)  # type: ignore[no-any-return]


def game_named(key: str) -> GameType:
    """The game the table files under ``key`` ("hearts", "kierki"); KeyError if none."""
    return GAMES[key]


def variant_game(variant: object) -> GameType | None:
    """The game whose variants hold ``variant`` (a value or its text), or None."""
    if not isinstance(variant, str):
        return None
    for game in GAMES.values():
        if variant in game.variants:
            return game
    return None
