"""A Kierki deal as a value: the hand of a Kierki game (``Game.hands`` holds these).

:class:`Deal` holds the contract and what each player took, in seat order: one count per
player (``taken``) for a negative contract or a trump deal, the six counts of the robber
(:class:`RobberCounts`), or the first and second player out of the lottery (``out``,
seats). ``trump`` (optional) is the suit the dealer named. Like a Hearts hand it may
carry ``seat_changes`` (a seat that plays under a new name from this deal on); it has
nothing of a Hearts hand (no moon choice, no J♦): whatever reads a hand asks its game
(``rules.games``, ``formats.games``). The constructor only normalises (lists to tuples, words to enums;
an unknown contract, suit or robber key raises :class:`RulesError`); whether the deal
adds up is :func:`.checks.check_deal`'s to say.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any, Iterator, Mapping

from ..errors import RulesError
from ..seats import read_changes
from ..variants import Suit
from .contracts import Contract, Count


class Trump(StrEnum):
    """A trump suit as the game file names it (``"trump": "spades"``)."""

    CLUBS = "clubs"
    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    SPADES = "spades"

    @property
    def suit(self) -> Suit:
        return Suit[self.name]


def _counts(value: Any) -> Any:
    """A list of counts as a tuple (anything else is left for the checks to name)."""
    return tuple(value) if isinstance(value, (list, tuple)) else value


@dataclass(frozen=True)
class RobberCounts:
    """The robber's six counts, each one count per player in seat order."""

    tricks: tuple[int, ...]
    hearts: tuple[int, ...]
    queens: tuple[int, ...]
    kings_jacks: tuple[int, ...]
    king_of_hearts: tuple[int, ...]
    last_tricks: tuple[int, ...]

    def __post_init__(self) -> None:
        for f in fields(self):
            object.__setattr__(self, f.name, _counts(getattr(self, f.name)))

    def of(self, count: Count | str) -> tuple[int, ...]:
        return getattr(self, Count(count).value)

    def items(self) -> Iterator[tuple[Count, tuple[int, ...]]]:
        """``(count, counts per player)`` in the order of :class:`Count`."""
        return ((count, self.of(count)) for count in Count)

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> "RobberCounts":
        """From ``{"tricks": [...], "hearts": [...], ...}``: all six, nothing else."""
        keys = [c.value for c in Count]
        unknown = sorted(k for k in data if k not in keys)
        if unknown:
            raise RulesError("unknown_key", f"unknown key {unknown[0]!r} in the robber's "
                             f"counts (known: {', '.join(keys)})", key=unknown[0],
                             where="taken")
        missing = [k for k in keys if k not in data]
        if missing:
            raise RulesError("robber_missing", f"the robber needs all six counts; "
                             f"{', '.join(missing)} missing", key=missing[0])
        return cls(**{k: data[k] for k in keys})


@dataclass(frozen=True)
class Deal:
    """One deal of a Kierki match (see the module docstring)."""

    contract: Contract
    taken: tuple[int, ...] | RobberCounts = ()
    trump: Trump | None = None
    out: tuple[int, ...] = ()  # the lottery: the seats of the first and second out
    seat_changes: Mapping[int, str] | tuple[tuple[int, str], ...] = ()

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "contract", Contract(self.contract))
        except ValueError:
            known = ", ".join(c.value for c in Contract)
            raise RulesError("unknown_contract", f"{self.contract!r} is not a contract "
                             f"(known: {known})", value=self.contract) from None
        taken = self.taken
        if isinstance(taken, Mapping):
            taken = RobberCounts.from_mapping(taken)
        elif taken is None:
            taken = ()
        object.__setattr__(self, "taken", _counts(taken))
        if self.trump is not None:
            try:
                object.__setattr__(self, "trump", Trump(self.trump))
            except ValueError:
                raise RulesError("trump_suit", f"trumps must be one of clubs, diamonds, "
                                 f"hearts, spades, not {self.trump!r}",
                                 value=self.trump) from None
        object.__setattr__(self, "out", () if self.out is None else _counts(self.out))
        object.__setattr__(self, "seat_changes", read_changes(self.seat_changes))
