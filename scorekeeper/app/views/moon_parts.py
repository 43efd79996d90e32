"""The moon on the hand entry: who shot it, the table's rule or the shooter's two choices,
and what each does to the totals and the game (all from ``rules.moon_preview``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from ... import rules
from ...rules import MoonChoice, MoonRule
from .. import ids
from ..text.house_words import UNLESS_ADDS, UNLESS_SUBTRACTS, over_words
from ..text.words import MOON_CHOICE_NAME, MOON_RULE_NAME
from .widgets import Ui, signed, tag


def moon_box(ui: Ui, entry: Any, changed: Callable) -> ft.Control | None:
    shooter = entry.shooter()
    if shooter is None:
        return None
    game, names = entry.game, entry.names
    name = names[shooter]
    head = ft.Text(ui._("☾ {player} shot the moon!", player=name), size=19,
                   weight=ft.FontWeight.BOLD)
    preview = entry.moon_preview()
    parts: list[ft.Control] = [head]
    if game.rules.moon is MoonRule.SHOOTER_CHOICE:
        parts.append(ft.Text(ui._("{player} chooses what the moon scores:", player=name), size=15))
        if preview is not None:
            options = [moon_option(ui, entry, preview.options[c], name, changed)
                       for c in MoonChoice]
            parts.append(ft.Row(options, spacing=8, vertical_alignment=ft.CrossAxisAlignment.START))
            if preview.same_result:
                parts.append(ft.Text(ui._("Either way the game goes the same way."), size=13))
    else:
        parts.append(ft.Text(ui._("Table rule: {rule}.",
                                  rule=ui._(MOON_RULE_NAME[game.rules.moon])), size=15))
        if game.rules.moon is MoonRule.ADD_UNLESS_IT_LOSES and preview is not None:
            parts.append(unless_preview(ui, names, preview))
    return tag(ids.MOON, ft.Container(ft.Column(parts, spacing=8),
                                      bgcolor=ft.Colors.TERTIARY_CONTAINER, border_radius=16,
                                      padding=12), live_region=True)


def unless_preview(ui: Ui, names: tuple[str, ...], preview: rules.MoonPreview) -> ft.Control:
    """"Unless it loses": what the rule will do, before Save, and how the game goes."""
    outcome = preview.options[preview.applied]  # type: ignore[index]
    shooter = names[preview.shooter]
    said = (UNLESS_SUBTRACTS if preview.applied is MoonChoice.SUBTRACT_FROM_SELF
            else UNLESS_ADDS)
    return tag(ids.MOON_APPLIED, ft.Column([
        ft.Text(ui._(said, player=shooter), size=15, weight=ft.FontWeight.BOLD),
        ft.Text(outcome_text(ui, names, outcome.standing), size=13),
    ], spacing=2))


def outcome_text(ui: Ui, names: tuple[str, ...], standing: rules.Standing) -> str:
    if standing.game_over:
        return over_words(ui, [names[seat] for seat in standing.winners])
    if standing.tie_for_lowest:
        return ui._("Tie for lowest: the game goes on")
    return ui._("The game goes on")


def moon_option(ui: Ui, entry: Any, outcome: rules.MoonOutcome, shooter: str,
                changed: Callable) -> ft.Control:
    names = entry.names
    selected = entry.moon_choice == outcome.choice
    title = ui._(MOON_CHOICE_NAME[outcome.choice], player=shooter)
    totals = [ft.Row([ft.Text(n, size=13, expand=True, max_lines=1,
                              overflow=ft.TextOverflow.ELLIPSIS),
                      ft.Text(signed(t), size=13, weight=ft.FontWeight.BOLD)])
              for n, t in zip(names, outcome.totals)]
    content = ft.Column([
        ft.Row([ft.Icon(ft.Icons.RADIO_BUTTON_CHECKED if selected
                        else ft.Icons.RADIO_BUTTON_UNCHECKED, size=20),
                ft.Text(title, size=14, weight=ft.FontWeight.BOLD, expand=True)]),
        ft.Text(ui._("Totals after this hand:"), size=12),
        *totals,
        ft.Text(outcome_text(ui, names, outcome.standing), size=13, weight=ft.FontWeight.BOLD),
    ], spacing=2)

    def pick(e: Any = None) -> None:
        with ui.lock:
            entry.moon_choice = outcome.choice
            ui.act(ui.model.entry_changed)(e)

    return tag(ids.MOON_CHOICE.format(choice=outcome.choice.value), ft.Container(
        content, padding=10, border_radius=12, ink=True, on_click=pick,
        bgcolor=ft.Colors.SURFACE, border=ft.Border.all(3 if selected else 1,
                                                        ft.Colors.PRIMARY if selected
                                                        else ft.Colors.OUTLINE_VARIANT)),
        label=title, selected=selected, checked=selected, button=True, expand=True)
