"""A Kierki game's score sheet, as a paper Kierki sheet has it: the next deal's contract
in words (what it scores, who deals, who leads, who names trumps), a row per deal (its
number and the contract's short name, each player's points, the running totals under
them; a subtotal line under the seven negative deals and, in a longer match, under
each series), the totals on top with who leads (the highest total), and at the end the
winner(s), the standings and the sum check. Every number comes from the rules
(``rules.state``, ``rules.hand_info``, ``rules.contract_terms``, ``rules.sum_check``);
``screens/sheet.py`` draws the rest of the screen as for Hearts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from ... import rules
from ...formats.share import join_names
from ...rules import Contract
from ...rules.kierki.match import NEGATIVE_PART, SERIES_PART, Subtotal, subtotals
from .. import ids
from ..text import kierki_words as kw
from ..text.house_words import SHARED_WIN
from ..text.i18n import N_
from ..text.messages import Nn_
from .palette import seat_colour
from .sheet_parts import COLUMN_GAP, COLUMN_SIDES, row_key, total_text
from .textwidth import SLACK, fit_name, widest
from .widgets import Ui, signed, tag

CONTRACT_COL = 64  # a deal's number and its contract's short name, on two lines
MATCH_LINE = Nn_("{game}: {n} deal, the highest total wins",
                 "{game}: {n} deals, the highest total wins")
ENTER_DEAL = N_("Enter deal {hand}")
ROW_LABEL = N_("Deal {hand}: {contract}, {dealer} deals")
RUNNING_LABEL = N_("{player}: total {n} after deal {hand}")
LEADS_HIGHEST = N_("Leads with the highest total")
TIED_HIGHEST = N_("Tied for the highest total")
SUM_ZERO = N_("Sum check: the totals add up to 0, as a whole match with the lottery does.")
SUM_PLAYED = N_("Sum check: the totals add up to {total}, what the deals played give out.")
SUM_NO_LOTTERY = N_("Sum check: the totals add up to {total}, as a match without the "
                    "lottery does.")
SUM_WRONG = N_("Sum check: the totals add up to {total}, but the deals played give out "
               "{played}.")
# a subtotal line (rules.kierki.match.subtotals): its name in the narrow column, and its
# check under it
PART_NAME = {NEGATIVE_PART: N_("negative deals"), SERIES_PART: N_("series {series}")}
PART_OK = {NEGATIVE_PART: N_("The negative deals add up to {total}, as they must."),
           SERIES_PART: N_("Series {series} adds up to {total}, as a series must.")}
PART_WRONG = N_("These deals add up to {total}, but should add up to {expected}.")
PART_CELL = N_("{player}: {n}")


def banner(ui: Ui, game: rules.Game, st: rules.GameState) -> ft.Control:
    """The next deal: "Deal 5 of 12: no king of hearts", what it scores, who deals and
    leads (and names trumps), the series."""
    n = st.next_hand
    assert n is not None and n.contract is not None
    names, tr, table = game.players, ui.session.tr, game.rules.kierki
    colour = ft.Colors.ON_PRIMARY_CONTAINER
    said = kw.DEALS_NAMES_TRUMPS if n.trump_namer is not None else kw.DEALS_LEADS
    lines: list[ft.Control] = [
        ft.Text(ui._(kw.DEAL_OF, number=n.number, deals=n.deals,
                     contract=kw.glossed_name(tr, n.contract, table)),
                size=19, weight=ft.FontWeight.BOLD, color=colour),
        ft.Text(kw.what_scores(tr, game, n.contract), size=16, weight=ft.FontWeight.BOLD,
                color=colour),
        ft.Text(ui._(said, dealer=names[n.dealer], leader=names[n.leader]), size=15,
                color=colour),
    ]
    if table.series > 1:  # type: ignore[union-attr]
        lines.append(ft.Text(ui._(kw.SERIES_OF, series=n.series, count=table.series),
                             size=14, color=colour))  # type: ignore[union-attr]
    return tag(ids.BANNER, ft.Container(ft.Column(lines, spacing=4),
                                        bgcolor=ft.Colors.PRIMARY_CONTAINER, border_radius=16,
                                        padding=16), live_region=True)


def match_line(ui: Ui, game: rules.Game) -> ft.Control:
    """Under the banner: the game, the match's length, which total wins."""
    deals = rules.match_deals(game.rules.kierki, game.seats)  # type: ignore[arg-type]
    return tag(ids.TARGET_INFO, ft.Row([
        ft.Icon(ft.Icons.FLAG_OUTLINED, size=18),
        ft.Text(ui._n(*MATCH_LINE, deals, game=ui._(kw.GAME_NAME)), size=15, expand=True)]))


