"""Hearts, in its variants (standard, Cancellation), as one game of the table of games
(:data:`.games.GAMES`): what :class:`.games.GameType` asks, answered by the Hearts
modules of this package (:mod:`.variants` its variants and decks, :mod:`.scoring` a
hand's checks and score, the state and the next hand, :mod:`.table` the pass and the
deal, :mod:`.house` the house rules, :mod:`.moon` the moon)."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from .errors import RulesError
from .scoring import hearts_next_hand, hearts_state, validate_hearts_hands
from .states import Game, GameState, NextHand
from .values import Hand, Rules
from .variants import VARIANTS, DeckPlan, GameVariant, VariantSpec, hearts_deck_plan, hearts_name


class Hearts:
    """Hearts: hands of penalty points (:class:`.values.Hand`), the lowest total wins
    once someone reaches the target."""

    key = "hearts"
    variants: Mapping[GameVariant, VariantSpec] = VARIANTS
    hand_type = Hand

    def name(self, variant: GameVariant) -> str:
        return hearts_name(variant)

    def settle(self, rules: Rules) -> dict[str, Any]:
        """A Hearts table's target is a positive whole number."""
        target = rules.target
        if isinstance(target, bool) or not isinstance(target, int) or target < 1:
            raise RulesError(
                "target", f"the target must be a positive whole number, not {target!r}",
                value=target,
            )
        return {}

    def refuse_own_rules(self, rules: Rules) -> None:
        """Hearts has no rules of its own beside :class:`.values.Rules`' fields."""

    def check_table(self, rules: Rules, players: int) -> None:
        """Nothing beyond the house rules' seats (``check_table``) for Hearts."""

    def deck_plan(self, variant: GameVariant, players: int) -> DeckPlan:
        return hearts_deck_plan(variant, players)

    def state(self, game: Game) -> GameState:
        return hearts_state(game)

    def validate(self, game: Game, hands: Sequence[Any]) -> None:
        validate_hearts_hands(game, hands)

    def hand_info(self, game: Game, number: int) -> NextHand:
        return hearts_next_hand(game, number)


HEARTS = Hearts()
