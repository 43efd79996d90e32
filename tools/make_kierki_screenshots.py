"""Remakes the Kierki screenshots of docs/kierki.md and docs/playing.md from the real app.

    .venv/bin/python tools/make_kierki_screenshots.py [--out docs/img]

It seeds a temporary store with the classic match of ``tests/kierki_matches.py`` cut
after 1, 6, 7, 11 and 12 deals, serves the app and drives Debian's Chromium (the browser
tests' harness) at a 390x844 phone (as ``make_screenshots.py``; the browser tests
photograph the same screens at 360 px too), light theme, in English and Polish:

- ``kierki-new``:     the new-game form with Kierki picked (the table's own rules);
- ``kierki-deal``:    deal 2, bez kierów, half entered on the keypad;
- ``kierki-robber``:  the robber, its tricks entered and the K♥ given;
- ``kierki-trumps``:  a trump deal, the dealer's suit named;
- ``kierki-lottery``: the lottery, the first out tapped;
- ``kierki-sheet``:   the whole match: the winner, the standings, the sum check.

Each is written as ``<screen>-<lang>.png``, reduced like ``make_screenshots.py``'s.
Look at them after.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
sys.path.insert(0, str(ROOT / "tools"))

from e2e_harness import Flutter, eventually  # noqa: E402
from kierki_steps import Kierki, km  # noqa: E402
from make_screenshots import _assert, shoot  # noqa: E402

from scorekeeper import formats  # noqa: E402
from scorekeeper.app import ids  # noqa: E402
from scorekeeper.store import GameStore  # noqa: E402

LANGS = ("en", "pl")
CUTS = {"deal": 1, "robber": 6, "trumps": 7, "lottery": 11, "sheet": 12}
SCREENS = ("kierki-new", "kierki-deal", "kierki-robber", "kierki-trumps", "kierki-lottery",
           "kierki-sheet")
NAMES = list(km.PLAYERS)


def seed(db: Path) -> dict[str, str]:
    store = GameStore.open(db)
    return {kind: store.create_game(formats.game_from_dict(km.classic_file(cut))).id
            for kind, cut in CUTS.items()}


def open_deal(app: Flutter, game_id: str) -> Kierki:
    """The next deal of a game, started over (no draft from an earlier picture)."""
    app.open(f"/game/{game_id}/deal", ready=ids.SAVE_HAND)
    app.tap(ids.CLEAR_HAND)
    eventually(lambda: _assert(app.is_disabled(ids.SAVE_HAND), "started over"))
    return Kierki(app, NAMES)


def show(app: Flutter, screen: str, games: dict[str, str]) -> None:
    """Opens ``screen`` as a table would see it, and waits until it is drawn."""
    if screen == "kierki-new":
        app.open("/new", ready=ids.START_GAME)
        for seat, name in enumerate(NAMES):
            app.type(ids.PLAYER_NAME.format(seat=seat), name)
        app.tap(ids.VARIANT.format(variant="kierki"))
        app.wait(ids.KIERKI_MATCH)
        app.scroll_to(ids.KIERKI_SERIES.format(n=1))
    elif screen == "kierki-deal":
        table = open_deal(app, games["deal"])
        table.count("hearts", 0, 3)
        table.count("hearts", 1, 5)
    elif screen == "kierki-robber":
        table = open_deal(app, games["robber"])
        table.counts("tricks", [3, 3, 4, 3], ids.COUNT_REST)
        table.takers(("king",), [0, 1, 0, 0])
        app.scroll_to(ids.ENTRY_NAME.format(seat=0))
    elif screen == "kierki-trumps":
        table = open_deal(app, games["trumps"])
        app.tap(ids.TRUMP.format(suit="spades"))
        table.count("tricks", 0, 4)
    elif screen == "kierki-lottery":
        open_deal(app, games["lottery"])
        app.tap(ids.OUT.format(place=1, seat=2))
        eventually(lambda: _assert(app.is_checked(ids.OUT.format(place=1, seat=2)), "out"))
    elif screen == "kierki-sheet":
        app.open(f"/game/{games['sheet']}", ready=ids.WINNER)
        app.wait(ids.SUM_CHECK)
    else:
        raise ValueError(screen)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "img"), help="folder for the PNGs")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    shoot(seed, show, SCREENS, ("light",), out,
          lambda screen, lang, theme: f"{screen}-{lang}.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
