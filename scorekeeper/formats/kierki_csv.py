"""A Kierki match as a CSV sheet, one row per deal, as a paper Kierki sheet has it, and
that sheet read back into a game file.

The columns (:func:`kierki_columns`), the sheet first: ``game_id``, then the deal:
``deal`` (1, 2, ...), ``contract``, ``dealer``, ``trump`` (the suit named in a trump
deal); for each seat N (1 to 3 or 4, in seating order) ``player_N`` (who played the
deal there), ``taken_N``, ``points_N`` (the deal's points, signed) and ``total_N`` (the
running total); ``sum``, what the totals add up to (0 at the end of a match with the
lottery); then the game: ``variant`` (``kierki``), the table's rules ``lottery``,
``last_tricks``, ``contracts`` (the seven negative contracts in the table's order,
separated by spaces) and ``series``, and ``created``, ``updated``; ``trump_trick`` (a
trick of a trump deal, 20) only in a file with a table playing +20. ``taken_N`` is what the contract counts: a
number (tricks, hearts, queens, kings and jacks, the K♥ as 0 or 1, last tricks; in a
trump deal tricks); in the robber the six counts as ``tricks=3 hearts=6 queens=1
kings_jacks=1 king_of_hearts=0 last_tricks=1``; in the lottery ``1`` for the first
player out, ``2`` for the second and empty for the others.

A seat that changes name (a table's life) shows the new name from the deal the change
comes in; ``was_N`` (a column only in a file with such a change) holds the name the
seat had before, on that deal's row. A typed sheet may leave ``was_N`` out: a name that
differs from the row above is a change; an empty ``player_N`` below deal 1 is the same
player.

Reading, only ``deal``, ``contract``, the ``player_N`` of deal 1 and the ``taken_N`` are
needed; the rules' cells are read from deal 1's row (defaults as in the game file), and
deal 1's ``dealer`` is the first dealer. ``dealer``, ``points_N``, ``total_N`` and
``sum`` are derived by the rules: left empty they are ignored, filled in they must agree
(a typo on the sheet is caught).
"""

from __future__ import annotations

import re
from typing import Any

from ..rules import (Contract, Count, Deal, Game, RobberCounts, RulesError, hand_info,
                     normalise_name, running_totals, state)
from ..rules.kierki import TRUMP_TRICK
from .cells import bad, identified, whole
from .errors import FormatError
from .gamefile import game_from_dict

KIERKI_HEAD = ("game_id", "deal", "contract", "dealer", "trump")
KIERKI_TAIL = ("sum", "variant", "lottery", "last_tricks", "contracts", "series", "created",
               "updated")
SEAT_FIELDS = ("player", "taken", "points", "total")
MAX_SEATS = 4
KIERKI_REQUIRED = ("deal", "contract", "player_1", "taken_1")
KIERKI_TEXT = frozenset(("lottery", "last_tricks", "contracts", "contract", "trump",
                         *(f"{f}_{n}" for f in ("player", "taken", "was")
                           for n in range(1, MAX_SEATS + 1))))
FIRST_OUT, SECOND_OUT = "1", "2"
Lines = list[tuple[int, dict[str, str]]]


def kierki_columns(seats: int = MAX_SEATS, was: bool = False, trump_trick: bool = False
                   ) -> tuple[str, ...]:
    """The columns of a Kierki sheet for ``seats`` seats; ``was``: with ``was_N``;
    ``trump_trick``: with the trump deal's value (a table playing +20 a trick)."""
    per_seat = tuple(f"{f}_{n}" for n in range(1, seats + 1) for f in SEAT_FIELDS)
    changed = tuple(f"was_{n}" for n in range(1, seats + 1)) if was else ()
    return KIERKI_HEAD + per_seat + KIERKI_TAIL + changed + (
        ("trump_trick",) if trump_trick else ())


def plays_other_trump_trick(game: Game) -> bool:
    """Does the table play a trump deal's trick at other than +25 (a column of its own)?"""
    table = game.rules.kierki
    return table is not None and table.trump_trick != TRUMP_TRICK


ALL_KIERKI_COLUMNS = kierki_columns(MAX_SEATS, was=True, trump_trick=True)


def taken_cell(deal: Deal, seat: int) -> int | str:
    """What the seat took, as the sheet writes it (see the module docstring)."""
    if deal.contract is Contract.LOTTERY:
        return {deal.out[0]: FIRST_OUT, deal.out[1]: SECOND_OUT}.get(seat, "")
    if isinstance(deal.taken, RobberCounts):
        return " ".join(f"{count.value}={counts[seat]}" for count, counts in deal.taken.items())
    return deal.taken[seat]


