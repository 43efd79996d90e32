"""An Omnibus game to its end at 360 px in Polish, Lithuanian and English, with the moon "unless it loses" and
exact target halves: the new game's House rules, the W♦ row that Save waits
for, what "unless it loses" will do before Save, the sheet's "−10 W♦" and "50 → 25",
the line of house rules under the target, and the winner. Every total is the rules'
(``app_steps.Table``). Screenshots: ``test-artifacts/screenshots/house-<lang>-*.png``."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from app_steps import Table, has_number
from e2e_harness import PHONE, Flutter, NetworkGuard

from scorekeeper import rules
from scorekeeper.app import ids
from scorekeeper.app.text import house_words as words
from scorekeeper.app.text.i18n import Translator
from scorekeeper.formats.share import HOUSE_RULES
from scorekeeper.rules import Hand, MoonRule

LOCALES = {"pl": "pl-PL", "lt": "lt-LT", "en": "en-US"}
ALA, BARTEK, CELINA, DAREK = range(4)
TABLE = rules.Rules(target=50, moon=MoonRule.ADD_UNLESS_IT_LOSES,
                    house={"jack_of_diamonds": True, "exact_target_halves": True})


@pytest.fixture(params=list(LOCALES))
def lang(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture
def phone_app(browser, server, lang) -> Iterator[Flutter]:  # type: ignore[no-untyped-def]
    context = browser.new_context(**{**PHONE, "viewport": {"width": 360, "height": 780},
                                     "locale": LOCALES[lang]})
    page = context.new_page()
    guard = NetworkGuard(page)
    try:
        yield Flutter(page, server.url)
    finally:
        context.close()
    assert not guard.problems(), guard.problems()


def hand(table: Table, tr: Translator, points: dict[int, int], jack: int,
         shot: str | None = None) -> None:
    """Points typed, then the J♦'s taker; Save waits for the taker until then."""
    app = table.app
    table.open_entry()
    table.points(points)
    app.wait_text(ids.SAVE_REASON, lambda t: tr._("Say who took the J♦.") in t,
                  what="Save waits for the W♦")
    assert app.is_disabled(ids.SAVE_HAND)
    table.jack(jack)
    full = tuple(points.get(seat, 0) for seat in range(4))
    if shot:
        app.shot(shot)
    table.save(Hand(full, jack=jack))


def test_an_omnibus_game_to_its_end(phone_app, lang) -> None:
    app, tr = phone_app, Translator(lang)
    table = Table(app, table_rules=TABLE)
    table.start(shots=f"house-{lang}")
    app.wait_text(ids.HOUSE_LINE, lambda t: tr._(HOUSE_RULES) in t
                  and tr._(words.HOUSE_RULE_NAME["jack_of_diamonds"]) in t,
                  what="the house rules under the target")
    app.shot(f"house-{lang}-sheet-empty")

    hand(table, tr, {BARTEK: 13, CELINA: 13}, DAREK, shot=f"house-{lang}-hand-jack")
    app.wait_text(ids.HOUSE_MARK.format(n=1, seat=DAREK, rule="jack_of_diamonds"),
                  lambda t: tr._(words.JACK) in t and has_number(t, -10),
                  what="−10 J♦ under Darek")
    app.shot(f"house-{lang}-sheet-jack")

    # Darek shoots the moon: adding does not lose him the game, so the others get 26.
    table.open_entry()
    table.points({DAREK: 26})
    table.jack(BARTEK)
    app.wait_text(ids.MOON_APPLIED, lambda t: tr._(words.UNLESS_ADDS) in t,
                  what="the others get 26")
    table.save(Hand((0, 0, 0, 26), jack=BARTEK))

    # Bartek shoots: adding (52, 29, 65, −4) would end it with Darek lowest.
    table.open_entry()
    table.points({BARTEK: 26})
    table.jack(DAREK)
    said = tr._(words.UNLESS_SUBTRACTS, player="Bartek")
    app.wait_text(ids.MOON_APPLIED, lambda t: said in t, what=said)
    app.scroll_to(ids.MOON_APPLIED)
    app.shot(f"house-{lang}-hand-unless-it-loses")
    table.save(Hand((0, 26, 0, 0), jack=DAREK))
    assert table.state.totals == (26, 3, 39, -20)

    hand(table, tr, {ALA: 11, DAREK: 15}, CELINA)
    # Ala lands exactly on 50: back to 25.
    hand(table, tr, {ALA: 13, CELINA: 13}, BARTEK)
    app.wait_text(ids.HOUSE_MARK.format(n=5, seat=ALA, rule="exact_target_halves"),
                  lambda t: has_number(t, 50) and has_number(t, 25), what="50 → 25 under Ala")
    app.scroll_to(ids.HOUSE_MARK.format(n=5, seat=ALA, rule="exact_target_halves"))
    app.shot(f"house-{lang}-sheet-halved")
    assert table.state.totals == (25, -7, 42, -5)

    hand(table, tr, {CELINA: 13, DAREK: 13}, ALA)
    assert table.state.game_over and table.state.winner == BARTEK
    app.shot(f"house-{lang}-sheet-game-over")
    app.tap(ids.RULES)
    app.wait_text(ids.RULES_CARD, lambda t: tr._(words.HOUSE_RULE_LINE["jack_of_diamonds"]) in t,
                  what="the rules card with Omnibus")
    app.scroll_to(ids.RULES_CARD)
    app.shot(f"house-{lang}-rules-card")
