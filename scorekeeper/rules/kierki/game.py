"""Kierki as one game of the table of games (:data:`..games.GAMES`): what
:class:`..games.GameType` asks, answered by this package (:mod:`.table` the table's own
rules, :mod:`.schedule` the next deal, :mod:`.deal` and :mod:`.checks` a deal and its
checks, :mod:`.match` the scores, the totals, the end and the winners)."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..errors import RulesError
from ..states import Game, GameState, NextHand
from ..values import MoonRule, Rules
from ..variants import KIERKI, TWO_OF_CLUBS, DeckPlan, GameVariant, VariantSpec, check_player_count
from .deal import Deal
from .match import kierki_state, next_deal, validate_deals
from .table import KierkiRules

# Kierki: no penalty points, no moon, no target and no pass (its contracts, values and
# schedule are this package); the highest total wins at the end of the schedule
SPEC = VariantSpec(
    variant=KIERKI,
    min_players=3,
    max_players=4,
    decks=1,
    hand_points=0,
    exact_total=True,
    moon_score=0,
    hearts=13,
    queens=1,
    default_target=0,
    pass_cycle_four=("hold",),
    pass_cycle=("hold",),
    highest_wins=True,
)

class Kierki:
    """Kierki: deals of a schedule of contracts (:class:`.deal.Deal`), the highest total
    wins after the last deal."""

    key = "kierki"
    variants: Mapping[GameVariant, VariantSpec] = {KIERKI: SPEC}
    hand_type = Deal

    def name(self, variant: GameVariant) -> str:
        return "Kierki"

    def settle(self, rules: Rules) -> dict[str, Any]:
        """A Kierki table: its own rules (the usual ones by default), no Hearts rule and
        no target."""
        table = rules.kierki
        if table is None:
            table = KierkiRules()
        elif not isinstance(table, KierkiRules):
            raise RulesError("kierki_rules", "the Kierki rules must be a KierkiRules value")
        if rules.moon is not MoonRule.ADD_TO_OTHERS or rules.queen_breaks_hearts:
            key = "moon" if rules.moon is not MoonRule.ADD_TO_OTHERS else "queen_breaks_hearts"
            raise RulesError("kierki_rules", f"rules.{key} is a Hearts rule: Kierki has none",
                             key=key)
        return {"kierki": table, "target": SPEC.default_target}

    def refuse_own_rules(self, rules: Rules) -> None:
        """Kierki's own rules belong to a Kierki table only."""
        if rules.kierki is not None:
            raise RulesError("kierki_rules", "the Kierki rules are for a Kierki table, not "
                             f"{rules.variant.value} Hearts", variant=rules.variant.value)

    def check_table(self, rules: Rules, players: int) -> None:
        """Kierki is for 3 or 4 players."""
        check_player_count(KIERKI, players)

    def deck_plan(self, variant: GameVariant, players: int) -> DeckPlan:
        """Three players: the 2♣ out, 17 cards each; the dealer's left leads."""
        removed = (TWO_OF_CLUBS,) if players == 3 else ()
        return DeckPlan(SPEC.decks, removed, (52 - len(removed)) // players, 0, None)

    def state(self, game: Game) -> GameState:
        return kierki_state(game)

    def validate(self, game: Game, hands: Sequence[Any]) -> None:
        validate_deals(game, hands)

    def hand_info(self, game: Game, number: int) -> NextHand:
        return next_deal(game, number)


KIERKI_GAME = Kierki()
