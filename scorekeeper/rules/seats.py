"""A table's life: a seat that changes name from one hand on (someone leaves and someone
sits down, or a name typed wrong is put right).

A hand holds its changes as ``(seat, new name)`` pairs (:attr:`Hand.seat_changes`); the
seat keeps its total, its place in the deal and in the passing. The game file names a
seat by the name it has before the hand (:func:`read_seat_changes` turns those names
into seats). Every check is here: :func:`check_seat_changes` says why a hand's changes
cannot be made (None if they can), :func:`apply_seat_changes` makes them or raises.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from .errors import RulesError
from .names import MAX_NAME_LENGTH, name_problem, normalise_name

SeatChanges = tuple[tuple[int, str], ...]


def _seat_order(pair: tuple[Any, Any]) -> tuple[bool, int, str]:
    seat = pair[0]
    whole = isinstance(seat, int) and not isinstance(seat, bool)
    return (not whole, seat if whole else 0, repr(seat))


def read_changes(changes: Mapping[int, str] | Iterable[tuple[int, str]]) -> SeatChanges:
    """A hand's changes as sorted ``(seat, name)`` pairs (a mapping or pairs given)."""
    pairs = changes.items() if isinstance(changes, Mapping) else changes
    return tuple(sorted(((seat, " ".join(name.split()) if isinstance(name, str) else name)
                         for seat, name in pairs), key=_seat_order))


def _new_name(name: Any, seat: int, names: Sequence[str], number: int | None) -> str:
    old = names[seat]
    if not isinstance(name, str) or not name.strip():
        raise RulesError("seat_change_empty", f"{old}'s seat needs a new name",
                         hand=number, name=old)
    clean = " ".join(name.split())
    problem = name_problem(clean)
    if problem == "long":
        raise RulesError("seat_change_long", f"the new name for {old}'s seat is longer "
                         f"than {MAX_NAME_LENGTH} characters", hand=number, name=old,
                         max=MAX_NAME_LENGTH)
    if problem == "chars":
        raise RulesError("seat_change_chars", f"the new name for {old}'s seat holds control "
                         f"or invisible characters ({ascii(clean[:MAX_NAME_LENGTH])})",
                         hand=number, name=old)
    if clean == old:
        raise RulesError("seat_change_same", f"{old} would change to the same name",
                         hand=number, name=old)
    return clean


def apply_seat_changes(names: Sequence[str], changes: SeatChanges,
                       number: int | None = None) -> tuple[str, ...]:
    """The names after a hand's ``changes`` (``names``: the names before it); raises
    :class:`RulesError` if a seat is not one of the table's, is named twice, a new name
    is empty, too long, unprintable or the same as before, or two seats would end up
    with the same name (two seats may swap names in one hand)."""
    after = list(names)
    seen: set[int] = set()
    for seat, name in changes:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(names):
            raise RulesError("seat_change_seat", f"there is no seat {seat!r} to change",
                             hand=number, value=seat)
        if seat in seen:
            raise RulesError("seat_change_twice", f"{names[seat]}'s seat changes twice in "
                             "one hand", hand=number, name=names[seat])
        seen.add(seat)
        after[seat] = _new_name(name, seat, names, number)
    keys: dict[str, int] = {}
    for seat, name in enumerate(after):
        key = normalise_name(name)
        if key in keys:
            raise RulesError("seat_change_duplicate", f"after the change {name!r} would "
                             f"sit at two seats ({after[keys[key]]} and {name})",
                             hand=number, name=name)
        keys[key] = seat
    return tuple(after)


def check_seat_changes(names: Sequence[str], changes: SeatChanges,
                       number: int | None = None) -> RulesError | None:
    """Can ``changes`` be made to a table seated as ``names``? None if so, else why not."""
    try:
        apply_seat_changes(names, changes, number)
    except RulesError as err:
        return err
    return None


def seat_of(names: Sequence[str], former: Iterable[str], name: Any, number: int | None,
            what: str = "seat_changes") -> int:
    """The seat a hand names by ``name`` (matched as the players' names are); raises if
    nobody sits under it, saying so when the name was changed away earlier (``former``:
    the names the seats had before, oldest first)."""
    key = normalise_name(name) if isinstance(name, str) else None
    keys = [normalise_name(n) for n in names]
    if key is not None and key in keys:
        return keys.index(key)
    if key is not None and key in {normalise_name(n) for n in former}:
        raise RulesError("seat_change_gone", f"{name!r} no longer plays: the seat was "
                         "given a new name in an earlier hand", hand=number, name=name,
                         where=what)
    raise RulesError("seat_change_unknown", f"{name!r} is not one of the players",
                     hand=number, name=name, where=what)


def read_seat_changes(names: Sequence[str], former: Iterable[str], data: Any,
                      number: int | None = None) -> SeatChanges:
    """A hand's ``"seat_changes"`` of a game file (``{"name now": "new name"}``) as
    ``(seat, new name)`` pairs, each checked: the names are the seats' before the hand."""
    if not isinstance(data, Mapping) or not data:
        raise RulesError("seat_changes_type", "\"seat_changes\" must be an object "
                         "{\"the name now\": \"the new name\"} with at least one change",
                         hand=number)
    pairs = []
    former = tuple(former)
    for old, new in data.items():
        pairs.append((seat_of(names, former, old, number), new))
    seats = [seat for seat, _ in pairs]
    for seat in seats:
        if seats.count(seat) > 1:
            raise RulesError("seat_change_twice", f"{names[seat]}'s seat changes twice in "
                             "one hand", hand=number, name=names[seat])
    changes = read_changes(pairs)
    apply_seat_changes(names, changes, number)
    return changes


def names_by_hand(players: Sequence[str], hands: Iterable[Any]) -> tuple[tuple[str, ...], ...]:
    """The names each hand is played under (after its own changes), from the names the
    game started with; the hands are valid ones."""
    names = tuple(players)
    rows = []
    for hand in hands:
        if hand.seat_changes:
            names = apply_seat_changes(names, hand.seat_changes)
        rows.append(names)
    return tuple(rows)


def seat_history(players: Sequence[str], hands: Iterable[Any],
                 ) -> tuple[tuple[tuple[int, str], ...], ...]:
    """For each seat, who sat there: ``(first hand, name)`` pairs in order (the first
    pair is ``(1, the starting name)``)."""
    history = [[(1, name)] for name in players]
    for number, hand in enumerate(hands, 1):
        for seat, name in hand.seat_changes:
            history[seat].append((number, " ".join(name.split())))
    return tuple(tuple(row) for row in history)
