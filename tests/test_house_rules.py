"""House rules (docs/rules.md, "House rules"): Omnibus J♦ -10, moon "unless it loses", exact
target halves and the table's own pass cycle, as the rules' table plays them."""

from __future__ import annotations

import pytest

from scorekeeper import formats, rules
from scorekeeper.rules import Game, Hand, MoonChoice, MoonRule, Rules, RulesError, Variant

FOUR = ["Ala", "Bartek", "Celina", "Darek"]
FIVE = FOUR + ["Ewa"]
OMNIBUS = {"jack_of_diamonds": True}


def table(moon=MoonRule.ADD_TO_OTHERS, target=100, **house):
    return Rules(Variant.STANDARD, target, moon, house=house)


def played(hands, players=FOUR, **kw):
    g = Game.new(players, table(**kw))
    for h in hands:
        g = g.add_hand(h)
    return g


def refusal(fn, *args, **kw) -> RulesError:
    with pytest.raises(RulesError) as info:
        fn(*args, **kw)
    return info.value


# --- the table of house rules ---------------------------------------------------------

def test_every_house_rule_is_off_by_default_and_off_is_left_out():
    assert Rules().house == ()
    assert Rules(house={"jack_of_diamonds": False, "passes": None,
                        "exact_target_halves": False}) == Rules()
    assert [r.key for r in rules.HOUSE_RULES] == ["jack_of_diamonds", "exact_target_halves",
                                                  "passes", "pass_cards", "tie"]
    assert Rules(house={"pass_cards": 3, "tie": "play_on"}) == Rules()
    assert not Rules().plays("jack_of_diamonds")
    assert Rules().house_rule("passes") is None


def test_house_rules_keep_the_table_order_whatever_order_they_come_in():
    a = Rules(house={"passes": ["left", "hold"], "jack_of_diamonds": True})
    b = Rules(house={"jack_of_diamonds": True, "passes": ("left", "hold")})
    assert a == b and hash(a) == hash(b)
    assert a.house == (("jack_of_diamonds", True), ("passes", ("left", "hold")))


def test_an_unknown_house_rule_or_a_wrong_value_is_refused():
    assert refusal(Rules, house={"shoot_the_sun": True}).code == "unknown_key"
    err = refusal(Rules, house={"jack_of_diamonds": "yes"})
    assert err.code == "rules_type" and "true or false" in str(err)


# --- Omnibus --------------------------------------------------------------------------

def test_the_jack_of_diamonds_takes_ten_off_its_taker():
    g = played([Hand((10, 16, 0, 0), jack=2)], **OMNIBUS)
    assert rules.state(g).hands[0].scores == (10, 16, -10, 0)
    assert rules.state(g).hands[0].adjustments == (
        rules.Adjustment("jack_of_diamonds", 2, -10),)


def test_the_jack_counts_after_the_moon_whether_or_not_the_shooter_took_it():
    g = played([Hand((0, 26, 0, 0), jack=1), Hand((0, 0, 26, 0), jack=0)], **OMNIBUS)
    st = rules.state(g)
    assert st.hands[0].scores == (26, -10, 26, 26)  # 26 is a moon without the J♦
    assert st.hands[1].scores == (16, 26, 0, 26)
    assert st.hands[0].moon == rules.MoonShot(1, MoonChoice.ADD_TO_OTHERS)


def test_with_subtract_from_self_the_shooter_with_the_jack_scores_minus_36():
    g = played([Hand((26, 0, 0, 0), jack=0)], moon=MoonRule.SUBTRACT_FROM_SELF, **OMNIBUS)
    assert rules.state(g).hands[0].scores == (-36, 0, 0, 0)


def test_every_omnibus_hand_names_who_took_the_jack():
    g = Game.new(FOUR, table(**OMNIBUS))
    err = rules.check_hand(g, Hand((10, 16, 0, 0)))
    assert err.code == "jack_missing" and err.hand == 1 and "J♦" in str(err)
    assert rules.check_hand(g, Hand((10, 16, 0, 0), jack=4)).code == "jack_player"
    assert rules.check_hand(g, Hand((10, 16, 0, 0), jack=True)).code == "jack_player"
    assert rules.check_hand(g, Hand((10, 16, 0, 0), jack=3)) is None


