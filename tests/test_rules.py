"""Unit tests for every rule in docs/rules.md: deck, pass, deal, validation, moon, end, edits."""

from __future__ import annotations

import pytest

from scorekeeper import rules
from scorekeeper.rules import (
    Game,
    Hand,
    MoonChoice,
    MoonRule,
    PassDirection,
    Rules,
    RulesError,
    Variant,
)

FOUR = ["Ala", "Bartek", "Celina", "Darek"]
SIX = ["A", "B", "C", "D", "E", "F"]


def game(players=FOUR, hands=(), **kw):
    first = kw.pop("first_dealer", 0)
    return Game.new(players, Rules(**kw), first, [Hand(tuple(h)) if not isinstance(h, Hand) else h
                                                  for h in hands])


# --- deck preparation ----------------------------------------------------------------

@pytest.mark.parametrize(
    "players, removed, each, lead",
    [
        (3, ["2♦"], 17, "2♣"),
        (4, [], 13, "2♣"),
        (5, ["2♦", "2♣"], 10, "3♣"),
        (6, ["2♦", "3♦", "3♣", "4♣"], 8, "2♣"),
        (7, ["2♦", "3♦", "3♣"], 7, "2♣"),
    ],
)
def test_standard_deck_plan(players, removed, each, lead):
    plan = rules.deck_plan("standard", players)
    assert [str(c) for c in plan.removed] == removed
    assert plan.cards_each == each
    assert str(plan.first_lead) == lead
    assert plan.leftover == 0
    assert plan.cards_each * players + len(plan.removed) == 52


@pytest.mark.parametrize("players, each, leftover", [(6, 17, 2), (7, 14, 6), (8, 13, 0),
                                                     (9, 11, 5), (10, 10, 4), (11, 9, 5)])
def test_cancellation_deck_plan(players, each, leftover):
    plan = rules.deck_plan("cancellation", players)
    assert plan.decks == 2 and plan.removed == ()
    assert (plan.cards_each, plan.leftover) == (each, leftover)
    assert plan.first_lead is None


@pytest.mark.parametrize("variant, players", [("standard", 2), ("standard", 8),
                                              ("cancellation", 5), ("cancellation", 12)])
def test_deck_plan_rejects_impossible_counts(variant, players):
    with pytest.raises(RulesError) as e:
        rules.deck_plan(variant, players)
    assert e.value.code == "player_count"


def test_variants_offered_per_player_count():
    assert rules.variants_for(3) == (Variant.STANDARD,)
    assert rules.variants_for(6) == (Variant.STANDARD, Variant.CANCELLATION)
    assert rules.variants_for(7) == (Variant.STANDARD, Variant.CANCELLATION)
    assert rules.variants_for(8) == (Variant.CANCELLATION,)
    assert rules.variants_for(2) == ()
    assert rules.variants_for(12) == ()


# --- passing and dealing -------------------------------------------------------------

def test_four_player_pass_cycle():
    got = [rules.pass_direction("standard", 4, n) for n in range(1, 10)]
    assert [d.value for d in got] == ["left", "right", "across", "hold"] * 2 + ["left"]


@pytest.mark.parametrize("players", [3, 5, 6, 7])
def test_other_counts_pass_left_right(players):
    got = [rules.pass_direction("standard", players, n).value for n in range(1, 6)]
    assert got == ["left", "right", "left", "right", "left"]


@pytest.mark.parametrize("players", [6, 8, 11])
def test_cancellation_passes_left_right(players):
    got = [rules.pass_direction("cancellation", players, n).value for n in range(1, 5)]
    assert got == ["left", "right", "left", "right"]


def test_who_passes_to_whom():
    assert rules.passes(4, PassDirection.LEFT) == {0: 1, 1: 2, 2: 3, 3: 0}
    assert rules.passes(4, PassDirection.RIGHT) == {0: 3, 1: 0, 2: 1, 3: 2}
    assert rules.passes(4, PassDirection.ACROSS) == {0: 2, 1: 3, 2: 0, 3: 1}
    assert rules.passes(4, PassDirection.HOLD) == {}
    assert rules.passes(3, PassDirection.LEFT) == {0: 1, 1: 2, 2: 0}
    with pytest.raises(ValueError):
        rules.pass_target(5, 0, PassDirection.ACROSS)


