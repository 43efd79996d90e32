"""One colour per seat, the same on the score sheet, the chart and the stats.

A player keeps the colour of their seat everywhere in a game (seat 0 is always blue,
seat 1 orange, ...). There are 11 colours, one for each seat of the largest table
(Cancellation, 11 players). Each is readable on the light and the dark theme alike
(at least 3:1 against both backgrounds, the WCAG ratio for lines and marks), so no
colour changes with the theme, and any two are far apart (checked in
``tests/app/test_palette.py``). Colour is never the only cue: the chart's legend and
its spoken summary name every player.
"""

from __future__ import annotations

PLAYER_COLOURS: tuple[str, ...] = (
    "#1F77B4",  # blue
    "#E8590C",  # orange
    "#2B9348",  # green
    "#D62839",  # red
    "#9B4FD0",  # purple
    "#9C6B30",  # brown
    "#E0409A",  # pink
    "#0B8A8A",  # teal
    "#7A8B00",  # olive
    "#4F63D9",  # indigo
    "#808080",  # grey
)

# The light and dark backgrounds the colours are checked against (the themes' surfaces).
LIGHT_BACKGROUNDS = ("#FFFFFF", "#F6FBF3")
DARK_BACKGROUNDS = ("#0F1511", "#1B211D")


def seat_colour(seat: int) -> str:
    """The colour of ``seat`` (0-based) in every view of a game."""
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def player_colours(players: int) -> tuple[str, ...]:
    """The colours of seats 0..players-1."""
    return tuple(seat_colour(seat) for seat in range(players))
