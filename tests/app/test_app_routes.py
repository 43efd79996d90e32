"""The route table, Back, and one draw per navigation."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from app_harness import Phone

from scorekeeper import rules
from scorekeeper.app import ids, routes
from scorekeeper.app.main import Shell
from scorekeeper.app.screens import SCREENS
from scorekeeper.app.session import Session

NAMES = ["Ala", "Bartek", "Celina", "Darek"]


@pytest.mark.parametrize("route", [
    routes.Home(), routes.NewGame(), routes.NewGame("abc"), routes.Sheet("abc"),
    routes.Sheet("abc", read_only=True), routes.Hand("abc"), routes.Hand("abc", 3),
    routes.Changes("abc"), routes.History(), routes.History("unfinished"),
    routes.History("finished"), routes.Settings(),
])
def test_every_route_parses_back_from_its_url(route):
    assert routes.parse(route.url()) == route


@pytest.mark.parametrize("url, want", [
    ("/", routes.Home()), ("", routes.Home()), ("/new?from=x1", routes.NewGame("x1")),
    ("/game/x1/", routes.Sheet("x1")), ("/history/x1", routes.Sheet("x1", True)),
    ("/game/x1/hand/2", routes.Hand("x1", 2)), ("/history?status=bogus", routes.History()),
    ("/game/x1/hand/two", routes.NotFound("/game/x1/hand/two")),
    ("/nowhere", routes.NotFound("/nowhere")),
])
def test_addresses_parse_to_routes(url, want):
    assert routes.parse(url) == want


def test_the_route_table_says_which_screens_change_the_table():
    assert routes.Hand("x").writes and routes.NewGame().writes
    assert not routes.Sheet("x").writes and not routes.History().writes


def start(store) -> str:
    return store.create_game(rules.Game.new(NAMES)).id


def test_back_from_a_game_opened_in_the_history_returns_to_the_history(store):
    gid = start(store)
    phone = Phone(store, route="/history?status=unfinished")
    phone.tap(ids.HISTORY_GAME.format(game_id=gid))
    assert phone.session.route == routes.Sheet(gid)
    phone.tap(ids.BACK)
    assert phone.session.route == routes.History("unfinished")  # with its filter
    phone.tap(ids.BACK)
    assert phone.screen == "home"


def test_back_after_a_saved_hand_skips_the_hand_entry(store):
    gid = start(store)
    phone = Phone(store)
    phone.tap(ids.RESUME.format(game_id=gid))
    phone.enter_points([3, 13, 10, 0])
    assert phone.routes[-1] == f"/game/{gid}"
    phone.tap(ids.BACK)
    assert phone.screen == "home"
    # an address typed straight in: Back goes where the screen belongs
    phone.go(f"/game/{gid}/changes")
    phone.tap(ids.BACK)
    assert phone.session.route == routes.Sheet(gid)


class FakePage:
    """What the shell uses of a Flet page, counting what it sends to the browser."""

    def __init__(self) -> None:
        self.route = "/"
        self.views: list[Any] = []
        self.updates = 0
        self.tasks: list[Any] = []
        self.dialogs: list[Any] = []
        self.pubsub = SimpleNamespace(subscribe_topic=lambda *a: None,
                                      send_others_on_topic=lambda *a: None,
                                      unsubscribe_all=lambda: None)

    def update(self, *controls: Any) -> None:
        if not controls:  # the whole page: one per drawing (a kept view is sent first)
            self.updates += 1

    def run_task(self, fn: Any, *args: Any) -> None:
        self.tasks.append(args)

    async def push_route(self, route: str) -> None:  # pragma: no cover - never awaited
        self.route = route

    def show_dialog(self, dialog: Any) -> None:
        dialog.open = True  # as Page.show_dialog does
        self.dialogs.append(dialog)


def test_a_navigation_is_drawn_once(store):
    gid = start(store)
    page = FakePage()
    session = Session(store, "en", screens=SCREENS)
    shell = Shell(page, session)  # type: ignore[arg-type]
    session.open("/")
    shell.render()
    assert page.updates == 1
    card = next(c for c in _walk(page.views[-1])
                if getattr(c, "identifier", None) == ids.RESUME.format(game_id=gid))
    tap = next(c for c in _walk(card) if getattr(c, "on_click", None) is not None)
    tap.on_click(SimpleNamespace(control=tap, data=None))
    assert page.updates == 2 and page.tasks == [(f"/game/{gid}",)]
    page.route = f"/game/{gid}"  # the browser shows the address and says so
    shell.route_changed(SimpleNamespace(route=f"/game/{gid}"))
    assert page.updates == 2  # not drawn again
    shell.route_changed(SimpleNamespace(route="/settings"))  # a typed address is drawn
    assert page.updates == 3 and session.route == routes.Settings()


def _walk(control: Any):
    from app_harness import walk

    return walk(control)


def test_a_question_is_shown_once_and_closed_when_answered(store):
    gid = start(store)
    page = FakePage()
    session = Session(store, "en", screens=SCREENS)
    shell = Shell(page, session)  # type: ignore[arg-type]
    session.open("/history")
    session.model.ask_delete(gid)
    shell.render()
    shell.render()  # drawn again (e.g. another tab saved): the same dialog stays
    assert len(page.dialogs) == 1 and page.dialogs[0].open
    session.answer(True)
    shell.render()
    assert not page.dialogs[0].open and store.get(gid).deleted
