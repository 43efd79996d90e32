"""A table's life, in the rules: a seat that changes name from one hand on, a
shared win (``"tie": "share"``) and passing fewer cards (``"pass_cards"``). Vectors are
worked by hand; properties are for every game hypothesis makes up."""

from __future__ import annotations

import pytest
from dataclasses import replace
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import rules
from scorekeeper.rules import Game, Hand, MoonRule, Rules, RulesError, Variant

from test_house_rules_properties import house_games

FOUR = ["Ala", "Bartek", "Celina", "Darek"]


def refusal(fn, *args, **kw) -> RulesError:
    with pytest.raises(RulesError) as info:
        fn(*args, **kw)
    return info.value


def played(hands, players=FOUR, **house):
    target = house.pop("target", 100)
    game = Game.new(players, Rules(target=target, house=house))
    for hand in hands:
        game = game.add_hand(hand)
    return game


# --- a seat changes name ----------------------------------------------------------------

def test_a_replaced_player_keeps_the_seats_total_deal_and_pass():
    # hand 1: 13 5 4 4; hand 2 (Zenon for Darek): 0 10 10 6 -> totals 13 15 14 10
    game = played([Hand((13, 5, 4, 4)), Hand((0, 10, 10, 6), seat_changes={3: "Zenon"})])
    st_ = rules.state(game)
    assert st_.totals == (13, 15, 14, 10)
    assert st_.players == ("Ala", "Bartek", "Celina", "Zenon")
    assert st_.names == (("Ala", "Bartek", "Celina", "Darek"),
                         ("Ala", "Bartek", "Celina", "Zenon"))
    assert game.players == tuple(FOUR)  # the game file's players: who sat down first
    assert st_.next_hand.number == 3 and st_.next_hand.dealer == 2  # Celina deals hand 3
    assert st_.next_hand.pass_token == "across"
    assert rules.seat_history(game.players, game.hands)[3] == ((1, "Darek"), (2, "Zenon"))


def test_two_seats_may_swap_names_in_one_hand_and_the_spaces_are_made_one():
    game = played([Hand((26, 0, 0, 0), seat_changes={0: "Bartek", 1: "  Ala  "})])
    assert rules.state(game).players == ("Bartek", "Ala", "Celina", "Darek")
    assert game.hands[0].seat_changes == ((0, "Bartek"), (1, "Ala"))


def test_a_typo_put_right_may_change_only_the_case():
    game = played([Hand((26, 0, 0, 0), seat_changes={3: "DAREK"})])
    assert rules.state(game).players[3] == "DAREK"


@pytest.mark.parametrize("changes, code", [
    ({3: "Darek"}, "seat_change_same"),
    ({3: "ala"}, "seat_change_duplicate"),
    ({3: "   "}, "seat_change_empty"),
    ({3: "x" * 41}, "seat_change_long"),
    ({3: "Ze\u202enon"}, "seat_change_chars"),
    ({4: "Zenon"}, "seat_change_seat"),
    ({3: 7}, "seat_change_empty"),
])
def test_a_change_is_checked_before_it_acts(changes, code):
    game = played([Hand((26, 0, 0, 0))])
    hand = Hand((0, 10, 10, 6), seat_changes=changes)
    err = rules.check_hand(game, hand)
    assert err is not None and err.code == code and err.hand == 2
    assert refusal(game.add_hand, hand).code == code


def test_a_name_of_40_characters_is_taken():
    game = played([Hand((26, 0, 0, 0), seat_changes={3: "z" * 40})])
    assert rules.state(game).players[3] == "z" * 40


def test_names_in_a_game_file_are_read_as_the_seats_have_them_before_the_hand():
    names = ("Ala", "Bartek", "Celina", "Zenon")
    assert rules.read_seat_changes(names, ["Darek"], {" zenon ": "Zbyszek"}) == ((3, "Zbyszek"),)
    assert refusal(rules.read_seat_changes, names, ["Darek"], {"Darek": "Ola"}, 4).code \
        == "seat_change_gone"
    assert refusal(rules.read_seat_changes, names, ["Darek"], {"Ewa": "Ola"}).code \
        == "seat_change_unknown"
    assert refusal(rules.read_seat_changes, names, [], {"ala": "A", "Ala": "B"}).code \
        == "seat_change_twice"
    assert refusal(rules.read_seat_changes, names, [], {}).code == "seat_changes_type"
    assert refusal(rules.read_seat_changes, names, [], ["Ala"]).code == "seat_changes_type"


