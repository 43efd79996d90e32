"""Kierki as a paper sheet keeps it, on the app's screens: the lottery's entry never
shows a prize nobody has won and says which place is missing; the sixth contract's
Polish name; the robber's picked count heard as checked and "do wpisania: 0" kept on
one line; the subtotal lines under the negative deals and each series; the K♥'s taker
counted among their hearts and kings at once; a step back in a deal's entry; and the
three-player trump deal at +20 a trick, chosen on the new-game form."""

from __future__ import annotations

import pytest
from app_harness import Phone
from kierki_phone import counts, enter, km, numbers, start, takers

from scorekeeper import formats
from scorekeeper.app import ids

NAMES = list(km.PLAYERS)


def opened(store, data, language="en", deal=None) -> Phone:
    """A stored game (a game file), its next deal's entry (or ``deal`` edited) open."""
    gid = store.create_game(formats.game_from_dict(data)).id
    route = f"/game/{gid}/deal" + ("" if deal is None else f"/{deal}")
    return Phone(store, language=language, route=route)


def hearts_and_kings(phone: Phone, seat: int) -> tuple[int, int]:
    return tuple(int(phone.text(ids.COUNT.format(counted=c, seat=seat)))  # type: ignore
                 for c in ("hearts", "kings_jacks"))


@pytest.mark.parametrize("lang, first, second", [
    ("en", "Tap who went out first.", "Tap who went out second."),
    ("pl", "Dotknij, kto wyszedł pierwszy.", "Dotknij, kto wyszedł drugi."),
    ("lt", "Palieskite, kas išėjo pirmas.", "Palieskite, kas išėjo antras.")])
def test_a_lone_second_out_is_paid_nothing_before_the_first_is_tapped(store, lang, first,
                                                                      second):
    phone = opened(store, km.classic_file(11), lang)
    phone.tap(ids.OUT.format(place=1, seat=0))  # Ala out first ...
    assert numbers(phone.text(ids.PLAYER_POINTS.format(seat=0))) == [800]
    assert phone.text(ids.SAVE_REASON) == second
    phone.tap(ids.OUT.format(place=2, seat=0))  # ... no: Ala out second
    assert not phone.checked(ids.OUT.format(place=1, seat=0))
    assert phone.checked(ids.OUT.format(place=2, seat=0))
    assert [numbers(phone.text(ids.PLAYER_POINTS.format(seat=s))) for s in range(4)] == \
        [[500], [0], [0], [0]]  # the second's prize, and nobody has the first's
    assert phone.disabled(ids.SAVE_HAND) and phone.text(ids.SAVE_REASON) == first
    phone.tap(ids.OUT.format(place=1, seat=2))
    assert [numbers(phone.text(ids.PLAYER_POINTS.format(seat=s))) for s in range(4)] == \
        [[500], [0], [800], [0]]
    assert not phone.disabled(ids.SAVE_HAND)


def test_the_sixth_contract_is_bez_siodmej_i_ostatniej_in_polish(store):
    phone = opened(store, km.classic_file(5), "pl")
    assert "bez siódmej i ostatniej" in phone.screen_text()
    phone.tap(ids.BACK)
    assert phone.text(ids.BANNER).startswith("Rozdanie 6 z 12: bez siódmej i ostatniej")
    sheet = opened(store, km.classic_file(6), "pl")
    sheet.tap(ids.BACK)
    assert sheet.text(ids.KIERKI_CONTRACT.format(n=6)) == "bez 7. i ostatniej"
    assert "siódma" not in sheet.screen_text()
    form = Phone(store, language="pl", route="/new")
    form.tap(ids.VARIANT.format(variant="kierki"))
    assert form.text(ids.KIERKI_ORDER.format(n=5)) == "6. bez siódmej i ostatniej"
    en = Phone(store, route="/new")
    en.tap(ids.VARIANT.format(variant="kierki"))
    assert en.text(ids.KIERKI_ORDER.format(n=5)) == \
        "6. no 7th and last trick (bez siódmej i ostatniej)"


def test_the_robbers_picked_count_is_heard_as_checked_and_to_give_keeps_its_number(store):
    phone = opened(store, km.classic_file(6), "pl")
    assert phone.checked(ids.COUNT.format(counted="tricks", seat=0))
    assert not phone.checked(ids.COUNT.format(counted="tricks", seat=1))
    phone.tap(ids.COUNT.format(counted="hearts", seat=2))
    assert phone.checked(ids.COUNT.format(counted="hearts", seat=2))
    assert not phone.checked(ids.COUNT.format(counted="tricks", seat=0))
    shown = phone.screen_text()
    assert "do wpisania:\u00a013" in shown and "do wpisania: " not in shown
    counts(phone, "tricks", [3, 3, 4, 3], ids.COUNT_REST)
    assert "do wpisania:\u00a00" in phone.screen_text()
    phone.tap(ids.COUNT.format(counted="queens", seat=0))
    phone.tap(ids.COUNT_KEY.format(n=4))
    phone.tap(ids.COUNT.format(counted="queens", seat=1))
    phone.tap(ids.COUNT_KEY.format(n=0))
    assert "do wpisania:\u00a00" in phone.screen_text()


