"""Issue 8, the screen-level table bugs, without a browser: banner lines that wrap, 6 to 11
players on a phone, honest leader/tie/target marks, words on every control, game cards
that tell games apart, running totals. Every number checked comes from the rules."""

import flet as ft
import pytest
from app_harness import Phone, texts, walk

from scorekeeper import rules
from scorekeeper.app import ids

NAMES = ["Ala", "Bartek", "Celina", "Darek"]
ELEVEN = ["Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip", "Gosia", "Henryk", "Iza",
          "Janek", "Kasia"]


def game_of(phone: Phone) -> rules.Game:
    return phone.session.game.game


def big_game(phone: Phone, names: list[str], hands: list[list[int]]) -> str:
    variant = "cancellation" if len(names) > 7 else "standard"
    phone.go("/new")
    while phone.session.form.count < len(names):
        phone.tap(ids.ADD_PLAYER)
    for seat, name in enumerate(names):
        phone.type(ids.PLAYER_NAME.format(seat=seat), name)
    phone.tap(ids.VARIANT.format(variant=variant))
    phone.tap(ids.START_GAME)
    gid = phone.session.game.id
    for points in hands:
        phone.enter_points(points)
    return gid


# --- 2: nothing is cut: every banner and standings line can wrap ----------------------------------


def unwrappable(control: object) -> list[str]:
    """Texts with words that sit in a row that neither wraps nor lets them expand: at
    360 px such a text is cut at the card's edge instead of going on a second line."""
    found = []
    for row in walk(control):
        if not isinstance(row, ft.Row) or row.wrap:
            continue
        for c in row.controls:
            if isinstance(c, ft.Text) and isinstance(c.value, str) and not c.expand \
                    and any(ch.isalpha() for ch in c.value):
                found.append(c.value)
    return found


@pytest.mark.parametrize("lang", ["en", "pl", "lt"])
def test_every_banner_and_standings_line_can_wrap(store, lang):
    phone = Phone(store, language=lang)
    phone.new_game(NAMES, target=ids.TARGET.format(value="50"))
    for points in ([3, 13, 10, 0], [0, 0, 13, 13], [1, 2, 3, 20]):
        phone.enter_points(points)
    assert rules.hand_info(game_of(phone), 4).direction is rules.PassDirection.HOLD
    cut = unwrappable(phone.find(ids.BANNER)) + unwrappable(phone.find(ids.TARGET_INFO))
    phone.enter_points([25, 0, 1, 0])  # Ala 29, Darek 33: on to a tie, then an end
    phone.enter_points([0, 13, 0, 13])  # Ala 29, Bartek 28, Celina 27, Darek 46
    phone.enter_points([21, 0, 0, 5])  # 50 28 27 51: over, Celina wins
    assert rules.state(game_of(phone)).game_over
    cut += unwrappable(phone.find(ids.GAME_OVER)) + unwrappable(phone.find(ids.TARGET_INFO))
    assert cut == [], cut


def test_a_tie_at_the_target_says_so_in_a_line_that_wraps(store):
    phone = Phone(store, language="lt")
    phone.new_game(NAMES, target=ids.TARGET.format(value="50"))
    for points in ([25, 0, 1, 0], [25, 0, 1, 0], [0, 2, 0, 24]):
        phone.enter_points(points)  # Ala 50, Bartek 2, Celina 2, Darek 24: tied lowest
    st = rules.state(game_of(phone))
    assert st.standing.tie_for_lowest
    assert unwrappable(phone.find(ids.TIE)) == []


# --- 4: 6 to 11 players on a 360 px phone ----------------------------------------------------------


def scrolling_rows(control: object) -> list[object]:
    return [c for c in walk(control) if isinstance(c, ft.Row) and c.scroll]


