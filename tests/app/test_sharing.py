"""Sharing a game: the sheet's Share / Copy buttons carry the text summary of share.py
and Copy says so in words; the server hands out one game as JSON (which
``scorekeeper replay`` reads) and as CSV, and nothing for an unknown or deleted game."""

import csv
import io
import warnings

import flet as ft
import pytest

with warnings.catch_warnings():  # starlette's note about its httpx client, not ours
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from scorekeeper import formats
from scorekeeper.app import ids
from scorekeeper.app.server import serve
from scorekeeper.app.views import sharing
from scorekeeper.rules import Game, Hand, MoonChoice, MoonRule, Rules
from scorekeeper.store import GameStore


def stored_game(store):
    sg = store.create_game(Game.new(["Ala", "Bartek", "Celina", "Darek"],
                                    Rules(target=60, moon=MoonRule.SHOOTER_CHOICE)))
    for hand in [Hand((5, 8, 13, 0)), Hand((0, 26, 0, 0), MoonChoice.ADD_TO_OTHERS),
                 Hand((13, 0, 3, 10))]:
        sg = store.add_hand(sg.id, hand, sg.version)
    return sg


@pytest.mark.parametrize("platform, share", [("android", True), ("ios", True),
                                             ("linux", False), ("windows", False),
                                             ("macos", False), (None, False),
                                             (ft.PagePlatform.ANDROID, True)])
def test_a_share_sheet_only_on_phones(platform, share):
    assert sharing.can_share(platform) is share


def test_copy_says_copied_and_share_is_offered_on_phones(phone, store):
    sg = stored_game(store)
    phone.go(f"/game/{sg.id}")
    assert not phone.has(ids.SHARE)  # a computer's browser: no share sheet, Copy only
    assert not phone.has(ids.DOWNLOAD_JSON)  # not served: no server to download from
    phone.tap(ids.COPY)
    phone.render()
    assert phone.text(ids.NOTICE) == "Copied: paste it into your chat."
    phone.session.can_share = True
    phone.session.export_url = serve.EXPORT_PATH
    phone.render()
    assert phone.has(ids.SHARE) and phone.has(ids.COPY)
    button = phone.control(ids.DOWNLOAD_JSON, ft.OutlinedButton)
    assert button.url == f"/game/{sg.id}.json"
    assert phone.control(ids.DOWNLOAD_CSV, ft.OutlinedButton).url == f"/game/{sg.id}.csv"


def test_one_game_downloads_as_json_that_replay_reads_and_as_csv(tmp_path):
    store = GameStore.open(tmp_path / "data")
    sg = stored_game(store)
    other = store.create_game(Game.new(["X", "Y", "Z"]))
    local = "http://127.0.0.1:8550"  # the server answers only to its own host name
    with TestClient(serve.build_asgi_app(str(tmp_path / "data")), base_url=local) as client:
        r = client.get(f"/game/{sg.id}.json")
        assert r.status_code == 200
        assert r.headers["content-disposition"] == \
            f'attachment; filename="hearts-{sg.created[:10]}-{sg.id}.json"'
        assert formats.game_from_dict(r.json()) == sg.game
        r = client.get(f"/game/{sg.id}.csv")
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
        rows = list(csv.DictReader(io.StringIO(r.text)))
        assert len(rows) == 3 * 4  # a row per hand and player
        assert client.get("/game/no-such-game.json").status_code == 404
        assert client.get("/game/..%2Fsettings.csv").status_code == 404
        store.delete_game(other.id)
        assert client.get(f"/game/{other.id}.csv").status_code == 404


def test_the_csv_download_writes_formula_names_as_text(tmp_path):
    """The sheet's Download CSV goes through the export's quoting: a spreadsheet opening
    the file shows "=1+2" as a name and never runs it."""
    store = GameStore.open(tmp_path / "data")
    names = ["=1+2", "@A1", "=cmd|' /C calc'!A0", "-Ala-"]
    sg = store.create_game(Game.new(names, Rules(moon=MoonRule.SUBTRACT_FROM_SELF)))
    store.add_hand(sg.id, Hand((0, 26, 0, 0)), sg.version)
    local = "http://127.0.0.1:8550"
    with TestClient(serve.build_asgi_app(str(tmp_path / "data")), base_url=local) as client:
        r = client.get(f"/game/{sg.id}.csv")
    rows = list(csv.DictReader(io.StringIO(r.text)))
    assert [row["player"] for row in rows] == ["'" + n for n in names]
    assert rows[0]["dealer"] == "'=1+2" and rows[1]["score"] == "-26"


def test_replay_reads_the_downloaded_file(tmp_path, capsys):
    from scorekeeper.cli import main

    store = GameStore.open(tmp_path / "data")
    sg = stored_game(store)
    path = tmp_path / "game.json"
    path.write_bytes(sharing.game_download(store, sg.id, "json")["content"])
    assert main(["replay", str(path), "--json"]) == 0
    out = capsys.readouterr().out
    assert '"totals"' in out


def test_on_the_lan_only_the_hosts_browser_downloads_games(tmp_path):
    """A download has no session, so a follower's table code cannot vouch for it: with
    --lan, a phone on the network is refused every download, this machine is not."""
    store = GameStore.open(tmp_path / "data")
    sg = stored_game(store)
    app = serve.build_asgi_app(str(tmp_path / "data"), host="0.0.0.0", lan=True)
    local = "http://127.0.0.1:8550"
    paths = [f"/game/{sg.id}.json", f"/game/{sg.id}.csv", serve.EXPORT_PATH]
    with TestClient(app, base_url=local, client=("192.0.2.7", 50000)) as phone:
        for path in paths:
            r = phone.get(path)
            assert r.status_code == 403 and "host" in r.text, path
    with TestClient(app, base_url=local, client=("127.0.0.1", 50000)) as host:
        for path in paths:
            assert host.get(path).status_code == 200, path
