"""Hand-entry controls: the queen of spades (one toggle, or a count per player with two
decks) and "gets the rest" with a visible word."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from . import ids
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
        current = entry.queens[seat] == count
        possible = entry.can_set_queens(seat, count)
        parts.append(tag(ids.QUEENS.format(seat=seat, count=count), ft.Container(
            ft.Text(str(count), size=17, weight=ft.FontWeight.BOLD,
                    color=ft.Colors.ON_PRIMARY if current else
                    ft.Colors.ON_SURFACE if possible else ft.Colors.OUTLINE),
            bgcolor=ft.Colors.PRIMARY if current else None, border_radius=10,
            border=ft.Border.all(2, ft.Colors.PRIMARY if current else
                                 ft.Colors.OUTLINE_VARIANT),
            width=TAP, height=TAP, alignment=ft.Alignment.CENTER, ink=possible,
            disabled=not possible, opacity=1.0 if possible else 0.35,
            on_click=changed(entry.set_queens, seat, count) if possible else None),
            label=ui._n("{player} took {n} queen of spades",
                        "{player} took {n} queens of spades", count, player=name),
            selected=current, button=True))
    return parts
