"""The app's screens driven as a player would, without a browser: real store, real rules,
real Flet control trees. Every number checked here comes from ``scorekeeper.rules``."""

import json
from pathlib import Path

import flet as ft
import pytest
from app_harness import Phone, texts, walk

from scorekeeper import rules
from scorekeeper.app import ids
from scorekeeper.store import GameStore

NAMES = ["Ala", "Bartek", "Celina", "Darek"]
ROOT = Path(__file__).resolve().parents[2]


def game_of(phone: Phone) -> rules.Game:
    assert phone.session.game is not None
    return phone.session.game.game


# --- new game -------------------------------------------------------------------------------


def test_only_the_possible_variants_are_offered(phone):
    phone.go("/new")
    def offered():
        return [v for v in ("standard", "cancellation")
                if phone.has(ids.VARIANT.format(variant=v))]
    assert offered() == ["standard"]  # 4 players
    for _ in range(2):
        phone.tap(ids.ADD_PLAYER)
    assert offered() == ["standard", "cancellation"]  # 6
    phone.tap(ids.VARIANT.format(variant="cancellation"))
    assert phone.session.form.variant == rules.Variant.CANCELLATION
    assert phone.session.form.target_choice == "150"  # the variant's usual target
    for _ in range(2):
        phone.tap(ids.ADD_PLAYER)
    assert offered() == ["cancellation"]  # 8
    for seat in (7, 6, 5, 4):
        phone.tap(ids.PLAYER_REMOVE.format(seat=seat))
    assert offered() == ["standard"] and phone.session.form.variant == rules.Variant.STANDARD
    phone.tap(ids.PLAYER_REMOVE.format(seat=3))
    assert phone.session.form.count == 3 and phone.disabled(ids.PLAYER_REMOVE.format(seat=0))


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_deck_preparation_is_the_rules_plan(phone, players):
    phone.go("/new")
    while phone.session.form.count < players:
        phone.tap(ids.ADD_PLAYER)
    while phone.session.form.count > players:
        phone.tap(ids.PLAYER_REMOVE.format(seat=0))
    plan = rules.deck_plan(rules.Variant.STANDARD, players)
    text = phone.text(ids.DECK_PLAN)
    for card in plan.removed:
        assert str(card) in text
    assert str(plan.first_lead) in text
    assert f"{plan.cards_each} cards each" in text


def test_cancellation_deck_plan_has_the_leftover_and_no_lead_card(phone):
    phone.go("/new")
    for _ in range(3):
        phone.tap(ids.ADD_PLAYER)
    phone.tap(ids.VARIANT.format(variant="cancellation"))
    plan = rules.deck_plan(rules.Variant.CANCELLATION, 7)
    text = phone.text(ids.DECK_PLAN)
    assert "two full decks" in text and f"{plan.cards_each} cards each" in text
    assert f"{plan.leftover} cards left over" in text and "left of the dealer" in text


def test_reordering_seats_moves_the_first_dealer_along(phone):
    phone.go("/new")
    for seat, name in enumerate(NAMES):
        phone.type(ids.PLAYER_NAME.format(seat=seat), name)
    phone.tap(ids.FIRST_DEALER_OPTION.format(seat=1))
    phone.tap(ids.PLAYER_DOWN.format(seat=1))
    assert phone.session.form.names == ["Ala", "Celina", "Bartek", "Darek"]
    assert phone.session.form.first_dealer == 2  # still Bartek
    phone.tap(ids.PLAYER_UP.format(seat=1))
    assert phone.session.form.names == ["Celina", "Ala", "Bartek", "Darek"]
    assert phone.disabled(ids.PLAYER_UP.format(seat=0))
    assert phone.disabled(ids.PLAYER_DOWN.format(seat=3))
    phone.tap(ids.START_GAME)
    game = game_of(phone)
    assert game.players == ("Celina", "Ala", "Bartek", "Darek") and game.first_dealer == 2


def test_bad_names_are_explained_in_place(phone):
    phone.go("/new")
    for seat, name in enumerate(["Ala", "Bartek", "ala ", ""]):
        phone.type(ids.PLAYER_NAME.format(seat=seat), name)
    phone.tap(ids.START_GAME)
    assert phone.screen == "new_game"
    assert "used twice" in phone.text(ids.ERROR)
    phone.type(ids.PLAYER_NAME.format(seat=2), "Celina")
    phone.tap(ids.START_GAME)
    assert "Player 4 has no name" in phone.text(ids.ERROR)


