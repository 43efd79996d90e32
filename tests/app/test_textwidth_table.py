"""The name widths the sheet measures come from a table of the bundled bold font's
advance widths (``scorekeeper/app/views/dejavu-sans-bold-widths.json``), so neither the
server nor the web app reads a font file at run time. This test reads the font itself
with fontTools (a test dependency) and checks that the table says the same; if the font
changes, ``python tests/app/test_textwidth_table.py --write`` writes the table anew."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from scorekeeper.app.views import textwidth

ROOT = Path(__file__).resolve().parents[2]
FONT = ROOT / "assets" / "fonts" / textwidth.BOLD
TABLE = ROOT / "scorekeeper" / "app" / "views" / textwidth.TABLE


def read_font(path: Path) -> dict[str, object]:
    """The table as fontTools reads the font: runs of consecutive characters' advances."""
    from fontTools.ttLib import TTFont

    with TTFont(path, lazy=True) as f:
        metrics = f["hmtx"].metrics
        units = int(f["head"].unitsPerEm)
        widths = {code: int(metrics[glyph][0]) for code, glyph in f.getBestCmap().items()}
        missing = int(metrics[".notdef"][0]) if ".notdef" in metrics else units // 2
    runs: list[list[object]] = []
    for code in sorted(widths):
        last = runs[-1] if runs else None
        if last is not None and int(last[0]) + len(last[1]) == code:  # type: ignore[arg-type]
            last[1].append(widths[code])  # type: ignore[attr-defined]
        else:
            runs.append([code, [widths[code]]])
    return {"font": path.name, "units_per_em": units, "missing": missing, "runs": runs}


def test_the_table_is_the_fonts() -> None:
    assert json.loads(TABLE.read_text(encoding="utf-8")) == read_font(FONT), (
        "the width table is not the font's: python tests/app/test_textwidth_table.py --write")


def test_a_width_is_the_sum_of_its_advances() -> None:
    table = read_font(FONT)
    units = table["units_per_em"]
    advance = {int(start) + i: w for start, ws in table["runs"]  # type: ignore[union-attr]
               for i, w in enumerate(ws)}
    for name in ("Przemysław", "Małgorzata", "Ūla", "Žydrūnė", "Ala"):
        want = sum(advance[ord(c)] for c in name) * 14 / units  # type: ignore[operator]
        assert abs(textwidth.width(name, 14) - want) < 1e-9
    # a character the font lacks takes the missing glyph's advance
    assert textwidth.width("\U0010FFFD", 10) == table["missing"] * 10 / units  # type: ignore[operator]


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    TABLE.write_text(json.dumps(read_font(FONT), separators=(",", ":")) + "\n",
                     encoding="utf-8")
    print(f"wrote {TABLE}")
