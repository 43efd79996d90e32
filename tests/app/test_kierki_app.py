"""Kierki at the table, through the app's screens (issue 32): a new Kierki game from the
form, the hand-worked classic match entered deal by deal as the table counts it (its
running totals, winner and zero sum as worked on paper), the 3-player match with a
lottery per dealer and the last trick alone, refusals in words (en, pl), editing,
deleting (the last deal only) and undo, the change log, a half-entered deal kept across
a reload, a rematch, the follower phones' card, and the words a screen reader hears."""

from __future__ import annotations

import pytest
from app_harness import Phone
from kierki_phone import counts, enter, fill, km, numbers, start, takers

from scorekeeper import formats, rules
from scorekeeper.app import ids

NAMES = list(km.PLAYERS)


def classic_so_far(phone: Phone, deals: int) -> str:
    gid = start(phone, NAMES)
    for hand in km.CLASSIC_FILE["hands"][:deals]:
        enter(phone, hand, NAMES)
    return gid


def test_the_classic_match_on_the_screens_equals_the_sheet_worked_by_hand(store):
    phone = Phone(store)
    gid = start(phone, NAMES)
    assert phone.text(ids.BANNER).startswith("Deal 1 of 12: no tricks (bez lew)")
    for number, (hand, (contract, dealer, leader, scores), running) in enumerate(zip(
            km.CLASSIC_FILE["hands"], km.CLASSIC_DEALS, km.CLASSIC_RUNNING), 1):
        banner = phone.text(ids.BANNER)
        assert f"Deal {number} of 12" in banner and f"{dealer} deals" in banner, banner
        assert f"{leader} leads" in banner, banner
        if contract == "trumps":
            assert f"{dealer} deals and names trumps" in banner
        enter(phone, hand, NAMES)
        assert [numbers(phone.text(ids.CELL.format(n=number, seat=s)))[0]
                for s in range(4)] == scores, number
        assert phone.totals() == running, number
        assert [numbers(phone.text(ids.RUNNING.format(n=number, seat=s)))[0]
                for s in range(4)] == running
    assert phone.totals() == km.CLASSIC_TOTALS
    assert phone.text(ids.WINNER) == f"{km.CLASSIC_WINNER} wins!"
    standings = [phone.text(ids.STANDING.format(place=p)) for p in range(1, 5)]
    assert standings == ["1. Celina 430", "2. Ala 210", "3. Darek −295", "4. Bartek −345"]
    assert "add up to 0" in phone.text(ids.SUM_CHECK)
    assert not phone.has(ids.ENTER_HAND)
    # the stored game is the hand-worked game file, deal for deal
    stored = store.get(gid).game
    assert stored.hands == formats.game_from_dict(km.CLASSIC_FILE).hands
    assert phone.text(ids.KIERKI_CONTRACT.format(n=8)) == "trumps ♠"
    assert phone.find(ids.HAND_ROW.format(n=5)).label == "Deal 5: no K♥, Ala deals"
    assert "Celina won" in Phone(store, route="/history").screen_text()


def test_three_players_a_lottery_per_dealer_and_the_last_trick_alone(store):
    phone = Phone(store)
    names = km.THREE_FILE["players"]
    start(phone, names, 1, ids.KIERKI_LOTTERY.format(value="each_dealer"),
          ids.KIERKI_LAST.format(value="last"))
    for number, hand in enumerate(km.THREE_FILE["hands"], 1):
        enter(phone, hand, names, "last")
        assert phone.totals() == [sum(d[3][s] for d in km.THREE_DEALS[:number])
                                  for s in range(3)]
    assert phone.totals() == km.THREE_TOTALS
    assert phone.text(ids.WINNER) == f"{km.THREE_WINNER} wins!"


