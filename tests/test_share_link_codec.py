"""The game in a link (formats/sharelink.py): what a phone writes reads back as the same
game on another; whatever else a link holds is refused with a code the app says in
words, never another exception."""

from __future__ import annotations

import base64
import json
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import formats, rules
from scorekeeper.formats import FormatError
from scorekeeper.formats import sharelink
from scorekeeper.formats.sharelink import (LINK_FORMAT, MAX_JSON_BYTES, MAX_LINK_CHARS, PREFIX,
                                           decode, encode, link, read_link)

from share_games import CASES, document, hearts_game, kierki_match

NOW = "2026-12-06T21:04:00.000000Z"
# every code a link may be refused with (the app has words for each: test_app_share_link)
CODES = {"link_not_game", "link_too_big", "link_garbled", "link_newer", "import_invalid"}


def fragment_of(body: bytes) -> str:
    return PREFIX + base64.urlsafe_b64encode(body).rstrip(b"=").decode()


def packed(data: bytes, version: int = LINK_FORMAT) -> str:
    return fragment_of(bytes([version]) + sharelink.deflate(data))


@settings(max_examples=60, deadline=None)
@given(players=st.integers(3, 11), hands=st.integers(0, 40), seed=st.integers(0, 10**6),
       version=st.integers(1, 10**6))
def test_a_hearts_game_reads_back_as_the_same_game(players, hands, seed, version):
    game = hearts_game(players, hands, seed)
    doc = document(game, version=version)
    item = read_link(encode(doc), NOW)
    assert item.game == game
    assert (item.id, item.created, item.updated, item.version) == (
        doc["id"], doc["created"], doc["updated"], version)
    assert rules.state(item.game).totals == rules.state(game).totals


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 12))
def test_a_kierki_match_reads_back_deal_by_deal(deals):
    whole = kierki_match()
    game = rules.Game(whole.players, whole.rules, whole.first_dealer, whole.hands[:deals])
    assert read_link(encode(document(game)), NOW).game == game


def test_the_link_is_the_address_with_the_game_in_the_fragment():
    doc = document(hearts_game(4, 3))
    text = link("https://example.github.io/hearts/#/game/g1", doc)
    address, fragment = text.split("#")
    assert address == "https://example.github.io/hearts/"
    assert fragment.startswith("game=") and sharelink.is_link("#" + fragment)
    body = base64.urlsafe_b64decode(fragment[5:] + "=" * (-len(fragment[5:]) % 4))
    assert body[0] == LINK_FORMAT  # the format byte, then raw deflate of compact JSON
    raw = zlib.decompress(body[1:], -15)
    assert json.loads(raw) == doc and b", " not in raw


def test_seat_changes_waiting_for_the_next_hand_travel_too():
    game = hearts_game(4, 2)
    doc = sharelink.link_document("g1", NOW, NOW, 3, game, ((1, "Zenon"),))
    assert read_link(encode(doc), NOW).next_seat_changes == ((1, "Zenon"),)


@pytest.mark.parametrize("name,make", CASES)
def test_every_benchmark_game_fits_a_link(name, make):
    fragment = encode(document(make()))
    assert len(fragment) < 1_400, name  # the benchmark prints the QR versions


def refused(fragment: str) -> str:
    with pytest.raises(FormatError) as caught:
        read_link(fragment, NOW)
    assert caught.value.code in CODES
    return caught.value.code


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes_after_the_prefix_are_refused_in_words(body):
    assert refused(fragment_of(body)) in CODES


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_any_text_is_refused_in_words_or_read(text):
    try:
        read_link(text, NOW)
    except FormatError as e:
        assert e.code in CODES


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_a_link_cut_short_or_with_a_changed_character_is_refused(data):
    good = encode(document(hearts_game(5, 12)))
    cut = data.draw(st.integers(len(PREFIX), len(good) - 1))
    assert refused(good[:cut]) in ("link_garbled", "import_invalid")
    at = data.draw(st.integers(len(PREFIX) + 2, len(good) - 1))
    char = data.draw(st.sampled_from("AbZ09_-"))
    changed = good[:at] + char + good[at + 1:]
    if changed != good:
        try:
            item = read_link(changed, NOW)
        except FormatError as e:
            assert e.code in CODES
        else:  # deflate has no checksum: a change may still unfold to a valid game
            assert isinstance(item.game, rules.Game)


def test_each_kind_of_bad_payload_has_its_code():
    assert refused("") == "link_not_game"
    assert refused("#/game/g1") == "link_not_game"
    assert refused(PREFIX) == "link_garbled"
    assert refused(PREFIX + "ab%20c") == "link_garbled"
    assert refused(PREFIX + "A") == "link_garbled"
    assert refused(packed(b'{"players": ["A", "B", "C"]', )) == "link_garbled"
    assert refused(fragment_of(bytes([1]) + b"not deflate")) == "link_garbled"
    assert refused(fragment_of(bytes([0]) + sharelink.deflate(b"{}"))) == "link_garbled"
    assert refused(packed(b"\xff\xfe")) == "link_garbled"
    assert refused(packed(b"[" * 50_000 + b"]" * 50_000)) in ("link_garbled", "link_too_big")
    assert refused(packed(b"[" * 30_000)) == "link_garbled"  # deep, cut: never a RecursionError
    assert refused(packed(b'[1, 2]')) == "link_not_game"
    assert refused(packed(json.dumps({"kind": "scorekeeper-export", "games": []}).encode())
                   ) == "link_not_game"
    bad = document(hearts_game(4, 3))
    bad["hands"][0]["points"] = [30, 0, 0, 0]
    assert refused(packed(json.dumps(bad).encode())) == "import_invalid"
    good = encode(document(hearts_game(4, 3)))
    assert refused(good + "AAAA") == "link_garbled"  # bytes after the end


def test_a_newer_format_says_so():
    fragment = packed(json.dumps(document(hearts_game(4, 3))).encode(), LINK_FORMAT + 1)
    with pytest.raises(FormatError) as caught:
        read_link(fragment, NOW)
    assert caught.value.code == "link_newer"
    assert caught.value.params == {"format": LINK_FORMAT + 1, "max": LINK_FORMAT}


def test_oversized_payloads_are_refused_before_they_unfold():
    assert refused(PREFIX + "A" * (MAX_LINK_CHARS + 1)) == "link_too_big"
    bomb = packed(b" " * (50 * MAX_JSON_BYTES))  # a few hundred bytes, unfolding to 3 MB
    assert len(bomb) < 10_000
    assert refused(bomb) == "link_too_big"
    just_over = packed(b" " * MAX_JSON_BYTES + b"{}")
    assert refused(just_over) == "link_too_big"


def test_a_game_too_big_for_a_link_is_refused_when_written():
    # a game of rules.MAX_HANDS hands of 11 players is some 50 KB of JSON: it fits
    assert read_link(encode(document(hearts_game(11, rules.MAX_HANDS, seed=3))), NOW)
    with pytest.raises(FormatError) as caught:
        encode({"players": ["x" * MAX_JSON_BYTES]})
    assert caught.value.code == "link_too_big"


def test_the_codec_is_pure():
    source = (formats.__file__.rsplit("/", 1)[0] + "/sharelink.py")
    text = open(source, encoding="utf-8").read()
    for word in ("import os", "open(", "datetime.now", "import flet", "tinydb"):
        assert word not in text
