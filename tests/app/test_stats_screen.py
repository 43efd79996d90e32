"""The stats screen on a real store: the figures are those of rules.stats, the filters
narrow them, head to head compares any two players, unfinished and deleted games are left
out and counted, and the address keeps the view over a reload."""

import pytest

from scorekeeper import rules
from scorekeeper.app import ids
from scorekeeper.rules import Game, Hand, Rules, Variant
from scorekeeper.rules.stats import compute


def play(store, players, loser_cycle, finish=True, variant=Variant.STANDARD, target=50):
    """Store a game where the seats in ``loser_cycle`` take every point of a hand in turn
    (never a moon: the points are split), to its end or one hand short of it."""
    game_rules = Rules.for_variant(variant, target=target)
    sg = store.create_game(Game.new(list(players), game_rules))
    game = sg.game
    full = rules.max_player_points(game_rules)
    i = 0
    while True:
        pts = [0] * len(players)
        pts[loser_cycle[i % len(loser_cycle)]] = full - 1
        pts[(loser_cycle[i % len(loser_cycle)] + 1) % len(players)] = 1
        hand = Hand(tuple(pts))
        after = game.add_hand(hand)
        if rules.state(after).game_over and not finish:
            return sg
        sg = store.add_hand(sg.id, hand, sg.version)
        game = sg.game
        i += 1
        if rules.state(game).game_over:
            return sg


@pytest.fixture
def games(store):
    four = ["Ala", "Bartek", "Celina", "Darek"]
    play(store, ["ala ", "Bartek", "Celina", "Darek"], [2, 3, 2])  # "ala " is Ala
    play(store, four, [1, 2, 3])
    play(store, four, [0, 2, 3])
    six = ["Ala", "Bartek", "Celina", "Darek", "Ela", "Franek"]
    play(store, six, [0, 1, 2, 3, 4], variant=Variant.CANCELLATION, target=100)  # Franek
    play(store, four, [1, 2], finish=False)  # unfinished
    gone = play(store, four, [1, 2, 3])
    store.delete_game(gone.id)
    return store


def test_stats_are_reached_from_home_and_history(phone, games):
    phone.tap(ids.STATS)
    assert phone.screen == "stats"
    phone.go("/history")
    phone.tap(ids.STATS)
    assert phone.session.route.url() == "/stats"


def test_the_figures_are_the_stats_modules(phone, games):
    phone.go("/stats")
    want = compute(games.list_games(include_deleted=True))
    assert want.games == 4
    for n, p in enumerate(want.players):
        card = phone.text(ids.STATS_PLAYER.format(n=n))
        assert card.startswith(p.name)
        assert f"{p.games} game" in card and f"{p.wins} won" in card
        assert f"({round(100 * p.win_rate)}%)" in card
        assert f"{p.points_per_hand:.1f} points per hand" in card
        assert f"average place {p.average_place:.1f}" in card
        assert f"Best game: {p.best.total}" in card and f"Worst game: {p.worst.total}" in card
    ala = want.player("ALA")
    assert ala is not None and ala.games == 4  # "ala " is Ala: names match as the rules say
    assert ala.name == "Ala"  # the spelling of her latest game
    assert want.players[0].wins == max(p.wins for p in want.players)


def test_unfinished_and_deleted_games_are_said_to_be_left_out(phone, games):
    phone.go("/stats")
    said = phone.text(ids.STATS_LEFT_OUT)
    assert "4 finished games counted." in said
    assert "left out: 1 unfinished, 1 deleted." in said


def test_filters_narrow_the_games_and_stay_in_the_address(phone, games, store):
    phone.go("/stats")
    phone.tap(ids.STATS_VARIANT.format(variant="cancellation"))
    assert phone.session.route.url() == "/stats?variant=cancellation"
    assert "1 finished game counted." in phone.text(ids.STATS_LEFT_OUT)
    assert "left out: 0 unfinished, 0 deleted." in phone.text(ids.STATS_LEFT_OUT)
    assert phone.text(ids.STATS_PLAYER.format(n=0)).startswith("Franek")
    phone.tap(ids.STATS_VARIANT.format(variant="any"))
    phone.tap(ids.STATS_COUNT.format(n=4))
    assert phone.session.route.url() == "/stats?players=4"
    assert "3 finished games counted." in phone.text(ids.STATS_LEFT_OUT)
    assert not phone.has(ids.STATS_PLAYER.format(n=4))  # Ela and Franek only played six
    again = phone.reload(store)
    assert again.session.route.url() == "/stats?players=4"
    assert "3 finished games counted." in again.text(ids.STATS_LEFT_OUT)


