"""Drafts hold no more than a stored game can: a megabyte typed (or sent by a phone that
ignores the field's max_length) into a name, points or target field is cut by the form
before it is kept, so the draft file stays small. Driven through the real session, screen
models and store (no browser)."""

import flet as ft
from app_harness import Phone

from scorekeeper import rules
from scorekeeper.app import ids
from scorekeeper.app.forms import NewGameForm
from scorekeeper.app.forms.limits import MAX_DIGITS, cut_name
from scorekeeper.app.screens.new_game import DRAFT_SLOT

MEGABYTE = 1_000_000
NAMES = ["Ala", "Bartek", "Celina", "Darek"]


def draft_size(store, slot: str) -> int:
    return (store.path / "drafts" / f"{slot}.json").stat().st_size


def test_a_megabyte_name_is_cut_before_the_new_game_draft_is_written(store):
    phone = Phone(store)
    phone.go("/new")
    phone.type(ids.PLAYER_NAME.format(seat=0), "Ala " + "x" * MEGABYTE)  # kept on blur
    phone.type(ids.PLAYER_NAME.format(seat=1), "B" + " " * MEGABYTE + "ob")
    assert phone.session.form.names[:2] == ["Ala " + "x" * 36, "B ob"]
    assert phone.control(ids.PLAYER_NAME.format(seat=0), ft.TextField).value == \
        "Ala " + "x" * 36  # the phone is given the cut name back
    assert draft_size(store, DRAFT_SLOT) < 1024
    assert store.get_draft(DRAFT_SLOT)["names"][:2] == ["Ala " + "x" * 36, "B ob"]
    phone.tap(ids.TARGET.format(value="other"))
    phone.type(ids.TARGET_OTHER, "9" * MEGABYTE)
    assert phone.session.form.target_other == "9" * MAX_DIGITS
    assert draft_size(store, DRAFT_SLOT) < 1024


def test_a_megabyte_of_points_is_cut_before_the_hand_draft_is_written(store):
    phone = Phone(store)
    gid = phone.new_game(NAMES)
    phone.tap(ids.ENTER_HAND)
    phone.tap(ids.MODE_POINTS)
    phone.type(ids.POINTS.format(seat=0), "1" * MEGABYTE)
    assert phone.session.entry.points_text[0] == "1" * MAX_DIGITS
    assert draft_size(store, gid) < 1024
    assert store.get_draft(gid)["points"][0] == "1" * MAX_DIGITS
    assert phone.session.entry.problem() is not None  # refused in words, not saved
    again = Phone(store, route=f"/game/{gid}/hand")  # the draft comes back, cut
    assert again.session.entry.points_text[0] == "1" * MAX_DIGITS


def test_the_fields_refuse_longer_input_on_the_phone(store):
    phone = Phone(store)
    phone.go("/new")
    name = phone.control(ids.PLAYER_NAME.format(seat=0), ft.TextField)
    assert name.max_length is not None and name.max_length <= rules.MAX_NAME_LENGTH
    gid = phone.new_game(NAMES)
    phone.go(f"/game/{gid}/hand")
    phone.tap(ids.MODE_POINTS)
    assert phone.control(ids.POINTS.format(seat=0), ft.TextField).max_length == MAX_DIGITS
    phone.go("/new")
    phone.tap(ids.TARGET.format(value="other"))
    assert phone.control(ids.TARGET_OTHER, ft.TextField).max_length == MAX_DIGITS


def test_an_oversized_draft_from_before_opens_cut(store):
    store.save_draft(DRAFT_SLOT, NewGameForm(["y" * 5000, "Ola", "", ""]).to_draft())
    form = NewGameForm.from_draft(store.get_draft(DRAFT_SLOT))
    assert form.names[:2] == ["y" * rules.MAX_NAME_LENGTH, "Ola"]


def test_a_short_name_stays_as_typed():
    """Typing goes on: the space typed last, and runs of spaces, stay while they fit."""
    assert cut_name("Ala ") == "Ala "
    assert cut_name("  Ala  Kot") == "  Ala  Kot"
    assert cut_name("a" * 39 + "  ") == "a" * 39 + " "
    assert cut_name("a" * 40 + "  ") == "a" * 40
    assert cut_name(" " * 50) == ""
    for text in ("z" * 41, "a " * 30, "\u0105" * 100 + " "):
        cut = cut_name(text)
        assert len(cut) <= rules.MAX_NAME_LENGTH
        assert len(" ".join(cut.split())) <= rules.MAX_NAME_LENGTH
