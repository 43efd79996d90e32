"""Does a Kierki deal add up? The one place that says so (:func:`validate_deal` raises
:class:`RulesError`; ``rules.check_hand`` turns it into a verdict).

A deal must be the contract the match is at; its counts one whole number per player,
adding up to the deal's units; the robber's six counts each adding up, a player who took
no trick took no card, the K♥'s taker counted it among their hearts and their kings, no
one took more of the last tricks than tricks, each player's counts are ones real cards
give and fit in their tricks (the Q♥, K♥ and J♥ each count as a heart and as a queen,
king or jack; the K♥ only for its taker), and the Q♥ and the J♥ are each in one
player's tricks; the lottery names two different players out; only a trump deal names
trumps.
"""

from __future__ import annotations

from dataclasses import dataclass
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


# cards that count once: the hearts but the Q♥, K♥ and J♥ (10), the other queens (3), the
# other kings and jacks (6); the Q♥, K♥ and J♥ each count twice (a heart and a court card)
PLAIN = {Count.HEARTS: 10, Count.QUEENS: 3, Count.KINGS_JACKS: 6}


@dataclass(frozen=True)
class Holding:
    """One way real cards give a player's robber counts: whether they hold the Q♥ and the
    J♥ (the K♥ is theirs when they took it), and how many counted cards that is."""

    queen: bool
    jack: bool
    cards: int


def _holding(hearts: int, queens: int, kings_jacks: int, king: int, queen: bool,
             jack: bool, limits: bool = True) -> Holding | None:
    """The holding with (or without) the Q♥ and the J♥, if these counts allow it."""
    plain = (hearts - queen - jack - king, queens - queen, kings_jacks - jack - king)
    tops = (PLAIN[Count.HEARTS], PLAIN[Count.QUEENS], PLAIN[Count.KINGS_JACKS])
    if any(n < 0 or (limits and n > top) for n, top in zip(plain, tops)):
        return None
    return Holding(queen, jack, sum(plain) + queen + jack + king)


def holdings(hearts: int, queens: int, kings_jacks: int, king_of_hearts: int
             ) -> tuple[Holding, ...]:
    """Every way real cards hold these counts (none: no cards do; 4 queens and no heart,
    say, for the Q♥ is a heart). ``king_of_hearts`` 1: the player took the K♥, which is
    a heart and a king; 0: someone else did, so only the Q♥ and the J♥ can count twice."""
    found = (_holding(hearts, queens, kings_jacks, king_of_hearts, q, j)
             for q in (False, True) for j in (False, True))
    return tuple(h for h in found if h is not None)


def least_cards(hearts: int, queens: int, kings_jacks: int,
                king_of_hearts: int | None = None) -> int:
    """The fewest cards that hold these counts, each of the Q♥, K♥ and J♥ counted twice
    where the counts let it (``king_of_hearts`` 0: the K♥ is someone else's, 1: the
    player's, None: either). Whether real cards can give the counts at all is
    :func:`holdings`'."""
    kings = (0, 1) if king_of_hearts is None else (king_of_hearts,)
    found = [_holding(hearts, queens, kings_jacks, k, q, j, limits=False)
             for k in kings for q in (False, True) for j in (False, True)]
    return min(h.cards for h in found if h is not None)


def check_robber(taken: Any, terms: Terms, number: int, names: Sequence[str]) -> None:
    """Each of the six counts adds up, and each player's counts are a possible deal."""
    if not isinstance(taken, RobberCounts):
        raise RulesError("robber_taken", "the robber needs six counts per player: "
                         + ", ".join(c.value for c in Count), hand=number)
    for count, units in zip(terms.counts, terms.units):
        check_counts(taken.of(count), count, units, number, names)
    fits = [_check_player(taken, seat, name, number, len(names))
            for seat, name in enumerate(names)]
    _check_shared(fits, number)


def _check_player(taken: RobberCounts, seat: int, name: str, number: int,
                  per_trick: int) -> tuple[Holding, ...]:
    """One player's counts: no trick, no card; the K♥ among their hearts and kings; no
    more last tricks than tricks; real cards that fit in their tricks. Returns the
    holdings that fit."""
    tricks = taken.tricks[seat]
    if tricks == 0:
        for count, values in taken.items():
            if values[seat]:
                raise RulesError("robber_no_trick", f"{name} took no trick, so no card "
                                 f"either, not {values[seat]} {WORDS[count]}",
                                 hand=number, player=name, counted=count.value)
    king = taken.king_of_hearts[seat]
    hearts, queens, kings = taken.hearts[seat], taken.queens[seat], taken.kings_jacks[seat]
    if king and not (hearts and kings):
        raise RulesError("robber_king_of_hearts", f"{name} took the K♥, so it counts among "
                         f"{name}'s hearts and kings too (hearts {hearts}, "
                         f"kings and jacks {kings})", hand=number, player=name)
    if taken.last_tricks[seat] > tricks:
        raise RulesError("robber_last_tricks", f"{name} took {taken.last_tricks[seat]} of "
                         f"the last tricks but only {_tricks(tricks)}", hand=number,
                         player=name, value=taken.last_tricks[seat], tricks=tricks)
    room = per_trick * tricks
    least = least_cards(hearts, queens, kings, king)
    real = holdings(hearts, queens, kings, king)
    if real:
        least = min(h.cards for h in real)
    if least > room:
        raise RulesError("robber_cards", f"{name} took {_tricks(tricks)} ({room} cards) but "
                         f"at least {least} counted cards", hand=number, player=name,
                         cards=least, tricks=tricks)
    if not real:
        held = "with" if king else "without"
        raise RulesError("robber_counts", f"no cards give {name} {hearts} hearts, {queens} "
                         f"queens and {kings} kings and jacks {held} the K♥ (the Q♥, K♥ "
                         "and J♥ are hearts too)", hand=number, player=name)
    return tuple(h for h in real if h.cards <= room)


def _check_shared(fits: Sequence[tuple[Holding, ...]], number: int) -> None:
    """The Q♥ and the J♥ are each in one player's tricks: some one player holds each, in
    a way every player's counts fit."""
    seats = range(len(fits))
    for queen in seats:
        for jack in seats:
            if all(any(h.queen == (seat == queen) and h.jack == (seat == jack) for h in fit)
                   for seat, fit in enumerate(fits)):
                return
    raise RulesError("robber_deal", "no deal of real cards gives these counts: the Q♥ and "
                     "the J♥ are each in one player's tricks, a heart there and a queen or "
                     "a jack", hand=number)


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
