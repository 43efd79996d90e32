"""The actions of the kept sweep (``test_app_kept_sweep.py``): each one's world made up
to the action (``ready``, the storage accepting), the action (``act``), whether the screen
shows its outcome and whether a view of the store holds it, once."""

from __future__ import annotations

import asyncio
import copy
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import flet as ft
from app_harness import FletSession, Phone, Wire, texts, walk
from kierki_phone import fill, km
from storage_faults import FaultyStorage
from test_app_kept import NAMES, type_hand

from scorekeeper import formats, rules
from scorekeeper.app import ids
from scorekeeper.app.backup import Device
from scorekeeper.app.text.messages import store_error
from scorekeeper.store import GameStore, StoreError, platform
from scorekeeper.web import browser, first_start

# --- what every case is made of -----------------------------------------------------------


@dataclass
class Case:
    """One case's world: the store, the keeper, the phone and what the storage kept
    before the action."""

    store: GameStore
    storage: FaultyStorage
    phone: Any
    tmp: Path
    before: dict[str, Any]
    data: Any = None  # what the action needs (the import's games)
    drawn: list[str] = field(default_factory=list)  # screens drawn from unkept writes


@dataclass
class Action:
    """``ready`` makes the case (the storage accepting) up to the action; ``act`` is the
    action (its taps); ``shows`` whether the screen shows its outcome; ``holds(before,
    after)`` whether ``after`` (a view of the store) holds it, once."""

    name: str
    ready: Callable[[Case], None]
    act: Callable[[Case], None]
    shows: Callable[[Case], bool]
    holds: Callable[[dict[str, Any], dict[str, Any]], bool]
    screen: bool = True  # an action on a screen (the import is not: the store's own)


def a_game(hands: list[tuple[int, ...]], target: int = 100) -> rules.Game:
    game = rules.Game.new(tuple(NAMES), rules.Rules(target=target))
    for points in hands:
        game = game.add_hand(rules.Hand(points))
    return game


def seeded(case: Case, *games: rules.Game) -> list[str]:
    return [case.store.create_game(g).id for g in games]


def open_at(case: Case, route: str) -> None:
    case.phone = Phone(case.store, route=route)


def hands(v: dict[str, Any]) -> list[int]:
    return sorted(len(g[2]) for g in v["games"].values() if not g[0])


def games(v: dict[str, Any]) -> int:
    return len(v["games"])


def on_sheet_with(n: int) -> Callable[[Case], bool]:
    return lambda c: c.phone.screen == "sheet" and c.phone.has(
        ids.HAND_ROW.format(n=n)) and not c.phone.has(ids.HAND_ROW.format(n=n + 1))


# --- the actions ----------------------------------------------------------------------------


class Start:
    """The app's first start in the browser (``web/first_start.py``) on a bare page: the
    store's own first writes, kept or said with Try again."""

    def __init__(self, store_folder: Path) -> None:
        self.folder = store_folder
        self.loop = asyncio.new_event_loop()
        self.flet = FletSession(Wire(self.loop))
        self.page = self.flet.page
        self.task: Any = None
        self.language = "en"

    def begin(self) -> None:
        async def language() -> str:
            return self.language

        self.task = self.loop.create_task(first_start.open_store(
            self.page, str(self.folder), browser.NOT_KEPT, language))
        self.settle()

    def settle(self) -> None:
        for _ in range(5):
            self.loop.run_until_complete(asyncio.sleep(0))

    def find(self, identifier: str) -> Any:
        for root in self.page.controls:
            for c in walk(root):
                if isinstance(c, ft.Semantics) and c.identifier == identifier:
                    return c
        return None

    def said(self) -> str:
        node = self.find(ids.START_NOT_KEPT)
        return "" if node is None else " ".join(texts(node))

    def try_again(self) -> None:
        button = next(c for c in walk(self.find(ids.START_TRY_AGAIN))
                      if isinstance(c, ft.FilledButton))
        self.loop.run_until_complete(self.flet.dispatch_event(button._i, "click", None))
        self.settle()

    def store(self) -> GameStore | None:
        return self.task.result() if self.task is not None and self.task.done() else None


def ready_start(case: Case) -> None:
    case.phone = Start(case.storage.folder)


def act_start(case: Case) -> None:
    start = case.phone
    if start.task is None or start.store() is not None:
        start.begin()
    else:
        start.try_again()


def start_shows(case: Case) -> bool:
    return case.phone.store() is not None


def start_holds(before: dict[str, Any], after: dict[str, Any]) -> bool:
    return after.get("store") is True


def ready_new_game(case: Case) -> None:
    seeded(case, a_game([]))
    open_at(case, "/new")
    for seat, name in enumerate(["Ola", "Piotr", "Rysia", "Stefan"]):
        case.phone.type(ids.PLAYER_NAME.format(seat=seat), name)


def ready_hand(case: Case) -> None:
    [gid] = seeded(case, a_game([(3, 13, 10, 0)]))
    open_at(case, f"/game/{gid}")
    case.phone.tap(ids.ENTER_HAND)
    type_hand(case.phone, [13, 3, 0, 10])


def ready_edit(case: Case) -> None:
    [gid] = seeded(case, a_game([(3, 13, 10, 0)]))
    open_at(case, f"/game/{gid}")
    case.phone.tap(ids.HAND_ROW.format(n=1))
    type_hand(case.phone, [0, 13, 10, 3])


def ready_delete(case: Case) -> None:
    [gid] = seeded(case, a_game([(3, 13, 10, 0), (13, 3, 0, 10)]))
    open_at(case, f"/game/{gid}")
    case.phone.tap(ids.HAND_ROW.format(n=2))


def delete_hand(case: Case) -> None:
    case.phone.tap(ids.DELETE_HAND)
    case.phone.tap(ids.CONFIRM)