def test_editing_an_earlier_hand_checks_every_later_change_again():
    game = played([Hand((26, 0, 0, 0), seat_changes={3: "Zenon"}),
                   Hand((0, 26, 0, 0), seat_changes={2: "Ola"})])
    # putting Zenon in at hand 1 under the name Ola makes hand 2 give two seats one name
    bad = Hand((26, 0, 0, 0), seat_changes={3: "Ola"})
    assert rules.check_hand(game, bad, 0).code == "seat_change_duplicate"
    assert rules.state(game.remove_hand(0)).players == ("Ala", "Bartek", "Ola", "Darek")


def test_errors_after_a_change_name_the_player_who_holds_the_seat():
    game = played([Hand((26, 0, 0, 0))])
    err = refusal(game.add_hand, Hand((0, 10, 10, 27), seat_changes={3: "Zenon"}))
    assert err.code == "points_range" and err.params["player"] == "Zenon"


# --- a shared win -------------------------------------------------------------------------

SHARED = [Hand((20, 0, 6, 0)), Hand((20, 0, 6, 0)), Hand((12, 5, 4, 5))]  # 52 5 16 5


def test_a_tie_at_the_target_ends_the_game_when_the_table_shares_the_win():
    st_ = rules.state(played(SHARED, target=50, tie="share"))
    assert st_.totals == (52, 5, 16, 5)
    assert st_.game_over and st_.winners == (1, 3) and st_.winner is None
    assert st_.standing.shared and st_.next_hand is None


def test_the_same_tie_plays_on_by_default():
    game = played(SHARED, target=50)
    st_ = rules.state(game)
    assert not st_.game_over and st_.winners == () and st_.standing.tie_for_lowest
    st_ = rules.state(game.add_hand(Hand((0, 1, 25, 0))))  # 52 6 41 5: Darek alone
    assert st_.game_over and st_.winner == 3 and st_.winners == (3,)


def test_a_shared_win_over_cannot_take_another_hand():
    game = played(SHARED, target=50, tie="share")
    err = refusal(game.add_hand, Hand((0, 1, 25, 0)))
    assert err.code == "game_over" and err.params["winner"] == "Bartek and Darek"


def test_a_single_lowest_still_wins_alone_with_a_shared_win():
    st_ = rules.state(played([Hand((26, 0, 0, 0)), Hand((26, 0, 0, 0))], target=50,
                             tie="share"))
    assert st_.totals == (0, 52, 52, 52) and st_.winners == (0,) and st_.winner == 0


def test_unless_it_loses_adds_when_the_shooter_shares_the_win():
    table = Rules(moon=MoonRule.ADD_UNLESS_IT_LOSES, house={"tie": "share"})
    # before 90 60 80 34, Bartek shoots: adding gives 116 60 106 60, a shared win
    hs = rules.score_hand(table, Hand((0, 26, 0, 0)), (90, 60, 80, 34))
    assert hs.scores == (26, 0, 26, 26) and hs.moon.choice.value == "add_to_others"


def test_unless_it_loses_subtracts_when_a_shared_win_would_leave_the_shooter_out():
    # before 80 40 40 70, Darek shoots: adding gives 106 66 66 70, Bartek and Celina win
    before = (80, 40, 40, 70)
    share = Rules(moon=MoonRule.ADD_UNLESS_IT_LOSES, house={"tie": "share"})
    hs = rules.score_hand(share, Hand((0, 0, 0, 26)), before)
    assert hs.scores == (0, 0, 0, -26)
    # the default plays on a tie, so the same adding ends nothing and stands
    play_on = Rules(moon=MoonRule.ADD_UNLESS_IT_LOSES)
    assert rules.score_hand(play_on, Hand((0, 0, 0, 26)), before).scores == (26, 26, 26, 0)


