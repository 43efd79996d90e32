"""House rules in the app, driven as a player would, without a browser: the
new game's closed section, the J♦ row, the "unless it loses" preview, the sheet's
marks. Every number the app shows is the rules'."""

from __future__ import annotations

from app_harness import Phone

from scorekeeper import rules
from scorekeeper.app import ids

FOUR = ["Ala", "Bartek", "Celina", "Darek"]
FIVE = FOUR + ["Ewa"]


def open_house(phone: Phone) -> None:
    if not phone.has(ids.HOUSE_RULE.format(rule="exact_target_halves")):
        phone.tap(ids.HOUSE_RULES)


def fill(phone: Phone, names: list[str]) -> None:
    phone.go("/new")
    while phone.session.form.count < len(names):
        phone.tap(ids.ADD_PLAYER)
    for seat, name in enumerate(names):
        phone.type(ids.PLAYER_NAME.format(seat=seat), name)


def omnibus_game(phone: Phone, names=FOUR, target: str = "50") -> rules.Game:
    fill(phone, names)
    phone.tap(ids.TARGET.format(value=target))
    phone.tap(ids.MOON_RULE.format(rule="add_unless_it_loses"))
    open_house(phone)
    phone.switch(ids.HOUSE_RULE.format(rule="jack_of_diamonds"), True)
    phone.switch(ids.HOUSE_RULE.format(rule="exact_target_halves"), True)
    phone.tap(ids.START_GAME)
    assert phone.screen == "sheet", phone.screen_text()
    return phone.session.game.game


def enter(phone: Phone, points: list[int], jack: int) -> None:
    phone.tap(ids.ENTER_HAND)
    phone.tap(ids.MODE_POINTS)
    for seat, p in enumerate(points):
        phone.type(ids.POINTS.format(seat=seat), str(p))
    phone.tap(ids.JACK_TAKER.format(seat=jack))
    phone.tap(ids.SAVE_HAND)
    assert phone.screen == "sheet", phone.screen_text()


def test_the_house_rules_are_closed_at_first_and_explained_with_a_live_example(phone):
    fill(phone, FOUR)
    assert phone.has(ids.HOUSE_RULES)
    assert not phone.has(ids.HOUSE_RULE.format(rule="jack_of_diamonds"))
    assert "None: the usual rules" in phone.text(ids.HOUSE_RULES)
    phone.tap(ids.HOUSE_RULES)
    assert phone.text(ids.HOUSE_EXAMPLE.format(rule="jack_of_diamonds")) == "Ala takes the J♦: −10"
    assert phone.text(ids.HOUSE_EXAMPLE.format(rule="exact_target_halves")) == (
        "Ala lands on 100: back to 50")
    phone.tap(ids.TARGET.format(value="other"))
    phone.type(ids.TARGET_OTHER, "51")
    assert phone.text(ids.HOUSE_EXAMPLE.format(rule="exact_target_halves")) == (
        "Ala lands on 51: back to 25")
    phone.switch(ids.HOUSE_RULE.format(rule="jack_of_diamonds"), True)
    assert "J♦ −10" in phone.text(ids.HOUSE_RULES)


def test_a_game_starts_with_the_house_rules_picked(phone):
    game = omnibus_game(phone)
    assert game.rules.moon is rules.MoonRule.ADD_UNLESS_IT_LOSES
    assert game.rules.house == (("jack_of_diamonds", True), ("exact_target_halves", True))


def test_a_five_player_table_picks_its_own_pass_cycle(phone):
    fill(phone, FIVE)
    open_house(phone)
    assert "left, right, left 2, right 2, hold" in phone.text(ids.PASS_CYCLE.format(n=2))
    phone.tap(ids.PASS_CYCLE.format(n=2))
    phone.tap(ids.START_GAME)
    game = phone.session.game.game
    assert game.rules.house_rule("passes") == ("left", "right", "left2", "right2", "hold")
    for _ in range(2):
        phone.enter_points([10, 10, 6, 0, 0])
    phone.tap(ids.ENTER_HAND)
    assert "Pass left, 2 seats along" in phone.screen_text()


def test_the_tables_last_house_rules_are_offered_again_and_for_a_rematch(phone, store):
    omnibus_game(phone)
    gid = phone.session.game.id
    fill(phone, FOUR)
    assert phone.session.form.house() == {"jack_of_diamonds": True,
                                          "exact_target_halves": True}
    phone.go(f"/new?from={gid}")
    assert phone.session.form.house() == {"jack_of_diamonds": True,
                                          "exact_target_halves": True}


