"""Every action, every storage operation failing in turn, every way (the way SQLite tests
its I/O): the web app's promise that a change shows only once the phone's storage keeps
it, swept.

Each kind of action (first start, new game, hand, edit, delete, undo, seat change,
settings, import, backup, rematch, Kierki deal) runs through the app's real code, on
the browser's two paths (``wait``: Python waits for IndexedDB, Chromium; ``no-wait``: it
cannot, WebKit and Firefox before 142), with ``scorekeeper/web/browser.py`` driving a
keeper that fails as ``scorekeeper/web/js/keeper.js`` ends a sync
(``tests/storage_faults.py``). For every sync k that the action makes (counted on a run
where the storage accepts), sync k fails in each way the keeper can report (refused at
put, refused at commit, aborted, connection closed, no answer until the deadline: while
it hangs the page runs its other tasks, a browser Back and a redraw), then the storage
accepts again. After every case:

- the player was told in words (no path, no exception's name), and nothing of the
  action shows (nor did it while the storage had not answered);
- memory, the data folder and the storage (what a reload reads) hold the same games and
  settings, and none of the refused action;
- what the screen shows is what a reload shows, and the app starts after the reload;
- the same action again, the storage accepting, is taken at the first tap, shows its
  outcome, and the storage keeps it once: no game or hand stored twice.

The count of (action, operation, failure, path) cases is printed at the end.
"""

from __future__ import annotations

import asyncio
import copy
import os
import shutil
import sys
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Callable

import flet as ft
import pytest
from app_harness import FletSession, Phone, Wire, texts, walk
from kierki_phone import fill, km
from storage_faults import FAILURES, FaultyStorage, install_faulty
from test_app_kept import NAMES, normalised, type_hand, view, words_only

from scorekeeper import formats, rules
from scorekeeper.app import ids
from scorekeeper.app.backup import Device
from scorekeeper.app.text.i18n import Translator
from scorekeeper.app.text.messages import store_error
from scorekeeper.store import GameStore, StoreError, platform
from scorekeeper.web import browser, first_start

PATHS = ("wait", "no-wait")
ENTRY_SCREENS = ("hand", "kierki_deal", "new_game")  # typed input, not kept until saved
CASES: list[tuple[str, int, str, str]] = []  # every case run, for the count at the end


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


# --- views of the store, a reload ---------------------------------------------------------


def store_view(folder: Path) -> dict[str, Any]:
    """What a store opened on ``folder`` holds (a store there at all, for a first start)."""
    if not (folder / "store.json").exists():
        return {"store": False, "games": {}, "settings": {}}
    return {"store": True, **view(GameStore(folder))}


def views(case: Case) -> tuple[dict[str, Any], dict[str, Any]]:
    """The store as the data folder has it in memory and as the browser's storage has it
    (a reload), each opened afresh; the app's own store in memory must agree."""
    before = platform.reverts()
    platform.on_durable(None)  # the copies' own writes are not the phone's
    try:
        folder = store_view(case.storage.copy_folder(case.tmp / "folder"))
        kept = store_view(case.storage.copy_kept(case.tmp / "kept"))
        store = case.store if not isinstance(case.phone, Start) else case.phone.store()
        if store is not None and folder["store"]:
            assert {"store": True, **view(store)} == folder, "memory and folder differ"
    finally:
        platform.on_durable(browser.persist)
    assert platform.reverts() == before
    return folder, kept


def shown_words(phone: Phone) -> str:
    """What the screen shows but the error and the notice (not kept, and not a reload's)."""
    said = phone.text(ids.ERROR) if phone.has(ids.ERROR) else ""
    return normalised(" ".join(texts(phone.view)).replace(said, ""))


