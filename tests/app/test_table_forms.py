"""Issue 8, the form-level table bugs, driven as a player would (no browser): the first
dealer follows the names, two queens are two cards, typed points are never changed
silently, nothing jumps under a finger, the shooter's row shows what the hand scores,
screen readers hear each name once. Every score checked here comes from the rules."""

import flet as ft
from app_harness import Phone, walk

from scorekeeper import rules
from scorekeeper.app import ids

NAMES = ["Ala", "Bartek", "Celina", "Darek"]
SIX = NAMES + ["Ewa", "Franek"]


def start_game(phone: Phone, names: list[str], *taps: str) -> None:
    phone.go("/new")
    while phone.session.form.count < len(names):
        phone.tap(ids.ADD_PLAYER)
    for seat, name in enumerate(names):
        phone.type(ids.PLAYER_NAME.format(seat=seat), name)
    for t in taps:
        phone.tap(t)
    phone.tap(ids.START_GAME)
    assert phone.screen == "sheet", phone.screen_text()


def label(phone: Phone, identifier: str) -> str:
    return phone.spoken(identifier)


# --- 1: the first-dealer buttons follow the names ----------------------------------------------


def test_first_dealer_buttons_and_labels_follow_every_keystroke(phone):
    phone.go("/new")
    phone.type(ids.PLAYER_NAME.format(seat=0), "A")
    assert phone.text(ids.FIRST_DEALER_OPTION.format(seat=0)) == "A"
    for seat, name in enumerate(NAMES):
        phone.type(ids.PLAYER_NAME.format(seat=seat), name)
    assert [phone.text(ids.FIRST_DEALER_OPTION.format(seat=s)) for s in range(4)] == NAMES
    assert label(phone, ids.FIRST_DEALER_OPTION.format(seat=1)) == "Bartek deals first"
    assert label(phone, ids.PLAYER_REMOVE.format(seat=3)) == "Remove Darek"
    assert label(phone, ids.PLAYER_UP.format(seat=2)) == "Move Celina up"


def test_names_typed_over_a_kept_form_make_the_tapped_player_deal(phone):
    phone.go("/new")
    for seat, name in enumerate(NAMES):
        phone.type(ids.PLAYER_NAME.format(seat=seat), name)
    phone.tap(ids.BACK)
    phone.tap(ids.NEW_GAME)  # the names typed before come back
    assert phone.session.form.names == NAMES
    new = ["Ewa", "Filip", "Gosia", "Henryk"]
    for seat, name in enumerate(new):
        phone.type(ids.PLAYER_NAME.format(seat=seat), name)
    assert phone.text(ids.FIRST_DEALER_OPTION.format(seat=1)) == "Filip"
    assert label(phone, ids.PLAYER_REMOVE.format(seat=0)) == "Remove Ewa"
    phone.tap(ids.FIRST_DEALER_OPTION.format(seat=1))
    phone.tap(ids.START_GAME)
    assert "Hand 1: Filip deals" in phone.text(ids.BANNER)


# --- 3: Cancellation, two queens are two cards ---------------------------------------------------


def test_the_second_queen_never_takes_the_first_away(phone):
    start_game(phone, SIX, ids.VARIANT.format(variant="cancellation"))
    phone.tap(ids.ENTER_HAND)
    phone.tap(ids.QUEENS.format(seat=3, count=1))  # Darek's queen
    phone.tap(ids.QUEENS.format(seat=4, count=1))  # then Ewa's: the natural second tap
    assert phone.session.entry.queens == [0, 0, 0, 1, 1, 0]
    assert phone.text(ids.PLAYER_POINTS.format(seat=3)) == "= 13"
    assert phone.text(ids.PLAYER_POINTS.format(seat=4)) == "= 13"
    # both queens are given: a third player cannot get one, Darek cannot get Ewa's
    assert phone.disabled(ids.QUEENS.format(seat=0, count=1))
    assert phone.disabled(ids.QUEENS.format(seat=3, count=2))
    phone.session.entry.set_queens(0, 1)  # even asked directly, nobody loses a queen
    assert phone.session.entry.queens == [0, 0, 0, 1, 1, 0]
    phone.tap(ids.QUEENS.format(seat=4, count=0))
    assert not phone.disabled(ids.QUEENS.format(seat=3, count=2))
    phone.tap(ids.QUEENS.format(seat=3, count=2))  # one player took both
    assert phone.session.entry.queens == [0, 0, 0, 2, 0, 0]
    assert phone.text(ids.PLAYER_POINTS.format(seat=3)) == "= 26"
    assert "0 queens" in label(phone, ids.QUEENS.format(seat=4, count=0))


