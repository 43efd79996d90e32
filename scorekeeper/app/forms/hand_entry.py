"""A hand being entered or edited: keypad, queens, typed points, moon (no Flet)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from ... import rules
from ...rules import MoonChoice, MoonRule, RulesError
from ..text.i18n import N_
from ..text.messages import Msg, rules_error
from .entry_place import EntryPlace
from .limits import cut_number


@dataclass
class HandEntry(EntryPlace):
    """A hand being entered (index None) or an earlier hand being edited (0-based index)."""

    game: rules.Game
    index: int | None = None
    mode: str = "cards"  # "cards": hearts and queens; "points": points typed directly
    hearts: list[int] = field(default_factory=list)
    queens: list[int] = field(default_factory=list)  # queens of spades each player took
    points_text: list[str] = field(default_factory=list)
    picked: int = 0  # the player the hearts keypad sets
    moon_choice: MoonChoice | None = None
    jack: int | None = None  # Omnibus: the seat that took the J♦ (one tap on a name)
    # a new hand: the changes of player waiting for it (the store plays them with it);
    # an edited hand keeps its own (seat_changes)
    waiting: tuple[tuple[int, str], ...] = ()
    seat_changes: tuple[tuple[int, str], ...] = ()
    # what the entry's screen says of it (a Kierki deal's says "deal")
    words: ClassVar[dict[str, str]] = {
        "save": N_("Save hand {hand}"), "changed": N_("Hand {hand} changed."),
        "ask": N_("Delete hand {hand}?"), "back": N_("Hand {hand} is back."),
        "deleted": N_("Hand {hand} deleted.")}

    def __post_init__(self) -> None:
        n = self.game.seats
        if len(self.hearts) != n:
            self.hearts = [0] * n
        if len(self.queens) != n:
            self.queens = [0] * n
        if len(self.points_text) != n:
            self.points_text = [""] * n
        if self.index is not None and not any(self.points_text):
            old = self.game.hands[self.index]
            self.mode = "points"
            self.points_text = [str(p) for p in old.points]
            self.moon_choice = old.moon_choice
            self.jack = old.jack
        if self.index is not None:
            self.seat_changes = self.game.hands[self.index].seat_changes  # type: ignore[assignment]

    @property
    def max_hearts(self) -> int:
        return rules.spec(self.game.rules.variant).hearts

    @property
    def max_queens(self) -> int:
        return rules.spec(self.game.rules.variant).queens

    def queens_free(self) -> int:
        """Queens of spades nobody has been given yet."""
        return rules.queens_left(self.game.rules, self.queens)

    def can_set_hearts(self, seat: int, count: int) -> bool:
        """Whether ``seat`` can hold ``count`` hearts with the others' hearts as they are:
        the deck(s) hold only so many (13 hearts cannot be 21)."""
        left = rules.hearts_left(self.game.rules, self.hearts)
        return 0 <= count <= min(self.max_hearts, self.hearts[seat] + max(0, left))

    def nothing_given(self) -> bool:
        """No heart, queen or point given to anyone yet (an untouched entry)."""
        if self.mode == "cards":
            return not any(self.hearts) and not any(self.queens)
        return not any(text.strip() for text in self.points_text)

    def can_set_queens(self, seat: int, count: int) -> bool:
        """Whether ``seat`` can be given ``count`` queens without taking one from anyone."""
        return 0 <= count <= self.queens[seat] + self.queens_free()

    def typed_points(self) -> tuple[list[int | None], Msg | None]:
        """Each player's points so far, and what is wrong with a typed number (the text
        stays as typed: "2.5" or "-3" is refused, never read as 25 or 3)."""
        table = self.game.rules
        if self.mode == "cards":
            return [rules.points_from_cards(table, h, self.queens[seat])
                    for seat, h in enumerate(self.hearts)], None
        most = rules.max_player_points(table)
        out: list[int | None] = []
        problem = None
        for seat, text in enumerate(self.points_text):
            text = text.strip()
            if not text:
                out.append(0)
                continue
            value = int(text) if text.isascii() and text.isdigit() else None
            if value is None or value > most:
                out.append(None)
                problem = problem or Msg(
                    N_("{player}: “{typed}” is not a whole number of points from 0 to {max}."),
                    {"player": self.names[seat], "typed": text, "max": most})
            else:
                out.append(value)
        return out, problem

    def scores(self) -> list[int | None]:
        """What each player scores for this hand as it stands, the moon rule applied by
        the rules (None: not a number yet, or the shooter has still to choose)."""
        points, problem = self.typed_points()
        table = self.game.rules
        if problem is not None or (self.shooter() is None and not table.house):
            return points
        before = rules.state(self.before).totals
        try:  # the moon rule and the house rules (J♦ -10, a total back from the target)
            return list(rules.score_hand(table, self.hand(), before).scores)
        except RulesError:  # shooter's choice not made yet
            return [None] * self.game.seats

    def plays_jack(self) -> bool:
        return self.game.rules.plays("jack_of_diamonds")

    def set_jack(self, seat: int) -> None:
        """Who took the J♦: one tap on a name (tapped again: nobody yet)."""
        self.jack = None if self.jack == seat else seat

    def taken_by_nobody(self) -> int:
        """Points of an acceptable hand nobody took (Cancellation: a cancelled trick)."""
        points, problem = self.typed_points()
        if problem is not None or self.nothing_given():
            return 0  # an untouched entry: every point is still to give
        return rules.points_taken_by_nobody(self.game, self.hand(), self.index)

    def remaining(self) -> int:
        points, _ = self.typed_points()
        return rules.remaining_points(self.game.rules, points)

    def shooter(self) -> int | None:
        points, problem = self.typed_points()
        if problem is not None:
            return None
        return rules.moon_shooter(self.game.rules, points)  # type: ignore[arg-type]

    def moon_preview(self) -> rules.MoonPreview | None:
        if self.shooter() is None:
            return None
        points, _ = self.typed_points()
        try:
            return rules.moon_preview(self.before, points, self.jack)  # type: ignore[arg-type]
        except RulesError:
            return None

    def hand(self) -> rules.Hand:
        points, _ = self.typed_points()
        choice = None
        if self.game.rules.moon is MoonRule.SHOOTER_CHOICE and self.shooter() is not None:
            choice = self.moon_choice
        jack = self.jack if self.plays_jack() else None
        return rules.Hand(tuple(points), choice, jack,  # type: ignore[arg-type]
                          self.seat_changes)

    def problem(self) -> Msg | None:
        """Why the hand cannot be saved yet (None: Save is enabled)."""
        points, problem = self.typed_points()
        if problem is not None:
            return problem
        if self.nothing_given():  # in Cancellation an empty hand is "taken by nobody"
            return Msg(N_("Nothing is given yet: enter what each player took."))
        err = rules.check_hand(self.game, self.hand(), self.index)
        if err is not None:
            if err.code == "moon_choice_missing":
                return Msg(N_("{player} shot the moon: pick what it scores above."),
                           {"player": err.params.get("player", "")})
            return rules_error(err, edited_hand=self.number if self.index is not None else None)
        return None

    # taps
    def pick(self, seat: int) -> None:
        self.picked = seat

    def set_hearts(self, seat: int, count: int) -> None:
        """Set the picked player's hearts; the keypad moves on to the next player while
        hearts are left to give, and stays put once every heart is given. More hearts
        than the deck(s) hold is refused (the key is greyed out)."""
        if not self.can_set_hearts(seat, count):
            return
        self.hearts[seat] = count
        if rules.hearts_left(self.game.rules, self.hearts) > 0:
            self.picked = (seat + 1) % self.game.seats

    def toggle_queen(self, seat: int) -> None:
        """One queen (standard): ``seat`` took it, or (tapped again) nobody did. The one
        Q♠ shown lit moves with it, so nothing changes unseen."""
        if self.queens[seat]:
            self.queens[seat] = 0
        else:
            self.queens = [1 if s == seat else 0 for s in range(self.game.seats)]

    def set_queens(self, seat: int, count: int) -> None:
        """Two queens (Cancellation): ``seat`` took ``count`` of them. A queen another
        player holds is never taken away: a count that needs one is refused."""
        if self.can_set_queens(seat, count):
            self.queens[seat] = count

    def set_points_text(self, seat: int, text: str) -> None:
        self.points_text[seat] = cut_number(text)

    def give_rest(self, seat: int) -> None:
        """``seat`` took every point nobody else has yet."""
        if self.mode == "cards":
            left = rules.hearts_left(self.game.rules, self.hearts)
            if left > 0:
                self.hearts[seat] += left
            self.queens[seat] += self.queens_free()
            return
        points, problem = self.typed_points()
        if problem is not None:
            return
        left = rules.remaining_points(self.game.rules, points)
        if left > 0:
            self.points_text[seat] = str(points[seat] + left)  # type: ignore[operator]

    def set_mode(self, mode: str) -> None:
        if mode == self.mode or mode not in ("cards", "points"):
            return
        if mode == "points" and (any(self.hearts) or any(self.queens)):
            # the cards given become points; with no card given yet the points typed
            # before (or the edited hand's points) are kept, never wiped by a stray tap
            points, _ = self.typed_points()
            self.points_text = ["" if not p else str(p) for p in points]
        self.mode = mode

    def clear(self) -> None:
        """Start again: an empty hand, or the hand as it is stored when editing."""
        fresh = HandEntry(self.game, self.index)
        self.mode, self.hearts, self.queens = fresh.mode, fresh.hearts, fresh.queens
        self.points_text, self.picked = fresh.points_text, fresh.picked
        self.moon_choice, self.jack = fresh.moon_choice, fresh.jack

    # a draft survives a reload
    def to_draft(self) -> dict[str, Any]:
        return {
            "hand": self.number,
            "editing": self.index is not None,
            "mode": self.mode,
            "hearts": list(self.hearts),
            "queens": list(self.queens),
            "points": list(self.points_text),
            "picked": self.picked,
            "moon_choice": self.moon_choice.value if self.moon_choice else None,
            "jack": self.jack,
        }

    @classmethod
    def from_draft(cls, game: rules.Game, index: int | None,
                   draft: dict[str, Any] | None,
                   waiting: tuple[tuple[int, str], ...] = ()) -> HandEntry:
        """The entry as the draft left it (``waiting``: the changes of player waiting for
        a new hand, see :attr:`waiting`)."""
        entry = cls(game, index, waiting=waiting if index is None else ())
        number = entry.number
        if not draft or draft.get("hand") != number or bool(draft.get("editing")) != (
                index is not None):
            return entry
        try:
            n = game.seats
            hearts = [int(h) for h in draft.get("hearts", [])]
            queens = cls._queen_counts(draft.get("queens", []), n, entry.max_queens)
            points = [cut_number(str(p)) for p in draft.get("points", [])]
            if len(hearts) == n and len(points) == n and queens is not None:
                entry.hearts = [max(0, min(entry.max_hearts, h)) for h in hearts]
                entry.queens = queens
                entry.points_text = points
            entry.mode = draft.get("mode") if draft.get("mode") in ("cards", "points") \
                else entry.mode
            entry.picked = int(draft.get("picked", 0)) % n
            choice = draft.get("moon_choice")
            entry.moon_choice = MoonChoice(choice) if choice else None
            jack = draft.get("jack")
            entry.jack = jack if type(jack) is int and 0 <= jack < n else entry.jack
        except (TypeError, ValueError):
            return cls(game, index, waiting=entry.waiting)
        return entry

    @staticmethod
    def _queen_counts(saved: Any, seats: int, queens: int) -> list[int] | None:
        """Queens per player from a draft: counts per seat, or (a draft from before the
        counts) the seat that took each queen; None if it does not fit this game."""
        saved = list(saved)
        if len(saved) == queens and len(saved) != seats:
            taken = [int(q) for q in saved if q is not None]
            if not all(0 <= q < seats for q in taken):
                return None
            saved = [taken.count(seat) for seat in range(seats)]
        counts = [int(c) for c in saved]
        if len(counts) != seats or any(c < 0 for c in counts) or sum(counts) > queens:
            return None
        return counts