def test_a_jack_without_the_rule_is_refused_like_an_unknown_key():
    err = rules.check_hand(Game.new(FOUR), Hand((10, 16, 0, 0), jack=1))
    assert err.code == "unknown_key" and err.params["key"] == "jack"


def test_omnibus_is_for_standard_hearts_only():
    err = refusal(Rules, Variant.CANCELLATION, 150, house=OMNIBUS)
    assert err.code == "house_variant" and "cancellation" in str(err)
    assert rules.check_rules("cancellation", 8, 150, house=OMNIBUS).code == "house_variant"
    assert rules.check_rules("standard", 4, 100, house=OMNIBUS) is None


# --- moon: add unless it loses ----------------------------------------------------------

UNLESS = MoonRule.ADD_UNLESS_IT_LOSES


def test_unless_it_loses_adds_when_that_does_not_end_the_game():
    hs = rules.score_hand(table(UNLESS), Hand((0, 26, 0, 0)), (10, 20, 30, 40))
    assert hs.scores == (26, 0, 26, 26) and hs.moon.choice is MoonChoice.ADD_TO_OTHERS


def test_unless_it_loses_adds_when_the_shooter_wins_by_it():
    hs = rules.score_hand(table(UNLESS), Hand((0, 0, 0, 26)), (80, 70, 60, 50))
    assert hs.moon.choice is MoonChoice.ADD_TO_OTHERS  # 106, 96, 86, 50: the shooter wins


def test_unless_it_loses_subtracts_when_adding_would_lose_the_game():
    hs = rules.score_hand(table(UNLESS), Hand((0, 26, 0, 0)), (10, 90, 80, 85))
    assert hs.scores == (0, -26, 0, 0) and hs.moon.choice is MoonChoice.SUBTRACT_FROM_SELF


def test_unless_it_loses_decides_on_the_scores_with_the_jack():
    before = (50, 60, 74, 30)
    rule = table(UNLESS, **OMNIBUS)
    # the shooter's own J♦: 40, 86, 100, 56 ends the game with the shooter lowest
    mine = rules.score_hand(rule, Hand((26, 0, 0, 0), jack=0), before)
    assert mine.moon.choice is MoonChoice.ADD_TO_OTHERS
    # Darek's J♦: 50, 86, 100, 46 would end it with Darek lowest, so the shooter subtracts
    theirs = rules.score_hand(rule, Hand((26, 0, 0, 0), jack=3), before)
    assert theirs.moon.choice is MoonChoice.SUBTRACT_FROM_SELF
    assert theirs.scores == (-26, 0, 0, -10)


def test_unless_it_loses_takes_no_moon_choice():
    g = Game.new(FOUR, table(UNLESS))
    err = rules.check_hand(g, Hand((0, 26, 0, 0), MoonChoice.ADD_TO_OTHERS))
    assert err.code == "moon_choice_fixed"


def test_the_preview_says_what_unless_it_loses_will_do():
    g = played([Hand((10, 0, 8, 8)), Hand((0, 0, 26, 0)), Hand((0, 0, 26, 0))], moon=UNLESS,
               target=80)
    assert rules.state(g).totals == (62, 52, 8, 60)
    preview = rules.moon_preview(g, [0, 26, 0, 0])
    assert preview.applied is MoonChoice.SUBTRACT_FROM_SELF  # adding: 88, 52, 34, 86
    assert preview.options[MoonChoice.ADD_TO_OTHERS].totals == (88, 52, 34, 86)
    assert rules.moon_preview(Game.new(FOUR), [26, 0, 0, 0]).applied is MoonChoice.ADD_TO_OTHERS
    assert rules.moon_preview(Game.new(FOUR, table(MoonRule.SHOOTER_CHOICE)),
                              [26, 0, 0, 0]).applied is None


def test_the_preview_counts_the_jack():
    g = Game.new(FOUR, table(UNLESS, **OMNIBUS))
    preview = rules.moon_preview(g, [26, 0, 0, 0], jack=1)
    assert preview.options[MoonChoice.ADD_TO_OTHERS].scores == (0, 16, 26, 26)


# --- exact target halves ----------------------------------------------------------------

HALVES = {"exact_target_halves": True}


