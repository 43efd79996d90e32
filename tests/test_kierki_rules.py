"""Kierki's rules: the contracts' values, a table's own rules, the schedule, the checks
of a deal (each refusal with its code, the hand and the player), scoring, the end and
the winners, against the matches worked out by hand (tests/kierki_matches.py)."""

from __future__ import annotations

import pytest

import kierki_matches as km
from scorekeeper import formats, rules
from scorekeeper.rules import (KIERKI, Contract, Deal, Hand, KierkiRules, LastTricks, Lottery,
                               Rules, RulesError, Variant)

NAMES = km.PLAYERS


def classic(deals: int | None = None) -> rules.Game:
    return formats.game_from_dict(km.classic_file(deals))


def refused(game: rules.Game, deal: object) -> RulesError:
    problem = rules.check_hand(game, deal)  # type: ignore[arg-type]
    assert isinstance(problem, RulesError)
    with pytest.raises(RulesError) as raised:
        game.add_hand(deal)  # type: ignore[arg-type]
    assert raised.value.code == problem.code
    return problem


@pytest.mark.parametrize("players, totals", [
    (4, {"no_tricks": -260, "no_hearts": -260, "no_queens": -240, "no_kings_jacks": -240,
         "no_king_of_hearts": -150, "no_last_tricks": -150, "robber": -1300,
         "trumps": 325, "lottery": 1300}),
    (3, {"no_tricks": -255, "no_hearts": -260, "no_queens": -240, "no_kings_jacks": -240,
         "no_king_of_hearts": -140, "no_last_tricks": -140, "robber": -1275,
         "trumps": 425, "lottery": 1275}),
])
def test_each_contracts_values_and_units_as_the_issue_tables_them(players, totals):
    for contract, total in totals.items():
        assert rules.terms(contract, players).total == total
    assert rules.terms("no_tricks", players).units == ((13,) if players == 4 else (17,))
    assert rules.terms("no_tricks", players).value == (-20 if players == 4 else -15)
    assert rules.terms("no_last_tricks", players).values == ((-75,) if players == 4 else (-70,))
    last = rules.terms("no_last_tricks", players, LastTricks.LAST)
    assert (last.values, last.units) == (((-150,) if players == 4 else (-140,)), (1,))
    assert rules.terms("no_last_tricks", players, LastTricks.LAST_TWO).total == totals[
        "no_last_tricks"]
    assert rules.terms("robber", players, LastTricks.LAST).total == totals["robber"]
    assert rules.terms("trumps", players).value == 25
    prizes = {4: ((800, 500), (200, 125)), 3: ((790, 485), (250, 175))}[players]
    assert rules.terms("lottery", players).prizes == prizes[0]
    assert rules.terms("lottery", players, lottery=Lottery.EACH_DEALER).prizes == prizes[1]
    with pytest.raises(RulesError) as e:
        rules.terms("lottery", players, lottery="none")
    assert e.value.code == "no_lottery"


def test_the_classic_match_worked_by_hand():
    game = classic()
    st = rules.state(game)
    assert [list(hs.scores) for hs in st.hands] == [d[3] for d in km.CLASSIC_DEALS]
    assert [list(row) for row in rules.running_totals(game)] == km.CLASSIC_RUNNING
    assert list(st.totals) == km.CLASSIC_TOTALS and sum(st.totals) == km.CLASSIC_SUM
    assert st.game_over and st.next_hand is None
    assert st.players[st.winner] == km.CLASSIC_WINNER and st.winners == (2,)
    for number, (contract, dealer, leader, _) in enumerate(km.CLASSIC_DEALS, 1):
        info = rules.hand_info(game, number)
        assert (info.contract.value, NAMES[info.dealer], NAMES[info.leader]) == (
            contract, dealer, leader)
        assert info.trump_namer == (info.dealer if contract == "trumps" else None)
        assert info.deals == 12 and info.series == 1 and not info.passes
    assert rules.sum_check(game) == rules.SumCheck(0, 0, 0)