def reload_agrees(case: Case) -> None:
    """A reload (a fresh session on what the storage keeps) starts, and shows what the
    screen shows (a screen of typed input aside: what was typed is not kept until saved)."""
    phone = case.phone
    platform.on_durable(None)
    try:
        kept = GameStore(case.storage.copy_kept(case.tmp / "reload"))
        if isinstance(phone, Start):
            if phone.store() is not None:
                Phone(kept, route="/")
            return
        route = phone.session.route.url()
        again = Phone(kept, language=phone.session.device_language, route=route)
        if phone.session.device is not None:  # the same browser
            again.session.device = phone.session.device
            again.render()
        assert again.screen == phone.screen, (again.screen, phone.screen)
        if phone.screen not in ENTRY_SCREENS and not phone.has(ids.SEAT_NEW_NAME):
            assert shown_words(again) == shown_words(phone), \
                f"the screen and a reload differ:\n{shown_words(phone)}\n{shown_words(again)}"
        again.shell.closed()
    finally:
        platform.on_durable(browser.persist)


def told(case: Case) -> str:
    """What the player was told of the refusal."""
    phone = case.phone
    if isinstance(phone, Start):
        return phone.said()
    return phone.text(ids.ERROR) if phone.has(ids.ERROR) else (
        phone.session.error.text(phone.session.tr) if phone.session.error else "")


# --- one case -------------------------------------------------------------------------------


def make_case(action: Action, path: str, tmp: Path, monkeypatch: Any) -> Case:
    folder = tmp / "data"
    if action.name != "first start":
        GameStore.open(folder)
    else:
        folder.mkdir(parents=True)
    storage = install_faulty(monkeypatch, folder, wait=path == "wait")
    store = GameStore(folder) if action.name != "first start" else None
    case = Case(store, storage, None, tmp, {})  # type: ignore[arg-type]
    action.ready(case)
    storage.end()
    settle(case)
    case.before = views(case)[1]
    return case


def settle(case: Case) -> None:
    case.phone.settle()


def act(action: Action, case: Case, meanwhile: Callable[[], None] | None = None) -> None:
    """The action; the storage answers each sync when the test ends it (``no-wait``), or
    as Python waits for it (``wait``); ``meanwhile``: the page's other tasks in a hang."""
    storage = case.storage
    storage.hold = True
    storage.meanwhile = meanwhile
    try:
        action.act(case)
        if meanwhile is not None and not storage.wait:
            meanwhile()
        storage.end()
        settle(case)
    finally:
        storage.hold = False
        storage.meanwhile = None
    assert not platform.unkept()


def syncs_of(action: Action, path: str, tmp: Path, monkeypatch: Any) -> int:
    """How many syncs the action makes with the storage accepting (and that it works)."""
    case = make_case(action, path, tmp / "count", monkeypatch)
    try:
        case.storage.arm(0, "aborted")
        act(action, case)
        assert action.shows(case), "the action did not show its outcome"
        assert action.holds(case.before, views(case)[1])
        return case.storage.counted
    finally:
        case.storage.disarm()
        platform.on_durable(None)


def meanwhile_for(case: Case, action: Action) -> Callable[[], None]:
    """The page's other tasks during a hang: a redraw and a browser Back (both must draw
    nothing of the action's unkept writes)."""
    def tasks() -> None:
        phone = case.phone
        if isinstance(phone, Start) or not action.screen:
            return
        phone.shell.render()
        parent = phone.session.route.parent() if hasattr(phone.session.route, "parent") \
            else None
        url = parent.url() if parent is not None else "/"
        phone.page.route = url
        phone.shell.route_changed(SimpleNamespace(route=url))
        phone.shell.view_popped(None)
        if action.shows(case):  # said after the wait: raised here, it would end it
            case.drawn.append(shown_words(phone))
    return tasks


def run_case(action: Action, case: Case, k: int, kind: str) -> None:
    """Sync k of the action fails as ``kind``, then the storage accepts (see module)."""
    screen = case.phone.screen if not isinstance(case.phone, Start) else "start"
    case.storage.arm(k, kind)
    act(action, case, meanwhile_for(case, action) if kind == "no answer" else None)
    assert case.storage.failed, "the sync meant to fail did not run"
    assert not case.drawn, f"a screen was drawn from an unkept write: {case.drawn}"
    case.storage.disarm()

    # refused: said in words, nothing of it shown or kept, the screen the one before
    said = told(case)
    words_only(said)
    assert not action.shows(case), "a refused action was drawn"
    if not isinstance(case.phone, Start):
        assert case.phone.screen == screen
    folder, kept = views(case)
    assert folder == kept == case.before, "the refused action was kept (or half of it)"
    reload_agrees(case)

    # the storage accepts: the same action is taken at the first tap, and kept once
    act(action, case)
    assert action.shows(case), "the action again, storage accepting, was not taken"
    assert not told(case), told(case)
    folder, kept = views(case)
    assert folder == kept and action.holds(case.before, kept), \
        "the outcome shown is not kept once"
    reload_agrees(case)


