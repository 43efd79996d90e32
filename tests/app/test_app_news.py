"""A save on one phone reaches the others after the saving phone has its answer, and a
phone that is away (asleep, tab closed) is drawn again when it is back, not meanwhile.

Two shells on fake pages share a fake pubsub hub that calls the other tabs at once and
logs, in order, every page update and every message heard."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from app_harness import walk

from scorekeeper import rules
from scorekeeper.app import ids
from scorekeeper.app.main import TOPIC, Shell
from scorekeeper.app.screens import SCREENS
from scorekeeper.app.session import Session

NAMES = ["Ala", "Bartek", "Celina", "Darek"]


class Hub:
    def __init__(self) -> None:
        self.log: list[tuple[str, str]] = []
        self.handlers: dict[str, Any] = {}

    def send_others(self, sender: str, topic: str, message: Any) -> None:
        self.log.append(("told", sender))
        for name, handler in list(self.handlers.items()):
            if name != sender:
                handler(topic, message)


class Page:
    """What the shell uses of a Flet page; updates are logged on the hub."""

    def __init__(self, hub: Hub, name: str) -> None:
        self.route, self.views, self.dialogs = "/", [], []
        self.name, self.hub = name, hub
        self.session = SimpleNamespace(connection=object())  # Flet's: None while away

        def subscribe(topic: str, handler: Any) -> None:
            if topic == TOPIC:
                hub.handlers[name] = handler

        self.pubsub = SimpleNamespace(
            subscribe_topic=subscribe, unsubscribe_all=lambda: None,
            send_others_on_topic=lambda topic, msg: hub.send_others(name, topic, msg))

    def update(self, *controls: Any) -> None:
        if not controls:
            self.hub.log.append(("update", self.name))

    def run_task(self, fn: Any, *args: Any) -> None:
        pass

    def show_dialog(self, dialog: Any) -> None:
        dialog.open = True
        self.dialogs.append(dialog)


def tab(store: Any, hub: Hub, name: str, url: str) -> tuple[Shell, Page]:
    page = Page(hub, name)
    session = Session(store, "en", screens=SCREENS)
    shell = Shell(page, session)  # type: ignore[arg-type]
    session.open(url)
    shell.render()
    return shell, page


def total_shown(page: Page, seat: int) -> str:
    tagged = next(c for c in walk(page.views[-1])
                  if getattr(c, "identifier", None) == ids.TOTAL.format(seat=seat)
                  and getattr(c, "visible", True) is not False)
    return " ".join(t.value for t in walk(tagged)
                    if isinstance(getattr(t, "value", None), str))


def save_hand(shell: Shell, page: Page, gid: str, points: list[int]) -> None:
    """The hand entry opened, points typed and Save tapped, on this tab."""
    shell.session.open(f"/game/{gid}/hand")
    shell.render()
    entry = shell.session.entry
    entry.mode = "points"
    entry.points_text = [str(p) for p in points]
    shell.render()
    save = next(c for tagged in walk(page.views[-1])
                if getattr(tagged, "identifier", None) == ids.SAVE_HAND
                for c in walk(tagged) if getattr(c, "on_click", None) is not None)
    save.on_click(SimpleNamespace(control=save, data=None))


def new_game(store: Any) -> str:
    return store.create_game(rules.Game.new(NAMES, rules.Rules())).id


def test_the_other_phones_hear_of_a_save_after_the_saving_phone_has_its_answer(store):
    gid = new_game(store)
    hub = Hub()
    saver, saver_page = tab(store, hub, "saver", f"/game/{gid}")
    watcher, watcher_page = tab(store, hub, "watcher", f"/game/{gid}")
    hub.log.clear()
    save_hand(saver, saver_page, gid, [3, 13, 10, 0])
    after_save = hub.log[hub.log.index(("told", "saver")) - 1:]
    # the saver's own update is sent first; then the watcher hears, and redraws
    assert after_save == [("update", "saver"), ("told", "saver"), ("update", "watcher")]
    assert "13" in total_shown(watcher_page, 1)


def test_a_phone_that_is_away_is_drawn_again_when_it_is_back(store):
    gid = new_game(store)
    hub = Hub()
    saver, saver_page = tab(store, hub, "saver", f"/game/{gid}")
    away, away_page = tab(store, hub, "away", f"/game/{gid}")
    away_page.session.connection = None  # as Flet's session is once the socket closed
    away.disconnected()
    hub.log.clear()
    save_hand(saver, saver_page, gid, [3, 13, 10, 0])
    save_hand(saver, saver_page, gid, [0, 0, 13, 13])
    assert ("update", "away") not in hub.log  # nothing drawn for nobody
    assert "13" not in total_shown(away_page, 1)
    away_page.session.connection = object()
    away.connected()
    assert hub.log[-1] == ("update", "away")  # drawn once, with both hands
    totals = rules.state(store.get(gid).game).totals
    assert str(totals[1]) in total_shown(away_page, 1)
    assert str(totals[3]) in total_shown(away_page, 3)
    hub.log.clear()
    away.connected()  # back again with nothing new: not drawn
    assert hub.log == []


def test_a_reload_whose_disconnect_comes_after_its_connect_is_still_drawn(store):
    """A tab reloaded: Flet runs the old socket's disconnect and the new one's connect in
    other threads, in either order. What counts is whether the phone is connected now."""
    gid = new_game(store)
    hub = Hub()
    saver, saver_page = tab(store, hub, "saver", f"/game/{gid}")
    reloaded, reloaded_page = tab(store, hub, "reloaded", f"/game/{gid}")
    reloaded.connected()  # the new socket's connect first ...
    reloaded.disconnected()  # ... then the old one's disconnect; the phone is connected
    hub.log.clear()
    save_hand(saver, saver_page, gid, [3, 13, 10, 0])
    assert ("update", "reloaded") in hub.log
    assert "13" in total_shown(reloaded_page, 1)
