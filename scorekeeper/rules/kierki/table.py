"""A Kierki table's own rules (``Rules.kierki``): the lottery, which tricks the sixth
contract counts, the table's order of the seven negative contracts, how many series
the match has, and what a trick of a trump deal is worth (+25, or +20). Every one is optional in the game file; the defaults are the usual game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from ..errors import RulesError
from .contracts import NEGATIVE, TRUMP_TRICK, TRUMP_TRICKS, Contract, LastTricks, Lottery

MAX_SERIES = 4  # in 4 series every player deals every contract


def _choice(enum: type, key: str, value: Any) -> Any:
    try:
        return enum(value)
    except ValueError:
        allowed = ", ".join(e.value for e in enum)
        raise RulesError("rules_value", f"rules.{key} must be one of {allowed}, not "
                         f"{value!r}", key=key, value=value, allowed=allowed) from None


def read_contracts(value: Any) -> tuple[Contract, ...]:
    """The table's order of the seven negative contracts: each one once."""
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise RulesError("contracts_order", "rules.contracts must be a list of the seven "
                         "negative contracts, each once", value=value)
    names = list(value)
    known = {c.value for c in NEGATIVE}
    for name in names:
        if not isinstance(name, str) or name not in known:
            raise RulesError("contracts_order", f"rules.contracts: {name!r} is not one of "
                             f"the seven negative contracts ({', '.join(sorted(known))})",
                             value=name)
    for name in dict.fromkeys(names):
        if names.count(name) > 1:
            raise RulesError("contracts_order", f"rules.contracts names {name} twice",
                             value=name)
    missing = [c.value for c in NEGATIVE if c.value not in names]
    if missing:
        raise RulesError("contracts_order", f"rules.contracts misses {', '.join(missing)}: "
                         "the match plays all seven", value=missing[0])
    return tuple(Contract(name) for name in names)


@dataclass(frozen=True)
class KierkiRules:
    """A Kierki table: ``lottery`` (once, each_dealer, none), ``last_tricks``
    (seventh_and_last, last_two, last), ``contracts`` (the order of the seven negative
    contracts), ``series`` (1 to 4) and ``trump_trick`` (a trick of a trump deal: 25, or
    20 as a Polish rules text gives for three players; the lottery's prizes follow).
    Made from plain values, checked; raises :class:`RulesError` (codes ``rules_value``,
    ``contracts_order``)."""

    lottery: Lottery = Lottery.ONCE
    last_tricks: LastTricks = LastTricks.SEVENTH_AND_LAST
    contracts: tuple[Contract, ...] = NEGATIVE
    series: int = 1
    trump_trick: int = TRUMP_TRICK

    def __post_init__(self) -> None:
        object.__setattr__(self, "lottery", _choice(Lottery, "lottery", self.lottery))
        object.__setattr__(self, "last_tricks",
                           _choice(LastTricks, "last_tricks", self.last_tricks))
        object.__setattr__(self, "contracts", read_contracts(self.contracts))
        series = self.series
        if isinstance(series, bool) or not isinstance(series, int) or not (
                1 <= series <= MAX_SERIES):
            raise RulesError("rules_value", f"rules.series must be a whole number from 1 "
                             f"to {MAX_SERIES}, not {series!r}", key="series", value=series,
                             allowed="1, 2, 3, 4")
        trick = self.trump_trick
        if type(trick) is not int or trick not in TRUMP_TRICKS:
            allowed = ", ".join(map(str, TRUMP_TRICKS))
            raise RulesError("rules_value", f"rules.trump_trick must be one of {allowed}, "
                             f"not {trick!r}", key="trump_trick", value=trick,
                             allowed=allowed)


def check_kierki_rules(**values: Any) -> RulesError | None:
    """Would these values make a Kierki table (``KierkiRules(**values)``)? None if so,
    else the reason."""
    try:
        KierkiRules(**values)
    except RulesError as err:
        return err
    except TypeError as err:  # a key that is not one of the five
        return RulesError("unknown_key", str(err), where="rules")
    return None
