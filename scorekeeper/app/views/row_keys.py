"""A screen's rows keyed by what they are, so that a row that comes or goes moves no
other row's controls.

Why: Flet's diff matches the unkeyed controls of a list by their place among the unkeyed
ones (``flet/controls/object_patch.py``, ``_compare_lists``), and a control matched so
takes over its predecessor's id. When a row comes or goes (the recent names once every
one of them is typed, an error box, the "other" target's field), every unkeyed row after
it is matched with its neighbour and takes that neighbour's id. A tap or a text the phone
sent for an id before that redraw then reaches another control: the "Other" target tapped
just after the last recent name was typed chose nothing (the tap went to the control that
took its id), and a text can land on another field than the one typed into.

So each unkeyed row gets a key from the first identifier it holds (every control a player
uses is tagged, see :func:`.widgets.tag`): its controls keep their ids wherever the row
moves. A row with no identifier (a section's title, a line of text) stays unkeyed: it
takes no tap and no text.
"""

from __future__ import annotations

from typing import Any

import flet as ft

ROW_KEY = "row:{identifier}"
_CHILDREN = ("content", "controls")  # where a row's tagged controls are found


def keyed(rows: list[ft.Control]) -> list[ft.Control]:
    """``rows``, each unkeyed one keyed by its first identifier (once in the list)."""
    used = {row.key for row in rows if getattr(row, "key", None) is not None}
    for row in rows:
        if getattr(row, "key", None) is not None:
            continue
        identifier = first_identifier(row)
        key = ROW_KEY.format(identifier=identifier) if identifier else None
        if key is not None and key not in used:
            row.key = key
            used.add(key)
    return rows


def first_identifier(control: Any) -> str | None:
    """The identifier of the first tagged control in ``control`` (depth first)."""
    stack = [control]
    while stack:
        c = stack.pop()
        if isinstance(c, ft.Semantics) and c.identifier:
            return str(c.identifier)
        for name in reversed(_CHILDREN):
            child = getattr(c, name, None)
            if isinstance(child, list):
                stack.extend(reversed([x for x in child if isinstance(x, ft.Control)]))
            elif isinstance(child, ft.Control):
                stack.append(child)
    return None


__all__ = ["keyed", "first_identifier"]
