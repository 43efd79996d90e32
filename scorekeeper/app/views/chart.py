"""The score chart of one game: each player's running total over the hands.

:func:`chart_model` is Flet-free: it asks :mod:`scorekeeper.rules` for the running
totals (:func:`~scorekeeper.rules.running_totals`) and for who shot the moon in which
hand (:func:`~scorekeeper.rules.state`) and lays them out as series in seat colours
(:mod:`.palette`). :func:`score_chart` draws that model with ``flet-charts``'
``LineChart``: one line per player starting at 0 before the first hand, the target as a
dashed line, each moon as a large square on the shooter's line, and a legend with names
and totals. The whole chart carries a spoken summary (:func:`summary`): "Score chart:
Ala 34, Bartek 61 after 7 hands; target 100".

A Kierki match is drawn the same way over its deals: the totals are signed (below 0 in
the negative deals, back up in the trump deals and the lottery), there is no target and
no moon; the dashed line is 0, what a whole match adds up to ("Score chart: Ala 210,
Bartek −345 after 12 deals").
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Protocol

import flet as ft
import flet_charts as fch

from ... import rules
from .. import ids
from .palette import player_colours

CHART_HEIGHT = 240
TARGET_COLOUR = ft.Colors.ON_SURFACE_VARIANT
MOON_SIZE = 12.0
DOT_RADIUS = 2.5
NICE_STEPS = (5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)


class Translator(Protocol):
    def _(self, msgid: str, **params: object) -> str: ...

    def _n(self, singular: str, plural: str, n: int, **params: object) -> str: ...


@dataclass(frozen=True)
class Series:
    """One player's line: (hand, running total) from hand 0 (total 0) on."""

    seat: int
    name: str
    colour: str
    points: tuple[tuple[int, int], ...]
    moons: tuple[int, ...]  # the hands (1-based) in which this player shot the moon


@dataclass(frozen=True)
class ChartModel:
    series: tuple[Series, ...]
    hands: int
    target: int | None  # None: a Kierki match (no target; the dashed line is 0)
    totals: tuple[int, ...]
    min_y: int
    max_y: int
    step: int  # the distance between two labels of the points axis

    @property
    def deals(self) -> bool:
        """A Kierki match: the x axis counts deals."""
        return self.target is None

    @property
    def line_y(self) -> int:
        """Where the dashed line is: the target, or 0 in Kierki."""
        return 0 if self.target is None else self.target

    @property
    def empty(self) -> bool:
        return self.hands == 0


def axis_step(low: int, high: int) -> int:
    """A round label spacing that gives about four to six labels between low and high."""
    span = max(high - low, 1)
    for step in NICE_STEPS:
        if span / step <= 6:
            return step
    return 10 ** math.ceil(math.log10(span / 5))


def chart_model(game: rules.Game) -> ChartModel:
    """Every line, mark and bound of the chart of ``game``, from the rules."""
    rows = rules.running_totals(game)
    st = rules.state(game)
    colours = player_colours(game.seats)
    moons: dict[int, list[int]] = {}
    for number, hs in enumerate(st.hands, 1):
        if hs.moon is not None:
            moons.setdefault(hs.moon.player, []).append(number)
    series = tuple(
        Series(seat, name, colours[seat],
               ((0, 0),) + tuple((number, row[seat]) for number, row in enumerate(rows, 1)),
               tuple(moons.get(seat, ())))
        for seat, name in enumerate(game.players))
    target = game.rules.target or None  # a game without a target (Kierki): the 0 line
    values = [0, target or 0] + [t for row in rows for t in row]
    step = axis_step(min(values), max(values))
    low = step * math.floor(min(values) / step)
    high = step * math.ceil(max(values) / step)
    if high == max(values):
        high += step  # room above the highest line and the target's line
    return ChartModel(series, len(rows), target, st.totals, low, high, step)


def summary(model: ChartModel, tr: Translator) -> str:
    """What a screen reader says for the chart: every total, the hands and the target."""
    if model.deals:
        if model.empty:
            return tr._("Score chart: no deals yet")
        totals = ", ".join(f"{s.name} {model.totals[s.seat]}" for s in model.series)
        return tr._n("Score chart: {totals} after {n} deal",
                     "Score chart: {totals} after {n} deals", model.hands, totals=totals)
    if model.empty:
        return tr._("Score chart: no hands yet; target {target}", target=model.target)
    totals = ", ".join(f"{s.name} {model.totals[s.seat]}" for s in model.series)
    text = tr._n("Score chart: {totals} after {n} hand; target {target}",
                 "Score chart: {totals} after {n} hands; target {target}", model.hands,
                 totals=totals, target=model.target)
    moons = [tr._("{player} shot the moon in hand {hand}", player=s.name, hand=hand)
             for s in model.series for hand in s.moons]
    return "; ".join([text] + moons)


def minus(n: int) -> str:
    return str(n).replace("-", "\u2212")


