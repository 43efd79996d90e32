"""A table's life in the stats: who played each seat of a game when (:class:`Spell`),
with their own points, moons and J♦, and two players compared over the hands both
played (:func:`over_shared_hands`); and a Kierki game's points per contract, by seat or
by spell (:func:`contract_figures`). Pure, over the rules' state of a game."""

from __future__ import annotations

from dataclasses import dataclass

from .errors import RulesError
from .names import normalise_name
from .scoring import state
from .seats import seat_history

__all__ = ["ContractFigures", "Spell", "contract_figures", "over_shared_hands", "spells"]


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


# a Kierki contract's figures in one game: (contract, deals played, points), the deals
# and points per column (see contract_figures); deals a single number when every
# column played them all
ContractFigures = tuple[str, "int | tuple[int, ...]", tuple[int, ...]]


def contract_figures(game: object) -> tuple[ContractFigures, ...]:
    """Per contract a Kierki game has played, in the order first played: the deals of it
    and the points scored in them, per column. The columns are the seats; in a game
    where a seat changed name, the spells (:func:`spells`' order), so that each
    player's figures are their own."""
    hands = game.hands  # type: ignore[attr-defined]
    st = state(game)  # type: ignore[arg-type]
    seats = len(st.totals)
    history = seat_history(game.players, hands)  # type: ignore[attr-defined]
    lived = any(len(row) > 1 for row in history)
    starts = [[first for first, _ in row] for row in history]
    offsets = [sum(len(row) for row in starts[:seat]) for seat in range(seats)]
    columns = offsets[-1] + len(starts[-1]) if lived else seats
    found: dict[str, tuple[list[int], list[int]]] = {}
    for number, (hand, hs) in enumerate(zip(hands, st.hands), 1):
        deals, points = found.setdefault(hand.contract.value, ([0] * columns, [0] * columns))
        for seat in range(seats):
            col = seat
            if lived:
                col = offsets[seat] + max(i for i, first in enumerate(starts[seat])
                                          if first <= number)
            deals[col] += 1
            points[col] += hs.scores[seat]
    return tuple((contract, deals[0] if not lived else tuple(deals), tuple(points))
                 for contract, (deals, points) in found.items())