def test_names_too_long_are_cut_and_hidden_characters_explained_in_words(phone):
    phone.go("/new")
    for seat, name in enumerate(["Ala", "B" * 41, "Celina", "Darek"]):
        phone.type(ids.PLAYER_NAME.format(seat=seat), name)
    # a phone that ignores the field's max_length still gets no more than a game holds
    assert phone.session.form.names[1] == "B" * 40
    phone.type(ids.PLAYER_NAME.format(seat=1), "Bar\u202etek")  # a right-to-left override
    phone.tap(ids.START_GAME)
    assert "The name of player 2 holds characters that cannot be shown" in phone.text(ids.ERROR)
    phone.type(ids.PLAYER_NAME.format(seat=1), "Bartek")
    phone.tap(ids.START_GAME)
    assert game_of(phone).players == ("Ala", "Bartek", "Celina", "Darek")


def test_other_target_typed(phone):
    phone.go("/new")
    for seat, name in enumerate(NAMES):
        phone.type(ids.PLAYER_NAME.format(seat=seat), name)
    phone.tap(ids.TARGET.format(value="other"))
    phone.tap(ids.START_GAME)
    assert phone.screen == "new_game" and "target" in phone.text(ids.ERROR).lower()
    phone.type(ids.TARGET_OTHER, "75")
    phone.tap(ids.MOON_RULE.format(rule="shooter_choice"))
    phone.switch(ids.QUEEN_BREAKS, True)
    phone.tap(ids.START_GAME)
    r = game_of(phone).rules
    assert (r.target, r.moon, r.queen_breaks_hearts) == (75, rules.MoonRule.SHOOTER_CHOICE, True)
    assert "The queen of spades breaks hearts" in phone.text(ids.BANNER)


def test_recent_names_are_suggested_and_added_with_one_tap(store):
    phone = Phone(store)
    phone.new_game(NAMES)
    phone.go("/new")
    assert phone.text(ids.SUGGESTION.format(n=0)) == "Ala"
    phone.tap(ids.SUGGESTION.format(n=1))  # Bartek
    assert phone.session.form.names[0] == "Bartek"
    assert phone.text(ids.SUGGESTION.format(n=0)) == "Ala"  # Bartek is no longer offered
    assert not any("Bartek" == phone.text(i) for i in
                   (ids.SUGGESTION.format(n=k) for k in range(3)))


# --- the score sheet ----------------------------------------------------------------------


def test_sheet_shows_totals_leader_banner_and_target(phone):
    phone.new_game(NAMES)
    banner = phone.text(ids.BANNER)
    assert "Hand 1: Ala deals" in banner and "Pass left" in banner
    assert "Ala → Bartek" in banner and "Darek → Ala" in banner and "2♣" in banner
    phone.enter_points([3, 13, 10, 0])
    game = game_of(phone)
    st = rules.state(game)
    assert phone.totals() == list(st.totals)
    assert [phone.has(ids.LEADER.format(seat=s)) for s in range(4)] == \
        [s in st.leaders for s in range(4)]
    banner = phone.text(ids.BANNER)
    assert "Hand 2: Bartek deals" in banner and "Pass right" in banner
    assert "Bartek → Ala" in banner
    assert "87 points away" in phone.text(ids.TARGET_INFO)
    assert phone.text(ids.CELL.format(n=1, seat=1)) == "13"


def test_a_big_table_sees_its_passes_as_one_ring(phone):
    """Eleven players: one ring "Ala → Kasia → … → Ala" in the rules' passing order (a
    chip a pair took six rows at 360 px), and a screen reader still hears every pair."""
    names = ["Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip", "Gosia", "Henryk",
             "Iza", "Janek", "Kasia"]
    phone.new_game(names)  # only Cancellation Hearts is offered for 11
    for _ in range(2):  # hand 1 passes left, hand 2 right
        st = rules.state(game_of(phone))
        passes = st.next_hand.passes
        # folded, so that eleven totals stay on the screen: the way the cards go, and
        # who passes to whom a tap away
        assert "Pass left" in phone.text(ids.BANNER) or "Pass right" in phone.text(ids.BANNER)
        assert "→" not in phone.text(ids.BANNER)
        assert not phone.find(ids.BANNER_MORE).expanded
        phone.tap(ids.BANNER_MORE)
        assert phone.find(ids.BANNER_MORE).expanded
        banner = phone.find(ids.BANNER)
        ring, seat = [], 0
        for _ in names:
            ring.append(f"{names[seat]} →")
            seat = passes[seat]
        assert seat == 0  # the rules' passes go once round the table
        words = texts(banner)
        at = words.index(ring[0])
        assert words[at:at + len(names) + 1] == [*ring, "Ala"]
        said = next(c.label for c in walk(banner) if isinstance(c, ft.Semantics)
                    and isinstance(c.label, str) and c.label.count("→") == len(names))
        for giver, receiver in passes.items():
            assert f"{names[giver]} → {names[receiver]}" in said
        phone.enter_points([8] + [4] * 9 + [8])  # 52 points


def test_fourth_hand_of_four_is_a_hold_hand(phone):
    phone.new_game(NAMES)
    for points in ([3, 13, 10, 0], [0, 0, 13, 13], [1, 2, 3, 20]):
        phone.enter_points(points)
    banner = phone.text(ids.BANNER)
    assert "Hold: no passing" in banner and "→" not in banner
    assert "Hand 4: Darek deals" in banner