def test_the_three_player_match_worked_by_hand():
    game = formats.game_from_dict(km.THREE_FILE)
    st = rules.state(game)
    assert [list(hs.scores) for hs in st.hands] == [d[3] for d in km.THREE_DEALS]
    assert list(st.totals) == km.THREE_TOTALS and sum(st.totals) == 0
    assert st.players[st.winner] == km.THREE_WINNER
    for number, (contract, dealer, leader, _) in enumerate(km.THREE_DEALS, 1):
        info = rules.hand_info(game, number)
        assert (info.contract.value, game.players[info.dealer],
                game.players[info.leader]) == (contract, dealer, leader)
    plan = rules.deck_plan(KIERKI, 3)
    assert [str(c) for c in plan.removed] == ["2♣"] and plan.cards_each == 17
    assert plan.first_lead is None and rules.deck_plan(KIERKI, 4).cards_each == 13


def test_the_next_deal_is_announced_with_its_contract_dealer_leader_and_trump_namer():
    st = rules.state(classic(4))
    n = st.next_hand
    assert (n.number, n.contract, NAMES[n.dealer], NAMES[n.leader], n.trump_namer,
            n.deals, n.series) == (5, Contract.NO_KING_OF_HEARTS, "Ala", "Bartek", None, 12, 1)
    assert n.pass_cards == 0 and n.direction is rules.PassDirection.HOLD
    assert not st.game_over and st.winner is None and st.winners == ()
    assert st.leaders == (0,)  # Ala's -220 is the highest total so far
    trump = rules.state(classic(8)).next_hand
    assert (trump.contract, NAMES[trump.dealer], NAMES[trump.trump_namer]) == (
        Contract.TRUMPS, "Ala", "Ala")


def test_equal_highest_totals_share_the_win():
    assert rules.kierki_standing([100, -50, 100, -150], True).winners == (0, 2)
    shared = rules.kierki_standing([100, -50, 100, -150], True)
    assert shared.winner is None and shared.shared and shared.game_over
    going = rules.kierki_standing([100, -50, 100, -150], False)
    assert not going.game_over and going.winners == () and going.leaders == (0, 2)
    assert rules.places([210, -345, 430, -295], highest_first=True) == (2, 4, 1, 3)
    assert rules.standings_order([210, -345, 430, -295], highest_first=True) == (2, 0, 3, 1)
    assert rules.places([5, 5, 1]) == (2, 2, 1)  # Hearts: lowest first, as before


def test_no_deal_after_the_last_one():
    game = classic()
    problem = refused(game, Deal("no_tricks", [13, 0, 0, 0]))
    assert problem.code == "game_over" and problem.hand == 13
    assert "Celina won" in str(problem)


@pytest.mark.parametrize("deals, deal, code, player", [
    (0, Deal("no_hearts", [3, 5, 0, 5]), "contract_order", None),
    (0, Deal("no_tricks", [2, 3, 4]), "taken_count", None),
    (0, Deal("no_tricks", [2, 3, 4, 4.0]), "taken_type", "Darek"),
    (0, Deal("no_tricks", [2, 3, 4, True]), "taken_type", "Darek"),
    (0, Deal("no_tricks", [14, -1, 0, 0]), "taken_range", "Ala"),
    (0, Deal("no_tricks", [2, 3, 4, 5]), "taken_total", None),
    (1, Deal("no_hearts", [3, 5, 0, 4]), "taken_total", None),
    (4, Deal("no_king_of_hearts", [1, 1, 0, 0]), "taken_total", None),
    (4, Deal("no_king_of_hearts", [2, 0, 0, 0]), "taken_range", "Ala"),
    (5, Deal("no_last_tricks", [3, 0, 0, 0]), "taken_range", "Ala"),
    (0, Deal("no_tricks", [2, 3, 4, 4], trump="spades"), "trump_stray", None),
    (0, Deal("no_tricks", [2, 3, 4, 4], out=(0, 1)), "out_stray", None),
    (0, Deal("no_tricks", {**km.ROBBER}), "taken_type", None),
    (6, Deal("robber", [3, 3, 4, 3]), "robber_taken", None),
    (6, Deal("robber", {**km.ROBBER, "hearts": [6, 2, 3, 1]}), "taken_total", None),
    (6, Deal("robber", {**km.ROBBER, "tricks": [0, 3, 7, 3]}), "robber_no_trick", "Ala"),
    (6, Deal("robber", {**km.ROBBER, "king_of_hearts": [0, 0, 0, 1], "hearts": [6, 2, 5, 0]}),
     "robber_king_of_hearts", "Darek"),
    (6, Deal("robber", {**km.ROBBER, "tricks": [3, 1, 4, 5], "last_tricks": [1, 0, 0, 1],
                         "hearts": [3, 5, 3, 2]}),
     "robber_cards", "Bartek"),
    (6, Deal("robber", {**km.ROBBER, "tricks": [1, 5, 4, 3], "last_tricks": [2, 0, 0, 0],
                         "hearts": [2, 6, 3, 2], "kings_jacks": [1, 2, 3, 2],
                         "queens": [1, 1, 1, 1], "king_of_hearts": [0, 1, 0, 0]}),
     "robber_last_tricks", "Ala"),
    (11, Deal("lottery", out=(2, 2)), "out_same", "Celina"),
    (11, Deal("lottery", out=(2,)), "out_count", None),
    (11, Deal("lottery", out=(2, 7)), "out_player", None),
    (11, Deal("lottery", [1, 0, 0, 0], out=(2, 0)), "taken_stray", None),
    (0, Hand((26, 0, 0, 0)), "hand_kind", None),
])
def test_a_deal_that_does_not_add_up_is_refused_with_its_reason(deals, deal, code, player):
    game = classic(deals)
    problem = refused(game, deal)
    assert (problem.code, problem.hand, problem.player) == (code, deals + 1, player)
    assert str(problem).startswith(f"hand {deals + 1}: ")