def test_cancellation_offers_no_omnibus(phone):
    fill(phone, FOUR + ["Ewa", "Franek"])
    phone.tap(ids.VARIANT.format(variant="cancellation"))
    open_house(phone)
    assert not phone.has(ids.HOUSE_RULE.format(rule="jack_of_diamonds"))
    assert phone.has(ids.HOUSE_RULE.format(rule="exact_target_halves"))


def test_save_waits_for_the_jack_and_the_sheet_marks_it(phone):
    omnibus_game(phone)
    phone.tap(ids.ENTER_HAND)
    phone.tap(ids.MODE_POINTS)
    for seat, p in enumerate([10, 16, 0, 0]):
        phone.type(ids.POINTS.format(seat=seat), str(p))
    assert phone.disabled(ids.SAVE_HAND)
    assert phone.text(ids.SAVE_REASON) == "Say who took the J♦."
    phone.tap(ids.JACK_TAKER.format(seat=2))
    assert not phone.disabled(ids.SAVE_HAND)
    assert phone.text(ids.PLAYER_POINTS.format(seat=2)) == "= −10"
    phone.tap(ids.SAVE_HAND)
    assert phone.totals() == [10, 16, -10, 0]
    assert phone.text(ids.HOUSE_MARK.format(n=1, seat=2, rule="jack_of_diamonds")) == "−10 J♦"
    assert phone.find(ids.HOUSE_MARK.format(n=1, seat=2, rule="jack_of_diamonds")).label == (
        "Celina took the J♦: −10")


def test_the_sheet_shows_a_total_back_from_the_target(phone):
    omnibus_game(phone)
    enter(phone, [25, 1, 0, 0], jack=3)
    enter(phone, [25, 1, 0, 0], jack=3)
    assert phone.totals() == [25, 2, 0, -20]
    mark = ids.HOUSE_MARK.format(n=2, seat=0, rule="exact_target_halves")
    assert phone.text(mark) == "50 → 25"
    assert phone.find(mark).label == "Ala landed on 50: back to 25"


def test_the_shooter_sees_what_unless_it_loses_will_do_before_saving(phone):
    omnibus_game(phone)
    enter(phone, [0, 13, 13, 0], jack=3)
    assert phone.totals() == [0, 13, 13, -10]
    phone.tap(ids.ENTER_HAND)
    phone.tap(ids.MODE_POINTS)
    for seat, p in enumerate([0, 0, 0, 26]):  # adding: 26, 29, 39, -10 -> goes on
        phone.type(ids.POINTS.format(seat=seat), str(p))
    phone.tap(ids.JACK_TAKER.format(seat=1))
    assert "The others get 26" in phone.text(ids.MOON_APPLIED)
    phone.tap(ids.SAVE_HAND)
    assert phone.totals() == [26, 29, 39, -10]
    phone.tap(ids.ENTER_HAND)
    phone.tap(ids.MODE_POINTS)
    for seat, p in enumerate([0, 26, 0, 0]):  # adding: 52, 29, 65, -4: Bartek would lose
        phone.type(ids.POINTS.format(seat=seat), str(p))
    phone.tap(ids.JACK_TAKER.format(seat=3))
    said = phone.text(ids.MOON_APPLIED)
    assert "Adding would lose Bartek the game, so Bartek takes −26." in said
    assert "The game goes on" in said
    assert phone.text(ids.PLAYER_POINTS.format(seat=1)) == "= −26"
    phone.tap(ids.SAVE_HAND)
    assert phone.totals() == [26, 3, 39, -20]


def test_a_draft_keeps_the_jack(phone, store):
    omnibus_game(phone)
    phone.tap(ids.ENTER_HAND)
    phone.tap(ids.MODE_POINTS)
    phone.type(ids.POINTS.format(seat=0), "26")
    phone.tap(ids.JACK_TAKER.format(seat=1))
    again = phone.reload(store)
    assert again.find(ids.JACK_TAKER.format(seat=1)).selected
    assert not again.find(ids.JACK_TAKER.format(seat=0)).selected


def test_in_polish_the_jack_is_the_walet(store):
    phone = Phone(store, "pl")
    omnibus_game(phone)
    phone.tap(ids.ENTER_HAND)
    assert "Kto wziął W♦?" in phone.screen_text()


