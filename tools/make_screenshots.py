"""Remakes the screenshots of the front page and docs/ from the real app, in one step.

    .venv/bin/python tools/make_screenshots.py [--out docs/img] [--keep-raw DIR]

It seeds a temporary store with the same games every time, serves the app
(``scorekeeper serve``) and drives Debian's Chromium (the browser tests' harness,
``tests/e2e/e2e_harness.py``) at a 390x844 phone, in English and Polish, light and dark:

- ``sheet``:   a 4-player game after five hands, with a moon (the score sheet);
- ``hand``:    the same game's next hand half entered in cards (the hand entry);
- ``pass``:    a 6-player game's banner unfolded: who passes to whom, and who leads;
- ``eleven``:  an 11-player Cancellation game (the sheet on its side).

Each is written as ``<screen>-<lang>-<theme>.png``, reduced to a palette of 64 colours
and optimised with Pillow, so the set stays small enough to commit. Look at them after.
"""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from e2e_harness import (PHONE, Flutter, app_server, eventually,  # noqa: E402
                         launch_chromium)
from PIL import Image  # noqa: E402

from scorekeeper import rules  # noqa: E402
from scorekeeper.app import ids  # noqa: E402
from scorekeeper.rules import Hand, MoonRule, Rules, Variant  # noqa: E402
from scorekeeper.store import GameStore  # noqa: E402

SCREENS = ("sheet", "hand", "pass", "eleven")
LANGS = ("en", "pl")
THEMES = ("light", "dark")
COLOURS = 64

FOUR = ("Ala", "Bartek", "Celina", "Darek")
SIX = ("Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip")
ELEVEN = SIX + ("Gosia", "Henryk", "Iza", "Janek", "Kasia")


def seed(db: Path) -> dict[str, str]:
    """The games the pictures show, the same every time."""
    store = GameStore.open(db)

    def game(names: tuple[str, ...], rule: Rules, hands: list[Hand]) -> str:
        stored = store.create_game(rules.Game.new(names, rule, 0))
        for hand in hands:
            stored = store.add_hand(stored.id, hand, stored.version)
        return stored.id

    four = game(FOUR, Rules(Variant.STANDARD, 100, MoonRule.SHOOTER_CHOICE), [
        Hand((3, 13, 10, 0)),
        Hand((0, 26, 0, 0), moon_choice="add_to_others"),
        Hand((8, 5, 0, 13)),
        Hand((2, 0, 14, 10)),
        Hand((4, 4, 5, 13)),
    ])
    six = game(SIX, Rules(Variant.STANDARD, 100), [
        Hand((3, 13, 4, 0, 5, 1)),
        Hand((0, 2, 3, 14, 6, 1)),
    ])
    eleven = game(ELEVEN, Rules(Variant.CANCELLATION, 100), [
        Hand((4, 13, 6, 0, 2, 5, 3, 0, 13, 4, 2)),
        Hand((0, 3, 13, 5, 4, 0, 13, 6, 2, 4, 2)),
        Hand((13, 2, 0, 4, 5, 13, 1, 3, 3, 6, 2)),
    ])
    return {"four": four, "six": six, "eleven": eleven}


def choose(app: Flutter, lang: str, theme: str) -> None:
    """Language and theme, tapped on the settings screen as a player would."""
    app.open("/settings", ready=ids.LANGUAGE_OPTION.format(code=lang))
    for identifier in (ids.LANGUAGE_OPTION.format(code=lang), ids.THEME_OPTION.format(mode=theme)):
        app.tap(identifier)
        eventually(lambda i=identifier: _assert(app.is_checked(i), f"{i} chosen"))


def _assert(ok: bool, what: str) -> None:
    assert ok, what