def test_a_robber_counted_card_by_card_passes_and_the_worst_deals_too():
    game = classic(6)
    # one player takes everything: 13 tricks hold every counted card
    everything = {"tricks": [13, 0, 0, 0], "hearts": [13, 0, 0, 0], "queens": [4, 0, 0, 0],
                  "kings_jacks": [8, 0, 0, 0], "king_of_hearts": [1, 0, 0, 0],
                  "last_tricks": [2, 0, 0, 0]}
    assert rules.check_hand(game, Deal("robber", everything)) is None
    assert rules.state(game.add_hand(Deal("robber", everything))).hands[-1].scores == (
        -1300, 0, 0, 0)
    # one trick of four cards can hold at most four counted cards (with the Q♥ shared)
    assert rules.kierki.least_cards(1, 1, 2) == 3 and rules.kierki.least_cards(0, 4, 0) == 4


def test_a_hearts_hand_is_refused_in_kierki_and_a_deal_in_hearts():
    hearts = rules.Game.new(NAMES, Rules())
    problem = rules.check_hand(hearts, Deal("no_tricks", [2, 3, 4, 4]))  # type: ignore[arg-type]
    assert problem is not None and problem.code == "hand_kind"
    assert rules.points_taken_by_nobody(classic(0), Deal("no_tricks", [2, 3, 4, 4])) == 0


def test_editing_removing_and_inserting_a_deal_checks_every_later_deal():
    game = classic()
    edited = game.replace_hand(0, Deal("no_tricks", [13, 0, 0, 0]))
    assert rules.state(edited).hands[0].scores == (-260, 0, 0, 0)
    assert rules.state(edited).totals[0] == km.CLASSIC_TOTALS[0] - 260 + 40
    with pytest.raises(RulesError) as e:
        game.remove_hand(2)  # the later deals move up a contract: no_kings_jacks is 3rd no more
    assert e.value.code == "contract_order" and e.value.hand == 3
    cut = game.cut(11).remove_hand(10)
    back = cut.insert_hand(10, game.hands[10])
    assert back.hands == game.hands[:11]
    assert rules.check_hand(game.cut(3), Deal("no_queens", [4, 0, 0, 0]), 2) is None
    assert rules.check_hand(game.cut(3), Deal("no_hearts", [4, 0, 0, 0]), 2).code == \
        "contract_order"


