"""What a table of players hit when the app was played through end to end (the QA round):
each test drives the screens as a player does, with every score from the rules."""

import flet as ft
from app_harness import Phone

from scorekeeper import rules
from scorekeeper.app import ids

NAMES = ["Ala", "Bartek", "Celina", "Darek"]
SIX = NAMES + ["Ewa", "Filip"]


def typed(phone: Phone) -> list[str]:
    return [phone.control(ids.POINTS.format(seat=s), ft.TextField).value or ""
            for s in range(len(phone.session.entry.points_text))]


# --- switching Points -> Hearts + Q♠ -> Points wiped what was typed ---------------------------


def test_a_stray_tap_on_cards_mode_keeps_the_edited_hands_points(store):
    phone = Phone(store)
    gid = phone.new_game(NAMES)
    phone.enter_points([10, 3, 13, 0])
    phone.go(f"/game/{gid}/hand/1")
    assert typed(phone) == ["10", "3", "13", "0"]
    phone.tap(ids.MODE_CARDS)  # a stray tap: no card is given in cards mode
    phone.tap(ids.MODE_POINTS)
    assert typed(phone) == ["10", "3", "13", "0"]
    assert not phone.disabled(ids.SAVE_HAND)
    # and the draft it left does not open the edit empty
    again = phone.reload(store)
    assert typed(again) == ["10", "3", "13", "0"]


def test_points_typed_for_a_new_hand_survive_a_look_at_cards_mode(phone):
    phone.new_game(NAMES)
    phone.tap(ids.ENTER_HAND)
    phone.tap(ids.MODE_POINTS)
    phone.type(ids.POINTS.format(seat=0), "20")
    phone.type(ids.POINTS.format(seat=1), "6")
    phone.tap(ids.MODE_CARDS)
    phone.tap(ids.MODE_POINTS)
    assert typed(phone) == ["20", "6", "", ""]


def test_cards_given_still_become_points(phone):
    phone.new_game(NAMES)
    phone.tap(ids.ENTER_HAND)
    phone.tap(ids.HEARTS.format(seat=2))
    phone.tap(ids.HEARTS_KEY.format(count=4))
    phone.tap(ids.QUEEN.format(seat=2, n=0))
    phone.tap(ids.MODE_POINTS)
    assert typed(phone) == ["", "", "17", ""]


# --- the hearts keypad offered more hearts than the deck holds ---------------------------------


def test_the_keypad_greys_out_more_hearts_than_are_left(phone):
    phone.new_game(NAMES)
    phone.tap(ids.ENTER_HAND)
    for seat, count in ((0, 3), (1, 5), (2, 0)):
        phone.tap(ids.HEARTS.format(seat=seat))
        phone.tap(ids.HEARTS_KEY.format(count=count))
    assert phone.session.entry.picked == 3
    left = rules.hearts_left(phone.session.game.game.rules, phone.session.entry.hearts)
    assert left == 5
    assert not phone.disabled(ids.HEARTS_KEY.format(count=5))
    assert phone.disabled(ids.HEARTS_KEY.format(count=6))
    assert phone.disabled(ids.HEARTS_KEY.format(count=13))  # 21 hearts in a 13-heart deck
    phone.session.entry.set_hearts(3, 13)  # even asked directly
    assert phone.session.entry.hearts == [3, 5, 0, 0]
    phone.tap(ids.HEARTS_KEY.format(count=5))
    phone.tap(ids.QUEEN.format(seat=2, n=0))
    assert not phone.disabled(ids.SAVE_HAND)
    # a player's own hearts can always be lowered, and raised back to what is free
    phone.tap(ids.HEARTS.format(seat=1))
    assert not phone.disabled(ids.HEARTS_KEY.format(count=0))
    assert phone.disabled(ids.HEARTS_KEY.format(count=6))


# --- Cancellation: an untouched hand could be saved as "52 points taken by nobody" ------------