def ready_undo(case: Case) -> None:
    ready_delete(case)
    delete_hand(case)
    assert "Hand 2 deleted" in case.phone.text(ids.NOTICE)


def ready_seats(case: Case) -> None:
    [gid] = seeded(case, a_game([(3, 13, 10, 0)]))
    open_at(case, f"/game/{gid}")
    case.phone.tap(ids.SEAT_OPEN)
    case.phone.tap(ids.SEAT_PICK.format(seat=3))
    case.phone.type(ids.SEAT_NEW_NAME, "Zenon")


def ready_settings(case: Case) -> None:
    seeded(case, a_game([]))
    open_at(case, "/settings")


def ready_backup(case: Case) -> None:
    seeded(case, a_game([(3, 13, 10, 0)]))
    open_at(case, "/settings")
    case.phone.session.device = Device(True, lambda name, data: None)
    case.phone.render()


def ready_rematch(case: Case) -> None:
    [gid] = seeded(case, a_game([(20, 6, 0, 0), (20, 6, 0, 0), (20, 0, 6, 0)], target=50))
    open_at(case, f"/game/{gid}")
    case.phone.tap(ids.REMATCH)
    assert case.phone.screen == "new_game"


KIERKI_NAMES = list(km.CLASSIC_FILE["players"])


def ready_kierki(case: Case) -> None:
    data = copy.deepcopy(km.CLASSIC_FILE)
    data["hands"] = []
    [gid] = seeded(case, formats.game_from_dict(data))
    open_at(case, f"/game/{gid}")
    case.phone.tap(ids.ENTER_HAND)
    assert case.phone.screen == "kierki_deal"
    fill(case.phone, km.CLASSIC_FILE["hands"][0], KIERKI_NAMES, "seventh_and_last")
    assert not case.phone.disabled(ids.SAVE_HAND)


def ready_import(case: Case) -> None:
    seeded(case, a_game([(3, 13, 10, 0)]))
    source = GameStore(case.tmp / "source")
    for points in ((3, 13, 10, 0), (13, 3, 0, 10), (0, 0, 26, 0)):
        source.create_game(a_game([points]))
    case.data = source.export_games()
    open_at(case, "/")


def act_import(case: Case) -> None:
    """An import as an action makes it (the web app has no import screen: the command's
    and any caller's): its writes in one sync; a refusal said in the app's words."""
    case.phone.session.error = None
    try:
        with platform.one_sync():
            case.store.import_data(case.data)
    except StoreError as err:
        case.phone.session.error = store_error(err)
        return
    if platform.unkept():
        def said(refused: BaseException | None) -> None:
            if refused is not None:
                case.phone.session.error = store_error(refused)

        platform.when_kept(said)


def import_shows(case: Case) -> bool:
    case.phone.go("/")  # home read again, as after any change of another tab
    return case.phone.session.error is None and len(case.store.list_games()) == 4


ACTIONS = [
    Action("first start", ready_start, act_start, start_shows, start_holds),
    Action("new game", ready_new_game, lambda c: c.phone.tap(ids.START_GAME),
           lambda c: c.phone.screen == "sheet" and "Ola" in c.phone.screen_text(),
           lambda b, a: games(a) == games(b) + 1),
    Action("hand", ready_hand, lambda c: c.phone.tap(ids.SAVE_HAND), on_sheet_with(2),
           lambda b, a: hands(a) == [2]),
    Action("edit", ready_edit, lambda c: c.phone.tap(ids.SAVE_HAND),
           lambda c: c.phone.screen == "sheet" and c.phone.totals() == [0, 13, 10, 3],
           lambda b, a: [g[2][0].points for g in a["games"].values()] == [(0, 13, 10, 3)]),
    Action("delete", ready_delete, delete_hand,
           lambda c: on_sheet_with(1)(c) and c.phone.has(ids.UNDO),
           lambda b, a: hands(a) == [1]),
    Action("undo", ready_undo, lambda c: c.phone.tap(ids.UNDO),
           lambda c: on_sheet_with(2)(c) and "Hand 2 is back" in c.phone.text(ids.NOTICE),
           lambda b, a: hands(a) == [2]),
    Action("seat change", ready_seats, lambda c: c.phone.tap(ids.SEAT_SAVE),
           lambda c: c.phone.has(ids.NOTICE) and not c.phone.has(ids.SEAT_NEW_NAME),
           lambda b, a: [g[3] for g in a["games"].values()] == [((3, "Zenon"),)]),
    Action("settings", ready_settings,
           lambda c: c.phone.tap(ids.LANGUAGE_OPTION.format(code="pl")),
           lambda c: c.phone.session.language == "pl" and "Język" in c.phone.screen_text(),
           lambda b, a: a["settings"]["language"] == "pl"),
    Action("import", ready_import, act_import, import_shows,
           lambda b, a: games(a) == games(b) + 3 and hands(a) == [1, 1, 1, 1], screen=False),
    Action("backup", ready_backup, lambda c: c.phone.tap(ids.BACKUP_NOW),
           lambda c: c.phone.text(ids.LAST_BACKUP).startswith("Last backup"),
           lambda b, a: a["settings"]["last_backup"] is not None),
    Action("rematch", ready_rematch, lambda c: c.phone.tap(ids.START_GAME),
           lambda c: c.phone.screen == "sheet" and not c.phone.has(ids.HAND_ROW.format(n=1)),
           lambda b, a: games(a) == games(b) + 1 and hands(a) == [0, 3]),
    Action("Kierki deal", ready_kierki, lambda c: c.phone.tap(ids.SAVE_HAND), on_sheet_with(1),
           lambda b, a: hands(a) == [1]),
]


