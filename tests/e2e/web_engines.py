"""The web app on Firefox and WebKit beside Chromium: a browser of either started for one
test, what IndexedDB holds at the moment a total first shows, and a backup's download.

Chromium's pages are Playwright's (``conftest.phone``, ``web_harness.KillableChromium``);
Firefox's and WebKit's are :class:`engines.EnginePage`."""

from __future__ import annotations

import base64
import shutil
import subprocess
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from e2e_harness import ident, is_local
from web_storage import READ_FILES, SHOWS
from engines import EnginePage, Xvfb

USED: set[str] = set()  # the versions of the engines started in this run


class Browser:
    """One Firefox or WebKit for a test: its first page, another tab, a kill."""

    def __init__(self, engine: str, profile: Path, xvfb: Xvfb | None = None,
                 lang: str | None = None) -> None:
        self.engine, self.profile, self.xvfb = engine, profile, xvfb
        self.lang = lang  # WebKit: the LANG it runs under (None: en_US.UTF-8)
        self.driver: Any = None

    def start(self) -> EnginePage:
        self.profile.mkdir(parents=True, exist_ok=True)
        if self.engine == "firefox":
            from engine_firefox import Firefox

            self.driver = Firefox(self.profile)
        else:
            from engine_webkit import WebKit

            assert self.xvfb is not None
            # WebGL off: under Xvfb (WebGL on Mesa's llvmpipe) WebKitGTK 2.50.6 drew some
            # text wrongly with it, a typed value or a button's label, and right with
            # --enable-webgl=false (compared by screenshots both ways, 2026-12-06)
            self.driver = WebKit(self.xvfb, webgl=False, lang=self.lang)
        print(f"engine: {self.driver.version}")
        USED.add(self.driver.version)
        return self.driver.first_page()

    @property
    def version(self) -> str:
        return str(self.driver.version) if self.driver else self.engine

    @property
    def console(self) -> list[str]:
        return list(getattr(self.driver, "console", []))

    def kill(self) -> None:
        """Firefox: SIGKILL its process group. (WebKit is only ever quit: automation
        keeps no storage across a restart anyway.)"""
        if self.driver is not None:
            if self.engine == "firefox":
                self.driver.kill()
            else:
                self.driver.quit()
            self.driver = None

    def quit(self) -> None:
        if self.driver is not None:
            self.driver.quit()
            self.driver = None


@contextmanager
def engine_browser(engine: str, xvfb: Xvfb | None = None, profile: Path | None = None,
                   lang: str | None = None) -> Iterator[Browser]:
    folder = profile or Path(tempfile.mkdtemp(prefix=f"{engine}-profile-"))
    browser = Browser(engine, folder, xvfb, lang)
    try:
        yield browser
    finally:
        try:
            for line in browser.console[-40:]:
                print("console:", line)
            browser.quit()
        finally:
            if profile is None:
                shutil.rmtree(folder, ignore_errors=True)


def outside_requests(page: Any) -> list[str]:
    """What the page loaded from hosts other than this machine (its resource timings;
    Firefox's profile also sends every outside request to a dead proxy)."""
    from playwright.sync_api import Error as PlaywrightError

    try:
        urls = page.evaluate("() => [location.href].concat(performance.getEntriesByType"
                             "('resource').map((e) => e.name))")
    except PlaywrightError:  # the test closed this page (another tab went on)
        return []
    return [u for u in urls if not is_local(u)]


# In the same task in which the node ``id`` first shows ``value`` among its numbers, a
# read-only transaction on Emscripten's IDBFS store (the data folder, "/data") is made;
# IndexedDB runs transactions on a store in the order they were made, so what it reads
# is what a browser killed at that moment keeps. Its files go to window.__kept.
KEPT_WHEN_SHOWN = """([id, value]) => new Promise((resolve, reject) => {
    %s
    %s
    const open = indexedDB.open('/data');
    open.onerror = () => reject(new Error('IndexedDB /data: ' + open.error));
    open.onsuccess = () => {
        window.__kept = null;
        whenShown(id, value, () => readFiles(open.result, (files) => { window.__kept = files; }));
        resolve(shows(id, value));
    };
})""" % (SHOWS, READ_FILES)