def test_dealer_rotates_clockwise_from_first_dealer():
    assert [rules.dealer_for(4, 2, n) for n in range(1, 7)] == [2, 3, 0, 1, 2, 3]


def test_next_hand_banner_values():
    g = game(hands=[[26 - 13, 13, 0, 0]], first_dealer="celina")
    nxt = rules.state(g).next_hand
    assert nxt.number == 2
    assert g.players[nxt.dealer] == "Darek"
    assert nxt.direction is PassDirection.RIGHT
    assert {g.players[a]: g.players[b] for a, b in nxt.passes.items()} == {
        "Ala": "Darek", "Bartek": "Ala", "Celina": "Bartek", "Darek": "Celina"}
    assert str(nxt.first_lead) == "2♣" and nxt.first_leader is None


def test_cancellation_first_leader_is_left_of_dealer():
    g = Game.new(SIX, Rules.for_variant("cancellation"), "F")
    nxt = rules.state(g).next_hand
    assert nxt.dealer == 5 and nxt.first_leader == 0 and nxt.first_lead is None
    assert g.rules.target == 150


# --- players ----------------------------------------------------------------------------

def test_players_are_trimmed_and_unique_ignoring_case():
    g = Game.new(["  Ala ", "Bartek", "Celina"])
    assert g.players == ("Ala", "Bartek", "Celina")
    with pytest.raises(RulesError) as e:
        Game.new(["Ala", "bartek", " BARTEK "])
    assert e.value.code == "player_duplicate"
    with pytest.raises(RulesError) as e:
        Game.new(["Ala", "  ", "Celina"])
    assert e.value.code == "player_empty"


@pytest.mark.parametrize("variant, players", [("standard", 2), ("standard", 8),
                                              ("cancellation", 5), ("cancellation", 12)])
def test_player_count_per_variant(variant, players):
    with pytest.raises(RulesError) as e:
        Game.new([f"P{i}" for i in range(players)], Rules(variant=variant))
    assert e.value.code == "player_count"


def test_unknown_first_dealer():
    with pytest.raises(RulesError) as e:
        Game.new(FOUR, Rules(), "Zenon")
    assert e.value.code == "first_dealer"


def test_target_must_be_positive_whole_number():
    for bad in (0, -5, 2.5, "100", True):
        with pytest.raises(RulesError):
            Rules(target=bad)


# --- validating a hand ---------------------------------------------------------------

def _error(g, points, choice=None):
    with pytest.raises(RulesError) as e:
        g.add_hand(Hand(tuple(points), choice))
    return e.value


def test_valid_hand_is_added():
    g = game().add_hand(Hand((3, 13, 10, 0)))
    assert len(g.hands) == 1


def test_wrong_count_of_numbers():
    e = _error(game(), [13, 13, 0])
    assert e.code == "point_count" and e.hand == 1
    assert "expected 4 numbers" in str(e) and str(e).startswith("hand 1:")


def test_number_out_of_range_names_player():
    e = _error(game(hands=[[13, 13, 0, 0]]), [27, -1, 0, 0])
    assert e.code == "points_range" and e.hand == 2 and e.player == "Ala"
    e = _error(game(), [13, -1, 14, 0])
    assert e.player == "Bartek" and "-1" in str(e)


def test_not_a_whole_number():
    assert _error(game(), [13, 12.5, 0.5, 0]).code == "points_type"
    assert _error(game(), [13, True, 12, 0]).code == "points_type"
    assert _error(game(), [13, "13", 0, 0]).code == "points_type"


def test_wrong_total():
    e = _error(game(), [13, 10, 0, 0])
    assert e.code == "hand_total" and e.params["total"] == 23 and "26" in str(e)


def test_cancellation_total_may_be_less_but_not_more_than_52():
    g = Game.new(SIX, Rules(variant="cancellation"))
    g = g.add_hand(Hand((13, 13, 10, 10, 0, 0)))  # 46: a cancelled last trick
    assert rules.state(g).totals == (13, 13, 10, 10, 0, 0)
    assert _error(g, [26, 13, 10, 4, 0, 0]).code == "hand_total_max"
    assert _error(g, [53, 0, 0, 0, 0, 0]).code == "points_range"


def test_hand_after_game_over():
    g = game(hands=[[0, 26, 0, 0]] * 4)  # Ala, Celina, Darek at 104; Bartek 0
    assert rules.state(g).game_over
    e = _error(g, [13, 13, 0, 0])
    assert e.code == "game_over" and e.hand == 5


