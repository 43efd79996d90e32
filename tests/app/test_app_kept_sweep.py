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

import os
import shutil
import sys
import traceback
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Callable

import pytest
from app_harness import Phone, texts
from storage_faults import FAILURES, install_faulty
from sweep_actions import ACTIONS, Action, Case, Start
from test_app_kept import normalised, view, words_only

from scorekeeper.app import ids
from scorekeeper.app.text.i18n import Translator
from scorekeeper.store import GameStore, platform
from scorekeeper.web import browser

PATHS = ("wait", "no-wait")
ENTRY_SCREENS = ("hand", "kierki_deal", "new_game")  # typed input, not kept until saved
CASES: list[tuple[str, int, str, str]] = []  # every case run, for the count at the end


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
