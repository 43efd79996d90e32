"""The front page and docs/: every link and image in README.md and docs/*.md resolves: a
relative file exists in the repository, and a #anchor names a heading of its file (as
GitHub makes heading anchors). Links inside code are not links."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

FENCE = re.compile(r"^(```|~~~).*?^\1", re.S | re.M)
INLINE_CODE = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_REF = re.compile(r"<(?:img|a)\b[^>]*?\b(?:src|href)=\"([^\"]+)\"", re.I)
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.M)


def _prose(text: str) -> str:
    return INLINE_CODE.sub("", FENCE.sub("", text))


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, markup and punctuation dropped, spaces
    made hyphens (letters of any script, digits, '-' and '_' kept)."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link keeps its words
    text = text.replace("`", "").lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    seen: dict[str, int] = {}
    out = set()
    for heading in HEADING.findall(FENCE.sub("", page.read_text(encoding="utf-8"))):
        base = slug(heading)
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.add(base if n == 0 else f"{base}-{n}")
    return out


def targets(page: Path) -> list[str]:
    text = _prose(page.read_text(encoding="utf-8"))
    return LINK.findall(text) + HTML_REF.findall(text)


def problem(page: Path, target: str) -> str | None:
    if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):  # https:, mailto: (never fetched)
        return None
    path_part, _, anchor = target.partition("#")
    dest = page if not path_part else (page.parent / path_part).resolve()
    if ROOT not in dest.parents and dest != ROOT:
        return f"{target}: outside the repository"
    if not dest.exists():
        return f"{target}: no such file"
    if anchor:
        if dest.suffix != ".md":
            return f"{target}: an anchor into a file that is not Markdown"
        if anchor not in anchors(dest):
            return f"{target}: no heading '#{anchor}' in {dest.relative_to(ROOT)}"
    return None


def test_there_are_pages_and_they_link_each_other() -> None:
    assert (ROOT / "docs").is_dir() and len(PAGES) > 3
    front = set(targets(ROOT / "README.md"))
    for page in PAGES[1:]:
        assert f"docs/{page.name}" in {t.partition("#")[0] for t in front} or page.name == "README.md", (
            f"the front page does not link docs/{page.name}")


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_every_link_and_image_resolves(page: Path) -> None:
    found = targets(page)
    assert found, f"{page.name} links nowhere"
    bad = [p for t in found if (p := problem(page, t))]
    assert not bad, "\n".join(bad)


def test_the_checker_finds_what_is_broken(tmp_path) -> None:
    """The checker itself: a missing file, a missing anchor and a missing image are found,
    a link written inside code is not a link."""
    globals()["ROOT"], saved = tmp_path, ROOT
    try:
        (tmp_path / "other.md").write_text("# A `code` heading, with: punctuation\n\n## Two\n## Two\n")
        page = tmp_path / "page.md"
        page.write_text("[a](other.md#a-code-heading-with-punctuation) [b](other.md#two-1)\n"
                        "[c](missing.md) [d](other.md#nope) ![e](img/x.png) `[f](nowhere.md)`\n"
                        "```\n[g](nowhere.md)\n```\n[h](#local)\n\n## Local\n")
        got = {t: problem(page, t) for t in targets(page)}
    finally:
        globals()["ROOT"] = saved
    assert set(got) == {"other.md#a-code-heading-with-punctuation", "other.md#two-1",
                        "missing.md", "other.md#nope", "img/x.png", "#local"}
    assert [t for t, p in got.items() if p] == ["missing.md", "other.md#nope", "img/x.png"]


def test_readme_keeps_the_two_commands_that_ci_runs() -> None:
    """.ci/run runs tests/run_all.sh, the README's test command; the install line is the
    one a newcomer copies."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert ("python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/scorekeeper"
            in text)
    assert "\nbash tests/run_all.sh\n" in text
    assert "tests/run_all.sh" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_screenshots_are_phone_sized_small_and_all_used() -> None:
    """docs/img holds what tools/make_screenshots.py writes: 390x844, a palette (small),
    a few hundred KB in all, each picture shown somewhere."""
    from PIL import Image

    shots = sorted((ROOT / "docs" / "img").glob("*.png"))
    assert len(shots) >= 4
    used = " ".join(t for page in PAGES for t in targets(page))
    total = 0
    for png in shots:
        with Image.open(png) as image:
            assert image.size == (390, 844), png.name
            assert image.mode == "P", f"{png.name} is not reduced to a palette"
        total += png.stat().st_size
        assert png.name in used, f"{png.name} is shown nowhere"
    assert total < 500_000, f"the screenshots take {total // 1024} KB"
