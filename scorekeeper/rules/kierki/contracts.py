"""Kierki's contracts as data: what each one scores, its value per unit for 4 and 3
players, and how many units a deal holds, so that every deal adds up to its total.

A negative contract counts one thing each player took (:class:`Count`): tricks, hearts,
queens, kings and jacks, the K♥, or the last tricks; the robber counts all six at once
(the K♥ is also a heart and a king); a trump deal counts tricks, +25 each; the lottery
(Fan-Tan) pays the first and the second player out. With 3 players the 2♣ is out, so a
deal has 17 tricks of 3 cards.

=====================  ===============  =========  =========  ===================
contract               what scores      4 players  3 players  units in a deal
=====================  ===============  =========  =========  ===================
no_tricks              each trick       −20        −15        13 (3 players: 17)
no_hearts              each heart       −20        −20        13
no_queens              each queen       −60        −60        4
no_kings_jacks         each K and J     −30        −30        8
no_king_of_hearts      the K♥           −150       −140       1
no_last_tricks         7th and last     −75 each   −70 each   2 (the last alone: 1,
                                                              −150, 3 players −140)
robber                 all six          −1300      −1275      each of the six
trumps                 each trick       +25        +25        13 (17)
lottery                first, second    800, 500   790, 485   (once per dealer:
                       out                                    200, 125; 250, 175)
=====================  ===============  =========  =========  ===================

A table may play the trump deal at +20 a trick (``rules.trump_trick``, the value a Polish
rules text gives for three players); the lottery then pays a fifth more (3 players: 948
and 582, once per dealer 300 and 210; 4 players: 960 and 600, 240 and 150), so that the
odgrywka still wins back what the rozgrywka gave out and the match adds up to 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..errors import RulesError


class Contract(StrEnum):
    """What a deal is played for (the game file's ``contract``)."""

    NO_TRICKS = "no_tricks"  # bez lew
    NO_HEARTS = "no_hearts"  # bez kierów
    NO_QUEENS = "no_queens"  # bez dam
    NO_KINGS_JACKS = "no_kings_jacks"  # bez panów
    NO_KING_OF_HEARTS = "no_king_of_hearts"  # bez króla kier
    NO_LAST_TRICKS = "no_last_tricks"  # bez siódmej i ostatniej
    ROBBER = "robber"  # rozbójnik
    TRUMPS = "trumps"  # odgrywka: a trump deal (atu)
    LOTTERY = "lottery"  # loteryjka (Fan-Tan)


class Count(StrEnum):
    """What a player takes that a contract scores (the robber's six keys)."""

    TRICKS = "tricks"
    HEARTS = "hearts"
    QUEENS = "queens"
    KINGS_JACKS = "kings_jacks"
    KING_OF_HEARTS = "king_of_hearts"
    LAST_TRICKS = "last_tricks"


class Lottery(StrEnum):
    """How often the lottery is played (``rules.lottery``)."""

    ONCE = "once"  # one deal at the end of each series: 800 and 500
    EACH_DEALER = "each_dealer"  # one deal per player: 200 and 125 each time
    NONE = "none"  # not played: the match does not add up to 0


class LastTricks(StrEnum):
    """Which tricks the sixth contract counts (``rules.last_tricks``)."""

    SEVENTH_AND_LAST = "seventh_and_last"  # the 7th and the 13th (17th): 2 units
    LAST_TWO = "last_two"  # the last two: 2 units, the same values
    LAST = "last"  # the last trick alone: 1 unit, worth both


# the seven negative contracts in the usual order (rules.contracts may reorder them)
NEGATIVE: tuple[Contract, ...] = (
    Contract.NO_TRICKS, Contract.NO_HEARTS, Contract.NO_QUEENS, Contract.NO_KINGS_JACKS,
    Contract.NO_KING_OF_HEARTS, Contract.NO_LAST_TRICKS, Contract.ROBBER)

# what each contract counts; the robber counts every Count, the lottery none
COUNTED: dict[Contract, Count] = {
    Contract.NO_TRICKS: Count.TRICKS,
    Contract.NO_HEARTS: Count.HEARTS,
    Contract.NO_QUEENS: Count.QUEENS,
    Contract.NO_KINGS_JACKS: Count.KINGS_JACKS,
    Contract.NO_KING_OF_HEARTS: Count.KING_OF_HEARTS,
    Contract.NO_LAST_TRICKS: Count.LAST_TRICKS,
    Contract.TRUMPS: Count.TRICKS,
}

# value of one unit of each Count in a negative deal (and the robber), by player count
_PENALTY: dict[Count, dict[int, int]] = {
    Count.TRICKS: {4: -20, 3: -15},
    Count.HEARTS: {4: -20, 3: -20},
    Count.QUEENS: {4: -60, 3: -60},
    Count.KINGS_JACKS: {4: -30, 3: -30},
    Count.KING_OF_HEARTS: {4: -150, 3: -140},
    Count.LAST_TRICKS: {4: -75, 3: -70},  # each of two; the last alone is worth both
}
TRUMP_TRICK = 25  # a trick in a trump deal, for 4 and 3 players (the usual value)
TRUMP_TRICKS = (25, 20)  # the values a table may play (rules.trump_trick)
_UNITS: dict[Count, int] = {Count.HEARTS: 13, Count.QUEENS: 4, Count.KINGS_JACKS: 8,
                            Count.KING_OF_HEARTS: 1, Count.LAST_TRICKS: 2}
PRIZES: dict[Lottery, dict[int, tuple[int, int]]] = {  # first out, second out
    Lottery.ONCE: {4: (800, 500), 3: (790, 485)},
    Lottery.EACH_DEALER: {4: (200, 125), 3: (250, 175)},
}
# the prizes by the trump deal's value: at +20 a trick the trump deals win back a fifth
# less, and the lottery pays a fifth more (the same proportion between its two prizes)
PRIZES_BY_TRUMP: dict[int, dict[Lottery, dict[int, tuple[int, int]]]] = {
    25: PRIZES,
    20: {Lottery.ONCE: {4: (960, 600), 3: (948, 582)},
         Lottery.EACH_DEALER: {4: (240, 150), 3: (300, 210)}},
}
PLAYERS = (3, 4)


def tricks_in_deal(players: int) -> int:
    """13 tricks with 4 players, 17 with 3 (the 2♣ out)."""
    _check_players(players)
    return 52 // players


def count_units(count: Count, players: int,
                last_tricks: LastTricks = LastTricks.SEVENTH_AND_LAST) -> int:
    """How many of ``count`` a deal holds."""
    if count is Count.TRICKS:
        return tricks_in_deal(players)
    if count is Count.LAST_TRICKS and LastTricks(last_tricks) is LastTricks.LAST:
        return 1
    return _UNITS[Count(count)]


def count_value(count: Count, players: int,
                last_tricks: LastTricks = LastTricks.SEVENTH_AND_LAST) -> int:
    """What one ``count`` taken scores in a negative deal (and in the robber)."""
    _check_players(players)
    value = _PENALTY[Count(count)][players]
    if count is Count.LAST_TRICKS and LastTricks(last_tricks) is LastTricks.LAST:
        return 2 * value  # the last trick alone is worth what the two were
    return value


@dataclass(frozen=True)
class Terms:
    """What a contract pays at a table: the counts it scores, each one's value per unit
    and units in a deal (the robber: all six), and the lottery's prizes."""

    contract: Contract
    counts: tuple[Count, ...]
    values: tuple[int, ...]  # per unit of each count
    units: tuple[int, ...]  # of each count in a deal
    prizes: tuple[int, ...] = ()  # the lottery: first out, second out

    @property
    def total(self) -> int:
        """What a deal of this contract gives out in all (every deal adds up to it)."""
        return sum(v * u for v, u in zip(self.values, self.units)) + sum(self.prizes)

    @property
    def value(self) -> int | None:
        """The value per unit of a contract that counts one thing (None otherwise)."""
        return self.values[0] if len(self.values) == 1 else None


def terms(contract: Contract | str, players: int,
          last_tricks: LastTricks | str = LastTricks.SEVENTH_AND_LAST,
          lottery: Lottery | str = Lottery.ONCE, trump_trick: int = TRUMP_TRICK) -> Terms:
    """The terms of ``contract`` for ``players`` under the table's last-tricks, lottery
    and trump-deal rules."""
    contract, last = Contract(contract), LastTricks(last_tricks)
    _check_players(players)
    if trump_trick not in PRIZES_BY_TRUMP:
        raise RulesError("rules_value", f"rules.trump_trick must be one of 25, 20, not "
                         f"{trump_trick!r}", key="trump_trick", value=trump_trick,
                         allowed="25, 20")
    if contract is Contract.LOTTERY:
        mode = Lottery(lottery)
        if mode is Lottery.NONE:
            raise RulesError("no_lottery", "this table plays no lottery")
        return Terms(contract, (), (), (), PRIZES_BY_TRUMP[trump_trick][mode][players])
    if contract is Contract.TRUMPS:
        return Terms(contract, (Count.TRICKS,), (trump_trick,), (tricks_in_deal(players),))
    counts = tuple(Count) if contract is Contract.ROBBER else (COUNTED[contract],)
    return Terms(contract, counts, tuple(count_value(c, players, last) for c in counts),
                 tuple(count_units(c, players, last) for c in counts))


def _check_players(players: int) -> None:
    if players not in PLAYERS:
        raise RulesError("player_count", f"Kierki is for 3 to 4 players, not {players}",
                         variant="kierki", count=players, min=3, max=4)
