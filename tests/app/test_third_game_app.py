"""The app side of a third game (tests/third_game.py's Tricks): its entry in the table
of games' app parts, here borrowing Hearts' drawing parts, is all the screens need to
list it, draw its sheet (totals, rows, the game over), its card and its download."""

from __future__ import annotations

import sys
from pathlib import Path

import flet as ft
import pytest
from app_harness import Phone

from scorekeeper.app import games, ids
from scorekeeper.app.hearts_app import HeartsApp
from scorekeeper.app.views import game_card
from scorekeeper.app.views.sharing import game_download

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import third_game as tg  # noqa: E402


class TricksApp(HeartsApp):
    """Tricks' app parts: Hearts' drawing, its own key, the line under the banner (no
    target) and who leads (the highest)."""

    key = "tricks"

    def info(self, ui, game, st):
        return ft.Text(ui._n("{n} hand played", "{n} hands played", len(game.hands)))

    def leads(self, g):
        return game_card.highest_leads(g)


@pytest.fixture
def tricks(monkeypatch):
    with tg.registered(monkeypatch):
        monkeypatch.setitem(games.APP_GAMES, "tricks", TricksApp())
        yield


def stored(store, hands):
    sg = store.create_game(tg.TricksGame())
    for hand in hands:
        sg = store.add_hand(sg.id, hand, sg.version)
    return sg


def test_home_history_and_the_sheet_draw_a_game_of_tricks(tricks, store):
    sg = stored(store, tg.HANDS_PLAYED[:2])
    home = Phone(store, route="/")
    assert "Ala, Bartek, Celina, Darek" in home.screen_text()
    history = Phone(store, route="/history")
    assert "Tied for the highest: Ala, Celina" in history.screen_text()
    assert history.has(ids.HISTORY_GAME_KIND.format(game="tricks"))  # its own filter
    assert "Tied for the highest" in Phone(store, route=f"/history?game=tricks").screen_text()
    sheet = Phone(store, route=f"/game/{sg.id}")
    assert sheet.screen == "sheet" and sheet.has(ids.ENTER_HAND)
    assert "Hand 3" in sheet.screen_text()


def test_a_finished_game_of_tricks_has_its_winner_and_download(tricks, store):
    sg = stored(store, tg.HANDS_PLAYED)
    sheet = Phone(store, route=f"/game/{sg.id}")
    assert sheet.has(ids.GAME_OVER) and "Ala wins!" in sheet.screen_text()
    csv_file = game_download(store, sg.id, "csv")
    assert csv_file["status_code"] == 200
    assert csv_file["headers"]["Content-Disposition"].startswith('attachment; filename="tricks-')
    assert csv_file["content"].decode().splitlines()[0] == ",".join(tg.CSV_COLUMNS)
