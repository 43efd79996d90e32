"""The new-game form's Kierki part: the game among the variants, then the table's own
rules (how often the lottery is played, which tricks the sixth deal counts, how many
series, the table's order of the seven negative deals: each moved one place at a time
with a button that says which and where, so it works at 360 px and with a screen
reader) and how to prepare the cards. The values in the hints are the rules'."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from ... import rules
from ...rules import Contract, Count, LastTricks, Lottery
from ...rules.kierki import MAX_SERIES, TRUMP_TRICK, TRUMP_TRICKS, count_value
from .. import ids
from ..text import kierki_words as kw
from ..text.i18n import N_
from ..text.messages import Nn_
from .kierki_rules_card import LEADS_LINE
from .radios import Option, named_by_group, radio_group
from .widgets import TAP, Ui, card_span, section, tag

Act = Callable[..., Callable[[Any], None]]
LOTTERY_HEAD = N_("Lottery (loteryjka)")
LAST_HEAD = N_("The sixth deal counts")
SERIES_HEAD = N_("Series")
TRUMP_HEAD = N_("A trick in a trump deal")
TRUMP_HINT = {25: N_("the usual value"),
              20: N_("as a Polish rules text gives for three players")}
ORDER_HEAD = N_("Order of the negative deals")
USUAL_ORDER = N_("Usual order")
MOVE_UP = N_("Move {contract} earlier")
MOVE_DOWN = N_("Move {contract} later")
MATCH = Nn_("The match: {n} deal, the highest total wins.",
            "The match: {n} deals, the highest total wins.")


def lottery_hint(ui: Ui, mode: Lottery, players: int, trick: int = TRUMP_TRICK) -> str:
    """What the lottery pays (the rules' prizes for this many players, following the
    trump deal's value)."""
    if mode is Lottery.NONE:
        return ui._(kw.NO_LOTTERY_HINT)
    first, second = rules.terms(Contract.LOTTERY, players, lottery=mode,
                                trump_trick=trick).prizes
    said = kw.PRIZES_EACH if mode is Lottery.EACH_DEALER else kw.PRIZES
    return ui._(said, first=first, second=second)


def last_hint(ui: Ui, last: LastTricks, players: int) -> str:
    """What each counted trick costs (the rules' value for this many players)."""
    value = kw.signed_value(count_value(Count.LAST_TRICKS, players, last))
    return value if last is LastTricks.LAST else ui._(kw.EACH, value=value)


def kierki_rows(ui: Ui, form: Any, act: Act) -> list[ft.Control | None]:
    """The table's Kierki rules, as the form holds them (``form.kierki``)."""
    choices, n = form.kierki, min(max(form.count, 3), 4)
    trick = choices.table(n).trump_trick
    rows: list[ft.Control | None] = [named_by_group(section(ui._(LOTTERY_HEAD)))]
    rows.append(radio_group(ui._(LOTTERY_HEAD), choices.lottery.value, [
        Option(mode.value, ids.KIERKI_LOTTERY.format(value=mode.value), ui._(kw.LOTTERY[mode]),
               lottery_hint(ui, mode, n, trick)) for mode in Lottery],
        lambda value: act(choices.set_lottery, value)))
    if choices.offers_trump_trick(n):
        rows.append(named_by_group(section(ui._(TRUMP_HEAD))))
        rows.append(radio_group(ui._(TRUMP_HEAD), str(trick), [
            Option(str(value), ids.KIERKI_TRUMP_TRICK.format(value=value),
                   kw.signed_value(value), ui._(TRUMP_HINT[value])) for value in TRUMP_TRICKS],
            lambda value: act(choices.set_trump_trick, value)))
    rows.append(named_by_group(section(ui._(LAST_HEAD))))
    rows.append(radio_group(ui._(LAST_HEAD), choices.last_tricks.value, [
        Option(last.value, ids.KIERKI_LAST.format(value=last.value),
               ui._(kw.LAST_TRICKS[last]), last_hint(ui, last, n)) for last in LastTricks],
        lambda value: act(choices.set_last_tricks, value)))
    rows.append(named_by_group(section(ui._(SERIES_HEAD))))
    rows.append(radio_group(ui._(SERIES_HEAD), str(choices.series), [
        Option(str(s), ids.KIERKI_SERIES.format(n=s), str(s))
        for s in range(1, MAX_SERIES + 1)],
        lambda value: act(choices.set_series, value), look="fill"))
    rows += order_rows(ui, choices, act)
    deals = rules.match_deals(choices.table(n), n)
    rows.append(tag(ids.KIERKI_MATCH, ft.Text(ui._n(*MATCH, deals), size=14,
                                              color=ft.Colors.ON_SURFACE_VARIANT)))
    return rows


def order_rows(ui: Ui, choices: Any, act: Act) -> list[ft.Control]:
    """The seven negative deals in the table's order, each with "earlier" and "later"."""
    table = choices.table()
    rows: list[ft.Control] = [section(ui._(ORDER_HEAD))]
    last = len(choices.contracts) - 1
    for place, contract in enumerate(choices.contracts):
        name = kw.glossed_name(ui.session.tr, contract, table)
        rows.append(tag(ids.KIERKI_ORDER.format(n=place), ft.Row([
            ft.Text(f"{place + 1}. {name}", size=15, expand=True),
            move_button(ui, ids.KIERKI_ORDER_UP.format(n=place), ft.Icons.ARROW_UPWARD,
                        ui._(MOVE_UP, contract=name), place == 0,
                        act(choices.move, place, -1)),
            move_button(ui, ids.KIERKI_ORDER_DOWN.format(n=place), ft.Icons.ARROW_DOWNWARD,
                        ui._(MOVE_DOWN, contract=name), place == last,
                        act(choices.move, place, 1)),
        ], spacing=0)))
    if not choices.is_usual_order():
        rows.append(tag(ids.KIERKI_ORDER_RESET, ft.TextButton(
            content=ui._(USUAL_ORDER), icon=ft.Icons.RESTART_ALT, height=TAP,
            on_click=act(choices.usual_order)), label=ui._(USUAL_ORDER), button=True))
    return rows


def move_button(ui: Ui, identifier: str, icon: Any, said: str, disabled: bool,
                on_click: Callable[[Any], None]) -> ft.Control:
    return tag(identifier, ft.IconButton(icon, tooltip=said, disabled=disabled,
                                         on_click=on_click, width=TAP, height=TAP),
               label=said, button=True)


def kierki_deck_card(ui: Ui, form: Any, plan: rules.DeckPlan) -> ft.Control:
    """How to prepare the cards (three players: the 2♣ out) and who leads."""
    lines: list[ft.Control] = [
        ft.Text(ui._("Preparing the cards"), weight=ft.FontWeight.BOLD, size=15)]
    if plan.removed:
        lines.append(ft.Row([ft.Text(ui._("Take out:"), size=15)] +
                            [card_span(c) for c in plan.removed], wrap=True, spacing=6))
    else:
        lines.append(ft.Text(ui._("Use the whole deck."), size=15))
    lines.append(ft.Text(ui._n("{n} card each", "{n} cards each", plan.cards_each), size=15))
    lines.append(ft.Text(ui._(LEADS_LINE), size=15))
    return tag(ids.DECK_PLAN, ft.Card(ft.Container(ft.Column(lines, spacing=4), padding=14),
                                      margin=0))