def test_cancellation_banner_names_the_leader(phone):
    phone.go("/new")
    names = NAMES + ["Ewa", "Franek"]
    for _ in range(2):
        phone.tap(ids.ADD_PLAYER)
    for seat, name in enumerate(names):
        phone.type(ids.PLAYER_NAME.format(seat=seat), name)
    phone.tap(ids.VARIANT.format(variant="cancellation"))
    phone.tap(ids.START_GAME)
    phone.tap(ids.BANNER_MORE)  # six players: the banner unfolds on a tap
    assert "Bartek leads the first trick" in phone.text(ids.BANNER)  # left of Ala


# --- entering a hand ----------------------------------------------------------------------


def test_cards_entry_counts_points_and_enables_save_only_when_valid(phone):
    phone.new_game(NAMES)
    phone.tap(ids.ENTER_HAND)
    assert phone.screen == "hand" and phone.session.entry.mode == "cards"
    assert phone.disabled(ids.SAVE_HAND) and "26" in phone.text(ids.REMAINING)
    phone.tap(ids.HEARTS.format(seat=0))
    phone.tap(ids.HEARTS_KEY.format(count=3))
    assert phone.session.entry.picked == 1  # the keypad moves on to the next player
    phone.tap(ids.HEARTS_KEY.format(count=10))
    assert phone.text(ids.PLAYER_POINTS.format(seat=1)) == "= 10"
    assert "13 points left to give" in phone.text(ids.REMAINING)
    assert phone.disabled(ids.SAVE_HAND)
    assert "add up to 13" in phone.text(ids.SAVE_REASON)
    # the bar's node says its words, and the unavailable Save says why (issue 25)
    assert phone.find(ids.SAVE_REASON).label == phone.text(ids.SAVE_REASON)
    assert phone.spoken(ids.SAVE_HAND) == f"Save hand 1: {phone.text(ids.SAVE_REASON)}"
    phone.tap(ids.QUEEN.format(seat=1, n=0))
    assert phone.text(ids.PLAYER_POINTS.format(seat=1)) == "= 23"
    assert "Every point is given" in phone.text(ids.REMAINING)
    assert not phone.disabled(ids.SAVE_HAND)
    # the bar stays, saying so (a bar that came and went was not always in the tree)
    assert phone.text(ids.SAVE_REASON) == "The points add up: ready to save."
    assert phone.find(ids.SAVE_REASON).label == "The points add up: ready to save."
    assert phone.spoken(ids.SAVE_HAND) == "Save hand 1"
    phone.tap(ids.SAVE_HAND)
    assert phone.screen == "sheet" and phone.totals() == [3, 23, 0, 0]
    # no notice slides in over the new totals: the sheet shows hand 1 and says hand 2
    assert not phone.has(ids.NOTICE) and phone.has(ids.HAND_ROW.format(n=1))
    assert "Hand 2:" in phone.text(ids.BANNER)


def test_gives_the_rest_and_too_many_points(phone):
    phone.new_game(NAMES)
    phone.tap(ids.ENTER_HAND)
    phone.tap(ids.HEARTS.format(seat=2))
    phone.tap(ids.HEARTS_KEY.format(count=4))
    phone.tap(ids.GIVE_REST.format(seat=0))  # the other 9 hearts and the queen
    assert phone.session.entry.typed_points()[0] == [22, 0, 4, 0]
    phone.tap(ids.MODE_POINTS)
    assert phone.control(ids.POINTS.format(seat=0), ft.TextField).value == "22"
    phone.type(ids.POINTS.format(seat=3), "5")
    assert "5 points too many" in phone.text(ids.REMAINING)
    assert "add up to 31" in phone.text(ids.SAVE_REASON)
    phone.type(ids.POINTS.format(seat=3), "x")
    assert "Darek: “x” is not a whole number of points from 0 to 26" in phone.text(ids.SAVE_REASON)
    phone.type(ids.POINTS.format(seat=3), "")
    phone.tap(ids.SAVE_HAND)
    assert phone.totals() == [22, 0, 4, 0]


def test_moon_under_a_fixed_rule_says_what_it_scores(phone):
    phone.new_game(NAMES)
    phone.tap(ids.ENTER_HAND)
    phone.tap(ids.GIVE_REST.format(seat=2))
    assert "Celina shot the moon" in phone.text(ids.MOON)
    assert "Add 26 to everyone else" in phone.text(ids.MOON)
    assert not phone.has(ids.MOON_CHOICE.format(choice="add_to_others"))
    phone.tap(ids.SAVE_HAND)
    assert phone.totals() == [26, 26, 0, 26]


