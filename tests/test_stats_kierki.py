"""Kierki's stats (``rules.stats.compute(variant="kierki")``), counted apart from Hearts:
games, wins (a shared win for each winner), places from the highest total, the best and
worst match, and per contract each player's average points, on matches worked out by
hand (tests/kierki_matches.py); a seat that changed name gives each player their own
deals; and over any matches, a player's points per contract add up to their totals."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from stats_helpers import play, summarise

import kierki_matches as km
from scorekeeper import formats
from scorekeeper.rules import stats
from scorekeeper.rules.spells import contract_figures, spells
from scorekeeper.rules.stats import GameRef
from test_kierki_properties import matches

JAN, FEB, MAR, APR = (f"2026-0{m}-01T12:00:00.000000Z" for m in range(1, 5))

# The classic match again, but in deal 11 Bartek takes 12 trump tricks and Celina 1
# (totals after it: Ala -415, Bartek -95, Celina -395, Darek -395), and the lottery goes
# out Darek (800), then Bartek (500): Bartek and Darek share the win with 405 each
# (Ala -415, Celina -395; the sum is 0).
SHARED_FILE = copy.deepcopy(km.CLASSIC_FILE)
SHARED_FILE["hands"][10]["taken"] = [0, 12, 1, 0]
SHARED_FILE["hands"][11]["out"] = ["Darek", "Bartek"]
SHARED_TOTALS = (-415, 405, -395, 405)


def kierki(name: str) -> object:
    return formats.game_from_dict({"classic": km.CLASSIC_FILE, "three": km.THREE_FILE,
                                   "shared": SHARED_FILE}[name])


def summaries() -> list:
    hearts = play(["Ala", "Bartek", "Ewa"], [(0, 13, 13), (0, 13, 13)], target=20)
    unfinished = formats.game_from_dict(km.classic_file(5))
    return [summarise(kierki("classic"), "classic", JAN),
            summarise(kierki("three"), "three", FEB),
            summarise(kierki("shared"), "shared", MAR),
            summarise(hearts, "hearts", MAR),
            summarise(unfinished, "unfinished", APR),
            summarise(kierki("classic"), "deleted", APR, deleted=True)]


def test_the_hand_worked_matches_end_as_the_rules_say():
    assert summarise(kierki("shared"), "s").totals == SHARED_TOTALS
    assert summarise(kierki("shared"), "s").winners == ("Bartek", "Darek")
    assert summarise(kierki("classic"), "c").totals == tuple(km.CLASSIC_TOTALS)


def test_kierki_matches_are_counted_apart_from_hearts():
    hearts = stats.compute(summaries())
    assert hearts.game_ids == ("hearts",) and hearts.variants == ("standard",)
    assert hearts.left_out_unfinished == hearts.left_out_deleted == 0
    assert hearts.kierki_games == 3 and not hearts.highest_wins
    assert hearts.player("Ala").games == 1 and hearts.player("Darek") is None
    k = stats.compute(summaries(), variant="kierki")
    assert k.game_ids == ("classic", "three", "shared") and k.highest_wins
    assert (k.left_out_unfinished, k.left_out_deleted, k.kierki_games) == (1, 1, 3)
    assert k.variants == ("kierki",) and k.player_counts == (3, 4)
    assert k.player("Ewa") is None  # she played Hearts only
    assert stats.compute(summaries(), variant="kierki", player_count=3).game_ids == ("three",)


def test_games_wins_places_and_the_best_and_worst_match_per_player():
    k = stats.compute(summaries(), variant="kierki")
    by = {p.name: p for p in k.players}
    # Celina won the classic match, Bartek the 3-player one; Bartek and Darek share one
    assert {n: (p.games, p.wins) for n, p in by.items()} == {
        "Ala": (3, 0), "Bartek": (3, 2), "Celina": (3, 1), "Darek": (2, 1)}
    assert [p.name for p in k.players] == ["Bartek", "Celina", "Darek", "Ala"]
    # places from the highest: classic Ala 2, three Ala 3 (-165 is lowest), shared Ala 4
    assert by["Ala"].place_sum == 2 + 3 + 4 and by["Ala"].average_place == 3.0
    assert by["Bartek"].place_sum == 4 + 1 + 1  # a shared first place counts for each
    assert by["Ala"].best == GameRef("classic", JAN, 210)
    assert by["Ala"].worst == GameRef("shared", MAR, -415)
    assert by["Celina"].best == GameRef("classic", JAN, 430)
    assert by["Celina"].points == 430 + 70 - 395 and by["Celina"].points_per_game == 35.0
    assert by["Darek"].hands == 24  # deals played


def test_per_contract_each_players_average_points_worked_by_hand():
    k = stats.compute(summaries(), variant="kierki")
    ala = k.player("Ala")
    # no_tricks: classic -40, three -75, shared -40 (3 deals)
    assert ala.contracts["no_tricks"] == (3, -155)
    assert ala.contract_average("no_tricks") == pytest.approx(-155 / 3)
    # the robber: classic -345, three -510, shared -345
    assert ala.contracts["robber"] == (3, -1200) and ala.contract_average("robber") == -400
    # trumps: classic 100 75 50 125, three 150 125 150, shared 100 75 50 0
    assert ala.contracts["trumps"] == (11, 350 + 425 + 225)
    # the lottery: classic 500; three 250, 175, 0; shared 0
    assert ala.contracts["lottery"] == (5, 925) and ala.contract_average("lottery") == 185
    darek = k.player("Darek")  # two 4-player matches
    assert darek.contracts["lottery"] == (2, 800) and darek.contracts["trumps"] == (8, 500)
    assert darek.contract_average("no_hearts") == -100
    assert list(darek.contracts) == ["no_tricks", "no_hearts", "no_queens", "no_kings_jacks",
                                     "no_king_of_hearts", "no_last_tricks", "robber",
                                     "trumps", "lottery"]
    assert k.player("Ewa") is None and darek.contract_average("nothing") is None
    assert stats.compute(summaries()).player("Ala").contracts == {}  # Hearts has none


def test_head_to_head_counts_the_higher_total_ahead():
    k = stats.compute(summaries(), variant="kierki")
    h = k.head_to_head("Celina", "Ala")
    assert (h.games, h.first_ahead, h.second_ahead, h.ties) == (3, 3, 0, 0)
    h = k.head_to_head("Bartek", "Darek")
    assert (h.games, h.first_ahead, h.second_ahead, h.ties) == (2, 0, 1, 1)


def test_a_seat_that_changed_name_gives_each_player_their_own_deals():
    data = copy.deepcopy(km.CLASSIC_FILE)
    data["hands"][3]["seat_changes"] = {"Bartek": "Zenon"}  # Zenon plays deals 4 to 12
    game = formats.game_from_dict(data)
    k = stats.compute([summarise(game, "z", JAN)], variant="kierki")
    bartek, zenon = k.player("Bartek"), k.player("Zenon")
    assert bartek.games == zenon.games == 1 and bartek.placed == 0 and zenon.wins == 0
    assert list(bartek.contracts) == ["no_tricks", "no_hearts", "no_queens"]
    assert bartek.contracts["no_hearts"] == (1, -100) and bartek.points == -160
    assert zenon.contracts["robber"] == (1, -445) and "no_tricks" not in zenon.contracts
    assert zenon.contracts["trumps"] == (4, 350) and zenon.points == -185
    assert k.player("Ala").contracts["no_tricks"] == (1, -40)
    h = k.head_to_head("Zenon", "Ala")  # over deals 4 to 12: Zenon -185, Ala 370
    assert (h.games, h.first_ahead, h.second_ahead) == (1, 0, 1)


@settings(max_examples=40, deadline=None)
@given(matches(), st.data())
def test_per_contract_points_add_up_to_each_players_points(match, data):
    _, players, game = match
    hands = list(game.hands)
    for n in range(data.draw(st.integers(0, 3))):  # someone new sits down, deal 1 too
        seat = data.draw(st.integers(0, players - 1))
        at = data.draw(st.integers(1, len(hands)))
        old = hands[at - 1]
        if not old.seat_changes:
            hands[at - 1] = type(old)(old.contract, old.taken, None, old.out,
                                      ((seat, f"Nowy {n}"),))
    game = type(game).new(game.players, game.rules, game.first_dealer, hands)
    k = stats.compute([summarise(game, "g", JAN)], variant="kierki")
    for p in k.players:
        assert sum(points for _, points in p.contracts.values()) == p.points
        assert sum(deals for deals, _ in p.contracts.values()) == p.hands
    found, _ = spells(game)
    figures = contract_figures(game)
    totals = summarise(game, "g").totals
    for column, who in enumerate(found or range(players)):  # the columns: spells, or seats
        want = who.points if found else totals[column]
        assert sum(points[column] for _, _, points in figures) == want
