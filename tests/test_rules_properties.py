"""Property tests: invariants that hold for every game, not just the examples."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scorekeeper import formats, rules
from scorekeeper.rules import Game, Hand, MoonChoice, MoonRule, Rules, RulesError, Variant


@st.composite
def split(draw, total: int, parts: int, cap: int):
    """``parts`` whole numbers in 0..cap adding up to ``total``."""
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=parts - 1, max_size=parts - 1)))
    values = [b - a for a, b in zip([0] + cuts, cuts + [total])]
    assume(all(v <= cap for v in values))
    return values


@st.composite
def standard_hand(draw, players: int):
    if draw(st.integers(0, 9)) == 0:  # a moon now and then
        shooter = draw(st.integers(0, players - 1))
        return [26 if s == shooter else 0 for s in range(players)]
    return draw(split(26, players, 26))


@st.composite
def games(draw, max_hands: int = 30):
    variant = draw(st.sampled_from(list(Variant)))
    s = rules.spec(variant)
    players = draw(st.integers(s.min_players, s.max_players))
    moon = draw(st.sampled_from(list(MoonRule)))
    target = draw(st.sampled_from([50, 100, 150, draw(st.integers(1, 300))]))
    game = Game.new([f"P{i}" for i in range(players)], Rules(variant, target, moon),
                    draw(st.integers(0, players - 1)))
    for _ in range(draw(st.integers(0, max_hands))):
        if rules.state(game).game_over:
            break
        if variant is Variant.STANDARD:
            points = draw(standard_hand(players))
        else:
            total = draw(st.sampled_from([52, 52, draw(st.integers(0, 52))]))
            points = draw(split(total, players, 52))
        choice = None
        if rules.moon_shooter(game.rules, points) is not None and moon is MoonRule.SHOOTER_CHOICE:
            choice = draw(st.sampled_from(list(MoonChoice)))
        game = game.add_hand(Hand(tuple(points), choice))
    return game


@settings(max_examples=200, deadline=None)
@given(games())
def test_totals_are_the_sum_of_applied_hand_scores(game):
    stt = rules.state(game)
    sums = [sum(h.scores[i] for h in stt.hands) for i in range(game.seats)]
    assert list(stt.totals) == sums
    rows = rules.running_totals(game)
    assert (rows[-1] if rows else (0,) * game.seats) == stt.totals


@settings(max_examples=200, deadline=None)
@given(games())
def test_game_never_ends_with_a_shared_lowest_total(game):
    stt = rules.state(game)
    if stt.game_over:
        low = min(stt.totals)
        assert stt.totals.count(low) == 1 and stt.totals[stt.winner] == low
        assert max(stt.totals) >= game.rules.target
        assert stt.next_hand is None
    else:
        assert stt.next_hand is not None
        assert max(stt.totals) < game.rules.target or len(stt.leaders) > 1


@settings(max_examples=200, deadline=None)
@given(games())
def test_only_the_last_hand_can_end_the_game(game):
    for n in range(len(game.hands)):
        prefix = Game.new(game.players, game.rules, game.first_dealer, game.hands[:n])
        assert not rules.state(prefix).game_over


@settings(max_examples=300, deadline=None)
@given(st.integers(3, 7).flatmap(lambda n: split(26, n, 26)))
def test_valid_one_deck_hand_sums_to_26(points):
    game = Game.new([f"P{i}" for i in range(len(points))], Rules())
    game.add_hand(Hand(tuple(points)))  # accepted
    bumped = list(points)
    bumped[0] += 1
    try:
        game.add_hand(Hand(tuple(bumped)))
    except RulesError as e:
        assert e.code in ("hand_total", "points_range")
    else:
        raise AssertionError("a one-deck hand of 27 points was accepted")


@settings(max_examples=200, deadline=None)
@given(games(max_hands=10), st.data())
def test_moon_options_keep_the_gaps_between_players(game, data):
    assume(not rules.state(game).game_over)
    s = rules.spec(game.rules.variant)
    shooter = data.draw(st.integers(0, game.seats - 1))
    points = tuple(s.hand_points if i == shooter else 0 for i in range(game.seats))
    preview = rules.moon_preview(game, points)
    add = preview.options[MoonChoice.ADD_TO_OTHERS].totals
    sub = preview.options[MoonChoice.SUBTRACT_FROM_SELF].totals
    gaps = {a - b for a, b in zip(add, sub)}
    assert len(gaps) == 1  # every player differs by the same amount: gaps preserved
    assert add[shooter] - sub[shooter] == s.moon_score


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(list(Variant)), st.data())
def test_pass_cycles_have_the_right_period(variant, data):
    s = rules.spec(variant)
    players = data.draw(st.integers(s.min_players, s.max_players))
    hand = data.draw(st.integers(1, 500))
    period = 4 if (variant is Variant.STANDARD and players == 4) else 2
    assert rules.pass_direction(variant, players, hand) == rules.pass_direction(
        variant, players, hand + period)
    cycle = [rules.pass_direction(variant, players, n) for n in range(1, period + 1)]
    assert len(set(cycle)) == period  # no shorter period
    direction = rules.pass_direction(variant, players, hand)
    targets = rules.passes(players, direction)
    if targets:  # a permutation with no one passing to themselves
        assert sorted(targets.values()) == list(range(players))
        assert all(a != b for a, b in targets.items())


@settings(max_examples=100, deadline=None)
@given(games(), st.data())
def test_editing_a_hand_matches_building_the_game_again(game, data):
    """Removing, replacing or inserting hand i gives exactly what entering the new list from
    scratch gives (the same state, or the same error)."""
    assume(game.hands)
    i = data.draw(st.integers(0, len(game.hands) - 1))
    j = data.draw(st.integers(0, len(game.hands) - 1))
    k = data.draw(st.integers(0, len(game.hands)))  # inserting may also go at the end
    edits = [
        (lambda: game.remove_hand(i), game.hands[:i] + game.hands[i + 1:]),
        (lambda: game.replace_hand(i, game.hands[j]),
         game.hands[:i] + (game.hands[j],) + game.hands[i + 1:]),
        (lambda: game.insert_hand(k, game.hands[j]),
         game.hands[:k] + (game.hands[j],) + game.hands[k:]),
    ]
    for edit, hands in edits:
        try:
            expected = rules.state(Game.new(game.players, game.rules, game.first_dealer, hands))
        except RulesError as e:
            with pytest.raises(RulesError) as got:
                edit()
            assert (got.value.code, got.value.hand) == (e.code, e.hand)
        else:
            assert rules.state(edit()) == expected
    try:
        removed = game.remove_hand(i)
    except RulesError:
        return
    assert removed.insert_hand(i, game.hands[i]) == game  # undoing a removal


@settings(max_examples=200, deadline=None)
@given(games())
def test_game_file_round_trip(game):
    again = formats.game_from_dict(formats.game_to_dict(game))
    assert again == game