def test_shooters_choice_shows_both_outcomes_side_by_side(store):
    phone = Phone(store)
    phone.new_game(NAMES, moon=ids.MOON_RULE.format(rule="shooter_choice"))
    for points in ([20, 6, 0, 0], [20, 6, 0, 0], [20, 6, 0, 0], [20, 0, 6, 0]):
        phone.enter_points(points)
    phone.tap(ids.ENTER_HAND)
    phone.tap(ids.MODE_POINTS)
    phone.type(ids.POINTS.format(seat=3), "26")
    preview = rules.moon_preview(game_of(phone), [0, 0, 0, 26])
    add = phone.text(ids.MOON_CHOICE.format(choice="add_to_others"))
    sub = phone.text(ids.MOON_CHOICE.format(choice="subtract_from_self"))
    for choice, text in (("add_to_others", add), ("subtract_from_self", sub)):
        outcome = preview.options[rules.MoonChoice(choice)]
        for total in outcome.totals:  # a negative one with a true minus sign
            assert str(total).replace("-", "\u2212") in text
    # adding 26 puts Ala at 106 and ends the game: Darek (26) wins
    assert "Game over: Darek wins" in add
    assert "The game goes on" in sub and "Take 26 off Darek" in sub
    assert phone.disabled(ids.SAVE_HAND)
    assert "pick what it scores" in phone.text(ids.SAVE_REASON)
    phone.tap(ids.MOON_CHOICE.format(choice="subtract_from_self"))
    phone.tap(ids.SAVE_HAND)
    assert phone.totals() == list(preview.options[rules.MoonChoice.SUBTRACT_FROM_SELF].totals)
    assert phone.totals() == [80, 18, 6, -26]
    assert rules.state(game_of(phone)).hands[-1].moon.choice == rules.MoonChoice.SUBTRACT_FROM_SELF


def test_the_sheet_marks_who_shot_the_moon_in_that_hand(store):
    phone = Phone(store)
    gid = phone.new_game(NAMES, moon=ids.MOON_RULE.format(rule="shooter_choice"))
    phone.enter_points([3, 13, 10, 0])
    phone.enter_points([0, 26, 0, 0], moon_choice="subtract_from_self")
    phone.enter_points([0, 0, 0, 26], moon_choice="add_to_others")
    st = rules.state(game_of(phone))
    assert [None if h.moon is None else h.moon.player for h in st.hands] == [None, 1, 3]
    assert not phone.has(ids.MOON_MARK.format(n=1))
    for number, hs in enumerate(st.hands, 1):
        if hs.moon is None:
            continue
        shooter = NAMES[hs.moon.player]
        mark = phone.find(ids.MOON_MARK.format(n=number))
        assert mark.label == f"{shooter} shot the moon"
        assert len(phone.all(ids.MOON_MARK.format(n=number))) == 1
        for seat in range(4):  # beside the shooter's score, in no other cell
            cell = phone.find(ids.CELL.format(n=number, seat=seat))
            assert any(c is mark for c in walk(cell)) == (seat == hs.moon.player)
            assert phone.text(ids.CELL.format(n=number, seat=seat)).split()[-1] == \
                str(hs.scores[seat]).replace("-", "\u2212")
        assert f"{shooter} shot the moon" in phone.find(ids.HAND_ROW.format(n=number)).label
    assert phone.text(ids.CELL.format(n=2, seat=1)) == "☾ \u221226"
    polish = Phone(store, language="pl", route=f"/game/{gid}")
    label = polish.find(ids.MOON_MARK.format(n=3)).label
    assert "Darek" in label and "shot the moon" not in label


def test_a_half_entered_hand_survives_a_reload(store):
    phone = Phone(store)
    gid = phone.new_game(NAMES)
    phone.tap(ids.ENTER_HAND)
    phone.tap(ids.HEARTS.format(seat=1))
    phone.tap(ids.HEARTS_KEY.format(count=7))
    phone.tap(ids.QUEEN.format(seat=3, n=0))
    again = Phone(store, route=f"/game/{gid}/hand")
    assert again.session.entry.hearts == [0, 7, 0, 0] and again.session.entry.queens == [0, 0, 0, 1]
    assert again.text(ids.PLAYER_POINTS.format(seat=3)) == "= 13"
    again.tap(ids.GIVE_REST.format(seat=0))
    again.tap(ids.SAVE_HAND)
    assert Phone(store, route=f"/game/{gid}/hand").session.entry.hearts == [0, 0, 0, 0]


def test_a_closed_tab_resumes_from_the_home_screen(store):
    gid = Phone(store).new_game(NAMES)
    other = Phone(store)
    assert other.has(ids.RESUME.format(game_id=gid))
    other.tap(ids.RESUME.format(game_id=gid))
    assert other.screen == "sheet" and other.session.game.id == gid


# --- editing, deleting, undo, change log -----------------------------------------------


