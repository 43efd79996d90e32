"""The schedule of a Kierki match: for each deal its number, series, contract, dealer,
the player who leads and (in a trump deal) who names trumps.

A series is the seven negative contracts in the table's order (the rozgrywka), then one
trump deal per player and the lottery (the odgrywka): once at the end, once per player
(each dealer deals one, after the trump deals), or not at all. With 4 players, 1 series
and the lottery once, a match has 12 deals. The deal passes to the left every deal and
the player on the dealer's left leads; the dealer names trumps. A series starts with the
player after the one who started the previous series, so that in 4 series every player
deals every contract.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import RulesError
from .contracts import Contract, Lottery, tricks_in_deal
from .table import KierkiRules


@dataclass(frozen=True)
class ScheduledDeal:
    """One deal of the match (seats 0-based, numbers 1-based)."""

    number: int  # in the match
    series: int
    index: int  # in its series
    contract: Contract
    dealer: int
    leader: int  # the player on the dealer's left leads
    trump_namer: int | None  # the dealer in a trump deal; None otherwise


def series_contracts(table: KierkiRules, players: int) -> tuple[Contract, ...]:
    """The contracts of one series, in order."""
    tricks_in_deal(players)  # checks the count
    lotteries = {Lottery.ONCE: 1, Lottery.EACH_DEALER: players, Lottery.NONE: 0}
    return (tuple(table.contracts) + (Contract.TRUMPS,) * players
            + (Contract.LOTTERY,) * lotteries[table.lottery])


def match_deals(table: KierkiRules, players: int) -> int:
    """How many deals the whole match has."""
    return table.series * len(series_contracts(table, players))


def scheduled_deal(table: KierkiRules, players: int, first_dealer: int,
                   number: int) -> ScheduledDeal:
    """Deal ``number`` (1-based) of the match; raises :class:`RulesError`
    (``no_such_hand``) beyond the last deal."""
    contracts = series_contracts(table, players)
    total = table.series * len(contracts)
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= total:
        raise RulesError("no_such_hand", f"the match has deals 1 to {total}, not {number!r}",
                         hand=number if isinstance(number, int) else None, deals=total)
    series, index = divmod(number - 1, len(contracts))
    contract = contracts[index]
    dealer = (first_dealer + series + index) % players
    return ScheduledDeal(number, series + 1, index + 1, contract, dealer,
                         (dealer + 1) % players,
                         dealer if contract is Contract.TRUMPS else None)


def schedule(table: KierkiRules, players: int, first_dealer: int = 0,
             ) -> tuple[ScheduledDeal, ...]:
    """Every deal of the match, in order."""
    return tuple(scheduled_deal(table, players, first_dealer, n)
                 for n in range(1, match_deals(table, players) + 1))