def _line(tr: Translator, s: Series) -> fch.LineChartData:
    points = []
    for hand, total in s.points:
        moon = hand in s.moons
        tip = f"{s.name} {minus(total)}"
        if moon:
            tip = tr._("{player} {total}, shot the moon", player=s.name, total=minus(total))
        points.append(fch.LineChartDataPoint(
            hand, total, tooltip=tip, show_tooltip=hand > 0,
            point=fch.ChartSquarePoint(color=s.colour, size=MOON_SIZE,
                                       stroke_color=ft.Colors.ON_SURFACE, stroke_width=2)
            if moon else None))
    return fch.LineChartData(points=points, color=s.colour, stroke_width=3,
                             rounded_stroke_join=True,
                             point=fch.ChartCirclePoint(color=s.colour, radius=DOT_RADIUS))


def _target_line(model: ChartModel) -> fch.LineChartData:
    ends = (0, max(model.hands, 1))
    return fch.LineChartData(
        points=[fch.LineChartDataPoint(x, model.line_y, show_tooltip=False) for x in ends],
        color=TARGET_COLOUR, stroke_width=1.5, dash_pattern=[6, 4], point=False)


def _axes(tr: Translator, model: ChartModel) -> dict[str, Any]:
    small = dict(size=11, color=ft.Colors.ON_SURFACE_VARIANT)
    y_labels = [fch.ChartAxisLabel(value=v, label=ft.Text(minus(v), **small))
                for v in range(model.min_y, model.max_y + 1, model.step)]
    every = max(1, math.ceil(model.hands / 8))  # at most ~8 hand numbers at 360 px
    x_labels = [fch.ChartAxisLabel(value=n, label=ft.Text(str(n), **small))
                for n in range(0, model.hands + 1, every)]
    return dict(
        left_axis=fch.ChartAxis(labels=y_labels, label_size=36, label_spacing=model.step),
        bottom_axis=fch.ChartAxis(labels=x_labels, label_size=22, title_size=18,
                                  label_spacing=every,
                                  title=ft.Text(tr._("Deal") if model.deals else tr._("Hand"),
                                                **small)),
        right_axis=fch.ChartAxis(show_labels=False, label_size=8),
        top_axis=fch.ChartAxis(show_labels=False, label_size=8),
    )


def _legend(tr: Translator, model: ChartModel) -> ft.Control:
    chips: list[ft.Control] = []
    for s in model.series:
        chips.append(ft.Row([
            ft.Container(width=14, height=14, bgcolor=s.colour, border_radius=7),
            ft.Text(f"{s.name} {minus(model.totals[s.seat])}", size=13, no_wrap=False),
        ], spacing=4, tight=True))
    chips.append(ft.Row([
        ft.Text("- -", size=13, weight=ft.FontWeight.BOLD, color=TARGET_COLOUR),
        ft.Text("0" if model.deals else tr._("Target {target}", target=model.target), size=13),
    ], spacing=4, tight=True))
    if any(s.moons for s in model.series):
        chips.append(ft.Row([
            ft.Container(width=12, height=12, border=ft.Border.all(2, ft.Colors.ON_SURFACE)),
            ft.Text(tr._("Moon"), size=13),
        ], spacing=4, tight=True))
    return ft.Row(chips, wrap=True, spacing=12, run_spacing=4)


def score_chart(model: ChartModel, tr: Translator, identifier: str = ids.CHART) -> ft.Control:
    """The chart, its legend and its spoken summary, tagged ``identifier``."""
    label = summary(model, tr)
    if model.empty:
        body: ft.Control = ft.Text(tr._("The chart starts after the first deal.") if model.deals
                                   else tr._("The chart starts after the first hand."),
                                   color=ft.Colors.ON_SURFACE_VARIANT)
    else:
        body = ft.Column([
            ft.Container(fch.LineChart(
                data_series=[_target_line(model)] + [_line(tr, s) for s in model.series],
                min_x=0, max_x=max(model.hands, 1), min_y=model.min_y, max_y=model.max_y,
                horizontal_grid_lines=fch.ChartGridLines(
                    interval=model.step, color=ft.Colors.OUTLINE_VARIANT, width=1),
                vertical_grid_lines=fch.ChartGridLines(
                    interval=max(1, math.ceil(model.hands / 8)),
                    color=ft.Colors.OUTLINE_VARIANT, width=0.5),
                border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                tooltip=fch.LineChartTooltip(bgcolor=ft.Colors.INVERSE_SURFACE,
                                             fit_inside_horizontally=True,
                                             fit_inside_vertically=True, max_width=160),
                animation=ft.Animation(duration=ft.Duration(milliseconds=0)),
                **_axes(tr, model)), height=CHART_HEIGHT, padding=ft.Padding(0, 8, 14, 0)),
            _legend(tr, model),
        ], spacing=8)
    return ft.Semantics(identifier=identifier, label=label, content=body, container=True,
                        exclude_semantics=True)
