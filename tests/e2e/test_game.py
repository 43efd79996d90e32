"""A whole game of four, in Chromium at a phone viewport against the real server.

Target 50, moon rule "shooter's choice". The table enters hands on the keypad, tries a hand
that does not add up, shoots the moon, corrects an earlier hand, reaches the target with
two players tied for lowest, plays on, and ends with a winner. Every total, dealer and the
end of the game is checked against ``scorekeeper.rules`` (see ``app_steps.Table``).

Screenshots of every screen go to ``test-artifacts/screenshots/game-*.png``.
"""

from __future__ import annotations

from app_steps import Table, has_number

from scorekeeper import rules
from scorekeeper.app import ids
from scorekeeper.rules import Hand, MoonChoice, MoonRule

ALA, BARTEK, CELINA, DAREK = range(4)


def test_a_game_of_four_with_a_moon_an_edit_and_a_tie(app) -> None:
    table = Table(app, table_rules=rules.Rules(target=50, moon=MoonRule.SHOOTER_CHOICE))
    table.start(shots="game")
    app.shot("game-sheet-empty")

    # Hand 1 (pass left): Ala 3 hearts, Celina 10, Bartek the queen.
    table.open_entry()
    app.shot("game-hand-entry-empty")
    table.cards({ALA: 3, CELINA: 10}, queen=BARTEK)
    table.expect_player_points([3, 13, 10, 0])
    app.wait_text(ids.REMAINING, lambda t: has_number(t, 0), what="nothing left to give")
    app.shot("game-hand-entry-filled")
    table.save(Hand((3, 13, 10, 0)))
    app.wait(ids.HAND_ROW.format(n=1))  # no notice: the sheet shows the hand itself
    assert not app.exists(ids.NOTICE)
    app.shot("game-sheet-after-hand-1")

    # Hand 2: first a hand that does not add up: Save stays off and says why.
    table.open_entry()
    table.cards({ALA: 5}, queen=None)
    app.wait_text(ids.SAVE_REASON, lambda t: has_number(t, 5) and has_number(t, 26),
                  what="the reason: 5 points where a hand holds 26")
    assert app.is_disabled(ids.SAVE_HAND)
    app.wait_text(ids.REMAINING, lambda t: has_number(t, 21), what="21 points not given yet")
    app.shot("game-hand-invalid")
    app.tap(ids.SAVE_HAND)  # a tap on the disabled button changes nothing
    assert app.path.endswith("/hand")

    # ... then Darek shoots the moon: all 13 hearts and the queen.
    app.tap(ids.CLEAR_HAND)
    app.wait_text(ids.HEARTS.format(seat=ALA), lambda t: has_number(t, 0), what="cleared")
    table.cards({DAREK: 13}, queen=DAREK)
    app.wait_text(ids.MOON, lambda t: "Darek" in t, what="the moon box naming Darek")
    # Under shooter's choice Save waits for the choice, and both choices are offered.
    assert app.is_disabled(ids.SAVE_HAND)
    app.wait_text(ids.SAVE_REASON, lambda t: "Darek" in t, what="Darek must pick")
    app.wait(ids.MOON_CHOICE.format(choice=MoonChoice.SUBTRACT_FROM_SELF.value))
    # The moon box shows what each choice does to the totals, before it is picked.
    preview = rules.moon_preview(table.game, [0, 0, 0, 26])
    for choice, outcome in preview.options.items():
        app.wait_text(ids.MOON, lambda t, o=outcome: all(has_number(t, v) for v in o.totals),
                      what=f"the totals after {choice.value}: {outcome.totals}")
    app.shot("game-hand-moon")
    app.tap(ids.MOON_CHOICE.format(choice=MoonChoice.ADD_TO_OTHERS.value))
    app.wait_text(ids.MOON, lambda t: "Darek" in t)
    app.shot("game-hand-moon-chosen")
    table.save(Hand((0, 0, 0, 26), MoonChoice.ADD_TO_OTHERS))
    app.shot("game-sheet-after-moon")

    # Hand 3: Celina 13 hearts, Darek the queen.
    table.open_entry()
    table.cards({CELINA: 13}, queen=DAREK)
    table.save(Hand((0, 0, 13, 13)))

    # Edit hand 1 (it opens in points mode): first a number out of range, then the fix.
    table.open_entry(1)
    table.expect_player_points([3, 13, 10, 0])  # hand 1 as it was saved
    assert app.exists(ids.DELETE_HAND)
    table.points({ALA: 27})
    app.wait_text(ids.SAVE_REASON, lambda t: "Ala" in t and has_number(t, 26),
                  what="Ala can take at most 26")
    assert app.is_disabled(ids.SAVE_HAND)
    app.shot("game-hand-edit-invalid")
    table.points({ALA: 8, CELINA: 5})
    table.expect_player_points([8, 13, 5, 0])
    app.shot("game-hand-edit")
    table.save(Hand((8, 13, 5, 0)), number=1)
    app.shot("game-sheet-after-edit")

    # Hand 4: Bartek 5 hearts, Darek 8 and the queen: Ala and Darek level at 34.
    table.open_entry()
    table.cards({BARTEK: 5, DAREK: 8}, queen=DAREK)
    table.save(Hand((0, 5, 0, 21)))
    assert not table.state.game_over

    # Hand 5: Bartek and Celina pass 50, but Ala and Darek share the lowest total.
    table.open_entry()
    table.cards({CELINA: 13}, queen=BARTEK)
    table.save(Hand((0, 13, 13, 0)))
    assert table.state.standing.tie_for_lowest and not table.state.game_over
    app.wait_text(ids.TIE, lambda t: "Tie for lowest" in t and "another hand" in t,
                  what="'Tie for lowest: play another hand'")
    app.shot("game-sheet-tie")

    # Hand 6 breaks the tie: Darek wins with 34.
    table.open_entry()
    table.cards({ALA: 1, BARTEK: 12}, queen=CELINA)
    table.save(Hand((1, 12, 13, 0)))
    assert table.state.game_over and table.state.winner == DAREK
    app.wait_text(ids.STANDING.format(place=1), lambda t: "Darek" in t and has_number(t, 34),
                  what="Darek first with 34")
    app.wait_text(ids.STANDING.format(place=4), lambda t: "Celina" in t and has_number(t, 70),
                  what="Celina last with 70")
    app.wait(ids.REMATCH)
    app.shot("game-sheet-game-over")

    # The change log lists what happened, newest first.
    app.tap(ids.CHANGE_LOG)
    app.wait(ids.CHANGE.format(n=0))
    app.shot("game-changes")
    app.tap(ids.BACK)
    app.wait(ids.GAME_OVER)

    # The finished game is in the history.
    app.open("/", ready=ids.HISTORY)
    app.tap(ids.HISTORY)
    app.wait(ids.HISTORY_GAME.format(game_id=table.game_id))
    app.wait_text(ids.HISTORY_GAME.format(game_id=table.game_id), lambda t: "Darek" in t,
                  what="the winner in the history row")
    app.shot("game-history")


def test_the_table_rule_subtract_from_self_takes_the_shooter_below_zero(app) -> None:
    table = Table(app, table_rules=rules.Rules(moon=MoonRule.SUBTRACT_FROM_SELF))
    table.start()
    table.open_entry()
    table.cards({BARTEK: 13}, queen=BARTEK)
    # The table's rule decides: no choice to make, Save is on at once.
    app.wait_text(ids.MOON, lambda t: "Bartek" in t, what="the moon box naming Bartek")
    assert not app.exists(ids.MOON_CHOICE.format(choice=MoonChoice.ADD_TO_OTHERS.value))
    app.shot("moon-subtract-hand")
    table.save(Hand((0, 26, 0, 0)))
    assert table.state.totals == (0, -26, 0, 0)
    app.shot("moon-subtract-sheet")
