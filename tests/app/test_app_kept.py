"""Kept means kept, in the web app: a change shows only once the phone's storage has kept
the write that holds it, and a write it refused leaves the screen as it was, the
player's input intact, with the reason in words; after a refusal, memory, the data
folder and the browser's storage agree, and the next write that is kept keeps everything
shown.

Every kind of write the app makes (a new game, a hand, an edit, a deleted hand, its undo,
a change of player, a setting, a backup, a rematch, a deleted game), on both of the
browser's paths: where Python waits for IndexedDB (``wait``: Chromium, Firefox 153) and
where it cannot (``no-wait``: WebKit, Firefox 140; the sync ends when the test says).
The storage is ``browser_storage.BrowserStorage``: ``scorekeeper/web/browser.py`` driving
a keeper over the real data folder that refuses, then accepts."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import pytest
from app_harness import Phone
from browser_storage import BrowserStorage, install

from scorekeeper.app import ids
from scorekeeper.app.backup import Device
from scorekeeper.store import GameStore, StoreError, platform

NAMES = ["Ala", "Bartek", "Celina", "Darek"]
SETTINGS = ("language", "theme", "recent_names", "last_backup", "house_rules")


def view(store: GameStore) -> dict[str, Any]:
    """Everything the store holds that a screen shows: every game (deleted too), its
    hands, its players waiting for the next hand, and the settings."""
    games = {}
    for g in store.list_games(include_deleted=True):
        stored = store.get(g.id)
        games[g.id] = (stored.deleted, stored.game.players, stored.game.hands,
                       stored.next_seat_changes)
    return {"games": games, "settings": {k: store.get_setting(k) for k in SETTINGS}}


def views(store: GameStore, storage: BrowserStorage, tmp: Path) -> tuple[Any, Any, Any]:
    """The store as the app has it in memory, as the data folder has it (a fresh store
    on a copy of the folder) and as the browser's storage has it (a reload)."""
    before = platform.reverts()
    platform.on_durable(None)  # the copies' own writes are not the phone's
    try:
        memory = view(store)
        folder = view(GameStore(storage.copy_folder(tmp / "folder")))
        kept = view(GameStore(storage.copy_kept(tmp / "kept")))
    finally:
        from scorekeeper.web import browser

        platform.on_durable(browser.persist)
    assert platform.reverts() == before
    return memory, folder, kept


def words_only(text: str) -> None:
    """A message a player understands: no path, no exception's name."""
    assert text, "no message"
    assert "/" not in text and ".json" not in text, text
    assert not re.search(r"[A-Z][a-z]+(Error|Exception)\b|errno|Errno", text), text


@dataclass
class Write:
    """One kind of write: ``ready`` leaves the phone just before it (storage accepting);
    ``write`` makes it (the taps); ``shows`` says whether the screen shows its outcome;
    ``holds`` whether a view of the store has it."""

    name: str
    ready: Callable[[Phone], None]
    write: Callable[[Phone], None]
    shows: Callable[[Phone], bool]
    holds: Callable[[dict[str, Any]], bool]


def game_with(phone: Phone, hands: list[list[int]], **choices: str) -> str:
    gid = phone.new_game(NAMES, **choices)
    for points in hands:
        phone.enter_points(points)
    return gid


def type_hand(phone: Phone, points: list[int]) -> None:
    phone.tap(ids.MODE_POINTS)
    for seat, p in enumerate(points):
        phone.type(ids.POINTS.format(seat=seat), str(p))


def hands_of(v: dict[str, Any]) -> list[int]:
    return sorted(len(g[2]) for g in v["games"].values() if not g[0])


def ready_new_game(phone: Phone) -> None:
    game_with(phone, [])
    phone.go("/new")
    for seat, name in enumerate(["Ola", "Piotr", "Rysia", "Stefan"]):
        phone.type(ids.PLAYER_NAME.format(seat=seat), name)


def ready_hand(phone: Phone) -> None:
    game_with(phone, [[3, 13, 10, 0]])
    phone.tap(ids.ENTER_HAND)
    type_hand(phone, [13, 3, 0, 10])


def ready_edit(phone: Phone) -> None:
    game_with(phone, [[3, 13, 10, 0]])
    phone.tap(ids.HAND_ROW.format(n=1))
    type_hand(phone, [0, 13, 10, 3])


def ready_delete(phone: Phone) -> None:
    game_with(phone, [[3, 13, 10, 0], [13, 3, 0, 10]])
    phone.tap(ids.HAND_ROW.format(n=2))


def delete_hand(phone: Phone) -> None:
    phone.tap(ids.DELETE_HAND)
    phone.tap(ids.CONFIRM)


def ready_undo(phone: Phone) -> None:
    ready_delete(phone)
    delete_hand(phone)
    assert "Hand 2 deleted" in phone.text(ids.NOTICE)


