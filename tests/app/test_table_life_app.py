"""A table's life in the app, driven as a player would, without a browser: a
player changed from the score sheet from the next hand on (undone like a deleted hand),
who played each seat when, an earlier hand's own names, the shared win and passing fewer
cards in the new game's house rules, the game-over card with every winner, en/pl/lt."""

from __future__ import annotations

import pytest
from app_harness import Phone

from scorekeeper import rules
from scorekeeper.app import ids

FOUR = ["Ala", "Bartek", "Celina", "Darek"]


def fill(phone: Phone, names: list[str], target: str = "50") -> None:
    phone.go("/new")
    while phone.session.form.count < len(names):
        phone.tap(ids.ADD_PLAYER)
    for seat, name in enumerate(names):
        phone.type(ids.PLAYER_NAME.format(seat=seat), name)
    phone.tap(ids.TARGET.format(value=target))
    if not phone.has(ids.HOUSE_RULE.format(rule="tie")):
        phone.tap(ids.HOUSE_RULES)


def shared_game(phone: Phone, names=FOUR, cards: int = 2) -> str:
    fill(phone, names)
    phone.switch(ids.HOUSE_RULE.format(rule="tie"), True)
    phone.tap(ids.PASS_CARDS.format(n=cards))
    phone.tap(ids.START_GAME)
    assert phone.screen == "sheet", phone.screen_text()
    return phone.session.game.id


def change_player(phone: Phone, seat: int, name: str) -> None:
    phone.tap(ids.SEAT_OPEN)
    phone.tap(ids.SEAT_PICK.format(seat=seat))
    phone.type(ids.SEAT_NEW_NAME, name)
    phone.tap(ids.SEAT_SAVE)


def test_the_new_games_house_rules_show_the_shared_win_and_the_cards_live(phone):
    fill(phone, FOUR)
    example = ids.HOUSE_EXAMPLE.format(rule="tie")
    assert phone.text(example) == "Ala and Bartek both on 25: the game goes on"
    phone.switch(ids.HOUSE_RULE.format(rule="tie"), True)
    assert phone.text(example) == "Ala and Bartek both on 25 at the target: both win"
    cards = ids.HOUSE_EXAMPLE.format(rule="pass_cards")
    assert phone.text(cards) == "Pass left"
    phone.tap(ids.PASS_CARDS.format(n=2))
    assert phone.text(cards) == "Pass 2 cards left"
    assert "A tie at the target: a shared win" in phone.text(ids.HOUSE_RULES)
    phone.tap(ids.START_GAME)
    table = phone.session.game.game.rules
    assert table.shares_ties and table.pass_cards == 2


def test_the_banner_and_the_hand_entry_say_how_many_cards_are_passed(phone):
    shared_game(phone)
    assert "Pass 2 cards left" in phone.text(ids.BANNER)
    assert "Pass 2 cards" in phone.text(ids.HOUSE_LINE)
    phone.tap(ids.ENTER_HAND)
    assert "Pass 2 cards left" in phone.screen_text()


def test_a_player_changed_from_the_sheet_plays_from_the_next_hand_on(phone, store):
    gid = shared_game(phone)
    phone.enter_points([20, 0, 6, 0])
    phone.enter_points([20, 0, 6, 0])
    change_player(phone, 3, "Zenon")
    assert phone.screen == "sheet"
    assert "From hand 3: Zenon for Darek." in phone.text(ids.NOTICE)
    assert phone.text(ids.SHEET_NAME.format(seat=3)) == "Zenon"
    line = ids.SEAT_CHANGE.format(seat=3, n=3)
    assert phone.text(line) == "Zenon · for Darek from hand 3"
    assert phone.spoken(line) == "Zenon, for Darek from hand 3"  # what a screen reader hears
    assert store.get(gid).next_seat_changes == ((3, "Zenon"),)
    assert [c.action for c in store.changes(gid)][-1] == "seats"
    assert phone.totals() == [40, 0, 12, 0]  # the seat keeps its total
    phone.tap(ids.ENTER_HAND)
    assert "Zenon" in phone.screen_text() and "Darek" not in phone.screen_text()
    phone.go(f"/game/{gid}")
    phone.enter_points([12, 5, 4, 5])
    game = store.get(gid).game
    assert game.hands[2].seat_changes == ((3, "Zenon"),)
    st = rules.state(game)
    assert st.game_over and st.winners == (1, 3)
    assert phone.text(ids.WINNER) == "Bartek and Zenon win!"
    assert phone.has(ids.LEADER.format(seat=1)) and phone.has(ids.LEADER.format(seat=3))


def test_a_change_of_player_is_undone_like_a_deleted_hand(phone, store):
    gid = shared_game(phone)
    phone.enter_points([20, 0, 6, 0])
    change_player(phone, 0, "Ola")
    assert store.get(gid).next_seat_changes == ((0, "Ola"),)
    phone.tap(ids.UNDO)
    assert store.get(gid).next_seat_changes == ()
    assert phone.text(ids.SHEET_NAME.format(seat=0)) == "Ala"
    assert not phone.has(ids.SEAT_HISTORY)
    assert [c.action for c in store.changes(gid)][-2:] == ["seats", "seats"]


def test_a_name_that_would_sit_twice_is_refused_in_words(phone, store):
    gid = shared_game(phone)
    version = store.get(gid).version
    change_player(phone, 3, "ala")
    assert store.get(gid).version == version
    assert phone.has(ids.ERROR) and "ala" in phone.text(ids.ERROR).lower()