def test_edit_an_earlier_hand_recomputes_and_logs_it(phone):
    gid = phone.new_game(NAMES)
    phone.enter_points([3, 13, 10, 0])
    phone.enter_points([0, 0, 13, 13])
    phone.tap(ids.HAND_ROW.format(n=1))
    assert phone.screen == "hand" and phone.session.entry.index == 0
    assert phone.control(ids.POINTS.format(seat=1), ft.TextField).value == "13"
    phone.type(ids.POINTS.format(seat=1), "0")
    phone.type(ids.POINTS.format(seat=3), "13")
    phone.tap(ids.SAVE_HAND)
    assert phone.totals() == list(rules.state(game_of(phone)).totals) == [3, 0, 23, 26]
    phone.go(f"/game/{gid}/changes")
    newest = phone.text(ids.CHANGE.format(n=0))
    assert "Hand 1 changed" in newest and "Ala 3 · Bartek 13 · Celina 10 · Darek 0" in newest


def test_delete_a_middle_hand_with_confirmation_and_undo(phone):
    gid = phone.new_game(NAMES)
    hands = ([3, 13, 10, 0], [0, 0, 13, 13], [1, 2, 3, 20])
    for points in hands:
        phone.enter_points(points)
    phone.tap(ids.HAND_ROW.format(n=2))
    phone.tap(ids.DELETE_HAND)
    assert "Delete hand 2?" in phone.screen_text()
    phone.tap(ids.CANCEL)
    assert len(game_of(phone).hands) == 3 and phone.screen == "hand"
    phone.tap(ids.DELETE_HAND)
    phone.tap(ids.CONFIRM)
    assert phone.screen == "sheet" and len(game_of(phone).hands) == 2
    assert phone.totals() == [4, 15, 13, 20]
    assert "Hand 2 deleted" in phone.text(ids.NOTICE)
    phone.tap(ids.UNDO)
    assert [h.points for h in game_of(phone).hands] == [tuple(h) for h in hands]
    assert phone.totals() == [4, 15, 26, 33]
    assert "Hand 2 is back" in phone.text(ids.NOTICE) and not phone.has(ids.UNDO)
    # the undo is one change, not an edit of every hand after it
    log = phone.session.store.changes(gid)
    assert [(c.action, c.hand) for c in log] == [
        ("add", 1), ("add", 2), ("add", 3), ("remove", 2), ("insert", 2)]
    phone.go(f"/game/{gid}/changes")
    assert "Hand 2 brought back" in phone.text(ids.CHANGE.format(n=0))
    assert "Ala 0 · Bartek 0 · Celina 13 · Darek 13" in phone.text(ids.CHANGE.format(n=0))
    assert "Hand 2 deleted" in phone.text(ids.CHANGE.format(n=1))
    assert not phone.has(ids.CHANGE.format(n=5))
    shown = game_of(phone)  # the game the change log was drawn from
    phone.go("/history")
    assert not phone.has(ids.NOTICE)  # a notice stays with the screen it was given on
    assert GameStore.open(phone.session.store.path).get(gid).game == shown


def test_undo_of_a_delete_after_a_change_on_another_phone_is_refused_in_words(store):
    phone = Phone(store)
    gid = phone.new_game(NAMES)
    for points in ([3, 13, 10, 0], [0, 0, 13, 13], [1, 2, 3, 20]):
        phone.enter_points(points)
    phone.tap(ids.HAND_ROW.format(n=2))
    phone.tap(ids.DELETE_HAND)
    phone.tap(ids.CONFIRM)
    other = Phone(store, route=f"/game/{gid}")
    other.enter_points([13, 13, 0, 0])  # meanwhile, on another phone
    phone.tap(ids.UNDO)
    assert "changed on another phone" in phone.text(ids.ERROR)
    stored = store.get(gid)
    assert [h.points for h in stored.game.hands] == [(3, 13, 10, 0), (1, 2, 3, 20),
                                                     (13, 13, 0, 0)]
    assert game_of(phone) == stored.game  # the sheet shows the game as stored now
    assert phone.totals() == list(rules.state(stored.game).totals)
    assert [c.action for c in store.changes(gid)][-2:] == ["remove", "add"]


# --- the end of the game ---------------------------------------------------------------


def test_game_over_winner_standings_and_rematch(phone):
    phone.new_game(NAMES, target=ids.TARGET.format(value="50"))
    for points in ([20, 6, 0, 0], [20, 6, 0, 0], [20, 0, 6, 0]):
        phone.enter_points(points)
    st = rules.state(game_of(phone))
    assert st.game_over and st.winner == 3
    assert not phone.has(ids.ENTER_HAND) and not phone.has(ids.BANNER)
    assert phone.has(ids.GAME_OVER) and "Darek wins" in phone.text(ids.WINNER)
    assert "Ala" in phone.text(ids.STANDING.format(place=4))
    phone.go(f"/game/{phone.session.game.id}/hand")  # no more hands: back on the sheet
    assert phone.screen == "sheet"
    phone.tap(ids.REMATCH)
    assert phone.screen == "new_game" and phone.session.form.names == NAMES
    assert phone.session.form.target_choice == "50"
    assert phone.session.form.first_dealer == 1  # the deal moves on
    phone.tap(ids.START_GAME)
    assert game_of(phone).hands == () and game_of(phone).rules.target == 50


