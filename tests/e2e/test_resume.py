"""Reloading the page mid-game loses nothing: the sheet, a half-entered hand, and the way
back to an unfinished game from the home screen."""

from __future__ import annotations

import re

from app_steps import Table, has_number

from scorekeeper.app import ids
from scorekeeper.rules import Hand

ALA, BARTEK, CELINA, DAREK = range(4)


def test_reload_mid_game_and_mid_hand_then_resume_from_home(app) -> None:
    table = Table(app)
    table.start()
    table.open_entry()
    table.cards({ALA: 3, CELINA: 10}, queen=BARTEK)
    table.save(Hand((3, 13, 10, 0)))

    # Reload on the score sheet: same screen, same totals.
    sheet = app.wait_path(re.escape(table.path))
    app.reload(ready=ids.ENTER_HAND)
    assert app.path == sheet
    table.check_sheet()

    # Half-enter hand 2, then reload: the hearts typed so far are still there.
    table.open_entry()
    entry = app.path  # open_entry waited for /game/<id>/hand
    table.cards({ALA: 4, BARTEK: 2}, queen=None)
    app.wait_text(ids.REMAINING, lambda t: has_number(t, 20), what="20 points left")
    app.reload(ready=ids.SAVE_HAND)
    assert app.path == entry
    app.wait_text(ids.HEARTS.format(seat=ALA), lambda t: has_number(t, 4), what="Ala's 4 hearts")
    app.wait_text(ids.HEARTS.format(seat=BARTEK), lambda t: has_number(t, 2),
                  what="Bartek's 2 hearts")
    app.wait_text(ids.REMAINING, lambda t: has_number(t, 20), what="20 points left")
    app.shot("resume-half-entered-hand-after-reload")

    # Finish it: Celina 7 hearts, Darek the queen.
    table.cards({CELINA: 7}, queen=DAREK)
    table.save(Hand((4, 2, 7, 13)))

    # A fresh page on the home screen offers the unfinished game; it opens the sheet.
    app.open("/", ready=ids.RESUME.format(game_id=table.game_id))
    app.wait_text(ids.RESUME.format(game_id=table.game_id),
                  lambda t: all(name in t for name in table.players),
                  what="the players of the unfinished game")
    app.shot("resume-home-with-unfinished-game")
    app.tap(ids.RESUME.format(game_id=table.game_id))
    app.wait(ids.ENTER_HAND)
    app.wait_path(re.escape(table.path))
    table.check_sheet()


def test_a_second_phone_sees_the_saved_hands(app, phone, browser, server) -> None:
    """Two phones on one game (a second browser profile): the second one opening the URL
    sees what the first one saved."""
    from e2e_harness import PHONE, Flutter, NetworkGuard

    table = Table(app)
    table.start()
    table.open_entry()
    table.cards({ALA: 13}, queen=CELINA)
    table.save(Hand((13, 0, 13, 0)))

    other = browser.new_context(**PHONE)
    try:
        page = other.new_page()
        guard = NetworkGuard(page)
        second = Flutter(page, server.url)
        second.open(table.path, ready=ids.ENTER_HAND)
        mirror = Table(second, hands=list(table.hands), path=table.path)
        mirror.check_sheet()
        assert not guard.problems(), guard.problems()
    finally:
        other.close()
