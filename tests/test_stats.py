"""The stats across stored games (scorekeeper.rules.stats), figure by figure, on games
worked out by hand."""

from __future__ import annotations

import dataclasses

import pytest
from stats_helpers import play, summarise

from scorekeeper import rules
from scorekeeper.rules import stats
from scorekeeper.rules.stats import GameRef, HeadToHead

JAN, FEB, MAR, APR, MAY = (f"2026-0{m}-01T12:00:00.000000Z" for m in range(1, 6))

# A: Ala wins on 3; the second hand is Ala's moon. Places Ala 1, Celina 2, Darek 3, Bartek 4.
GAME_A = play(["Ala", "Bartek", "Celina", "Darek"],
              [(3, 13, 10, 0), (26, 0, 0, 0), (0, 13, 0, 13)], target=50)
# B: a tie for lowest at the target, then Bartek's moon wins it. "ALA" is Ala.
GAME_B = play(["ALA", "Bartek", "Ewa"],
              [(10, 10, 6), (0, 13, 13), (13, 0, 13), (0, 26, 0)], target=30)
# C: Celina and Darek share third place (1, 3, 3, 2).
GAME_C = play(["  ala ", "Celina", "Darek", "Filip"], [(0, 10, 10, 6), (1, 12, 12, 1)],
              target=20)
UNFINISHED = play(["Ala", "Bartek", "Celina", "Darek"], [(3, 13, 10, 0)], target=50)
DELETED = play(["Ala", "Bartek", "Celina"], [(26, 0, 0)], target=20)
# Cancellation: Jurgis wins (10, 1, 1, 1, 1, 0).
CANCELLATION = play(["Ala", "Bartek", "Grażyna", "Henryk", "Iga", "Jurgis"],
                    [(10, 0, 0, 0, 0, 0), (0, 1, 1, 1, 1, 0)], target=10,
                    variant="cancellation")


def summaries(*extra):
    return [summarise(GAME_A, "a", JAN), summarise(GAME_B, "b", MAR),
            summarise(GAME_C, "c", FEB), summarise(UNFINISHED, "d", APR),
            summarise(DELETED, "e", MAY, deleted=True), *extra]


def test_the_games_worked_out_by_hand_are_what_the_rules_say():
    assert rules.state(GAME_A).totals == (3, 52, 36, 39)
    assert rules.state(GAME_B).totals == (49, 23, 58)
    assert rules.state(GAME_C).totals == (1, 22, 22, 7)
    assert rules.places((1, 22, 22, 7)) == (1, 3, 3, 2)
    assert rules.state(CANCELLATION).winner == 5
    assert not rules.state(UNFINISHED).game_over and rules.state(DELETED).game_over


def test_each_figure_of_a_player():
    ala = stats.compute(summaries()).player("Ala")
    assert ala is not None
    assert (ala.key, ala.games, ala.wins, ala.hands, ala.points, ala.moons) == \
        ("ala", 3, 2, 9, 3 + 49 + 1, 1)
    assert ala.win_rate == pytest.approx(2 / 3)
    assert ala.points_per_hand == pytest.approx(53 / 9)
    assert ala.average_place == pytest.approx((1 + 2 + 1) / 3)
    assert ala.best == GameRef("c", FEB, 1)
    assert ala.worst == GameRef("b", MAR, 49)


def test_the_other_players():
    result = stats.compute(summaries())
    rows = {p.key: (p.games, p.wins, p.hands, p.points, p.place_sum, p.moons,
                    p.best.total, p.worst.total) for p in result.players}
    assert rows == {
        "ala": (3, 2, 9, 53, 4, 1, 1, 49),
        "bartek": (2, 1, 7, 75, 5, 1, 23, 52),
        "celina": (2, 0, 5, 58, 5, 0, 22, 36),
        "darek": (2, 0, 5, 61, 6, 0, 22, 39),
        "ewa": (1, 0, 4, 58, 3, 0, 58, 58),
        "filip": (1, 0, 2, 7, 2, 0, 7, 7),
    }
    assert result.player("Darek").average_place == 3.0  # a shared third place is third
    assert result.player("Bartek").win_rate == 0.5


def test_players_are_ordered_by_wins_then_games_then_name():
    names = [p.name for p in stats.compute(summaries()).players]
    assert names == ["ALA", "Bartek", "Celina", "Darek", "Ewa", "Filip"]


def test_names_are_matched_as_the_rules_match_them_and_shown_as_last_spelled():
    result = stats.compute(summaries())
    assert result.player(" aLA  ") == result.player("Ala")
    assert result.player("Ala").name == "ALA"  # game b (March) is the most recent
    later = play(["ala", "Bartek", "Ewa"], [(0, 13, 13), (0, 13, 13)], target=20)
    result = stats.compute(summaries(summarise(later, "f", "2026-06-01T00:00:00.000000Z")))
    assert result.player("Ala").name == "ala" and result.player("ALA").games == 4
    assert result.player("Zenon") is None


def test_a_tie_for_best_or_worst_names_the_most_recent_game():
    one = play(["Ala", "Bartek", "Celina"], [(0, 13, 13)], target=10)
    two = play(["Ala", "Bartek", "Celina"], [(0, 13, 13)], target=10)
    result = stats.compute([summarise(two, "two", FEB), summarise(one, "one", JAN)])
    ala, bartek = result.player("Ala"), result.player("Bartek")
    assert ala.best == ala.worst == GameRef("two", FEB, 0)
    assert bartek.best == GameRef("two", FEB, 13)