# --- the sweep ------------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def nothing_left_unkept() -> Any:
    yield
    platform.on_durable(None)


def in_child(run: Callable[[], None]) -> str:
    """``run()`` in a child process that starts from this one as it is (the case made
    once, its phone and store included: making it took most of a case's time); what
    failed there, as text ("" when nothing did). Where there is no ``fork``, here."""
    if not hasattr(os, "fork"):  # pragma: no cover - Windows
        try:
            run()
        except Exception:
            return traceback.format_exc()
        return ""
    sys.stdout.flush()
    sys.stderr.flush()
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never back into pytest
        os.close(read)
        said = b""
        try:
            run()
        except BaseException:
            said = traceback.format_exc().encode()
        with os.fdopen(write, "wb") as out:
            out.write(said)
        os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as got:
        said = got.read()
    _, status = os.waitpid(pid, 0)
    if not said and status != 0:
        said = f"the child ended with status {status}".encode()
    return said.decode(errors="replace")


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("action", ACTIONS, ids=[a.name for a in ACTIONS])
def test_every_sync_of_every_action_failing_every_way(
        action: Action, path: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    n = syncs_of(action, path, tmp_path, monkeypatch)
    assert n >= 1, f"{action.name} made no sync"
    case = make_case(action, path, tmp_path / "ready", monkeypatch)
    folder = case.storage.folder
    ready = case.storage.copy_folder(tmp_path / "ready-folder")  # a child's files are not
    failed = []
    for k in range(1, n + 1):
        for kind in FAILURES:
            case.tmp = tmp_path / f"{k}-{kind.replace(' ', '-')}"
            said = in_child(lambda: run_case(action, case, k, kind))
            shutil.rmtree(folder)  # the data folder as the case was made, for the next
            shutil.copytree(ready, folder)
            if said:
                failed.append(f"{action.name}, sync {k} of {n}, {kind}, {path}:\n{said}")
            CASES.append((action.name, k, kind, path))
    assert not failed, "\n".join(failed)


def test_the_sweep_covered_every_action_path_and_failure() -> None:
    """Runs after the sweep (pytest keeps the file's order): say how many cases ran."""
    actions = {c[0] for c in CASES}
    print(f"\nthe kept sweep: {len(CASES)} (action, operation, failure, path) cases over "
          f"{len(actions)} actions, {len(FAILURES)} failures, {len(PATHS)} paths",
          file=sys.stderr)
    if len(actions) == len(ACTIONS):  # the whole file ran (not one case picked by -k)
        assert {c[2] for c in CASES} == set(FAILURES)
        assert {c[3] for c in CASES} == set(PATHS)


def test_the_first_start_says_it_in_each_language(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A full phone at the first start: the page says so in the player's language, with
    Try again (a button), never an exception's name."""
    expected = {"en": "This phone's storage is full", "pl": "Pamięć tego telefonu jest pełna",
                "lt": "Šio telefono atmintis pilna"}
    for language, words in expected.items():
        folder = tmp_path / language / "data"
        folder.mkdir(parents=True)
        storage = install_faulty(monkeypatch, folder, wait=language != "pl")
        start = Start(folder)
        start.language = language
        storage.refusing = True
        storage.hold = not storage.wait
        start.begin()
        storage.end()
        start.settle()
        said = start.said()
        assert words in said, said
        words_only(said)
        tr = Translator(language)
        button = start.find(ids.START_TRY_AGAIN)
        assert button is not None and tr._("Try again") in " ".join(texts(button))
        storage.refusing = storage.hold = False
        start.try_again()
        assert start.store() is not None and start.find(ids.START_NOT_KEPT) is None
        platform.on_durable(None)
