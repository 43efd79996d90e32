"""The store on the browser's answers (``store/platform.py`` with ``BROWSER`` set, and no
``os.link``, as in Pyodide): the answers one by one, and the store's API tests
(test_store_api.py) run again on them. Pyodide itself is exercised by the browser tests
(tests/e2e/test_web_app.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from store_helpers import assert_consistent, hand, long_game
from test_store_api import *  # noqa: F401,F403 - the API tests, collected again here

from scorekeeper.store import GameStore, platform
from scorekeeper.store import index as index_module


@pytest.fixture(autouse=True)
def in_the_browser(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Browser answers, no hard links; ``synced`` lists each sync the store asks for."""
    synced: list[str] = []
    monkeypatch.setattr(platform, "BROWSER", True)
    monkeypatch.delattr(os, "link", raising=False)
    monkeypatch.setattr(platform, "_persist", [lambda: synced.append("sync")])
    return synced


def test_a_backup_is_a_copy_not_a_link(tmp_path: Path) -> None:
    src, dst = tmp_path / "a", tmp_path / "b"
    src.write_bytes(b"hand 1")
    platform.link_or_copy(src, dst)
    assert dst.read_bytes() == b"hand 1"
    assert os.stat(src).st_ino != os.stat(dst).st_ino and os.stat(src).st_nlink == 1
    with pytest.raises(FileExistsError):
        platform.link_or_copy(src, dst)
    with pytest.raises(FileNotFoundError):
        platform.link_or_copy(tmp_path / "missing", tmp_path / "c")


def test_the_machine_questions_have_the_browser_answers() -> None:
    assert platform.boot_id() == platform.BROWSER_BOOT
    assert platform.writer_alive(os.getpid()) is False  # the page is the one writer
    assert not platform.other_processes() and not platform.can_sync_folder()


def test_every_durable_write_is_synced_before_the_store_returns(
        folder: Path, in_the_browser: list[str]) -> None:
    store = GameStore(folder)
    sg = store.create_game(long_game())
    after_create = len(in_the_browser)
    assert after_create >= 1
    store.add_hand(sg.id, hand(0), sg.version)
    assert len(in_the_browser) > after_create
    drafts = len(in_the_browser)
    store.save_draft(sg.id, {"points": [1, 2, 3, 4]})  # not durable: no sync of its own
    assert len(in_the_browser) == drafts


def test_no_lock_file_is_made_and_the_journal_is_trusted_on_the_next_open(folder: Path) -> None:
    store = GameStore(folder)
    sg = store.create_game(long_game())
    store.add_hand(sg.id, hand(0), sg.version)
    assert not list((folder / "locks").iterdir())
    again = GameStore(folder)
    assert again._index.boot == platform.BROWSER_BOOT == index_module.boot_id()
    assert again._index.trusted  # no re-check of every game file at each open
    assert again.get(sg.id).version == 2
    assert_consistent(again)


def test_a_temporary_file_left_by_an_earlier_page_is_removed(folder: Path) -> None:
    GameStore(folder)
    tmp = folder / "tmp" / f".index.json.{os.getpid()}.abcd1234.tmp"
    tmp.parent.mkdir(parents=True, exist_ok=True)
    tmp.write_bytes(b"half")
    GameStore(folder)
    assert not tmp.exists()
