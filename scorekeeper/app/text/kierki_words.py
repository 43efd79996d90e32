"""Kierki's words: the contracts by the names Polish tables use (bez lew, bez kierów,
rozbójnik, atu, loteryjka...), what each one scores, what is counted, the suits, the
table's own rules, as msgids. Every value in a sentence comes from the rules
(``rules.contract_terms``, ``rules.hand_info``); this module only names things."""

from __future__ import annotations

from typing import Any

from ... import rules
from ...rules import Contract, Count, LastTricks, Lottery, Trump
from .i18n import N_
from .messages import COUNT_TITLE as COUNT_WORDS
from .messages import Nn_

# the game among the variants of the new-game form
GAME_NAME = N_("Kierki (Polish)")
GAME_HINT = N_("7 negative deals, then trumps and the lottery; 3-4 players")

# a contract's name as the banner says it, and the short name a paper sheet has in its
# narrow column (the sixth contract's by the table's last-tricks rule, below)
NAME: dict[Contract, tuple[str, str]] = {
    Contract.NO_TRICKS: (N_("no tricks"), N_("no tricks")),
    Contract.NO_HEARTS: (N_("no hearts"), N_("no hearts")),
    Contract.NO_QUEENS: (N_("no queens"), N_("no queens")),
    Contract.NO_KINGS_JACKS: (N_("no kings or jacks"), N_("no K, J")),
    Contract.NO_KING_OF_HEARTS: (N_("no king of hearts"), N_("no K♥")),
    Contract.ROBBER: (N_("robber"), N_("robber")),
    Contract.TRUMPS: (N_("trumps"), N_("trumps")),
    Contract.LOTTERY: (N_("lottery"), N_("lottery")),
}
LAST_NAME: dict[LastTricks, tuple[str, str]] = {
    LastTricks.SEVENTH_AND_LAST: (N_("no 7th and last trick"), N_("7th & last")),
    LastTricks.LAST_TWO: (N_("no last two tricks"), N_("last two")),
    LastTricks.LAST: (N_("no last trick"), N_("last trick")),
}
# the names Polish tables use: a gloss beside another language's name (never translated)
POLISH: dict[Contract | LastTricks, str] = {
    Contract.NO_TRICKS: "bez lew", Contract.NO_HEARTS: "bez kierów",
    Contract.NO_QUEENS: "bez dam", Contract.NO_KINGS_JACKS: "bez panów",
    Contract.NO_KING_OF_HEARTS: "bez króla kier", Contract.ROBBER: "rozbójnik",
    Contract.TRUMPS: "atu", Contract.LOTTERY: "loteryjka",
    LastTricks.SEVENTH_AND_LAST: "bez siódmej i ostatniej",
    LastTricks.LAST_TWO: "bez dwóch ostatnich", LastTricks.LAST: "bez ostatniej lewy",
}
GLOSS = N_("{name} ({polish})")

# what a contract scores, {value} the rules' value per unit
WHAT: dict[Contract, str] = {
    Contract.NO_TRICKS: N_("{value} a trick"),
    Contract.NO_HEARTS: N_("{value} a heart"),
    Contract.NO_QUEENS: N_("{value} a queen"),
    Contract.NO_KINGS_JACKS: N_("{value} a king or jack"),
    Contract.NO_KING_OF_HEARTS: N_("{value} for the K♥"),
    Contract.TRUMPS: N_("{value} a trick"),
}
LAST_WHAT: dict[LastTricks, str] = {
    LastTricks.SEVENTH_AND_LAST: N_("{value} for the 7th trick and for the last"),
    LastTricks.LAST_TWO: N_("{value} for each of the last two tricks"),
    LastTricks.LAST: N_("{value} for the last trick"),
}
ROBBER_WHAT = N_("all six penalties at once: {value} in all")
LOTTERY_WHAT = N_("{first} for the first out, {second} for the second")

DEAL_OF = N_("Deal {number} of {deals}: {contract}")
DEAL_NUMBER = N_("Deal {number} of {deals}")
SERIES_OF = N_("Series {series} of {count}")
DEALS_LEADS = N_("{dealer} deals, {leader} leads")
DEALS_NAMES_TRUMPS = N_("{dealer} deals and names trumps, {leader} leads")

