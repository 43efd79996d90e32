"""The JavaScript the build adds to the site (``scorekeeper/web/js/``), as JavaScript:
every file is read by ``node --check`` as it sits in the package, and the tests in
``tests/web/js/*.test.mjs`` (the page's scripts, Python's worker, the service worker, each
on fakes of what the browser has; the keeper of the data folder also on fake-indexeddb,
with every storage operation of each action failing in turn) pass in Node's own test
runner."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = sorted((ROOT / "scorekeeper" / "web" / "js").glob("*.*js"))
TESTS = sorted((ROOT / "tests" / "web" / "js").glob("*.test.mjs"))


def node() -> str:
    found = shutil.which("node")
    if found is None:
        pytest.fail("these tests need Node.js (`node`); install Debian's nodejs", pytrace=False)
    return found


def fake_indexeddb() -> None:
    """The npm packages the tests use (fake-indexeddb, pinned in tests/web/js/package.json
    and its lock), installed with npm on first use."""
    where = ROOT / "tests" / "web" / "js"
    if (where / "node_modules" / "fake-indexeddb" / "package.json").is_file():
        return
    npm = shutil.which("npm")
    if npm is None:
        pytest.fail("these tests need npm to install fake-indexeddb; install Debian's npm",
                    pytrace=False)
    done = subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"],
                          cwd=where, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_script_is_javascript_as_the_package_holds_it() -> None:
    assert {p.name for p in SCRIPTS} >= {"sw.js", "start-pyodide.js", "start-early.js",
                                         "boot.js", "locales.js", "make-snapshot.mjs",
                                         "keeper.js"}
    for script in SCRIPTS:
        done = subprocess.run([node(), "--check", str(script)], capture_output=True,
                              text=True, timeout=60)
        assert done.returncode == 0, f"{script.name}:\n{done.stderr}"


def test_the_scripts_pass_their_tests_in_nodes_test_runner() -> None:
    assert len(TESTS) >= 3
    from scorekeeper.web import client

    fake_indexeddb()
    # keeper.test.mjs runs the keeper on the Pyodide the site ships
    env = dict(os.environ, PYODIDE_DIR=str(client.flet_web_dir() / "pyodide"))
    done = subprocess.run([node(), "--test", "--test-reporter=spec", *map(str, TESTS)],
                          capture_output=True, text=True, timeout=900, cwd=ROOT, env=env)
    said = done.stdout[-20000:] + done.stderr[-5000:]
    assert done.returncode == 0, said
    passed = re.search(r"^. pass (\d+)$", done.stdout, re.M)
    assert passed is not None and int(passed.group(1)) >= 20, said
    sweep = re.search(r"^keeper sweep: (\d+) .*$", done.stdout, re.M)
    assert sweep is not None and int(sweep.group(1)) >= 500, said
    print(sweep.group(0))  # the number of (action, operation, failure) cases
