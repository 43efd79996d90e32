""""Show on another phone" on the app's screens, two phones without a browser: the sheet's
button, the code and link (the QR code read back with a real decoder), the link opened
on another phone read only, "Keep on this phone", a newer link adding its hands, a link
whose hands differ changing nothing, and every bad link refused in words (en, pl, lt)
with nothing stored."""

from __future__ import annotations

import base64
import io
import json
import re

import pytest
import zxingcpp
from PIL import Image

from scorekeeper.app import ids, linking
from scorekeeper.app.screens import SCREENS
from scorekeeper.app.session import Session
from scorekeeper.formats import sharelink
from scorekeeper.rules import Game, Hand, Rules
from scorekeeper.store import GameStore

from app_harness import Phone
from share_games import kierki_match

ADDRESS = "https://example.github.io/hearts/"
ANOTHER = re.compile(r"From another phone: hand (\d+), ")


def phone(store, language="en", route="/", link=None) -> Phone:
    session = Session(store, language, screens=SCREENS)
    session.address, session.link = ADDRESS, link
    return Phone(store, language, route, session=session)


def play(store, hands, players=("Ala", "Bartek", "Celina", "Darek"), target=100):
    stored = store.create_game(Game.new(list(players), Rules(target=target)))
    for points in hands:
        stored = store.add_hand(stored.id, Hand(tuple(points)), stored.version)
    return stored


HANDS = [(5, 8, 13, 0), (0, 10, 3, 13), (13, 0, 3, 10)]


def read_qr(png: bytes) -> list:
    """The QR codes in an image, read as a phone's camera app reads them: for QR codes
    only. Asked for every format, zxing-cpp 3.1 also finds a Codabar or ITF bar code in
    the modules of about one QR code in 400 (seen in a full run: two codes read)."""
    return list(zxingcpp.read_barcodes(Image.open(io.BytesIO(png)),
                                       formats=zxingcpp.BarcodeFormat.QRCode))


def shown_link(p: Phone, game_id: str) -> str:
    """Open "Show on another phone" from the sheet; the link its QR code holds."""
    p.go(f"/game/{game_id}")
    p.tap(ids.SHOW_ON_PHONE)
    assert p.session.route.url() == f"/game/{game_id}/show"
    image = p.find(ids.SHOW_QR).content
    [code] = read_qr(image.src)
    assert code.format == zxingcpp.BarcodeFormat.QRCode
    assert code.text == p.session.model.link
    return code.text


def fragment(link: str) -> str:
    return link.split("#", 1)[1]


def test_the_sheet_shows_the_game_as_a_code_and_a_link(tmp_path):
    store = GameStore.open(tmp_path / "a")
    stored = play(store, HANDS)
    p = phone(store)
    link = shown_link(p, stored.id)
    assert link.startswith(ADDRESS + "#game=")
    item = sharelink.read_link(fragment(link), "2026-12-06T21:04:00Z")
    assert (item.id, item.version, item.game) == (stored.id, stored.version, stored.game)
    assert "never reaches a server" in p.text(ids.SHOW_HOW)
    assert p.text(ids.SHOW_LINK) == link  # the same as text
    assert p.has(ids.SHOW_COPY) and not p.has(ids.SHOW_DENSE)
    p.tap(ids.SHOW_COPY)
    assert "Link copied" in p.screen_text()
    p.tap(ids.BACK)
    assert p.screen == "sheet"


def test_another_phone_shows_it_read_only_and_keeps_it(tmp_path):
    first = GameStore.open(tmp_path / "a")
    stored = play(first, HANDS)
    a = phone(first)
    a.go(f"/game/{stored.id}")
    totals, banner = a.totals(), a.text(ids.BANNER)
    link = shown_link(a, stored.id)

    second = GameStore.open(tmp_path / "b")
    b = phone(second, route="/link", link=fragment(link))
    assert b.screen == "from_link"
    assert ANOTHER.match(b.text(ids.LINK_FROM)).group(1) == "3"
    assert b.totals() == totals and b.text(ids.BANNER) == banner
    assert "Read only" in b.text(ids.LINK_STATE)
    assert not b.has(ids.ENTER_HAND) and second.list_games() == []  # nothing stored
    b.tap(ids.SHEET_TAB.format(mode="chart"))
    assert b.screen == "from_link" and b.session.model.chart
    b.tap(ids.LINK_KEEP)
    assert b.screen == "sheet" and b.session.route.url() == f"/game/{stored.id}"
    assert "Kept on this phone" in b.screen_text()
    kept = second.get(stored.id)
    assert kept.game == stored.game and kept.version == stored.version
    b.enter_points([0, 0, 13, 13])  # the table carries on on this phone
    assert len(second.get(stored.id).game.hands) == 4

    # the first phone opens the newer link: it adds that hand, its own kept first
    newer = shown_link(b, stored.id)
    a2 = phone(first, route="/link", link=fragment(newer))
    assert "the link adds 1 hand." in a2.text(ids.LINK_STATE)
    a2.tap(ids.LINK_KEEP)
    assert "1 hand from the link added." in a2.screen_text()
    assert first.get(stored.id).game == second.get(stored.id).game
    assert a2.totals() == phone(second, route=f"/game/{stored.id}").totals()


