"""Issue 18, without a browser: what a screen reader is told of a choice (checked), of a
count that cannot be taken (disabled), of a filled field (its value), of a refused number
(the visible words), and how much room a name gets on the sheet and the hand entry.
(``tests/e2e/test_access.py`` reads the same from Chromium's accessibility tree.)"""

from __future__ import annotations

import flet as ft
import pytest
from app_harness import Phone, walk

from scorekeeper import rules
from scorekeeper.app import ids
from scorekeeper.app.views import sheet_parts, textwidth

NAMES = ["Ala", "Bartek", "Celina", "Darek"]
LONG = ["Przemysław", "Małgorzata", "Bartłomiej", "Krzysztof"]


def chip(phone: Phone, identifier: str) -> ft.Chip:
    return phone.control(identifier, ft.Chip)


def test_choices_say_which_one_is_checked(phone):
    gid = phone.new_game(NAMES, target=ids.TARGET.format(value="50"))
    phone.go(f"/new?from={gid}")  # a rematch: the names are filled in
    for seat, name in enumerate(NAMES):  # the field's name says its text
        field = phone.control(ids.PLAYER_NAME.format(seat=seat), ft.TextField)
        assert field.label.semantics_label == f"Player {seat + 1}: {name}"
    # one choice of several: a radio in a group named by its heading (issue 25), never a
    # node tagged "checked" (Chromium's tree calls that a checkbox)
    for value in ("50", "100", "150", "other"):
        assert phone.checked(ids.TARGET.format(value=value)) is (value == "50")
        assert phone.find(ids.TARGET.format(value=value)).checked is None
        assert phone.radio_group_label(ids.TARGET.format(value=value)) == "Target"
    assert phone.checked(ids.VARIANT.format(variant="standard")) is True
    assert phone.checked(ids.MOON_RULE.format(rule="add_to_others")) is True
    assert phone.checked(ids.MOON_RULE.format(rule="shooter_choice")) is False
    assert phone.radio_group_label(ids.MOON_RULE.format(rule="add_to_others")) == \
        "Shooting the moon"
    dealer = phone.session.form.first_dealer
    for seat in range(len(NAMES)):
        assert phone.checked(ids.FIRST_DEALER_OPTION.format(seat=seat)) is (seat == dealer)
        assert phone.spoken(ids.FIRST_DEALER_OPTION.format(seat=seat)) == \
            f"{NAMES[seat]} deals first"
    assert phone.find(ids.QUEEN_BREAKS).toggled is False
    phone.switch(ids.QUEEN_BREAKS, True)
    assert phone.find(ids.QUEEN_BREAKS).toggled is True
    phone.go("/settings")
    assert phone.checked(ids.LANGUAGE_OPTION.format(code="system")) is True
    assert phone.checked(ids.LANGUAGE_OPTION.format(code="pl")) is False
    assert phone.checked(ids.THEME_OPTION.format(mode="system")) is True
    phone.go("/history")
    assert phone.checked(ids.HISTORY_STATUS.format(status="all")) is True
    assert phone.checked(ids.HISTORY_STATUS.format(status="finished")) is False


def test_hand_entry_counts_are_checked_or_disabled_and_fields_keep_their_value(store):
    phone = Phone(store)
    names = NAMES + ["Ewa", "Filip"]
    phone.go("/new")
    while phone.session.form.count < len(names):
        phone.tap(ids.ADD_PLAYER)
    for seat, name in enumerate(names):
        phone.type(ids.PLAYER_NAME.format(seat=seat), name)
    phone.tap(ids.VARIANT.format(variant="cancellation"))
    phone.tap(ids.START_GAME)
    phone.tap(ids.ENTER_HAND)
    if not phone.checked(ids.MODE_CARDS):
        phone.tap(ids.MODE_CARDS)
    assert phone.checked(ids.MODE_CARDS) and not phone.checked(ids.MODE_POINTS)
    phone.tap(ids.QUEENS.format(seat=0, count=2))
    took_both = chip(phone, ids.QUEENS.format(seat=0, count=2))
    assert took_both.selected and not took_both.disabled
    none_left = chip(phone, ids.QUEENS.format(seat=1, count=1))
    assert none_left.disabled and none_left.on_select is None  # disabled, not just grey
    assert not chip(phone, ids.QUEENS.format(seat=1, count=0)).disabled
    phone.tap(ids.HEARTS.format(seat=1))
    key = chip(phone, ids.HEARTS_KEY.format(count=0))
    assert key.selected and key.label.semantics_label == "0 hearts for Bartek"
    phone.tap(ids.MODE_POINTS)
    phone.type(ids.POINTS.format(seat=0), "53")  # two decks: 52 at most
    field = phone.control(ids.POINTS.format(seat=0), ft.TextField)
    assert field.label.semantics_label == "Points for Ala: 53"
    visible = phone.text(ids.SAVE_REASON)
    spoken = phone.find(ids.PLAYER_POINTS.format(seat=0)).label
    assert spoken == visible == "Ala: “53” is not a whole number of points from 0 to 52."


