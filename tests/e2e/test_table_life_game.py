"""A table's life in the browser, in English, Polish and Lithuanian at 360 px:
a game with a shared win and two cards passed; Darek leaves after hand 2 and Zenon takes
the seat from hand 3 (the sheet's change-a-player card); then a tie at the target ends
the game with two winners. Also 11 players with a replaced long name at 360 and 390 px.
Every total is the rules' (``app_steps.Table``). Screenshots:
``test-artifacts/screenshots/life-<lang>-*.png`` and ``life-eleven-<width>.png``."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from app_steps import Table
from e2e_harness import PHONE, Flutter, NetworkGuard
from socket_frames import SocketFrames

from scorekeeper import rules
from scorekeeper.app import ids
from scorekeeper.app.text import house_words as words
from scorekeeper.app.text.i18n import Translator
from scorekeeper.app.views import seat_change
from scorekeeper.formats.share import SEAT_CHANGE
from scorekeeper.rules import Hand

LOCALES = {"pl": "pl-PL", "lt": "lt-LT", "en": "en-US"}
ALA, BARTEK, CELINA, DAREK = range(4)
TABLE = rules.Rules(target=50, house={"tie": "share", "pass_cards": 2})


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


def change_player(table: Table, seat: int, name: str) -> None:
    """The sheet's change-a-player card: the seat, the new name, 'Change from hand N'."""
    app = table.app
    app.scroll_to(ids.SEAT_OPEN)
    app.tap(ids.SEAT_OPEN)
    app.wait(ids.SEAT_CARD)
    app.tap(ids.SEAT_PICK.format(seat=seat))
    app.type(ids.SEAT_NEW_NAME, name)
    app.tap(ids.SEAT_SAVE)
    app.wait_text(ids.SEAT_CHANGE.format(seat=seat, n=len(table.hands) + 1),
                  lambda t: name in t, what=f"{name} in who played when")
    # the sheet draws the table as it sits now: the same totals under the new name
    table.players = tuple(name if s == seat else n for s, n in enumerate(table.players))
    table.check_sheet()


def test_a_player_replaced_at_hand_3_then_a_shared_win(phone_app, lang) -> None:
    app, tr = phone_app, Translator(lang)
    table = Table(app, table_rules=TABLE)
    table.start(shots=f"life-{lang}")
    pass_two = tr._n(*words.PASS_N_WAY[rules.PassDirection.LEFT], 2)
    app.wait_text(ids.BANNER, lambda t: pass_two in t, what=pass_two)
    app.shot(f"life-{lang}-sheet-pass-two")

    table.open_entry()
    app.wait_text(ids.SCREEN.format(name="hand"), lambda t: pass_two in t,
                  what="the hand entry says the cards too")
    table.points({ALA: 20, CELINA: 6})
    table.save(Hand((20, 0, 6, 0)))
    table.open_entry()
    table.points({ALA: 20, CELINA: 6})
    table.save(Hand((20, 0, 6, 0)))

    change_player(table, DAREK, "Zenon")
    line = tr._(SEAT_CHANGE, new="Zenon", old="Darek", hand=3)
    app.wait_text(ids.SEAT_CHANGE.format(seat=DAREK, n=3), lambda t: line in t, what=line)
    app.scroll_to(ids.SEAT_HISTORY)
    app.shot(f"life-{lang}-sheet-replaced")

    table.open_entry()
    app.wait_text(ids.SCREEN.format(name="hand"), lambda t: "Zenon" in t and "Darek" not in t,
                  what="hand 3 is Zenon's")
    table.points({ALA: 12, BARTEK: 5, CELINA: 4, DAREK: 5})
    table.save(Hand((12, 5, 4, 5)))
    assert table.state.game_over and table.state.winners == (BARTEK, DAREK)
    won = tr._(words.SHARED_WIN, winners=tr._("{names} and {last}", names="Bartek",
                                                   last="Zenon"))
    app.wait_text(ids.WINNER, lambda t: won in t, what=won)
    app.shot(f"life-{lang}-sheet-shared-win")


ELEVEN = ("Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip", "Gosia", "Henryk", "Iza",
          "Janek", "Kasia")


def start_eleven(table: Table) -> None:
    """Home -> New game -> eleven names, Cancellation -> Start (its first lead is the
    player left of the dealer: no card to wait for, as Table.start does)."""
    app = table.app
    app.open("/", ready=ids.NEW_GAME)
    app.tap(ids.NEW_GAME)
    app.wait(ids.START_GAME)
    for seat, name in enumerate(table.players):
        field = ids.PLAYER_NAME.format(seat=seat)
        if not app.exists(field):
            app.tap(ids.ADD_PLAYER)
            app.wait(field)
        app.type(field, name)
    app.tap(ids.VARIANT.format(variant="cancellation"))
    app.tap(ids.TARGET.format(value="150"))
    app.tap(ids.START_GAME)
    app.wait(ids.ENTER_HAND)
    table.path = app.wait_path(r"/game/[^/]+")
    table.check_sheet()


@pytest.mark.parametrize("width", [360, 390])
def test_eleven_players_with_a_replaced_long_name(browser, server, width) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(**{**PHONE, "viewport": {"width": width, "height": 780},
                                     "locale": "en-US"})
    page = context.new_page()
    guard = NetworkGuard(page)
    try:
        app = Flutter(page, server.url)
        # the socket recorded: a number or name typed once and lost is shown with what
        # the server sent the field, and no field is ever sent an older text than typed
        table = Table(app, players=ELEVEN, table_rules=rules.Rules.for_variant("cancellation"),
                      frames=SocketFrames(page))
        start_eleven(table)
        table.open_entry()
        table.points({0: 10, 1: 5, 2: 5, 3: 5, 4: 5, 5: 5, 6: 5, 7: 3, 8: 3, 9: 3, 10: 3})
        table.save(Hand((10, 5, 5, 5, 5, 5, 5, 3, 3, 3, 3)))
        change_player(table, 7, "Maksymilian Wojciechowski")
        app.wait_text(ids.SHEET_NAME.format(seat=7),
                      lambda t: "Maksymilian Wojciechowski" in t, what="the long name's label")
        app.scroll_to(ids.SHEET_NAME.format(seat=7))
        app.shot(f"life-eleven-{width}")
        app.scroll_to(ids.SEAT_HISTORY)
        app.shot(f"life-eleven-{width}-history")
        assert seat_change.CHANGE_PLAYER  # the card's words are the app's own
    finally:
        context.close()
    assert not guard.problems(), guard.problems()
