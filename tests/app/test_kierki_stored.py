"""Kierki games in the store (issue 32's rules and store part) do not break the Hearts
screens that list them: home, the history, the stats (Hearts' own: Kierki's are counted
apart) and the JSON and CSV downloads."""

from __future__ import annotations

import sys
from pathlib import Path

from app_harness import Phone

from scorekeeper import formats
from scorekeeper.app.views.sharing import game_download

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import kierki_matches as km  # noqa: E402


def test_home_history_and_stats_draw_with_kierki_games_stored(store):
    done = store.create_game(formats.game_from_dict(km.CLASSIC_FILE))
    store.create_game(formats.game_from_dict(km.classic_file(3)))
    home = Phone(store, route="/")
    assert home.screen == "home" and "Ala, Bartek, Celina, Darek" in home.screen_text()
    history = Phone(store, route="/history")
    assert history.screen == "history" and "Celina won" in history.screen_text()
    stats = Phone(store, route="/stats")
    assert stats.screen == "stats" and "0 finished games counted" in stats.screen_text()
    json_file = game_download(store, done.id, "json")
    assert json_file["status_code"] == 200 and b'"kierki"' in json_file["content"]
    csv_file = game_download(store, done.id, "csv")
    assert csv_file["status_code"] == 200 and csv_file["media_type"].startswith("text/csv")
    assert csv_file["content"].decode().splitlines()[-1].startswith(f"{done.id},12,lottery,")
    assert csv_file["headers"]["Content-Disposition"].startswith('attachment; filename="kierki-')