def ready_seats(phone: Phone) -> None:
    game_with(phone, [[3, 13, 10, 0]])
    phone.tap(ids.SEAT_OPEN)
    phone.tap(ids.SEAT_PICK.format(seat=3))
    phone.type(ids.SEAT_NEW_NAME, "Zenon")


def ready_settings(phone: Phone) -> None:
    game_with(phone, [])
    phone.go("/settings")


def ready_backup(phone: Phone) -> None:
    game_with(phone, [[3, 13, 10, 0]])
    phone.session.device = Device(True, lambda name, data: None)
    phone.go("/settings")


def ready_rematch(phone: Phone) -> None:
    game_with(phone, [[20, 6, 0, 0], [20, 6, 0, 0], [20, 0, 6, 0]],
              target=ids.TARGET.format(value="50"))
    phone.tap(ids.REMATCH)
    assert phone.screen == "new_game"


def ready_history(phone: Phone) -> None:
    game_with(phone, [[3, 13, 10, 0]])
    game_with(phone, [])
    phone.go("/history")


def delete_game(phone: Phone) -> None:
    [first] = [g for g in phone.session.model.games if g.players[0] == "Ala"][:1]
    phone.session.deleting = first.id  # type: ignore[attr-defined]
    phone.tap(ids.DELETE_GAME.format(game_id=first.id))
    phone.tap(ids.CONFIRM)


def game_listed(phone: Phone) -> bool:
    gid = getattr(phone.session, "deleting", None)
    return gid is not None and phone.has(ids.HISTORY_GAME.format(game_id=gid))


def on_sheet_with(hands: int) -> Callable[[Phone], bool]:
    return lambda phone: phone.screen == "sheet" and phone.has(
        ids.HAND_ROW.format(n=hands)) and not phone.has(ids.HAND_ROW.format(n=hands + 1))


WRITES = [
    Write("new game", ready_new_game, lambda p: p.tap(ids.START_GAME),
          lambda p: p.screen == "sheet" and "Ola" in p.screen_text(),
          lambda v: len(v["games"]) == 2),
    Write("hand", ready_hand, lambda p: p.tap(ids.SAVE_HAND), on_sheet_with(2),
          lambda v: hands_of(v) == [2]),
    Write("edit", ready_edit, lambda p: p.tap(ids.SAVE_HAND),
          lambda p: p.screen == "sheet" and p.totals() == [0, 13, 10, 3],
          lambda v: [g[2][0].points for g in v["games"].values()] == [(0, 13, 10, 3)]),
    Write("delete", ready_delete, delete_hand,
          lambda p: on_sheet_with(1)(p) and p.has(ids.UNDO),
          lambda v: hands_of(v) == [1]),
    Write("undo", ready_undo, lambda p: p.tap(ids.UNDO),
          lambda p: on_sheet_with(2)(p) and "Hand 2 is back" in p.text(ids.NOTICE),
          lambda v: hands_of(v) == [2]),
    Write("seat change", ready_seats, lambda p: p.tap(ids.SEAT_SAVE),
          lambda p: p.has(ids.NOTICE) and not p.has(ids.SEAT_NEW_NAME),
          lambda v: [g[3] for g in v["games"].values()] == [((3, "Zenon"),)]),
    Write("setting", ready_settings, lambda p: p.tap(ids.LANGUAGE_OPTION.format(code="pl")),
          lambda p: p.session.language == "pl" and "Język" in p.screen_text(),
          lambda v: v["settings"]["language"] == "pl"),
    Write("backup", ready_backup, lambda p: p.tap(ids.BACKUP_NOW),
          lambda p: p.text(ids.LAST_BACKUP).startswith("Last backup"),
          lambda v: v["settings"]["last_backup"] is not None),
    Write("rematch", ready_rematch, lambda p: p.tap(ids.START_GAME),
          lambda p: p.screen == "sheet" and not p.has(ids.HAND_ROW.format(n=1)),
          lambda v: len(v["games"]) == 2),
    Write("deleted game", ready_history, delete_game,
          lambda p: not game_listed(p) and "Game deleted" in p.text(ids.NOTICE),
          lambda v: sorted(g[0] for g in v["games"].values()) == [False, True]),
]


