"""What only the browser shows, found by playing the app through as a table would (the QA
round): a moon taken off the shooter scores "= −26" on one line of the hand entry, at 360
and 390 px, in English, Polish and Lithuanian.

Screenshots: ``test-artifacts/screenshots/qa-<screen>-<lang>-<width>.png``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from app_steps import numbers
from e2e_harness import Server, app_server, eventually, resize, shot

from scorekeeper import rules
from scorekeeper.app import ids
from scorekeeper.app.text.i18n import Translator
from scorekeeper.rules import Hand, MoonRule, Rules, Variant
from scorekeeper.store import GameStore

NAMES = ("Ala", "Bartek", "Celina", "Darek")


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str]]:
    db = tmp_path_factory.mktemp("qa-db")
    store = GameStore.open(db)
    stored = store.create_game(rules.Game.new(
        NAMES, Rules(Variant.STANDARD, 100, MoonRule.SUBTRACT_FROM_SELF), 0))
    stored = store.add_hand(stored.id, Hand((3, 13, 10, 0)), stored.version)
    srv = app_server(db)
    srv.start()
    try:
        yield srv, stored.id
    finally:
        srv.stop()


@pytest.fixture(scope="module")
def server(seeded: tuple[Server, str]) -> Server:
    return seeded[0]


def height(app: Any, identifier: str) -> float:
    box = app.el(identifier).first.bounding_box()
    assert box is not None, f"{identifier} is not drawn"
    return float(box["height"])


def one_line_at(app: Any, shooter: str, where: str) -> None:
    one_line = height(app, ids.PLAYER_POINTS.format(seat=0))  # "= 0"
    assert height(app, shooter) <= one_line + 1, \
        f"{where}: '= −26' is drawn on more than one line"


def test_minus_26_for_the_shooter_stays_on_one_line(app, seeded) -> None:
    _, game_id = seeded
    app.open("/", ready=ids.SETTINGS)
    for lang in ("en", "pl", "lt"):
        tr = Translator(lang)
        app.open("/settings", ready=ids.LANGUAGE_OPTION.format(code=lang))
        app.tap(ids.LANGUAGE_OPTION.format(code=lang))
        app.wait_text(ids.LANGUAGE, lambda t: tr._("Language") in t, what=f"{lang} chosen")
        app.open(f"/game/{game_id}/hand", ready=ids.SAVE_HAND)
        if not app.exists(ids.POINTS.format(seat=0)):
            app.tap(ids.MODE_POINTS)
        app.type(ids.POINTS.format(seat=1), "26")
        shooter = ids.PLAYER_POINTS.format(seat=1)
        app.wait_text(shooter, lambda t: -26 in numbers(t), what="Bartek's −26")
        for width in (360, 390):
            resize(app.page, width)
            eventually(lambda w=f"{lang} at {width} px", s=shooter: one_line_at(app, s, w))
            shot(app.page, f"qa-hand-minus-26-{lang}-{width}")
        resize(app.page, 390)
        app.tap(ids.CLEAR_HAND)  # no draft left for the next language
        app.wait_text(shooter, lambda t: -26 not in numbers(t), what="a cleared hand")
