"""The web app's icon font, trimmed to the icons it draws (build time only)."""

from __future__ import annotations

import re
from pathlib import Path

# Material icons: Flet's client has the whole MaterialIcons font (8,600 glyphs, 0.47 MB
# with gzip: Flet names icons at run time, so Flutter's build could not shake it). The
# site keeps the icons the app names (ft.Icons.X in its code), each in its four styles,
# and those Flutter's own widgets draw (the back arrows, menus, pickers, fields), as
# Flutter's own icon tree shaking would (10 KB with gzip).
ICON_FONT = "assets/fonts/MaterialIcons-Regular.otf"
ICON_STYLES = ("_baseline", "_outlined", "_rounded", "_sharp")
FLUTTER_ICONS = (
    "arrow_back", "arrow_back_ios", "arrow_back_ios_new", "arrow_forward",
    "arrow_forward_ios", "close", "menu", "more_vert", "more_horiz", "expand_more",
    "expand_less", "arrow_drop_down", "arrow_drop_up", "arrow_upward", "arrow_downward",
    "chevron_left", "chevron_right", "keyboard_arrow_left", "keyboard_arrow_right",
    "keyboard_arrow_up", "keyboard_arrow_down", "first_page", "last_page", "edit",
    "calendar_today", "access_time", "schedule", "keyboard", "search", "clear", "cancel",
    "check", "done", "drag_handle", "visibility", "visibility_off", "error",
    "error_outline", "info", "info_outline", "warning", "check_circle", "add", "remove",
    "content_copy", "content_cut", "content_paste", "select_all", "refresh")


def _icon_base(glyph: str) -> str:
    for style in ICON_STYLES:
        if glyph.endswith(style):
            return glyph[:-len(style)]
    return glyph


def app_icons(code: Path) -> set[str]:
    """The Material icons the app's code names (``Icons.X``), as the font's names."""
    found: set[str] = set()
    for path in sorted(code.rglob("*.py")):
        found.update(name.lower() for name in
                     re.findall(r"\bIcons\.([A-Z0-9_]+)", path.read_text(encoding="utf-8")))
    return found


def subset_icons(out: Path, names: set[str]) -> bool:
    """Keep only ``names`` (and Flutter's own icons) in the site's icon font; False, and
    the whole font kept, where fontTools is missing or the font is not the one known."""
    path = out / ICON_FONT
    try:
        from fontTools import subset
        from fontTools.ttLib import TTFont
    except ImportError:
        return False
    if not path.is_file():
        return False
    font = TTFont(path, recalcTimestamp=False)  # the same font from the same sources
    bases = {_icon_base(n) for n in (*names, *FLUTTER_ICONS)}
    keep = [g for g in font.getGlyphOrder() if _icon_base(g) in bases]
    if len(keep) < len(bases):  # the names are not this font's: leave it whole
        return False
    options = subset.Options()
    options.glyph_names = options.notdef_outline = True
    options.name_IDs = options.name_languages = options.layout_features = ["*"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(glyphs=[".notdef", *keep])
    subsetter.subset(font)
    font.save(path)
    return True
