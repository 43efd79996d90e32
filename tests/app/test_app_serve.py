"""Serving: addresses printed, offline web client, bundled font and icon, the export file."""

import json
import warnings

import pytest

with warnings.catch_warnings():  # starlette's note about its httpx client, not ours
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from scorekeeper import rules
from scorekeeper.app.server import serve
from scorekeeper.app.server.assets import assets_dir
from scorekeeper.store import GameStore

LOCAL = "http://127.0.0.1:8550"  # the server refuses any other Host name


def test_local_and_lan_addresses():
    assert serve.urls("127.0.0.1", 8550) == ["http://127.0.0.1:8550"]
    everywhere = serve.urls("0.0.0.0", 9000)
    assert everywhere[0] == "http://127.0.0.1:9000"
    assert all(u.endswith(":9000") and "127.0.0." not in u for u in everywhere[1:])


def test_assets_hold_font_licence_icon_and_an_offline_index():
    assets = assets_dir()
    for name in ("fonts/DejaVuSans.ttf", "fonts/DejaVuSans-Bold.ttf", "fonts/LICENSE",
                 "icon.png", "favicon.png", "icons/icon-192.png", "icons/icon-512.png",
                 "manifest.json", "index.html", "assets/FontManifest.json"):
        assert (assets / name).is_file(), name
    index = (assets / "index.html").read_text(encoding="utf-8")
    assert "<!-- fletAppConfig -->" in index and "@rive-app/" in index
    fonts = json.loads((assets / "assets" / "FontManifest.json").read_text())
    dejavu = next(f for f in fonts if f["family"] == "DejaVu Sans")
    assert {f["asset"] for f in dejavu["fonts"]} == {"../fonts/DejaVuSans.ttf",
                                                     "../fonts/DejaVuSans-Bold.ttf"}
    assert any(f["family"] == "MaterialIcons" for f in fonts)


@pytest.fixture
def client(tmp_path):
    with TestClient(serve.build_asgi_app(str(tmp_path / "data")), base_url=LOCAL) as c:
        yield c


def test_the_page_is_configured_for_no_cdn(client):
    page = client.get("/").text
    assert "flet.noCdn=true" in page and "<title>Hearts Scorekeeper</title>" in page
    assert 'flet.canvasKitBaseUrl="/canvaskit/"' in page
    assert client.get("/fonts/DejaVuSans.ttf").status_code == 200
    assert client.get("/game/abc/hand").status_code == 200  # a reload on any screen
    manifest = client.get("/manifest.json").json()
    assert manifest["name"] == "Hearts Scorekeeper"


def test_export_file_downloads_every_game(tmp_path):
    store = GameStore.open(tmp_path / "data")
    sg = store.create_game(rules.Game.new(["Ala", "Bartek", "Celina"]))
    store.add_hand(sg.id, rules.Hand((10, 16, 0)), sg.version)
    with TestClient(serve.build_asgi_app(str(tmp_path / "data")), base_url=LOCAL) as client:
        r = client.get(serve.EXPORT_PATH)
    assert r.status_code == 200
    assert r.headers["content-disposition"].startswith("attachment;")
    games = r.json()
    assert [g["id"] for g in games] == [sg.id] and games[0]["hands"] == [{"points": [10, 16, 0]}]


def test_a_taken_port_is_said_in_words(capsys):
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        assert serve.serve("127.0.0.1", port, db=None) == 2
    assert "cannot listen" in capsys.readouterr().err
