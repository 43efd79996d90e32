"""Whatever a player does, the phone shows the screen as it is: after any sequence of taps,
typed points and other phones' saves, the tree the phone holds (the messages the real
shell sent, applied as the client applies them) is the screen drawn afresh."""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import rules
from scorekeeper.app import ids, main
from scorekeeper.store import GameStore
from wire_harness import Tab, on_phone, play, sent_anew

SEATS = 4
TAPS = [ids.ENTER_HAND, ids.SAVE_HAND, ids.BACK, ids.MODE_POINTS, ids.MODE_CARDS,
        ids.CLEAR_HAND, ids.DELETE_HAND, ids.CONFIRM, ids.CANCEL, ids.UNDO, ids.CHANGE_LOG,
        ids.HOME, ids.NEW_GAME] + [ids.HAND_ROW.format(n=n) for n in (1, 2, 3)] + [
    ids.HEARTS_KEY.format(count=n) for n in (0, 3, 13)] + [
    ids.ENTRY_ROW.format(seat=s) for s in range(SEATS)] + [
    ids.GIVE_REST.format(seat=s) for s in range(SEATS)] + [
    ids.QUEEN.format(seat=s, n=0) for s in range(SEATS)]

actions = st.lists(st.one_of(
    st.tuples(st.just("tap"), st.sampled_from(TAPS)),
    st.tuples(st.just("points"), st.integers(0, SEATS - 1),
              st.sampled_from(["0", "13", "26", "7", "x", ""])),
    st.tuples(st.just("resume"), st.just("")),
    st.tuples(st.just("news"), st.integers(0, SEATS - 1)),
    st.tuples(st.just("language"), st.sampled_from(["en", "pl", "lt"])),
), min_size=1, max_size=14)


async def act(tab: Tab, store: GameStore, gid: str, action: tuple[Any, ...]) -> None:
    kind = action[0]
    if kind == "tap":
        await tab.press(action[1])
    elif kind == "points":
        await tab.type_in(ids.POINTS.format(seat=action[1]), action[2])
    elif kind == "resume":
        await tab.press(ids.RESUME.format(game_id=gid))
    elif kind == "language":  # as the settings screen sets it, here on any screen
        tab.shell.ui.act(tab.session.set_language, action[1])()
    else:  # another phone saves a hand; this tab hears of it as Flet tells it
        stored = store.get(gid)
        if not stored.deleted and not rules.state(stored.game).game_over:
            points = [0] * SEATS
            points[action[1]] = 26
            store.add_hand(gid, rules.Hand(tuple(points)), stored.version)
            tab.shell._told(main.TOPIC, gid)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(actions)
def test_the_phone_always_shows_the_screen_drawn_afresh(steps):
    async def go(store: GameStore) -> None:
        gid = play(store, SEATS, 3)
        tab = Tab(store, f"/game/{gid}")
        assert on_phone(tab) == sent_anew(tab)
        for step in steps:
            await act(tab, store, gid, step)
            assert on_phone(tab) == sent_anew(tab), (step, tab.session.route)

    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(go(GameStore.open(Path(tmp) / "data")))
