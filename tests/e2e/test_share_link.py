""""Show on another phone" as phones do it: the first phone (Chromium, on the built web
app) shows its game's QR code; the code is read from a screenshot with a real decoder
(zxing-cpp) and its link opened on a second phone (another Chromium context, Firefox ESR
or WebKitGTK): the same totals and banner, read only; a reload with the site's server
gone (the service worker serves the page for any fragment); "Keep on this phone", a hand
played there ending the game; that phone's newer link read back the same way and opened
on the first phone, which adds the hand and shows the same winner; then bad links
refused in words. And the server's path: the link of a game on ``scorekeeper serve``.
Screenshots: ``share-link-*.png``."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any, Iterator

import pytest
import zxingcpp
from PIL import Image
from app_steps import Table
from e2e_harness import DEFAULT_TIMEOUT_MS, PHONE, Phone, eventually
from engines import ENGINES
from web_engines import engine_browser
from web_harness import START_TIMEOUT, WebApp, block_outside, build, static_server

from scorekeeper.app import ids
from scorekeeper.formats import sharelink
from scorekeeper.rules import Game, Hand, Rules

ALA, BARTEK, CELINA, DAREK = range(4)
RULES = Rules(target=50)
FIRST_HANDS = [({BARTEK: 12, ALA: 1}, BARTEK, Hand((1, 25, 0, 0))),
               ({CELINA: 13}, DAREK, Hand((0, 0, 13, 13)))]
LAST_HAND = ({BARTEK: 12, DAREK: 1}, BARTEK, Hand((0, 25, 0, 1)))  # Bartek 50: Ala wins
FROM = re.compile(r"From another phone: hand (\d+), ")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("site"))


def scanned(app: Any, shot: str) -> str:
    """The link the QR code on the screen holds, read from a screenshot of it as a
    phone's camera reads it (the whole screen, the code somewhere on it)."""
    app.wait(ids.SHOW_QR)

    def read() -> str:
        # for QR codes only, as a camera app reads them (see test_app_share_link.read_qr)
        codes = zxingcpp.read_barcodes(Image.open(io.BytesIO(Path(app.shot(shot)).read_bytes())),
                                       formats=zxingcpp.BarcodeFormat.QRCode)
        assert [c.format for c in codes] == [zxingcpp.BarcodeFormat.QRCode], codes
        return str(codes[0].text)

    return str(eventually(read, timeout=DEFAULT_TIMEOUT_MS / 1000))


def show(app: Any, shot: str, words: str = "never reaches a server") -> str:
    """The link a phone shows: its QR code as scanned. Firefox and WebKit here run
    Flutter's CanvasKit without WebGL ("Falling back to CPU-only rendering"), which
    draws no image from bytes: there the link is read as the screen says it in text."""
    app.tap(ids.SHOW_ON_PHONE)
    app.wait(ids.SHOW_HOW)
    assert words in app.text(ids.SHOW_HOW)
    if getattr(app, "engine", "chromium") != "chromium":
        app.shot(shot)
        text = app.text(ids.SHOW_LINK)
        found = re.search(r"http\S+#game=[A-Za-z0-9_-]+", text)
        assert found, text
        return found.group(0)
    return scanned(app, shot)


def sheet_seen(app: Any) -> dict[str, str]:
    """What a phone shows of the game: each total, the banner or the winner."""
    seen = {f"total {s}": app.text(ids.TOTAL.format(seat=s)) for s in range(4)}
    for part in (ids.BANNER, ids.WINNER):
        if app.exists(part):
            seen[part] = app.text(part)
    return seen


def play(table: Table, hearts: dict[int, int], queen: int, hand: Hand) -> None:
    table.open_entry()
    table.cards(hearts, queen=queen)
    table.save(hand)


@pytest.fixture(params=ENGINES)
def second(request: pytest.FixtureRequest, site: Path, browser: Any) -> Iterator[Any]:
    """The second phone's first page: another Chromium context, Firefox or WebKit."""
    engine = request.param
    if engine == "chromium":
        phone = Phone(browser, f"second-{request.node.name}")
        block_outside(phone.context)
        yield phone.page
        phone.close(False)
        return
    xvfb = request.getfixturevalue("xvfb") if engine == "webkit" else None
    with engine_browser(engine, xvfb) as b:
        yield b.start()


def test_the_code_on_one_phone_opens_the_game_on_another(
        site: Path, phone: Phone, second: Any) -> None:
    server = static_server(site).start()
    try:
        block_outside(phone.context)
        first = WebApp(phone.page, server.url)
        other = WebApp(second, server.url)
        engine = other.engine
        table = Table(first, table_rules=RULES)
        table.start()
        for hearts, queen, hand in FIRST_HANDS:
            play(table, hearts, queen, hand)
        before = sheet_seen(first)
        first.service_worker_ready()
        link = show(first, f"share-link-{engine}-show")
        assert link.startswith(server.url + "/#game="), link

        # the second phone opens the link: the same sheet, read only, nothing kept
        other.page.goto(link)
        other._started(ids.LINK_FROM)
        assert FROM.match(other.text(ids.LINK_FROM)).group(1) == "2"
        assert sheet_seen(other) == before
        assert re.fullmatch(r"/link/\w+", other.path) and "game=" not in other.page.evaluate(
            "() => location.href")
        other.shot(f"share-link-{engine}-opened")
        other.service_worker_ready()
        server.stop()  # offline: the service worker serves the page
        other.reload(ready=ids.LINK_FROM)
        assert sheet_seen(other) == before

        # kept there, it goes on: the last hand, and the game is over
        other.tap(ids.LINK_KEEP)
        other.wait(ids.ENTER_HAND)
        kept = Table(other, table_rules=RULES, hands=[h for *_, h in FIRST_HANDS],
                     path=other.wait_path(r"/game/[^/]+"))
        kept.check_sheet()
        play(kept, *LAST_HAND)
        kept.check_sheet()
        after = sheet_seen(other)
        assert "Ala wins" in after[ids.WINNER]
        newer = show(other, f"share-link-{engine}-newer")

        # the first phone opens the newer link (offline too): it adds that hand
        first.page.goto(newer)
        first._started(ids.LINK_STATE)
        assert "the link adds 1 hand." in first.text(ids.LINK_STATE)
        assert sheet_seen(first) == after
        first.tap(ids.LINK_KEEP)
        first.wait(ids.GAME_OVER)
        assert sheet_seen(first) == after

        bad_links(other, server.url, link)
    finally:
        server.stop()