def test_tie_for_lowest_at_the_target_plays_on(phone):
    phone.new_game(NAMES, target=ids.TARGET.format(value="50"))
    for _ in range(4):
        phone.enter_points([13, 13, 0, 0])
    st = rules.state(game_of(phone))
    assert st.standing.tie_for_lowest
    assert "Tie for lowest: play another hand" in phone.text(ids.TIE)
    assert phone.has(ids.ENTER_HAND) and not phone.has(ids.GAME_OVER)


# --- another phone changed the game ------------------------------------------------------


def test_a_stale_save_is_explained_and_the_game_reloaded(store):
    a = Phone(store)
    gid = a.new_game(NAMES)
    b = Phone(store, route=f"/game/{gid}/hand")
    a.enter_points([3, 13, 10, 0])
    b.tap(ids.GIVE_REST.format(seat=0))
    b.tap(ids.SAVE_HAND)
    assert b.screen == "sheet" and "changed on another phone" in b.text(ids.NOTICE)
    assert b.totals() == [3, 13, 10, 0]  # the other phone's hand, nothing lost silently
    assert len(store.get(gid).game.hands) == 1


# --- history and settings ----------------------------------------------------------------


def test_history_opens_read_only_deletes_with_undo_and_exports(phone):
    gid = phone.new_game(NAMES, target=ids.TARGET.format(value="50"))
    for points in ([20, 6, 0, 0], [20, 6, 0, 0], [20, 0, 6, 0]):
        phone.enter_points(points)
    other = phone.new_game(["Ewa", "Franek", "Gosia"])
    phone.go("/history")
    assert "Darek won" in phone.text(ids.HISTORY_GAME.format(game_id=gid))
    assert "3 hands played" in phone.text(ids.HISTORY_GAME.format(game_id=gid))
    phone.tap(ids.HISTORY_GAME.format(game_id=gid))
    assert phone.session.route.url() == f"/history/{gid}" and phone.has(ids.READ_ONLY)
    assert phone._clickable_or_none(ids.HAND_ROW.format(n=1)) is None  # rows do not edit
    assert not phone.has(ids.ENTER_HAND)
    phone.go("/history")
    phone.tap(ids.DELETE_GAME.format(game_id=other))
    phone.tap(ids.CONFIRM)
    assert not phone.has(ids.HISTORY_GAME.format(game_id=other))
    phone.tap(ids.UNDO)
    assert phone.has(ids.HISTORY_GAME.format(game_id=other))
    phone.tap(ids.EXPORT)
    exported = json.loads(phone.control(ids.EXPORT_TEXT, ft.TextField).value)
    assert {g["id"] for g in exported} == {gid, other}


def test_language_setting_follows_the_device_and_persists(store):
    phone = Phone(store, language="pl-PL")
    assert "Nowa gra" in phone.text(ids.NEW_GAME)
    phone.go("/settings")
    phone.tap(ids.LANGUAGE_OPTION.format(code="lt"))
    assert "Kalba" in phone.screen_text()
    assert "Naujas žaidimas" in Phone(store, language="pl-PL").text(ids.NEW_GAME)
    phone.tap(ids.LANGUAGE_OPTION.format(code="system"))
    assert "Nowa gra" in Phone(store, language="pl-PL").text(ids.NEW_GAME)
    assert "New game" in Phone(store, language="de").text(ids.NEW_GAME)


def test_theme_setting_persists(store):
    phone = Phone(store, route="/settings")
    phone.tap(ids.THEME_OPTION.format(mode="dark"))
    assert Phone(store).session.theme == "dark"


def test_unknown_addresses_show_words_not_errors(phone):
    for route in ("/game/nope", "/game/0123456789abcdef0123456789abcdef/hand/3", "/x/y"):
        phone.go(route)
        assert phone.screen == "not_found" and phone.has(ids.ERROR)
    gid = phone.new_game(NAMES)
    phone.go(f"/game/{gid}/hand/9")
    assert phone.screen == "sheet" and "There is no hand 9" in phone.text(ids.ERROR)


# --- accessibility -------------------------------------------------------------------------


