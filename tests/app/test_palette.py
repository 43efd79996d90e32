"""The player colours: 11 of them (the largest table), readable on the light and the dark
theme, and far enough apart to tell the lines of a chart apart."""

import itertools
import math

import pytest

from scorekeeper.app.views import palette


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _rgb(colour: str) -> tuple[float, float, float]:
    h = colour.lstrip("#")
    r, g, b = (_linear(int(h[i:i + 2], 16)) for i in (0, 2, 4))
    return r, g, b


def luminance(colour: str) -> float:
    r, g, b = _rgb(colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def lab(colour: str) -> tuple[float, float, float]:
    r, g, b = _rgb(colour)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def test_one_colour_for_each_seat_of_the_largest_table():
    from scorekeeper.rules import MAX_PLAYERS

    assert len(palette.PLAYER_COLOURS) == MAX_PLAYERS == 11
    assert len(set(palette.PLAYER_COLOURS)) == 11
    assert palette.player_colours(4) == palette.PLAYER_COLOURS[:4]
    assert [palette.seat_colour(s) for s in range(11)] == list(palette.PLAYER_COLOURS)


@pytest.mark.parametrize("background", palette.LIGHT_BACKGROUNDS + palette.DARK_BACKGROUNDS)
def test_every_colour_reads_on_the_light_and_the_dark_theme(background):
    weak = {c: round(contrast(c, background), 2) for c in palette.PLAYER_COLOURS
            if contrast(c, background) < 3.0}
    assert not weak, weak


def test_any_two_colours_are_far_apart():
    closest = min((math.dist(lab(a), lab(b)), a, b)
                  for a, b in itertools.combinations(palette.PLAYER_COLOURS, 2))
    assert closest[0] >= 25, closest
