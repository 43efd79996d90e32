"""Properties of the house rules, for every game hypothesis makes up: Omnibus hands add
up to 16, "unless it loses" never throws a game away, and halving never leaves a total
on the target."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import formats, rules
from scorekeeper.rules import Game, Hand, MoonChoice, MoonRule, Rules, Variant

from test_rules_properties import standard_hand

UNLESS = MoonRule.ADD_UNLESS_IT_LOSES


@st.composite
def house_games(draw, moon=None, jack=None, halves=None, max_hands: int = 25):
    """A standard game with some house rules, played until it ends or runs out of hands."""
    players = draw(st.integers(3, 7))
    house = {"jack_of_diamonds": draw(st.booleans()) if jack is None else jack,
             "exact_target_halves": draw(st.booleans()) if halves is None else halves}
    if draw(st.booleans()):
        house["passes"] = draw(st.lists(st.sampled_from(
            ["hold", "left", "right"] + [f"{w}{n}" for w in ("left", "right")
                                         for n in range(2, players)]), min_size=1, max_size=6))
    moon = moon or draw(st.sampled_from(list(MoonRule)))
    target = draw(st.sampled_from([50, 51, 100, draw(st.integers(20, 150))]))
    game = Game.new([f"P{i}" for i in range(players)], Rules(Variant.STANDARD, target, moon,
                                                             house=house))
    for _ in range(draw(st.integers(0, max_hands))):
        if rules.state(game).game_over:
            break
        points = draw(standard_hand(players))
        choice = None
        if moon is MoonRule.SHOOTER_CHOICE and rules.moon_shooter(game.rules, points) is not None:
            choice = draw(st.sampled_from(list(MoonChoice)))
        taker = draw(st.integers(0, players - 1)) if house["jack_of_diamonds"] else None
        game = game.add_hand(Hand(tuple(points), choice, taker))
    return game


def hands_with_totals_before(game):
    stt = rules.state(game)
    before = (0,) * game.seats
    for hand, hs in zip(game.hands, stt.hands):
        after = tuple(t + s for t, s in zip(before, hs.scores))
        yield hand, hs, before, after
        before = after


@settings(max_examples=200, deadline=None)
@given(house_games(jack=True, halves=False))
def test_with_omnibus_and_no_halving_a_hand_that_is_not_a_moon_scores_16(game):
    for hand, hs, _, _ in hands_with_totals_before(game):
        if hs.moon is None:
            assert sum(hs.scores) == 16
            assert list(hs.scores) == [p - 10 if seat == hand.jack else p
                                       for seat, p in enumerate(hand.points)]


@settings(max_examples=200, deadline=None)
@given(house_games(moon=UNLESS, jack=False))
def test_unless_it_loses_never_ends_the_game_with_the_shooter_losing_by_that_hand(game):
    for _, hs, _, after in hands_with_totals_before(game):
        verdict = rules.standing(after, game.rules.target)
        if hs.moon is not None and verdict.game_over:
            assert verdict.winner == hs.moon.player


@settings(max_examples=200, deadline=None)
@given(house_games(moon=UNLESS, jack=True))
def test_unless_it_loses_adds_exactly_when_adding_does_not_lose(game):
    """With the J♦ the shooter can lose either way; adding is kept unless it loses."""
    for hand, hs, before, after in hands_with_totals_before(game):
        if hs.moon is None:
            continue
        added = rules.Rules(game.rules.variant, game.rules.target, MoonRule.ADD_TO_OTHERS,
                            house=game.rules.house)
        add = rules.score_hand(added, hand, before)
        verdict = rules.standing([t + s for t, s in zip(before, add.scores)], game.rules.target)
        loses = verdict.game_over and verdict.winner != hs.moon.player
        assert hs.moon.choice is (MoonChoice.SUBTRACT_FROM_SELF if loses
                                  else MoonChoice.ADD_TO_OTHERS)
        assert hs.scores == (add.scores if not loses else rules.score_hand(
            rules.Rules(game.rules.variant, game.rules.target, MoonRule.SUBTRACT_FROM_SELF,
                        house=game.rules.house), hand, before).scores)


@settings(max_examples=300, deadline=None)
@given(house_games(halves=True))
def test_halving_never_leaves_a_total_equal_to_the_target(game):
    for _, _, _, after in hands_with_totals_before(game):
        assert game.rules.target not in after
    assert all(row == rules.running_totals(game)[i]
               for i, (_, _, _, row) in enumerate(hands_with_totals_before(game)))


@settings(max_examples=200, deadline=None)
@given(house_games())
def test_the_game_file_round_trips_every_house_rule(game):
    data = formats.game_to_dict(game)
    again = formats.game_from_dict(data)
    assert again == game
    assert formats.state_to_dict(again) == formats.state_to_dict(game)
    hand_keys = {k for h in data["hands"] for k in h}
    assert ("jack" in hand_keys) == (bool(game.hands) and game.rules.plays("jack_of_diamonds"))


@settings(max_examples=100, deadline=None)
@given(house_games(jack=False, halves=False), st.data())
def test_the_cycle_repeats_and_everyone_gives_to_someone_else(game, data):
    cycle = game.rules.house_rule("passes")
    number = data.draw(st.integers(1, 40))
    info = rules.hand_info(game, number)
    if cycle:
        assert info.pass_token == cycle[(number - 1) % len(cycle)]
    if info.passes:
        assert sorted(info.passes.values()) == list(range(game.seats))
        assert all(giver != taker for giver, taker in info.passes.items())

