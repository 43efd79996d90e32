"""Games as a table plays them, for the links of "Show on another phone": made hand by
hand through the rules (every hand a valid one, dealt from a seeded random), each a game
file with its id, dates and version, as a phone puts it in a link."""

from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone
from typing import Any

from scorekeeper import formats, rules
from scorekeeper.formats.sharelink import link_document
from scorekeeper.rules import Game, Hand, MoonRule, Rules, Variant

from kierki_matches import classic_file

NAMES = ("Ala", "Bartek", "Celina", "Darek", "Ewa", "Franciszek", "Grażyna", "Henryk",
         "Iza", "Józef", "Katarzyna")
STARTED = datetime(2026, 12, 6, 19, 30, tzinfo=timezone.utc)


def split(rng: random.Random, total: int, parts: int) -> list[int]:
    cuts = sorted(rng.randint(0, total) for _ in range(parts - 1))
    return [b - a for a, b in zip([0, *cuts], [*cuts, total])]


def hearts_game(players: int, hands: int, seed: int = 1) -> Game:
    """``players`` playing ``hands`` hands (Cancellation from 6 players), none over."""
    rng = random.Random(seed)
    variant = Variant.CANCELLATION if players > 7 else Variant.STANDARD
    total = 52 if variant is Variant.CANCELLATION else 26
    game = Game.new(list(NAMES[:players]), Rules(variant, 100 * max(1, hands), MoonRule.ADD_TO_OTHERS),
                    0)
    for _ in range(hands):
        points = split(rng, total, players)
        while max(points) > total or rules.moon_shooter(game.rules, points) is not None:
            points = split(rng, total, players)
        game = game.add_hand(Hand(tuple(points)))
    return game


def document(game: Game, game_id: str = "g-table-1", version: int | None = None
             ) -> dict[str, Any]:
    """The game as a link carries it, last changed a minute and a half per hand after
    the start."""
    updated = STARTED + timedelta(seconds=90 * max(1, len(game.hands)))
    return link_document(game_id, formats.utc_iso(STARTED), formats.utc_iso(updated),
                         version or len(game.hands) + 1, game)


def kierki_match() -> Game:
    return formats.game_from_dict(classic_file())


CASES = (("4 players, 15 hands", lambda: hearts_game(4, 15)),
         ("7 players, 25 hands", lambda: hearts_game(7, 25)),
         ("Kierki, a full match (4 players, 12 deals)", kierki_match),
         ("11 players, Cancellation, 40 hands", lambda: hearts_game(11, 40)))
