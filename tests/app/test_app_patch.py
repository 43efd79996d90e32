"""What the shell sends to the phone: through a real Flet session (no browser), counting the
bytes of every message as the web server would send them.

Guards the mechanism that makes Save fast (``scorekeeper/app/retain.py`` and
``Shell._show``): the sheet stays on the phone under the hand entry and a saved hand sends
only what changed (the totals, the banner, the new row), not a whole new sheet; the rows of
the hands already played stay the very same controls.
"""

from __future__ import annotations

import asyncio
import threading
from types import SimpleNamespace
from typing import Any

import flet as ft
import msgpack
import pytest

from app_harness import walk
from scorekeeper import rules
from scorekeeper.app import ids, main, retain, routes
from wire_harness import ENCODE, Tab, play, save_next_hand


def run(coro: Any) -> Any:
    return asyncio.run(coro)


@pytest.mark.parametrize("players", [4, 7])
def test_a_save_on_a_20_hand_sheet_sends_the_change_not_the_sheet(store, players):
    async def go() -> tuple[int, int, Tab]:
        gid = play(store, players, 20)
        tab = Tab(store, f"/game/{gid}")
        rows = {n: tab.shown(ids.HAND_ROW.format(n=n)) for n in range(1, 21)}
        assert all(len(r) == 1 for r in rows.values())
        sent = save_next_hand(tab)
        assert tab.session.route.screen == "sheet"
        for n in range(1, 21):  # every hand played before is still the same control
            assert tab.shown(ids.HAND_ROW.format(n=n)) == rows[n]
            assert tab.shown(ids.HAND_ROW.format(n=n))[0] is rows[n][0]
        assert len(tab.shown(ids.HAND_ROW.format(n=21))) == 1
        totals = rules.state(store.get(gid).game).totals
        drawn = [tab.shown(ids.TOTAL.format(seat=s))[0] for s in range(players)]
        assert [" ".join(c.value for c in walk(d) if isinstance(c, ft.Text)) for d in drawn] \
            == [str(t) for t in totals]
        # the whole sheet, as it would go out drawn anew, for scale
        whole = len(msgpack.packb(main.draw(tab.shell.ui), default=ENCODE))
        return sent, whole, tab

    sent, whole, _ = run(go())
    # measured: 4-player sheet ~4.8 KB for the save against ~70 KB for the whole sheet
    assert sent < 12_000, sent
    assert sent * 5 < whole, (sent, whole)


def test_typing_points_sends_a_few_values_not_the_hand_entry(store):
    async def go() -> tuple[int, int]:
        gid = play(store, 4, 20)
        tab = Tab(store, f"/game/{gid}/hand")
        tab.tap(ids.MODE_POINTS)
        field = next(c for tagged in tab.shown(ids.POINTS.format(seat=0))
                     for c in walk(tagged) if isinstance(c, ft.TextField))
        tab.flet_session.apply_patch(field._i, {"value": "13"})  # as the phone reports it
        field.on_change(SimpleNamespace(control=field, data="13"))
        sent = tab.wire.take()
        assert tab.session.entry.points_text[0] == "13"
        whole = len(msgpack.packb(main.draw(tab.shell.ui), default=ENCODE))
        return sent, whole

    sent, whole = run(go())
    assert sent < 2_000 and sent * 5 < whole, (sent, whole)


def test_back_from_the_hand_entry_shows_the_kept_sheet(store):
    async def go() -> None:
        gid = play(store, 4, 5)
        tab = Tab(store, f"/game/{gid}")
        row = tab.shown(ids.HAND_ROW.format(n=5))[0]
        tab.tap(ids.ENTER_HAND)
        assert tab.shown(ids.HAND_ROW.format(n=5)) == []  # hidden under the hand entry
        assert tab.shown(ids.SAVE_HAND)
        tab.tap(ids.BACK)
        assert tab.session.route.screen == "sheet"
        assert tab.shown(ids.HAND_ROW.format(n=5))[0] is row
        assert tab.shown(ids.SAVE_HAND) == []
        assert len(tab.page.views) == 1

    run(go())


