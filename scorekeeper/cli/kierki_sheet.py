"""``scorekeeper replay`` of a Kierki game: a paper Kierki sheet as text. One row per
deal: its number, the contract's short name (the words a Polish table writes), the
dealer, and for each player the points of the deal and the running total; then the
totals, the sum check (with the lottery a match adds up to 0), the table's rules, and
the winner or the next deal. Every figure comes from the rules."""

from __future__ import annotations

from .. import rules
from ..rules import Contract, LastTricks
from ..rules.kierki import TRUMP_TRICK
from ..rules.kierki.match import NEGATIVE_PART, Subtotal, subtotals

SHORT = {
    Contract.NO_TRICKS: "bez lew",
    Contract.NO_HEARTS: "bez kierów",
    Contract.NO_QUEENS: "bez dam",
    Contract.NO_KINGS_JACKS: "bez panów",
    Contract.NO_KING_OF_HEARTS: "bez króla kier",
    Contract.ROBBER: "rozbójnik",
    Contract.TRUMPS: "atu",
    Contract.LOTTERY: "loteryjka",
}
LAST_TRICKS = {LastTricks.SEVENTH_AND_LAST: "bez 7. i ostatniej",
               LastTricks.LAST_TWO: "bez 2 ostatnich", LastTricks.LAST: "bez ostatniej"}
ENGLISH_LAST = {LastTricks.SEVENTH_AND_LAST: "the 7th and the last trick",
                LastTricks.LAST_TWO: "the last two tricks", LastTricks.LAST: "the last trick"}


def short_name(table: rules.KierkiRules, deal: rules.Deal | None, contract: Contract) -> str:
    """The contract as a paper sheet names it ("bez dam", "atu ♠")."""
    if contract is Contract.NO_LAST_TRICKS:
        return LAST_TRICKS[table.last_tricks]
    if contract is Contract.TRUMPS and deal is not None and deal.trump is not None:
        return f"atu {deal.trump.suit.value}"
    return SHORT[contract]


def kierki_sheet(game: rules.Game) -> str:
    """The score sheet of a Kierki game (see the module docstring)."""
    st = rules.state(game)
    table = game.rules.kierki
    assert table is not None
    width = max(5, *(len(n) for n in game.players), *(len(str(t)) for t in st.totals))
    cell = 2 * width + 1
    dealer_w = max(6, *(len(n) for row in (game.players, *st.names) for n in row))
    head = f"{'deal':>4}  {'contract':<18}  {'dealer':<{dealer_w}}"
    lines = [head + "  " + "  ".join(f"{n:>{cell}}" for n in game.players),
             " " * len(head) + "  " + "  ".join(f"{'pts':>{width}} {'total':>{width}}"
                                                  for _ in game.players)]
    lines.append("-" * len(lines[0]))
    totals = [0] * game.seats
    before = tuple(game.players)
    lines_under: dict[int, list[Subtotal]] = {}
    for line in subtotals(game):
        lines_under.setdefault(line.after, []).append(line)
    for number, (deal, hs, now) in enumerate(zip(game.hands, st.hands, st.names), 1):
        info = rules.hand_info(game, number)
        if number > 1 and info.series != rules.hand_info(game, number - 1).series:
            lines.append(f"{'':>4}  series {info.series}")
        totals = [t + s for t, s in zip(totals, hs.scores)]
        cells = "  ".join(f"{s:>{width}} {t:>{width}}" for s, t in zip(hs.scores, totals))
        name = short_name(table, deal, deal.contract)
        notes = "".join(f"  from deal {number}: {new} for {before[seat]}"
                        for seat, new in deal.seat_changes)
        if deal.out:
            notes += f"  out: {now[deal.out[0]]}, then {now[deal.out[1]]}"
        lines.append(f"{number:>4}  {name:<18}  {now[info.dealer]:<{dealer_w}}  {cells}{notes}")
        before = now
        lines += [_subtotal(line, width, dealer_w) for line in lines_under.get(number, ())]
    lines.append("-" * len(lines[0]))
    lines.append(f"{'total':<{len(head)}}  " + "  ".join(f"{t:>{cell}}" for t in st.totals))
    lines.append("")
    lines += _footer(game, st, table)
    return "\n".join(lines)


def _subtotal(line: Subtotal, width: int, dealer_w: int) -> str:
    """A subtotal line, as a paper sheet draws it: what the part gave each player (in
    the total column) and its check ("= rozgrywka ... sum -2600: ok")."""
    name = "= rozgrywka" if line.kind == NEGATIVE_PART else f"= series {line.series}"
    cells = "  ".join(f"{'':>{width}} {p:>{width}}" for p in line.part)
    ok = "ok" if line.adds_up else f"WRONG, the rules give {line.expected}"
    return f"{'':>4}  {name:<18}  {'':<{dealer_w}}  {cells}  sum {line.total}: {ok}"


def _footer(game: rules.Game, st: rules.GameState, table: rules.KierkiRules) -> list[str]:
    check = rules.sum_check(game)
    if st.game_over:
        what = ("with the lottery a match adds up to 0" if check.zero_sum else
                f"without the lottery a match adds up to {check.match}")
        ok = "ok" if check.total == check.match else "WRONG"
        lines = [f"sum: {check.total} ({what}: {ok})"]
    else:
        lines = [f"sum so far: {check.total} (the deals played give out {check.played}; "
                 f"the whole match adds up to {check.match})"]
    order = "" if table.contracts == rules.NEGATIVE else (
        "; order: " + ", ".join(short_name(table, None, c) for c in table.contracts))
    deck = " (the 2♣ out, 17 cards each)" if game.seats == 3 else ""
    trumps_at = "" if table.trump_trick == TRUMP_TRICK else \
        f", trump deals +{table.trump_trick} a trick"
    lines.append(f"Kierki: {game.seats} players{deck}, lottery {table.lottery.value.replace('_', ' ')}, "
                 f"last tricks: {ENGLISH_LAST[table.last_tricks]}, "
                 f"{table.series} series{order}{trumps_at}")
    names = list(st.players)
    if st.players != game.players:
        lines.append("at the table now: " + ", ".join(names))
    if st.game_over:
        won = " and ".join(names[seat] for seat in st.winners)
        verb = "win" if st.standing.shared else "wins"
        shared = " (a shared win)" if st.standing.shared else ""
        lines.append(f"match over: {won} {verb} with {st.totals[st.winners[0]]}{shared}")
        return lines
    n = st.next_hand
    assert n is not None and n.contract is not None and n.leader is not None
    trumps = " and names trumps" if n.trump_namer is not None else ""
    lines.append(f"next: deal {n.number} of {n.deals} (series {n.series}), "
                 f"{short_name(table, None, n.contract)}: {names[n.dealer]} deals{trumps}, "
                 f"{names[n.leader]} leads")
    return lines
