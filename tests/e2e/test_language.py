"""Switching the language to Polish in the settings: every screen follows, the choice
survives a reload, and the game's own words (dealer, passing) are Polish too."""

from __future__ import annotations

from app_steps import Table

from scorekeeper import rules
from scorekeeper.app import ids
from scorekeeper.app.text.i18n import Translator

EN = Translator("en")
PL = Translator("pl")


def polish(msgid: str, **params: object) -> str:
    text = PL._(msgid, **params)
    assert text != EN._(msgid, **params), f"no Polish for {msgid!r}"
    return text


def test_switch_to_polish_and_play_a_hand(app) -> None:
    app.open("/", ready=ids.NEW_GAME)
    app.wait_text(ids.NEW_GAME, lambda t: "New game" in t, what="English first")
    app.tap(ids.SETTINGS)
    app.wait(ids.LANGUAGE_OPTION.format(code="pl"))
    app.shot("language-settings-english")
    app.tap(ids.LANGUAGE_OPTION.format(code="pl"))
    app.wait_text(ids.LANGUAGE, lambda t: polish("Language") in t, what="the settings in Polish")
    app.shot("language-settings-polish")

    app.tap(ids.BACK)
    new_game = polish("New game")
    app.wait_text(ids.NEW_GAME, lambda t: new_game in t, what=f"{new_game!r} on the home screen")
    app.shot("language-home-polish")

    # The choice is kept: a reload (a new session) is still Polish.
    app.reload(ready=ids.NEW_GAME)
    app.wait_text(ids.NEW_GAME, lambda t: new_game in t, what="Polish after a reload")

    # A game in Polish: the new-game form, the banner and the hand entry.
    table = Table(app)
    app.tap(ids.NEW_GAME)
    app.wait_text(ids.START_GAME, lambda t: polish("Start the game") in t,
                  what="the start button in Polish")
    app.open("/", ready=ids.NEW_GAME)
    table.start(shots="language-polish")
    st = table.state
    assert st.next_hand is not None
    deals = polish("Hand {hand}: {dealer} deals", hand=1, dealer="Ala")
    app.wait_text(ids.BANNER, lambda t: deals in t, what=f"{deals!r}")
    app.shot("language-sheet-polish")
    table.open_entry()
    app.wait_text(ids.MODE_CARDS, lambda t: polish("Hearts and queen") in t,
                  what="the hand entry in Polish")
    table.cards({0: 13}, queen=0)
    app.wait_text(ids.MOON, lambda t: polish("☾ {player} shot the moon!", player="Ala") in t,
                  what="the moon in Polish")
    app.shot("language-hand-moon-polish")
    table.save(rules.Hand((26, 0, 0, 0)))
    app.shot("language-sheet-after-moon-polish")