def test_a_total_of_exactly_the_target_goes_back_to_half():
    g = played([Hand((25, 1, 0, 0))] * 3 + [Hand((25, 1, 0, 0))], **HALVES)
    st = rules.state(g)
    assert st.totals == (50, 4, 0, 0)  # 75 + 25 = 100, back to 50
    assert st.hands[-1].scores == (-25, 1, 0, 0)
    change = st.hands[-1].adjustments[0]
    assert (change.seat, change.reached, change.back_to) == (0, 100, 50)
    assert not st.game_over


def test_an_odd_target_goes_back_to_its_floor_half():
    g = played([Hand((25, 1, 0, 0)), Hand((13, 13, 0, 0)), Hand((13, 13, 0, 0))], target=51,
               **HALVES)
    assert rules.state(g).totals == (25, 27, 0, 0)  # 51 - (51 - 25) = 25


def test_passing_the_target_is_not_halved_and_ends_the_game():
    g = played([Hand((25, 1, 0, 0))] * 3 + [Hand((13, 13, 0, 0))], **HALVES)
    st = rules.state(g)
    assert st.totals == (88, 16, 0, 0) and not st.game_over
    g = g.add_hand(Hand((13, 0, 13, 0)))
    assert rules.state(g).totals == (101, 16, 13, 0) and rules.state(g).game_over


def test_two_players_on_the_target_both_go_back_and_the_end_is_checked_after():
    g = played([Hand((13, 13, 0, 0))] * 7, target=91, **HALVES)
    st = rules.state(g)
    assert st.totals == (45, 45, 0, 0) and not st.game_over  # 91 -> 45 for both


def test_the_jack_comes_before_the_halving():
    g = played([Hand((25, 1, 0, 0), jack=1)] * 3 + [Hand((15, 11, 0, 0), jack=1)],
               **OMNIBUS, **HALVES)
    assert rules.state(g).totals == (90, -26, 0, 0)
    g = g.add_hand(Hand((20, 6, 0, 0), jack=0))  # 90 + 20 - 10 = 100, back to 50
    st = rules.state(g)
    assert st.totals == (50, -20, 0, 0)
    assert [c.rule for c in st.hands[-1].adjustments] == ["jack_of_diamonds",
                                                          "exact_target_halves"]


def test_halving_works_in_cancellation_too():
    g = Game.new(list("ABCDEF"), Rules(Variant.CANCELLATION, 52, house=HALVES))
    g = g.add_hand(Hand((52, 0, 0, 0, 0, 0)))  # a moon: 26 to the others
    g = g.add_hand(Hand((0, 26, 26, 0, 0, 0)))
    assert rules.state(g).totals == (0, 26, 26, 26, 26, 26)  # 52 -> 26 for both
    assert not rules.state(g).game_over


# --- the table's own pass cycle ---------------------------------------------------------

def test_a_five_player_cycle_with_two_seat_passes_and_a_hold():
    cycle = ["left", "right", "left2", "right2", "hold"]
    g = Game.new(FIVE, table(passes=cycle))
    got = [rules.hand_info(g, n).pass_token for n in range(1, 8)]
    assert got == cycle + ["left", "right"]
    left2 = rules.hand_info(g, 3)
    assert left2.direction is rules.PassDirection.LEFT and left2.seats == 2
    assert left2.passes == {0: 2, 1: 3, 2: 4, 3: 0, 4: 1}
    assert rules.hand_info(g, 4).passes == {0: 3, 1: 4, 2: 0, 3: 1, 4: 2}
    assert rules.hand_info(g, 5).passes == {}


def test_across_is_half_way_round_for_any_even_count():
    g = Game.new(list("ABCDEF"), table(passes=["across"]))
    assert rules.state(g).next_hand.passes == {0: 3, 1: 4, 2: 5, 3: 0, 4: 1, 5: 2}
    assert rules.passes(6, rules.PassDirection.ACROSS) == {0: 3, 1: 4, 2: 5, 3: 0, 4: 1, 5: 2}


@pytest.mark.parametrize("cycle, players, code", [
    ([], 4, "passes_empty"),
    ("left", 4, "passes_type"),
    (["left", "sideways"], 4, "pass_token"),
    (["left1"], 4, "pass_token"),
    (["Left"], 4, "pass_token"),
    ([2], 4, "pass_token"),
    (["across"], 5, "pass_across_odd"),
    (["left4"], 4, "pass_too_far"),
    (["right3", "left"], 3, "pass_too_far"),
])
def test_a_cycle_that_cannot_be_played_is_refused(cycle, players, code):
    names = [f"P{i}" for i in range(players)]
    with pytest.raises(RulesError) as info:
        Game.new(names, table(passes=cycle))
    assert info.value.code == code
    check = rules.check_rules("standard", players, 100, house={"passes": cycle})
    assert check is not None and check.code == code


