"""One lock per tab: a message from another tab (handled in Flet's thread pool) and a tap
(handled on Flet's event loop) never draw into the tab's tree at once, and the tree after
both is the screen drawn afresh."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from scorekeeper import rules
from scorekeeper.app import ids, main
from wire_harness import Tab, drawn_anew, on_page, play

WAIT = 60  # seconds: only a guard against a hang, never reached when the test passes


class WatchedLock:
    """The tab's lock, telling when the tap's thread has to wait for it."""

    def __init__(self, lock: Any, tap_waits: threading.Event) -> None:
        self.lock, self.tap_waits = lock, tap_waits
        self.tapper: int | None = None

    def __enter__(self) -> None:
        if threading.get_ident() == self.tapper:
            if self.lock.acquire(blocking=False):
                return
            self.tap_waits.set()  # held by the other thread: the tap waits its turn
        self.lock.acquire()

    def __exit__(self, *exc: Any) -> None:
        self.lock.release()


def test_a_message_from_another_tab_and_a_tap_draw_one_after_the_other(store, monkeypatch):
    async def go() -> None:
        gid = play(store, 4, 3)
        tab = Tab(store, f"/game/{gid}")
        drawing, go_on = threading.Event(), threading.Event()
        inside: list[int] = []
        most = [0]
        message_thread: list[int] = []
        real_draw = main.draw

        def draw(ui: Any) -> Any:
            inside.append(1)
            most[0] = max(most[0], len(inside))
            try:
                if threading.get_ident() in message_thread and not drawing.is_set():
                    drawing.set()  # the other tab's news is being drawn: now the tap
                    assert go_on.wait(WAIT), "the tap neither waited nor drew"
                elif threading.get_ident() == watched.tapper:
                    go_on.set()  # the tap draws (it did not wait): both draw at once
                return real_draw(ui)
            finally:
                inside.pop()

        monkeypatch.setattr(main, "draw", draw)
        watched = WatchedLock(tab.shell.lock, go_on)
        watched.tapper = threading.get_ident()
        tab.shell.lock = tab.shell.ui.lock = watched  # type: ignore[assignment]
        # another phone saves hand 4; Flet hands its news to this tab in another thread
        stored = store.get(gid)
        store.add_hand(gid, rules.Hand((13, 13, 0, 0)), stored.version)

        def told() -> None:  # as Flet's pub-sub runs a subscriber, in its thread pool
            message_thread.append(threading.get_ident())
            tab.shell._told(main.TOPIC, gid)

        news = threading.Thread(target=told)
        news.start()
        assert drawing.wait(WAIT)
        tap = tab.finger(ids.ENTER_HAND)  # found before the lock is asked for
        tap()  # as Flet runs a tap's handler: on the loop, while the news is drawn
        news.join(WAIT)
        assert most[0] == 1, "two drawings ran at once"
        assert tab.session.route.screen == "hand"
        assert on_page(tab) == drawn_anew(tab)
        tab.tap(ids.BACK)  # the sheet kept under the hand entry has the other phone's hand
        assert tab.shown(ids.HAND_ROW.format(n=4))
        assert on_page(tab) == drawn_anew(tab)

    asyncio.run(go())