def test_head_to_head_of_any_two_players(phone, games):
    phone.go("/stats")
    want = compute(games.list_games(include_deleted=True))
    first, second = want.players[0], want.players[1]
    h = want.head_to_head(first.name, second.name)
    said = phone.text(ids.STATS_H2H)
    assert f"{h.first} and {h.second}: {h.games} games together." in said
    assert f"finished ahead {h.first_ahead} time" in said
    # pick Darek against Celina
    names = [p.name for p in want.players]
    phone.tap(ids.STATS_VS_OPTION.format(seat=0, n=names.index("Darek")))
    phone.tap(ids.STATS_VS_OPTION.format(seat=1, n=names.index("Celina")))
    h = want.head_to_head("Darek", "Celina")
    said = phone.text(ids.STATS_H2H)
    assert f"Darek and Celina: {h.games} games together." in said
    assert h.games == h.first_ahead + h.second_ahead + h.ties
    assert "a=darek" in phone.session.route.url() and "b=celina" in phone.session.route.url()


def test_no_finished_game_yet(phone, store):
    phone.go("/stats?variant=nonsense&players=99")
    assert phone.screen == "stats"
    assert "0 finished games counted." in phone.text(ids.STATS_LEFT_OUT)
    assert "No finished games to count yet." in phone.screen_text()


def test_the_stats_in_polish(store, games):
    from app_harness import Phone

    pl = Phone(store, "pl", "/stats")
    assert "Policzono 4 zakończone gry." in pl.text(ids.STATS_LEFT_OUT)
    assert "pkt na rozdanie" in pl.text(ids.STATS_PLAYER.format(n=0))


def test_each_player_keeps_the_colour_of_their_latest_seat(phone, games):
    from scorekeeper.app.views import palette

    phone.go("/stats")
    model = phone.session.model
    latest = {}
    for g in games.list_games(include_deleted=True):  # newest first
        for seat, name in enumerate(g.players):
            latest.setdefault(rules.normalise_name(name), seat)
    for p in model.stats.players:
        assert model.colour(p.key) == palette.seat_colour(latest[p.key])


def test_many_players_are_drawn_a_page_at_a_time(phone, store):
    from scorekeeper.app.screens.stats import PAGE

    for start in range(0, 15, 3):  # 15 players, in 5 games of 3
        play(store, [f"P{start + i:02d}" for i in range(3)], [0, 1])
    phone.go("/stats")
    assert phone.has(ids.STATS_PLAYER.format(n=PAGE - 1))
    assert not phone.has(ids.STATS_PLAYER.format(n=PAGE))
    assert "15" in phone.text(ids.STATS_MORE)
    phone.tap(ids.STATS_MORE)
    assert phone.has(ids.STATS_PLAYER.format(n=14)) and not phone.has(ids.STATS_MORE)


def test_the_figures_are_counted_once_per_change_of_the_games(phone, games, store):
    from scorekeeper.app.screens import stats as screen

    phone.go("/stats")
    first = phone.session.model.stats
    other = phone.reload(store)  # another tab: the same games, the same figures
    assert other.session.model.stats is first
    sg = play(store, ["Ala", "Bartek", "Zenon"], [0, 1])  # a game finished meanwhile
    other.go("/stats")
    now = other.session.model.stats
    assert now is not first and now.games == first.games + 1
    assert now == screen.compute(store.list_games(include_deleted=True))
    store.delete_game(sg.id)
    other.go("/stats")
    assert other.session.model.stats.games == first.games
    assert other.session.model.stats.left_out_deleted == first.left_out_deleted + 1