def test_the_new_game_form_offers_kierki_for_three_or_four_and_hides_hearts_options(store):
    phone = Phone(store, route="/new")
    for seat, name in enumerate(NAMES):
        phone.type(ids.PLAYER_NAME.format(seat=seat), name)
    assert phone.has(ids.MOON_RULE.format(rule="add_to_others"))
    phone.tap(ids.VARIANT.format(variant="kierki"))
    assert phone.checked(ids.VARIANT.format(variant="kierki"))
    for hearts_only in (ids.TARGET.format(value="100"), ids.MOON_RULE.format(rule="add_to_others"),
                        ids.QUEEN_BREAKS, ids.HOUSE_RULES, ids.ADD_PLAYER):
        assert not phone.has(hearts_only), hearts_only
    assert phone.checked(ids.KIERKI_LOTTERY.format(value="once"))
    assert phone.radio_group_label(ids.KIERKI_SERIES.format(n=2)) == "Series"
    assert "12 deals" in phone.text(ids.KIERKI_MATCH)
    # the table's own order: the robber first, moved up one place at a time
    for place in range(6, 0, -1):
        phone.tap(ids.KIERKI_ORDER_UP.format(n=place))
    assert phone.text(ids.KIERKI_ORDER.format(n=0)).startswith("1. robber")
    assert phone.spoken(ids.KIERKI_ORDER_DOWN.format(n=0)) == "Move robber (rozbójnik) later"
    assert phone.disabled(ids.KIERKI_ORDER_UP.format(n=0))
    phone.tap(ids.KIERKI_SERIES.format(n=2))
    phone.tap(ids.KIERKI_LOTTERY.format(value="none"))
    assert "22 deals" in phone.text(ids.KIERKI_MATCH)  # (7 + 4) x 2
    # the form is kept for a reload
    again = phone.reload(store)
    assert again.checked(ids.KIERKI_SERIES.format(n=2))
    assert again.text(ids.KIERKI_ORDER.format(n=0)).startswith("1. robber")
    again.tap(ids.KIERKI_ORDER_RESET)
    assert again.text(ids.KIERKI_ORDER.format(n=0)).startswith("1. no tricks")
    again.tap(ids.START_GAME)
    table = again.session.game.game.rules.kierki
    assert table == rules.KierkiRules(lottery="none", series=2)
    # five players: Kierki is not offered
    five = Phone(store, route="/new")
    while five.session.form.count < 5:
        five.tap(ids.ADD_PLAYER)
    assert not five.has(ids.VARIANT.format(variant="kierki"))


def test_a_deal_that_does_not_add_up_is_refused_in_words(store):
    phone = Phone(store)
    start(phone, NAMES)
    phone.tap(ids.ENTER_HAND)
    assert phone.text(ids.SAVE_REASON) == "Nothing is given yet: enter what each player took."
    counts(phone, "tricks", [2, 3, 4, 3])
    assert phone.disabled(ids.SAVE_HAND)
    assert phone.text(ids.SAVE_REASON) == "Tricks: 12 given; a deal has 13."
    assert "1 trick left to give" in phone.text(ids.REMAINING)
    assert phone.disabled(ids.COUNT_KEY.format(n=5))  # 3 + 1 left: no more than 4
    phone.tap(ids.GIVE_REST.format(seat=3))
    assert phone.text(ids.SAVE_REASON) == "The points add up: ready to save."
    phone.tap(ids.SAVE_HAND)
    pl = Phone(store, language="pl", route=phone.session.route.url())
    pl.tap(ids.ENTER_HAND)
    counts(pl, "hearts", [3, 5, 0, 4])
    assert pl.text(ids.SAVE_REASON) == "Kiery: wpisano 12, a w rozdaniu jest 13."


def test_the_robbers_counts_must_be_a_possible_deal(store):
    phone = Phone(store)
    classic_so_far(phone, 6)
    phone.tap(ids.ENTER_HAND)
    fill(phone, km.CLASSIC_FILE["hands"][6], NAMES, "seventh_and_last")
    takers(phone, ("king",), [1, 0, 0, 0])  # the K♥ to Ala ... who has 6 hearts: fine
    assert phone.text(ids.SAVE_REASON) == "The points add up: ready to save."
    counts(phone, "hearts", [0, 2, 3, 8], ids.COUNT_REST)  # ... and now none
    assert phone.disabled(ids.SAVE_HAND)
    assert phone.text(ids.SAVE_REASON) == \
        "Ala took the K♥: it counts among Ala's hearts and kings too."
    assert phone.spoken(ids.COUNT.format(counted="hearts", seat=0)) == \
        "Hearts taken by Ala: 0"
    phone.tap(ids.COUNT.format(counted="hearts", seat=0))
    assert phone.spoken(ids.COUNT_KEY.format(n=3)) == "3 hearts for Ala"
    assert phone.spoken(ids.COUNT_REST) == "Ala gets the rest"
    pl = Phone(store, language="pl", route=phone.session.route.url())  # the draft
    assert pl.text(ids.SAVE_REASON) == \
        "Ala: król kier liczy się też do kierów i panów gracza Ala."


