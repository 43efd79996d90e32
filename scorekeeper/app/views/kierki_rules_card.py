"""The "Rules" card of a Kierki sheet: the table's order of the negative deals with what
each scores, the trump deals, the lottery, the series, and the reminders a table needs
(who leads, no passing, the 2♣ out with three). Every value comes from the rules."""

from __future__ import annotations

import flet as ft

from ... import rules
from ...rules import Contract, Lottery
from .. import ids
from ..text import kierki_words as kw
from ..text.i18n import N_
from .rules_card import RULES_HERE
from .widgets import Ui, card_span, tag

NEGATIVE_HEAD = N_("The negative deals, in this table's order:")
TRUMPS_LINE = N_("Then a trump deal per player, the dealer names trumps: {what}.")
LOTTERY_LINE = N_("{how}: the lottery, {what}.")
NO_LOTTERY_LINE = N_("No lottery: the match does not add up to 0.")
SERIES_LINE = N_("Series: {n}; each starts with the next dealer.")
LEADS_LINE = N_("The player left of the dealer leads the first trick; nobody passes cards.")
FOLLOW_LINE = N_("Follow suit if you can; in a trump deal the highest trump wins the trick.")
THE_HIGHEST = N_("The highest total wins; equal highest totals share the win.")


def kierki_rules_card(ui: Ui, game: rules.Game) -> ft.Control:
    table, tr = game.rules.kierki, ui.session.tr
    assert table is not None
    small = dict(size=14)
    lines: list[ft.Control] = [
        ft.Text(ui._(RULES_HERE), size=16, weight=ft.FontWeight.BOLD),
        ft.Text(ui._(NEGATIVE_HEAD), **small)]
    for n, contract in enumerate(table.contracts, 1):
        lines.append(ft.Text(f"{n}. {kw.glossed_name(tr, contract, table)}: "
                             f"{kw.what_scores(tr, game, contract)}", **small))
    lines.append(ft.Text(ui._(TRUMPS_LINE, what=kw.what_scores(tr, game, Contract.TRUMPS)),
                         **small))
    if table.lottery is Lottery.NONE:
        lines.append(ft.Text(ui._(NO_LOTTERY_LINE), **small))
    else:
        lines.append(ft.Text(ui._(LOTTERY_LINE, how=ui._(kw.LOTTERY[table.lottery]),
                                  what=kw.what_scores(tr, game, Contract.LOTTERY)), **small))
    lines.append(ft.Text(ui._(SERIES_LINE, n=table.series), **small))
    lines.append(ft.Text(ui._(THE_HIGHEST), **small))
    lines.append(ft.Text(ui._("Reminders"), size=15, weight=ft.FontWeight.BOLD))
    plan = rules.deck_plan(rules.KIERKI, game.seats)
    if plan.removed:
        lines.append(ft.Row([ft.Text(ui._("Take out:"), **small)] +
                            [card_span(c) for c in plan.removed], wrap=True, spacing=6))
    lines.append(ft.Text(ui._n("{n} card each", "{n} cards each", plan.cards_each), **small))
    lines += [ft.Text(ui._(LEADS_LINE), **small), ft.Text(ui._(FOLLOW_LINE), **small)]
    return tag(ids.RULES_CARD, ft.Card(ft.Container(ft.Column(lines, spacing=4),
                                                    padding=14), margin=0))