def test_an_untouched_cancellation_hand_cannot_be_saved(phone):
    phone.new_game(SIX, variant=ids.VARIANT.format(variant="cancellation"))
    phone.tap(ids.ENTER_HAND)
    assert phone.disabled(ids.SAVE_HAND)
    assert "Nothing is given yet" in phone.text(ids.SAVE_REASON)
    assert "52 points left to give" in phone.text(ids.REMAINING)
    assert "nobody" not in phone.text(ids.REMAINING)
    phone.tap(ids.MODE_POINTS)
    assert phone.disabled(ids.SAVE_HAND)
    # a real hand with a cancelled last trick still saves
    for seat, p in enumerate([10, 13, 20]):
        phone.type(ids.POINTS.format(seat=seat), str(p))
    assert "9 points taken by nobody" in phone.text(ids.REMAINING)
    assert not phone.disabled(ids.SAVE_HAND)
    phone.tap(ids.SAVE_HAND)
    assert phone.screen == "sheet"


def test_the_reason_is_said_in_polish_and_lithuanian(store):
    for lang, words in (("pl", "Jeszcze nic nie wpisano"), ("lt", "Dar nieko neįvesta")):
        phone = Phone(store, language=lang)
        phone.new_game(SIX, variant=ids.VARIANT.format(variant="cancellation"))
        phone.tap(ids.ENTER_HAND)
        assert words in phone.text(ids.SAVE_REASON)


# --- a game card said "Not started" and "Started today 15:41" at once ---------------------------


def test_a_game_not_started_is_not_said_to_have_started(store):
    for lang, started in (("en", "Started"), ("pl", "Rozpoczęta"), ("lt", "Pradėtas")):
        phone = Phone(store, language=lang)
        gid = phone.new_game(NAMES)
        phone.go("/")
        card = phone.text(ids.RESUME.format(game_id=gid))
        assert phone.session.tr._("Not started") in card
        assert started not in card, card
        assert phone.session.tr._("Set up {when}", when="").strip() in card
        phone.go(f"/game/{gid}")
        phone.enter_points([3, 13, 10, 0])
        phone.go("/")
        card = phone.text(ids.RESUME.format(game_id=gid))
        assert started in card and phone.session.tr._("Not started") not in card


# --- the history search needed the accents typed -----------------------------------------------


def test_the_history_search_ignores_accents_and_case(store):
    phone = Phone(store)
    ruta = phone.new_game(["Rūta", "Łukasz", "Agnė", "Žydrūnas"])
    other = phone.new_game(NAMES)
    phone.go("/history")
    for query in ("ruta", "RŪTA", "lukasz", "agne", "zydr"):
        phone.type(ids.HISTORY_SEARCH, query)
        assert phone.has(ids.HISTORY_GAME.format(game_id=ruta)), query
        assert not phone.has(ids.HISTORY_GAME.format(game_id=other)), query
    phone.type(ids.HISTORY_SEARCH, "bart")
    assert phone.has(ids.HISTORY_GAME.format(game_id=other))
    assert not phone.has(ids.HISTORY_GAME.format(game_id=ruta))


# --- a finished game opened from the history said "open from the home screen to play on" -----


def test_a_finished_game_read_only_does_not_offer_to_play_on(store):
    phone = Phone(store, language="pl")
    gid = phone.new_game(NAMES, target=ids.TARGET.format(value="50"))
    for points in ([25, 0, 1, 0], [25, 0, 1, 0], [0, 13, 0, 13]):
        phone.enter_points(points)
    assert phone.has(ids.GAME_OVER)
    phone.go(f"/history/{gid}")
    note = phone.text(ids.READ_ONLY)
    assert note == "Tylko do odczytu: ta gra jest zakończona."
    assert "grać dalej" not in note
    # an unfinished game typed as a history address still says how to play on
    other = phone.new_game(NAMES)
    phone.go(f"/history/{other}")
    assert "grać dalej" in phone.text(ids.READ_ONLY)


# --- Back from a game opened from the filtered history landed on "All" ---------------------------


