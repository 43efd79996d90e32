"""axe-core (the npm package, pinned in ``tests/e2e/axe/package.json``) run inside the page
on Flutter's accessibility tree, the part of a canvas app that assistive technology sees.

The package is installed with npm into ``tests/e2e/axe/node_modules`` on first use (the
npm registry is reached like PyPI; ``tests/run_all.sh`` installs Debian's ``npm`` when
it is missing). The script is evaluated through the DevTools protocol, which the page's
Content-Security-Policy (scripts from this origin only) does not apply to.

Rules left out, each because it cannot apply to a Flutter canvas app (README, "Browser
tests", says why): see :data:`NOT_FOR_A_CANVAS`.
"""

from __future__ import annotations

import shutil
import subprocess
from functools import lru_cache
from pathlib import Path
from typing import Any

AXE_DIR = Path(__file__).resolve().parent / "axe"
AXE_JS = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"

# rule id -> why it does not apply to what Flutter puts in the page (README, "Browser tests")
NOT_FOR_A_CANVAS = {
    # the text is painted on a canvas; the semantics nodes that carry it are transparent
    # overlays, so axe reads no colours from them (contrast is checked on the drawn
    # palette instead: tests/app/test_palette.py)
    "color-contrast": "text is drawn on a canvas; axe sees only transparent overlays",
    # Flutter's web engine writes this tag itself (flt-viewport) and handles the scale:
    # a pinch zoom of the page would move the canvas under Flutter's hit testing. The
    # phone's own text size is followed instead (Flutter's text scaler).
    "meta-viewport": "Flutter's engine owns the viewport tag and draws its own scale",
    # Flutter's semantics roles (and so Flet's Semantics) have no landmarks (main, nav):
    # nothing the app can set puts its screens in one
    "region": "Flutter's semantics tree has no landmark roles",
}
# rule id -> the nodes it does not apply to (axe shortens the attribute's name), and why
NOT_FOR_THESE = {
    # a hand's row is a button (it opens the hand) named "Hand 1, left"; each player's
    # score inside it is its own node, read after the row, so their digits are not meant
    # to be part of the button's name
    "label-content-name-mismatch": ('="hand-row-', '="history-game-', '="resume-'),
}
# (a game card, a button too, is named by Flutter from its own lines, joined with line
# breaks; where it also has nodes inside, its texts are there once more, and axe's
# comparison of the two fails: every word shown is in the name)


class AxeMissing(RuntimeError):
    pass


@lru_cache(maxsize=1)
def axe_source() -> str:
    """axe.min.js, installed with npm from the pinned package.json when missing."""
    if not AXE_JS.is_file():
        npm = shutil.which("npm")
        if npm is None:
            raise AxeMissing("npm is not installed, so axe-core cannot be installed for the "
                             "accessibility check: run 'bash tests/run_all.sh' (it installs "
                             "Debian's npm) or 'apt-get install -y npm'")
        subprocess.run([npm, "install", "--no-audit", "--no-fund", "--loglevel=error"],
                       cwd=AXE_DIR, check=True, timeout=300, stdin=subprocess.DEVNULL)
    return AXE_JS.read_text(encoding="utf-8")


def run_axe(page: Any) -> list[dict[str, Any]]:
    """The violations axe finds in the page now, without the rules that cannot apply
    (each: id, impact, help and the offending nodes' HTML, shortened)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe_source())
    result = page.evaluate(
        r"""async (skip) => {
            const rules = {};
            for (const id of skip) rules[id] = {enabled: false};
            const r = await axe.run(document, {rules, resultTypes: ['violations']});
            return r.violations.map(v => ({
                id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map(n => n.html.replace(/style="[^"]*"/g, "").slice(0, 300)
                    + " <- " + (n.failureSummary || "").replace(/\s+/g, " ").slice(0, 200)),
            }));
        }""", sorted(NOT_FOR_A_CANVAS))
    return [v for v in result if not (
        v["id"] in NOT_FOR_THESE
        and all(any(m in n for m in NOT_FOR_THESE[v["id"]]) for n in v["nodes"]))]


def describe(violations: list[dict[str, Any]]) -> str:
    return "\n".join(f"{v['id']} ({v['impact']}): {v['help']}\n    " + "\n    ".join(v["nodes"])
                     for v in violations)