# what is counted (a rules error names it too: "Hearts: 11 given; a deal has 13.")
COUNT_TITLE: dict[Count, str] = {Count(key): msgid for key, msgid in COUNT_WORDS.items()}
# a count box's spoken name (a player's count of one thing)
COUNT_BY: dict[Count, str] = {
    Count.TRICKS: N_("Tricks taken by {player}: {n}"),
    Count.HEARTS: N_("Hearts taken by {player}: {n}"),
    Count.QUEENS: N_("Queens taken by {player}: {n}"),
    Count.KINGS_JACKS: N_("Kings and jacks taken by {player}: {n}"),
}
# the keypad's question and each key's spoken name
ASK: dict[Count, str] = {
    Count.TRICKS: N_("How many tricks did {player} take?"),
    Count.HEARTS: N_("How many hearts did {player} take?"),
    Count.QUEENS: N_("How many queens did {player} take?"),
    Count.KINGS_JACKS: N_("How many kings and jacks did {player} take?"),
}
KEY: dict[Count, tuple[str, str]] = {
    Count.TRICKS: Nn_("{n} trick for {player}", "{n} tricks for {player}"),
    Count.HEARTS: Nn_("{n} heart for {player}", "{n} hearts for {player}"),
    Count.QUEENS: Nn_("{n} queen for {player}", "{n} queens for {player}"),
    Count.KINGS_JACKS: Nn_("{n} king or jack for {player}",
                           "{n} kings and jacks for {player}"),
}
LEFT: dict[Count, tuple[str, str]] = {
    Count.TRICKS: Nn_("{n} trick left to give", "{n} tricks left to give"),
    Count.HEARTS: Nn_("{n} heart left to give", "{n} hearts left to give"),
    Count.QUEENS: Nn_("{n} queen left to give", "{n} queens left to give"),
    Count.KINGS_JACKS: Nn_("{n} king or jack left to give", "{n} kings and jacks left to give"),
}
ALL_GIVEN = N_("Everything is given")
TOO_MANY = Nn_("{n} too many", "{n} too many")
LEFT_SHORT = N_("to give: {n}")  # beside a robber's row: what is still to give

# the players who took a single trick or card: one tap on a name
WHO_KING = N_("Who took the K♥?")
WHO_TRICK: dict[str, str] = {
    "seventh": N_("Who took the 7th trick?"),
    "second_last": N_("Who took the second-to-last trick?"),
    "last": N_("Who took the last trick?"),
}
TAKER_SLOTS: dict[LastTricks, tuple[str, ...]] = {
    LastTricks.SEVENTH_AND_LAST: ("seventh", "last"),
    LastTricks.LAST_TWO: ("second_last", "last"),
    LastTricks.LAST: ("last",),
}
WHO_OUT = (N_("Who went out first?"), N_("Who went out second?"))
TRUMPS_NAMED = N_("Trumps, named by {player} (may be left out)")

SUIT: dict[Trump, str] = {
    Trump.CLUBS: N_("clubs"), Trump.DIAMONDS: N_("diamonds"),
    Trump.HEARTS: N_("hearts"), Trump.SPADES: N_("spades"),
}

# the table's own rules (the new-game form, the rules card)
LOTTERY: dict[Lottery, str] = {
    Lottery.ONCE: N_("Once, at the end"),
    Lottery.EACH_DEALER: N_("Once per player, after the trump deals"),
    Lottery.NONE: N_("Not played"),
}
PRIZES = N_("{first} and {second}")
PRIZES_EACH = N_("{first} and {second} each time")
NO_LOTTERY_HINT = N_("the match does not add up to 0")
LAST_TRICKS: dict[LastTricks, str] = {
    LastTricks.SEVENTH_AND_LAST: N_("The 7th and the last trick"),
    LastTricks.LAST_TWO: N_("The last two tricks"),
    LastTricks.LAST: N_("The last trick alone"),
}
EACH = N_("{value} each")


def contract_name(tr: Any, contract: Contract, table: rules.KierkiRules,
                  short: bool = False) -> str:
    """The contract's name in ``tr``'s language (the sixth by the table's rule)."""
    names = LAST_NAME[table.last_tricks] if contract is Contract.NO_LAST_TRICKS else \
        NAME[contract]
    return tr._(names[1] if short else names[0])


