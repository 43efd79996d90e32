"""The robber's check that counts can come from real cards, against a brute force over
real cards. A card can count for several penalties: the Q♥ is a heart and a queen, the
J♥ a heart and a jack, the K♥ a heart, a king and the K♥ itself (so only its taker can
count it twice). The brute force lists every hand of counted cards a player can hold
(which of the Q♥, K♥ and J♥, how many of the other hearts, queens, kings and jacks) and
searches the whole deal: each of the Q♥, K♥ and J♥ in one player's tricks, every
player's cards within their tricks."""

from __future__ import annotations

import itertools
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_kierki_properties import played

import kierki_matches as km
from scorekeeper import formats, rules
from scorekeeper.rules import Count, Deal, LastTricks, RulesError
from scorekeeper.rules.kierki import holdings, least_cards
from scorekeeper.rules.kierki.checks import check_robber

QH, KH, JH = "Q♥", "K♥", "J♥"


@cache
def real_hands() -> dict[tuple[int, int, int, int], list[tuple[frozenset[str], int]]]:
    """(hearts, queens, kings and jacks, K♥) -> every (Q♥/K♥/J♥ held, counted cards) of
    a real hand with those counts: the 3 double cards, the 10 other hearts, the 3 other
    queens, the 6 other kings and jacks, each taken or not."""
    found: dict[tuple[int, int, int, int], list[tuple[frozenset[str], int]]] = {}
    for size in range(4):
        for tops in itertools.combinations((QH, KH, JH), size):
            for hearts, queens, kj in itertools.product(range(11), range(4), range(7)):
                counts = (hearts + len(tops), queens + (QH in tops),
                          kj + (KH in tops) + (JH in tops), int(KH in tops))
                found.setdefault(counts, []).append(
                    (frozenset(tops), hearts + queens + kj + len(tops)))
    return found


def test_a_players_fewest_cards_are_those_of_the_brute_force_for_every_count():
    for hearts, queens, kj, king in itertools.product(range(14), range(5), range(9), (0, 1)):
        real = real_hands().get((hearts, queens, kj, king), [])
        found = holdings(hearts, queens, kj, king)
        assert bool(found) == bool(real), (hearts, queens, kj, king)
        if real:
            fewest = min(cards for _, cards in real)
            assert min(h.cards for h in found) == fewest
            assert least_cards(hearts, queens, kj, king) == fewest
            assert {(QH in tops, JH in tops, cards) for tops, cards in real} >= \
                {(h.queen, h.jack, h.cards) for h in found}


def brute_force(six: dict[str, list[int]], players: int) -> bool:
    """Can real cards give these robber counts (each adding up already)?"""
    per_trick = players
    options = []
    for seat in range(players):
        tricks = six["tricks"][seat]
        if six["last_tricks"][seat] > tricks:
            return False
        key = (six["hearts"][seat], six["queens"][seat], six["kings_jacks"][seat],
               six["king_of_hearts"][seat])
        options.append([tops for tops, cards in real_hands().get(key, [])
                        if cards <= per_trick * tricks])
    for pick in itertools.product(*options):
        held = [card for tops in pick for card in tops]
        if sorted(held) == sorted((QH, KH, JH)):
            return True
    return False


def verdict(six: dict[str, list[int]], players: int) -> RulesError | None:
    names = tuple(f"P{i}" for i in range(players))
    try:
        check_robber(Deal("robber", six).taken, rules.terms("robber", players), 7, names)
    except RulesError as err:
        return err
    return None


@st.composite
def moved(draw):
    """A robber real cards dealt, then one of a count moved from a player to another
    (so every count still adds up): right or wrong, as the brute force says."""
    players = draw(st.sampled_from([3, 4]))
    counts = draw(played(players, LastTricks.SEVENTH_AND_LAST))
    six = {c.value: list(v) for c, v in counts.items()}
    for _ in range(draw(st.integers(0, 3))):
        count = draw(st.sampled_from([c.value for c in Count]))
        giver = draw(st.integers(0, players - 1))
        taker = draw(st.integers(0, players - 1))
        if six[count][giver] > 0 and giver != taker and (
                count != "king_of_hearts" or six[count][taker] == 0):
            six[count][giver] -= 1
            six[count][taker] += 1
    return players, six