@pytest.mark.parametrize("count", [6, 8, 11])
def test_many_players_keep_every_name_and_total_out_of_the_sideways_scroll(phone, count):
    names = ELEVEN[:count]
    half = 13 if count <= 7 else 26  # two players share the hand: no moon
    hands = [[half if s in (h, h + 1) else 0 for s in range(count)] for h in range(3)]
    big_game(phone, names, hands)
    side = phone.find(ids.SIDE_SHEET)
    scrollers = scrolling_rows(side)
    assert len(scrollers) == 1  # the hands, and only they, scroll sideways
    inside = {c.identifier for c in walk(scrollers[0]) if isinstance(c, ft.Semantics)}
    st = rules.state(game_of(phone))
    for seat, name in enumerate(names):
        assert ids.PLAYER_HEADER.format(seat=seat) not in inside
        assert ids.TOTAL.format(seat=seat) not in inside
        assert name in phone.text(ids.PLAYER_HEADER.format(seat=seat))
        assert phone.text(ids.TOTAL.format(seat=seat)) == str(st.totals[seat])
    # the fixed part leaves room for hands beside it on a 360 px screen (16 px margins,
    # 8 px card padding each side)
    from scorekeeper.app.views import sheet_parts

    name, total = sheet_parts.side_widths(phone.ui, game_of(phone), st)
    fixed = name + total + sheet_parts.SIDE_EXTRA
    divider = 1 + 2 * 3
    assert fixed + divider + 2 * 16 + 2 * 8 + \
        sheet_parts.SIDE_HANDS_SHOWN * sheet_parts.HAND_COL <= 360
    assert "swipe" not in phone.screen_text()  # three hands: all in view
    for number in range(1, 4):
        assert ids.HAND_ROW.format(n=number) in inside
        for seat in range(count):
            assert phone.text(ids.CELL.format(n=number, seat=seat)) == \
                str(st.hands[number - 1].scores[seat])


def test_more_hands_than_fit_say_that_the_earlier_ones_are_a_swipe_away(phone):
    big_game(phone, ELEVEN[:6], [[13, 13, 0, 0, 0, 0]] * 4)
    assert "Earlier hands: swipe →" in phone.screen_text()


def test_a_hand_of_a_big_game_opens_for_editing_from_its_column(phone):
    big_game(phone, ELEVEN[:6], [[13, 13, 0, 0, 0, 0]])
    phone.tap(ids.HAND_ROW.format(n=1))
    assert phone.screen == "hand" and phone.session.entry.index == 0


# --- 5: leads, tied, at the target; the trophy only for a winner -------------------------------------


def icons(control: object) -> list[object]:
    return [c.icon for c in walk(control) if isinstance(c, ft.Icon)]


def test_one_leader_is_marked_in_words_without_a_trophy(phone):
    phone.new_game(NAMES)
    phone.enter_points([3, 13, 10, 0])
    assert phone.text(ids.LEADER.format(seat=3)) == "leads"
    assert phone.find(ids.LEADER.format(seat=3)).label == "Leads with the lowest total"
    assert [phone.has(ids.LEADER.format(seat=s)) for s in range(4)] == [False] * 3 + [True]
    assert ft.Icons.EMOJI_EVENTS not in icons(phone.view)


def test_a_tie_shows_who_is_tied_and_who_reached_the_target(phone):
    phone.new_game(NAMES, target=ids.TARGET.format(value="50"))
    for points in ([25, 0, 1, 0], [25, 0, 1, 0], [0, 2, 0, 24]):
        phone.enter_points(points)
    st = rules.state(game_of(phone))
    assert st.standing.tie_for_lowest and st.leaders == (1, 2)
    assert [phone.text(ids.LEADER.format(seat=s)) for s in st.leaders] == ["tied", "tied"]
    assert phone.find(ids.LEADER.format(seat=1)).label == "Tied for the lowest total"
    reached = rules.at_target(st.totals, 50)
    assert reached == (0,)
    assert [phone.has(ids.AT_TARGET.format(seat=s)) for s in range(4)] == \
        [s in reached for s in range(4)]
    assert phone.find(ids.AT_TARGET.format(seat=0)).label == "Reached the target"
    assert ft.Icons.EMOJI_EVENTS not in icons(phone.view)  # two trophies read as two winners
    phone.enter_points([0, 13, 0, 13])  # Bartek 15, Celina 2: over, Celina wins
    st = rules.state(game_of(phone))
    assert st.game_over and st.winner == 2
    assert ft.Icons.EMOJI_EVENTS in icons(phone.find(ids.LEADER.format(seat=2)))
    assert not any(phone.has(ids.LEADER.format(seat=s)) for s in (0, 1, 3))


