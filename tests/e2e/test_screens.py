"""The screens a game passes through less often: deleting a hand (confirm, then undo), an
address that shows nothing, a first dealer other than the first seat, the dark theme."""

from __future__ import annotations

from app_steps import Table, has_number

from scorekeeper import rules
from scorekeeper.app import ids
from scorekeeper.rules import Hand

ALA, BARTEK, CELINA, DAREK = range(4)


def test_delete_a_hand_confirm_then_undo(app) -> None:
    table = Table(app)
    table.start()
    table.open_entry()
    table.cards({ALA: 3, CELINA: 10}, queen=BARTEK)
    table.save(Hand((3, 13, 10, 0)))
    table.open_entry()
    table.cards({DAREK: 6, BARTEK: 7}, queen=ALA)
    table.save(Hand((13, 7, 0, 6)))

    table.open_entry(1)
    app.tap(ids.DELETE_HAND)
    app.wait(ids.CONFIRM)
    app.shot("screens-delete-hand-confirm")
    app.tap(ids.CANCEL)  # changing one's mind keeps the hand
    app.wait(ids.SAVE_HAND)
    app.tap(ids.DELETE_HAND)
    app.tap(ids.CONFIRM)
    app.wait(ids.ENTER_HAND)
    deleted = table.hands.pop(0)
    table.check_sheet()  # hand 2 became hand 1; dealers and passes follow the rules
    app.wait(ids.UNDO)
    app.shot("screens-hand-deleted-with-undo")
    app.tap(ids.UNDO)
    table.hands.insert(0, deleted)
    table.check_sheet()
    app.wait_text(ids.CELL.format(n=1, seat=BARTEK), lambda t: has_number(t, 13),
                  what="hand 1 back in place")


def test_an_address_that_shows_nothing_leads_home(app) -> None:
    app.open("/game/no-such-game", ready=ids.HOME)
    app.wait(ids.ERROR)
    app.shot("screens-not-found")
    app.tap(ids.HOME)
    app.wait(ids.NEW_GAME)
    app.wait_path("/")


def test_a_later_first_dealer_and_the_dark_theme(app) -> None:
    app.open("/", ready=ids.SETTINGS)
    app.tap(ids.SETTINGS)
    app.tap(ids.THEME_OPTION.format(mode="dark"))
    app.wait_text(ids.THEME_OPTION.format(mode="dark"), lambda t: len(t) > 0)
    app.shot("screens-settings-dark")
    app.tap(ids.BACK)
    app.wait(ids.NEW_GAME)
    app.shot("screens-home-dark")

    # Celina deals first: the banner names her for hand 1 and Darek, on her left, next.
    table = Table(app, first_dealer=CELINA)
    table.start()  # checks the banner: Celina deals hand 1
    assert rules.state(table.game).next_hand.dealer == CELINA  # type: ignore[union-attr]
    table.open_entry()
    table.cards({ALA: 13}, queen=ALA)
    app.shot("screens-hand-moon-dark")
    table.save(Hand((26, 0, 0, 0)))
    app.shot("screens-sheet-dark")
