"""A table's life on the score sheet: who played each seat when ("Zenon · for Darek from
hand 6"), and the card that changes a player from the next hand on (a name put right,
someone new in the seat). The form's state is :class:`SeatForm` (no Flet); the sheet's
model writes it to the store."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

import flet as ft

from ... import rules
from ...formats.share import SEAT_CHANGE
from .. import ids
from ..forms.limits import cut_name
from ..text.i18n import N_
from .widgets import TAP, Ui, tag, text_field

CHANGE_PLAYER = N_("Change a player")
CHANGE_PLAYER_HINT = N_("Put a name right, or seat someone new: from hand {hand} on. The "
                        "seat keeps its total, its deal and its pass.")
WHO_CHANGES = N_("Who leaves or is renamed")
SEAT_PICKED = N_("{player} leaves or is renamed")
NEW_NAME = N_("New name")
CHANGE_FROM = N_("Change from hand {hand}")
CHANGED = N_("From hand {hand}: {new} for {old}.")
SEAT_CHANGES = N_("Who played when")


def seated(game: rules.Game, names: tuple[str, ...]) -> rules.Game:
    """The same game with its seats under ``names`` and no changes of name: every total,
    deal and pass is the same (a seat keeps them), so the sheet draws the table as it
    sits now. For drawing only: the store keeps the game itself."""
    hands = tuple(replace(h, seat_changes=()) if h.seat_changes else h for h in game.hands)
    return replace(game, players=tuple(names), hands=hands)


@dataclass
class SeatForm:
    """The change-a-player card: which seat (by its name now) and the new name."""

    seat: int = 0
    name: str = ""

    def set_name(self, text: str) -> None:
        self.name = cut_name(text)

    def changes(self, waiting: tuple[tuple[int, str], ...]) -> tuple[tuple[int, str], ...]:
        """The changes waiting for the next hand once this one is made: a seat already
        waiting for a new name takes this one instead (its name now is the same)."""
        return rules.read_changes({**dict(waiting), self.seat: self.name})

    def problem(self, names_now: tuple[str, ...], waiting: tuple[tuple[int, str], ...],
                number: int) -> rules.RulesError | None:
        """Why the change cannot be made (None: it can), as the rules say."""
        return rules.check_seat_changes(names_now, self.changes(waiting), number)


def history_lines(ui: Ui, game: rules.Game, waiting: tuple[tuple[int, str], ...],
                  names_now: tuple[str, ...]) -> ft.Control | None:
    """Who played each seat when, one line per change (those waiting for the next hand
    too); None when every seat has had one name."""
    lines: list[ft.Control] = []
    number = len(game.hands) + 1
    for seat, row in enumerate(rules.seat_history(game.players, game.hands)):
        pairs = list(zip(row, row[1:]))
        pending = dict(waiting).get(seat)
        if pending is not None:
            pairs.append((row[-1], (number, pending)))
        for (_, old), (hand, new) in pairs:
            text = ui._(SEAT_CHANGE, new=new, old=old, hand=hand)
            # heard without the middle dot: "Zenon, for Darek from hand 6"
            lines.append(tag(ids.SEAT_CHANGE.format(seat=seat, n=hand), ft.Text(
                text, size=14), label=text.replace(" · ", ", ")))
    if not lines:
        return None
    head = ft.Text(ui._(SEAT_CHANGES), size=13, color=ft.Colors.ON_SURFACE_VARIANT)
    return tag(ids.SEAT_HISTORY, ft.Column([head, *lines], spacing=2))


def change_card(ui: Ui, form: SeatForm, names_now: tuple[str, ...], number: int,
                act: Callable[..., Callable], save: Callable[[], None],
                close: Callable[[], None]) -> ft.Control:
    """The card: the seat (by its name now), the new name, and the change."""
    chips = []
    for seat, who in enumerate(names_now):
        picked = seat == form.seat
        chips.append(tag(ids.SEAT_PICK.format(seat=seat), ft.Chip(
            label=ft.Text(who), selected=picked, show_checkmark=True, height=TAP,
            on_select=act(setattr, form, "seat", seat)),
            label=ui._(SEAT_PICKED, player=who), selected=picked, checked=picked, button=True,
            on_tap=act(setattr, form, "seat", seat)))
    seats = ft.Column([ft.Text(ui._(WHO_CHANGES), size=14),
                       ft.Row(chips, wrap=True, spacing=6, run_spacing=0)], spacing=2)
    name = tag(ids.SEAT_NEW_NAME, text_field(
        ui, form.name, form.set_name, label=ui._(NEW_NAME), dense=True,
        capitalization=ft.TextCapitalization.WORDS, max_length=rules.MAX_NAME_LENGTH,
        counter="", on_submit=act(save), key="seat-new-name", said=ui._(NEW_NAME)))
    buttons = ft.Row([
        tag(ids.SEAT_SAVE, ft.FilledButton(ui._(CHANGE_FROM, hand=number), height=TAP,
                                           on_click=act(save)), button=True),
        tag(ids.SEAT_CANCEL, ft.TextButton(ui._("Cancel"), height=TAP,
                                           on_click=act(close)), button=True),
    ], wrap=True)
    return tag(ids.SEAT_CARD, ft.Card(ft.Container(ft.Column([
        ft.Text(ui._(CHANGE_PLAYER), size=17, weight=ft.FontWeight.BOLD),
        ft.Text(ui._(CHANGE_PLAYER_HINT, hand=number), size=13),
        seats, name, buttons], spacing=8), padding=12), margin=0))


def change_button(ui: Ui, on_click: Callable) -> ft.Control:
    return tag(ids.SEAT_OPEN, ft.TextButton(
        content=ft.Text(ui._(CHANGE_PLAYER), size=15), icon=ft.Icons.PERSON_ADD_ALT,
        height=TAP, on_click=on_click), label=ui._(CHANGE_PLAYER), button=True)
