"""Typing into the app's fields as a player does: only once Flutter's field has the
keyboard, whatever the phone's speed.

A Flutter text field on the web takes keys only once the framework has answered the
focus of its ``<input>`` and the engine has attached the field to it, a frame or more
after the input has the page's focus. Keys typed in between stay in the ``<input>`` and
never reach the app (a recorded run: Janek's "3" shown in his field, never on the
socket, and the hand could not be saved). The harness (``Flutter.type``) marks the
input's ``autocorrect`` before its tap and types once the engine's attach has written
the field's own settings over the mark. These tests check what that rests on, on a phone
slowed down twenty times, where the moment between focus and attach is long."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from app_steps import Table
from e2e_harness import UNATTACHED, Flutter, Phone

from scorekeeper import rules
from scorekeeper.app import ids

NAMES = ("Ala", "Bartek", "Celina", "Darek")
SLOWER = 20  # Chromium's CPU throttling: the page runs this many times slower


@pytest.fixture
def entry(phone: Phone, server) -> Iterator[Flutter]:  # type: ignore[no-untyped-def]
    """A new game of four, its first hand's entry in points (at the phone's own speed)."""
    app = phone.flutter(server.url)
    table = Table(app, players=NAMES, table_rules=rules.Rules())
    table.start()
    table.open_entry()
    app.tap(ids.MODE_POINTS)
    app.wait(ids.POINTS.format(seat=0))
    yield app


def slow(app: Flutter) -> None:
    cdp = app.page.context.new_cdp_session(app.page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": SLOWER})


def test_the_engine_writes_the_fields_settings_on_its_input_when_it_attaches(entry) -> None:  # type: ignore[no-untyped-def]
    """The mark stays while the input only has the page's focus, and is gone once
    Flutter has attached its field (what ``Flutter.type`` waits for)."""
    app = entry
    slow(app)
    field = app.el(ids.POINTS.format(seat=1)).first.locator("input").first
    seen = field.evaluate("(i, mark) => { i.setAttribute('autocorrect', mark); i.focus();"
                          " return [document.activeElement === i,"
                          " i.getAttribute('autocorrect')]; }", UNATTACHED)
    assert seen == [True, UNATTACHED]  # focused, and not yet attached in that same moment
    app.page.wait_for_function(
        "([i, mark]) => i.getAttribute('autocorrect') !== mark",
        arg=[field.element_handle(), UNATTACHED])
    assert field.evaluate("(i) => i.getAttribute('autocorrect')") in ("on", "off")


def test_numbers_typed_on_a_slow_phone_each_reach_the_hand_once_typed(entry) -> None:  # type: ignore[no-untyped-def]
    """Four fields in a row, then the last again while it has the keyboard: each
    number is typed once, and the hand has it (the field's spoken name carries the
    hand's own copy of the text)."""
    app = entry
    slow(app)
    typed = {0: "13", 1: "7", 2: "6", 3: "0"}
    for seat, text in typed.items():
        app.type(ids.POINTS.format(seat=seat), text)
    app.type(ids.POINTS.format(seat=3), "1")  # the field that has the keyboard already
    typed[3] = "1"
    for seat, text in typed.items():
        said = f"{NAMES[seat]}: {text}"
        app.wait_text(ids.POINTS.format(seat=seat), lambda t, v=said: v in t,
                      what=f"{NAMES[seat]}'s {text} in the hand")