@pytest.fixture(params=["wait", "no-wait"])
def path(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def normalised(text: str) -> str:
    return " ".join(text.replace("Saving…", "").split())


@pytest.mark.parametrize("kind", WRITES, ids=[w.name for w in WRITES])
def test_a_refused_write_shows_nothing_and_the_next_one_keeps_everything(
        kind: Write, path: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "data"
    store = GameStore.open(folder)
    storage = install(monkeypatch, folder, wait=path == "wait")
    try:
        phone = Phone(store)
        kind.ready(phone)
        storage.end()  # whatever the steps before wrote is kept
        phone.settle()
        screen, text = phone.screen, phone.screen_text()
        kept = views(store, storage, tmp_path)[2]
        assert not kind.holds(kept)

        storage.refusing = storage.hold = True
        kind.write(phone)
        if path == "no-wait":
            assert platform.unkept()
            assert not kind.shows(phone), "the outcome showed before the storage kept it"
            storage.end()
            phone.settle()
        assert not platform.unkept()
        assert not kind.shows(phone), "a refused write was drawn"
        assert phone.screen == screen
        said = phone.text(ids.ERROR)
        words_only(said)
        assert "could not keep" in said, said
        assert normalised(phone.screen_text().replace(said, "")) == normalised(text), \
            "the screen (and what was typed on it) changed"
        memory, folder_view, kept_view = views(store, storage, tmp_path)
        assert memory == folder_view == kept_view == kept

        storage.refusing = False
        kind.write(phone)  # the same again
        storage.end()
        phone.settle()
        assert kind.shows(phone), phone.screen_text()
        assert not phone.has(ids.ERROR)
        memory, folder_view, kept_view = views(store, storage, tmp_path)
        assert memory == folder_view == kept_view
        assert kind.holds(kept_view), "the next write did not keep what it showed"
    finally:
        storage.refusing = storage.hold = False
        storage.end()  # nothing left unkept for the next test
        platform.on_durable(None)


def test_a_hand_not_kept_says_which_and_what_to_do(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    store = GameStore.open(tmp_path / "data")
    storage = install(monkeypatch, tmp_path / "data", wait=True)
    try:
        for language, words in (("en", "This phone could not keep hand 2: its storage is "
                                       "full. Free some space, then Save again."),
                                ("pl", "Ten telefon nie mógł zachować rozdania 2"),
                                ("lt", "Šis telefonas negalėjo išsaugoti dalijimo Nr. 2")):
            phone = Phone(store, language=language)
            game_with(phone, [[3, 13, 10, 0]])
            phone.tap(ids.ENTER_HAND)
            type_hand(phone, [13, 3, 0, 10])
            storage.refusing = True
            phone.tap(ids.SAVE_HAND)
            storage.refusing = False
            assert words in phone.text(ids.ERROR)
            assert phone.screen == "hand" and not phone.disabled(ids.SAVE_HAND)
    finally:
        storage.refusing = storage.hold = False
        storage.end()  # nothing left unkept for the next test
        platform.on_durable(None)


@pytest.mark.parametrize("bulk", [2, 20])
def test_a_refused_import_leaves_memory_folder_and_storage_as_they_were(
        bulk: int, path: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An import (the command's, or any caller's: the web app has none) of a few games
    (one durable write each) or many (one sync at the end)."""
    from scorekeeper import rules

    def a_game() -> rules.Game:
        game = rules.Game.new(tuple(NAMES), rules.Rules(target=100))
        return game.add_hand(rules.Hand((3, 13, 10, 0)))

    source = GameStore(tmp_path / "source")
    for _ in range(bulk):
        source.create_game(a_game())
    data = source.export_games()
    store = GameStore.open(tmp_path / "data")
    store.create_game(a_game())
    storage = install(monkeypatch, tmp_path / "data", wait=path == "wait")
    try:
        before = views(store, storage, tmp_path)[2]
        storage.refusing = storage.hold = True
        with pytest.raises(StoreError) if path == "wait" else _unkept():
            with platform.one_sync():
                store.import_data(data)
        if path == "no-wait":
            refused: list[Any] = []
            platform.when_kept(refused.append)
            storage.end()
            assert isinstance(refused[0], StoreError)
        assert views(store, storage, tmp_path) == (before, before, before)
        storage.refusing = False
        with platform.one_sync():
            result = store.import_data(data)
        storage.end()
        assert result.added == bulk
        memory, folder_view, kept_view = views(store, storage, tmp_path)
        assert memory == folder_view == kept_view and len(kept_view["games"]) == bulk + 1
    finally:
        storage.refusing = storage.hold = False
        storage.end()  # nothing left unkept for the next test
        platform.on_durable(None)


class _unkept:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: Any) -> bool:
        assert exc[0] is None and platform.unkept()
        return False


@pytest.mark.parametrize("language", ["en", "pl", "lt"])
def test_no_store_error_puts_a_path_or_an_exceptions_name_on_the_screen(language: str) -> None:
    """Whatever the store's English detail says (a path, an exception's name: the log's),
    the player reads what happened and what to do."""
    from scorekeeper.app.text.i18n import Translator
    from scorekeeper.app.text.messages import store_error
    from scorekeeper.store.errors import os_error

    tr = Translator(language)
    detail = "/data/games/0123.json: QuotaExceededError: OSError [Errno 5]"
    errors = [os_error(OSError(5, "Input/output error"), "/data/games/0123.json"),
              os_error(OSError(28, "No space left on device"), "/data/games/0123.json"),
              StoreError("damaged", f"game file {detail} holds another game"),
              StoreError("bad_value", detail), StoreError("deleted", detail)]
    errors += [StoreError(code, detail) for code in ("storage_full", "storage_refused",
                                                     "storage_lost")]
    for err in errors:
        words_only(store_error(err).text(tr))
