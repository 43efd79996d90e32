"""The web app's storage rows and backup (scorekeeper/app/backup.py): shown only where
the browser keeps the games (``session.device``), the backup is what ``scorekeeper
import`` reads, and the home screen reminds when there is no backup for a week."""

from __future__ import annotations

import json
from datetime import timedelta

from app_harness import Phone

from scorekeeper.app import backup, ids
from scorekeeper.app.backup import Device
from scorekeeper.store import GameStore
from scorekeeper.formats import parse_import
from scorekeeper.store.gamedoc import now_iso


def in_the_browser(phone: Phone, persisted: bool | None = False) -> list[tuple[str, bytes]]:
    saved: list[tuple[str, bytes]] = []
    phone.session.device = Device(persisted, lambda name, data: saved.append((name, data)))
    phone.render()
    return saved


def test_the_server_shows_no_storage_rows_and_no_reminder(store: GameStore) -> None:
    phone = Phone(store)
    phone.new_game(["Ala", "Bartek", "Celina"])
    phone.go("/")
    assert not phone.has(ids.BACKUP_DUE) and not phone.has(ids.BACKUP_NOW)
    phone.go("/settings")
    assert not phone.has(ids.STORAGE_KEPT) and not phone.has(ids.BACKUP_NOW)


def test_settings_say_whether_the_browser_agreed_to_keep_the_games(store: GameStore) -> None:
    """Granted, refused, or a browser that cannot say (no ``navigator.storage``): each in
    its own words, in each language."""
    phone = Phone(store, route="/settings")
    in_the_browser(phone, persisted=False)
    assert phone.text(ids.STORAGE_KEPT).startswith("This browser did not agree to keep")
    assert "may delete them" in phone.text(ids.STORAGE_KEPT)
    assert phone.text(ids.LAST_BACKUP) == "No backup yet."
    in_the_browser(phone, persisted=True)
    assert phone.text(ids.STORAGE_KEPT).startswith("This browser agreed to keep these games")
    in_the_browser(phone, persisted=None)
    assert phone.text(ids.STORAGE_KEPT).startswith("This browser does not say whether")
    phone.session.set_language("pl")
    in_the_browser(phone, persisted=True)
    assert phone.text(ids.STORAGE_KEPT).startswith("Ta przeglądarka zgodziła się zachować")
    phone.session.set_language("lt")
    in_the_browser(phone, persisted=False)
    assert phone.text(ids.STORAGE_KEPT).startswith("Ši naršyklė nesutiko išsaugoti")


def test_back_up_now_downloads_what_the_computer_version_imports(store: GameStore,
                                                                  tmp_path) -> None:  # type: ignore[no-untyped-def]
    phone = Phone(store)
    gid = phone.new_game(["Ala", "Bartek", "Celina", "Darek"])
    phone.enter_points([3, 13, 10, 0])
    phone.go("/")
    saved = in_the_browser(phone)
    assert "no backup yet" in phone.text(ids.BACKUP_DUE)
    phone.tap(ids.BACKUP_NOW)
    [(name, data)] = saved
    assert name.startswith("hearts-scorekeeper-backup-") and name.endswith(".json")
    items = parse_import(json.loads(data), now_iso())
    assert [len(item.game.hands) for item in items] == [1]
    elsewhere = GameStore(tmp_path / "computer")
    elsewhere.import_data(json.loads(data))
    assert elsewhere.get(gid).game.hands == store.get(gid).game.hands
    assert not phone.has(ids.BACKUP_DUE)  # just made
    phone.go("/settings")
    assert phone.text(ids.LAST_BACKUP).startswith("Last backup: ")


def test_the_reminder_comes_back_after_a_week(store: GameStore) -> None:
    phone = Phone(store)
    phone.new_game(["Ala", "Bartek", "Celina"])
    in_the_browser(phone)
    backup.back_up(phone.session)
    now = backup.now_utc()
    assert not backup.backup_is_due(phone.session, now + timedelta(days=6))
    assert backup.backup_is_due(phone.session, now + timedelta(days=8))


def test_no_reminder_before_there_is_a_game(store: GameStore) -> None:
    phone = Phone(store)
    in_the_browser(phone)
    assert not phone.has(ids.BACKUP_DUE)
