"""Kierki as a paper sheet keeps it, in the rules and the game file: the subtotal line
after the seven negative deals (−2600, with 3 players −2550) and after each series of a
longer match; the three-player trump deal at +20 a trick with the lottery's prizes
following (the match still adds up to 0, in every table); and the refusals of
``scorekeeper replay`` (exit 2, one line) for a robber no real cards give and an unknown
variant."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kierki_matches as km
from scorekeeper import formats, rules
from scorekeeper.cli import main
from scorekeeper.rules import Contract, KierkiRules, LastTricks, Lottery, RulesError
from scorekeeper.rules.kierki.match import subtotals


def test_the_half_time_line_of_the_classic_match_sums_to_minus_2600():
    game = formats.game_from_dict(km.classic_file(6))
    assert subtotals(game) == ()
    game = formats.game_from_dict(km.classic_file(7))
    (line,) = subtotals(game)
    assert (line.kind, line.series, line.after) == ("negative", 1, 7)
    assert line.part == line.totals == (-640, -695, -670, -595)
    assert (line.total, line.expected, line.adds_up) == (-2600, -2600, True)
    # one series: no series line under the last deal (the totals are the sheet's own)
    assert len(subtotals(formats.game_from_dict(km.CLASSIC_FILE))) == 1


def test_with_three_players_the_negative_deals_sum_to_minus_2550():
    game = formats.game_from_dict(km.three_file(7))
    (line,) = subtotals(game)
    assert line.part == (-1015, -780, -755) and line.expected == -2550 == line.total


def test_a_match_of_two_series_has_a_line_after_each_half_and_each_series():
    data = km.classic_file()
    data["rules"]["series"] = 2
    data["hands"] = data["hands"] * 2
    game = formats.game_from_dict(data)
    lines = subtotals(game)
    assert [(s.kind, s.series, s.after) for s in lines] == [
        ("negative", 1, 7), ("series", 1, 12), ("negative", 2, 19), ("series", 2, 24)]
    assert lines[1].part == tuple(km.CLASSIC_TOTALS) and lines[1].expected == 0
    assert lines[2].part == (-640, -695, -670, -595)
    assert lines[2].totals == tuple(t + p for t, p in zip(km.CLASSIC_TOTALS, lines[2].part))
    assert lines[3].totals == tuple(2 * t for t in km.CLASSIC_TOTALS)
    assert all(s.adds_up for s in lines)
    # without the lottery a series gives out −1300, and its line says so
    data["rules"]["lottery"] = "none"
    data["hands"] = [h for h in data["hands"] if h["contract"] != "lottery"]
    lines = subtotals(formats.game_from_dict(data))
    assert [s.expected for s in lines] == [-2600, -1300, -2600, -1300]


def test_the_trump_deal_at_20_a_trick_and_the_lottery_a_fifth_more():
    table = KierkiRules(trump_trick=20)
    game_rules = rules.Rules(rules.KIERKI, kierki=table)
    assert rules.contract_terms(game_rules, 3, Contract.TRUMPS).total == 17 * 20
    assert rules.contract_terms(game_rules, 3, Contract.LOTTERY).prizes == (948, 582)
    each = rules.Rules(rules.KIERKI, kierki=KierkiRules("each_dealer", trump_trick=20))
    assert rules.contract_terms(each, 3, Contract.LOTTERY).prizes == (300, 210)
    assert KierkiRules() == KierkiRules(trump_trick=25)
    for wrong in (15, "20", 20.0, True, None):
        with pytest.raises(RulesError) as e:
            KierkiRules(trump_trick=wrong)
        assert e.value.code == "rules_value" and e.value.params["key"] == "trump_trick"
    assert rules.check_kierki_rules(trump_trick=30).code == "rules_value"


@settings(max_examples=200, deadline=None)
@given(players=st.sampled_from([3, 4]), lottery=st.sampled_from(list(Lottery)),
       last=st.sampled_from(list(LastTricks)), series=st.integers(1, 4),
       trick=st.sampled_from([25, 20]), data=st.data())
def test_a_whole_match_at_either_trump_value_adds_up_as_the_lottery_says(
        players, lottery, last, series, trick, data):
    """Every deal of a match given to random players: with the lottery the totals add up
    to 0 at either trump value; without it, to the negative deals' −1300 (−1275) less
    what the trumps win back."""
    table = KierkiRules(lottery, last, series=series, trump_trick=trick)
    game_rules = rules.Rules(rules.KIERKI, kierki=table)
    total = 0
    for slot in rules.schedule(table, players):
        terms = rules.contract_terms(game_rules, players, slot.contract)
        if slot.contract is Contract.LOTTERY:
            out = data.draw(st.permutations(range(players)))[:2]
            total += sum(rules.score_deal(game_rules, players, rules.Deal(
                slot.contract, out=tuple(out))))
        else:
            total += terms.total
    tricks = 52 // players
    if lottery is Lottery.NONE:
        negative = -1300 if players == 4 else -1275
        won_back = players * tricks * trick  # the trump deals of a series
        assert total == series * (2 * negative + won_back) == \
            rules.match_sum(game_rules, players)
        assert rules.contract_terms(game_rules, players, Contract.TRUMPS).total == \
            tricks * trick
    else:
        assert total == 0 == rules.match_sum(game_rules, players)


def test_a_three_player_match_at_20_a_trick_in_the_game_file_and_replay(tmp_path, capsys):
    data = km.three_file()
    data["rules"]["trump_trick"] = 20
    game = formats.game_from_dict(data)
    written = formats.game_to_dict(game)
    assert written["rules"]["trump_trick"] == 20
    assert formats.game_from_dict(written) == game
    # the usual +25 is not written: a file stays as it was
    assert "trump_trick" not in formats.game_to_dict(formats.game_from_dict(km.THREE_FILE))["rules"]
    path = tmp_path / "three.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    # the trump deals at 20 (6, 5, 6 tricks...), the lotteries at 300 and 210
    assert [h["scores"] for h in got["hands"][7:]] == [
        [120, 100, 120], [100, 140, 100], [120, 120, 100],
        [300, 210, 0], [210, 0, 300], [0, 300, 210]]
    assert got["sum"] == 0 == got["match_sum"] and sum(got["totals"]) == 0
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "trump deals +20 a trick" in out


def test_the_csv_keeps_the_trump_value():
    data = km.three_file()
    data["rules"]["trump_trick"] = 20
    g = {**data, "id": "g1", "created": "2026-12-01T10:00:00Z",
         "updated": "2026-12-01T11:00:00Z"}
    text = formats.export_csv([g])
    assert "trump_trick" in text.splitlines()[0]
    assert "trump_trick" not in formats.export_csv([{**km.three_file(), "id": "g2",
                                                     "created": g["created"],
                                                     "updated": g["updated"]}])
    (back,) = formats.parse_csv(text)
    assert formats.game_from_dict(back).rules.kierki.trump_trick == 20


def run(tmp_path, capsys, data, *extra):
    path = tmp_path / "kierki.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    code = main(["replay", str(path), *extra])
    out, err = capsys.readouterr()
    return code, out, err


ONE_TRICK = {"tricks": [1, 4, 4, 4], "hearts": [4, 3, 3, 3], "queens": [1, 1, 1, 1],
             "kings_jacks": [2, 2, 2, 2], "king_of_hearts": [0, 1, 0, 0],
             "last_tricks": [0, 1, 1, 0]}
REFUSED = [
    ("robber one trick", {"hands": [{"contract": "robber", "taken": ONE_TRICK}]},
     "hand 7: Ala took 1 trick (4 cards) but at least 5 counted cards"),
    ("robber four queens no heart", {"hands": [{"contract": "robber", "taken": {
        "tricks": [3, 3, 4, 3], "hearts": [0, 6, 4, 3], "queens": [4, 0, 0, 0],
        "kings_jacks": [1, 3, 2, 2], "king_of_hearts": [0, 1, 0, 0],
        "last_tricks": [1, 1, 0, 0]}}]}, "hand 7: no cards give Ala 0 hearts, 4 queens"),
    ("robber queen and jack twice", {"hands": [{"contract": "robber", "taken": {
        "tricks": [1, 1, 5, 6], "hearts": [3, 2, 4, 4], "queens": [1, 1, 1, 1],
        "kings_jacks": [2, 2, 2, 2], "king_of_hearts": [0, 0, 1, 0],
        "last_tricks": [0, 0, 1, 1]}}]}, "hand 7: no deal of real cards gives these counts"),
    ("kierky", {"rules": {"variant": "kierky", "contracts": ["no_tricks"]}},
     "rules.variant must be one of standard, cancellation, kierki, not 'kierky'"),
    ("trump trick", {"rules": {"variant": "kierki", "trump_trick": 30}},
     "rules.trump_trick must be one of 25, 20, not 30"),
]


@pytest.mark.parametrize("name, change, message", REFUSED, ids=[r[0] for r in REFUSED])
def test_refused_in_one_line_with_exit_2(tmp_path, capsys, name, change, message):
    data = km.classic_file(6)
    data["hands"] += change.get("hands", [])
    if "rules" in change:
        data["rules"] = change["rules"]
    for extra in ((), ("--json",)):
        code, out, err = run(tmp_path, capsys, data, *extra)
        assert (code, out) == (2, ""), err
        assert message in err, err
        assert err.count("\n") == 1 and "Traceback" not in err