def test_the_half_time_line_under_the_negative_deals(store):
    phone = opened(store, km.classic_file(6))
    phone.tap(ids.BACK)
    assert not phone.has(ids.KIERKI_SUBTOTAL.format(n=7))
    enter(phone, km.CLASSIC_FILE["hands"][6], NAMES)
    line = ids.KIERKI_SUBTOTAL.format(n=7)
    assert [numbers(phone.text(ids.KIERKI_PART.format(n=7, seat=s)))[0] for s in range(4)] \
        == [-640, -695, -670, -595]
    assert "The negative deals add up to −2600, as they must." in phone.text(line)
    assert phone.find(line).label == \
        "negative deals: The negative deals add up to −2600, as they must."
    assert phone.find(ids.KIERKI_PART.format(n=7, seat=1)).label == "Bartek: −695"
    pl = Phone(store, language="pl", route=phone.session.route.url())
    assert "Rozgrywka daje razem −2600, tak jak powinna." in pl.text(line)
    three = opened(store, km.three_file(7), "pl")
    three.tap(ids.BACK)
    assert "−2550" in three.text(ids.KIERKI_SUBTOTAL.format(n=7))


def test_a_match_of_two_series_has_a_line_after_each_series(store):
    data = km.classic_file()
    data["rules"]["series"] = 2
    data["hands"] = data["hands"] * 2
    data["hands"] = data["hands"][:19]
    phone = opened(store, data)
    phone.tap(ids.BACK)
    assert [phone.has(ids.KIERKI_SUBTOTAL.format(n=n)) for n in (7, 12, 19)] == [True] * 3
    series = phone.text(ids.KIERKI_SUBTOTAL.format(n=12))
    assert "series 1" in series and "Series 1 adds up to 0, as a series must." in series
    assert [numbers(phone.text(ids.KIERKI_PART.format(n=12, seat=s)))[0] for s in range(4)] \
        == km.CLASSIC_TOTALS
    assert [numbers(phone.text(ids.KIERKI_PART.format(n=19, seat=s)))[0] for s in range(4)] \
        == [-640, -695, -670, -595]


def test_the_k_hearts_taker_is_counted_among_their_hearts_and_kings_at_once(store):
    phone = opened(store, km.classic_file(6))
    counts(phone, "tricks", [3, 3, 4, 3], ids.COUNT_REST)
    takers(phone, ("king",), [0, 1, 0, 0])  # Bartek took the K♥ ...
    assert hearts_and_kings(phone, 1) == (1, 1)
    takers(phone, ("king",), [0, 0, 1, 0])  # ... no, Celina: it goes with it
    assert hearts_and_kings(phone, 1) == (0, 0) and hearts_and_kings(phone, 2) == (1, 1)
    phone.tap(ids.COUNT.format(counted="hearts", seat=2))  # still editable
    phone.tap(ids.COUNT_KEY.format(n=3))
    takers(phone, ("king",), [0, 0, 0, 1])  # Celina's 3 hearts are her own now
    assert hearts_and_kings(phone, 2) == (3, 0) and hearts_and_kings(phone, 3) == (1, 1)
    # counted before the K♥ is named: the counts stay as entered (the classic robber)
    again = opened(store, km.classic_file(6))
    for counted in ("tricks", "hearts", "queens", "kings_jacks"):
        counts(again, counted, km.ROBBER[counted], ids.COUNT_REST)
    takers(again, ("king",), km.ROBBER["king_of_hearts"])
    takers(again, ("seventh", "last"), km.ROBBER["last_tricks"])
    assert hearts_and_kings(again, 1) == (2, 2)
    assert again.text(ids.SAVE_REASON) == "The points add up: ready to save."


def test_a_step_back_takes_back_the_last_change_only(store):
    phone = opened(store, km.classic_file(6))
    assert not phone.has(ids.STEP_BACK)
    counts(phone, "tricks", [3, 3, 4, 3], ids.COUNT_REST)
    phone.tap(ids.COUNT.format(counted="hearts", seat=0))
    phone.tap(ids.COUNT_KEY.format(n=6))
    takers(phone, ("king",), [0, 1, 0, 0])
    assert phone.spoken(ids.STEP_BACK) == "Step back"
    phone.tap(ids.STEP_BACK)  # the K♥ (and the heart and king it counted) taken back
    assert not phone.checked(ids.TAKER.format(slot="king", seat=1))
    assert hearts_and_kings(phone, 1) == (0, 0)
    assert phone.text(ids.COUNT.format(counted="hearts", seat=0)) == "6"
    phone.tap(ids.STEP_BACK)  # Ala's 6 hearts
    assert phone.text(ids.COUNT.format(counted="hearts", seat=0)) == "0"
    assert [phone.text(ids.COUNT.format(counted="tricks", seat=s)) for s in range(4)] == \
        ["3", "3", "4", "3"]
    phone.tap(ids.CLEAR_HAND)  # starting over is a step too
    assert phone.text(ids.COUNT.format(counted="tricks", seat=2)) == "0"
    phone.tap(ids.STEP_BACK)
    assert phone.text(ids.COUNT.format(counted="tricks", seat=2)) == "4"
    for _ in range(4):
        phone.tap(ids.STEP_BACK)
    assert not phone.has(ids.STEP_BACK) and phone.text(ids.SAVE_REASON) == \
        "Nothing is given yet: enter what each player took."
    pl = opened(store, km.classic_file(1), "pl")
    pl.tap(ids.COUNT.format(counted="hearts", seat=0))
    pl.tap(ids.COUNT_KEY.format(n=3))
    assert pl.spoken(ids.STEP_BACK) == "Cofnij"