def split(draw, total: int, players: int) -> list[int]:
    """``total`` given out to ``players`` at random (each share 0 or more)."""
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=players - 1,
                                max_size=players - 1)))
    return [b - a for a, b in zip([0, *cuts], [*cuts, total])]


@st.composite
def tight(draw):
    """Counts that each add up, the players but one holding few tricks (1 to 3), the
    counted cards given out at random: many of them no real cards give, many just do."""
    players = draw(st.sampled_from([3, 4]))
    few = [draw(st.integers(1, 3)) for _ in range(players - 1)]
    tricks = [*few, 52 // players - sum(few)]
    order = draw(st.permutations(range(players)))
    six = {"tricks": [tricks[order[seat]] for seat in range(players)]}
    for count, total in (("hearts", 13), ("queens", 4), ("kings_jacks", 8)):
        six[count] = split(draw, total, players)
    six["king_of_hearts"] = [0] * players
    six["king_of_hearts"][draw(st.integers(0, players - 1))] = 1
    six["last_tricks"] = [0] * players
    for _ in range(2):
        six["last_tricks"][draw(st.integers(0, players - 1))] += 1
    return players, six


@settings(max_examples=600, deadline=None)
@given(st.one_of(moved(), tight()))
def test_a_robber_is_accepted_exactly_when_real_cards_can_give_it(case):
    players, six = case
    err = verdict(six, players)
    assert (err is None) == brute_force(six, players), (six, err)
    if err is not None:
        assert err.code.startswith("robber_"), err


def test_one_trick_with_four_hearts_a_queen_and_two_kings_needs_the_k_hearts():
    """4 hearts, 1 queen, 2 kings or jacks in one trick of 4 cards: only with the K♥
    (the K♥, Q♥ and J♥ each counted twice); with the K♥ elsewhere, 5 cards at least."""
    assert least_cards(4, 1, 2, 1) == 4 and least_cards(4, 1, 2, 0) == 5
    base = {"tricks": [1, 4, 4, 4], "hearts": [4, 3, 3, 3], "queens": [1, 1, 1, 1],
            "kings_jacks": [2, 2, 2, 2], "last_tricks": [0, 1, 1, 0]}
    game = formats.game_from_dict(km.classic_file(6))
    ok = Deal("robber", {**base, "king_of_hearts": [1, 0, 0, 0]})
    assert rules.check_hand(game, ok) is None
    wrong = Deal("robber", {**base, "king_of_hearts": [0, 1, 0, 0]})
    problem = rules.check_hand(game, wrong)
    assert problem is not None and (problem.code, problem.player, problem.hand) == \
        ("robber_cards", "Ala", 7)
    assert problem.params["cards"] == 5 and problem.params["tricks"] == 1


@pytest.mark.parametrize("six, code, player", [
    # all four queens (the Q♥ among them) and not a heart: no cards give that
    ({"tricks": [3, 3, 4, 3], "hearts": [0, 6, 4, 3], "queens": [4, 0, 0, 0],
      "kings_jacks": [1, 3, 2, 2], "king_of_hearts": [0, 1, 0, 0],
      "last_tricks": [1, 1, 0, 0]}, "robber_counts", "Ala"),
    # Ala needs both the Q♥ and the J♥ in her one trick, Bartek one of them in his
    ({"tricks": [1, 1, 5, 6], "hearts": [3, 2, 4, 4], "queens": [1, 1, 1, 1],
      "kings_jacks": [2, 2, 2, 2], "king_of_hearts": [0, 0, 1, 0],
      "last_tricks": [0, 0, 1, 1]}, "robber_deal", None),
])
def test_counts_no_real_cards_give_are_refused(six, code, player):
    game = formats.game_from_dict(km.classic_file(6))
    problem = rules.check_hand(game, Deal("robber", six))
    assert problem is not None and (problem.code, problem.player) == (code, player)
    assert not brute_force(six, 4)
