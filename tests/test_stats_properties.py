"""Property tests of the stats across stored games: real games built with rules.Game,
summarised the way the store summarises them, then counted."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from stats_helpers import summarise

from scorekeeper import rules
from scorekeeper.rules import stats

# one person, several spellings: the stats must take them for one player
PEOPLE = {"ala": ["Ala", "ALA", " ala "], "bartek": ["Bartek", "bartek"],
          "celina": ["Celina"], "darek": ["Darek", "DAREK"], "ewa": ["Ewa", "ewa"],
          "filip": ["Filip"], "grażyna": ["Grażyna", "GRAŻYNA"], "henryk": ["Henryk"],
          "iga": ["Iga"], "jurgis": ["Jurgis"], "kotryna": ["Kotryna"], "lech": ["Lech"]}


@st.composite
def hand_points(draw, game: rules.Game) -> tuple[rules.Hand, ...]:
    n = game.seats
    full = rules.max_player_points(game.rules)
    if draw(st.integers(0, 7)) == 0:  # a moon now and then
        shooter = draw(st.integers(0, n - 1))
        points = [full if seat == shooter else 0 for seat in range(n)]
    else:
        exact = rules.spec(game.rules.variant).exact_total
        size = full if exact else draw(st.integers(0, full))
        takers = draw(st.lists(st.integers(0, n - 1), min_size=size, max_size=size))
        counts = Counter(takers)
        points = [counts[seat] for seat in range(n)]
    choice = None
    if (rules.moon_shooter(game.rules, points) is not None
            and game.rules.moon is rules.MoonRule.SHOOTER_CHOICE):
        choice = draw(st.sampled_from(list(rules.MoonChoice)))
    return rules.Hand(tuple(points), choice)


@st.composite
def games(draw) -> rules.Game:
    variant = draw(st.sampled_from(list(rules.Variant)))
    s = rules.spec(variant)
    count = draw(st.integers(s.min_players, s.max_players))
    keys = draw(st.permutations(sorted(PEOPLE)))[:count]
    names = [draw(st.sampled_from(PEOPLE[k])) for k in keys]
    game = rules.Game.new(names, rules.Rules(variant, draw(st.integers(1, 60)),
                                             draw(st.sampled_from(list(rules.MoonRule)))),
                          draw(st.integers(0, count - 1)))
    for _ in range(draw(st.integers(0, 25))):  # most finish; some stop half way
        if rules.state(game).game_over:
            break
        game = game.add_hand(draw(hand_points(game)))
    return game


@st.composite
def tables(draw) -> list[tuple[rules.Game, object]]:
    """Games and their summaries (some deleted), with increasing creation dates."""
    out = []
    for i, game in enumerate(draw(st.lists(games(), max_size=10))):
        created = f"2026-01-01T12:00:00.{i:06d}Z"
        out.append((game, summarise(game, f"g{i}", created, deleted=draw(st.booleans()))))
    return out


def counted(table):
    return [(g, s) for g, s in table if s.finished and not s.deleted]


@settings(max_examples=100, deadline=None)
@given(tables())
def test_wins_add_up_to_the_finished_games(table):
    result = stats.compute(s for _, s in table)
    assert result.games == len(counted(table))
    assert sum(p.wins for p in result.players) == result.games
    assert result.games + result.left_out == len(table)
    assert sum(p.games for p in result.players) == sum(g.seats for g, _ in counted(table))


@settings(max_examples=100, deadline=None)
@given(tables())
def test_a_players_points_are_the_sum_of_their_hand_scores(table):
    result = stats.compute(s for _, s in table)
    points: Counter[str] = Counter()
    hands: Counter[str] = Counter()
    moons: Counter[str] = Counter()
    for game, _ in counted(table):
        for hs in rules.state(game).hands:
            for seat, score in enumerate(hs.scores):
                points[rules.normalise_name(game.players[seat])] += score
            if hs.moon is not None:
                moons[rules.normalise_name(game.players[hs.moon.player])] += 1
        for name in game.players:
            hands[rules.normalise_name(name)] += len(game.hands)
    assert {p.key: p.points for p in result.players} == dict(points)
    assert {p.key: p.hands for p in result.players} == dict(hands)
    assert {p.key: p.moons for p in result.players if p.moons} == dict(moons)
    for p in result.players:
        assert p.best.total <= p.worst.total
        assert p.best.total * p.games <= p.points <= p.worst.total * p.games
        assert 1 <= p.average_place <= rules.MAX_PLAYERS and 0 <= p.win_rate <= 1


@settings(max_examples=100, deadline=None)
@given(tables(), st.data())
def test_head_to_head_is_symmetric(table, data):
    result = stats.compute(s for _, s in table)
    names = [p.name for p in result.players] + ["Zenon"]
    for _ in range(5):
        a = data.draw(st.sampled_from(names))
        b = data.draw(st.sampled_from(PEOPLE.get(rules.normalise_name(a), [a]) + names))
        ab, ba = result.head_to_head(a, b), result.head_to_head(b, a)
        assert (ab.first, ab.second) == (ba.second, ba.first)
        assert (ab.games, ab.first_ahead, ab.second_ahead, ab.ties) == \
            (ba.games, ba.second_ahead, ba.first_ahead, ba.ties)
        assert ab.games == ab.first_ahead + ab.second_ahead + ab.ties
        together = [g for g, _ in counted(table) if {rules.normalise_name(a),
                    rules.normalise_name(b)} <= {rules.normalise_name(n) for n in g.players}
                    and rules.normalise_name(a) != rules.normalise_name(b)]
        assert ab.games == len(together)


@settings(max_examples=100, deadline=None)
@given(tables(), st.sampled_from([None, *rules.Variant]),
       st.sampled_from([None, *range(rules.MIN_PLAYERS, rules.MAX_PLAYERS + 1)]))
def test_filters_only_ever_remove_games(table, variant, count):
    everything = stats.compute(s for _, s in table)
    some = stats.compute((s for _, s in table), variant=variant, player_count=count)
    assert set(some.game_ids) <= set(everything.game_ids)
    assert some.left_out_unfinished <= everything.left_out_unfinished
    assert some.left_out_deleted <= everything.left_out_deleted
    for p in some.players:
        q = everything.player(p.key)
        assert q is not None
        assert p.games <= q.games and p.wins <= q.wins and p.hands <= q.hands
        assert p.moons <= q.moons
        assert q.best.total <= p.best.total and p.worst.total <= q.worst.total
    kept = {s.id for g, s in counted(table)
            if (variant is None or g.rules.variant == variant)
            and (count is None or g.seats == count)}
    assert set(some.game_ids) == kept
    assert (some.variants, some.player_counts) == (everything.variants,
                                                   everything.player_counts)
