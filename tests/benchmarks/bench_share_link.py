"""Size benchmark of "Show on another phone":

    .venv/bin/python tests/benchmarks/bench_share_link.py [--address URL]

For each game a table plays (4 players 15 hands, 7 players 25 hands, a full Kierki match,
11 players in Cancellation 40 hands; ``tests/share_games.py``), prints the game's JSON
as the link carries it, the payload (deflated at level 9 and at zlib's default 6, then
base64url), the whole link with ``--address`` in front, and the QR code's version at
error-correction level M (segno's own choice of the smallest). The goal: version 25 or
less, which a phone's camera reads from another phone's screen at arm's length. A game
over version 40 (no QR code holds it) is said so; its link is still offered as text.
Not collected by pytest; prints figures and asserts nothing. The last line is
``share link: largest QR version V (goal 25)``.
"""

from __future__ import annotations

import argparse
import json
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import segno  # noqa: E402

from scorekeeper.formats import sharelink  # noqa: E402
from share_games import CASES, document  # noqa: E402

GOAL = 25  # the largest QR version a phone reads from another phone's screen


def qr_version(text: str) -> int | None:
    try:
        return int(segno.make_qr(text, error="m", boost_error=False).version)
    except segno.DataOverflowError:
        return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--address", default="https://example.github.io/hearts-scorekeeper/",
                        help="the app's address in front of the fragment")
    args = parser.parse_args()
    print(f"address: {args.address} ({len(args.address)} characters)")
    print(f"{'game':44} {'JSON':>6} {'deflate 6':>9} {'deflate 9':>9} {'link':>6} "
          f"{'QR (M)':>6}")
    worst = 0
    for name, make in CASES:
        doc = document(make())
        raw = json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode()
        six = len(zlib.compress(raw, 6)) - 6  # raw deflate: no header, no checksum
        nine = len(sharelink.deflate(raw))
        link = sharelink.link(args.address, doc)
        sharelink.read_link(link.split("#", 1)[1], "2026-12-06T20:00:00.000000Z")  # reads back
        version = qr_version(link)
        shown = f"{version}" if version is not None else "none"
        print(f"{name:44} {len(raw):>6} {six:>9} {nine:>9} {len(link):>6} {shown:>6}"
              + ("" if version is not None and version <= GOAL else "  over the goal: "
                 "the screen says so and offers the link as text"))
        worst = max(worst, version if version is not None else 41)
    print(f"share link: largest QR version {worst} (goal {GOAL})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