def bad_links(app: WebApp, address: str, good: str) -> None:
    """Garbled, cut short, too long, newer: said in words, and the game kept unchanged."""
    fragment = good.split("#", 1)[1]
    newer = "game=" + "Ag" + fragment[7:]  # the format byte 2
    for name, text, words in (("garbled", "game=AQ!!notbase64", "damaged or cut short"),
                              ("cut", fragment[:len(fragment) // 2], "damaged or cut short"),
                              ("long", "game=" + "A" * 70_000, "too long to be a game"),
                              ("newer", newer, "Update the app")):
        app.page.goto(f"{address}/#{text}")
        app._started(ids.LINK_PROBLEM)
        eventually(lambda w=words: _assert_in(w, app.text(ids.LINK_PROBLEM)))
        assert not app.exists(ids.LINK_KEEP)
        if name == "garbled":
            app.shot(f"share-link-{app.engine}-refused")


def _assert_in(part: str, text: str) -> None:
    assert part in text, text


@pytest.mark.parametrize("language", ["en", "pl", "lt"])
def test_the_screens_at_360_px(site: Path, browser: Any, language: str) -> None:
    """A link's sheet and the code at 360 px in each language (looked at; the code is
    read whole from the screenshot)."""
    locale = {"en": "en-US", "pl": "pl-PL", "lt": "lt-LT"}[language]
    context = browser.new_context(**dict(PHONE, viewport={"width": 360, "height": 740},
                                         locale=locale))
    keep = {"en": "Keep on this phone", "pl": "Zachowaj na tym telefonie",
            "lt": "Išsaugoti šiame telefone"}[language]
    try:
        block_outside(context)
        with static_server(site) as server:
            app = WebApp(context.new_page(), server.url)
            game = Game.new(["Ala", "Bartek", "Celina", "Darek", "Ewa"], RULES)
            for points in ((1, 25, 0, 0, 0), (0, 0, 13, 6, 7)):
                game = game.add_hand(Hand(points))
            doc = sharelink.link_document("g-table-360", "2026-12-06T20:00:00.000000Z",
                                          "2026-12-06T21:04:00.000000Z", 3, game)
            app.page.goto(sharelink.link(server.url + "/", doc))
            app._started(ids.LINK_KEEP)
            assert keep in app.text(ids.LINK_KEEP)
            app.shot(f"share-link-360-{language}-opened")
            app.tap(ids.LINK_KEEP)
            app.wait(ids.SHOW_ON_PHONE)
            link = show(app, f"share-link-360-{language}-show", {
                "en": "never reaches a server", "pl": "nie trafia na żaden serwer",
                "lt": "nepasiekia jokio serverio"}[language])
            assert sharelink.read_link(link.split("#", 1)[1], doc["updated"]).game == game
    finally:
        context.close()


def test_on_the_server_the_link_opens_the_same_way(app: Any, browser: Any,
                                                   server: Any) -> None:
    """``scorekeeper serve``: the fragment is in the browser's address only; the page
    hands it to the app as in the web app. The server keeps the games of every phone:
    its own game's link says so; another game's link is kept there."""
    table = Table(app, table_rules=RULES)
    table.start()
    play(table, *FIRST_HANDS[0])
    link = show(app, "share-link-server-show")
    assert link.startswith(server.url + "/#game="), link
    other = Phone(browser, "share-link-server-second")
    try:
        second = other.flutter(server.url)
        other.page.goto(link)
        second.enable_semantics()
        second.wait(ids.LINK_FROM)
        assert re.fullmatch(r"/link/\w+", second.path)
        assert "with the same hands" in second.text(ids.LINK_STATE)
        game = Game.new(["Iza", "Józef", "Kasia"], Rules()).add_hand(Hand((13, 13, 0)))
        doc = sharelink.link_document("g-from-elsewhere", "2026-12-06T20:00:00.000000Z",
                                      "2026-12-06T21:04:00.000000Z", 2, game)
        other.page.goto(sharelink.link(server.url + "/game/x", doc))
        second.enable_semantics()
        second.wait_text(ids.LINK_FROM, lambda t: "hand 1" in t, what="the other game")
        second.tap(ids.LINK_KEEP)
        second.wait(ids.ENTER_HAND)
        second.wait_path("/game/g-from-elsewhere")
        other.page.goto(server.url + "/#game=AQ!!")
        second.enable_semantics()
        second.wait_text(ids.LINK_PROBLEM, lambda t: "damaged or cut short" in t,
                         what="the words for a garbled link")
    finally:
        other.close(False)
