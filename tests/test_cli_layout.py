"""The command is a package, and nothing below it imports from it: the rules, the formats
and the store load without the command line code."""

from __future__ import annotations

import subprocess
import sys


def test_store_formats_and_rules_never_import_the_cli() -> None:
    code = ("import sys, scorekeeper.store, scorekeeper.store.importing, scorekeeper.rules\n"
            "import scorekeeper.formats\n"
            "bad = sorted(m for m in sys.modules if m.startswith('scorekeeper.cli'))\n"
            "assert not bad, bad\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_the_console_script_entry_point_is_the_package_main() -> None:
    from importlib.metadata import entry_points

    from scorekeeper import cli

    [ep] = [e for e in entry_points(group="console_scripts") if e.name == "scorekeeper"]
    assert ep.value == "scorekeeper.cli:main" and ep.load() is cli.main


def test_serve_is_passed_on_with_the_same_arguments(monkeypatch) -> None:
    import scorekeeper.app.server.serve as serve_module
    from scorekeeper.cli import main

    got = {}
    monkeypatch.setattr(serve_module, "serve", lambda **kw: got.update(kw) or 0)
    assert main(["serve", "--port", "9000", "--db", "/tmp/x", "--lan"]) == 0
    assert got == {"host": "127.0.0.1", "port": 9000, "db": "/tmp/x", "lan": True}
    got.clear()
    assert main([]) == 0 and got["port"] == 8550