def test_a_link_whose_hands_differ_changes_nothing(tmp_path):
    first = GameStore.open(tmp_path / "a")
    stored = play(first, HANDS)
    link = shown_link(phone(first), stored.id)
    second = GameStore.open(tmp_path / "b")
    phone(second, route="/link", link=fragment(link)).tap(ids.LINK_KEEP)
    first.add_hand(stored.id, Hand((26, 0, 0, 0)), first.get(stored.id).version)
    kept = second.get(stored.id)
    second.add_hand(stored.id, Hand((0, 26, 0, 0)), kept.version)
    before = second.get(stored.id)
    b = phone(second, route="/link", link=fragment(shown_link(phone(first), stored.id)))
    assert "differ from the link's, so nothing was changed" in b.text(ids.LINK_STATE)
    assert not b.has(ids.LINK_KEEP) and not b.has(ids.LINK_OPEN_KEPT)
    assert second.get(stored.id) == before
    # the same link again, and an older one: nothing to add, the kept game opens
    same = phone(second, route="/link", link=fragment(shown_link(phone(second), stored.id)))
    assert "with the same hands" in same.text(ids.LINK_STATE)
    older = phone(second, route="/link", link=fragment(link))
    assert "more hands than the link" in older.text(ids.LINK_STATE)
    older.tap(ids.LINK_OPEN_KEPT)
    assert older.screen == "sheet" and second.get(stored.id) == before


def test_the_winner_at_the_end_and_rematch_keeps_the_game(tmp_path):
    first = GameStore.open(tmp_path / "a")
    stored = play(first, [(26, 0, 0, 0), (26, 0, 0, 0)], target=50)
    a = phone(first, route=f"/game/{stored.id}")
    winner = a.text(ids.WINNER)
    second = GameStore.open(tmp_path / "b")
    b = phone(second, route="/link", link=fragment(shown_link(a, stored.id)))
    assert b.text(ids.WINNER) == winner and "wins" in winner
    b.tap(ids.REMATCH)
    assert b.screen == "new_game" and second.get(stored.id).game == stored.game


def test_a_kierki_match_says_deals(tmp_path):
    first = GameStore.open(tmp_path / "a")
    match = kierki_match()
    stored = first.create_game(Game(match.players, match.rules, match.first_dealer, ()))
    for deal in match.hands[:5]:
        stored = first.add_hand(stored.id, deal, stored.version)
    b = phone(GameStore.open(tmp_path / "b"), route="/link",
              link=fragment(shown_link(phone(first), stored.id)))
    assert b.text(ids.LINK_FROM).startswith("From another phone: deal 5, ")
    assert b.has(ids.BANNER)


def packed(data: bytes, version: int = sharelink.LINK_FORMAT) -> str:
    body = bytes([version]) + sharelink.deflate(data)
    return "game=" + base64.urlsafe_b64encode(body).rstrip(b"=").decode()


GOOD = sharelink.encode(sharelink.link_document(
    "g1", "2026-12-06T20:00:00.000000Z", "2026-12-06T21:04:00.000000Z", 4,
    Game.new(["Ala", "Bartek", "Celina"], Rules()).add_hand(Hand((13, 13, 0)))))
BAD = {  # what a link holds -> the words (en) said for it
    "garbled": (GOOD[:-7], "damaged or cut short"),
    "truncated": (GOOD[:len(GOOD) // 2], "damaged or cut short"),
    "not base64": ("game=ab%c!", "damaged or cut short"),
    "oversized": ("game=" + "A" * 70_000, "too long to be a game"),
    "a bomb": (packed(b" " * 5_000_000), "too long to be a game"),
    "newer": (packed(b"{}", sharelink.LINK_FORMAT + 1), "Update the app"),
    "not a game": (packed(b'{"kind": "scorekeeper-export", "games": []}'), "holds no game"),
    "breaks the rules": (packed(json.dumps({"players": ["A", "B", "C"], "hands": [
        {"points": [30, 0, 0]}]}).encode()), "cannot be read, so it was not opened: "),
    "not read": (None, "could not read the link"),
}


@pytest.mark.parametrize("kind", sorted(BAD))
@pytest.mark.parametrize("language", ["en", "pl", "lt"])
def test_a_bad_link_is_refused_in_words_and_nothing_is_stored(tmp_path, kind, language):
    store = GameStore.open(tmp_path)
    payload, words = BAD[kind]
    p = phone(store, language, "/link", payload)
    said = p.text(ids.LINK_PROBLEM)
    if language == "en":
        assert words in said
    assert "Error" not in said and "Traceback" not in said and "/" not in said
    assert not p.has(ids.LINK_KEEP) and store.list_games() == []
    other = phone(store, "en" if language != "en" else "pl", "/link", payload)
    assert other.text(ids.LINK_PROBLEM) != said  # the words are the phone's language's


def test_the_address_another_phone_opens():
    assert linking.app_address("https://a.github.io/hearts/#/game/g1") == \
        "https://a.github.io/hearts/"
    assert linking.app_address("https://a.github.io/hearts/index.html") == \
        "https://a.github.io/hearts/"
    assert linking.app_address("ws://127.0.0.1:8550") == "http://127.0.0.1:8550/"
    assert linking.app_address("wss://scores.example/app/ws") == "https://scores.example/app/"
    assert linking.app_address(None) == "" and linking.app_address("tcp://1.2.3.4:5") == ""
    lan = type("Lan", (), {"addresses": ("192.168.1.20", "10.0.0.2"), "port": 8550})()
    assert linking.app_address("ws://127.0.0.1:8550", lan) == "http://192.168.1.20:8550/"
    assert linking.is_link_route("/link") and linking.is_link_route("/link/k2x9")
    assert not linking.is_link_route("/game/link") and not linking.is_link_route("/link/a/b")


def test_no_address_is_said_in_words(tmp_path):
    store = GameStore.open(tmp_path)
    stored = play(store, HANDS)
    session = Session(store, "en", screens=SCREENS)
    p = Phone(store, "en", f"/game/{stored.id}/show", session=session)
    assert "no address another phone can open" in p.text(ids.SHOW_PROBLEM)
    assert not p.has(ids.SHOW_QR)
