"""The end of the game: who has reached the target, who leads, who won (one winner, or
every tied player with a shared win), and the places of the final standings."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .values import Rules

__all__ = ["Standing", "at_target", "places", "points_to_target", "rules_standing",
           "standing", "standings_order"]


@dataclass(frozen=True)
class Standing:
    """The end-of-game verdict for a set of totals."""

    game_over: bool
    winner: int | None  # seat of the single lowest total once the game is over
    leaders: tuple[int, ...]  # seats sharing the lowest total right now
    target_reached: bool  # someone is at or past the target
    winners: tuple[int, ...] = ()  # every winner once over (several on a shared win)

    @property
    def shared(self) -> bool:
        """The game ended on a tie for the lowest total (``"tie": "share"``)."""
        return len(self.winners) > 1

    @property
    def tie_for_lowest(self) -> bool:
        """The target is reached but the lowest total is shared: play another hand."""
        return self.target_reached and not self.game_over


def standing(totals: Sequence[int], target: int, share: bool = False) -> Standing:
    """Over once someone reached the target and exactly one player has the lowest total;
    with ``share`` (``"tie": "share"``) also when several do, every one of them a winner."""
    low = min(totals)
    leaders = tuple(seat for seat, t in enumerate(totals) if t == low)
    reached = max(totals) >= target
    over = reached and (len(leaders) == 1 or share)
    single = leaders[0] if over and len(leaders) == 1 else None
    return Standing(over, single, leaders, reached, leaders if over else ())


def rules_standing(rules: Rules, totals: Sequence[int]) -> Standing:
    """:func:`standing` at a table with these rules (its target, its tie rule)."""
    return standing(totals, rules.target, rules.shares_ties)


def points_to_target(totals: Sequence[int], target: int) -> int:
    """How far the highest total is from the target (0 or less once it is reached)."""
    return target - max(totals)


def at_target(totals: Sequence[int], target: int) -> tuple[int, ...]:
    """The seats whose total is at or past the target (the game ends once one is, as
    soon as a single player has the lowest total)."""
    return tuple(seat for seat, t in enumerate(totals) if t >= target)


def standings_order(totals: Sequence[int], highest_first: bool = False) -> tuple[int, ...]:
    """The seats in final-standings order: lowest total first (``highest_first``, as
    in Kierki: highest first), equal totals by seat."""
    sign = -1 if highest_first else 1
    return tuple(sorted(range(len(totals)), key=lambda seat: (sign * totals[seat], seat)))


def places(totals: Sequence[int], highest_first: bool = False) -> tuple[int, ...]:
    """Each seat's place in the standings, lowest total first (``highest_first``, as in
    Kierki: highest first); equal totals share a place (1, 2, 2, 4)."""
    if highest_first:
        return tuple(1 + sum(1 for other in totals if other > t) for t in totals)
    return tuple(1 + sum(1 for other in totals if other < t) for t in totals)