def test_a_queen_count_survives_a_reload_and_an_old_draft_still_opens(store):
    phone = Phone(store)
    start_game(phone, SIX, ids.VARIANT.format(variant="cancellation"))
    gid = phone.session.game.id
    phone.tap(ids.ENTER_HAND)
    phone.tap(ids.QUEENS.format(seat=2, count=2))
    again = Phone(store, route=f"/game/{gid}/hand")
    assert again.session.entry.queens == [0, 0, 2, 0, 0, 0]
    # a draft kept before the counts said who took each queen
    draft = again.session.entry.to_draft() | {"queens": [1, 5]}
    store.save_draft(gid, draft)
    old = Phone(store, route=f"/game/{gid}/hand")
    assert old.session.entry.queens == [0, 1, 0, 0, 0, 1]


def test_give_the_rest_gives_the_free_queens_only(phone):
    start_game(phone, SIX, ids.VARIANT.format(variant="cancellation"))
    phone.tap(ids.ENTER_HAND)
    phone.tap(ids.QUEENS.format(seat=1, count=1))
    phone.tap(ids.GIVE_REST.format(seat=0))
    assert phone.session.entry.queens == [1, 1, 0, 0, 0, 0]
    assert phone.session.entry.hearts[0] == rules.spec(rules.Variant.CANCELLATION).hearts


# --- 7: typed points are refused in words, never changed ------------------------------------------


def test_typed_points_that_are_not_a_whole_number_in_range_are_refused(phone):
    start_game(phone, NAMES)
    phone.tap(ids.ENTER_HAND)
    phone.tap(ids.MODE_POINTS)
    field = phone.control(ids.POINTS.format(seat=0), ft.TextField)
    assert field.input_filter is None  # a filter turned "2.5" into 25 and "-3" into 3
    for typed in ("2.5", "-3", "27", "1e1", "x"):
        phone.type(ids.POINTS.format(seat=0), typed)
        assert phone.control(ids.POINTS.format(seat=0), ft.TextField).value == typed
        reason = phone.text(ids.SAVE_REASON)
        assert f"Ala: “{typed}” is not a whole number of points from 0 to 26" in reason
        assert phone.disabled(ids.SAVE_HAND)
        assert phone.text(ids.PLAYER_POINTS.format(seat=0)) == "= ?"
    phone.type(ids.POINTS.format(seat=0), " 26 ")
    assert not phone.disabled(ids.SAVE_HAND)
    assert phone.text(ids.SAVE_REASON) == "The points add up: ready to save."


def test_points_refused_in_polish_say_why(store):
    phone = Phone(store, language="pl")
    start_game(phone, NAMES)
    phone.tap(ids.ENTER_HAND)
    phone.tap(ids.MODE_POINTS)
    phone.type(ids.POINTS.format(seat=1), "2,5")
    assert "Bartek: „2,5” to nie jest całkowita liczba punktów od 0 do 26" in \
        phone.text(ids.SAVE_REASON)


# --- 8: nothing moves under the finger --------------------------------------------------------------


def test_the_keypad_stays_on_the_player_once_every_heart_is_given(phone):
    start_game(phone, NAMES)
    phone.tap(ids.ENTER_HAND)
    phone.tap(ids.HEARTS.format(seat=1))
    phone.tap(ids.HEARTS_KEY.format(count=3))
    assert phone.session.entry.picked == 2  # hearts left: on to the next player
    phone.tap(ids.HEARTS_KEY.format(count=10))
    assert phone.session.entry.picked == 2  # every heart given: the keypad stays put
    assert phone.has(ids.HEARTS_KEY.format(count=10))


def order(phone: Phone) -> list[str]:
    return [c.identifier for c in walk(phone.view)
            if isinstance(c, ft.Semantics) and c.identifier]


def test_the_moon_box_appears_below_every_player(phone):
    start_game(phone, NAMES)
    phone.tap(ids.ENTER_HAND)
    phone.tap(ids.MODE_POINTS)
    before = order(phone)
    phone.type(ids.POINTS.format(seat=1), "26")
    after = order(phone)
    assert phone.has(ids.MOON)
    # everything up to the last player's row is where it was: the box comes after it
    last_row = ids.ENTRY_ROW.format(seat=3)
    assert after.index(ids.MOON) > after.index(last_row)
    assert after[:after.index(last_row)] == before[:before.index(last_row)]


def test_the_remaining_counter_keeps_its_height(phone):
    start_game(phone, SIX, ids.VARIANT.format(variant="cancellation"))
    phone.tap(ids.ENTER_HAND)
    box = phone.find(ids.REMAINING).content
    height = box.height
    assert height is not None  # room reserved for two lines of any message
    phone.tap(ids.QUEENS.format(seat=1, count=2))
    phone.tap(ids.HEARTS.format(seat=0))
    phone.tap(ids.HEARTS_KEY.format(count=20))  # "points taken by nobody": a long line
    assert "taken by nobody" in phone.text(ids.REMAINING)
    assert phone.find(ids.REMAINING).content.height == height


