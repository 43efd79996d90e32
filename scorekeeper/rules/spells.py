"""A table's life in the stats: who played each seat of a game when (:class:`Spell`),
with their own points, moons and J♦, and two players compared over the hands both
played (:func:`over_shared_hands`). Pure, over the rules' state of a game."""

from __future__ import annotations

from dataclasses import dataclass

from .errors import RulesError
from .names import normalise_name
from .scoring import state

__all__ = ["Spell", "over_shared_hands", "spells"]


@dataclass(frozen=True)
class Spell:
    """One player's time at a seat in one game (a table's life): hands ``first`` to
    ``last`` (1-based; ``last`` is ``first - 1`` when the name changed again before a hand
    was played), the points they scored there, the moons they shot and J♦ they took."""

    seat: int
    name: str
    first: int
    last: int
    points: int
    moons: int
    jacks: int

    @property
    def hands(self) -> int:
        return self.last - self.first + 1


def spells(game: object) -> tuple[tuple[Spell, ...], tuple[tuple[int, tuple[int, ...]], ...]]:
    """Who played each seat of ``game`` when, with their own figures, and the running
    totals after the hand before each change (``(hand, totals)``: what head to head reads
    to compare two players over the hands both played). ((), ()) when no seat changed."""
    hands = game.hands  # type: ignore[attr-defined]
    if not any(hand.seat_changes for hand in hands):
        return (), ()
    st = state(game)  # type: ignore[arg-type]
    seats = len(st.totals)
    open_ = [(game.players[seat], 1, 0, 0, 0) for seat in range(seats)]  # type: ignore[attr-defined]
    done: list[Spell] = []
    marks: list[tuple[int, tuple[int, ...]]] = []
    running = (0,) * seats
    for number, (hand, hs) in enumerate(zip(hands, st.hands), 1):
        if hand.seat_changes:
            marks.append((number - 1, running))
        for seat, new in hand.seat_changes:
            name, first, points, moons, jacks = open_[seat]
            done.append(Spell(seat, name, first, number - 1, points, moons, jacks))
            open_[seat] = (new, number, 0, 0, 0)
        running = tuple(t + p for t, p in zip(running, hs.scores))
        for seat in range(seats):
            name, first, points, moons, jacks = open_[seat]
            moon = hs.moon is not None and hs.moon.player == seat
            jack = sum(1 for c in hs.adjustments if c.rule == "jack_of_diamonds" and c.seat == seat)
            open_[seat] = (name, first, points + hs.scores[seat], moons + moon, jacks + jack)
    done += [Spell(seat, *open_[seat][:2], len(hands), *open_[seat][2:])
             for seat in range(seats)]
    return tuple(sorted(done, key=lambda sp: (sp.seat, sp.first))), tuple(marks)


def over_shared_hands(life: tuple, a: str, b: str) -> tuple[int | None, int]:
    """The points ``a`` and ``b`` scored over the hands both played in one game where a
    seat changed name (None when they played no hand together)."""
    found, marks, totals = life
    after = dict(marks)
    mine = theirs = 0
    shared = False
    for x in found:
        if normalise_name(x.name) != a:
            continue
        for y in found:
            if normalise_name(y.name) != b:
                continue
            start, end = max(x.first, y.first), min(x.last, y.last)
            if start > end:
                continue
            shared = True
            at_end = totals if end not in after and end >= max(after, default=0) else after.get(end)
            at_start = after.get(start - 1, (0,) * len(totals))
            if at_end is None:  # a spell's last hand is the hand before a change
                raise RulesError("stats_marks", "the game's marks miss a change")
            mine += at_end[x.seat] - at_start[x.seat]
            theirs += at_end[y.seat] - at_start[y.seat]
    return (mine if shared else None), theirs
