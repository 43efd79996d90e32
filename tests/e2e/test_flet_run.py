"""`flet run --web` on the project serves the same app, fully offline ([tool.flet] and
the root main.py), as the README says."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from e2e_harness import ROOT, Server, free_port

from scorekeeper.app import ids


def flet_cli() -> str:
    beside = Path(sys.executable).with_name("flet")
    found = str(beside) if beside.exists() else shutil.which("flet")
    if not found:
        pytest.fail("the flet command is missing: install the test extras "
                    "(pip install -e '.[test]', which includes flet-cli)", pytrace=False)
    return found


def test_flet_run_web_serves_the_app_offline(phone) -> None:
    port = free_port()
    srv = Server("flet-run", [flet_cli(), "run", "--web", "--port", str(port), str(ROOT)], port)
    with srv:
        app = phone.flutter(srv.url)
        app.open("/", ready=ids.NEW_GAME)
        app.shot("flet-run-home")
    # the phone fixture fails the test if the page asked any host but this machine
    assert phone.guard.requests
    assert all(u.startswith(srv.url) or u.startswith(("blob:", "data:"))
               for u in phone.guard.requests), phone.guard.requests
