"""A Kierki game in the game file (``"rules": {"variant": "kierki", ...}``), read and
written; :mod:`.gamefile` hands a Kierki game's rules, deals and replay report here::

    {"players": ["Ala", "Bartek", "Celina", "Darek"],
     "rules": {"variant": "kierki", "lottery": "once", "last_tricks": "seventh_and_last",
               "contracts": ["no_tricks", ..., "robber"], "series": 1,
               "trump_trick": 20},
     "first_dealer": "Ala",
     "hands": [{"contract": "no_tricks", "taken": [2, 3, 4, 4]},
               {"contract": "robber", "taken": {"tricks": [...], "hearts": [...],
                "queens": [...], "kings_jacks": [...], "king_of_hearts": [...],
                "last_tricks": [...]}},
               {"contract": "trumps", "trump": "spades", "taken": [1, 2, 4, 6]},
               {"contract": "lottery", "out": ["Darek", "Celina"]}]}

Every rules key but ``variant`` is optional (``rules.KierkiRules``; ``trump_trick``, a
trick of a trump deal, 25 or 20, is written only when it is 20); a Hearts key in the
rules of a Kierki game (``target``, ``moon``...) is refused as a typo. Each deal names its
``contract``, which must be the one the match is at; ``taken`` counts what each player
took in seat order (the robber: six named lists); ``trump`` (a suit) is optional; ``out``
names the lottery's first and second player out; ``seat_changes`` as in Hearts. The
checks that a deal adds up are the rules' (``rules.kierki.checks``).
"""

from __future__ import annotations

from typing import Any, Mapping

from ..rules import (KIERKI, Contract, Deal, Game, GameState, KierkiRules, RobberCounts,
                     Rules, RulesError, apply_seat_changes, hand_info, match_deals,
                     normalise_name, read_seat_changes, scheduled_deal, sum_check)
from ..rules.kierki.checks import WORDS, contract_error
from ..rules.kierki.contracts import COUNTED, TRUMP_TRICK, Count
from .errors import FormatError, hand_error
from .report import report

KIERKI_RULE_KEYS = ("variant", "lottery", "last_tricks", "contracts", "series", "trump_trick")
DEAL_KEYS = ("contract", "taken", "trump", "out", "seat_changes")
TABLE_KEYS = KIERKI_RULE_KEYS[1:]


def kierki_rules_from_dict(data: Mapping[str, Any]) -> Rules:
    """The rules of a Kierki game file (``data``: its ``rules`` object)."""
    unknown = sorted(set(data) - set(KIERKI_RULE_KEYS))
    if unknown:
        raise FormatError("unknown_key", f"unknown key {unknown[0]!r} in the rules of a "
                          f"Kierki game (known: {', '.join(KIERKI_RULE_KEYS)})",
                          key=unknown[0], where="rules")
    table = KierkiRules(**{key: data[key] for key in TABLE_KEYS if key in data})
    return Rules(KIERKI, kierki=table)


def kierki_rules_to_dict(rules: Rules) -> dict[str, Any]:
    table = rules.kierki
    assert table is not None
    written = {"variant": KIERKI.value, "lottery": table.lottery.value,
               "last_tricks": table.last_tricks.value,
               "contracts": [c.value for c in table.contracts], "series": table.series}
    if table.trump_trick != TRUMP_TRICK:  # the usual +25 is left out: files stay as they were
        written["trump_trick"] = table.trump_trick
    return written


def _contract(value: Any, number: int, game: Game) -> Contract:
    """The deal's contract, which must be the one the match is at (a typo check)."""
    table = game.rules.kierki
    assert table is not None
    slot = None
    if number <= match_deals(table, game.seats):
        slot = scheduled_deal(table, game.seats, game.first_dealer, number)
    try:
        contract = Contract(value)
    except ValueError:
        at = f"; the match is at {slot.contract.value}" if slot is not None else ""
        raise hand_error("unknown_contract", f"{value!r} is not a contract{at}", number,
                         value=value if isinstance(value, (str, int)) else repr(value),
                         expected=None if slot is None else slot.contract.value) from None
    if slot is not None and contract is not slot.contract:
        raise contract_error(slot, contract)
    return contract


def _taken(data: Mapping[str, Any], contract: Contract, number: int) -> Any:
    if contract is Contract.LOTTERY:
        if "taken" in data:
            raise hand_error("taken_stray", "the lottery counts no cards: it names the first "
                             "and the second player out (\"out\")", number)
        return ()
    if contract is Contract.ROBBER:
        six = ", ".join(c.value for c in Count)
        raw = data.get("taken")
        if not isinstance(raw, Mapping) or not all(isinstance(v, list) for v in raw.values()):
            raise hand_error("taken_type", f"the robber's \"taken\" must be an object of six "
                             f"lists, one count per player each: {six}", number)
        return raw
    what = WORDS[COUNTED[contract]]
    if "taken" not in data:
        raise hand_error("taken_missing", f"the deal has no \"taken\": the {what} each player "
                         "took, in seat order", number)
    if not isinstance(data["taken"], list):
        raise hand_error("taken_type", f"\"taken\" must be a list: the {what} each player "
                         "took, in seat order", number)
    return data["taken"]


def _out(data: Mapping[str, Any], contract: Contract, number: int,
         names: tuple[str, ...]) -> tuple[int, ...]:
    """The seats of the lottery's first and second player out, named by their names."""
    if "out" not in data:
        if contract is Contract.LOTTERY:
            raise hand_error("out_missing", "the lottery names the first and the second "
                             "player out (\"out\": [name, name])", number)
        return ()
    raw = data["out"]
    if not isinstance(raw, list) or not all(isinstance(name, str) for name in raw):
        raise hand_error("out_type", "\"out\" must be a list of two names: the first and "
                         "the second player out", number)
    keys = [normalise_name(n) for n in names]
    seats = []
    for name in raw:
        if normalise_name(name) not in keys:
            raise hand_error("out_unknown", f"{name!r} went out but is not one of the "
                             "players", number, name=name)
        seats.append(keys.index(normalise_name(name)))
    return tuple(seats)


