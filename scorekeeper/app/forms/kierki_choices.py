"""A Kierki table's own rules as the new-game form holds them (no Flet): how often the
lottery is played, which tricks the sixth deal counts, the table's order of the seven
negative deals (moved one place at a time, so it works with a screen reader and on a
small screen), how many series, and (three players) what a trick of a trump deal is
worth: +25, or +20 as a Polish rules text gives. ``table(players)`` makes the rules'
``KierkiRules``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ... import rules
from ...rules import Contract, LastTricks, Lottery
from ...rules.kierki import MAX_SERIES, TRUMP_TRICK, TRUMP_TRICKS

TRUMP_TRICK_PLAYERS = 3  # the table the +20 a trick is given for


@dataclass
class KierkiChoices:
    lottery: Lottery = Lottery.ONCE
    last_tricks: LastTricks = LastTricks.SEVENTH_AND_LAST
    contracts: list[Contract] = field(default_factory=lambda: list(rules.NEGATIVE))
    series: int = 1
    trump_trick: int = TRUMP_TRICK  # offered with three players; four play +25

    def move(self, place: int, step: int) -> None:
        """Move the negative deal at ``place`` one place earlier (-1) or later (+1)."""
        other = place + step
        if 0 <= place < len(self.contracts) and 0 <= other < len(self.contracts):
            self.contracts[place], self.contracts[other] = \
                self.contracts[other], self.contracts[place]

    def usual_order(self) -> None:
        self.contracts = list(rules.NEGATIVE)

    def is_usual_order(self) -> bool:
        return tuple(self.contracts) == rules.NEGATIVE

    def set_lottery(self, value: str) -> None:
        self.lottery = Lottery(value)

    def set_last_tricks(self, value: str) -> None:
        self.last_tricks = LastTricks(value)

    def set_series(self, value: int | str) -> None:
        series = int(value)
        if 1 <= series <= MAX_SERIES:
            self.series = series

    def set_trump_trick(self, value: int | str) -> None:
        if int(value) in TRUMP_TRICKS:
            self.trump_trick = int(value)

    @staticmethod
    def offers_trump_trick(players: int) -> bool:
        """Is the trump deal's value a choice at this table (three players)?"""
        return players == TRUMP_TRICK_PLAYERS

    def table(self, players: int = TRUMP_TRICK_PLAYERS) -> rules.KierkiRules:
        """The rules' value of these choices for ``players`` (checked when made)."""
        trick = self.trump_trick if self.offers_trump_trick(players) else TRUMP_TRICK
        return rules.KierkiRules(self.lottery, self.last_tricks, tuple(self.contracts),
                                 self.series, trick)

    @classmethod
    def of(cls, table: rules.KierkiRules | None) -> KierkiChoices:
        """The choices a table played with (a rematch plays them again)."""
        if table is None:
            return cls()
        return cls(table.lottery, table.last_tricks, list(table.contracts), table.series,
                   table.trump_trick)

    def to_draft(self) -> dict[str, Any]:
        return {"lottery": self.lottery.value, "last_tricks": self.last_tricks.value,
                "contracts": [c.value for c in self.contracts], "series": self.series,
                "trump_trick": self.trump_trick}

    @classmethod
    def from_draft(cls, data: Any) -> KierkiChoices:
        """The choices as a draft left them (the usual ones if it does not fit)."""
        if not isinstance(data, dict):
            return cls()
        try:
            return cls.of(rules.KierkiRules(data.get("lottery", "once"),
                                            data.get("last_tricks", "seventh_and_last"),
                                            data.get("contracts", rules.NEGATIVE),
                                            data.get("series", 1),
                                            data.get("trump_trick", TRUMP_TRICK)))
        except rules.RulesError:
            return cls()