def watch_kept_when_shown(page: Any, identifier: str, value: int) -> None:
    """Arms the check (before the tap that makes ``identifier`` show ``value``)."""
    assert not page.evaluate(KEPT_WHEN_SHOWN, [identifier, value]), \
        f"{ident(identifier)} shows {value} already"


def kept_when_shown(page: Any, folder: Path, timeout: float = 120.0) -> Path:
    """The data folder as IndexedDB had it when the value first showed, in ``folder``."""
    deadline = time.monotonic() + timeout
    while (files := page.evaluate("() => window.__kept")) is None:
        assert time.monotonic() < deadline, "the total never showed (or IndexedDB never read)"
        time.sleep(0.1)
    for key, data in files.items():
        path = folder / key.removeprefix("/data").lstrip("/")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(data))
    return folder


# A download caught in the page (WebKit's automation saves none where a test can read
# it): the file an <a download> is clicked for, read from its blob or data address.
CATCH_DOWNLOAD = """() => {
    window.__download = null;
    const blobs = new Map();
    const make = URL.createObjectURL;
    URL.createObjectURL = function (b) { const u = make.call(URL, b); blobs.set(u, b); return u; };
    const click = HTMLAnchorElement.prototype.click;
    const grab = (a) => {
        if (!a.hasAttribute('download')) return;
        const b = blobs.get(a.href);
        (b ? b.text() : fetch(a.href).then((r) => r.text())).then((text) => {
            window.__download = {name: a.download, text};
        });
    };
    HTMLAnchorElement.prototype.click = function () { grab(this); return click.call(this); };
    document.addEventListener('click', (e) => {
        if (e.target instanceof HTMLAnchorElement) grab(e.target);
    }, true);
    return true;
}"""


def firefox_download(folder: Path, timeout: float = 60.0) -> tuple[str, str]:
    """The one file Firefox saved in its downloads folder, once it is complete: Firefox
    makes the file empty at once and writes ``<name>.part`` beside it until it is done."""
    deadline = time.monotonic() + timeout
    last: tuple[str, int] | None = None
    while True:
        files = sorted(folder.iterdir()) if folder.exists() else []
        done = [p for p in files if not p.name.endswith(".part")
                and not (folder / (p.name + ".part")).exists() and p.stat().st_size > 0]
        seen = (done[0].name, done[0].stat().st_size) if done else None
        if seen is not None and seen == last:  # the same size twice: written
            return done[0].name, done[0].read_text(encoding="utf-8")
        last = seen
        assert time.monotonic() < deadline, f"nothing downloaded in {timeout:.0f} s: {files}"
        time.sleep(0.2)


def page_download(page: Any, timeout: float = 60.0) -> tuple[str, str]:
    deadline = time.monotonic() + timeout
    while (found := page.evaluate("() => window.__download")) is None:
        assert time.monotonic() < deadline, f"no download in {timeout:.0f} s"
        time.sleep(0.2)
    return str(found["name"]), str(found["text"])


def engine_versions() -> dict[str, str]:
    """Each engine's version as its package says it (for the run's header)."""
    def run(argv: list[str]) -> str:
        try:
            return subprocess.run(argv, capture_output=True, text=True,
                                  timeout=30).stdout.strip().splitlines()[0]
        except (OSError, IndexError, subprocess.SubprocessError):
            return "not installed"
    webkit = run(["dpkg-query", "-W", "-f", "WebKitGTK ${Version}", "webkit2gtk-driver"])
    return {"chromium": run(["chromium", "--version"]),
            "firefox": run(["firefox-esr", "--version"]), "webkit": webkit}

