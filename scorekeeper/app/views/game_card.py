"""A stored game as the home and history lists show it: a card that tells two games of
the same players apart (the standing is the rules', the dates the phone's own)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from ...formats.share import join_names

from ... import rules
from .. import ids
from ..text.i18n import N_
from ..text.messages import Nn_
from ..registry import app_game_of
from .widgets import Ui, local_time, signed, tag


def game_card(ui: Ui, g: Any, identifier: str, on_click: Callable,
              extra: list[ft.Control] | None = None, played: bool = False) -> ft.Control:
    """What tells two games of the same players apart: not started or hands played, who
    won or who leads now (from the rules), and when it started, in local time
    (``played``: when it was last played too, for a list in that order)."""
    players = ", ".join(g.players)
    parts = app_game_of(g.variant)  # the game's own words
    small = dict(size=13, color=ft.Colors.ON_SURFACE_VARIANT)
    strong = dict(size=13, weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY)
    facts: list[ft.Control] = []
    won = tuple(getattr(g, "winners", ())) or ((g.winner,) if g.winner else ())
    if g.finished and won:  # a shared win names every winner
        facts.append(ft.Text(ui._("{winner} won", winner=join_names(won, ui.session.tr)),
                             **strong))
    elif not g.hands:
        facts.append(tag(ids.NOT_STARTED, ft.Text(ui._("Not started"), **strong)))
    elif g.totals:
        facts.append(ft.Text(leads_text(ui, g), **strong))
    if g.hands:  # "3 hands played", "3 of 12 deals played"
        facts.append(ft.Text(parts.played_words(ui, g), **small))
    when = local_time(ui, g.created)  # "Not started · Started today" said two things
    facts.append(ft.Text(ui._("Started {when}", when=when) if g.hands else
                         ui._("Set up {when}", when=when), **small))
    if played and g.hands:
        facts.append(ft.Text(ui._("Last played {when}", when=local_time(ui, g.updated)),
                             **small))
    lines: list[ft.Control] = [
        ft.Text(players, size=16, weight=ft.FontWeight.BOLD, max_lines=2,
                overflow=ft.TextOverflow.ELLIPSIS),
        ft.Row(facts, spacing=12, wrap=True, run_spacing=0),
    ]
    totals = getattr(g, "totals", None)
    if totals and g.hands:
        lines.append(ft.Row([ft.Text(f"{name} {signed(total)}", size=13) for name, total in
                             zip(g.players, totals)], spacing=10, wrap=True, run_spacing=0))
    # the card's tap is its identifier's node, and a button on it (delete) sits beside
    # that node, not inside it (axe: nested-interactive); the card makes no node of its own
    card = tag(identifier, ft.Container(
        ft.Column(lines, spacing=2), padding=ft.Padding(16, 12, 8, 12), on_click=on_click,
        ink=True, border_radius=12), button=True, expand=True)
    return ft.Card(ft.Row([card, *(extra or [])], spacing=0,
                          vertical_alignment=ft.CrossAxisAlignment.CENTER),
                   margin=0, semantic_container=False)


DEALS_PLAYED = Nn_("{hand} of {n} deal played", "{hand} of {n} deals played")
TIED_HIGHEST = N_("Tied for the highest: {players}")


def hands_played(ui: Ui, g: Any) -> str:
    return ui._n("{n} hand played", "{n} hands played", g.hands)


def deals_played(ui: Ui, g: Any) -> str:
    return ui._n(*DEALS_PLAYED, g.deals, hand=g.hands)


def lowest_leads(g: Any) -> tuple[list[str], str]:
    """Who leads a Hearts game: the lowest totals."""
    leaders = [g.players[s] for s in rules.standing(g.totals, g.target).leaders]
    return leaders, N_("Tied for the lowest: {players}")


def highest_leads(g: Any) -> tuple[list[str], str]:
    """Who leads a Kierki match: the highest totals (``rules.kierki_standing``)."""
    return [g.players[s] for s in rules.kierki_standing(g.totals, False).leaders], TIED_HIGHEST


def leads_text(ui: Ui, g: Any) -> str:
    """Who leads now, as the rules of its game say (the lowest total in Hearts, the
    highest in Kierki)."""
    leaders, tied = app_game_of(g.variant).leads(g)
    if len(leaders) == 1:
        return ui._("{player} leads", player=leaders[0])
    return ui._(tied, players=", ".join(leaders))


__all__ = ["game_card"]