def test_the_table_rules_are_checked_and_their_defaults_are_the_usual_game():
    assert KierkiRules() == KierkiRules("once", "seventh_and_last", rules.NEGATIVE, 1)
    bad = [
        ({"lottery": "twice"}, "rules_value"), ({"last_tricks": "first"}, "rules_value"),
        ({"series": 0}, "rules_value"), ({"series": 5}, "rules_value"),
        ({"series": True}, "rules_value"), ({"contracts": "no_tricks"}, "contracts_order"),
        ({"contracts": list(rules.NEGATIVE)[:6]}, "contracts_order"),
        ({"contracts": list(rules.NEGATIVE)[:6] + ["no_tricks"]}, "contracts_order"),
        ({"contracts": list(rules.NEGATIVE)[:6] + ["trumps"]}, "contracts_order"),
        ({"colour": 1}, "unknown_key"),
    ]
    for values, code in bad:
        problem = rules.check_kierki_rules(**values)
        assert problem is not None and problem.code == code, values
    own = KierkiRules(contracts=tuple(reversed(rules.NEGATIVE)))
    assert rules.series_contracts(own, 4)[0] is Contract.ROBBER
    assert rules.match_deals(KierkiRules(), 4) == 12
    assert rules.match_deals(KierkiRules(lottery="each_dealer", series=4), 4) == 60
    assert rules.match_deals(KierkiRules(lottery="none", series=2), 3) == 20


def test_a_kierki_table_has_no_hearts_rule_and_a_hearts_table_no_kierki_rules():
    table = Rules(KIERKI, target=100)
    assert table.target == 0 and table.kierki == KierkiRules() and table.highest_wins
    assert Rules.for_variant("kierki") == table and not Rules().highest_wins
    for kw, code in (({"moon": "shooter_choice"}, "kierki_rules"),
                     ({"queen_breaks_hearts": True}, "kierki_rules"),
                     ({"house": {"tie": "share"}}, "house_variant")):
        with pytest.raises(RulesError) as e:
            Rules(KIERKI, **kw)
        assert e.value.code == code
    with pytest.raises(RulesError) as e:
        Rules(Variant.STANDARD, kierki=KierkiRules())
    assert e.value.code == "kierki_rules"
    assert rules.check_rules("kierki", 4, kierki=KierkiRules(series=2)) is None
    assert rules.check_rules("kierki", kierki="usual").code == "kierki_rules"
    assert rules.check_rules("kierki", 5).code == "player_count"
    assert rules.check_rules("kierki", 3) is None
    with pytest.raises(RulesError) as e:
        rules.Game.new(NAMES + ["Ewa"], table)
    assert e.value.code == "player_count" and str(e.value) == \
        "Kierki is for 3 to 4 players, not 5"
    assert rules.variants_for(4) == (Variant.STANDARD,)  # Kierki is offered on its own
    assert rules.spec("kierki").highest_wins and rules.game_name(KIERKI) == "Kierki"


def test_a_seat_that_changes_name_keeps_its_total_and_its_place_in_the_deal():
    game = classic(2)
    renamed = game.add_hand(Deal("no_queens", [1, 0, 2, 1], seat_changes={3: "Zenon"}))
    st = rules.state(renamed)
    assert st.players == ("Ala", "Bartek", "Celina", "Zenon")
    assert st.totals[3] == -180 - 60 and rules.hand_info(renamed, 4).dealer == 3
    problem = rules.check_hand(renamed, Deal("lottery", out=(3, 3)))
    assert problem.code == "contract_order"


def test_the_worked_example_of_the_manual_is_the_hand_worked_match():
    """docs/kierki.md's sheet: each row's points and the totals are the rules'; the
    lines of the replay it shows are the command's own."""
    import re
    from pathlib import Path

    from scorekeeper.cli.replay import format_table

    page = (Path(__file__).resolve().parents[1] / "docs" / "kierki.md").read_text("utf-8")
    rows = re.findall(r"^\| (\d+) \| ([^|]+) \| ([^|]+) \| [^|]+ \| ([^|]+) \| ([^|]+) \| "
                      r"([^|]+) \| ([^|]+) \|$", page, re.M)
    assert len(rows) == 12
    for (number, _, dealer, *points), (_, want_dealer, _, want) in zip(rows, km.CLASSIC_DEALS):
        assert dealer.split()[0] == want_dealer
        assert [int(p.replace("−", "-")) for p in points] == want, number
    sheet = format_table(classic())
    block = page.split("```text\n", 1)[1].split("```", 1)[0]
    for line in block.splitlines():
        if line.strip() != "...":
            assert line in sheet.splitlines(), line
    assert "**210**" in page and "**430**" in page and "**Celina wins**" in page
