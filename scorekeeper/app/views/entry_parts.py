"""Hand-entry controls: the queen of spades (one toggle, or a count per player with two
decks), "gets the rest" with a visible word, and, with Omnibus, who took the J♦."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from .. import ids
from ..text.house_words import JACK_TAKEN, WHO_TOOK_JACK
from .widgets import TAP, Ui, tag


def give_rest_button(ui: Ui, entry: Any, seat: int, name: str, changed: Callable
                     ) -> ft.Control:
    """"Gets the rest": an icon with a visible word under it (an icon alone read like a
    login arrow); a screen reader hears the whole "Bartek gets the rest"."""
    return tag(ids.GIVE_REST.format(seat=seat), ft.Container(
        ft.Column([ft.Icon(ft.Icons.INPUT, size=20, color=ft.Colors.PRIMARY),
                   ft.Text(ui._("The rest"), size=11, color=ft.Colors.PRIMARY,
                           max_lines=1, text_align=ft.TextAlign.CENTER)],
                  spacing=0, tight=True, alignment=ft.MainAxisAlignment.CENTER,
                  horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        width=TAP + 12, height=TAP, border_radius=10, ink=True,
        alignment=ft.Alignment.CENTER, on_click=changed(entry.give_rest, seat)),
        label=ui._("{player} gets the rest", player=name), button=True,
        exclude_semantics=True)


def queen_button(ui: Ui, entry: Any, seat: int, name: str, changed: Callable) -> ft.Control:
    """One queen (standard): a toggle; the one lit Q♠ shows who took it."""
    taken = bool(entry.queens[seat])
    return tag(ids.QUEEN.format(seat=seat, n=0), ft.Container(
        ft.Text(ui._("Q♠"), size=17, weight=ft.FontWeight.BOLD,
                color=ft.Colors.ON_PRIMARY if taken else ft.Colors.ON_SURFACE),
        bgcolor=ft.Colors.PRIMARY if taken else None, border_radius=10,
        border=ft.Border.all(2, ft.Colors.PRIMARY if taken else ft.Colors.OUTLINE_VARIANT),
        width=TAP, height=TAP, alignment=ft.Alignment.CENTER, ink=True,
        on_click=changed(entry.toggle_queen, seat)),
        label=ui._("{player} took the queen of spades", player=name), toggled=taken,
        button=True)


def queen_counts(ui: Ui, entry: Any, seat: int, name: str, changed: Callable
                 ) -> list[ft.Control]:
    """Two queens (Cancellation): how many this player took, 0, 1 or 2. A count that
    would need a queen someone else holds is greyed out, never taken from them."""
    parts: list[ft.Control] = [ft.Text(ui._("Q♠"), size=17, weight=ft.FontWeight.BOLD)]
    for count in range(entry.max_queens + 1):
        parts.append(count_key(
            ids.QUEENS.format(seat=seat, count=count), str(count),
            ui._n("{player} took {n} queen of spades", "{player} took {n} queens of spades",
                  count, player=name),
            entry.queens[seat] == count, entry.can_set_queens(seat, count),
            changed(entry.set_queens, seat, count), radius=10))
    return parts


def jack_row(ui: Ui, entry: Any, changed: Callable) -> ft.Control:
    """Omnibus: who took the J♦, one tap on a name (required before Save)."""
    chips = []
    for seat, name in enumerate(entry.names):
        taken = entry.jack == seat
        chips.append(tag(ids.JACK_TAKER.format(seat=seat), ft.Chip(
            label=ft.Text(name, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
            selected=taken, show_checkmark=True, height=TAP,
            on_select=changed(entry.set_jack, seat)),
            label=ui._(JACK_TAKEN, player=name), selected=taken, checked=taken, button=True,
            on_tap=changed(entry.set_jack, seat)))
    return ft.Container(ft.Column([
        ft.Text(ui._(WHO_TOOK_JACK), size=15, weight=ft.FontWeight.BOLD),
        ft.Row(chips, wrap=True, spacing=6, run_spacing=0),
    ], spacing=4), padding=ft.Padding(8, 4, 8, 8), border_radius=12,
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW)


def count_key(identifier: str, text: str, label: str, current: bool, possible: bool,
              on_pick: Callable, radius: int) -> ft.Control:
    """A count to pick (hearts on the keypad, queens): a chip, so that a screen reader
    hears it as one checkable control, checked when it is the count now, and unavailable
    (disabled, not merely grey) when the deck has no more; its label says it in words
    ("2 hearts for Ala"), the digit is not read again."""
    return tag(identifier, ft.Chip(
        label=ft.Text(text, size=17, weight=ft.FontWeight.BOLD, semantics_label=label,
                      text_align=ft.TextAlign.CENTER, width=TAP - 2,
                      color=ft.Colors.ON_PRIMARY if current else None),
        selected=current, show_checkmark=False, disabled=not possible,
        on_select=on_pick if possible else None, width=TAP, height=TAP,
        padding=0, label_padding=0, selected_color=ft.Colors.PRIMARY,
        bgcolor=ft.Colors.SURFACE, shape=ft.RoundedRectangleBorder(radius=radius),
        border_side=ft.BorderSide(2, ft.Colors.PRIMARY if current else
                                  ft.Colors.OUTLINE_VARIANT)))
