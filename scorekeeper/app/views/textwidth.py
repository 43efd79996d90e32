"""How wide a name is drawn in the bundled font (DejaVu Sans Bold), so that the sheet
gives a name column the room its names need, and a name that will not fit on one line
shrinks one step, then wraps to two lines, before Flutter cuts it with an ellipsis.

Read from a table of the font's own advance widths (:data:`TABLE`, beside this module:
runs of consecutive characters and their advances in font units, as the font's ``cmap``
and ``hmtx`` say; ``tests/app/test_textwidth_table.py`` checks it against the font file
with fontTools and writes it anew), so no font file is read at run time, in the server or
in the browser. Kerning is left out: a few tenths of a pixel per pair in DejaVu, covered
by :data:`SLACK`."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from importlib import resources

BOLD = "DejaVuSans-Bold.ttf"
TABLE = "dejavu-sans-bold-widths.json"
SLACK = 3  # px added to a measured width (kerning, rounding, the caret of a hinted glyph)


@lru_cache(maxsize=1)
def _advances() -> tuple[dict[int, int], int, int]:
    """Each character's advance in font units, the advance of a missing glyph, units per em."""
    table = json.loads(resources.files(__package__).joinpath(TABLE).read_text("utf-8"))
    widths = {start + i: w for start, run in table["runs"] for i, w in enumerate(run)}
    return widths, int(table["missing"]), int(table["units_per_em"])


@lru_cache(maxsize=4096)
def width(text: str, size: float) -> float:
    """``text`` drawn on one line at ``size`` px in the bold font, in px (without
    :data:`SLACK`)."""
    widths, missing, units = _advances()
    return sum(widths.get(ord(c), missing) for c in text) * size / units


def widest(texts: Iterable[str], size: float) -> float:
    return max((width(t, size) for t in texts), default=0.0)


def fit_size(text: str, room: float, size: int, smaller: int) -> tuple[int, int]:
    """The size and lines a name gets in ``room`` px: ``size`` on one line if it fits
    there, else one step ``smaller`` on one line, else ``smaller`` on two lines (Flutter
    cuts only what does not fit even then)."""
    if width(text, size) + SLACK <= room:
        return size, 1
    if width(text, smaller) + SLACK <= room:
        return smaller, 1
    return smaller, 2


def fit_name(text: str, room: float, size: int, smaller: int) -> tuple[str, int, int]:
    """The text, size and lines of a name in ``room`` px (see :func:`fit_size`); a name
    on two lines is split where it reads best: at a space, else after a vowel with a
    hyphen ("Przemy-sław", "Małgo-rzata"), the halves as even as can be. Without such a
    split, Flutter breaks it where the line is full."""
    size, lines = fit_size(text, room, size, smaller)
    if lines == 1 or " " in text.strip():
        return text, size, lines  # Flutter wraps at the space
    best: tuple[float, str] | None = None
    for i in range(2, len(text) - 1):
        if not (_vowel(text[i - 1]) and text[i].isalpha() and not _vowel(text[i])):
            continue
        split = f"{text[:i]}-\n{text[i:]}"
        widest_half = max(width(text[:i] + "-", size), width(text[i:], size))
        if widest_half + SLACK <= room and (best is None or widest_half < best[0]):
            best = (widest_half, split)
    return (best[1] if best else text), size, 2


def _vowel(c: str) -> bool:
    base = unicodedata.normalize("NFKD", c.lower())[:1]
    return base in "aeiouy"
