"""The app uses Flet through its public means only: no module of ``scorekeeper`` reads or
writes a private attribute of a Flet control (each Flet upgrade would mean re-checking
every such place). The shell hands each drawing to Flet's own keyed diff instead."""

from __future__ import annotations

import ast
from pathlib import Path

import flet as ft

import scorekeeper

ROOT = Path(scorekeeper.__file__).parent
# BaseControl's own private fields and the class-level tables its diff reads
PRIVATE = {name for name in vars(ft.BaseControl) if name.startswith("_")
           and not name.startswith("__")} | {
    "_values", "_dirty", "_i", "_c", "_parent", "_frozen", "_isolated", "_internals",
    "_initialized", "_prop_defaults", "_event_fields", "_structural_fields",
    "_migrate_state", "_trigger_event", "_before_update_safe"}


def private_uses(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, name) of every private Flet attribute named in ``tree``: as ``x.name`` or as
    the string given to getattr, setattr or hasattr."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in PRIVATE:
            found.append((node.lineno, node.attr))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("getattr", "setattr", "hasattr", "delattr")
              and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant)
              and node.args[1].value in PRIVATE):
            found.append((node.lineno, node.args[1].value))
    return found


def test_the_checker_sees_private_flet_attributes():
    code = "v._isolated = True\nx = c._values.get('k')\ngetattr(c, '_frozen', None)\n"
    assert sorted(private_uses(ast.parse(code))) == [
        (1, "_isolated"), (2, "_values"), (3, "_frozen")]
    assert private_uses(ast.parse("page.update(view)\nc.key = 'x'\n")) == []


def test_no_module_uses_a_private_flet_attribute():
    found = [f"{path.relative_to(ROOT.parent)}:{line}: {name}"
             for path in sorted(ROOT.rglob("*.py"))
             for line, name in private_uses(ast.parse(path.read_text(encoding="utf-8")))]
    assert found == []
