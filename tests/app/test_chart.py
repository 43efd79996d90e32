"""The score chart built from a real game: its lines are the rules' running totals, the
moon hands are marked on the shooter's line, the target is a line, and the chart says
all of it in words."""

import flet_charts as fch
import pytest

from scorekeeper import rules
from scorekeeper.app.views import chart, palette
from scorekeeper.app import ids
from scorekeeper.app.text.i18n import Translator
from scorekeeper.rules import Game, Hand, MoonChoice, MoonRule, Rules, Variant

from app_harness import walk


def played(players=("Ala", "Bartek", "Celina", "Darek"), target=100,
           moon=MoonRule.SHOOTER_CHOICE) -> Game:
    game = Game.new(list(players), Rules(target=target, moon=moon))
    hands = [
        Hand((5, 8, 13, 0)),
        Hand((0, 26, 0, 0), MoonChoice.ADD_TO_OTHERS),
        Hand((13, 0, 3, 10)),
        Hand((26, 0, 0, 0), MoonChoice.SUBTRACT_FROM_SELF),
        Hand((2, 4, 7, 13)),
        Hand((0, 13, 12, 1)),
        Hand((9, 9, 4, 4)),
    ]
    for hand in hands:
        if not rules.state(game).game_over:
            game = game.add_hand(hand)
    return game


def the_chart(control) -> fch.LineChart:
    found = [c for c in walk(control) if isinstance(c, fch.LineChart)]
    assert len(found) == 1
    return found[0]


def test_the_lines_are_the_rules_running_totals_from_zero():
    game = played()
    tree = chart.score_chart(chart.chart_model(game), Translator("en"))
    lines = the_chart(tree).data_series
    target, players = lines[0], lines[1:]
    assert len(players) == game.seats
    totals = rules.running_totals(game)
    for seat, line in enumerate(players):
        xy = [(p.x, p.y) for p in line.points]
        assert xy[0] == (0, 0)
        assert xy[1:] == [(n, row[seat]) for n, row in enumerate(totals, 1)]
        assert line.color == palette.seat_colour(seat)
    assert {p.y for p in target.points} == {100}
    assert target.dash_pattern


def test_moons_are_marked_on_the_shooters_line_at_their_hand():
    game = played()
    lines = the_chart(chart.score_chart(chart.chart_model(game), Translator("en"))).data_series
    shots = {(n, hs.moon.player) for n, hs in enumerate(rules.state(game).hands, 1)
             if hs.moon is not None}
    assert shots == {(2, 1), (4, 0)}
    marked = {(p.x, seat) for seat, line in enumerate(lines[1:]) for p in line.points
              if isinstance(p.point, fch.ChartSquarePoint)}
    assert marked == shots
    moon_point = lines[2].points[2]
    assert moon_point.tooltip == f"Bartek {rules.running_totals(game)[1][1]}, shot the moon"


def test_the_chart_keeps_room_for_the_target_and_negative_totals():
    game = Game.new(["Ala", "Bartek", "Celina"], Rules(target=50, moon="subtract_from_self"))
    for hand in [(26, 0, 0), (0, 20, 6), (0, 26, 0), (0, 13, 13), (3, 20, 3)]:
        game = game.add_hand(Hand(hand))
    model = chart.chart_model(game)
    low = min(t for row in rules.running_totals(game) for t in row)
    assert low < 0  # Ala took 26 off herself
    assert model.min_y <= low
    assert model.max_y >= max(50, *rules.state(game).totals)
    assert (model.max_y - model.min_y) / model.step <= 7


def test_the_summary_says_every_total_the_hands_the_target_and_the_moons():
    game = played()
    tree = chart.score_chart(chart.chart_model(game), Translator("en"))
    assert tree.identifier == ids.CHART
    totals = rules.state(game).totals
    assert tree.label == (
        f"Score chart: Ala {totals[0]}, Bartek {totals[1]}, Celina {totals[2]}, "
        f"Darek {totals[3]} after 7 hands; target 100; Ala shot the moon in hand 4; "
        "Bartek shot the moon in hand 2")


@pytest.mark.parametrize("lang, words", [("pl", ("Wykres", "rozdaniach", "cel 100")),
                                         ("lt", ("Taškų", "dalijimų", "tikslas 100"))])
def test_the_summary_is_in_the_players_language(lang, words):
    tree = chart.score_chart(chart.chart_model(played()), Translator(lang))
    for word in words:
        assert word in tree.label


