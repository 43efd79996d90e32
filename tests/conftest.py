"""Fixtures shared by the store's and the app's fast tests; and what a run with several
workers (``pytest -n 2``, as ``tests/run_all.sh`` runs it) does once, in the process that
hands the tests out: it empties the browser tests' screenshots before any worker starts,
and says at the end which engines the workers' browser tests ran on and what they ran
again (each worker's ``tests/e2e/conftest.py`` hands that over)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from scorekeeper.store import platform

SCREENSHOTS = Path(__file__).resolve().parents[1] / "test-artifacts" / "screenshots"
_FROM_WORKERS: dict[str, set[str]] = {"engines": set(), "reruns": set()}


def _hands_out(config: pytest.Config) -> bool:
    """This process hands tests to workers (``-n`` N > 0) and runs none itself."""
    return (not hasattr(config, "workerinput")
            and bool(getattr(config.option, "numprocesses", None)))


def pytest_configure(config: pytest.Config) -> None:
    if _hands_out(config):
        shutil.rmtree(SCREENSHOTS, ignore_errors=True)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    out = getattr(node, "workeroutput", None) or {}
    for key, found in _FROM_WORKERS.items():
        found.update(out.get(key, ()))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """The workers' engines and reruns (a run in one process says them in
    ``tests/e2e/conftest.py``)."""
    if _FROM_WORKERS["engines"]:
        terminalreporter.write_line("web app tests ran on: "
                                    + ", ".join(sorted(_FROM_WORKERS["engines"])))
    for line in sorted(_FROM_WORKERS["reruns"]):
        terminalreporter.write_line("browser: " + line)


@pytest.fixture
def syncs() -> Iterator[list[Callable[[], None]]]:
    """The browser's storage without JavaScript Promise integration: every durable write
    starts a sync that stays pending (the write is unkept) until the test ends it."""
    pending: list[Callable[[], None]] = []
    platform.on_durable(lambda: pending.append(platform.keeping()))
    try:
        yield pending
    finally:
        platform.on_durable(None)
        for kept in pending:
            kept()
