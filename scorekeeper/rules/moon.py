"""What a moon would score before it is saved: each choice's totals and end of game,
and the choice the table's rule makes ("unless it loses" decides by the outcome)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from .errors import RulesError
from .scoring import (
    Game, Standing, moon_hand, moon_shooter, rules_standing, score_hand, state, validate_hand)
from .values import Hand, MoonChoice, MoonRule


@dataclass(frozen=True)
class MoonOutcome:
    choice: MoonChoice
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    standing: Standing


@dataclass(frozen=True)
class MoonPreview:
    shooter: int
    options: Mapping[MoonChoice, MoonOutcome]
    applied: MoonChoice | None = None  # what the table's fixed rule picks (None: the shooter)

    @property
    def same_result(self) -> bool:
        """Both choices end (or continue) the game the same way with the same winner."""
        a, b = (self.options[c].standing for c in MoonChoice)
        return ((a.game_over, a.winners, a.leaders) == (b.game_over, b.winners, b.leaders))


def moon_preview(game: Game, points: Sequence[int], jack: int | None = None) -> MoonPreview:
    """What each moon choice would do to the totals and the end of the game, with the
    house rules (``jack``: the seat that took the J♦, with Omnibus), and the choice the
    table's rule makes (``applied``; None under shooter's choice).

    ``points`` is the hand as entered (one player with every penalty point)."""
    hand = Hand(tuple(points), None, jack)
    shooter = moon_shooter(game.rules, hand.points)
    if shooter is None:
        raise RulesError("not_a_moon", "nobody took every penalty point in this hand")
    before = state(game)
    if before.game_over:
        validate_hand(game, hand)  # raises the game-over error
    options = {}
    for choice in MoonChoice:
        hs = moon_hand(game.rules, hand, before.totals, shooter, choice)
        totals = tuple(t + s for t, s in zip(before.totals, hs.scores))
        options[choice] = MoonOutcome(choice, hs.scores, totals,
                                      rules_standing(game.rules, totals))
    applied = None
    if game.rules.moon is not MoonRule.SHOOTER_CHOICE:
        applied = score_hand(game.rules, hand, before.totals).moon.choice  # type: ignore[union-attr]
    return MoonPreview(shooter, options, applied)
