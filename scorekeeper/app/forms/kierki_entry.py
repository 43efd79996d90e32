"""A Kierki deal being entered or edited, as a table counts it with the cards in front of
it (no Flet): per player how many of what the contract scores (a keypad, "the rest"),
who took the K♥ or a last trick (one tap on a name), the trump suit the dealer named,
and who went out first and second in the lottery. The contract is the one the match is
at (the rules' schedule); whether the deal may be saved is ``rules.check_hand``'s to say.

In the robber the K♥'s taker is counted among their hearts and their kings at once (at
least one of each; still editable, and taken back when the K♥ goes to someone else
before it was changed). Every change can be taken back one step at a time
(:meth:`KierkiEntry.step_back`), without starting the deal over.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ... import rules
from ...rules import Contract, Count, Trump
from ..text.i18n import N_
from ..text.messages import Msg, rules_error
from .entry_place import EntryPlace

# counted on the keypad (the K♥ and the last tricks are "who took it": taker slots)
KEYPAD = (Count.TRICKS, Count.HEARTS, Count.QUEENS, Count.KINGS_JACKS)
TAKEN = (Count.KING_OF_HEARTS, Count.LAST_TRICKS)
NOTHING_YET = N_("Nothing is given yet: enter what each player took.")
NOBODY_OUT = N_("Tap who went out first and who went out second.")
NO_FIRST_OUT = N_("Tap who went out first.")
NO_SECOND_OUT = N_("Tap who went out second.")
STEPS_KEPT = 200  # the changes a deal's entry can take back
# the robber: the counts a K♥ taken also counts (the K♥ is a heart and a king)
KING_ALSO = (Count.HEARTS, Count.KINGS_JACKS)


@dataclass
class KierkiEntry(EntryPlace):
    """Deal ``index`` (0-based) being edited, or (None) the next deal being entered."""

    game: rules.Game
    index: int | None = None
    counts: dict[Count, list[int]] = field(default_factory=dict)  # per seat
    picked: tuple[Count, int] = (Count.TRICKS, 0)  # the keypad's count and player
    trump: Trump | None = None
    out: list[int | None] = field(default_factory=lambda: [None, None])
    # who took the K♥ and each last trick (one seat a slot; None: nobody yet)
    takers: dict[Count, list[int | None]] = field(default_factory=dict)
    waiting: tuple[tuple[int, str], ...] = ()
    # the counts the K♥'s taker was given with it (taken back with it until changed)
    king_counted: list[Count] = field(default_factory=list)
    steps: list[dict[str, Any]] = field(default_factory=list)  # before each change
    kierki = True  # the screens tell it from a Hearts hand's entry
    # what the entry's screen says of it (hand.Model's save, delete and undo)
    words: ClassVar[dict[str, str]] = {
        "save": N_("Save deal {hand}"), "changed": N_("Deal {hand} changed."),
        "ask": N_("Delete deal {hand}?"), "back": N_("Deal {hand} is back."),
        "deleted": N_("Deal {hand} deleted.")}

    def __post_init__(self) -> None:
        self.contract = rules.hand_info(self.game, self.number).contract
        self.terms = rules.contract_terms(self.game.rules, self.game.seats, self.contract)
        self.clear()

    # what the deal counts
    @property
    def seats(self) -> int:
        return self.game.seats

    @property
    def keypad_counts(self) -> tuple[Count, ...]:
        """The counts set on the keypad, per player (the robber: four of them)."""
        return tuple(c for c in self.terms.counts if c in KEYPAD)

    @property
    def taker_counts(self) -> tuple[Count, ...]:
        """The counts set by naming who took each (the K♥, the last tricks)."""
        return tuple(c for c in self.terms.counts if c in TAKEN)

    def units(self, count: Count) -> int:
        return self.terms.units[self.terms.counts.index(count)]

    def left(self, count: Count) -> int:
        """How many of ``count`` nobody has been given yet (negative: too many)."""
        return self.units(count) - sum(self.counts[count])

    def slots(self, count: Count) -> int:
        """How many single tricks or cards are named for ``count`` (the K♥ 1, the last
        tricks 2, or 1 when the last trick alone counts)."""
        return self.units(count)

    # a step back
    def _state(self) -> dict[str, Any]:
        return copy.deepcopy({"counts": self.counts, "takers": self.takers,
                              "trump": self.trump, "out": self.out, "picked": self.picked,
                              "king_counted": self.king_counted})

    def _changed(self, before: dict[str, Any]) -> None:
        """Keep ``before`` as a step if the deal changed (a tap that changed nothing is
        no step)."""
        now = self._state()
        if {k: v for k, v in now.items() if k != "picked"} != \
                {k: v for k, v in before.items() if k != "picked"}:
            self.steps.append(before)
            del self.steps[:-STEPS_KEPT]

    def can_step_back(self) -> bool:
        return bool(self.steps)

    def step_back(self) -> None:
        """Take back the last change (a count, a taker, the trumps, a player out, or
        starting over), the rest of the deal as it is."""
        if self.steps:
            last = self.steps.pop()
            for key, value in last.items():
                setattr(self, key, value)

    # taps
    def start_over(self) -> None:
        """The deal as it was when opened ("Start over"), a step that can be taken back."""
        before = self._state()
        self.clear()
        self._changed(before)

    def clear(self) -> None:
        """An empty deal, or the stored one when editing."""
        self.counts = {c: [0] * self.seats for c in self.terms.counts}
        self.takers = {c: [None] * self.slots(c) for c in self.taker_counts}
        self.trump, self.out = None, [None, None]
        self.king_counted = []
        self.picked = (self.keypad_counts[0], 0) if self.keypad_counts else (Count.TRICKS, 0)
        if self.index is not None:
            self._take(self.game.hands[self.index])

    def _take(self, deal: Any) -> None:
        """Fill the entry from a stored deal."""
        taken = deal.taken
        for count in self.terms.counts:
            values = taken.of(count) if isinstance(taken, rules.RobberCounts) else taken
            self.counts[count] = list(values)
        for count in self.taker_counts:
            seats = [seat for seat, n in enumerate(self.counts[count]) for _ in range(n)]
            self.takers[count] = (seats + [None] * self.slots(count))[:self.slots(count)]
        self.trump = deal.trump
        self.out = list(deal.out) + [None] * (2 - len(deal.out))

    def pick(self, count: Count, seat: int) -> None:
        """The keypad now sets ``seat``'s ``count``."""
        if count in self.keypad_counts and 0 <= seat < self.seats:
            self.picked = (count, seat)

    def can_set(self, count: Count, seat: int, value: int) -> bool:
        """Whether ``seat`` can hold ``value`` of ``count`` with the others' as they are:
        a deal holds only so many (13 tricks cannot be 14)."""
        return 0 <= value <= self.counts[count][seat] + max(0, self.left(count))

    def set_count(self, count: Count, seat: int, value: int) -> None:
        """Set a player's count; the keypad moves on to the next player while some are
        left to give, and in the robber on to the next count still untouched once this
        one is all given."""
        if not self.can_set(count, seat, value):
            return
        before = self._state()
        self._set_count(count, seat, value)
        self._changed(before)

    def _set_count(self, count: Count, seat: int, value: int) -> None:
        if count in self.king_counted and self._king_taker() == seat:
            self.king_counted.remove(count)  # set by hand: the K♥ no longer takes it back
        self.counts[count][seat] = value
        if self.left(count) > 0:
            self.picked = (count, (seat + 1) % self.seats)
            return
        later = self.keypad_counts[self.keypad_counts.index(count) + 1:]
        fresh = next((c for c in later if not any(self.counts[c])), None)
        if fresh is not None:
            self.picked = (fresh, 0)

    def give_rest(self, seat: int, count: Count | None = None) -> None:
        """``seat`` took every one of ``count`` (the picked count by default) nobody else
        has yet."""
        count = count or self.picked[0]
        if count in self.keypad_counts and self.left(count) > 0:
            self.set_count(count, seat, self.counts[count][seat] + self.left(count))

    def set_taker(self, count: Count, slot: int, seat: int) -> None:
        """``seat`` took the K♥ (slot 0) or one of the last tricks (slot 0 or 1). In the
        robber the K♥'s taker is counted among their hearts and kings at once."""
        if count not in self.takers or not 0 <= slot < len(self.takers[count]):
            return
        before = self._state()
        king = count is Count.KING_OF_HEARTS and self.contract is Contract.ROBBER
        if king:
            self._take_back_king()
        self.takers[count][slot] = seat if 0 <= seat < self.seats else None
        self.counts[count] = [self.takers[count].count(s) for s in range(self.seats)]
        if king and self.takers[count][slot] is not None:
            self._count_king(seat)
        self._changed(before)

    def _king_taker(self) -> int | None:
        takers = self.takers.get(Count.KING_OF_HEARTS)
        return takers[0] if takers else None

    def _count_king(self, seat: int) -> None:
        """The K♥ is one of ``seat``'s hearts and kings: at least 1 of each."""
        for count in KING_ALSO:
            if self.counts[count][seat] == 0:
                self.counts[count][seat] = 1
                self.king_counted.append(count)

    def _take_back_king(self) -> None:
        """The K♥ leaves its taker: the counts it gave them go with it, unless changed."""
        seat = self._king_taker()
        if seat is not None:
            for count in self.king_counted:
                if self.counts[count][seat] == 1:
                    self.counts[count][seat] = 0
        self.king_counted = []

    def set_trump(self, trump: Trump | str | None) -> None:
        """The suit the dealer named (tapped again: not noted)."""
        before = self._state()
        picked = None if trump is None else Trump(trump)
        self.trump = None if picked == self.trump else picked
        self._changed(before)

    def set_out(self, place: int, seat: int) -> None:
        """``seat`` went out first (place 0) or second (1); a player is out once."""
        if place not in (0, 1) or not 0 <= seat < self.seats:
            return
        before = self._state()
        self.out[place] = seat
        if self.out[1 - place] == seat:
            self.out[1 - place] = None
        self._changed(before)

    # what the rules are asked
    def deal(self) -> rules.Deal:
        """The deal as entered (its seat changes: an edited deal's own)."""
        if self.contract is Contract.LOTTERY:
            taken: Any = ()
        elif self.contract is Contract.ROBBER:
            taken = {c.value: tuple(v) for c, v in self.counts.items()}
        else:
            taken = tuple(self.counts[self.terms.counts[0]])
        # each place kept where it was tapped (a lone second out is not the first out)
        out = tuple(self.out) if self.out != [None, None] else ()
        return rules.Deal(self.contract, taken, self.trump, out, self.own_seat_changes())

    def nothing_given(self) -> bool:
        if self.contract is Contract.LOTTERY:
            return self.out == [None, None]
        return not any(any(v) for v in self.counts.values())

    def scores(self) -> tuple[int, ...]:
        """What each player scores with the deal as entered (the rules' values; the
        lottery's prizes as far as named)."""
        return rules.score_deal(self.game.rules, self.seats, self.deal())

    def problem(self) -> Msg | None:
        """Why the deal cannot be saved yet (None: Save is enabled)."""
        if self.nothing_given():
            return Msg(NOBODY_OUT if self.contract is Contract.LOTTERY else NOTHING_YET)
        if self.contract is Contract.LOTTERY and None in self.out:
            return Msg(NO_FIRST_OUT if self.out[0] is None else NO_SECOND_OUT)
        err = rules.check_hand(self.game, self.deal(), self.index)  # type: ignore[arg-type]
        if err is None:
            return None
        return rules_error(err, edited_hand=self.number if self.index is not None else None)

    def hand(self) -> rules.Deal:
        """The deal to save (the screen's save asks every entry for its ``hand``)."""
        return self.deal()

    # a draft survives a reload
    def to_draft(self) -> dict[str, Any]:
        return {"kind": "kierki", "hand": self.number, "editing": self.index is not None,
                "contract": self.contract.value,
                "counts": {c.value: list(v) for c, v in self.counts.items()},
                "takers": {c.value: list(v) for c, v in self.takers.items()},
                "picked": [self.picked[0].value, self.picked[1]],
                "trump": None if self.trump is None else self.trump.value,
                "out": list(self.out),
                "king_counted": [c.value for c in self.king_counted]}

    @classmethod
    def from_draft(cls, game: rules.Game, index: int | None, draft: dict[str, Any] | None,
                   waiting: tuple[tuple[int, str], ...] = ()) -> KierkiEntry:
        """The entry as the draft left it (a fresh one if the draft is for another deal
        or does not fit)."""
        entry = cls(game, index, waiting=waiting if index is None else ())
        if not draft or draft.get("kind") != "kierki" or draft.get("hand") != entry.number \
                or bool(draft.get("editing")) != (index is not None) \
                or draft.get("contract") != entry.contract.value:
            return entry
        try:
            entry._restore(draft)
        except (TypeError, ValueError, KeyError):
            return cls(game, index, waiting=entry.waiting)
        return entry

    def _restore(self, draft: dict[str, Any]) -> None:
        n = self.seats
        for key, values in draft["counts"].items():
            count = Count(key)
            if count in self.counts:
                got = [int(v) for v in values]
                if len(got) != n or not all(0 <= v <= self.units(count) for v in got):
                    raise ValueError(key)
                self.counts[count] = got
        for key, seats in draft.get("takers", {}).items():
            count = Count(key)
            if count in self.takers and len(seats) == len(self.takers[count]):
                self.takers[count] = [s if type(s) is int and 0 <= s < n else None
                                      for s in seats]
                self.counts[count] = [self.takers[count].count(s) for s in range(n)]
        count, seat = Count(draft["picked"][0]), int(draft["picked"][1])
        self.pick(count, seat % n)
        self.trump = Trump(draft["trump"]) if draft.get("trump") else None
        self.king_counted = [c for c in KING_ALSO
                             if c.value in draft.get("king_counted", ())]
        out = list(draft.get("out", [None, None]))[:2]
        self.out = [s if type(s) is int and 0 <= s < n else None for s in out + [None] * 2][:2]
