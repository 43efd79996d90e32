"""A Kierki match as the score sheet sees it: each deal checked and scored, the totals,
the end (after the schedule's last deal), the winners (the highest total; equal highest
totals share the win) and the sum check (with the lottery the match sums to 0).

:func:`kierki_state` gives the same :class:`~..states.GameState` as a Hearts game
(``rules.state`` calls it for a Kierki table): each deal's signed scores, the totals, the
standing and the next deal, a :class:`NextDeal` (a ``NextHand``, no pass, with the
contract, the series, the trump namer and the number of deals).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from ..end import Standing
from ..errors import RulesError
from ..seats import apply_seat_changes
from ..states import Game, GameState, HandScore, NextHand
from ..table import PassDirection
from ..values import Rules
from ..variants import KIERKI, deck_plan
from .checks import validate_deal
from .contracts import Contract, Terms, terms
from .deal import Deal, RobberCounts
from .schedule import ScheduledDeal, match_deals, scheduled_deal, series_contracts
from .table import KierkiRules


def is_kierki(rules: Rules) -> bool:
    return rules.variant is KIERKI


def table_of(rules: Rules) -> KierkiRules:
    assert rules.kierki is not None, "not a Kierki table"
    return rules.kierki


def contract_terms(rules: Rules, players: int, contract: Contract | str) -> Terms:
    """What ``contract`` pays at this Kierki table (``rules``) for ``players``."""
    table = table_of(rules)
    return terms(contract, players, table.last_tricks, table.lottery, table.trump_trick)


def score_deal(rules: Rules, players: int, deal: Deal) -> tuple[int, ...]:
    """The points each player scores for a (valid) deal, signed. A lottery's place
    nobody is named for yet (None, as an entry has it) pays nobody: a lone second out
    is paid the second's prize, never the first's."""
    if deal.contract is Contract.LOTTERY:
        scores = [0] * players
        for seat, prize in zip(deal.out, contract_terms(rules, players, deal.contract).prizes):
            if seat is not None:
                scores[seat] += prize
        return tuple(scores)
    t = contract_terms(rules, players, deal.contract)
    if isinstance(deal.taken, RobberCounts):
        rows = [deal.taken.of(count) for count in t.counts]
    else:
        rows = [deal.taken]
    return tuple(sum(value * row[seat] for value, row in zip(t.values, rows))
                 for seat in range(players))


def slot_of(game: Game, number: int) -> ScheduledDeal:
    """Deal ``number`` (1-based) of the game's schedule."""
    return scheduled_deal(table_of(game.rules), game.seats, game.first_dealer, number)


def deals_in_match(game: Game) -> int:
    return match_deals(table_of(game.rules), game.seats)


def kierki_standing(totals: Sequence[int], over: bool) -> Standing:
    """Who leads (the highest total) and, once the match is over, who won: the highest
    total; equal highest totals share the win (no source gives a tie-break)."""
    high = max(totals)
    leaders = tuple(seat for seat, t in enumerate(totals) if t == high)
    single = leaders[0] if over and len(leaders) == 1 else None
    return Standing(over, single, leaders, False, leaders if over else ())


def validate_deals(game: Game, deals: Sequence[Any]) -> None:
    """Check ``deals`` played one after another from ``game`` (its deals so far): each
    the contract the match is at, adding up, and none after the last deal."""
    table, n = table_of(game.rules), game.seats
    st = kierki_state(game)
    names, totals = st.players, st.totals
    length = match_deals(table, n)
    for number, deal in enumerate(deals, len(game.hands) + 1):
        if number > length:
            over = kierki_standing(totals, True)
            won = " and ".join(names[seat] for seat in over.winners)
            raise RulesError("game_over", f"the match was already over after deal "
                             f"{number - 1} ({won} won)", hand=number, winner=won)
        if getattr(deal, "seat_changes", ()):
            names = apply_seat_changes(names, deal.seat_changes, number)
        slot = scheduled_deal(table, n, game.first_dealer, number)
        validate_deal(slot, deal, contract_terms(game.rules, n, slot.contract), names)
        totals = tuple(t + s for t, s in zip(totals, score_deal(game.rules, n, deal)))


@dataclass(frozen=True, kw_only=True)
class NextDeal(NextHand):
    """A Kierki deal as the sheet announces it: a :class:`~..states.NextHand` (dealer,
    leader, no pass) and the deal's contract, its series, who names trumps (the dealer,
    in a trump deal) and how many deals the whole match has."""

    contract: Contract
    series: int
    trump_namer: int | None
    deals: int