@pytest.mark.parametrize("count", [4, 11])
def test_long_names_get_their_room_on_the_sheet(phone, count):
    names = (LONG + ["Ewa", "Filip", "Gosia", "Henryk", "Iza", "Janek", "Kasia"])[:count]
    phone.go("/new")
    while phone.session.form.count < count:
        phone.tap(ids.ADD_PLAYER)
    for seat, name in enumerate(names):
        phone.type(ids.PLAYER_NAME.format(seat=seat), name)
    if count > 7:
        phone.tap(ids.VARIANT.format(variant="cancellation"))
    phone.tap(ids.START_GAME)
    for seat, name in enumerate(names):
        node = phone.find(ids.SHEET_NAME.format(seat=seat))
        text = phone.control(ids.SHEET_NAME.format(seat=seat), ft.Text)
        assert node.label == name  # the whole name, however it is drawn
        assert text.value.replace("-\n", "") == name  # every letter drawn
        if count > sheet_parts.FIT:  # on its side: one line at the full size
            assert text.size == sheet_parts.NAME_SIZE and text.max_lines == 1
            assert textwidth.width(name, text.size) <= text.width
    if count > sheet_parts.FIT:
        st = rules.state(phone.session.game.game)
        name_w, total_w = sheet_parts.side_widths(phone.ui, phone.session.game.game, st)
        assert name_w + total_w + sheet_parts.SIDE_EXTRA + 7 + 48 + \
            sheet_parts.SIDE_HANDS_SHOWN * sheet_parts.HAND_COL <= 360


def test_a_name_too_long_for_one_line_shrinks_then_splits_where_it_reads():
    assert textwidth.fit_name("Ala", 60, 14, 13) == ("Ala", 14, 1)
    text, size, lines = textwidth.fit_name("Przemysław", 64, 13, 12)
    assert (size, lines) == (12, 2) and text.replace("-\n", "") == "Przemysław"
    for half in text.split("\n"):
        assert textwidth.width(half, size) + textwidth.SLACK <= 64
    assert textwidth.fit_name("Anna Maria", 50, 14, 13)[0] == "Anna Maria"  # at the space
    # a size one step down before two lines
    w14, w13 = textwidth.width("Krzysztof", 14), textwidth.width("Krzysztof", 13)
    room = (w14 + w13) / 2 + textwidth.SLACK
    assert textwidth.fit_name("Krzysztof", room, 14, 13) == ("Krzysztof", 13, 1)


def test_the_hand_entry_name_is_whole_in_its_label(store):
    phone = Phone(store)
    phone.new_game(LONG)
    phone.tap(ids.ENTER_HAND)
    for seat, name in enumerate(LONG):
        node = phone.find(ids.ENTRY_NAME.format(seat=seat))
        assert node.label == name
        drawn = phone.control(ids.ENTRY_NAME.format(seat=seat), ft.Text)
        assert drawn.value.replace("-\n", "") == name and drawn.max_lines == 2
    assert not any(isinstance(c, ft.Text) and c.overflow == ft.TextOverflow.ELLIPSIS
                   and c.max_lines == 1 and c.value in LONG for c in walk(phone.view))