# --- moon ------------------------------------------------------------------------------

def test_moon_add_to_others_is_the_default():
    g = game(hands=[[0, 26, 0, 0]])
    hs = rules.state(g).hands[0]
    assert hs.scores == (26, 0, 26, 26)
    assert hs.moon == rules.MoonShot(1, MoonChoice.ADD_TO_OTHERS)


def test_moon_subtract_from_self():
    g = game(hands=[[0, 0, 26, 0]], moon=MoonRule.SUBTRACT_FROM_SELF)
    assert rules.state(g).totals == (0, 0, -26, 0)


def test_shooter_choice_needs_a_choice():
    g = game(moon=MoonRule.SHOOTER_CHOICE)
    e = _error(g, [26, 0, 0, 0])
    assert e.code == "moon_choice_missing" and e.player == "Ala"
    g = g.add_hand(Hand((26, 0, 0, 0), MoonChoice.SUBTRACT_FROM_SELF))
    assert rules.state(g).totals == (-26, 0, 0, 0)


def test_stray_moon_choice_is_an_error():
    assert _error(game(moon=MoonRule.SHOOTER_CHOICE), [13, 13, 0, 0],
                  MoonChoice.ADD_TO_OTHERS).code == "moon_choice_stray"
    assert _error(game(), [26, 0, 0, 0], MoonChoice.ADD_TO_OTHERS).code == "moon_choice_fixed"


def test_cancellation_moon_needs_all_52():
    g = Game.new(SIX, Rules(variant="cancellation"))
    g = g.add_hand(Hand((52, 0, 0, 0, 0, 0)))
    assert rules.state(g).hands[0].scores == (0, 26, 26, 26, 26, 26)
    g = g.add_hand(Hand((26, 0, 0, 0, 0, 0)))  # 26 of 52 is no moon in Cancellation
    assert rules.state(g).hands[1].moon is None


def test_moon_preview_shows_both_outcomes():
    # Totals before: Ala 80, Bartek 70, Celina 60, Darek 50 (target 100).
    g = game(hands=[[20, 6, 0, 0], [20, 6, 0, 0],
                    [20, 6, 0, 0], [20, 6, 0, 0]], moon=MoonRule.SHOOTER_CHOICE)
    assert rules.state(g).totals == (80, 24, 0, 0)
    p = rules.moon_preview(g, (0, 0, 26, 0))
    assert p.shooter == 2
    add = p.options[MoonChoice.ADD_TO_OTHERS]
    sub = p.options[MoonChoice.SUBTRACT_FROM_SELF]
    assert add.totals == (106, 50, 0, 26) and add.standing.game_over and add.standing.winner == 2
    assert sub.totals == (80, 24, -26, 0) and not sub.standing.game_over
    assert not p.same_result
    with pytest.raises(RulesError):
        rules.moon_preview(g, (13, 13, 0, 0))


# --- end of game and ties -------------------------------------------------------------

def test_game_ends_at_target_with_single_lowest():
    g = game(hands=[[13, 13, 0, 0]] * 7 + [[13, 0, 13, 0]], target=100)
    st = rules.state(g)
    assert st.totals == (104, 91, 13, 0)
    assert st.game_over and st.winner == 3 and st.next_hand is None


def test_tie_for_lowest_plays_on_until_single_lowest():
    hands = [[13, 13, 0, 0]] * 4  # 52, 52, 0, 0
    hands += [[13, 13, 0, 0]] * 4  # 104, 104, 0, 0: target reached, tie for lowest 0/0
    g = game(hands=hands)
    st = rules.state(g)
    assert st.totals == (104, 104, 0, 0)
    assert not st.game_over and st.standing.tie_for_lowest and st.leaders == (2, 3)
    assert st.next_hand.number == 9
    g = g.add_hand(Hand((0, 0, 13, 13)))  # still tied at 13
    assert not rules.state(g).game_over
    g = g.add_hand(Hand((0, 0, 1, 25)))
    st = rules.state(g)
    assert st.game_over and g.players[st.winner] == "Celina"


def test_standing_below_target_is_not_over():
    s = rules.standing([10, 20, 30], 100)
    assert not s.game_over and s.winner is None and s.leaders == (0,) and not s.tie_for_lowest