def test_edit_delete_undo_and_the_change_log(store):
    phone = Phone(store)
    gid = classic_so_far(phone, 4)
    # edit deal 2 (hearts 3 5 0 5 -> 5 3 0 5)
    phone.tap(ids.HAND_ROW.format(n=2))
    assert phone.session.route.url() == f"/game/{gid}/deal/2"
    assert [phone.text(ids.COUNT.format(counted="hearts", seat=s)) for s in range(4)] == \
        ["3", "5", "0", "5"]
    phone.tap(ids.COUNT.format(counted="hearts", seat=1))
    phone.tap(ids.COUNT_KEY.format(n=3))  # first one down (the deal holds 13 hearts) ...
    assert phone.text(ids.SAVE_REASON) == "Hearts: 11 given; a deal has 13."
    phone.tap(ids.GIVE_REST.format(seat=0))  # ... then Ala takes the two left
    assert phone.text(ids.COUNT.format(counted="hearts", seat=0)) == "5"
    phone.tap(ids.SAVE_HAND)
    assert phone.text(ids.CELL.format(n=2, seat=0)) == "−100"
    assert phone.totals() == [-260, -210, -230, -300]
    # deleting a deal in the middle is refused in words: the order fixes its contract
    phone.tap(ids.HAND_ROW.format(n=3))
    phone.tap(ids.DELETE_HAND)
    assert phone.dialog is None or not phone.dialog.open
    assert "Only the last deal (4) can be deleted" in phone.text(ids.ERROR)
    phone.tap(ids.BACK)
    # the last deal can: asked, deleted, undone
    phone.tap(ids.HAND_ROW.format(n=4))
    phone.tap(ids.DELETE_HAND)
    phone.tap(ids.CONFIRM)
    assert phone.screen == "sheet" and not phone.has(ids.HAND_ROW.format(n=4))
    assert "Deal 4 deleted." in phone.text(ids.NOTICE)
    phone.tap(ids.UNDO)
    assert phone.has(ids.HAND_ROW.format(n=4))
    assert phone.totals() == [-260, -210, -230, -300]
    # the change log says each deal before and after; a delete is brought back there too
    phone.tap(ids.HAND_ROW.format(n=4))
    phone.tap(ids.DELETE_HAND)
    phone.tap(ids.CONFIRM)
    phone.tap(ids.CHANGE_LOG)
    log = phone.screen_text()
    assert "Deal 4 deleted" in log and "Deal 2 changed" in log
    assert "before: no hearts: Ala 3 · Bartek 5 · Celina 0 · Darek 5" in log
    assert "after: no hearts: Ala 5 · Bartek 3 · Celina 0 · Darek 5" in log
    assert "before: no K, J: Ala 2 · Bartek 3 · Celina 1 · Darek 2" in log
    phone.tap(ids.CHANGE_UNDO)
    assert store.get(gid).game.hands[3] == formats.game_from_dict(km.classic_file(4)).hands[3]


def test_a_half_entered_robber_survives_a_reload(store):
    phone = Phone(store)
    classic_so_far(phone, 6)
    phone.tap(ids.ENTER_HAND)
    counts(phone, "tricks", [3, 3, 4, 3], ids.COUNT_REST)
    takers(phone, ("king",), [0, 1, 0, 0])
    again = phone.reload(store)
    assert again.screen == "kierki_deal"
    assert [again.text(ids.COUNT.format(counted="tricks", seat=s)) for s in range(4)] == \
        ["3", "3", "4", "3"]
    assert again.checked(ids.TAKER.format(slot="king", seat=1))
    assert again.find(ids.COUNT.format(counted="hearts", seat=0)).selected  # moved on
    # a typed address for the wrong kind of entry lands on the deal screen
    gid = again.session.game.id
    typed = Phone(store, route=f"/game/{gid}/hand")
    assert typed.screen == "kierki_deal" and typed.session.route.url() == f"/game/{gid}/deal"


