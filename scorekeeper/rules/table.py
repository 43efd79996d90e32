"""Who deals, which way the cards pass and who passes to whom.

Seats are numbered 0..n-1 in clockwise order, so a seat's left neighbour is the next
seat and its right neighbour the previous one. Hands are numbered from 1.

A pass is written as a token, the way a table's own pass cycle is given in a game file
(rules ``passes``): ``hold``; ``left`` / ``right`` (one seat); ``leftN`` / ``rightN``
(N seats round, 2 <= N < players); ``across`` (even player counts: half way round).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Sequence

from .errors import RulesError
from .variants import GameVariant, check_player_count, read_variant, spec


class PassDirection(StrEnum):
    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"
    HOLD = "hold"


@dataclass(frozen=True)
class Pass:
    """One hand's pass: the way round and how many seats (0 on a hold hand)."""

    direction: PassDirection
    seats: int

    @property
    def token(self) -> str:
        """``left``, ``right2``, ``across``, ``hold``: the game file's word for it."""
        far = self.direction in (PassDirection.LEFT, PassDirection.RIGHT) and self.seats > 1
        return f"{self.direction.value}{self.seats}" if far else self.direction.value


_TOKEN = re.compile(r"(left|right)([1-9][0-9]?)?|across|hold")


def _refused(token: object, players: int | None) -> RulesError:
    return RulesError(
        "pass_token",
        f"{token!r} is not a pass: use hold, left, right, left2..., right2... or across",
        value=token, **({} if players is None else {"count": players}))


def read_pass(token: object, players: int | None = None) -> Pass:
    """The pass a token names; with ``players``, also checked against the table: N must
    be from 2 to players - 1, and ``across`` needs an even count."""
    match = _TOKEN.fullmatch(token) if isinstance(token, str) else None
    if match is None or match.group(2) == "1":
        raise _refused(token, players)
    if token == "hold":
        return Pass(PassDirection.HOLD, 0)
    if token == "across":
        if players is not None and players % 2:
            raise RulesError("pass_across_odd", f"passing across needs an even number of "
                             f"players, not {players}", value=token, count=players)
        return Pass(PassDirection.ACROSS, 0 if players is None else players // 2)
    seats = int(match.group(2) or 1)
    if players is not None and seats >= players:
        raise RulesError("pass_too_far", f"{token!r} passes {seats} seats round, but "
                         f"{players} players can pass at most {players - 1}",
                         value=token, count=players, max=players - 1)
    return Pass(PassDirection(match.group(1)), seats)


def read_cycle(tokens: object, players: int | None = None) -> tuple[str, ...]:
    """A table's own pass cycle as tokens, each one checked (see :func:`read_pass`)."""
    if isinstance(tokens, str) or not isinstance(tokens, (list, tuple)):
        raise RulesError("passes_type", "rules.passes must be a list of passes, "
                         "e.g. [\"left\", \"right\", \"hold\"]", value=tokens)
    if not tokens:
        raise RulesError("passes_empty", "rules.passes must hold at least one pass "
                         "(\"hold\" for a table that never passes)")
    for token in tokens:
        read_pass(token, players)
    return tuple(tokens)


def pass_cycle(variant: GameVariant | str, players: int,
               custom: Sequence[str] | None = None) -> tuple[Pass, ...]:
    """The repeating pass cycle: the table's own (``custom`` tokens) if it has one, else
    the variant's (four players left/right/across/hold, others left/right)."""
    variant = read_variant(variant)
    check_player_count(variant, players)
    s = spec(variant)
    tokens = custom or (s.pass_cycle_four if players == 4 else s.pass_cycle)
    return tuple(read_pass(token, players) for token in tokens)


def cycle_choices(variant: GameVariant | str, players: int) -> tuple[tuple[str, ...], ...]:
    """Pass cycles tables commonly play, for a new-game form to offer: the variant's own,
    the same with a hold, left/right/hold, and every distance both ways then a hold
    (left, right, left2, right2, ..., across where the count is even); each once."""
    variant = read_variant(variant)
    check_player_count(variant, players)
    s = spec(variant)
    own = tuple(s.pass_cycle_four if players == 4 else s.pass_cycle)
    far = ["left", "right"]
    for seats in range(2, (players + 1) // 2):
        far += [f"left{seats}", f"right{seats}"]
    if players % 2 == 0 and players > 2:
        far.append("across")
    found: list[tuple[str, ...]] = []
    for cycle in (own, own if "hold" in own else own + ("hold",), ("left", "right", "hold"),
                  tuple(far) + ("hold",)):
        if cycle not in found:
            found.append(cycle)
    return tuple(found)


def pass_for(variant: GameVariant | str, players: int, hand_number: int,
             custom: Sequence[str] | None = None) -> Pass:
    """The pass of hand ``hand_number`` (1-based), in the table's cycle."""
    if hand_number < 1:
        raise ValueError(f"hand numbers start at 1, not {hand_number}")
    cycle = pass_cycle(variant, players, custom)
    return cycle[(hand_number - 1) % len(cycle)]


def pass_direction(variant: GameVariant | str, players: int, hand_number: int,
                   custom: Sequence[str] | None = None) -> PassDirection:
    """Which way the cards go on hand ``hand_number`` (1-based)."""
    return pass_for(variant, players, hand_number, custom).direction


_WAY = {PassDirection.LEFT: 1, PassDirection.RIGHT: -1, PassDirection.ACROSS: 1}


def _seats(players: int, direction: PassDirection, seats: int | None) -> int:
    if seats is not None:
        return seats
    if direction is PassDirection.ACROSS:
        if players % 2:
            raise ValueError("passing across needs an even number of players")
        return players // 2
    return 1


def pass_target(players: int, seat: int, direction: PassDirection,
                seats: int | None = None) -> int | None:
    """The seat that ``seat`` passes to (``seats`` round; default one, or half way
    across), or None on a hold hand."""
    if direction is PassDirection.HOLD:
        return None
    return (seat + _WAY[direction] * _seats(players, direction, seats)) % players


def passes(players: int, direction: PassDirection | Pass,
           seats: int | None = None) -> dict[int, int]:
    """Giver seat -> receiver seat for every player; empty on a hold hand."""
    if isinstance(direction, Pass):
        direction, seats = direction.direction, direction.seats
    if direction is PassDirection.HOLD:
        return {}
    return {seat: pass_target(players, seat, direction, seats)  # type: ignore[misc]
            for seat in range(players)}


def dealer_for(players: int, first_dealer: int, hand_number: int) -> int:
    """The dealer of hand ``hand_number``: the deal moves one seat clockwise each hand."""
    if hand_number < 1:
        raise ValueError(f"hand numbers start at 1, not {hand_number}")
    return (first_dealer + hand_number - 1) % players


def left_of(players: int, seat: int) -> int:
    return (seat + 1) % players