@pytest.mark.parametrize("value", ["shared", True, 1, None, ""])
def test_the_tie_rule_is_play_on_or_share(value):
    assert refusal(Rules, house={"tie": value}).code == "rules_value"


# --- passing fewer cards --------------------------------------------------------------------

def test_the_next_hand_says_how_many_cards_are_passed():
    assert rules.state(played([], ["A", "B", "C", "D", "E"], pass_cards=2)).next_hand.pass_cards == 2
    assert rules.state(played([])).next_hand.pass_cards == 3
    assert Rules(house={"pass_cards": 3}) == Rules()
    assert Rules(variant=Variant.CANCELLATION, target=150,
                 house={"pass_cards": 4}).pass_cards == 4


@pytest.mark.parametrize("value", [0, 5, -1, True, 2.0, "2"])
def test_pass_cards_is_a_whole_number_from_1_to_4(value):
    assert refusal(Rules, house={"pass_cards": value}).code == "rules_value"


# --- properties ---------------------------------------------------------------------------

@st.composite
def renamed(draw):
    """A game and the same game with seats changing names along the way."""
    game = draw(house_games(max_hands=15))
    hands = []
    count = 0
    for hand in game.hands:
        changes = {}
        for seat in draw(st.lists(st.integers(0, game.seats - 1), max_size=2, unique=True)):
            count += 1
            changes[seat] = f"New{count}"
        hands.append(replace(hand, seat_changes=changes))
    return game, Game.new(game.players, game.rules, game.first_dealer, hands)


@settings(max_examples=150, deadline=None)
@given(renamed())
def test_a_seats_total_deal_and_pass_are_the_same_whether_it_changed_names_or_not(pair):
    plain, changed = pair
    a, b = rules.state(plain), rules.state(changed)
    assert a.totals == b.totals and a.hands == b.hands and a.standing == b.standing
    assert a.next_hand == b.next_hand
    assert b.players == (b.names[-1] if b.names else plain.players)
    for number, names in enumerate(b.names, 1):
        hand = changed.hands[number - 1]
        for seat, name in hand.seat_changes:
            assert names[seat] == name


@settings(max_examples=150, deadline=None)
@given(house_games(max_hands=25))
def test_a_shared_win_never_happens_without_tie_share(game):
    assert not game.rules.shares_ties
    st_ = rules.state(game)
    assert len(st_.winners) <= 1 and not st_.standing.shared
    assert st_.winners == (() if st_.winner is None else (st_.winner,))


@settings(max_examples=100, deadline=None)
@given(house_games(max_hands=25))
def test_a_shared_win_ends_where_play_on_would_see_a_tie_at_the_target(game):
    share = Rules(game.rules.variant, game.rules.target, game.rules.moon,
                  house={**dict(game.rules.house), "tie": "share"})
    totals = rules.state(game).totals
    verdict = rules.rules_standing(share, totals)
    plain = rules.standing(totals, game.rules.target)
    assert verdict.game_over == plain.target_reached
    if verdict.game_over:
        assert verdict.winners == plain.leaders


@settings(max_examples=100, deadline=None)
@given(house_games(max_hands=25))
def test_pass_cards_three_written_out_changes_nothing(game):
    three = Rules(game.rules.variant, game.rules.target, game.rules.moon,
                  house={**dict(game.rules.house), "pass_cards": 3})
    assert three == game.rules
    assert rules.state(game.with_rules(three)) == rules.state(game)


@settings(max_examples=100, deadline=None)
@given(renamed())
def test_the_spells_of_a_seat_add_up_to_its_total_and_its_hands(pair):
    from scorekeeper.rules import stats

    _, changed = pair
    found, marks = stats.spells(changed)
    if not any(hand.seat_changes for hand in changed.hands):
        assert (found, marks) == ((), ())
        return
    totals = rules.state(changed).totals
    for seat in range(changed.seats):
        mine = [sp for sp in found if sp.seat == seat]
        assert sum(sp.points for sp in mine) == totals[seat]
        assert sum(sp.hands for sp in mine) == len(changed.hands)
        assert mine[-1].name == rules.state(changed).players[seat]
    running = rules.running_totals(changed)
    for hand, after in marks:
        assert after == (running[hand - 1] if hand else (0,) * changed.seats)