def test_every_button_has_words_and_a_big_enough_target(store):
    phone = Phone(store)
    gid = phone.new_game(NAMES)
    phone.enter_points([3, 13, 10, 0])
    for route in ("/", "/new", f"/game/{gid}", f"/game/{gid}/hand", f"/game/{gid}/hand/1",
                  "/history", "/settings"):
        phone.go(route)
        for c in walk(phone.view):
            if isinstance(c, ft.IconButton):
                assert c.tooltip, (route, c.icon)
                assert (c.width or 48) >= 48 and (c.height or 48) >= 48, (route, c.icon)
            if isinstance(c, ft.Semantics) and c.button:
                assert c.label or any(isinstance(x, ft.Text) and x.value for x in walk(c)) \
                    or any(getattr(x, "tooltip", None) for x in walk(c)), (route, c.identifier)


# --- failures are told in words ------------------------------------------------------------


def test_a_full_disk_while_saving_is_said_in_words_and_the_hand_kept(store, monkeypatch):
    from scorekeeper.store import StoreError

    phone = Phone(store)
    gid = phone.new_game(NAMES)
    phone.tap(ids.ENTER_HAND)
    phone.tap(ids.GIVE_REST.format(seat=1))

    def full(*args, **kw):
        raise StoreError("disk_full", "the disk is full: could not write x; nothing was changed")

    monkeypatch.setattr(store, "add_hand", full)
    phone.tap(ids.SAVE_HAND)
    assert phone.screen == "hand" and "The disk is full" in phone.text(ids.ERROR)
    assert phone.session.entry.typed_points()[0] == [0, 26, 0, 0]  # nothing typed is lost
    monkeypatch.undo()
    phone.tap(ids.SAVE_HAND)
    assert phone.screen == "sheet" and len(store.get(gid).game.hands) == 1


def test_an_unexpected_failure_never_shows_a_traceback(store, monkeypatch):
    phone = Phone(store)
    monkeypatch.setattr(phone.session.model, "new_game", lambda: 1 / 0)
    phone.render()
    phone.tap(ids.NEW_GAME)
    assert phone.screen == "home" and "Something went wrong" in phone.text(ids.ERROR)


def test_other_tabs_redraw_when_a_game_changes(store):
    a = Phone(store)
    heard: list[str] = []
    a.session.on_changed = heard.append
    gid = a.new_game(NAMES)
    watcher = Phone(store, route=f"/game/{gid}")
    typing = Phone(store, route=f"/game/{gid}/hand")
    typing.tap(ids.GIVE_REST.format(seat=2))
    a.enter_points([3, 13, 10, 0])
    assert heard == [gid, gid]  # the new game, then the hand
    assert watcher.session.external_change(gid)
    watcher.render()
    assert watcher.totals() == [3, 13, 10, 0]
    assert not typing.session.external_change(gid)  # a hand being typed is left alone
    assert typing.session.entry.typed_points()[0] == [0, 0, 26, 0]


def test_names_typed_for_a_new_game_survive_a_reload(store):
    phone = Phone(store, route="/new")
    phone.tap(ids.ADD_PLAYER)
    for seat, name in enumerate(NAMES + ["Ewa"]):
        phone.type(ids.PLAYER_NAME.format(seat=seat), name)
    phone.tap(ids.TARGET.format(value="150"))
    again = Phone(store, route="/new")
    assert again.session.form.names == NAMES + ["Ewa"] and again.session.form.target_choice == "150"
    again.tap(ids.START_GAME)
    assert Phone(store, route="/new").session.form.names == ["", "", "", ""]  # used up


def test_cancellation_hand_may_hold_less_than_52(phone):
    phone.go("/new")
    for _ in range(2):
        phone.tap(ids.ADD_PLAYER)
    for seat, name in enumerate(NAMES + ["Ewa", "Franek"]):
        phone.type(ids.PLAYER_NAME.format(seat=seat), name)
    phone.tap(ids.VARIANT.format(variant="cancellation"))
    phone.tap(ids.START_GAME)
    phone.tap(ids.ENTER_HAND)
    phone.tap(ids.HEARTS.format(seat=0))
    phone.tap(ids.HEARTS_KEY.format(count=20))
    phone.tap(ids.QUEENS.format(seat=1, count=1))
    phone.tap(ids.QUEENS.format(seat=2, count=1))
    assert "6 points taken by nobody" in phone.text(ids.REMAINING)
    assert not phone.disabled(ids.SAVE_HAND)
    phone.tap(ids.SAVE_HAND)
    assert phone.totals() == [20, 13, 13, 0, 0, 0]


def test_an_edit_that_would_break_a_later_hand_is_refused_in_words(phone):
    phone.new_game(NAMES, target=ids.TARGET.format(value="50"))
    for points in ([25, 0, 1, 0], [25, 0, 1, 0], [0, 1, 0, 25]):  # a tie at 50, then over
        phone.enter_points(points)
    assert rules.state(game_of(phone)).game_over
    phone.tap(ids.HAND_ROW.format(n=1))
    phone.type(ids.POINTS.format(seat=1), "1")
    phone.type(ids.POINTS.format(seat=2), "0")  # hand 1 [25, 1, 0, 0]: over after hand 2
    reason = phone.text(ids.SAVE_REASON)
    assert phone.disabled(ids.SAVE_HAND)
    assert reason.startswith("Hand 3 would no longer be valid") and "already over" in reason