def polish_name(contract: Contract, table: rules.KierkiRules) -> str:
    return POLISH[table.last_tricks if contract is Contract.NO_LAST_TRICKS else contract]


def glossed_name(tr: Any, contract: Contract, table: rules.KierkiRules) -> str:
    """The name with the Polish one beside it ("no king of hearts (bez króla kier)"),
    for a table that speaks another language; in Polish the name alone."""
    name = contract_name(tr, contract, table)
    if tr.lang == "pl":
        return name
    return tr._(GLOSS, name=name, polish=polish_name(contract, table))


def signed_value(n: int) -> str:
    """+25, −150: a value per unit with its sign (a true minus)."""
    return ("+" + str(n)) if n > 0 else str(n).replace("-", "\u2212")


def what_scores(tr: Any, game: rules.Game, contract: Contract) -> str:
    """What the contract pays at this table, from the rules ("−150 for the K♥")."""
    table = game.rules.kierki
    terms = rules.contract_terms(game.rules, game.seats, contract)
    if contract is Contract.LOTTERY:
        first, second = terms.prizes
        return tr._(LOTTERY_WHAT, first=signed_value(first), second=signed_value(second))
    if contract is Contract.ROBBER:
        return tr._(ROBBER_WHAT, value=signed_value(terms.total))
    value = signed_value(terms.values[0])
    if contract is Contract.NO_LAST_TRICKS:
        return tr._(LAST_WHAT[table.last_tricks], value=value)  # type: ignore[union-attr]
    return tr._(WHAT[contract], value=value)


def left_short(tr: Any, n: int) -> str:
    """"to give: 0" beside a robber's row, the number kept on the line of the word before
    it (a non-breaking space: at 390 px the "0" was left alone on a line), a true minus."""
    number = signed_value(n) if n < 0 else str(n)
    said = tr._(LEFT_SHORT, n=number)
    head, sep, tail = said.rpartition(" " + number)
    return head + "\u00a0" + number + tail if sep else said


def trump_word(tr: Any, trump: Trump | None) -> str:
    """"♠ spades" (the suit's sign and its name)."""
    return "" if trump is None else f"{trump.suit.value} {tr._(SUIT[trump])}"


__all__ = [
    "ALL_GIVEN", "ASK", "COUNT_BY", "COUNT_TITLE", "DEALS_LEADS", "DEALS_NAMES_TRUMPS",
    "DEAL_OF", "EACH", "GAME_HINT", "GAME_NAME", "KEY", "LAST_TRICKS", "LEFT", "LEFT_SHORT",
    "LOTTERY", "NO_LOTTERY_HINT", "PRIZES", "PRIZES_EACH", "SERIES_OF", "SUIT", "TAKER_SLOTS",
    "TOO_MANY", "TRUMPS_NAMED", "WHO_KING", "WHO_OUT", "WHO_TRICK", "contract_name",
    "glossed_name", "polish_name", "signed_value", "trump_word", "what_scores",
]


OUT_LINE = N_("out: {first}, then {second}")
NOBODY = N_("nobody yet")


def deal_text(tr: Any, game: rules.Game, deal: Any, names: Any) -> str:
    """A deal in words, as the change log shows it before and after a change:
    "no tricks: Ala 2 · Bartek 3 · Celina 4 · Darek 4", the robber's six counts, the
    lottery's first and second out."""
    table = game.rules.kierki
    name = contract_name(tr, deal.contract, table, short=True)
    if deal.contract is Contract.LOTTERY:
        out = [names[s] if 0 <= s < len(names) else "" for s in deal.out] + [tr._(NOBODY)] * 2
        return f"{name}: " + tr._(OUT_LINE, first=out[0], second=out[1])

    def counts(values: Any) -> str:
        return " · ".join(f"{n} {v}" for n, v in zip(names, values))

    if isinstance(deal.taken, rules.RobberCounts):
        return f"{name}: " + "; ".join(f"{tr._(COUNT_TITLE[c])} {counts(v)}"
                                       for c, v in deal.taken.items())
    if deal.trump is not None:
        name = f"{name} {deal.trump.suit.value}"
    return f"{name}: {counts(deal.taken)}"
