"""``scorekeeper replay FILE [--json]``: check every hand of a game file and print the
score sheet (or the state of the game as JSON)."""

from __future__ import annotations

import json
from typing import Callable

from .. import formats, rules
from ..formats.shapes import GAME_FILE
from .errors import UsageError, write_out
from .kierki_sheet import kierki_sheet
from .reading import parse_json, text_pieces


def replay(file: str, as_json: bool) -> int:
    """Every error names the file, as ``import``'s do."""
    try:
        data = parse_json(file, text_pieces(file, formats.MAX_FILE_BYTES, "a game file"),
                          GAME_FILE)
        game = formats.game_from_dict(data)
    except (formats.FormatError, rules.RulesError) as e:
        raise UsageError(f"{file}: {e}") from None
    if as_json:
        write_out(json.dumps(formats.state_to_dict(game), ensure_ascii=False, indent=2) + "\n")
    else:
        write_out(format_table(game) + "\n")
    return 0


def format_table(game: rules.Game) -> str:
    """A readable score sheet, as its game's text sheet draws it (:data:`TEXT_SHEETS`;
    a game without one: Hearts')."""
    sheet = TEXT_SHEETS.get(rules.game_of(game.rules).key, hearts_table)
    return sheet(game)


def hearts_table(game: rules.Game) -> str:
    """A Hearts game's sheet: one row per hand, running totals, verdict, next hand."""
    st = rules.state(game)
    names = list(game.players)
    width = max(6, *(len(n) for n in names))
    head = f"{'hand':>4}  {'pass':<7}  " + "  ".join(f"{n:>{width}}" for n in names)
    lines = [head, "-" * len(head)]
    before = tuple(names)
    for number, (hs, hand, now) in enumerate(zip(st.hands, game.hands, st.names), 1):
        info = rules.hand_info(game, number)
        cells = "  ".join(f"{s:>{width}}" for s in hs.scores)
        notes = _changes(number, before, hand) + _notes(list(now), hs)
        lines.append(f"{number:>4}  {info.pass_token:<7}  {cells}{notes}")
        before = now
    lines.append("-" * len(head))
    lines.append(f"{'total':>13}  " + "  ".join(f"{t:>{width}}" for t in st.totals))
    lines.append("")
    lines.append(f"target: {game.rules.target}  variant: {game.rules.variant.value}  "
                 f"moon: {game.rules.moon.value.replace('_', ' ')}")
    if game.rules.house:
        lines.append("house rules: " + "; ".join(_house(key, value)
                                                 for key, value in game.rules.house))
    if st.players != game.players:
        lines.append("at the table now: " + ", ".join(st.players))
    names = list(st.players)
    if st.game_over:
        won = " and ".join(names[seat] for seat in st.winners)
        verb = "win" if st.standing.shared else "wins"
        shared = " (a shared win)" if st.standing.shared else ""
        lines.append(f"game over: {won} {verb} with {st.totals[st.winners[0]]}{shared}")
    else:
        if st.standing.tie_for_lowest:
            tied = ", ".join(names[s] for s in st.leaders)
            lines.append(f"tie for lowest ({tied}): play another hand")
        n = st.next_hand
        assert n is not None
        if n.passes:
            who = "; ".join(f"{names[a]} -> {names[b]}" for a, b in n.passes.items())
            cards = f" ({n.pass_cards} cards)" if game.rules.plays("pass_cards") else ""
            pass_text = f"pass {n.pass_token}{cards}: {who}"
        else:
            pass_text = "hold: no passing"
        lead = (f"{n.first_lead} leads" if n.first_lead is not None
                else f"{names[n.first_leader]} leads")  # type: ignore[index]
        lines.append(f"next: hand {n.number}, {names[n.dealer]} deals, {pass_text}, {lead}")
    return "\n".join(lines)


def _changes(number: int, before: tuple[str, ...], hand: rules.Hand) -> str:
    """The seats that play under a new name from this hand on."""
    return "".join(f"  from hand {number}: {new} for {before[seat]}"
                   for seat, new in hand.seat_changes)


def _notes(names: list[str], hs: rules.HandScore) -> str:
    """The moon and the house rules' changes of one hand, after its scores."""
    notes = []
    if hs.moon is not None:
        notes.append(f"moon: {names[hs.moon.player]} ({hs.moon.choice.value.replace('_', ' ')})")
    for change in hs.adjustments:
        if change.reached is None:
            notes.append(f"{names[change.seat]} {change.points:+d} ({change.rule.replace('_', ' ')})")
        else:
            notes.append(f"{names[change.seat]} {change.reached} -> {change.back_to}")
    return "".join(f"  {note}" for note in notes)


def _house(key: str, value: object) -> str:
    if isinstance(value, bool):
        return key.replace("_", " ")
    if key == "tie":
        return "a tie at the target is a shared win"
    if key == "pass_cards":
        return f"pass {value} cards"
    return f"{key} {', '.join(value)}"  # type: ignore[call-overload]


# each game's text sheet, by its key in rules.GAMES
TEXT_SHEETS: dict[str, Callable[[rules.Game], str]] = {
    "hearts": hearts_table,
    "kierki": kierki_sheet,
}