def test_start_over_empties_a_new_hand_and_restores_an_edited_one(phone):
    phone.new_game(NAMES)
    phone.enter_points([3, 13, 10, 0])
    phone.tap(ids.ENTER_HAND)
    phone.tap(ids.GIVE_REST.format(seat=0))
    phone.tap(ids.CLEAR_HAND)
    assert phone.session.entry.typed_points()[0] == [0, 0, 0, 0]
    phone.go(f"/game/{phone.session.game.id}/hand/1")
    phone.type(ids.POINTS.format(seat=0), "9")
    phone.tap(ids.CLEAR_HAND)
    assert phone.session.entry.typed_points()[0] == [3, 13, 10, 0]


def test_like_the_device_names_the_device_language_not_the_chosen_one(store):
    phone = Phone(store, language="en-US", route="/settings")
    phone.tap(ids.LANGUAGE_OPTION.format(code="pl"))
    assert phone.text(ids.LANGUAGE_OPTION.format(code="system")) == "Jak w urządzeniu (English)"
    polish_device = Phone(store, language="pl-PL", route="/settings")
    polish_device.tap(ids.LANGUAGE_OPTION.format(code="lt"))
    assert "(Polski)" in polish_device.text(ids.LANGUAGE_OPTION.format(code="system"))
    unknown_device = Phone(store, language="de", route="/settings")
    assert "(English)" in unknown_device.text(ids.LANGUAGE_OPTION.format(code="system"))


def test_moon_save_reason_points_up_to_the_choice_shown_above_it(store):
    for language, word, wrong in (("en", "above", "below"), ("pl", "wyżej", "niżej"),
                                  ("lt", "Aukščiau", "Žemiau")):
        phone = Phone(store, language=language)
        phone.new_game(NAMES, moon=ids.MOON_RULE.format(rule="shooter_choice"))
        phone.tap(ids.ENTER_HAND)
        phone.tap(ids.MODE_POINTS)
        phone.type(ids.POINTS.format(seat=3), "26")
        reason = phone.text(ids.SAVE_REASON)
        assert "Darek" in reason and word in reason and wrong not in reason


@pytest.mark.parametrize("language, label", [("en", "Hearts and queen"),
                                             ("pl", "Kiery i dama"), ("lt", "Širdys ir dama")])
def test_the_cards_mode_button_fits_one_line_on_a_small_phone(store, language, label):
    phone = Phone(store, language=language)
    phone.new_game(NAMES)
    phone.tap(ids.ENTER_HAND)
    assert phone.checked(ids.MODE_CARDS)  # a radio, checked
    words = phone.control(ids.MODE_CARDS, ft.Text)
    shown = words.value
    # the screen reader still hears the words in full
    assert phone.spoken(ids.MODE_CARDS) == label and shown != label
    assert phone.radio_group_label(ids.MODE_CARDS) is not None
    assert len(shown) <= 11
    # At 360 px each of the two options is (360 - 2*16 - 6) / 2 = 161 px wide; the radio
    # (40, compact) and the option's end padding (12) leave 109 px for the words at 15 px.
    from PIL import ImageFont  # pillow is a test dependency

    font = ImageFont.truetype(str(ROOT / "assets" / "fonts" / "DejaVuSans.ttf"), 15)
    assert font.getlength(shown) + 0.1 * len(shown) <= 109, shown


def test_negative_scores_and_totals_are_drawn_with_a_true_minus_sign(store):
    minus = "\u2212"
    phone = Phone(store)
    gid = phone.new_game(NAMES, moon=ids.MOON_RULE.format(rule="shooter_choice"))
    phone.enter_points([0, 26, 0, 0], moon_choice="subtract_from_self")
    assert rules.state(game_of(phone)).totals == (0, -26, 0, 0)
    total = phone.text(ids.TOTAL.format(seat=1))
    assert total == f"{minus}26" and "-" not in total
    assert phone.text(ids.CELL.format(n=1, seat=1)) == f"☾ {minus}26"
    assert "-26" in phone.find(ids.TOTAL.format(seat=1)).label  # the screen reader's words
    # the moon preview's totals, before the choice is made
    phone.tap(ids.ENTER_HAND)
    phone.tap(ids.MODE_POINTS)
    phone.type(ids.POINTS.format(seat=1), "26")
    sub = phone.text(ids.MOON_CHOICE.format(choice="subtract_from_self"))
    assert f"{minus}52" in sub and "-52" not in sub
    # the game's summary on the home and history screens
    phone.go("/history")
    summary = phone.text(ids.HISTORY_GAME.format(game_id=gid))
    assert f"Bartek {minus}26" in summary and "-26" not in summary