def next_deal(game: Game, number: int) -> NextDeal:
    """Deal ``number`` as the sheet announces it: dealer, leader, contract, trump namer,
    series and the match's length; no pass. Raises beyond the last deal."""
    slot = slot_of(game, number)
    return NextDeal(slot.number, slot.dealer, PassDirection.HOLD, {},
                    deck_plan(KIERKI, game.seats), None, slot.leader, 0, 0,
                    contract=slot.contract, series=slot.series,
                    trump_namer=slot.trump_namer, deals=deals_in_match(game))


def kierki_state(game: Game) -> GameState:
    """Scores per deal (signed), running totals, the standing and the next deal."""
    n = game.seats
    totals = (0,) * n
    names = tuple(game.players)
    scored, rows = [], []
    for deal in game.hands:
        if deal.seat_changes:
            names = apply_seat_changes(names, deal.seat_changes)
        rows.append(names)
        scores = score_deal(game.rules, n, deal)
        scored.append(HandScore(scores, None))
        totals = tuple(t + s for t, s in zip(totals, scores))
    over = len(game.hands) >= deals_in_match(game)
    nxt = None if over else next_deal(game, len(game.hands) + 1)
    return GameState(tuple(scored), totals, kierki_standing(totals, over), nxt, tuple(rows),
                     names)


@dataclass(frozen=True)
class SumCheck:
    """The sheet's sum check: what the totals add up to now, what the deals played give
    out in all (always the same for valid deals), and what the whole match adds up to
    (0 with the lottery; without it the negative deals are not paid back in full)."""

    total: int
    played: int
    match: int

    @property
    def zero_sum(self) -> bool:
        """Does the whole match add up to 0 (is the lottery played)?"""
        return self.match == 0


def match_sum(rules: Rules, players: int) -> int:
    """What every total of a whole match adds up to: 0 with the lottery; without it
    -1300 a series (3 players: -1275)."""
    table = table_of(rules)
    one = sum(contract_terms(rules, players, c).total for c in series_contracts(table, players))
    return table.series * one


def sum_check(game: Game) -> SumCheck:
    """The sum check of a Kierki game so far (see :class:`SumCheck`)."""
    n = game.seats
    played = sum(contract_terms(game.rules, n, deal.contract).total for deal in game.hands)
    return SumCheck(sum(kierki_state(game).totals), played, match_sum(game.rules, n))


@dataclass(frozen=True)
class Subtotal:
    """A line a paper Kierki sheet draws under a part of the match: ``kind``
    ``"negative"`` after the seven negative deals of a series (the rozgrywka), ``"series"``
    after a whole series in a match of several. ``after`` is the deal it is drawn under;
    ``part`` what the part's deals gave each player, ``totals`` the running totals there;
    ``expected`` what the part adds up to by the rules (the negative deals: −2600, with 3
    players −2550; a series: 0 with the lottery), the check the line shows."""

    kind: str
    series: int
    after: int
    part: tuple[int, ...]
    totals: tuple[int, ...]
    expected: int

    @property
    def total(self) -> int:
        """What the part adds up to, as played."""
        return sum(self.part)

    @property
    def adds_up(self) -> bool:
        return self.total == self.expected


NEGATIVE_PART, SERIES_PART = "negative", "series"


def subtotals(game: Game) -> tuple[Subtotal, ...]:
    """The subtotal lines of the deals played, in the order drawn: after each series'
    negative deals, and (in a match of 2 to 4 series) after each series."""
    table, n = table_of(game.rules), game.seats
    contracts = series_contracts(table, n)
    negative = len(table.contracts)
    scores = [score_deal(game.rules, n, deal) for deal in game.hands]
    lines: list[Subtotal] = []
    for series in range(table.series):
        start = series * len(contracts)
        parts = [(NEGATIVE_PART, contracts[:negative])]
        if table.series > 1:
            parts.append((SERIES_PART, contracts))
        for kind, played in parts:
            end = start + len(played)
            if end > len(scores):
                break
            part = tuple(sum(s[seat] for s in scores[start:end]) for seat in range(n))
            totals = tuple(sum(s[seat] for s in scores[:end]) for seat in range(n))
            expected = sum(contract_terms(game.rules, n, c).total for c in played)
            lines.append(Subtotal(kind, series + 1, end, part, totals, expected))
    return tuple(lines)
