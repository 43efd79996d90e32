"""``formats.game_from_dict`` checks the hands in one pass (``Game.new``); it must accept and
refuse exactly what entering the hands one by one with ``Game.add_hand`` does, with the
same first error."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import formats, rules


def read_hand_by_hand(data: Any) -> rules.Game:
    """The reference: the file's head through game_from_dict, then hand by hand."""
    if not isinstance(data, dict) or not isinstance(data.get("hands", []), list):
        return formats.game_from_dict(data)
    game = formats.game_from_dict({**data, "hands": []})
    for number, raw in enumerate(data.get("hands", []), 1):
        game = game.add_hand(formats.hand_from_dict(raw, number))
    return game


def outcome(read: Any, data: Any) -> Any:
    try:
        return read(data)
    except (formats.FormatError, rules.RulesError) as e:
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
    assert outcome(read_hand_by_hand, data) == outcome(formats.game_from_dict, data)


def test_read_game_on_valid_long_games() -> None:
    game = rules.Game.new(["A", "B", "C", "D"], rules.Rules(target=10_000))
    for i in range(60):
        game = game.add_hand(rules.Hand((26, 0, 0, 0) if i % 7 == 0 else (10, 10, 6, 0)))
        data = formats.game_to_dict(game)
        assert read_hand_by_hand(data) == game == formats.game_from_dict(data)


def test_read_game_on_things_that_are_not_game_files() -> None:
    for data in ([], "x", None, {"players": ["A", "B", "C"], "hands": "no"}, {}):
        assert outcome(read_hand_by_hand, data) == outcome(formats.game_from_dict, data)
        assert isinstance(outcome(read_hand_by_hand, data), tuple)
