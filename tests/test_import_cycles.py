"""No import cycle in ``scorekeeper``: the modules import each other as a tree of layers
(rules, formats, store, app, cli), counting every import, at the top, inside a function
or under ``TYPE_CHECKING``."""

from __future__ import annotations

import ast
from pathlib import Path

import scorekeeper

ROOT = Path(scorekeeper.__file__).parent


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path, modules: set[str]) -> set[str]:
    """The scorekeeper modules ``path`` imports, wherever in it the import is."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")
                up = up[:len(up) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            # "from . import x" imports the module x when there is one
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base
                       for a in node.names]
        else:
            continue
        for target in targets:
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def graph() -> dict[str, set[str]]:
    paths = sorted(ROOT.rglob("*.py"))
    modules = {module_name(p) for p in paths}
    return {module_name(p): imports(p, modules) for p in paths}


def cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import cycle in ``edges`` (as the modules along it), or None."""
    state: dict[str, int] = {}  # 1: on the path now, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(edges):
        if start not in state:
            found = visit(start)
            if found:
                return found
    return None


def test_the_cycle_finder_finds_a_cycle_and_only_a_cycle():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def test_imports_are_read_wherever_they_are():
    edges = graph()
    # under TYPE_CHECKING, and relative: widgets names session for its types
    assert "scorekeeper.app.routes" in edges["scorekeeper.app.views.widgets"]
    assert "scorekeeper.rules" in edges["scorekeeper.app.views.widgets"]


def test_no_import_cycle_in_scorekeeper():
    assert cycle(graph()) is None


# each package imports only itself and the packages before it
LAYERS = ("rules", "formats", "store", "app", "web", "cli", "__main__")


def layer(module: str) -> int | None:
    """The index in LAYERS of the package ``module`` is in (None: scorekeeper itself)."""
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 else None


def test_every_module_is_in_a_layer():
    assert all(layer(m) is not None for m in graph() if m != "scorekeeper")


def test_each_layer_imports_only_the_layers_below_it():
    wrong = sorted(f"{m} -> {t}" for m, targets in graph().items() for t in targets
                   if layer(t) is not None and layer(m) is not None and layer(t) > layer(m))
    assert not wrong
    assert "scorekeeper.rules" in graph()["scorekeeper.formats.gamefile"]