# --- editing earlier hands ------------------------------------------------------------

def test_edit_recomputes_everything_after():
    g = game(hands=[[13, 13, 0, 0]] * 7 + [[13, 0, 13, 0]])
    assert rules.state(g).game_over
    g2 = g.replace_hand(7, Hand((0, 0, 13, 13)))
    st = rules.state(g2)
    assert st.totals == (91, 91, 13, 13) and not st.game_over
    assert st.next_hand.number == 9


def test_remove_hand_recomputes_and_revalidates():
    g = game(hands=[[13, 13, 0, 0]] * 8, target=100)  # tie 104/104 at top, 0/0 low
    g = g.add_hand(Hand((0, 0, 13, 13))).add_hand(Hand((0, 0, 1, 25)))
    assert rules.state(g).game_over
    g2 = g.remove_hand(9)
    assert not rules.state(g2).game_over and len(g2.hands) == 9
    with pytest.raises(RulesError):
        g.remove_hand(10)


def test_insert_hand_puts_it_back_and_revalidates():
    hands = [[3, 13, 10, 0], [0, 0, 13, 13], [1, 2, 3, 20]]
    g = game(hands=[hands[0], hands[2]])
    g2 = g.insert_hand(1, Hand((0, 0, 13, 13)))
    assert [list(h.points) for h in g2.hands] == hands
    assert g2 == game(hands=hands)
    assert rules.state(g2).totals == (4, 15, 26, 33)
    assert g.insert_hand(0, Hand((26, 0, 0, 0))).hands[0].points == (26, 0, 0, 0)
    assert g.insert_hand(2, Hand((0, 26, 0, 0))) == g.add_hand(Hand((0, 26, 0, 0)))  # the end
    assert len(g.hands) == 2  # an immutable value: g itself is unchanged
    for bad in (-1, 3, True, "1"):
        with pytest.raises(RulesError) as e:
            g.insert_hand(bad, Hand((0, 0, 13, 13)))
        assert e.value.code == "no_such_hand"


def test_insert_hand_that_ends_the_game_early_rejects_later_hands():
    g = game(hands=[[13, 13, 0, 0]] * 7 + [[0, 0, 13, 13]])
    assert not rules.state(g).game_over
    with pytest.raises(RulesError) as e:
        g.insert_hand(7, Hand((13, 0, 13, 0)))  # over after the new hand 8; hand 9 is stray
    assert e.value.code == "game_over" and e.value.hand == 9
    with pytest.raises(RulesError) as e:
        g.insert_hand(3, Hand((13, 13, 0, 1)))  # the inserted hand itself is checked
    assert e.value.code == "hand_total" and e.value.hand == 4


def test_edit_that_ends_game_early_rejects_later_hands():
    g = game(hands=[[13, 13, 0, 0]] * 7 + [[0, 0, 13, 13], [0, 0, 13, 13]])
    assert not rules.state(g).game_over
    with pytest.raises(RulesError) as e:
        g.replace_hand(7, Hand((13, 0, 13, 0)))  # now over after hand 8; hand 9 is stray
    assert e.value.code == "game_over" and e.value.hand == 9


def test_changing_rules_revalidates():
    g = game(hands=[[26, 0, 0, 0]], moon=MoonRule.ADD_TO_OTHERS)
    with pytest.raises(RulesError):
        g.with_rules(Rules(moon=MoonRule.SHOOTER_CHOICE))
    assert rules.state(g.with_rules(Rules(target=20))).game_over


# --- entry helpers -----------------------------------------------------------------------

def test_points_from_cards_and_remaining():
    std = Rules()
    assert rules.points_from_cards(std, 5, 1) == 18
    assert rules.points_from_cards(Rules(variant="cancellation"), 26, 2) == 52
    with pytest.raises(RulesError):
        rules.points_from_cards(std, 14, 0)
    with pytest.raises(RulesError):
        rules.points_from_cards(std, 1, 2)
    assert rules.remaining_points(std, [3, None, 10]) == 13


def test_running_totals():
    g = game(hands=[[3, 13, 10, 0], [0, 26, 0, 0]])
    assert rules.running_totals(g) == ((3, 13, 10, 0), (29, 13, 36, 26))


def test_places_share_equal_totals():
    assert rules.places([34, 69, 70, 34]) == (1, 3, 4, 1)
    assert rules.places([10, 20, 20, 5]) == (2, 3, 3, 1)


