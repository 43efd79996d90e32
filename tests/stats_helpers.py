"""Helpers for the stats tests: real games summarised the way the store summarises them."""

from __future__ import annotations

from scorekeeper import rules
from scorekeeper.store import gamedoc
from scorekeeper.store.model import GameSummary


def summarise(game: rules.Game, game_id: str, created: str = "2026-01-01T12:00:00.000000Z",
              deleted: bool = False) -> GameSummary:
    """The history-list row the store keeps for ``game`` (gamedoc.summary_of, then the
    value list_games hands out)."""
    doc = {"id": game_id, "created": created, "updated": created, "version": 1,
           "deleted": deleted}
    return gamedoc.summary_value(gamedoc.summary_of(doc, game, None))


def play(players: list[str], hands: list[tuple[int, ...]], target: int = 100,
         variant: str = "standard", moon: str = "add_to_others",
         choices: dict[int, str] | None = None) -> rules.Game:
    """A game with these hands (``choices``: hand index -> moon choice)."""
    choices = choices or {}
    game = rules.Game.new(players, rules.Rules(rules.Variant(variant), target,
                                               rules.MoonRule(moon)))
    for i, points in enumerate(hands):
        game = game.add_hand(rules.Hand(tuple(points), choices.get(i)))
    return game

