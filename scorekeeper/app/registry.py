"""Where the screens find a game's own parts of the app.

The table is :data:`.games.APP_GAMES` (one entry per game of ``rules.GAMES``, by the
same key): how a game's deal is entered and its rows drawn, its banner, its game-over
card, its words. The screens cannot import it, since each game's parts are made of
theirs; the table installs itself here when the shell (``app.main``) is imported, and
the screens ask :func:`app_game`. The table is the one installed, not a copy.
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from .. import rules

_table: Mapping[str, Any] = {}


def install(table: Mapping[str, Any]) -> None:
    """Make ``table`` (game key -> the game's app parts) the one the screens ask."""
    global _table
    _table = table


def app_games() -> Iterator[Any]:
    """Every game's app parts, in the table's order (Hearts' first)."""
    return iter(tuple(_table.values()))


def app_game(table_rules: rules.Rules) -> Any:
    """The app parts of the game a table's rules are of."""
    return _table[rules.game_of(table_rules).key]


def app_game_of(variant: object) -> Any:
    """The app parts of the game whose variant ``variant`` (its text) is; Hearts' when
    no game has it."""
    game = rules.variant_game(variant)
    return _table[game.key] if game is not None else next(app_games())


def app_game_named(key: str) -> Any:
    return _table[key]