def kierki_rows(g: dict[str, Any], game: Game) -> list[dict[str, Any]]:
    """A Kierki game's rows: one per deal (``g``: its game file, with id and dates)."""
    table = game.rules.kierki
    assert table is not None
    common = {"game_id": g["id"], "created": g["created"], "updated": g["updated"],
              "variant": game.rules.variant.value, "lottery": table.lottery.value,
              "last_tricks": table.last_tricks.value,
              "contracts": " ".join(c.value for c in table.contracts), "series": table.series,
              "trump_trick": table.trump_trick}
    st = state(game)
    rows = []
    before = game.players
    for number, (deal, hs, totals, names) in enumerate(
            zip(game.hands, st.hands, running_totals(game), st.names, strict=True), 1):
        changed = dict(deal.seat_changes)
        row = {**common, "deal": number, "contract": deal.contract.value,
               "dealer": names[hand_info(game, number).dealer],
               "trump": "" if deal.trump is None else deal.trump.value, "sum": sum(totals)}
        for seat, name in enumerate(names):
            n = seat + 1
            row.update({f"player_{n}": name, f"taken_{n}": taken_cell(deal, seat),
                        f"points_{n}": hs.scores[seat], f"total_{n}": totals[seat],
                        f"was_{n}": before[seat] if seat in changed else ""})
        rows.append(row)
        before = names
    return rows


# --- reading ------------------------------------------------------------------------------


def read_kierki_game(gid: str, lines: Lines) -> dict[str, Any]:
    """The game file of one Kierki game's rows (``lines``: line number and cells by
    column), with its id and dates; every derived cell checked."""
    where = f"game {gid}" if gid else "the game"
    deals = _deals(where, lines)
    first_line, first = deals[0]
    players = _players(first_line, first)
    table: dict[str, Any] = {"variant": "kierki"}
    for key in ("lottery", "last_tricks"):
        if first.get(key):
            table[key] = first[key]
    if first.get("contracts"):
        table["contracts"] = [c for c in re.split(r"[\s,;]+", first["contracts"]) if c]
    for key in ("series", "trump_trick"):
        if first.get(key):
            table[key] = whole(first[key], key, first_line)
    data: dict[str, Any] = {"players": players, "rules": table}
    names = players
    hands = []
    for number, (line, cells) in enumerate(deals, 1):
        hand, names = _deal(line, cells, number, names)
        hands.append(hand)
        if number == 1 and first.get("dealer"):
            data["first_dealer"] = _first_dealer(first["dealer"], players, names)
    data["hands"] = hands
    _check_derived(identified(data, gid, first), deals)
    return data


def _deals(where: str, lines: Lines) -> Lines:
    """The rows of the game in deal order: one per deal, numbered 1, 2, 3, ..."""
    by_number: dict[int, tuple[int, dict[str, str]]] = {}
    for line, cells in lines:
        if not cells.get("deal"):
            raise bad(f"line {line}: {where} is a Kierki game and this row has no deal "
                      "number (the \"deal\" column)", line=line)
        number = whole(cells["deal"], "deal", line)
        if number in by_number:
            raise bad(f"line {line}: deal {number} of {where} has two rows", line=line)
        by_number[number] = (line, cells)
    numbers = sorted(by_number)
    if numbers != list(range(1, len(numbers) + 1)):
        raise bad(f"line {lines[0][0]}: the deals of {where} must be numbered 1, 2, 3, ... "
                  f"(found {', '.join(map(str, numbers[:8]))})")
    return [by_number[n] for n in numbers]


def _players(line: int, cells: dict[str, str]) -> list[str]:
    """The names the game starts with: deal 1's ``was_N`` or ``player_N``, seat by seat."""
    players = []
    for n in range(1, MAX_SEATS + 1):
        name = cells.get(f"was_{n}") or cells.get(f"player_{n}")
        if not name:
            break
        players.append(name)
    if any(cells.get(f"player_{n}") for n in range(len(players) + 1, MAX_SEATS + 1)):
        raise bad(f"line {line}: deal 1 names no player_{len(players) + 1}, but a later "
                  "seat: the seats are player_1, player_2, ... in order", line=line)
    return players


def _first_dealer(dealer: str, players: list[str], names: tuple[str, ...]) -> str:
    """Deal 1's dealer as the game file names the first dealer (a name it starts with),
    whether the sheet names the seat as it was before deal 1's changes or after."""
    key = normalise_name(dealer)
    for row in (names, players):
        keys = [normalise_name(n) for n in row]
        if key in keys:
            return players[keys.index(key)]
    return dealer  # the rules say who is not at the table


def _seat_changes(line: int, cells: dict[str, str], number: int,
                  names: tuple[str, ...]) -> tuple[dict[str, str], tuple[str, ...]]:
    """The deal's changes of name (``{name before: new name}``) and the names after."""
    changes: dict[str, str] = {}
    after = list(names)
    for seat, now in enumerate(names):
        n = seat + 1
        new = " ".join(cells.get(f"player_{n}", "").split()) or now
        was = cells.get(f"was_{n}", "")
        if was and number > 1 and normalise_name(was) != normalise_name(now):
            raise bad(f"line {line}: deal {number}: was_{n} says {was!r}, but the seat "
                      f"was {now!r} before this deal", line=line)
        if new != now:
            changes[now] = new
            after[seat] = new
    return changes, tuple(after)


