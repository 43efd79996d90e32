"""``scorekeeper.formats`` is pure: every module under it imports only the standard library
and ``scorekeeper.rules`` (never the store, the app, the command line, Flet or TinyDB),
and does no I/O and reads no clock. Every import counts, at the top, inside a function or
under ``TYPE_CHECKING``."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import scorekeeper.formats

ROOT = Path(scorekeeper.formats.__file__).parent
ALLOWED = ("scorekeeper.rules", "scorekeeper.formats")
# calls that do I/O or read the clock: open(), print(), input(), datetime.now(), time.time()
FORBIDDEN_CALLS = frozenset(("open", "print", "input", "now", "utcnow", "today", "time",
                             "time_ns", "monotonic", "perf_counter"))


def _ours(name: str) -> bool:
    return any(name == a or name.startswith(a + ".") for a in ALLOWED)


def bad_imports(source: str, package: str) -> list[str]:
    """The imports of ``source`` (a module of ``package``) that are neither the standard
    library nor the rules nor formats itself."""
    bad = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            # "from .. import rules" imports the package scorekeeper.rules
            names = [f"{base}.{a.name}" if not node.module else base for a in node.names]
        else:
            continue
        for name in names:
            top = name.partition(".")[0]
            if not (_ours(name) or (top != "scorekeeper" and top in sys.stdlib_module_names)):
                bad.append(name)
    return bad


def io_calls(source: str) -> list[str]:
    """The calls in ``source`` that do I/O or read the clock (by the name called)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            fn = node.func
            name = fn.id if isinstance(fn, ast.Name) else fn.attr if isinstance(
                fn, ast.Attribute) else None
            if name in FORBIDDEN_CALLS:
                found.append(name)
    return found


def modules() -> list[Path]:
    return sorted(ROOT.rglob("*.py"))


def test_the_checks_find_what_they_look_for():
    package = "scorekeeper.formats"
    source = ("import json\nfrom typing import TYPE_CHECKING\nfrom .. import rules\n"
              "from ..rules.house import BY_KEY\nfrom .errors import FormatError\n"
              "if TYPE_CHECKING:\n    from ..store.model import StoredGame\n"
              "def f():\n    import flet\n    from .. import app\n    from ..cli import main\n"
              "    import tinydb.table\n")
    assert bad_imports(source, package) == ["scorekeeper.store.model", "flet", "scorekeeper.app",
                                            "scorekeeper.cli", "tinydb.table"]
    assert io_calls("def f():\n    print(datetime.now(timezone.utc), open('x'))\n"
                    "x = len('a')\n") == ["print", "now", "open"]


def test_there_are_modules_to_check():
    names = {p.name for p in modules()}
    assert {"__init__.py", "errors.py", "gamefile.py", "csvfile.py", "export.py",
            "share.py"} <= names


def test_formats_imports_only_the_standard_library_and_the_rules():
    problems = {}
    for path in modules():
        package = "scorekeeper.formats" + "".join(
            "." + part for part in path.relative_to(ROOT).parent.parts)
        bad = bad_imports(path.read_text(encoding="utf-8"), package)
        if bad:
            problems[path.name] = bad
    assert not problems


def test_formats_does_no_io_and_reads_no_clock():
    problems = {p.name: io_calls(p.read_text(encoding="utf-8")) for p in modules()}
    assert not {name: calls for name, calls in problems.items() if calls}
