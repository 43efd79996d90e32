"""The ``house_rules`` cell of the CSV: a game's house rules as words, and back.

A rule that is on is written by its key, a pass cycle as ``passes=`` with its passes
separated by commas, a rule with a value as ``key=value``
(``jack_of_diamonds passes=left,right,hold pass_cards=2``); reading checks each key
against the rules' own list, and the rules check the values.
"""

from __future__ import annotations

from typing import Any

from .. import rules
from .cells import bad as _bad, whole as _whole


def house_text(table: rules.Rules) -> str:
    """The house rules of a game as one cell: ``exact_target_halves passes=left,hold``."""
    words = []
    for key, value in table.house:  # type: ignore[misc]
        if value is True:
            words.append(key)
        elif isinstance(value, (int, str)):
            words.append(f"{key}={value}")
        else:
            words.append(f"{key}={','.join(value)}")
    return " ".join(words)


def read_house_text(text: str, line: int) -> dict[str, Any]:
    """The game file's house rules from a ``house_rules`` cell (checked by the rules)."""
    house: dict[str, Any] = {}
    for word in text.split():
        key, eq, value = word.partition("=")
        if key not in rules.HOUSE_KEYS:
            raise _bad(f"line {line}: {key!r} is not a house rule (known: "
                       f"{', '.join(rules.HOUSE_KEYS)})", line=line)
        off = rules.HOUSE_RULES[rules.HOUSE_KEYS.index(key)].off
        if not eq:
            house[key] = True
        elif isinstance(off, int) and not isinstance(off, bool):
            house[key] = _whole(value, key, line)
        elif isinstance(off, str):
            house[key] = value
        else:
            house[key] = value.split(",")
    return house