def test_unfinished_and_deleted_games_are_left_out_and_counted():
    result = stats.compute(summaries())
    assert result.games == 3 and result.game_ids == ("a", "b", "c")
    assert (result.left_out_unfinished, result.left_out_deleted, result.left_out) == (1, 1, 2)
    unfinished_and_deleted = summarise(UNFINISHED, "g", MAY, deleted=True)
    result = stats.compute(summaries(unfinished_and_deleted))
    assert (result.left_out_unfinished, result.left_out_deleted) == (1, 2)  # deleted wins
    # the unfinished game's hand is nowhere in the figures
    assert result.player("Ala").hands == 9


def test_filter_by_player_count():
    result = stats.compute(summaries(summarise(CANCELLATION, "f", APR)), player_count=4)
    assert (result.variant, result.player_count) == (None, 4)
    assert result.game_ids == ("a", "c")
    assert result.player("Ewa") is None and result.player("Ala").games == 2
    # the left-out counts are of the games that pass the filter: the unfinished game has
    # four players, the deleted one three
    assert (result.left_out_unfinished, result.left_out_deleted) == (1, 0)


def test_filter_by_variant():
    extra = summarise(CANCELLATION, "f", APR)
    result = stats.compute(summaries(extra), variant="cancellation")
    assert result.game_ids == ("f",)
    assert result.player("Jurgis").wins == 1 and result.player("Ala").games == 1
    assert result.left_out == 0
    standard = stats.compute(summaries(extra), variant=rules.Variant.STANDARD)
    assert standard.variant == "standard" and standard.game_ids == ("a", "b", "c")
    both = stats.compute(summaries(extra), variant="standard", player_count=3)
    assert both.game_ids == ("b",)


def test_the_filter_choices_are_those_of_every_counted_game_whatever_the_filter():
    extra = summarise(CANCELLATION, "f", APR)
    for kw in ({}, {"variant": "cancellation"}, {"player_count": 5}):
        result = stats.compute(summaries(extra), **kw)
        assert result.variants == ("cancellation", "standard")
        assert result.player_counts == (3, 4, 6)
    assert stats.compute(summaries(extra), player_count=5).games == 0


@pytest.mark.parametrize("kw", [{"variant": "rubber"}, {"player_count": 2},
                                {"player_count": 12}, {"player_count": True},
                                {"player_count": "4"}])
def test_a_filter_that_cannot_match_a_game_is_refused(kw):
    with pytest.raises(rules.RulesError):
        stats.compute(summaries(), **kw)


def test_head_to_head():
    result = stats.compute(summaries())
    assert result.head_to_head("ala", "Bartek") == HeadToHead("ALA", "Bartek", 2, 1, 1, 0)
    assert result.head_to_head("Celina", "Darek") == HeadToHead("Celina", "Darek", 2, 1, 0, 1)
    assert result.head_to_head("Darek", "Celina") == HeadToHead("Darek", "Celina", 2, 0, 1, 1)
    assert result.head_to_head("Filip", "Ala") == HeadToHead("Filip", "ALA", 1, 0, 1, 0)
    assert result.head_to_head("Ewa", "Filip").games == 0  # never at one table
    assert result.head_to_head(" zenon ", "Ala") == HeadToHead("zenon", "ALA", 0, 0, 0, 0)
    assert result.head_to_head("Ala", "ALA").games == 0  # nobody plays themselves


def test_head_to_head_follows_the_filter():
    result = stats.compute(summaries(), player_count=3)
    assert result.head_to_head("Ala", "Bartek") == HeadToHead("ALA", "Bartek", 1, 0, 1, 0)


def test_no_games():
    result = stats.compute([])
    assert (result.games, result.players, result.left_out, result.variants) == (0, (), 0, ())
    assert result.head_to_head("Ala", "Bartek").games == 0


def test_the_result_is_immutable():
    result = stats.compute(summaries())
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.games = 0  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.players[0].wins = 9  # type: ignore[misc]
    with pytest.raises(TypeError):
        result.places_by_player["ala"]["a"] = 4  # type: ignore[index]
    with pytest.raises(TypeError):
        result.places_by_player["zenon"] = {}  # type: ignore[index]
    assert stats.compute(summaries()) == result


def test_a_stored_game_counts_as_the_store_lists_it(tmp_path):
    from scorekeeper.store import GameStore

    store = GameStore(tmp_path / "data")
    a = store.create_game(rules.Game.new(GAME_A.players, GAME_A.rules))
    for hand in GAME_A.hands:
        a = store.add_hand(a.id, hand, a.version)
    b = store.create_game(rules.Game.new(GAME_B.players, GAME_B.rules))
    for hand in GAME_B.hands:
        b = store.add_hand(b.id, hand, b.version)
    gone = store.create_game(rules.Game.new(DELETED.players, DELETED.rules))
    store.add_hand(gone.id, DELETED.hands[0], gone.version)
    store.delete_game(gone.id)
    store.create_game(UNFINISHED)

    result = stats.compute(store.list_games(include_deleted=True))
    assert sorted(result.game_ids) == sorted([a.id, b.id])
    assert (result.left_out_unfinished, result.left_out_deleted) == (1, 1)
    ala = result.player("ala")
    assert (ala.games, ala.wins, ala.points, ala.moons) == (2, 1, 3 + 49, 1)
    assert result.player("Bartek").moons == 1