def test_a_rematch_is_the_same_table_with_the_next_first_dealer(store):
    phone = Phone(store)
    start(phone, NAMES, 0, ids.KIERKI_LOTTERY.format(value="each_dealer"),
          ids.KIERKI_ORDER_DOWN.format(n=0))
    gid = phone.session.game.id
    stored = store.get(gid).game
    assert stored.rules.kierki.contracts[0] is rules.Contract.NO_HEARTS
    phone.go(f"/new?from={gid}")
    assert phone.checked(ids.VARIANT.format(variant="kierki"))
    assert phone.checked(ids.FIRST_DEALER_OPTION.format(seat=1))
    assert phone.checked(ids.KIERKI_LOTTERY.format(value="each_dealer"))
    phone.tap(ids.START_GAME)
    again = phone.session.game.game
    assert again.rules == stored.rules and again.first_dealer == 1
    assert "Bartek deals" in phone.text(ids.BANNER)


def test_polish_words_on_the_sheet_and_the_deal(store):
    phone = Phone(store, language="pl")
    start(phone, NAMES)
    for hand in km.CLASSIC_FILE["hands"][:4]:
        enter(phone, hand, NAMES)
    banner = phone.text(ids.BANNER)
    assert banner.startswith("Rozdanie 5 z 12: bez króla kier")
    assert "−150 za króla kier" in banner and "Rozdaje Ala, wychodzi Bartek" in banner
    assert phone.text(ids.KIERKI_CONTRACT.format(n=4)) == "bez panów"
    phone.tap(ids.ENTER_HAND)
    assert "Kto wziął króla kier?" in phone.screen_text()
    assert phone.text(ids.SAVE_HAND) == "Zapisz rozdanie 5"


def test_the_follower_phones_show_the_deal_in_words(store):
    from test_app_roles import LanPhone, follower
    from scorekeeper.app.table.access import Role, TableAccess
    from scorekeeper.app.table.table_roles import LanTable

    lan = LanTable(TableAccess(code="246810", token="T" * 32), port=8550,
                   addresses=["192.168.1.5"])
    host = LanPhone(store, lan, Role.HOST, client="127.0.0.1")
    start(host, NAMES)
    for hand in km.CLASSIC_FILE["hands"][:7]:
        enter(host, hand, NAMES)
    p = follower(store, lan)
    assert p.screen == "table"
    assert p.text(ids.TABLE_PASS) == "trumps (atu)"
    assert p.text(ids.TABLE_DEALER) == "Darek deals and names trumps, Ala leads"
    assert p.find(ids.TABLE_HAND.format(n=7)).label == "Deal 7: robber, Celina deals"
    assert p.find(ids.TABLE_TOTAL.format(seat=3)).label.startswith("Darek: -595 ")
    # a follower's tap on a deal screen is refused: it lands back on the table
    gid = host.session.game.id
    p.go(f"/game/{gid}/deal")
    assert p.screen == "table"


@pytest.mark.parametrize("lang", ["en", "pl", "lt"])
def test_every_kierki_error_code_has_words(lang):
    from scorekeeper.app.text.i18n import Translator
    from scorekeeper.app.text.messages import RULES_ERROR_FALLBACK, RULES_ERRORS, rules_error

    codes = ["contract_order", "taken_count", "taken_type", "taken_range", "taken_total",
             "robber_taken", "robber_no_trick", "robber_king_of_hearts",
             "robber_last_tricks", "robber_cards", "out_count", "out_player", "out_same",
             "trump_stray", "out_stray", "taken_stray", "hand_kind", "game_over",
             "contracts_order", "kierki_rules", "unknown_contract", "trump_suit",
             "no_lottery"]
    tr = Translator(lang)
    for code in codes:
        assert code in RULES_ERRORS, code
        err = rules.RulesError(code, "x", hand=3, player="Ala", counted="hearts", total=11,
                               expected=13, value=2, max=13, tricks=1, cards=9, winner="Ala")
        text = rules_error(err).text(tr)
        assert text and text != tr._(RULES_ERROR_FALLBACK) and "{" not in text, (code, text)
    for key in ("lottery", "last_tricks", "series"):
        err = rules.RulesError("rules_value", "x", key=key)
        assert rules_error(err).msgid == RULES_ERRORS[f"rules_value:{key}"]
