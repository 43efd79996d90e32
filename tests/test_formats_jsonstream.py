"""JSON read in pieces (``formats.jsonstream``) gives what ``json.loads`` gives, fails
where and as it fails, and stops at the first limit a file crosses without reading on."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.formats import FormatError
from scorekeeper.formats.jsonstream import JsonSyntaxError, ValueTooLong, load
from scorekeeper.formats.shapes import GAME_FILE, IMPORT_FILE


class Everything:
    """Walks into every object and array down to ``depth``; checks nothing."""

    def __init__(self, depth: int) -> None:
        self.depth = depth

    def walk(self, path: tuple, opening: str) -> bool:
        return len(path) < self.depth

    def key(self, path: tuple, key: str) -> None:
        pass

    def item(self, path: tuple, n: int) -> None:
        pass


def pieces(text: str, size: int) -> list[str]:
    return [text[i:i + size] for i in range(0, len(text), size)]


VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner,
                                                                 max_size=4),
    max_leaves=30)


@settings(max_examples=400, deadline=None)
@given(VALUES, st.integers(1, 9), st.sampled_from([None, 1]), st.integers(0, 4))
def test_the_same_value_as_json_loads(value, size: int, indent, depth: int) -> None:
    text = json.dumps(value, indent=indent, ensure_ascii=False)
    assert load(pieces(text, size), Everything(depth)) == json.loads(text)


@settings(max_examples=600, deadline=None)
@given(VALUES, st.integers(1, 9), st.integers(0, 400), st.sampled_from(list('{}[],:"x1 \\e-.')),
       st.integers(0, 4))
def test_broken_text_fails_where_and_as_json_loads_fails(value, size: int, at: int, char: str,
                                                         depth: int) -> None:
    text = json.dumps(value)
    at %= len(text) + 1
    text = text[:at] + char + text[at:]
    try:
        want = json.loads(text)
    except json.JSONDecodeError as e:
        with pytest.raises(JsonSyntaxError) as got:
            load(pieces(text, size), Everything(depth))
        assert (got.value.msg, got.value.lineno, got.value.colno) == (e.msg, e.lineno, e.colno)
    else:
        assert load(pieces(text, size), Everything(depth)) == want


def test_a_number_cut_by_a_piece_is_read_whole() -> None:
    def digits(text: str) -> int:
        if len(text) > 18:
            raise ValueError(f"{len(text)} digits")
        return int(text)

    text = '{"a": [1, ' + "9" * 5000 + "]}"
    for size in (1, 7, 100, 4999):
        with pytest.raises(ValueError, match="^5000 digits$"):
            load(pieces(text, size), Everything(2), parse_int=digits)
    assert load(pieces('[1e+5, 12.5e-1]', 3), Everything(1)) == [1e5, 1.25]


def test_a_value_read_whole_is_at_most_max_value_long() -> None:
    text = '{"players": ["' + "x" * 5000 + '"]}'
    with pytest.raises(ValueTooLong, match="line 1, column 14 is longer than 1,000"):
        load(pieces(text, 100), Everything(2), max_value=1000)
    assert load(pieces(text, 100), Everything(2), max_value=6000)["players"][0] == "x" * 5000


def endless(head: str, item: str) -> itertools.chain:
    """A file that never ends: the reader must stop by itself."""
    return itertools.chain([head], itertools.repeat(item))


def test_it_stops_at_the_first_hand_too_many_without_reading_on() -> None:
    game = '{"players": ["A", "B", "C"], "hands": ['
    with pytest.raises(FormatError, match="^the game has more than 1,000 hands; a game holds "
                       "at most 1,000$"):
        load(endless(game, '{"points": [3, 13, 10]},\n'), GAME_FILE)
    export = '{"kind": "scorekeeper-export", "games": [' + game.replace("[", "[", 1)
    with pytest.raises(FormatError, match="^game 1 has more than 1,000 hands"):
        load(endless(export, '{"points": [3, 13, 10]},'), IMPORT_FILE)
    listed = '[{"players": ["A", "B", "C"]}, {"changes": ['
    with pytest.raises(FormatError, match="^game 2 has more than 10,000 change-log entries"):
        load(endless(listed, '{"action": "add"},'), IMPORT_FILE)
    with pytest.raises(FormatError, match="^the game has more than 11 players"):
        load(endless('{"players": [', '"A",'), GAME_FILE)


def test_it_stops_at_an_unknown_key_before_its_value() -> None:
    with pytest.raises(FormatError, match=r"^unknown key 'Hands' in the game \(did you mean "
                       r"'hands'\?\)$"):
        load(endless('{"players": ["A", "B", "C"], "Hands": [', "[1, 2, 3], "), GAME_FILE)
    with pytest.raises(FormatError, match=r"^game 2: unknown key 'hand' in the game"):
        load(endless('{"games": [{}, {"hand": [', "[1, 2, 3], "), IMPORT_FILE)
    with pytest.raises(FormatError, match="^this is an export of several games"):
        load(['{"kind": "scorekeeper-export", "games": []}'], GAME_FILE)
