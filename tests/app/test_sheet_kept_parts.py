"""What a Save leaves unchanged on the score sheet stays the very same controls (``Ui.memo``),
so Flet's diff neither walks nor registers them again: the players whose total and marks
did not change, the bar, the Hands/Chart switch, Rules, Change a player. A kept control
outlives the model it was drawn for (a Save opens the sheet with a new one): its tap must
reach the sheet shown now."""

from __future__ import annotations

import asyncio

import flet as ft

from app_harness import walk
from scorekeeper import rules
from scorekeeper.app import ids
from wire_harness import Tab, play, save_next_hand

HEADERS = [ids.PLAYER_HEADER.format(seat=s) for s in range(4)]
STILL = [ids.RULES, ids.SEAT_OPEN, ids.SHEET_TAB.format(mode="table"),
         ids.SHEET_TAB.format(mode="chart"), ids.CHANGE_LOG]


def texts(control: ft.Control) -> list[str]:
    return [str(c.value) for c in walk(control) if isinstance(c, ft.Text)]


def test_a_save_keeps_the_unchanged_parts_and_their_taps_reach_the_new_sheet(store):
    async def go() -> None:
        gid = play(store, 4, 4)  # every seat at 26, all four tied for the lowest
        tab = Tab(store, f"/game/{gid}")
        before = {i: tab.shown(i)[0] for i in HEADERS + STILL}
        drawn_for = tab.session.model
        save_next_hand(tab)  # 13, 13, 0, 0: seats 0 and 1 at 39, seats 2 and 3 tied at 26
        assert tab.session.route.screen == "sheet" and tab.session.model is not drawn_for
        after = {i: tab.shown(i)[0] for i in HEADERS + STILL}
        assert [i for i in before if after[i] is before[i]] == HEADERS[2:] + STILL
        totals = rules.state(store.get(gid).game).totals
        assert totals == (39, 39, 26, 26)
        for seat, header in enumerate(after[i] for i in HEADERS):
            shown = texts(header)
            assert str(totals[seat]) in shown
            assert ("tied" in shown) == (seat >= 2)
        # the kept controls' taps act on the sheet shown now
        tab.tap(ids.RULES)
        assert tab.shown(ids.RULES_CARD)
        tab.tap(ids.RULES)
        assert tab.shown(ids.RULES_CARD) == []
        tab.tap(ids.SEAT_OPEN)  # the card takes the button's place
        assert tab.shown(ids.SEAT_CARD) and tab.shown(ids.SEAT_OPEN) == []
        tab.tap(ids.SHEET_TAB.format(mode="chart"))
        assert tab.session.route.chart and tab.session.route.id == gid
        tab.tap(ids.CHANGE_LOG)
        assert tab.session.route.screen == "changes"

    asyncio.run(go())


def test_another_language_draws_the_kept_parts_anew(store):
    async def go() -> None:
        gid = play(store, 4, 4)
        tab = Tab(store, f"/game/{gid}")
        before = {i: tab.shown(i)[0] for i in HEADERS + STILL}
        tab.session.set_language("pl")
        tab.shell.render()
        after = {i: tab.shown(i)[0] for i in HEADERS + STILL}
        assert all(after[i] is not before[i] for i in before)
        assert "remis" in texts(after[HEADERS[0]]) and "tied" in texts(before[HEADERS[0]])

    asyncio.run(go())
