"""Safari deletes a site's storage after 7 days without a visit unless it is on the home
screen: where the web app runs in Safari, not installed
(``Device.storage_expires``), home and Settings say so, with Install (its steps) and Back
up now; elsewhere nothing of it shows."""

from __future__ import annotations

import pytest
from app_harness import Phone

from scorekeeper.app import ids
from scorekeeper.app.backup import Device
from scorekeeper.store import GameStore

WORDS = {"en": ("7 days", "Add to Home Screen"), "pl": ("7 dniach", "ekranu początkowego"),
         "lt": ("7 dienas", "pradžios ekrano")}


def in_safari(phone: Phone, expires: bool = True) -> list[str]:
    saved: list[str] = []
    phone.session.device = Device(False, lambda name, data: saved.append(name),
                                  storage_expires=expires)
    phone.render()
    return saved


@pytest.mark.parametrize("language", ["en", "pl", "lt"])
def test_home_says_safari_may_delete_the_games_and_offers_install_and_backup(
        store: GameStore, language: str) -> None:
    phone = Phone(store, language=language)
    saved = in_safari(phone)
    days, home_screen = WORDS[language]
    notice = phone.text(ids.STORAGE_EXPIRES)
    assert days in notice and home_screen in notice, notice
    assert not phone.has(ids.INSTALL_STEPS)
    phone.tap(ids.INSTALL)
    assert "Safari" in phone.text(ids.INSTALL_STEPS)
    phone.tap(ids.BACKUP_NOW)
    assert len(saved) == 1 and saved[0].startswith("hearts-scorekeeper-backup-")


def test_settings_say_it_too(store: GameStore) -> None:
    phone = Phone(store, route="/settings")
    in_safari(phone)
    assert "7 days" in phone.text(ids.STORAGE_EXPIRES)
    phone.tap(ids.INSTALL)
    assert "Add to Home Screen" in phone.text(ids.INSTALL_STEPS)
    assert len(phone.all(ids.BACKUP_NOW)) == 1


def test_with_a_backup_due_home_shows_one_back_up_now(store: GameStore) -> None:
    phone = Phone(store)
    phone.new_game(["Ala", "Bartek", "Celina"])
    phone.go("/")
    in_safari(phone)
    assert phone.has(ids.BACKUP_DUE) and phone.has(ids.STORAGE_EXPIRES)
    assert len(phone.all(ids.BACKUP_NOW)) == 1


@pytest.mark.parametrize("route", ["/", "/settings"])
def test_installed_or_not_safari_nothing_of_it_shows(store: GameStore, route: str) -> None:
    phone = Phone(store, route=route)
    in_safari(phone, expires=False)
    assert not phone.has(ids.STORAGE_EXPIRES) and not phone.has(ids.INSTALL)
    phone.session.device = None  # the server
    phone.render()
    assert not phone.has(ids.STORAGE_EXPIRES) and not phone.has(ids.INSTALL)