def test_a_game_without_hands_says_the_chart_comes_later():
    game = Game.new(["Ala", "Bartek", "Celina"])
    model = chart.chart_model(game)
    tree = chart.score_chart(model, Translator("en"))
    assert not [c for c in walk(tree) if isinstance(c, fch.LineChart)]
    assert tree.label == "Score chart: no hands yet; target 100"


def test_eleven_players_each_have_their_own_colour_and_a_long_game_fits():
    names = [f"P{i}" for i in range(11)]
    game = Game.new(names, Rules.for_variant(Variant.CANCELLATION, target=1000))
    for i in range(40):
        pts = [0] * 11
        pts[i % 11] = 20
        pts[(i + 3) % 11] = 6
        game = game.add_hand(Hand(tuple(pts)))
    lines = the_chart(chart.score_chart(chart.chart_model(game), Translator("en"))).data_series
    assert len({line.color for line in lines[1:]}) == 11
    assert all(len(line.points) == 41 for line in lines[1:])
    bottom = the_chart(chart.score_chart(chart.chart_model(game), Translator("en"))).bottom_axis
    assert len(bottom.labels) <= 9  # hand numbers stay legible at 360 px


def test_the_sheet_switches_to_the_chart_and_a_reload_keeps_it(phone, store):
    game = played()
    sg = store.create_game(Game.new(game.players, game.rules))
    for hand in game.hands:
        sg = store.add_hand(sg.id, hand, sg.version)
    phone.go(f"/game/{sg.id}")
    assert phone.has(ids.HAND_ROW.format(n=1)) and not phone.has(ids.CHART)
    phone.tap(ids.SHEET_TAB.format(mode="chart"))
    assert phone.session.route.url() == f"/game/{sg.id}?view=chart"
    assert phone.find(ids.CHART).label.startswith("Score chart: Ala")
    assert not phone.has(ids.HAND_ROW.format(n=1))
    again = phone.reload(store)
    assert again.has(ids.CHART)
    again.tap(ids.SHEET_TAB.format(mode="table"))
    assert again.has(ids.HAND_ROW.format(n=1))
    # a finished game opened from the history has the chart too
    finished = play_to_the_end(store)
    phone.go(f"/history/{finished}?view=chart")
    assert phone.has(ids.GAME_OVER) and phone.has(ids.CHART)


def play_to_the_end(store) -> str:
    sg = store.create_game(Game.new(["Ala", "Bartek", "Celina"], Rules(target=30)))
    while not rules.state(sg.game).game_over:
        sg = store.add_hand(sg.id, Hand((0, 6, 20)), sg.version)
    return sg.id


def test_a_kierki_match_is_drawn_over_its_deals_signed_with_no_target():
    import sys
    from pathlib import Path

    from scorekeeper import formats

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import kierki_matches as km

    game = formats.game_from_dict(km.CLASSIC_FILE)
    model = chart.chart_model(game)
    assert (model.hands, model.target, model.deals, model.totals) == (
        12, None, True, tuple(km.CLASSIC_TOTALS))
    # the lines go down to -695 (Bartek after the robber) and up to 430 (Celina at the end)
    assert model.min_y <= -695 and model.max_y > 430 and model.min_y % model.step == 0
    tree = chart.score_chart(model, Translator("en"))
    zero, *players = the_chart(tree).data_series
    assert {p.y for p in zero.points} == {0} and zero.dash_pattern
    for seat, line in enumerate(players):
        assert [(p.x, p.y) for p in line.points] == [(0, 0)] + [
            (n, row[seat]) for n, row in enumerate(km.CLASSIC_RUNNING, 1)]
    said = chart.summary(model, Translator("en"))
    assert said == "Score chart: Ala 210, Bartek -345, Celina 430, Darek -295 after 12 deals"
    assert "Wykres punktów: Ala 210, Bartek -345, Celina 430, Darek -295 po 12 rozdaniach" \
        == chart.summary(model, Translator("pl"))
    words = [t for c in walk(tree) for t in [getattr(c, "value", None)] if isinstance(t, str)]
    assert "Deal" in words and "Hand" not in words and not any("Target" in w for w in words)
    assert "Bartek \u2212345" in words  # the legend draws a true minus
    empty = chart.chart_model(formats.game_from_dict(km.classic_file(0)))
    assert chart.summary(empty, Translator("lt")) == "Taškų grafikas: dar nė vieno dalijimo"
    texts = [getattr(c, "value", None) for c in walk(chart.score_chart(empty, Translator("en")))]
    assert "The chart starts after the first deal." in texts
