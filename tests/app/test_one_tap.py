"""One tap that the phone sends both ways (the button's own tap and its identifier node's,
flutter/flutter#160560 on a busy phone) is acted on once, on the real shell: the J♦
chip, the queen of spades and the rules card are toggles, and a doubled tap undid them.
Two taps the same way are two taps. The window is set wide or shut here, so nothing in
these tests depends on how fast the machine is."""

from __future__ import annotations

import pytest
from test_house_rules_app import omnibus_game

from scorekeeper.app import ids
from scorekeeper.app.views import one_tap


@pytest.fixture
def wide(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(one_tap, "SAME_TAP_SECONDS", 3600.0)


def both_ways(phone, identifier: str) -> None:  # type: ignore[no-untyped-def]
    """A finger's tap, then the click Flutter also sent to the identifier node."""
    phone.tap(identifier)
    node = phone.find(identifier)
    assert node.on_tap is not None, f"{identifier}: its node carries the tap"
    phone.send(node, "tap")


def test_a_jack_chip_tapped_both_ways_stays_chosen(phone, wide) -> None:
    omnibus_game(phone)
    phone.tap(ids.ENTER_HAND)
    phone.tap(ids.MODE_POINTS)
    phone.type(ids.POINTS.format(seat=1), "26")
    both_ways(phone, ids.JACK_TAKER.format(seat=3))
    assert phone.session.entry.jack == 3
    assert phone.find(ids.JACK_TAKER.format(seat=3)).selected
    assert "The others get 26" in phone.text(ids.MOON_APPLIED)


def test_two_finger_taps_are_two_taps(phone, wide) -> None:
    omnibus_game(phone)
    phone.tap(ids.ENTER_HAND)
    phone.tap(ids.JACK_TAKER.format(seat=2))
    phone.tap(ids.JACK_TAKER.format(seat=2))
    assert phone.session.entry.jack is None  # tapped again: nobody yet
    node = phone.find(ids.JACK_TAKER.format(seat=2))
    phone.send(node, "tap")
    phone.send(phone.find(ids.JACK_TAKER.format(seat=2)), "tap")
    assert phone.session.entry.jack is None  # a screen reader's two taps: two too


def test_the_queen_and_the_rules_card_keep_a_tap_sent_both_ways(phone, wide) -> None:
    omnibus_game(phone)
    both_ways(phone, ids.RULES)
    assert phone.has(ids.RULES_CARD)
    phone.tap(ids.ENTER_HAND)
    if phone.has(ids.MODE_CARDS):
        phone.tap(ids.MODE_CARDS)
    both_ways(phone, ids.QUEEN.format(seat=1, n=0))
    assert phone.session.entry.queens == [0, 1, 0, 0]


def test_after_the_window_the_other_way_is_a_new_tap(phone, monkeypatch) -> None:
    monkeypatch.setattr(one_tap, "SAME_TAP_SECONDS", 0.0)
    omnibus_game(phone)
    phone.tap(ids.ENTER_HAND)
    both_ways(phone, ids.JACK_TAKER.format(seat=0))
    assert phone.session.entry.jack is None  # chosen by the finger, taken back by the node


def test_outside_a_drawing_a_tag_is_left_as_it_was() -> None:
    import flet as ft

    from scorekeeper.app.views.widgets import tag

    def click(e=None) -> None:  # type: ignore[no-untyped-def]
        pass

    button = ft.TextButton("x", on_click=click)
    node = tag("x", button, label="x", button=True, toggled=False)
    assert button.on_click is click and node.on_tap is click