def test_three_players_may_play_the_trump_deal_at_20_a_trick(store):
    names = km.THREE_FILE["players"]
    phone = Phone(store, route="/new")
    while phone.session.form.count > 3:
        phone.tap(ids.PLAYER_REMOVE.format(seat=phone.session.form.count - 1))
    for seat, name in enumerate(names):
        phone.type(ids.PLAYER_NAME.format(seat=seat), name)
    phone.tap(ids.VARIANT.format(variant="kierki"))
    assert phone.checked(ids.KIERKI_TRUMP_TRICK.format(value=25))
    assert phone.radio_group_label(ids.KIERKI_TRUMP_TRICK.format(value=20)) == \
        "A trick in a trump deal"
    phone.tap(ids.KIERKI_TRUMP_TRICK.format(value=20))
    assert "948 and 582" in phone.text(ids.KIERKI_LOTTERY.format(value="once"))
    phone.tap(ids.START_GAME)
    game = phone.session.game.game
    assert game.rules.kierki.trump_trick == 20
    # four players: the option is not offered, and the game plays +25
    four = Phone(store, route="/new")
    while four.session.form.count < 4:
        four.tap(ids.ADD_PLAYER)
    for seat, name in enumerate(NAMES):
        four.type(ids.PLAYER_NAME.format(seat=seat), name)
    four.tap(ids.VARIANT.format(variant="kierki"))
    assert not four.has(ids.KIERKI_TRUMP_TRICK.format(value=20))
    assert "800 and 500" in four.text(ids.KIERKI_LOTTERY.format(value="once"))


def test_the_trump_deal_and_the_lottery_at_20_on_the_sheet(store):
    data = km.three_file(7)
    data["rules"]["trump_trick"] = 20  # a lottery per dealer, the last trick alone
    phone = opened(store, data)
    phone.tap(ids.BACK)
    assert "+20 a trick" in phone.text(ids.BANNER)
    for hand in km.THREE_FILE["hands"][7:10]:
        enter(phone, hand, data["players"], "last")
    assert "+300 for the first out, +210 for the second" in phone.text(ids.BANNER)
    for hand in km.THREE_FILE["hands"][10:]:
        enter(phone, hand, data["players"], "last")
    # the trumps 5 less a trick (Ala 17 tricks, Bartek 18, Celina 16), each one's three
    # lottery prizes (425 each) a fifth more
    assert phone.totals() == [-165 - 5 * 17 + 85, 95 - 5 * 18 + 85, 70 - 5 * 16 + 85]
    assert sum(phone.totals()) == 0 and "add up to 0" in phone.text(ids.SUM_CHECK)


def test_a_rematch_keeps_the_trump_value(store):
    data = km.three_file(0)
    data["rules"]["trump_trick"] = 20
    gid = store.create_game(formats.game_from_dict(data)).id
    phone = Phone(store, route=f"/new?from={gid}")
    assert phone.checked(ids.KIERKI_TRUMP_TRICK.format(value=20))
    phone.tap(ids.START_GAME)
    assert phone.session.game.game.rules.kierki.trump_trick == 20


def test_start_a_three_player_match_through_the_form(store):
    phone = Phone(store)
    start(phone, km.THREE_FILE["players"], 1, ids.KIERKI_TRUMP_TRICK.format(value=20))
    assert phone.session.game.game.rules.kierki.trump_trick == 20


@pytest.mark.parametrize("lang", ["en", "pl", "lt"])
def test_the_new_refusals_have_words(lang):
    from scorekeeper import rules
    from scorekeeper.app.text.i18n import Translator
    from scorekeeper.app.text.messages import RULES_ERROR_FALLBACK, rules_error

    tr = Translator(lang)
    for code, params in (("robber_counts", {"player": "Ala"}), ("robber_deal", {}),
                         ("rules_value", {"key": "trump_trick"})):
        text = rules_error(rules.RulesError(code, "x", hand=7, **params)).text(tr)
        assert text and text != tr._(RULES_ERROR_FALLBACK) and "{" not in text, (code, text)
        assert "Ala" in text or code != "robber_counts"