def test_big_games_show_the_same_marks(phone):
    big_game(phone, ELEVEN[:6], [[13, 13, 0, 0, 0, 0]])
    leaders = rules.state(game_of(phone)).leaders
    assert [phone.text(ids.LEADER.format(seat=s)) for s in leaders] == ["tied"] * 4


# --- 6: words on every control a newcomer must guess -----------------------------------------------


def test_changes_start_over_and_the_rest_have_visible_words(store):
    for lang, words in (("en", ["Changes", "Start over", "The rest"]),
                        ("pl", ["Zmiany", "Od nowa", "Reszta"])):
        phone = Phone(store, language=lang)
        phone.new_game(NAMES)
        assert words[0] in texts(phone.find(ids.CHANGE_LOG))
        phone.tap(ids.ENTER_HAND)
        assert words[1] in texts(phone.find(ids.CLEAR_HAND))
        assert words[2] in texts(phone.find(ids.GIVE_REST.format(seat=0)))
        phone.tap(ids.CLEAR_HAND)  # still does what it did
        assert phone.screen == "hand"


# --- 11: game cards tell games apart --------------------------------------------------------------


def test_home_lists_a_game_without_hands_as_not_started(store):
    phone = Phone(store)
    empty = phone.new_game(NAMES)
    played = phone.new_game(NAMES)
    phone.enter_points([3, 13, 10, 0])
    phone.enter_points([0, 0, 13, 13])
    phone.go("/")
    card = phone.text(ids.RESUME.format(game_id=empty))
    assert "Not started" in card and "0 hands" not in card
    shown = texts(phone.view)
    # the empty game comes under its own heading, after the unfinished ones
    assert shown.index("Unfinished games") < shown.index(NAMES[0] + ", " + ", ".join(NAMES[1:]))
    sections = [t for t in shown if t in ("Unfinished games", "Games not started yet",
                                          "Not started")]
    # the heading for games with hands, then the heading of games not started (plural in
    # pl and lt) and "Not started" on the card
    assert sections == ["Unfinished games", "Games not started yet", "Not started"]
    played_card = phone.text(ids.RESUME.format(game_id=played))
    st = rules.state(store.get(played).game)
    leader = NAMES[st.leaders[0]]
    assert len(st.leaders) == 1 and f"{leader} leads" in played_card
    assert "2 hands played" in played_card
    created = store.get(played).created
    assert "Started " in played_card and created not in played_card


def test_history_cards_say_who_leads_when_tied(store):
    phone = Phone(store, language="pl")
    gid = phone.new_game(NAMES)
    phone.enter_points([13, 13, 0, 0])
    phone.go("/history")
    card = phone.text(ids.HISTORY_GAME.format(game_id=gid))
    assert "Ex aequo najniższy wynik: Celina, Darek" in card


# --- 12: running totals on the sheet, in every language ------------------------------------------


@pytest.mark.parametrize("lang, note", [("en", "running total"), ("pl", "suma punktów"),
                                        ("lt", "taškų suma")])
def test_every_hand_shows_the_running_totals(store, lang, note):
    phone = Phone(store, language=lang)
    phone.new_game(NAMES)
    for points in ([3, 13, 10, 0], [0, 0, 13, 13], [26, 0, 0, 0]):
        phone.enter_points(points)
    running = rules.running_totals(game_of(phone))
    for number, totals in enumerate(running, 1):
        for seat, total in enumerate(totals):
            shown = phone.text(ids.RUNNING.format(n=number, seat=seat))
            assert shown == str(total).replace("-", "\u2212")
    assert note in phone.screen_text()
