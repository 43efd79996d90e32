"""The parts of a Kierki deal's entry: the deal's contract in words, a player's count on
a keypad with "the rest", the robber's counts as a grid (a count a row, a player a
column, as a paper sheet has them), "who took it" as one tap on a name (the K♥, a last
trick, the first and second out), the trump suit, and each player's points so far.
Every control says, for a screen reader, whose count it is and what it counts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from ... import rules
from ...rules import Contract, Count, Trump
from .. import ids
from ..text import kierki_words as kw
from .entry_parts import count_key, give_rest_button
from .radios import Option, radio_group
from .textwidth import fit_name
from .widgets import RED, TAP, Ui, signed, tag

Changed = Callable[..., Callable[[Any], None]]
NAME_ROOM = 120  # a name beside its count, "= points" and "the rest", at 360 px
GRID_LABEL = 76  # the robber's grid: the column of what is counted


def deal_header(ui: Ui, entry: Any, names: tuple[str, ...]) -> ft.Control:
    """The contract, what it scores and who dealt and led (the rules' schedule)."""
    game, info = entry.game, rules.hand_info(entry.game, entry.number)
    table = game.rules.kierki
    said = kw.DEALS_NAMES_TRUMPS if info.trump_namer is not None else kw.DEALS_LEADS
    small = dict(size=14, color=ft.Colors.ON_SURFACE_VARIANT)
    return ft.Column([
        ft.Text(kw.glossed_name(ui.session.tr, entry.contract, table), size=18,
                weight=ft.FontWeight.BOLD),
        ft.Text(kw.what_scores(ui.session.tr, game, entry.contract), **small),
        ft.Text(ui._(said, dealer=names[info.dealer], leader=names[info.leader]), **small),
    ], spacing=2)


def left_counter(ui: Ui, entry: Any, count: Count) -> ft.Control:
    """What of the count is still to give (or too many), live."""
    left = entry.left(count)
    if left > 0:
        text, colour = ui._n(*kw.LEFT[count], left), ft.Colors.ON_SURFACE
    elif left == 0:
        text, colour = ui._(kw.ALL_GIVEN), ft.Colors.PRIMARY
    else:
        text, colour = ui._n(*kw.TOO_MANY, -left), ft.Colors.ERROR
    return tag(ids.REMAINING, ft.Container(ft.Row([
        ft.Text(str(left).replace("-", "\u2212"), size=30, weight=ft.FontWeight.BOLD,
                color=colour),
        ft.Text(text, size=15, expand=True, color=colour, max_lines=2)]),
        padding=ft.Padding(4, 0, 4, 0), height=52), live_region=True)


def count_box(ui: Ui, entry: Any, count: Count, seat: int, name: str, changed: Changed,
              width: int | None = None) -> ft.Control:
    """A player's count: tap to set it on the keypad (the one it sets now is picked:
    checked, for a screen reader)."""
    value = entry.counts[count][seat]
    picked = entry.picked == (count, seat)
    colour = RED if count is Count.HEARTS else ft.Colors.ON_SURFACE
    return tag(ids.COUNT.format(counted=count.value, seat=seat), ft.Container(
        ft.Text(str(value), size=18, weight=ft.FontWeight.BOLD, color=colour),
        on_click=changed(entry.pick, count, seat), ink=True, border_radius=10,
        width=width, height=TAP, alignment=ft.Alignment.CENTER,
        padding=ft.Padding(12, 0, 12, 0) if width is None else None,
        bgcolor=ft.Colors.SECONDARY_CONTAINER if picked else None,
        border=ft.Border.all(2, ft.Colors.PRIMARY if picked else ft.Colors.OUTLINE_VARIANT)),
        label=ui._(kw.COUNT_BY[count], player=name, n=value), button=True, selected=picked,
        checked=picked)  # a screen reader hears which count the keypad sets


def points_text(ui: Ui, score: int, seat: int, name: str, width: int = 56) -> ft.Control:
    """What the player scores in the deal as entered ("= −60")."""
    shown = f"= {signed(score)}"
    return tag(ids.PLAYER_POINTS.format(seat=seat), ft.Text(
        shown, size=18 if len(shown) <= 5 else 15, width=width, max_lines=1,
        text_align=ft.TextAlign.RIGHT, weight=ft.FontWeight.BOLD),
        label=ui._n("{player}: {n} point", "{player}: {n} points", score, player=name))


def count_rows(ui: Ui, entry: Any, names: tuple[str, ...], changed: Changed
               ) -> list[ft.Control]:
    """One count per player (a negative deal, a trump deal): a row each, the keypad
    under the picked player's row, "the rest" on every row."""
    count = entry.keypad_counts[0]
    scores = entry.scores()
    rows: list[ft.Control] = [left_counter(ui, entry, count)]
    for seat, name in enumerate(names):
        shown, size, lines = fit_name(name, NAME_ROOM, 16, 14)
        picked = entry.picked == (count, seat)
        rows.append(tag(ids.ENTRY_ROW.format(seat=seat), ft.Container(ft.Row([
            tag(ids.ENTRY_NAME.format(seat=seat), ft.Text(
                shown, size=size, weight=ft.FontWeight.BOLD, max_lines=lines,
                overflow=ft.TextOverflow.ELLIPSIS), label=name, exclude_semantics=True,
                expand=True),
            count_box(ui, entry, count, seat, name, changed),
            points_text(ui, scores[seat], seat, name, 64),
            give_rest_button(ui, entry, seat, name, changed),
        ], spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            padding=ft.Padding(8, 4, 0, 4), border_radius=12,
            bgcolor=ft.Colors.SECONDARY_CONTAINER if picked else
            ft.Colors.SURFACE_CONTAINER_LOW), selected=picked))
        if picked:
            rows.append(keypad(ui, entry, names, changed))
    return rows


def keypad(ui: Ui, entry: Any, names: tuple[str, ...], changed: Changed,
           rest: bool = False) -> ft.Control:
    """The picked player's count: a key per possible count (one the deal cannot hold is
    unavailable), and (the robber) "the rest"."""
    count, seat = entry.picked
    name = names[seat]
    keys = [count_key(ids.COUNT_KEY.format(n=n), str(n), ui._n(*kw.KEY[count], n, player=name),
                      entry.counts[count][seat] == n, entry.can_set(count, seat, n),
                      changed(entry.set_count, count, seat, n), radius=24)
            for n in range(entry.units(count) + 1)]
    if rest:
        keys.append(tag(ids.COUNT_REST, ft.TextButton(
            content=ft.Text(ui._("The rest"), size=15), height=TAP,
            on_click=changed(entry.give_rest, seat, count)),
            label=ui._("{player} gets the rest", player=name), button=True))
    return ft.Container(ft.Column([
        ft.Text(ui._(kw.ASK[count], player=name), size=14),
        ft.Row(keys, wrap=True, spacing=4, run_spacing=4),
    ], spacing=6), padding=ft.Padding(8, 4, 8, 8), bgcolor=ft.Colors.SECONDARY_CONTAINER,
        border_radius=12)


def robber_grid(ui: Ui, entry: Any, names: tuple[str, ...], changed: Changed
                ) -> list[ft.Control]:
    """The robber's four keypad counts as a grid (a count a row, a player a column, what
    is left to give beside each count), the keypad under it, then each player's points."""
    room = (360 - 32 - GRID_LABEL) // entry.seats - 6
    head: list[ft.Control] = [ft.Container(width=GRID_LABEL)]
    for seat, name in enumerate(names):
        shown, size, lines = fit_name(name, room, 14, 12)
        head.append(ft.Container(tag(ids.ENTRY_NAME.format(seat=seat), ft.Text(
            shown, size=size, weight=ft.FontWeight.BOLD, max_lines=lines,
            text_align=ft.TextAlign.CENTER), label=name, exclude_semantics=True),
            expand=True, alignment=ft.Alignment.CENTER))
    rows: list[ft.Control] = [ft.Row(head, spacing=4)]
    for count in entry.keypad_counts:
        left = entry.left(count)
        label = ft.Column([
            ft.Text(ui._(kw.COUNT_TITLE[count]), size=13, weight=ft.FontWeight.BOLD,
                    max_lines=2),
            ft.Text(kw.left_short(ui.session.tr, left), size=11,
                    color=ft.Colors.ERROR if left < 0 else ft.Colors.ON_SURFACE_VARIANT)],
            spacing=0, width=GRID_LABEL)
        cells = [ft.Container(count_box(ui, entry, count, seat, name, changed), expand=True)
                 for seat, name in enumerate(names)]
        rows.append(ft.Row([label, *cells], spacing=4,
                           vertical_alignment=ft.CrossAxisAlignment.CENTER))
    rows.append(keypad(ui, entry, names, changed, rest=True))
    return rows


def points_row(ui: Ui, entry: Any, names: tuple[str, ...]) -> ft.Control:
    """Each player's points for the deal as entered, a name over each."""
    scores = entry.scores()
    cells = [ft.Column([
        ft.Text(fit_name(name, 70, 13, 12)[0], size=12, max_lines=1,
                overflow=ft.TextOverflow.ELLIPSIS, color=ft.Colors.ON_SURFACE_VARIANT),
        points_text(ui, scores[seat], seat, name, 72)],
        spacing=0, expand=True, horizontal_alignment=ft.CrossAxisAlignment.END)
        for seat, name in enumerate(names)]
    return ft.Container(ft.Row(cells, spacing=4), padding=ft.Padding(4, 4, 8, 4),
                        border_radius=12, bgcolor=ft.Colors.SURFACE_CONTAINER_LOW)


def name_choice(ui: Ui, question: str, picked: int | None, names: tuple[str, ...],
                identifier: str, pick: Callable[[int], Callable[[Any], None]]) -> list[ft.Control]:
    """"Who took it?": the players as one radio group, one tap on a name."""
    options = [Option(str(seat), identifier.format(seat=seat), name)
               for seat, name in enumerate(names)]
    return [ft.Text(question, size=15, weight=ft.FontWeight.BOLD),
            radio_group(question, None if picked is None else str(picked), options,
                        lambda value: pick(int(value)), look="chip")]


def taker_rows(ui: Ui, entry: Any, names: tuple[str, ...], changed: Changed
               ) -> list[ft.Control]:
    """Who took the K♥, and who took each of the last tricks the table counts."""
    rows: list[ft.Control] = []
    table = entry.game.rules.kierki
    for count in entry.taker_counts:
        if count is Count.KING_OF_HEARTS:
            slots = [("king", kw.WHO_KING)]
        else:
            slots = [(s, kw.WHO_TRICK[s]) for s in kw.TAKER_SLOTS[table.last_tricks]]
        for slot, (name, question) in enumerate(slots):
            rows += name_choice(ui, ui._(question), entry.takers[count][slot], names,
                                ids.TAKER.replace("{slot}", name),
                                lambda seat, c=count, s=slot: changed(entry.set_taker, c, s, seat))
    return rows


def out_rows(ui: Ui, entry: Any, names: tuple[str, ...], changed: Changed
             ) -> list[ft.Control]:
    """The lottery: who went out first, who went out second (two taps)."""
    rows: list[ft.Control] = []
    for place, question in enumerate(kw.WHO_OUT):
        rows += name_choice(ui, ui._(question), entry.out[place], names,
                            ids.OUT.replace("{place}", str(place + 1)),
                            lambda seat, p=place: changed(entry.set_out, p, seat))
    return rows


def trump_row(ui: Ui, entry: Any, names: tuple[str, ...], changed: Changed) -> ft.Control:
    """The suit the dealer named: optional, a tap on the suit (again: not noted)."""
    info = rules.hand_info(entry.game, entry.number)
    namer = names[info.trump_namer] if info.trump_namer is not None else ""
    chips = []
    for trump in Trump:
        chosen = entry.trump is trump
        red = trump in (Trump.HEARTS, Trump.DIAMONDS)
        chips.append(tag(ids.TRUMP.format(suit=trump.value), ft.Chip(
            label=ft.Text(trump.suit.value, size=20, weight=ft.FontWeight.BOLD,
                          color=RED if red else None),
            selected=chosen, show_checkmark=False, height=TAP,
            on_select=changed(entry.set_trump, trump)),
            label=kw.trump_word(ui.session.tr, trump), selected=chosen, checked=chosen,
            button=True, on_tap=changed(entry.set_trump, trump)))
    return ft.Column([
        ft.Text(ui._(kw.TRUMPS_NAMED, player=namer), size=15, weight=ft.FontWeight.BOLD),
        ft.Row(chips, wrap=True, spacing=6, run_spacing=0)], spacing=4)


def entry_rows(ui: Ui, entry: Any, names: tuple[str, ...], changed: Changed
               ) -> list[ft.Control]:
    """The controls of this deal's contract."""
    contract = entry.contract
    if contract is Contract.LOTTERY:
        return out_rows(ui, entry, names, changed) + [points_row(ui, entry, names)]
    if contract is Contract.ROBBER:
        return (robber_grid(ui, entry, names, changed) + taker_rows(ui, entry, names, changed)
                + [points_row(ui, entry, names)])
    if entry.keypad_counts:
        rows = count_rows(ui, entry, names, changed)
        if contract is Contract.TRUMPS:
            rows.insert(0, trump_row(ui, entry, names, changed))
        return rows
    return taker_rows(ui, entry, names, changed) + [points_row(ui, entry, names)]
