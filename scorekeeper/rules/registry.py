"""Where the rules' own values find the game a variant belongs to.

The table of games is :data:`.games.GAMES` (one entry per game: Hearts, Kierki). The
values under it (:class:`.values.Rules`, :func:`.variants.spec`, :func:`.scoring.state`)
cannot import it, since every game is made of them; the table installs itself here when
``scorekeeper.rules`` is imported, and they ask :func:`owner` which game a variant is.
The table is the one installed, not a copy: an entry added to it (a test's third game)
is found at once.
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from .errors import RulesError

_table: Mapping[str, Any] = {}


def install(table: Mapping[str, Any]) -> None:
    """Make ``table`` (key -> game) the table of games the rules ask."""
    global _table
    _table = table


def games() -> Iterator[Any]:
    """Every game of the table, in the table's order."""
    return iter(tuple(_table.values()))


def owner(variant: object) -> Any:
    """The game whose variants hold ``variant`` (an enum value or its text)."""
    for game in games():
        if variant in game.variants:
            return game
    raise RulesError("unknown_variant", f"no game has the variant {variant!r}",
                     value=variant)


def by_key(key: str) -> Any:
    """The game the table files under ``key`` ("hearts", "kierki")."""
    return _table[key]
