"""Does a Kierki deal add up? The one place that says so (:func:`validate_deal` raises
:class:`RulesError`; ``rules.check_hand`` turns it into a verdict).

A deal must be the contract the match is at; its counts one whole number per player,
adding up to the deal's units; the robber's six counts each adding up, a player who took
no trick took no card, the K♥'s taker counted it among their hearts and their kings, no
one took more of the last tricks than tricks, and no one more counted cards than their
tricks hold; the lottery names two different players out; only a trump deal names
trumps.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..errors import RulesError
from .contracts import Contract, Count, Terms
from .deal import Deal, RobberCounts
from .schedule import ScheduledDeal

WORDS = {Count.TRICKS: "tricks", Count.HEARTS: "hearts", Count.QUEENS: "queens",
         Count.KINGS_JACKS: "kings and jacks", Count.KING_OF_HEARTS: "K♥",
         Count.LAST_TRICKS: "last tricks"}


def contract_error(slot: ScheduledDeal, got: Any) -> RulesError:
    """The deal names another contract than the one the match is at (a typo)."""
    shown = got.value if isinstance(got, Contract) else got
    return RulesError("contract_order", f"the match is at {slot.contract.value} (deal "
                      f"{slot.index} of series {slot.series}), not {shown}", hand=slot.number,
                      expected=slot.contract.value, got=shown)


def validate_deal(slot: ScheduledDeal, deal: Any, terms: Terms,
                  names: Sequence[str]) -> None:
    """Check ``deal`` as the deal ``slot`` of the match, played by ``names`` (the seats'
    names after the deal's own changes), under the contract's ``terms``."""
    number = slot.number
    if not isinstance(deal, Deal):
        raise RulesError("hand_kind", "a Kierki game's hands are deals (a contract and what "
                         "each player took), not Hearts points", hand=number)
    if deal.contract is not slot.contract:
        raise contract_error(slot, deal.contract)
    contract = deal.contract.value
    if deal.trump is not None and deal.contract is not Contract.TRUMPS:
        raise RulesError("trump_stray", f"only a trump deal names trumps, not {contract}",
                         hand=number, contract=contract)
    if deal.contract is Contract.LOTTERY:
        if deal.taken:
            raise RulesError("taken_stray", "the lottery counts no cards: it names the first "
                             "and the second player out", hand=number, contract=contract)
        check_out(deal.out, number, names)
        return
    if deal.out:
        raise RulesError("out_stray", f"only the lottery names players out, not {contract}",
                         hand=number, contract=contract)
    if deal.contract is Contract.ROBBER:
        check_robber(deal.taken, terms, number, names)
        return
    if isinstance(deal.taken, RobberCounts):
        raise RulesError("taken_type", f"{contract} counts one thing per player, not the "
                         "robber's six", hand=number, contract=contract)
    check_counts(deal.taken, terms.counts[0], terms.units[0], number, names)


def check_counts(values: Any, count: Count, units: int, number: int,
                 names: Sequence[str]) -> None:
    """One whole number per player from 0 to ``units``, adding up to ``units``."""
    what = WORDS[count]
    if not isinstance(values, tuple):
        raise RulesError("taken_type", f"the {what} taken must be a list of numbers, one per "
                         "player", hand=number, counted=count.value)
    if len(values) != len(names):
        raise RulesError("taken_count", f"expected {len(names)} counts of {what} (one per "
                         f"player), got {len(values)}", hand=number, counted=count.value,
                         expected=len(names), got=len(values))
    for name, value in zip(names, values):
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesError("taken_type", f"{name}'s {what} must be a whole number, not "
                             f"{value!r}", hand=number, player=name, counted=count.value,
                             value=value)
        if not 0 <= value <= units:
            raise RulesError("taken_range", f"{name}'s {what} must be from 0 to {units}, not "
                             f"{value}", hand=number, player=name, counted=count.value,
                             value=value, max=units)
    total = sum(values)
    if total != units:
        raise RulesError("taken_total", f"the {what} taken add up to {total}, but a deal has "
                         f"{units}", hand=number, counted=count.value, total=total,
                         expected=units)


def least_cards(hearts: int, queens: int, kings_jacks: int) -> int:
    """The fewest cards that hold these counts: the Q♥ is a heart and a queen, the K♥
    and J♥ hearts and kings or jacks, so a heart may be counted twice, no more."""
    shared = min(hearts, min(1, queens) + min(2, kings_jacks))
    return hearts + queens + kings_jacks - shared


def check_robber(taken: Any, terms: Terms, number: int, names: Sequence[str]) -> None:
    """Each of the six counts adds up, and each player's counts are a possible deal."""
    if not isinstance(taken, RobberCounts):
        raise RulesError("robber_taken", "the robber needs six counts per player: "
                         + ", ".join(c.value for c in Count), hand=number)
    for count, units in zip(terms.counts, terms.units):
        check_counts(taken.of(count), count, units, number, names)
    per_trick = len(names)
    for seat, name in enumerate(names):
        tricks = taken.tricks[seat]
        if tricks == 0:
            for count, values in taken.items():
                if values[seat]:
                    raise RulesError("robber_no_trick", f"{name} took no trick, so no card "
                                     f"either, not {values[seat]} {WORDS[count]}",
                                     hand=number, player=name, counted=count.value)
        if taken.king_of_hearts[seat] and not (taken.hearts[seat] and taken.kings_jacks[seat]):
            raise RulesError("robber_king_of_hearts", f"{name} took the K♥, so it counts among "
                             f"{name}'s hearts and kings too (hearts {taken.hearts[seat]}, "
                             f"kings and jacks {taken.kings_jacks[seat]})", hand=number,
                             player=name)
        if taken.last_tricks[seat] > tricks:
            raise RulesError("robber_last_tricks", f"{name} took {taken.last_tricks[seat]} of "
                             f"the last tricks but only {_tricks(tricks)}", hand=number,
                             player=name, value=taken.last_tricks[seat], tricks=tricks)
        least = least_cards(taken.hearts[seat], taken.queens[seat], taken.kings_jacks[seat])
        if least > per_trick * tricks:
            raise RulesError("robber_cards", f"{name} took {_tricks(tricks)} ({per_trick * tricks}"
                             f" cards) but at least {least} counted cards", hand=number,
                             player=name, cards=least, tricks=tricks)


def _tricks(n: int) -> str:
    return f"{n} trick" if n == 1 else f"{n} tricks"


def check_out(out: Any, number: int, names: Sequence[str]) -> None:
    """The first and the second player out: two different players."""
    if not isinstance(out, tuple) or len(out) != 2:
        raise RulesError("out_count", "the lottery names two players: the first and the "
                         "second out", hand=number)
    for seat in out:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(names):
            raise RulesError("out_player", f"no player {seat!r} went out: the lottery names "
                             "two of the players", hand=number, value=seat)
    if out[0] == out[1]:
        name = names[out[0]]
        raise RulesError("out_same", f"{name} cannot be both the first and the second out",
                         hand=number, player=name)
