"""The score chart (and, once there, the stats screen) in a real browser: opened on a game
stored beforehand, at 390 and 360 px, in English, Polish and Lithuanian. The chart must
draw (the players' colours are on the screenshot) and say its summary to a screen reader;
nothing may leave the machine (the ``phone`` fixture fails the test otherwise)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from e2e_harness import PHONE, Flutter, NetworkGuard, Server, app_server, shot

from scorekeeper import rules
from scorekeeper.app import ids, palette
from scorekeeper.rules import Game, Hand, MoonChoice, MoonRule, Rules
from scorekeeper.store import GameStore

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


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str]]:
    """The app on a database that already holds a 7-hand game with two moons."""
    db = tmp_path_factory.mktemp("db")
    store = GameStore.open(db)
    game = the_game()
    sg = store.create_game(Game.new(game.players, game.rules))
    for hand in game.hands:
        sg = store.add_hand(sg.id, hand, sg.version)
    srv = app_server(db)
    srv.start()
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
        png = shot(page, f"chart-sheet-{width}-{locale[:2]}", settle_ms=800)

        said = app.text(ids.CHART)
        totals = rules.state(the_game()).totals
        for name, total in zip(PLAYERS, totals):
            assert f"{name} {total}" in said, said
        for word in CHART_WORDS[locale]:
            assert word in said, said
        # every player's line is drawn in the seat's colour
        for seat in range(len(PLAYERS)):
            assert colour_pixels(png, palette.seat_colour(seat)) > 40, seat
    finally:
        context.close()
    assert not guard.problems(), guard.problems()
