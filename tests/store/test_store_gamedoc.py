"""The store reads game files with the hands checked in one pass (gamedoc.read_game);
it must accept and refuse exactly what rules.game_from_dict does, with the same error."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import rules
from scorekeeper.store.gamedoc import read_game


def outcome(read: Any, data: Any) -> Any:
    try:
        return read(data)
    except rules.RulesError as e:
        return (e.code, str(e), e.hand, e.params)


points = st.lists(st.integers(0, 27), min_size=3, max_size=5)
raw_hand = st.one_of(
    points.map(lambda p: {"points": p}),
    st.tuples(st.integers(0, 3), st.sampled_from(["add_to_others", "subtract_from_self", "x"]))
    .map(lambda t: {"points": [26 if i == t[0] else 0 for i in range(4)], "moon_choice": t[1]}),
    st.just({"pts": [1]}),
    st.just("not a hand"),
)
game_file = st.fixed_dictionaries({
    "players": st.sampled_from([["A", "B", "C", "D"], ["A", "B", "C"], ["A", "a", "B"], ["A"]]),
    "rules": st.fixed_dictionaries({
        "target": st.sampled_from([1, 26, 50, 100, 0]),
        "moon": st.sampled_from(["add_to_others", "subtract_from_self", "shooter_choice"]),
    }),
    "first_dealer": st.sampled_from(["A", "B", "Z", None]),
    "hands": st.lists(raw_hand, max_size=12),
})


@settings(max_examples=300, deadline=None)
@given(game_file)
def test_read_game_agrees_with_the_rules(data: dict) -> None:
    assert outcome(read_game, data) == outcome(rules.game_from_dict, data)


def test_read_game_on_valid_long_games() -> None:
    game = rules.Game.new(["A", "B", "C", "D"], rules.Rules(target=10_000))
    for i in range(60):
        game = game.add_hand(rules.Hand((26, 0, 0, 0) if i % 7 == 0 else (10, 10, 6, 0)))
        data = rules.game_to_dict(game)
        assert read_game(data) == game == rules.game_from_dict(data)


def test_read_game_on_things_that_are_not_game_files() -> None:
    for data in ([], "x", None, {"players": ["A", "B", "C"], "hands": "no"}, {}):
        assert outcome(read_game, data) == outcome(rules.game_from_dict, data)
        assert isinstance(outcome(read_game, data), tuple)
