"""Who deals, which way the cards pass and who passes to whom.

Seats are numbered 0..n-1 in clockwise order, so a seat's left neighbour is the next
seat and its right neighbour the previous one. Hands are numbered from 1.
"""

from __future__ import annotations

from enum import StrEnum

from .variants import Variant, check_player_count, spec


class PassDirection(StrEnum):
    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"
    HOLD = "hold"


def pass_cycle(variant: Variant | str, players: int) -> tuple[PassDirection, ...]:
    """The repeating pass cycle: four players left/right/across/hold, others left/right."""
    variant = Variant(variant)
    check_player_count(variant, players)
    s = spec(variant)
    cycle = s.pass_cycle_four if players == 4 else s.pass_cycle
    return tuple(PassDirection(d) for d in cycle)


def pass_direction(variant: Variant | str, players: int, hand_number: int) -> PassDirection:
    """Which way the cards go on hand ``hand_number`` (1-based)."""
    if hand_number < 1:
        raise ValueError(f"hand numbers start at 1, not {hand_number}")
    cycle = pass_cycle(variant, players)
    return cycle[(hand_number - 1) % len(cycle)]


_STEP = {PassDirection.LEFT: 1, PassDirection.RIGHT: -1, PassDirection.ACROSS: 2}


def pass_target(players: int, seat: int, direction: PassDirection) -> int | None:
    """The seat that ``seat`` passes to, or None on a hold hand."""
    if direction is PassDirection.HOLD:
        return None
    if direction is PassDirection.ACROSS and players != 4:
        raise ValueError("passing across needs exactly four players")
    return (seat + _STEP[direction]) % players


def passes(players: int, direction: PassDirection) -> dict[int, int]:
    """Giver seat -> receiver seat for every player; empty on a hold hand."""
    if direction is PassDirection.HOLD:
        return {}
    return {seat: pass_target(players, seat, direction) for seat in range(players)}  # type: ignore[misc]


def dealer_for(players: int, first_dealer: int, hand_number: int) -> int:
    """The dealer of hand ``hand_number``: the deal moves one seat clockwise each hand."""
    if hand_number < 1:
        raise ValueError(f"hand numbers start at 1, not {hand_number}")
    return (first_dealer + hand_number - 1) % players


def left_of(players: int, seat: int) -> int:
    return (seat + 1) % players