def test_another_screen_starts_afresh_and_the_view_stays(store):
    async def go() -> None:
        gid = play(store, 4, 5)
        tab = Tab(store, f"/game/{gid}")
        [view] = tab.page.views
        [sheet_layer] = view.controls  # the layers, the bottom one first
        tab.tap(ids.BACK)  # to home: not diffed against the sheet (no scroll offset kept)
        assert tab.session.route.screen == "home"
        [now] = tab.page.views
        assert now._i == view._i and now.route == view.route  # the phone's one view
        [home_layer] = now.controls
        assert home_layer.key != sheet_layer.key and home_layer._i != sheet_layer._i
        assert tab.shown(ids.HAND_ROW.format(n=1)) == []

    run(go())


def test_unchanged_hand_rows_are_not_drawn_again_and_a_change_draws_them_anew(store):
    from app_harness import Phone

    gid = play(store, 4, 6)
    phone = Phone(store, route=f"/game/{gid}")
    rows = [phone.find(ids.HAND_ROW.format(n=n)) for n in range(1, 7)]
    phone.go(f"/game/{gid}")  # drawn again: the very same row controls
    assert [phone.find(ids.HAND_ROW.format(n=n)) for n in range(1, 7)] == rows
    assert all(phone.find(ids.HAND_ROW.format(n=n)) is rows[n - 1] for n in range(1, 7))
    phone.session.set_language("pl")  # another language: every row drawn anew
    phone.render()
    assert all(phone.find(ids.HAND_ROW.format(n=n)) is not rows[n - 1] for n in range(1, 7))
    phone.session.set_language("en")  # back: the rows kept for English again
    phone.render()
    assert all(phone.find(ids.HAND_ROW.format(n=n)) is rows[n - 1] for n in range(1, 7))
    # hand 3 changed: its row and the later ones (their running totals) are drawn anew
    store.replace_hand(gid, 2, rules.Hand((26, 0, 0, 0)), store.get(gid).version)
    phone.go(f"/game/{gid}")
    now = [phone.find(ids.HAND_ROW.format(n=n)) for n in range(1, 7)]
    assert now[0] is rows[0] and now[1] is rows[1]
    assert all(now[n] is not rows[n] for n in range(2, 6))
    assert phone.totals() == list(rules.state(store.get(gid).game).totals)


def test_a_kept_row_is_never_patched_into_another_hand(store):
    """Delete hand 1 (hand 2 takes its place), then bring it back: hand 1's row shows hand 1
    again (a row kept for reuse is replaced, not patched, when another hand is drawn there)."""
    async def go() -> None:
        gid = play(store, 4, 2)
        tab = Tab(store, f"/game/{gid}")
        first = [c.value for c in walk(tab.shown(ids.HAND_ROW.format(n=1))[0])
                 if isinstance(c, ft.Text)]
        stored = store.get(gid)
        store.remove_hand(gid, 0, stored.version)
        tab.session.open(f"/game/{gid}")
        tab.shell.render()
        store.insert_hand(gid, 0, stored.game.hands[0], store.get(gid).version)
        tab.session.open(f"/game/{gid}")
        tab.shell.render()
        again = [c.value for c in walk(tab.shown(ids.HAND_ROW.format(n=1))[0])
                 if isinstance(c, ft.Text)]
        assert again == first

    run(go())


def test_the_hand_entry_left_stays_hidden_under_the_sheet_and_opens_again_as_a_change(store):
    """Save takes the phone back to the sheet without taking the hand entry off it (hidden,
    not removed: removing a whole entry was most of a save's work on the server), and the
    next hand's entry is sent as what changed in it, not whole."""
    async def go() -> tuple[int, int]:
        gid = play(store, 4, 5)
        tab = Tab(store, f"/game/{gid}")
        first = tab.tap(ids.ENTER_HAND)
        tab.tap(ids.BACK)
        assert tab.shown(ids.SAVE_HAND) == [] and tab.shown(ids.HAND_ROW.format(n=5))
        [view] = tab.page.views
        assert [holder.visible for holder in view.controls] == [True, False]
        again = tab.tap(ids.ENTER_HAND)
        assert tab.shown(ids.SAVE_HAND) and tab.shown(ids.HAND_ROW.format(n=5)) == []
        return first, again

    first, again = run(go())
    assert again * 3 < first, (first, again)