def test_the_count_is_checked_when_the_players_are_known():
    rule = table(passes=["left4", "across"])  # fine for 6 players, not for 4 or 5
    assert rules.check_table(rule, 6) is None
    assert rules.check_table(rule, 4).code == "pass_too_far"
    assert rules.check_table(rule, 5).code == "pass_across_odd"


def test_a_cycle_works_in_cancellation():
    g = Game.new(list("ABCDEFGH"), Rules(Variant.CANCELLATION, 150,
                                         house={"passes": ["left3", "hold"]}))
    assert rules.hand_info(g, 1).passes[0] == 3 and rules.hand_info(g, 2).passes == {}


def test_without_a_cycle_the_variant_passes_as_before():
    g = Game.new(FOUR)
    assert [rules.hand_info(g, n).pass_token for n in range(1, 5)] == [
        "left", "right", "across", "hold"]


# --- the game file ----------------------------------------------------------------------

def test_a_game_without_house_rules_writes_the_file_it_always_did():
    data = formats.game_to_dict(Game.new(FOUR).add_hand(Hand((10, 16, 0, 0))))
    assert list(data["rules"]) == ["variant", "target", "moon", "queen_breaks_hearts"]
    assert data["hands"] == [{"points": [10, 16, 0, 0]}]


def test_house_rules_and_the_jack_are_written_and_read_back():
    g = Game.new(FIVE, table(UNLESS, jack_of_diamonds=True, exact_target_halves=True,
                             passes=["left", "hold"]))
    g = g.add_hand(Hand((10, 16, 0, 0, 0), jack=4))
    data = formats.game_to_dict(g)
    assert data["rules"] == {"variant": "standard", "target": 100,
                             "moon": "add_unless_it_loses", "queen_breaks_hearts": False,
                             "jack_of_diamonds": True, "exact_target_halves": True,
                             "passes": ["left", "hold"]}
    assert data["hands"] == [{"points": [10, 16, 0, 0, 0], "jack": "Ewa"}]
    assert formats.game_from_dict(data) == g
    off = dict(data, rules=dict(data["rules"], exact_target_halves=False, passes=None))
    assert formats.game_from_dict(off).rules.house == (("jack_of_diamonds", True),)


def test_the_cycles_a_new_game_offers_are_each_playable_and_the_default_comes_first():
    assert rules.cycle_choices("standard", 4) == (("left", "right", "across", "hold"),
                                                  ("left", "right", "hold"))
    assert rules.cycle_choices("standard", 5)[-1] == ("left", "right", "left2", "right2", "hold")
    for variant in Variant:
        s = rules.spec(variant)
        for players in range(s.min_players, s.max_players + 1):
            choices = rules.cycle_choices(variant, players)
            assert len(set(choices)) == len(choices)
            for cycle in choices:
                assert rules.check_rules(variant, players, house={"passes": cycle}) is None


def test_where_a_total_on_the_target_goes_back_to():
    assert [rules.back_from_target(t) for t in (100, 51, 50, 1)] == [50, 25, 25, 0]


# --- stats ----------------------------------------------------------------------------

def test_the_stats_count_the_jacks_taken_only_where_a_game_had_the_rule():
    from stats_helpers import summarise

    from scorekeeper.rules.stats import compute
    g = Game.new(FOUR, table(target=30, **OMNIBUS))
    for h in [Hand((10, 16, 0, 0), jack=2), Hand((10, 16, 0, 0), jack=0)]:
        g = g.add_hand(h)
    assert rules.state(g).game_over and rules.state(g).jacks == (1, 0, 1, 0)
    plain = Game.new(FOUR, table(target=20)).add_hand(Hand((10, 16, 0, 0)))
    both = compute([summarise(g, "g1"), summarise(plain, "g2")])
    assert both.omnibus
    assert {p.name: p.jacks for p in both.players} == {"Ala": 1, "Bartek": 0, "Celina": 1,
                                                        "Darek": 0}
    alone = compute([summarise(plain, "g2")])
    assert not alone.omnibus and all(p.jacks == 0 for p in alone.players)
    assert summarise(plain, "g2").jacks == ()
