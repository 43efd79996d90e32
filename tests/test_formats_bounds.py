"""The limits of reading every format shares (``formats.bounds``): lines split from
pieces exactly as the whole text splits, a line too long refused before the rest of it
is read, and the same refusal of a key given twice wherever the JSON reader meets it."""

from __future__ import annotations

import json
from typing import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.formats import FormatError
from scorekeeper.formats.bounds import digits_error, lines, too_many_games
from scorekeeper.formats.jsonstream import DuplicateKey, load
from scorekeeper.formats.shapes import GAME_FILE, IMPORT_FILE


@given(text=st.text(alphabet="ab\n\r,;\"é", max_size=200), cuts=st.lists(
    st.integers(0, 200), max_size=8))
def test_lines_from_pieces_are_the_texts_lines(text: str, cuts: list[int]) -> None:
    points = sorted({0, len(text), *(c for c in cuts if c <= len(text))})
    pieces = [text[a:b] for a, b in zip(points, points[1:])]
    *ended, last = text.split("\n")
    assert list(lines(pieces)) == [line + "\n" for line in ended] + ([last] if last else [])


def test_a_long_line_is_refused_before_the_rest_is_read() -> None:
    taken = []

    def endless() -> Iterator[str]:
        yield "hand,player,points\n1,Ala,3\n"
        while True:
            taken.append(1)
            yield "x" * 1000

    with pytest.raises(FormatError, match="line 3 is longer than 65,536") as e:
        list(lines(endless()))
    assert e.value.code == "line_too_long" and e.value.params["line"] == 3
    assert len(taken) == 66  # refused at the piece that crossed the limit


def test_the_limits_say_their_numbers() -> None:
    assert too_many_games(10_000) is None
    assert "more than 10,000 games" in str(too_many_games(10_001))
    assert digits_error("1" * 18, "x") is None
    assert str(digits_error("-" + "1" * 30, "points")).startswith("points has 30 digits")


@pytest.mark.parametrize("text, key", [
    ('{"players": [], "players": []}', "players"),
    ('{"players": ["A"], "rules": {"target": 1, "target": 2}}', "target"),
    ('{"hands": [{"points": [1], "points": [2]}]}', "points"),
])
def test_a_key_twice_is_refused_walked_or_whole(text: str, key: str) -> None:
    for shape in (GAME_FILE, IMPORT_FILE):
        with pytest.raises(DuplicateKey) as e:
            load([text], shape)
        assert e.value.key == key and e.value.lineno == 1
    # in pieces of one character too (the value's text arrives bit by bit)
    with pytest.raises(DuplicateKey):
        load(list(text), GAME_FILE)
    assert json.loads(text)  # what json.loads would have taken silently


def test_a_game_that_is_not_an_object_is_refused_as_it_begins() -> None:
    taken = []

    def endless() -> Iterator[str]:
        yield "[1"
        while True:
            taken.append(1)
            yield ",1" * 1000

    with pytest.raises(FormatError, match="game 1 is not an object"):
        load(endless(), IMPORT_FILE)
    assert len(taken) <= 1