# --- 9: the shooter's row shows what the hand scores ------------------------------------------------


def shown_points(phone: Phone) -> list[str]:
    return [phone.text(ids.PLAYER_POINTS.format(seat=s)) for s in range(4)]


def test_the_shooters_row_shows_what_the_hand_scores(phone):
    start_game(phone, NAMES)
    phone.tap(ids.ENTER_HAND)
    phone.tap(ids.HEARTS.format(seat=2))
    phone.tap(ids.HEARTS_KEY.format(count=13))
    phone.tap(ids.QUEEN.format(seat=2, n=0))
    scores = rules.score_hand(phone.session.game.game.rules, rules.Hand((0, 0, 26, 0))).scores
    assert shown_points(phone) == [f"= {s}" for s in scores] == ["= 26", "= 26", "= 0", "= 26"]
    assert label(phone, ids.PLAYER_POINTS.format(seat=2)) == "Celina: 0 points"


def test_take_26_off_the_shooter_shows_minus_26(phone):
    start_game(phone, NAMES, ids.MOON_RULE.format(rule="subtract_from_self"))
    phone.tap(ids.ENTER_HAND)
    phone.tap(ids.MODE_POINTS)
    phone.type(ids.POINTS.format(seat=0), "26")
    assert shown_points(phone) == ["= \u221226", "= 0", "= 0", "= 0"]


def test_under_shooters_choice_the_rows_wait_for_the_choice(phone):
    start_game(phone, NAMES, ids.MOON_RULE.format(rule="shooter_choice"))
    phone.tap(ids.ENTER_HAND)
    phone.tap(ids.MODE_POINTS)
    phone.type(ids.POINTS.format(seat=3), "26")
    assert shown_points(phone) == ["= ?"] * 4
    assert "waits for the moon choice" in label(phone, ids.PLAYER_POINTS.format(seat=3))
    phone.tap(ids.MOON_CHOICE.format(choice="add_to_others"))
    assert shown_points(phone) == ["= 26", "= 26", "= 26", "= 0"]


# --- 10: screen readers hear each name once ----------------------------------------------------------

OWN_NODES = (ft.FilledButton, ft.OutlinedButton, ft.TextButton, ft.FilledTonalButton, ft.Chip,
             ft.TextField, ft.Switch, ft.Semantics)


def merged(control: object) -> list[object]:
    """The controls Flutter merges into a labelled node: its children down to the next
    control that is a node of its own."""
    out = [control]
    for name in ("content", "controls", "leading", "title"):
        child = getattr(control, name, None)
        for c in (child if isinstance(child, list) else [child]):
            if isinstance(c, ft.BaseControl) and not isinstance(c, OWN_NODES):
                out.extend(merged(c))
    return out


def doubled_names(phone: Phone) -> list[str]:
    """Labelled nodes whose children say the label again, or add an icon's tooltip."""
    found = []
    for c in walk(phone.view):
        if not (isinstance(c, ft.Semantics) and c.label and c.content is not None):
            continue
        if isinstance(c.content, OWN_NODES) or c.exclude_semantics:
            continue  # the children are a node of their own, or not heard at all
        inner = merged(c.content)
        words = [x.value for x in inner if isinstance(x, ft.Text)]
        tips = [x.tooltip for x in inner if isinstance(x, ft.IconButton) and x.tooltip and
                not getattr(x.tooltip, "exclude_from_semantics", False)]
        if c.label in words or tips:
            found.append(f"{c.identifier}: {c.label!r} + {words + tips}")
    return found


def test_screen_readers_hear_each_name_once(phone):
    screens = []
    phone.go("/new")
    screens.append(doubled_names(phone))
    start_game(phone, NAMES)
    screens.append(doubled_names(phone))
    phone.tap(ids.ENTER_HAND)
    screens.append(doubled_names(phone))
    phone.tap(ids.MODE_POINTS)
    screens.append(doubled_names(phone))
    phone.go("/settings")
    screens.append(doubled_names(phone))
    assert screens == [[]] * 5, screens


def test_an_empty_points_field_has_no_placeholder_to_read_as_a_value(phone):
    start_game(phone, NAMES)
    phone.tap(ids.ENTER_HAND)
    phone.tap(ids.MODE_POINTS)
    for seat in range(4):
        field = phone.control(ids.POINTS.format(seat=seat), ft.TextField)
        assert not field.hint_text and field.value == ""
        assert label(phone, ids.POINTS.format(seat=seat)) == f"Points for {NAMES[seat]}"
