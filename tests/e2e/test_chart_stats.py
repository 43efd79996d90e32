"""The score chart, the stats screen and sharing in a real browser, on games stored
beforehand, at 390 and 360 px, in English, Polish and Lithuanian. The chart must draw
(the players' colours are on the screenshot) and say its summary to a screen reader; the
stats must show the players and say what is left out, and Kierki's apart, per contract;
Copy must put the summary on the clipboard. Nothing may leave the machine (each test
checks its network guard)."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from e2e_harness import PHONE, Flutter, NetworkGuard, Server, app_server, shot

from scorekeeper import formats, rules
from scorekeeper.app import ids
from scorekeeper.app.views import palette
from scorekeeper.rules import Game, Hand, MoonChoice, MoonRule, Rules, Variant
from scorekeeper.store import GameStore

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import kierki_matches as km  # noqa: E402

PLAYERS = ("Ala", "Bartek", "Celina", "Darek")
HANDS = [
    Hand((5, 8, 13, 0)),
    Hand((0, 26, 0, 0), MoonChoice.ADD_TO_OTHERS),
    Hand((13, 0, 3, 10)),
    Hand((2, 4, 7, 13)),
    Hand((0, 13, 12, 1)),
    Hand((9, 9, 4, 4)),
    Hand((26, 0, 0, 0), MoonChoice.SUBTRACT_FROM_SELF),
]


def the_game() -> Game:
    game = Game.new(list(PLAYERS), Rules(target=100, moon=MoonRule.SHOOTER_CHOICE))
    for hand in HANDS:
        game = game.add_hand(hand)
    return game


ELEVEN = ("Ala", "Bartek", "Celina", "Darek", "Ela", "Franek", "Grażyna", "Henryk",
          "Iga", "Jurgis", "Kotryna")
ELEVEN_ID: list[str] = []
KIERKI_ID: list[str] = []


def eleven_hands() -> list[Hand]:
    """Twelve hands of Cancellation at 11 players (52 points a hand), one a moon."""
    hands = []
    for i in range(12):
        pts = [0] * 11
        if i == 5:
            pts[7] = 52  # Henryk takes every point: the moon
        else:
            pts[i % 11], pts[(i + 4) % 11], pts[(i + 7) % 11] = 26, 13, 13
        hands.append(Hand(tuple(pts)))
    return hands


def finished(store: GameStore, players: list[str], loser: int) -> None:
    """A game to 50 where ``loser`` takes most points of every hand and the others take
    fewer the later they sit (so the last of them wins alone)."""
    sg = store.create_game(Game.new(players, Rules(target=50)))
    others = [seat for seat in range(len(players)) if seat != loser]
    pts = [0] * len(players)
    for j, seat in enumerate(others):
        pts[seat] = len(others) - 1 - j
    pts[loser] = 26 - sum(pts)
    while not rules.state(sg.game).game_over:
        sg = store.add_hand(sg.id, Hand(tuple(pts)), sg.version)


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str]]:
    """The app on a database that already holds a 7-hand game with two moons and a
    12-hand game of 11 players (both unfinished), four finished games of 4 and 5 players
    and a deleted one, and a finished Kierki match (tests/kierki_matches.py's classic)."""
    db = tmp_path_factory.mktemp("db")
    store = GameStore.open(db)
    KIERKI_ID.append(store.create_game(formats.game_from_dict(km.CLASSIC_FILE)).id)
    for loser in (1, 2, 3):
        finished(store, list(PLAYERS), loser)
    finished(store, list(PLAYERS) + ["Ela"], 4)
    gone = store.create_game(Game.new(list(PLAYERS)))
    store.delete_game(gone.id)
    big = store.create_game(Game.new(list(ELEVEN), Rules.for_variant(Variant.CANCELLATION)))
    for hand in eleven_hands():
        big = store.add_hand(big.id, hand, big.version)
    game = the_game()
    sg = store.create_game(Game.new(game.players, game.rules))
    for hand in game.hands:
        sg = store.add_hand(sg.id, hand, sg.version)
    srv = app_server(db)
    srv.start()
    ELEVEN_ID.append(big.id)
    try:
        yield srv, sg.id
    finally:
        srv.stop()


def colour_pixels(png: Path, colour: str, tolerance: int = 40) -> int:
    """How many pixels of the screenshot are (close to) ``colour``."""
    from PIL import Image

    want = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
    img = Image.open(png).convert("RGB")
    img.thumbnail((img.width // 2, img.height // 2))
    raw = img.tobytes()
    return sum(1 for i in range(0, len(raw), 3)
               if sum(abs(raw[i + k] - want[k]) for k in range(3)) <= tolerance)


def shot_with_colours(page, name: str, colours: list[str], timeout: float = 20.0) -> Path:  # type: ignore[no-untyped-def]
    """A screenshot once every colour is painted (retaken until then: a busy machine may
    paint the chart a moment after its node appears); fails naming the missing colours."""
    deadline = time.monotonic() + timeout
    while True:
        png = shot(page, name, settle_ms=500)
        missing = [c for c in colours if colour_pixels(png, c) <= 40]
        if not missing:
            return png
        if time.monotonic() > deadline:
            raise AssertionError(f"{name}: the colours {missing} are not drawn")


def open_phone(browser, width: int, locale: str):  # type: ignore[no-untyped-def]
    options = dict(PHONE, viewport={"width": width, "height": 800}, locale=locale)
    context = browser.new_context(**options)
    page = context.new_page()
    return context, page, NetworkGuard(page)


CHART_WORDS = {"en-US": ("Score chart", "after 7 hands", "target 100"),
               "pl-PL": ("Wykres punktów", "po 7 rozdaniach", "cel 100"),
               "lt-LT": ("Taškų grafikas", "po 7 dalijimų", "tikslas 100")}


@pytest.mark.parametrize("width, locale", [(390, "en-US"), (360, "en-US"), (360, "pl-PL"),
                                           (360, "lt-LT")])
def test_the_chart_draws_and_says_the_totals(browser, stored, width, locale) -> None:
    server, game_id = stored
    context, page, guard = open_phone(browser, width, locale)
    try:
        app = Flutter(page, server.url)
        app.open(f"/game/{game_id}", ready=ids.TOTAL.format(seat=0))
        app.tap(ids.SHEET_TAB.format(mode="chart"))
        app.wait(ids.CHART)
        app.scroll_to(ids.CHART)
        colours = [palette.seat_colour(seat) for seat in range(len(PLAYERS))]
        shot_with_colours(page, f"chart-sheet-{width}-{locale[:2]}", colours)

        said = app.wait_text(ids.CHART, lambda t: all(w in t for w in CHART_WORDS[locale]),
                             what="the summary in the phone's language")
        totals = rules.state(the_game()).totals
        for name, total in zip(PLAYERS, totals):
            assert f"{name} {total}" in said, said
        for word in CHART_WORDS[locale]:
            assert word in said, said
    finally:
        context.close()
    assert not guard.problems(), guard.problems()


def test_eleven_players_chart_at_360(browser, stored) -> None:
    server, _ = stored
    game = Game.new(list(ELEVEN), Rules.for_variant(Variant.CANCELLATION), hands=eleven_hands())
    context, page, guard = open_phone(browser, 360, "pl-PL")
    try:
        app = Flutter(page, server.url)
        app.open(f"/game/{ELEVEN_ID[0]}?view=chart", ready=ids.CHART)
        app.scroll_to(ids.CHART)
        shot_with_colours(page, "chart-sheet-360-pl-eleven",
                          [palette.seat_colour(seat) for seat in range(11)])
        said = app.wait_text(ids.CHART, lambda t: "po 12 rozdaniach" in t)
        for name, total in zip(ELEVEN, rules.state(game).totals):
            assert f"{name} {total}" in said, said
        assert "Henryk: strzał w księżyc w rozdaniu 6" in said, said
    finally:
        context.close()
    assert not guard.problems(), guard.problems()


STATS_WORDS = {"en-US": ("4 finished games counted.", "2 unfinished, 1 deleted"),
               "pl-PL": ("Policzono 4 zakończone gry.", "niedokończone 2, usunięte 1"),
               "lt-LT": ("Įskaičiuoti 4 baigti žaidimai.", "nebaigtų 2, ištrintų 1")}


@pytest.mark.parametrize("width, locale", [(390, "en-US"), (360, "pl-PL"), (360, "lt-LT")])
def test_the_stats_screen_from_home(browser, stored, width, locale) -> None:
    server, _ = stored
    context, page, guard = open_phone(browser, width, locale)
    try:
        app = Flutter(page, server.url)
        app.open("/", ready=ids.STATS)
        app.tap(ids.STATS)
        app.wait(ids.STATS_PLAYER.format(n=0))
        app.wait_path("/stats")
        said = app.text(ids.STATS_LEFT_OUT)
        for words in STATS_WORDS[locale]:
            assert words in said, said
        assert "Ala" in app.text(ids.STATS_PLAYER.format(n=0)) or app.exists(
            ids.STATS_PLAYER.format(n=4))  # every player of the finished games has a card
        shot(page, f"stats-{width}-{locale[:2]}", settle_ms=600)
        app.tap(ids.STATS_COUNT.format(n=5))
        app.wait_address(r"/stats\?(.*&)?players=5(&.*)?")  # the filter is in the query
        app.wait_text(ids.STATS_LEFT_OUT, lambda t: "1 " in t and "4 " not in t.split(".")[0],
                      what="only the 5-player game counted")
        app.scroll_to(ids.STATS_H2H)
        said = app.text(ids.STATS_H2H)
        assert any(name in said for name in PLAYERS + ("Ela",)), said
        shot(page, f"stats-5-players-h2h-{width}-{locale[:2]}", settle_ms=600)
    finally:
        context.close()
    assert not guard.problems(), guard.problems()


@pytest.mark.parametrize("width, locale", [(360, "pl-PL"), (390, "en-US")])
def test_a_kierki_matchs_chart_through_the_sheets_toggle(browser, stored, width, locale) -> None:
    server, _ = stored
    context, page, guard = open_phone(browser, width, locale)
    try:
        app = Flutter(page, server.url)
        app.open(f"/game/{KIERKI_ID[0]}", ready=ids.SHEET_TAB.format(mode="chart"))
        app.tap(ids.SHEET_TAB.format(mode="chart"))
        app.wait(ids.CHART)
        app.wait_address(r"/game/\w+\?view=chart")
        app.scroll_to(ids.CHART)
        shot_with_colours(page, f"chart-kierki-{width}-{locale[:2]}",
                          [palette.seat_colour(seat) for seat in range(4)])
        words = {"pl-PL": "po 12 rozdaniach", "en-US": "after 12 deals"}[locale]
        said = app.wait_text(ids.CHART, lambda t: words in t, what="the deals in words")
        for name, total in zip(km.PLAYERS, km.CLASSIC_TOTALS):
            assert f"{name} {total}" in said, said
        assert "target" not in said and "cel" not in said, said
    finally:
        context.close()
    assert not guard.problems(), guard.problems()


KIERKI_WORDS = {"en-US": ("no king of hearts \u2212150.0", "430.0 points per match"),
                "pl-PL": ("bez króla kier \u2212150,0", "430,0 pkt na partię"),
                "lt-LT": ("be širdžių karaliaus \u2212150,0", "430,0 tšk. per partiją")}


@pytest.mark.parametrize("width, locale", [(360, "pl-PL"), (390, "en-US"), (360, "lt-LT")])
def test_kierki_stats_are_counted_apart_per_contract(browser, stored, width, locale) -> None:
    server, _ = stored
    context, page, guard = open_phone(browser, width, locale)
    try:
        app = Flutter(page, server.url)
        app.open("/stats", ready=ids.STATS_GAME.format(game="kierki"))
        app.tap(ids.STATS_GAME.format(game="kierki"))
        app.wait_address(r"/stats\?variant=kierki")
        app.wait(ids.STATS_CONTRACTS.format(n=0))
        said = app.text(ids.STATS_LEFT_OUT)
        assert said.startswith(("1 finished game counted.", "Policzono 1 zakończoną",
                                "Įskaičiuotas 1 baigtas")), said
        celina = app.text(ids.STATS_PLAYER.format(n=0))
        assert celina.startswith("Celina") and KIERKI_WORDS[locale][1] in celina, celina
        per = " ".join(app.text(ids.STATS_CONTRACTS.format(n=0)).split())  # a line each
        assert KIERKI_WORDS[locale][0] in per, per
        shot(page, f"stats-kierki-{width}-{locale[:2]}", settle_ms=600)
        app.scroll_to(ids.STATS_CONTRACTS.format(n=1))
        shot(page, f"stats-kierki-second-{width}-{locale[:2]}", settle_ms=400)
        app.open("/history?game=kierki", ready=ids.HISTORY_GAME.format(game_id=KIERKI_ID[0]))
        assert app.is_checked(ids.HISTORY_GAME_KIND.format(game="kierki"))
        assert not app.exists(ids.HISTORY_VARIANT.format(variant="any"))  # Hearts' own
        shot(page, f"history-kierki-{width}-{locale[:2]}", settle_ms=400)
    finally:
        context.close()
    assert not guard.problems(), guard.problems()


def test_copy_puts_the_summary_on_the_clipboard(browser, stored) -> None:
    server, game_id = stored
    context, page, guard = open_phone(browser, 390, "en-US")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    try:
        app = Flutter(page, server.url)
        app.open(f"/game/{game_id}", ready=ids.TOTAL.format(seat=0))
        assert not app.exists(ids.SHARE)  # a computer's browser: no share sheet here
        app.scroll_to(ids.DOWNLOAD_CSV)
        shot(page, "share-row-390-en", settle_ms=300)
        app.tap(ids.COPY)
        app.wait_text(ids.NOTICE, lambda t: t.startswith("Copied"), what="Copied said")
        shot(page, "share-copied-390-en", settle_ms=300)
        text = page.evaluate("() => navigator.clipboard.readText()")
        totals = rules.state(the_game()).totals
        assert "Standings after hand 7" in text, text
        for name, total in zip(PLAYERS, totals):
            assert f"{name}: {total}" in text, text
        # the JSON button's file is the game scorekeeper replay reads
        body = page.evaluate("(u) => fetch(u).then(r => r.text())", f"/game/{game_id}.json")
        assert formats.game_from_dict(__import__("json").loads(body)) == the_game()
    finally:
        context.close()
    assert not guard.problems(), guard.problems()


def test_the_chart_in_the_dark_theme(browser, stored) -> None:
    """Last in this file: it switches the (stored, shared) theme to dark and back."""
    server, game_id = stored
    context, page, guard = open_phone(browser, 360, "en-US")
    try:
        app = Flutter(page, server.url)
        app.open("/settings", ready=ids.THEME_OPTION.format(mode="dark"))
        app.tap(ids.THEME_OPTION.format(mode="dark"))
        app.open(f"/game/{game_id}?view=chart", ready=ids.CHART)
        app.scroll_to(ids.CHART)
        shot_with_colours(page, "chart-sheet-360-en-dark",
                          [palette.seat_colour(seat) for seat in range(len(PLAYERS))])
        app.open("/settings", ready=ids.THEME_OPTION.format(mode="system"))
        app.tap(ids.THEME_OPTION.format(mode="system"))
        app.wait_text(ids.THEME_OPTION.format(mode="system"), lambda t: len(t) > 0)
    finally:
        context.close()
    assert not guard.problems(), guard.problems()