def test_editing_an_earlier_hand_shows_that_hands_names_and_keeps_its_change(phone, store):
    gid = shared_game(phone)
    phone.enter_points([20, 0, 6, 0])
    change_player(phone, 3, "Zenon")
    phone.enter_points([10, 0, 6, 10])
    phone.go(f"/game/{gid}/hand/1")
    assert "Darek" in phone.screen_text() and "Zenon" not in phone.screen_text()
    phone.go(f"/game/{gid}/hand/2")
    assert "Zenon" in phone.screen_text()
    phone.type(ids.POINTS.format(seat=0), "6")
    phone.type(ids.POINTS.format(seat=3), "14")
    phone.tap(ids.SAVE_HAND)
    hand = store.get(gid).game.hands[1]
    assert hand.points == (6, 0, 6, 14) and hand.seat_changes == ((3, "Zenon"),)


def test_a_rematch_seats_the_changed_names(phone, store):
    shared_game(phone)
    phone.enter_points([20, 0, 6, 0])
    phone.enter_points([20, 0, 6, 0])
    change_player(phone, 3, "Zenon")
    phone.enter_points([12, 5, 4, 5])
    phone.tap(ids.REMATCH)
    assert phone.session.form.names == ["Ala", "Bartek", "Celina", "Zenon"]
    assert phone.session.form.tie_share and phone.session.form.pass_cards == 2


@pytest.mark.parametrize("lang, words", [
    ("pl", ("Zenon · zamiast Darek od rozdania 2", "Wygrywają Bartek i Zenon!",
            "Podajecie 2 karty w lewo")),
    ("lt", ("Zenon · vietoj Darek nuo dalijimo Nr. 2", "Laimi Bartek ir Zenon!",
            "Perduodate 2 kortas į kairę")),
])
def test_the_new_words_in_polish_and_lithuanian(store, lang, words):
    phone = Phone(store, lang)
    gid = shared_game(phone)
    assert words[2] in phone.text(ids.BANNER)
    phone.enter_points([20, 0, 6, 0])
    change_player(phone, 3, "Zenon")
    assert phone.text(ids.SEAT_CHANGE.format(seat=3, n=2)) == words[0]
    phone.enter_points([20, 0, 6, 0])
    phone.enter_points([12, 5, 4, 5])
    assert store.get(gid).finished
    assert phone.text(ids.WINNER) == words[1]


def test_eleven_players_with_a_replaced_name_fit_the_sheet(phone, store):
    names = ["Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip", "Gosia", "Henryk", "Iza",
             "Janek", "Kasia"]
    phone.go("/new")
    while phone.session.form.count < len(names):
        phone.tap(ids.ADD_PLAYER)
    for seat, name in enumerate(names):
        phone.type(ids.PLAYER_NAME.format(seat=seat), name)
    phone.tap(ids.VARIANT.format(variant="cancellation"))
    phone.tap(ids.START_GAME)
    gid = phone.session.game.id
    phone.enter_points([10, 5, 5, 5, 5, 5, 5, 3, 3, 3, 3])
    change_player(phone, 7, "Maksymilian Wojciechowski")
    assert phone.has(ids.SEAT_CHANGE.format(seat=7, n=2))
    assert store.get(gid).next_names[7] == "Maksymilian Wojciechowski"
    assert phone.spoken(ids.SHEET_NAME.format(seat=7)) == "Maksymilian Wojciechowski"


def test_the_change_log_says_a_change_of_player_in_words(phone, store):
    gid = shared_game(phone)
    phone.enter_points([20, 0, 6, 0])
    change_player(phone, 3, "Zenon")
    phone.go(f"/game/{gid}/changes")
    assert "Players changed from hand 2" in phone.text(ids.CHANGE.format(n=0))
    assert "Zenon · for Darek from hand 2" in phone.text(ids.CHANGE.format(n=0))
    phone.go(f"/game/{gid}")
    phone.enter_points([10, 0, 6, 10])
    phone.go(f"/game/{gid}/changes")
    assert "Hand 2 added" in phone.text(ids.CHANGE.format(n=0))
    assert "Zenon · for Darek from hand 2" in phone.text(ids.CHANGE.format(n=1))


def test_a_deleted_hand_with_a_change_comes_back_with_it(phone, store):
    gid = shared_game(phone)
    phone.enter_points([20, 0, 6, 0])
    change_player(phone, 3, "Zenon")
    phone.enter_points([10, 0, 6, 10])
    phone.go(f"/game/{gid}/hand/2")
    phone.tap(ids.DELETE_HAND)
    phone.tap(ids.CONFIRM)
    assert rules.state(store.get(gid).game).players[3] == "Darek"
    phone.go(f"/game/{gid}/changes")
    phone.tap(ids.CHANGE_UNDO)
    assert store.get(gid).game.hands[1].seat_changes == ((3, "Zenon"),)


def test_a_followers_table_view_shows_the_names_now_and_who_played_when(store):
    from test_app_roles import Clock, LanPhone, follower
    from scorekeeper.app.table.access import Role, TableAccess
    from scorekeeper.app.table.table_roles import LanTable

    lan = LanTable(TableAccess(code="246810", token="T" * 32, clock=Clock()), port=8550,
                   addresses=["192.168.1.5"])
    host = LanPhone(store, lan, Role.HOST, client="127.0.0.1")
    shared_game(host)
    host.enter_points([20, 0, 6, 0])
    change_player(host, 3, "Zenon")
    p = follower(store, lan)
    assert p.screen == "table"
    assert "Zenon" in p.screen_text() and "Pass 2 cards right" in p.text(ids.TABLE_PASS)
    assert p.text(ids.SEAT_CHANGE.format(seat=3, n=2)) == "Zenon · for Darek from hand 2"
    assert not p.has(ids.SEAT_OPEN) and not p.has(ids.SEAT_SAVE)