def marks(ui: Ui, game: rules.Game, st: rules.GameState, seat: int) -> list[ft.Control]:
    """"leads" / "tied" (the highest total, the rules' leaders), the trophy at the end."""
    if st.game_over:
        if seat not in st.winners:
            return []
        return [tag(ids.LEADER.format(seat=seat), ft.Icon(
            ft.Icons.EMOJI_EVENTS, size=16, color=ft.Colors.AMBER_700),
            label=ui._("Won the game"))]
    if not game.hands or seat not in st.leaders:
        return []
    single = len(st.leaders) == 1
    word, label = (ui._("leads"), ui._(LEADS_HIGHEST)) if single else \
        (ui._("tied"), ui._(TIED_HIGHEST))
    return [tag(ids.LEADER.format(seat=seat), ft.Text(
        word, color=ft.Colors.PRIMARY, size=11, weight=ft.FontWeight.BOLD, max_lines=1),
        label=label, exclude_semantics=True)]


def table(ui: Ui, game: rules.Game, st: rules.GameState,
          edit: Callable[[int], Callable] | None) -> tuple[list[ft.Control], ft.Control]:
    """The totals pinned on top, a row per deal under them, and the notes."""
    room = (360 - 2 * COLUMN_SIDES - CONTRACT_COL) / game.seats - COLUMN_GAP - 4
    size = total_size(st.totals, room)
    cells: list[ft.Control] = []
    for seat, name in enumerate(game.players):
        lead = not st.game_over and seat in st.leaders and bool(game.hands)
        shown, size, lines = fit_name(name, room, 14, 13)
        cells.append(tag(ids.PLAYER_HEADER.format(seat=seat), ft.Container(ft.Column([
            ft.Row(marks(ui, game, st, seat), spacing=2, height=18, tight=True,
                   alignment=ft.MainAxisAlignment.CENTER),
            tag(ids.SHEET_NAME.format(seat=seat), ft.Text(
                shown, size=size, max_lines=lines, overflow=ft.TextOverflow.ELLIPSIS,
                text_align=ft.TextAlign.CENTER, weight=ft.FontWeight.BOLD),
                label=name, exclude_semantics=True),
            ft.Container(height=3, width=28, bgcolor=seat_colour(seat), border_radius=2),
            total_text(ui, st, seat, name, size, lead),
        ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            padding=ft.Padding(2, 4, 2, 4), expand=True, border_radius=10,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if lead else None), expand=True))
    header = ft.Row([ft.Container(width=CONTRACT_COL)] + cells, spacing=COLUMN_GAP)
    pinned = [ft.Container(header, padding=ft.Padding(COLUMN_SIDES, 4, COLUMN_SIDES, 4))]
    running = rules.running_totals(game)
    under: dict[int, list[Subtotal]] = {}
    for line in subtotals(game):
        under.setdefault(line.after, []).append(line)
    rows: list[ft.Control] = []
    for number, hs in enumerate(st.hands, 1):
        rows.append(ui.memo(row_key(ui, game, "kierki", number, hs, running[number - 1], edit)
                            + (game.hands[number - 1],),
                            lambda n=number, h=hs: deal_row(ui, game, n, h, running[n - 1],
                                                            edit)))
        rows += [ui.memo(("kierki-subtotal", ui.session.language, game.players, line),
                         lambda s=line: subtotal_row(ui, game, s))
                 for line in under.get(number, ())]
    notes: list[ft.Control] = [ft.Column(rows, spacing=2)]
    small = dict(size=13, color=ft.Colors.ON_SURFACE_VARIANT)
    if not game.hands:
        notes.append(ft.Container(ft.Text(ui._("No deals yet."), **small),
                                  padding=ft.Padding(4, 8, 0, 8)))
    else:
        notes.append(ft.Text(ui._("Small numbers: the running total after each deal."),
                             **small))
        if edit is not None:
            notes.append(ft.Text(ui._("Tap a deal to change it; the last one can be "
                                      "deleted too."), **small))
        notes.append(sum_line(ui, game, st))
    return pinned, ft.Column(notes, spacing=4)


def total_size(totals: tuple[int, ...], room: float) -> int:
    """The totals' size: the largest at which the widest one ("−1040") fits its column
    at 360 px on one line (a total cut in two, "−34" over "5", read as two numbers)."""
    shown = [signed(t) for t in totals]
    return next((size for size in (26, 24, 22, 20, 18) if widest(shown, size) + SLACK <= room),
                16)


def short_name(ui: Ui, game: rules.Game, deal: Any) -> str:
    """The contract as the sheet's narrow column says it ("bez lew", "atu ♠")."""
    name = kw.contract_name(ui.session.tr, deal.contract, game.rules.kierki, short=True)
    if deal.contract is Contract.TRUMPS and deal.trump is not None:
        return f"{name} {deal.trump.suit.value}"
    return name


def deal_row(ui: Ui, game: rules.Game, number: int, hs: rules.HandScore,
             running: tuple[int, ...], edit: Callable[[int], Callable] | None) -> ft.Control:
    """One deal: its number and contract, then each player's points, the running total
    under them in small print."""
    short = short_name(ui, game, game.hands[number - 1])
    head = ft.Semantics(exclude_semantics=True, content=ft.Column([
        ft.Text(str(number), size=13, weight=ft.FontWeight.BOLD),
        tag(ids.KIERKI_CONTRACT.format(n=number), ft.Text(
            short, size=11, max_lines=2, color=ft.Colors.ON_SURFACE_VARIANT))],
        spacing=0, width=CONTRACT_COL))
    cells = [ft.Container(ft.Column([
        tag(ids.CELL.format(n=number, seat=seat), ft.Container(ft.Text(
            signed(hs.scores[seat]), size=16, text_align=ft.TextAlign.CENTER),
            alignment=ft.Alignment.CENTER)),
        tag(ids.RUNNING.format(n=number, seat=seat), ft.Text(
            signed(running[seat]), size=11, color=ft.Colors.ON_SURFACE_VARIANT,
            text_align=ft.TextAlign.CENTER),
            label=ui._(RUNNING_LABEL, player=name, n=running[seat], hand=number),
            exclude_semantics=True),
    ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER), expand=True)
        for seat, name in enumerate(game.players)]
    row = ft.Container(ft.Row([head, *cells], spacing=COLUMN_GAP),
                       padding=ft.Padding(0, 4, 0, 4), border_radius=8,
                       on_click=edit(number) if edit else None, ink=edit is not None)
    return tag(ids.HAND_ROW.format(n=number), row, label=row_label(ui, game, number),
               button=edit is not None, key=f"hand-{number}")


def subtotal_row(ui: Ui, game: rules.Game, line: Subtotal) -> ft.Control:
    """A line under the negative deals (or a series), as a paper sheet draws it: what the
    part gave each player, and its check ("add up to −2600, as they must")."""
    name = ui._(PART_NAME[line.kind], series=line.series)
    check = ui._(PART_OK[line.kind], series=line.series, total=signed(line.total)) \
        if line.adds_up else ui._(PART_WRONG, total=signed(line.total),
                                   expected=signed(line.expected))
    # each word whole in the narrow column ("rozgrywka" was cut "rozgrywk" / "a")
    size = next((s for s in (11, 10, 9) if widest(name.split(), s) + SLACK <= CONTRACT_COL), 8)
    head = ft.Semantics(exclude_semantics=True, content=ft.Text(  # read in the line's label
        name, size=size, weight=ft.FontWeight.BOLD, max_lines=2, width=CONTRACT_COL))
    cells = [ft.Container(tag(ids.KIERKI_PART.format(n=line.after, seat=seat), ft.Text(
        signed(part), size=15, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER),
        label=ui._(PART_CELL, player=player, n=signed(part)), exclude_semantics=True),
        expand=True, alignment=ft.Alignment.CENTER)
        for seat, (player, part) in enumerate(zip(game.players, line.part))]
    ok = line.adds_up
    content = ft.Column([
        ft.Row([head, *cells], spacing=COLUMN_GAP),
        ft.Semantics(exclude_semantics=True, content=ft.Row([
            ft.Icon(ft.Icons.CHECK_CIRCLE_OUTLINE if ok else ft.Icons.ERROR_OUTLINE,
                    size=16, color=ft.Colors.PRIMARY if ok else ft.Colors.ERROR),
            ft.Text(check, size=12, expand=True)], spacing=6))], spacing=2)
    return tag(ids.KIERKI_SUBTOTAL.format(n=line.after), ft.Container(
        content, padding=ft.Padding(0, 6, 0, 6), border_radius=8,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        border=ft.Border(top=ft.BorderSide(2, ft.Colors.OUTLINE))),
        label=f"{name}: {check}")


def row_label(ui: Ui, game: rules.Game, number: int) -> str:
    """A deal's row, read out: "Deal 5: no K♥, Ala deals"."""
    info = rules.hand_info(game, number)
    return ui._(ROW_LABEL, hand=number, contract=short_name(ui, game, game.hands[number - 1]),
                dealer=game.players[info.dealer])


def now_lines(ui: Ui, game: rules.Game, n: rules.NextHand) -> list[ft.Control]:
    """The table view's card (every phone at the table): the deal, who deals, the
    contract and what it scores, large enough to read across the table."""
    tr, colour = ui.session.tr, ft.Colors.ON_PRIMARY_CONTAINER
    assert n.contract is not None
    said = kw.DEALS_NAMES_TRUMPS if n.trump_namer is not None else kw.DEALS_LEADS
    name = kw.glossed_name(tr, n.contract, game.rules.kierki)
    return [
        ft.Text(ui._(kw.DEAL_NUMBER, number=n.number, deals=n.deals), size=18, color=colour),
        tag(ids.TABLE_PASS, ft.Text(name, size=30, weight=ft.FontWeight.BOLD, color=colour)),
        ft.Text(kw.what_scores(tr, game, n.contract), size=18, color=colour),
        tag(ids.TABLE_DEALER, ft.Text(ui._(said, dealer=game.players[n.dealer],
                                           leader=game.players[n.leader]),
                                      size=22, weight=ft.FontWeight.BOLD, color=colour)),
    ]


def sum_line(ui: Ui, game: rules.Game, st: rules.GameState) -> ft.Control:
    """The sum check (``rules.sum_check``): at the end with the lottery, 0."""
    check = rules.sum_check(game)
    if check.total != check.played:
        text = ui._(SUM_WRONG, total=signed(check.total), played=signed(check.played))
    elif not st.game_over:
        text = ui._(SUM_PLAYED, total=signed(check.total))
    elif check.zero_sum:
        text = ui._(SUM_ZERO)
    else:
        text = ui._(SUM_NO_LOTTERY, total=signed(check.total))
    ok = check.total == check.played
    return tag(ids.SUM_CHECK, ft.Row([
        ft.Icon(ft.Icons.CHECK_CIRCLE_OUTLINE if ok else ft.Icons.ERROR_OUTLINE, size=18,
                color=ft.Colors.PRIMARY if ok else ft.Colors.ERROR),
        ft.Text(text, size=13, expand=True)], spacing=6), label=text)


def over_card(ui: Ui, game: rules.Game, st: rules.GameState, rematch: ft.Control
              ) -> ft.Control:
    """The winner(s) (the highest total; equal highest share the win), the standings
    highest first, the sum check and the rematch."""
    names = game.players
    won = join_names([names[seat] for seat in st.winners], ui.session.tr)
    said = ui._(SHARED_WIN, winners=won) if st.standing.shared else \
        ui._("{winner} wins!", winner=won)
    places = rules.places(st.totals, highest_first=True)
    standings = [tag(ids.STANDING.format(place=row), ft.Row([
        ft.Text(f"{places[seat]}.", width=28, size=16),
        ft.Text(names[seat], size=16, expand=True,
                weight=ft.FontWeight.BOLD if places[seat] == 1 else None),
        ft.Text(signed(st.totals[seat]), size=16, weight=ft.FontWeight.BOLD)]))
        for row, seat in enumerate(rules.standings_order(st.totals, highest_first=True), 1)]
    content = ft.Column([
        tag(ids.WINNER, ft.Row([ft.Icon(ft.Icons.EMOJI_EVENTS, size=36,
                                        color=ft.Colors.AMBER_700),
                                ft.Text(said, size=24, weight=ft.FontWeight.BOLD,
                                        expand=True)])),
        ft.Text(ui._("Game over. Final standings:"), size=15),
        *standings, sum_line(ui, game, st), rematch], spacing=6)
    return tag(ids.GAME_OVER, ft.Container(content, bgcolor=ft.Colors.SECONDARY_CONTAINER,
                                           border_radius=16, padding=16), live_region=True)
