"""The "Rules" card of the score sheet: the table's rules (variant, target, moon rule,
house rules, the pass cycle) and the reminders a table needs while it plays (the first
lead, no points on the first trick, hearts not led until broken, the queen rule). Every
fact comes from the game's rules."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from ... import rules
from .. import ids
from ..text.house_words import HOUSE_RULE_LINE, cycle_words
from ..text.i18n import N_
from .widgets import TAP, Ui, card_span, tag
from ..text.words import MOON_RULE_NAME, VARIANT_NAME

RULES = N_("Rules")
RULES_HERE = N_("Rules at this table")
PLAY_TO = N_("Play to {target}.")
PASSES = N_("Passes: {cycle}")
REMINDERS = N_("Reminders")
NO_POINTS_FIRST = N_("No heart and no queen of spades on the first trick.")
HEARTS_BROKEN = N_("Hearts cannot be led until hearts are broken.")
QUEEN_BREAKS = N_("The queen of spades breaks hearts.")
QUEEN_DOES_NOT = N_("The queen of spades does not break hearts.")
CANCEL = N_("Two identical cards in one trick cancel each other.")
LEFT_OF_DEALER = N_("The player left of the dealer leads the first trick (no heart, no "
                    "queen of spades).")
LEADS = N_("leads the first trick")


def rules_button(ui: Ui, is_open: bool, on_click: Callable) -> ft.Control:
    return tag(ids.RULES, ft.TextButton(
        content=ui._(RULES), icon=ft.Icons.MENU_BOOK_OUTLINED, on_click=on_click,
        height=TAP), label=ui._(RULES), button=True, expanded=is_open)


def rules_card(ui: Ui, game: rules.Game) -> ft.Control:
    table = game.rules
    small = dict(size=14)
    cycle = [p.token for p in rules.pass_cycle(table.variant, game.seats,
                                              table.house_rule("passes"))]
    lines: list[ft.Control] = [
        ft.Text(ui._(RULES_HERE), size=16, weight=ft.FontWeight.BOLD),
        ft.Text(ui._("{variant} · moon: {moon}", variant=ui._(VARIANT_NAME[table.variant]),
                     moon=ui._(MOON_RULE_NAME[table.moon])), **small),
        ft.Text(ui._(PLAY_TO, target=table.target), **small),
        ft.Text(ui._(PASSES, cycle=cycle_words(ui, cycle)), **small),
    ]
    lines += [ft.Text(ui._(HOUSE_RULE_LINE[key]), **small) for key, value in table.house
              if value is True]
    lines.append(ft.Text(ui._(REMINDERS), size=15, weight=ft.FontWeight.BOLD))
    lead = rules.deck_plan(table.variant, game.seats).first_lead
    if lead is not None:
        lines.append(ft.Row([card_span(lead), ft.Text(ui._(LEADS), expand=True, **small)],
                            spacing=6))
        lines.append(ft.Text(ui._(NO_POINTS_FIRST), **small))
    else:
        lines.append(ft.Text(ui._(LEFT_OF_DEALER), **small))
        lines.append(ft.Text(ui._(CANCEL), **small))
    lines.append(ft.Text(ui._(HEARTS_BROKEN), **small))
    lines.append(ft.Text(ui._(QUEEN_BREAKS if table.queen_breaks_hearts else QUEEN_DOES_NOT),
                         **small))
    return tag(ids.RULES_CARD, ft.Card(ft.Container(ft.Column(lines, spacing=4),
                                                    padding=14), margin=0))
