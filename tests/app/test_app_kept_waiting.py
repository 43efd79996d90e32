"""Where Python waits for the browser's storage (JavaScript Promise integration:
Chromium), the browser runs the page's other tasks during the wait: "Saving…" is drawn
if it lasts, and a browser Back or a redraw then draws nothing of the unkept hand (before,
``route_changed`` and ``view_popped`` checked only the no-wait path's ``saving``: a Back
during the wait drew the sheet from the hand the storage had not kept)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from app_harness import Phone
from storage_faults import install_faulty
from test_app_kept import NAMES, type_hand

from scorekeeper import rules
from scorekeeper.app import ids
from scorekeeper.store import GameStore, platform


@pytest.mark.parametrize("answer", ["kept", "no answer"])
def test_during_the_wait_save_says_saving_and_a_back_draws_nothing(
        answer: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = GameStore.open(tmp_path / "data")
    game = rules.Game.new(tuple(NAMES), rules.Rules()).add_hand(rules.Hand((3, 13, 10, 0)))
    gid = store.create_game(game).id
    storage = install_faulty(monkeypatch, tmp_path / "data", wait=True)
    try:
        phone = Phone(store, route=f"/game/{gid}")
        phone.tap(ids.ENTER_HAND)
        type_hand(phone, [13, 3, 0, 10])
        seen: dict[str, Any] = {}

        def meanwhile() -> None:  # the page's tasks while Python waits
            seen["saving"] = phone.text(ids.SAVE_HAND)
            seen["disabled"] = phone.disabled(ids.SAVE_HAND)
            phone.page.route = f"/game/{gid}"
            phone.shell.route_changed(SimpleNamespace(route=f"/game/{gid}"))
            phone.shell.view_popped(None)
            phone.shell.render()
            seen["screen"] = phone.screen
            seen["row 2"] = phone.has(ids.HAND_ROW.format(n=2))

        storage.meanwhile = meanwhile
        storage.hold = True
        if answer == "no answer":
            storage.arm(1, "no answer")
        phone.tap(ids.SAVE_HAND)
        assert seen == {"saving": "Saving…", "disabled": True, "screen": "hand",
                        "row 2": False}
        if answer == "kept":
            assert phone.screen == "sheet" and phone.has(ids.HAND_ROW.format(n=2))
            assert len(store.get(gid).game.hands) == 2
        else:
            assert phone.screen == "hand" and "could not keep hand 2" in phone.text(ids.ERROR)
            assert not phone.disabled(ids.SAVE_HAND)
            assert len(store.get(gid).game.hands) == 1
    finally:
        storage.hold = False
        storage.end()
        platform.on_durable(None)