def show(app: Flutter, screen: str, games: dict[str, str]) -> None:
    """Opens ``screen`` and waits until it is drawn."""
    if screen == "sheet":
        app.open(f"/game/{games['four']}", ready=ids.TOTAL.format(seat=3))
        app.wait(ids.BANNER)
    elif screen == "hand":
        app.open(f"/game/{games['four']}/hand", ready=ids.SAVE_HAND)
        if app.exists(ids.MODE_CARDS) and not app.is_checked(ids.MODE_CARDS):
            app.tap(ids.MODE_CARDS)
        for seat, count in ((0, 4), (1, 6)):  # Ala 4 hearts, Bartek 6, Celina picked next
            app.tap(ids.HEARTS.format(seat=seat))
            key = ids.HEARTS_KEY.format(count=count)
            app.wait_text(key, lambda t, n=FOUR[seat]: n in t, what=f"{FOUR[seat]}'s keypad")
            app.tap(key)
            app.wait_text(ids.HEARTS.format(seat=seat), lambda t, c=str(count): c in t)
        if "13" not in app.text(ids.PLAYER_POINTS.format(seat=2)):  # a draft may hold it
            app.tap(ids.QUEEN.format(seat=2, n=0))
        app.wait_text(ids.PLAYER_POINTS.format(seat=2), lambda t: "13" in t)
    elif screen == "pass":
        app.open(f"/game/{games['six']}", ready=ids.BANNER_MORE)
        app.tap(ids.BANNER_MORE)
        app.wait_text(ids.BANNER, lambda t: "→" in t, what="who passes to whom")
    elif screen == "eleven":
        app.open(f"/game/{games['eleven']}", ready=ids.TOTAL.format(seat=10))
    else:
        raise ValueError(screen)


def still_picture(app: Flutter, tries: int = 20) -> bytes:
    """A screenshot once two taken 300 ms apart are the same and the app has drawn its
    screen (not Flet's "Working..." page of a few colours): a relayout caught half way
    once showed "P / ass left" wrapped in the banner."""
    last = b""
    for _ in range(tries):
        app.page.wait_for_timeout(300)
        raw = app.page.screenshot()
        colours = Image.open(io.BytesIO(raw)).convert("RGB").getcolors(maxcolors=1 << 16)
        if raw == last and (colours is None or len(colours) > 32):
            return raw
        last = raw
    raise AssertionError("the screen did not stand still")


def small_png(raw: bytes) -> bytes:
    """A palette of COLOURS colours, no dithering (flat areas stay flat), optimised."""
    image = Image.open(io.BytesIO(raw)).convert("RGB")
    reduced = image.quantize(colors=COLOURS, method=Image.Quantize.MEDIANCUT,
                             dither=Image.Dither.NONE)
    out = io.BytesIO()
    reduced.save(out, format="PNG", optimize=True)
    return out.getvalue()


def shoot(seed_games: Callable[[Path], dict[str, str]],
          show_screen: Callable[[Flutter, str, dict[str, str]], None], screens: Sequence[str],
          themes: Sequence[str], out: Path, named: Callable[[str, str, str], str],
          raw_dir: Path | None = None) -> None:
    """Seeds a store, serves the app, and writes a picture of each screen in each
    language and theme (``named(screen, lang, theme)``), reduced (:func:`small_png`)."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="screenshots-db-") as db:
        games = seed_games(Path(db))
        with app_server(db) as server, sync_playwright() as pw:
            browser = launch_chromium(pw)
            try:
                context = browser.new_context(**{**PHONE, "device_scale_factor": 1})
                app = Flutter(context.new_page(), server.url)
                total = count = 0
                for lang in LANGS:
                    for theme in themes:
                        choose(app, lang, theme)
                        for screen in screens:
                            show_screen(app, screen, games)
                            raw = still_picture(app)
                            name = named(screen, lang, theme)
                            if raw_dir:
                                (raw_dir / name).write_bytes(raw)
                            data = small_png(raw)
                            (out / name).write_bytes(data)
                            total, count = total + len(data), count + 1
                            print(f"{out / name}: {len(data) // 1024} KB")
                print(f"{count} screenshots, {total // 1024} KB in all")
            finally:
                browser.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "img"), help="folder for the PNGs")
    parser.add_argument("--keep-raw", default=None, help="also keep the full-colour PNGs here")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    raw_dir = Path(args.keep_raw) if args.keep_raw else None
    if raw_dir:
        raw_dir.mkdir(parents=True, exist_ok=True)
    shoot(seed, show, SCREENS, THEMES, out,
          lambda screen, lang, theme: f"{screen}-{lang}-{theme}.png", raw_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