def test_the_sheet_says_the_house_rules_under_the_target_and_followers_see_them(phone, store):
    omnibus_game(phone)
    line = phone.text(ids.HOUSE_LINE)
    assert line == "House rules: J♦ −10 · Exactly on the target: back to half"
    gid = phone.session.game.id
    follower = Phone(store, "lt", f"/game/{gid}")  # another phone at the table
    assert "Namų taisyklės: V♦ −10" in follower.screen_text()


def test_the_share_text_names_the_house_rules_and_the_jacks(phone):
    from scorekeeper.app.text.i18n import Translator
    from scorekeeper.app.views.sharing import game_text
    omnibus_game(phone)
    enter(phone, [10, 16, 0, 0], jack=2)
    enter(phone, [10, 16, 0, 0], jack=2)
    text = game_text(phone.session.game.game, Translator("pl"))
    assert "Zasady domowe: W♦ −10 · Dokładnie w cel: powrót do połowy · Pozostali " in text
    assert "Celina: W♦ × 2" in text
    plain = game_text(rules.Game.new(FOUR), Translator("en"))
    assert "House rules" not in plain and "J♦" not in plain


def test_the_big_table_and_the_sheet_banner_say_a_pass_two_seats_along(phone):
    fill(phone, FIVE)
    open_house(phone)
    phone.tap(ids.PASS_CYCLE.format(n=2))
    phone.tap(ids.START_GAME)
    for _ in range(2):
        phone.enter_points([10, 10, 6, 0, 0])
    assert "Pass left, 2 seats along" in phone.screen_text()
    assert phone.find(ids.HAND_ROW.format(n=2)).label == "Hand 2, right"


def test_a_sheet_without_house_rules_holds_no_empty_control(phone):
    """A None among a column's controls drew a grey box in the browser."""
    from app_harness import walk
    phone.new_game(FOUR)
    for c in walk(phone.view):
        assert None not in (getattr(c, "controls", None) or []), c


def test_the_stats_show_the_jacks_taken_when_a_game_had_the_rule(phone, store):
    omnibus_game(phone, target="50")
    for jack in (2, 2, 2, 0):
        enter(phone, [10, 16, 0, 0], jack=jack)
    assert rules.state(phone.session.game.game).game_over  # 30, 64, -30, 0
    phone.go("/stats")
    assert "J♦ taken: 3" in phone.screen_text()


def test_a_phone_that_follows_the_table_sees_the_house_rules(store):
    from test_app_roles import Clock, LanPhone

    from scorekeeper.app.table.access import Role, TableAccess
    from scorekeeper.app.table.table_roles import LanTable
    lan = LanTable(TableAccess(code="246810", token="T" * 32, clock=Clock()), port=8550,
                   addresses=["192.168.1.5"])
    host = LanPhone(store, lan, Role.HOST, client="127.0.0.1")
    omnibus_game(host)
    follower = LanPhone(store, lan, Role.FOLLOWER, route=lan.access.join_path)
    assert follower.screen == "table"
    assert follower.text(ids.HOUSE_LINE) == (
        "House rules: J♦ −10 · Exactly on the target: back to half")


def test_the_rules_card_lists_the_tables_rules_and_the_reminders(phone):
    fill(phone, FIVE)
    open_house(phone)
    phone.switch(ids.HOUSE_RULE.format(rule="exact_target_halves"), True)
    phone.tap(ids.PASS_CYCLE.format(n=2))
    phone.tap(ids.START_GAME)
    assert not phone.has(ids.RULES_CARD)
    phone.tap(ids.RULES)
    said = phone.text(ids.RULES_CARD)
    for words in ("Standard · moon: Add 26 to everyone else", "Play to 100.",
                  "Passes: left, right, left 2, right 2, hold",
                  "Landing exactly on the target takes you back to half of it.",
                  "3♣", "leads the first trick",  # 2♣ is out with five players
                  "No heart and no queen of spades on the first trick.",
                  "Hearts cannot be led until hearts are broken.",
                  "The queen of spades does not break hearts."):
        assert words in said, (words, said)
    assert "Omnibus" not in said
    phone.tap(ids.RULES)
    assert not phone.has(ids.RULES_CARD)


def test_the_rules_card_of_cancellation(phone):
    fill(phone, FOUR + ["Ewa", "Franek"])
    phone.tap(ids.VARIANT.format(variant="cancellation"))
    phone.tap(ids.START_GAME)
    phone.tap(ids.RULES)
    said = phone.text(ids.RULES_CARD)
    assert "Two identical cards in one trick cancel each other." in said
    assert "The player left of the dealer leads the first trick" in said
    assert "Passes: left, right" in said