def test_points_to_target_and_hearts_left():
    assert rules.points_to_target([40, 61, 12], 100) == 39
    assert rules.points_to_target([104, 61, 12], 100) == -4
    assert rules.hearts_left(Rules(), [3, 4, 0, 0]) == 6
    assert rules.hearts_left(Rules(variant="cancellation"), [3] * 6) == 8
    assert rules.queens_left(Rules(), [0, 1, 0, 0]) == 0
    assert rules.queens_left(Rules(variant="cancellation"), [1, 0, 0, 0, 0, 0]) == 1


# --- what the app asks (it never works these out itself) --------------------------------


def test_standings_order_lowest_first_ties_by_seat():
    assert rules.standings_order((40, 12, 40, 3)) == (3, 1, 0, 2)
    assert rules.standings_order((5, 5, 5)) == (0, 1, 2)


def test_check_hand_answers_without_raising():
    g = game(hands=[(13, 0, 13, 0)])
    assert rules.check_hand(g, Hand((0, 26, 0, 0))) is None
    err = rules.check_hand(g, Hand((1, 1, 1, 1)))
    assert isinstance(err, RulesError) and err.code == "hand_total"
    assert rules.check_hand(g, Hand((1, 2, 3))).code == "point_count"


def test_check_hand_on_a_replaced_hand_checks_every_later_hand():
    g = game(hands=[(26, 0, 0, 0), (0, 13, 13, 0)], target=50)
    assert rules.check_hand(g, Hand((0, 0, 13, 13)), index=0) is None
    # with hand 1 as a moon for Bartek the others reach 26 (target 25) after hand 1:
    # game over before hand 2, so hand 2 is refused
    over = game(hands=[(0, 0, 13, 13), (0, 13, 13, 0)], target=25,
                moon=MoonRule.ADD_TO_OTHERS)
    err = rules.check_hand(over, Hand((0, 26, 0, 0)), index=0)
    assert err is not None and err.code == "game_over"
    assert rules.check_hand(g, Hand((1, 1, 1, 1)), index=1).code == "hand_total"


def test_check_hand_says_a_moon_choice_is_missing():
    g = game(moon=MoonRule.SHOOTER_CHOICE)
    assert rules.check_hand(g, Hand((26, 0, 0, 0))).code == "moon_choice_missing"
    assert rules.check_hand(g, Hand((26, 0, 0, 0), MoonChoice.SUBTRACT_FROM_SELF)) is None


def test_points_taken_by_nobody_only_in_an_acceptable_cancellation_hand():
    six = Game.new(SIX, Rules.for_variant("cancellation"))
    assert rules.points_taken_by_nobody(six, Hand((10, 10, 10, 10, 5, 0))) == 7
    assert rules.points_taken_by_nobody(six, Hand((10, 10, 10, 10, 12, 0))) == 0
    assert rules.points_taken_by_nobody(six, Hand((52, 0, 0, 0, 0, 0))) == 0
    four = game()
    assert rules.points_taken_by_nobody(four, Hand((10, 10, 0, 0))) == 0  # must add up


def test_cut_is_a_checked_game_after_n_hands():
    g = game(hands=[(26, 0, 0, 0), (0, 13, 13, 0), (1, 2, 3, 20)], first_dealer=2)
    cut = g.cut(1)
    assert cut.hands == g.hands[:1] and cut.first_dealer == 2 and cut.rules == g.rules
    assert g.cut(0).hands == () and g.cut(3) == g
    with pytest.raises(RulesError):
        g.cut(4)


@pytest.mark.parametrize("seats, first, expected", [(4, 0, 1), (4, 3, 0), (6, 5, 0)])
def test_rematch_first_dealer_is_the_next_seat(seats, first, expected):
    names = FOUR if seats == 4 else SIX
    variant = "standard"
    g = Game.new(names, Rules.for_variant(variant), first)
    assert g.rematch_first_dealer() == expected == rules.dealer_for(seats, first, 2)


def test_rules_game_and_scoring_do_not_import_each_other_in_a_cycle():
    import ast
    import pathlib

    src = pathlib.Path(rules.__file__).with_name("scoring.py").read_text()
    imported = {n.module for n in ast.walk(ast.parse(src)) if isinstance(n, ast.ImportFrom)}
    assert "game" not in imported
