"""Where the format modules find the format of a game.

The table of formats is :data:`.games.FORMATS` (one entry per game of
``rules.GAMES``, by the same key). The modules it is made of (:mod:`.gamefile`,
:mod:`.csvfile`, :mod:`.share`, :mod:`.export`) cannot import it, since each game's
format is made of their parts; the table installs itself here when
``scorekeeper.formats`` is imported, and they ask :func:`format_of`. The table is the
one installed, not a copy: an entry added to it (a test's third game) is found at once.
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from .. import rules

_table: Mapping[str, Any] = {}


def install(table: Mapping[str, Any]) -> None:
    """Make ``table`` (game key -> format) the table of formats the modules ask."""
    global _table
    _table = table


def formats() -> Iterator[Any]:
    """Every game's format, in the table's order (Hearts' first)."""
    return iter(tuple(_table.values()))


def format_of(table_rules: rules.Rules) -> Any:
    """The format of the game a table's rules are of."""
    return _table[rules.game_of(table_rules).key]


def format_named(key: str) -> Any:
    """The format of the game the tables file under ``key``."""
    return _table[key]


def format_of_hand(hand: object) -> Any:
    """The format of the game whose hands are of ``hand``'s kind (a Hearts hand, a
    Kierki deal)."""
    for key, fmt in _table.items():
        if isinstance(hand, rules.game_named(key).hand_type):
            return fmt
    raise TypeError(f"no game has hands like {type(hand).__name__}")


def default_format() -> Any:
    """The first game's format (Hearts'): a file that names no game is of it."""
    return next(formats())
