"""Kierki on the stats screen: a choice of game appears once a Kierki match is finished,
Kierki's figures (games, wins, average total and place, the best and worst match, each
contract's average per deal) are those of rules.stats for the Kierki filter, worked out
by hand for the matches of tests/kierki_matches.py, apart from Hearts', in the address,
and in Polish and Lithuanian."""

import sys
from pathlib import Path

from app_harness import Phone

from scorekeeper import formats, rules
from scorekeeper.app import ids
from scorekeeper.rules.stats import compute

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import kierki_matches as km  # noqa: E402


def store_match(store, data):
    game = formats.game_from_dict(data)
    sg = store.create_game(rules.Game.new(game.players, game.rules, game.first_dealer))
    for deal in game.hands:
        sg = store.add_hand(sg.id, deal, sg.version)
    return sg


def hearts(store):
    sg = store.create_game(rules.Game.new(["Ala", "Bartek", "Ewa"], rules.Rules(target=20)))
    for points in [(0, 13, 13), (0, 13, 13)]:
        sg = store.add_hand(sg.id, rules.Hand(points), sg.version)


def test_without_kierki_matches_there_is_no_choice_of_game(phone, store):
    hearts(store)
    store_match(store, km.classic_file(5))  # not finished: nothing to count yet
    phone.go("/stats")
    assert not phone.has(ids.STATS_GAME.format(game="kierki"))
    assert phone.has(ids.STATS_VARIANT.format(variant="any"))


def test_kierki_is_counted_apart_and_shown_per_contract(phone, store):
    hearts(store)
    classic = store_match(store, km.CLASSIC_FILE)
    store_match(store, km.THREE_FILE)
    phone.go("/stats")
    assert phone.checked(ids.STATS_GAME.format(game="hearts"))
    assert "1 finished game counted." in phone.text(ids.STATS_LEFT_OUT)
    assert not phone.has(ids.STATS_CONTRACTS.format(n=0))
    phone.tap(ids.STATS_GAME.format(game="kierki"))
    assert phone.session.route.url() == "/stats?variant=kierki"
    assert phone.checked(ids.STATS_GAME.format(game="kierki"))
    assert not phone.has(ids.STATS_VARIANT.format(variant="any"))  # Kierki has one
    assert "2 finished games counted." in phone.text(ids.STATS_LEFT_OUT)
    want = compute(store.list_games(include_deleted=True), variant="kierki")
    names = [p.name for p in want.players]
    assert names[:2] == ["Bartek", "Celina"]  # a win each, Bartek's listed first by name
    ala = phone.text(ids.STATS_PLAYER.format(n=names.index("Ala")))
    # Ala: 210 and -165 (22.5 a match), 2nd and 3rd; per deal: no tricks -40 and -75
    assert "2 games played · 0 won (0%)" in ala
    assert "22.5 points per match · average place 2.5" in ala
    assert "Best game: 210" in ala and "Worst game: \u2212165" in ala
    per = phone.text(ids.STATS_CONTRACTS.format(n=names.index("Ala")))
    assert "no tricks \u221257.5" in per and "robber \u2212427.5" in per
    assert "trumps 110.7" in per and "lottery 231.2" in per  # 775 / 7, 925 / 4
    darek = phone.text(ids.STATS_CONTRACTS.format(n=names.index("Darek")))
    assert "no queens \u221260.0" in darek and "lottery 0.0" in darek
    phone.tap(ids.STATS_COUNT.format(n=4))
    assert phone.session.route.url() == "/stats?variant=kierki&players=4"
    assert "1 finished game counted." in phone.text(ids.STATS_LEFT_OUT)
    assert phone.text(ids.STATS_PLAYER.format(n=0)).startswith("Celina")
    h2h = phone.text(ids.STATS_H2H)
    assert "Celina and Ala: 1 game together." in h2h and "Celina finished ahead 1 time" in h2h
    phone.tap(ids.STATS_GAME.format(game="hearts"))  # back to Hearts, every count
    assert phone.session.route.url() == "/stats"
    assert classic.id not in phone.session.model.stats.game_ids


def test_kierki_stats_in_polish_and_lithuanian(store):
    store_match(store, km.CLASSIC_FILE)
    pl = Phone(store, "pl", "/stats?variant=kierki")
    celina = pl.text(ids.STATS_CONTRACTS.format(n=0))
    assert "bez króla kier \u2212150,0" in celina and "atu 75,0" in celina
    assert "loteryjka 800,0" in celina
    assert "430,0 pkt na partię" in pl.text(ids.STATS_PLAYER.format(n=0))
    lt = Phone(store, "lt", "/stats?variant=kierki")
    assert "be širdžių karaliaus \u2212150,0" in lt.text(ids.STATS_CONTRACTS.format(n=0))
    assert pl.radio_group_label(ids.STATS_GAME.format(game="kierki")) == "Gra"