def test_back_from_a_game_returns_to_the_history_filter_it_was_opened_from(store):
    phone = Phone(store)
    done = phone.new_game(NAMES, target=ids.TARGET.format(value="50"))
    for points in ([25, 0, 1, 0], [25, 0, 1, 0], [0, 13, 0, 13]):
        phone.enter_points(points)
    phone.new_game(["Ewa", "Filip", "Gosia"])
    phone.go("/")
    phone.tap(ids.HISTORY)
    phone.tap(ids.HISTORY_STATUS.format(status="finished"))
    assert phone.routes[-1] == "/history?status=finished"  # the address follows the filter
    phone.tap(ids.HISTORY_GAME.format(game_id=done))
    assert phone.session.route.url() == f"/history/{done}"
    phone.tap(ids.BACK)
    assert phone.session.route.url() == "/history?status=finished"
    assert phone.session.model.status == "finished"
    # and a reload of that address shows the same filter
    again = phone.reload(store)
    assert again.session.model.status == "finished"


# --- the queen buttons said "Q♠" under a mode button saying "D♠" (pl, lt) --------------------------


def test_the_queen_buttons_use_the_languages_letter_for_the_queen(store):
    for lang, queen in (("en", "Q♠"), ("pl", "D♠"), ("lt", "D♠")):
        phone = Phone(store, language=lang)
        phone.new_game(NAMES)
        phone.tap(ids.ENTER_HAND)
        assert queen in phone.text(ids.MODE_CARDS)
        assert phone.text(ids.QUEEN.format(seat=0, n=0)) == queen
        phone.new_game(SIX, variant=ids.VARIANT.format(variant="cancellation"))
        phone.tap(ids.ENTER_HAND)
        assert queen in phone.text(ids.ENTRY_ROW.format(seat=0)).split()


# --- "Taisyti daliji…" / "Popraw roz…": the edit title lost the hand's number at 360 px --------


def test_the_edit_title_may_take_two_lines_rather_than_lose_the_hands_number(store):
    for lang, title in (("pl", "Popraw rozdanie 1"), ("lt", "Taisyti dalijimą Nr. 1")):
        phone = Phone(store, language=lang)
        phone.new_game(NAMES)
        phone.enter_points([3, 13, 10, 0])
        phone.tap(ids.HAND_ROW.format(n=1))
        bar = phone.view.appbar.title
        assert bar.value == title
        assert bar.max_lines == 2 and bar.size < 22  # beside Delete and Start over
        phone.tap(ids.BACK)
        phone.tap(ids.ENTER_HAND)  # a new hand's short title keeps the usual bar
        assert phone.view.appbar.title.max_lines is None


# --- the change log gave bare numbers ("after: 21 · 5 · 0 · 0"): whose were they? ------------------


def test_the_change_log_names_whose_points_changed(phone):
    gid = phone.new_game(NAMES)
    phone.enter_points([3, 13, 10, 0])
    phone.tap(ids.HAND_ROW.format(n=1))
    phone.type(ids.POINTS.format(seat=0), "13")
    phone.type(ids.POINTS.format(seat=1), "3")
    phone.tap(ids.SAVE_HAND)
    phone.go(f"/game/{gid}/changes")
    edit = phone.text(ids.CHANGE.format(n=0))
    assert "before: Ala 3 · Bartek 13 · Celina 10 · Darek 0" in edit
    assert "after: Ala 13 · Bartek 3 · Celina 10 · Darek 0" in edit
    assert "after: Ala 3 · Bartek 13 · Celina 10 · Darek 0" in phone.text(ids.CHANGE.format(n=1))


# --- the heading over several games not started was the card's singular ("Nierozpoczęta") --------


def test_the_heading_over_games_not_started_is_plural(store):
    for lang, heading, card in (("pl", "Nierozpoczęte gry", "Nierozpoczęta"),
                                ("lt", "Nepradėti žaidimai", "Nepradėtas")):
        phone = Phone(store, language=lang)
        gid = phone.new_game(NAMES)
        phone.go("/")
        assert heading in phone.screen_text()
        assert card in phone.text(ids.RESUME.format(game_id=gid))