def _deal(line: int, cells: dict[str, str], number: int, names: tuple[str, ...],
          ) -> tuple[dict[str, Any], tuple[str, ...]]:
    """Deal ``number``'s game-file hand and the seats' names after it (``names``: before)."""
    if not cells.get("contract"):
        raise bad(f"line {line}: deal {number} names no contract", line=line)
    if number == 1:
        names = tuple(cells.get(f"player_{n + 1}") or names[n] for n in range(len(names)))
        changes: dict[str, str] = {}
        for seat, name in enumerate(names):
            was = cells.get(f"was_{seat + 1}")
            if was and was != name:
                changes[was] = name
    else:
        changes, names = _seat_changes(line, cells, number, names)
    hand: dict[str, Any] = {"contract": cells["contract"]}
    taken = [cells.get(f"taken_{seat + 1}", "") for seat in range(len(names))]
    if cells["contract"] == Contract.LOTTERY.value:
        hand["out"] = _out(line, number, taken, names)
    elif cells["contract"] == Contract.ROBBER.value:
        hand["taken"] = _robber(line, number, taken, names)
    else:
        hand["taken"] = [_count(line, number, cell, name) for cell, name in zip(taken, names)]
    if cells.get("trump"):
        hand["trump"] = cells["trump"]
    if changes:
        hand["seat_changes"] = changes
    return hand, names


def _count(line: int, number: int, cell: str, name: str) -> int:
    if not cell:
        raise bad(f"line {line}: deal {number}, {name}: taken is empty (the count of what "
                  "the contract scores)", line=line)
    return whole(cell, f"deal {number}, {name}: taken", line)


def _out(line: int, number: int, taken: list[str], names: tuple[str, ...]) -> list[str]:
    """The lottery's first and second player out: the seats marked 1 and 2."""
    first, second = [], []
    for cell, name in zip(taken, names):
        if cell in ("", "0"):
            continue
        if cell not in (FIRST_OUT, SECOND_OUT):
            raise bad(f"line {line}: deal {number}, {name}: in the lottery taken is 1 (the "
                      f"first out), 2 (the second) or empty, not {cell[:20]!r}", line=line)
        (first if cell == FIRST_OUT else second).append(name)
    return first + second


def _robber(line: int, number: int, taken: list[str], names: tuple[str, ...],
            ) -> dict[str, list[int]]:
    """The robber's six counts per player, from cells such as ``tricks=3 hearts=6 ...``."""
    keys = [c.value for c in Count]
    six: dict[str, list[int]] = {key: [] for key in keys}
    for cell, name in zip(taken, names):
        found: dict[str, int] = {}
        for word in cell.replace(",", " ").replace(";", " ").split():
            key, eq, value = word.partition("=")
            if not eq or key not in keys or key in found:
                raise bad(f"line {line}: deal {number}, {name}: the robber's taken is six "
                          f"counts such as \"tricks=3 hearts=6 queens=1 kings_jacks=1 "
                          f"king_of_hearts=0 last_tricks=1\", not {word[:30]!r}", line=line)
            found[key] = whole(value, f"deal {number}, {name}: {key}", line)
        missing = [key for key in keys if key not in found]
        if missing:
            raise bad(f"line {line}: deal {number}, {name}: the robber's taken has no "
                      f"{missing[0]} (it needs {', '.join(keys)})", line=line)
        for key in keys:
            six[key].append(found[key])
    return six


def _check_derived(data: dict[str, Any], deals: Lines) -> None:
    """Filled-in ``dealer``, ``points_N``, ``total_N`` and ``sum`` cells must be what the
    rules make them."""
    try:
        game = game_from_dict(data)
    except (FormatError, RulesError):
        return  # the import's own check reports it, naming the deal
    st = state(game)
    for number, ((line, cells), totals, names) in enumerate(
            zip(deals, running_totals(game), st.names), 1):
        dealer = names[hand_info(game, number).dealer]
        if cells.get("dealer") and number > 1 and \
                normalise_name(cells["dealer"]) != normalise_name(dealer):
            raise bad(f"line {line}: deal {number}: the sheet says {cells['dealer']} deals, "
                      f"the rules make it {dealer}", line=line)
        want = {"sum": sum(totals)}
        for seat, name in enumerate(names):
            want[f"points_{seat + 1}"] = st.hands[number - 1].scores[seat]
            want[f"total_{seat + 1}"] = totals[seat]
        for what, value in want.items():
            if cells.get(what) and whole(cells[what], what, line) != value:
                raise bad(f"line {line}: deal {number}: the sheet says {what} {cells[what]}, "
                          f"the rules make it {value}", line=line)
