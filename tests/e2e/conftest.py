"""Fixtures for the end-to-end tests: the real server on a temporary database, Debian's
Chromium at a phone viewport, a network guard on every page, screenshots.

Every test here is marked ``e2e`` (``pytest -m "not e2e"`` leaves them out while working on
something else; ``tests/run_all.sh`` runs them). A failing test leaves a screenshot
``test-artifacts/screenshots/FAILED-<test>.png`` and the server log in
``test-artifacts/logs/``.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Iterator

import pytest
from _pytest.runner import runtestprotocol

from e2e_harness import (
    FAILED as _FAILED,
    SCREENSHOTS,
    ChromiumMissing,
    Flutter,
    Phone,
    Server,
    SpinWatch,
    app_server,
    chromium_path,
    hello_server,
    launch_chromium,
    run_with_one_more,
)

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if Path(str(item.fspath)).resolve().is_relative_to(HERE):
            item.add_marker(pytest.mark.e2e)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    report = yield
    if report.when == "call":
        item.stash[_FAILED] = report.failed
    return report


def pytest_report_header(config: pytest.Config) -> list[str]:
    """Which engines the browser tests run on (the web app's tests run on all three)."""
    from web_engines import engine_versions

    return ["engines: " + ", ".join(f"{k} = {v}" for k, v in engine_versions().items())]


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A worker (``-n``) hands its engines and reruns to the run's summary."""
    from web_engines import USED

    out = getattr(session.config, "workeroutput", None)
    if out is not None:
        out["engines"] = sorted(USED)
        out["reruns"] = list(RERUN)


def pytest_terminal_summary(terminalreporter) -> None:  # type: ignore[no-untyped-def]
    """The versions of Firefox and WebKit the web app's tests ran on in this run."""
    from web_engines import USED

    if USED:
        terminalreporter.write_line("web app tests ran on: " + ", ".join(sorted(USED)))
    for line in RERUN:
        terminalreporter.write_line("browser: " + line)


RERUN: list[str] = []  # the tests run again, and why (said at the end of the run)
SPIN_WATCH = SpinWatch(float(os.environ.get("SCOREKEEPER_SPIN_SECONDS", "120")))


@pytest.fixture(scope="session", autouse=True)
def spin_watch() -> Iterator[SpinWatch]:
    """Ends a Chromium renderer that spins for minutes (see :class:`SpinWatch`)."""
    with SPIN_WATCH as watch:
        yield watch


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> bool:
    """Runs a browser test once more if the spin watch killed a renderer during it (a
    Chromium hang, not the app's failure) or WebKit's browser died or its driver failed an
    input under it (once may be its driver); the run says so. A second time fails it, and the run says that too."""
    item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
    killed = [SPIN_WATCH.killed]

    def run() -> list[pytest.TestReport]:
        killed.append(SPIN_WATCH.killed)
        return runtestprotocol(item, nextitem=nextitem, log=False)

    def hung() -> bool:
        return SPIN_WATCH.killed > killed[-2]

    def fresh() -> None:
        item._initrequest()  # type: ignore[attr-defined]  # fresh fixtures, as on a first run

    reports = run_with_one_more(item.nodeid, run, hung, fresh, RERUN)
    for report in reports:
        item.ihook.pytest_runtest_logreport(report=report)
    item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
    return True


@pytest.fixture(scope="session", autouse=True)
def fresh_screenshots() -> None:
    """Screenshots are of this run only (no stale FAILED-*.png from an earlier one). With
    several workers (``-n``), ``tests/conftest.py`` empties the folder once, before any
    starts: a worker emptying it here would delete the screenshots of another."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        shutil.rmtree(SCREENSHOTS, ignore_errors=True)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)


@pytest.fixture(scope="module")
def xvfb() -> Iterator[object]:
    """An X server for WebKit (MiniBrowser is a GTK window), GDK_SCALE=2's room."""
    from engines import Xvfb

    display = Xvfb("1600x2200x24")
    try:
        yield display
    finally:
        display.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """Chromium, one per test file. Not one per run: between its calls Playwright's sync
    API marks its event loop as running on the main thread, so with two workers, an app
    test run after a browser file on the same worker could not run its own loop ("Cannot
    run the event loop while another loop is running": CI's 99 failures). Leaving the
    ``with`` clears that mark."""
    try:
        chromium_path()
    except ChromiumMissing as e:
        pytest.fail(str(e), pytrace=False)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = launch_chromium(pw)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The real app (``scorekeeper serve``) on a fresh temporary database, one per module."""
    with app_server(tmp_path_factory.mktemp("db")) as srv:
        yield srv


@pytest.fixture(scope="session")
def hello() -> Iterator[Server]:
    """The minimal Flet hello-world page."""
    srv = hello_server()
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture
def phone(browser, request: pytest.FixtureRequest) -> Iterator[Phone]:  # type: ignore[no-untyped-def]
    """A fresh phone (browser context). At the end the test fails if the page asked any
    host but this machine for anything, a local request failed, or the page threw."""
    p = Phone(browser, request.node.name)
    yield p
    failed = request.node.stash.get(_FAILED, False)
    p.close(failed)
    for fault in p.guard.engine_faults:
        print(f"{request.node.nodeid}: Flutter's renderer trapped: {fault}")
        RERUN.append(f"{request.node.nodeid}: not run again, its checks passed, but "
                     f"Flutter's renderer trapped ({fault})")
    problems = p.guard.problems()
    if problems and not failed:
        pytest.fail("the page misbehaved on the network:\n  " + "\n  ".join(problems),
                    pytrace=False)


@pytest.fixture
def app(phone: Phone, server: Server) -> Flutter:
    """The real app in a fresh phone, not yet opened (call ``app.open()``)."""
    return phone.flutter(server.url)