def deal_from_dict(data: Any, number: int, game: Game, names: tuple[str, ...],
                   former: tuple[str, ...] = ()) -> Deal:
    """Deal ``number`` of a Kierki game file; ``game`` is the table (players, rules,
    first dealer), ``names`` the seats' names before the deal and ``former`` the names
    changed away before it."""
    if not isinstance(data, Mapping):
        raise hand_error("hand_type", "a deal must be an object with \"contract\"", number)
    unknown = sorted(set(data) - set(DEAL_KEYS))
    if unknown:
        raise hand_error("unknown_key", f"unknown key {unknown[0]!r} in the deal (known: "
                         f"{', '.join(DEAL_KEYS)})", number, key=unknown[0], where="hand")
    if "contract" not in data:
        raise hand_error("contract_missing", "the deal has no \"contract\"", number)
    contract = _contract(data["contract"], number, game)
    changes: tuple[tuple[int, str], ...] = ()
    if "seat_changes" in data:
        changes = read_seat_changes(names, former, data["seat_changes"], number)
        names = apply_seat_changes(names, changes, number)
    taken = _taken(data, contract, number)
    out = _out(data, contract, number, names)
    try:
        return Deal(contract, taken, data.get("trump"), out, changes)
    except RulesError as err:
        raise err.at_hand(number) from None


def _cards(deal: Deal) -> dict[str, Any]:
    """A deal's contract, counts and trumps, as written."""
    row: dict[str, Any] = {"contract": deal.contract.value}
    if isinstance(deal.taken, RobberCounts):
        row["taken"] = {count.value: list(values) for count, values in deal.taken.items()}
    elif deal.contract is not Contract.LOTTERY:
        row["taken"] = list(deal.taken)
    if deal.trump is not None:
        row["trump"] = deal.trump.value
    return row


def deal_to_dict(deal: Deal, before: tuple[str, ...], after: tuple[str, ...]) -> dict[str, Any]:
    """A deal as the game file writes it (``before``/``after``: the seats' names before
    and after its own changes)."""
    row = _cards(deal)
    if deal.out:
        row["out"] = [after[seat] for seat in deal.out]
    if deal.seat_changes:
        row["seat_changes"] = {before[seat]: new for seat, new in deal.seat_changes}
    return row


def kierki_game_to_dict(game: Game) -> dict[str, Any]:
    """The game file of a Kierki game; ``game_from_dict`` reads it back to an equal
    game."""
    hands = []
    before = game.players
    for deal in game.hands:
        after = apply_seat_changes(before, deal.seat_changes) if deal.seat_changes else before
        hands.append(deal_to_dict(deal, before, after))
        before = after
    return {"players": list(game.players), "rules": kierki_rules_to_dict(game.rules),
            "first_dealer": game.players[game.first_dealer], "hands": hands}


def deal_record(deal: Deal) -> dict[str, Any]:
    """A deal as the store's change log keeps it: by seats, not names (a name may change
    later); the deal's own seat changes are kept beside it, as for a Hearts hand."""
    row = _cards(deal)
    if deal.out:
        row["out"] = list(deal.out)
    return row


def deal_from_record(data: Any, seat_changes: Any = ()) -> Deal:
    """The deal a change-log record holds (:func:`deal_record`); raises
    :class:`FormatError` (``deal_record``) when it is not one."""
    try:
        if not isinstance(data, Mapping) or set(data) - {"contract", "taken", "trump", "out"}:
            raise ValueError
        deal = Deal(data["contract"], data.get("taken", ()), data.get("trump"),
                    tuple(data.get("out", ())), seat_changes)
        rows = ([v for _, v in deal.taken.items()] if isinstance(deal.taken, RobberCounts)
                else [deal.taken]) + [deal.out]
        if not all(isinstance(row, tuple) and all(_whole(n) for n in row) for row in rows):
            raise ValueError
        return deal
    except (KeyError, TypeError, ValueError):  # RulesError is a ValueError
        raise FormatError("deal_record", "a change log entry holds no valid deal") from None


def _whole(n: Any) -> bool:
    return isinstance(n, int) and not isinstance(n, bool) and n >= 0


def kierki_state_to_dict(game: Game, st: GameState) -> dict[str, Any]:
    """The replay report of a Kierki game: each deal's contract, dealer and signed
    scores, the totals, the end and the winners, the next deal and the sum check."""
    names = st.players or game.players
    hands = []
    before = game.players
    for number, (hs, deal, now) in enumerate(zip(st.hands, game.hands, st.names), 1):
        info = hand_info(game, number)
        row = {"number": number, "series": info.series, "contract": deal.contract.value,
               "dealer": now[info.dealer], "leader": now[info.first_leader],
               "scores": list(hs.scores)}
        row.update({k: v for k, v in deal_to_dict(deal, before, now).items()
                    if k in ("trump", "out", "seat_changes")})
        hands.append(row)
        before = now
    nxt = None
    if st.next_hand is not None:
        n = st.next_hand
        nxt = {"number": n.number, "dealer": names[n.dealer],
               "leader": names[n.first_leader],  # type: ignore[index]
               "contract": n.contract.value if n.contract else None, "series": n.series,
               "trump_namer": None if n.trump_namer is None else names[n.trump_namer],
               "deals": n.deals}
    check = sum_check(game)
    return {**report(names, hands, st, nxt), "sum": check.total, "match_sum": check.match}
