"""The history's filter by game: every game, Hearts' or Kierki's (kept in the address,
Back returns to it); the search by player finds Kierki matches too (by any name a seat
had), and the variant filter is Hearts' own."""

from __future__ import annotations

import copy
import sys
from pathlib import Path

from app_harness import Phone, walk

from scorekeeper import formats, rules
from scorekeeper.app import ids
from scorekeeper.app.routes import History, parse

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import kierki_matches as km  # noqa: E402


def shown(phone: Phone) -> set[str]:
    prefix = ids.HISTORY_GAME.format(game_id="")
    return {str(c.identifier)[len(prefix):] for root in phone.roots() for c in walk(root)
            if str(getattr(c, "identifier", None) or "").startswith(prefix)}


def seed(store) -> dict[str, str]:
    lived = copy.deepcopy(km.CLASSIC_FILE)
    lived["hands"][3]["seat_changes"] = {"Bartek": "Żaneta"}  # she plays deals 4 to 12
    ids_ = {}
    for key, data in (("classic", lived), ("three", km.three_file(4))):
        ids_[key] = store.create_game(formats.game_from_dict(data)).id
    hearts = store.create_game(rules.Game.new(["Ala", "Ewa", "Ola"], rules.Rules(target=50)))
    cancel = store.create_game(rules.Game.new(["Ala", "B", "C", "D", "E", "F"],
                                              rules.Rules.for_variant("cancellation")))
    ids_.update(hearts=hearts.id, cancellation=cancel.id)
    return ids_


def test_the_filter_by_game_and_the_search_by_player(store):
    games = seed(store)
    phone = Phone(store, route="/history")
    assert phone.checked(ids.HISTORY_GAME_KIND.format(game="all")) and len(shown(phone)) == 4
    assert phone.radio_group_label(ids.HISTORY_GAME_KIND.format(game="kierki")) == "Game"
    phone.tap(ids.HISTORY_GAME_KIND.format(game="kierki"))
    assert shown(phone) == {games["classic"], games["three"]}
    assert phone.routes[-1] == "/history?game=kierki"
    assert not phone.has(ids.HISTORY_VARIANT.format(variant="any"))  # Hearts' variants
    phone.type(ids.HISTORY_SEARCH, "zaneta")  # a name a seat took in deal 4, no accents
    assert shown(phone) == {games["classic"]}
    phone.type(ids.HISTORY_SEARCH, "bartek")  # the name it had before (he plays in both)
    assert shown(phone) == {games["classic"], games["three"]}
    phone.type(ids.HISTORY_SEARCH, "")
    phone.tap(ids.HISTORY_STATUS.format(status="finished"))
    assert shown(phone) == {games["classic"]}
    assert phone.routes[-1] == "/history?status=finished&game=kierki"
    again = Phone(store, route=phone.routes[-1])  # a reload keeps both filters
    assert shown(again) == {games["classic"]}
    phone.tap(ids.HISTORY_STATUS.format(status="all"))
    phone.tap(ids.HISTORY_GAME_KIND.format(game="hearts"))
    assert shown(phone) == {games["hearts"], games["cancellation"]}
    phone.tap(ids.HISTORY_VARIANT.format(variant="cancellation"))
    assert shown(phone) == {games["cancellation"]}
    phone.type(ids.HISTORY_SEARCH, "celina")  # only in Kierki: no Hearts game matches
    assert shown(phone) == set() and "No games match." in phone.screen_text()


def test_the_game_filter_reads_back_from_the_address():
    for route in (History(game="kierki"), History("finished", "played", "hearts")):
        assert parse(route.url()) == route
    assert parse("/history?game=chess") == History()
    assert History(game="all").url() == "/history"


def test_the_filter_in_polish_and_lithuanian(store):
    seed(store)
    pl = Phone(store, "pl", "/history?game=kierki")
    assert pl.radio_group_label(ids.HISTORY_GAME_KIND.format(game="kierki")) == "Gra"
    assert "Kierki" in pl.text(ids.HISTORY_GAME_KIND.format(game="kierki"))
    assert "Hearts" in pl.text(ids.HISTORY_GAME_KIND.format(game="hearts"))
    lt = Phone(store, "lt", "/history")
    assert "Kierki" in lt.text(ids.HISTORY_GAME_KIND.format(game="kierki"))
    assert "Širdys" in lt.text(ids.HISTORY_GAME_KIND.format(game="hearts"))
