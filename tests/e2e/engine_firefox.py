"""Debian's Firefox ESR driven over WebDriver BiDi from Python (the ``websockets``
package): no geckodriver, no node. A fresh profile per browser (or a given one, to start
again after a kill), headless, a 390x844 viewport at DPR 2, every request off this
machine sent to a dead proxy, downloads saved to a folder of the profile."""

from __future__ import annotations

import itertools
import json
import os
import re
import shutil
import signal
import subprocess
import threading
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from engines import DPR, HEIGHT, LANG, TZ, WIDTH, EngineError, EnginePage, EngineTimeout

START_TIMEOUT = 90.0  # Firefox's start on a loaded machine
COMMAND_TIMEOUT = 240.0  # one command (a navigation waits for the load event)

PREFS = {
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.sessionstore.resume_from_crash": False,
    "toolkit.startup.max_resumed_crashes": -1,
    "browser.tabs.warnOnClose": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "app.update.disabledForTesting": True,
    "intl.accept_languages": LANG,
    # nothing leaves the machine: every proxied request goes to the discard port
    "network.proxy.type": 1,
    "network.proxy.http": "127.0.0.1",
    "network.proxy.http_port": 9,
    "network.proxy.ssl": "127.0.0.1",
    "network.proxy.ssl_port": 9,
    "network.proxy.no_proxies_on": "localhost, 127.0.0.1",
    "network.proxy.allow_hijacking_localhost": False,
    "browser.download.folderList": 2,
    "browser.download.useDownloadDir": True,
    "browser.download.always_ask_before_handling_new_types": False,
    "browser.helperApps.neverAsk.saveToDisk": "application/json,application/octet-stream",
}


def firefox_path() -> str:
    path = os.environ.get("SCOREKEEPER_FIREFOX") or shutil.which("firefox-esr") \
        or shutil.which("firefox")
    if not path:
        raise RuntimeError("Firefox is not installed: 'bash tests/run_all.sh' installs "
                           "Debian's firefox-esr, or 'apt-get install -y firefox-esr'")
    return path


class Firefox:
    """One Firefox process and its BiDi session."""

    name = "firefox"

    def __init__(self, profile: Path) -> None:
        from websockets.sync.client import connect

        self.profile = profile
        self.downloads = profile / "downloads"
        self.downloads.mkdir(parents=True, exist_ok=True)
        prefs = dict(PREFS, **{"browser.download.dir": str(self.downloads)})
        (profile / "user.js").write_text("".join(
            f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in prefs.items()))
        env = dict(os.environ, TZ=TZ, LANG="en_US.UTF-8", MOZ_CRASHREPORTER_DISABLE="1")
        self.proc = subprocess.Popen(
            [firefox_path(), "--headless", "--no-remote", "--profile", str(profile),
             "--remote-debugging-port=0", "about:blank"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL, start_new_session=True)
        url = self._bidi_address()
        self.closing = ExitStack()  # the connection, closed on quit
        self.ws = self.closing.enter_context(
            connect(url + "/session", max_size=None, open_timeout=60))
        self.ids = itertools.count(1)
        self.waiting: dict[int, list[Any]] = {}
        self.lock = threading.Lock()
        self.console: list[str] = []
        threading.Thread(target=self._receive, daemon=True, name="bidi").start()
        caps = self.send("session.new", {"capabilities": {}})["capabilities"]
        self.version = f"Firefox {caps.get('browserVersion', '?')}"
        self.send("session.subscribe", {"events": ["log.entryAdded"]})

    def _bidi_address(self) -> str:
        """Firefox says on stderr where its BiDi server listens (a free port)."""
        assert self.proc.stderr is not None
        deadline = time.monotonic() + START_TIMEOUT
        lines = []
        while time.monotonic() < deadline:
            line = self.proc.stderr.readline().decode(errors="replace")
            if not line and self.proc.poll() is not None:
                break
            lines.append(line)
            found = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
            if found:
                threading.Thread(target=self._drain, daemon=True).start()
                return found.group(1).rstrip("/")
        self.kill()
        raise RuntimeError("Firefox did not start its BiDi server:\n" + "".join(lines[-20:]))

    def _drain(self) -> None:
        assert self.proc.stderr is not None
        for _ in self.proc.stderr:
            pass

    def _receive(self) -> None:
        try:
            while True:
                msg = json.loads(self.ws.recv())
                if "id" in msg:
                    with self.lock:
                        slot = self.waiting.get(msg["id"])
                    if slot is not None:
                        slot[1] = msg
                        slot[0].set()
                elif msg.get("method") == "log.entryAdded":
                    p = msg["params"]
                    self.console.append(f"{p.get('level')} {p.get('text', '')[:2000]}")
        except Exception:  # the connection is gone (a kill, a quit)
            pass
        with self.lock:
            for slot in self.waiting.values():
                slot[0].set()

    def send(self, method: str, params: dict[str, Any],
             timeout: float = COMMAND_TIMEOUT) -> dict[str, Any]:
        number = next(self.ids)
        slot: list[Any] = [threading.Event(), None]
        with self.lock:
            self.waiting[number] = slot
        self.ws.send(json.dumps({"id": number, "method": method, "params": params}))
        try:
            if not slot[0].wait(timeout):
                raise EngineTimeout(f"firefox: {method} had no answer in {timeout:.0f} s")
        finally:
            with self.lock:
                self.waiting.pop(number, None)
        msg = slot[1]
        if msg is None:
            raise EngineError(f"firefox: the connection closed during {method}")
        if msg.get("type") == "error":
            raise EngineError(f"firefox: {method}: {msg.get('error')}: {msg.get('message')}")
        return dict(msg["result"])

    def new_page(self, context: str | None = None) -> EnginePage:
        if context is None:
            context = self.send("browsingContext.create", {"type": "tab"})["context"]
        page = EnginePage(FirefoxTab(self, context), opener=self.new_page)
        self.send("browsingContext.setViewport", {
            "context": context, "viewport": {"width": WIDTH, "height": HEIGHT},
            "devicePixelRatio": DPR})
        return page

    def first_page(self) -> EnginePage:
        tree = self.send("browsingContext.getTree", {})["contexts"]
        return self.new_page(tree[0]["context"])

    def kill(self) -> None:
        """SIGKILL, the whole process group: nothing gets to finish or flush."""
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait(timeout=30)

    def quit(self) -> None:
        try:
            self.closing.close()
        except Exception:
            pass
        self.kill()


class FirefoxTab:
    """One browsing context of :class:`Firefox` (the Backend of an EnginePage)."""

    name = "firefox"

    def __init__(self, firefox: Firefox, context: str) -> None:
        self.firefox, self.context = firefox, context
        self.version = firefox.version

    def call(self, source: str, args_json: str) -> str:
        answer = self.firefox.send("script.callFunction", {
            "functionDeclaration": source, "awaitPromise": True,
            "target": {"context": self.context},
            "arguments": [{"type": "string", "value": args_json}]})
        if answer.get("type") == "exception":
            details = answer.get("exceptionDetails", {})
            raise EngineError(f"firefox: the page threw: {details.get('text')}")
        return str(answer["result"].get("value", "null"))

    def navigate(self, url: str) -> None:
        self.firefox.send("browsingContext.navigate",
                          {"context": self.context, "url": url, "wait": "complete"})

    def reload(self) -> None:
        self.firefox.send("browsingContext.reload", {"context": self.context, "wait": "complete"})

    def screenshot(self) -> bytes:
        import base64

        data = self.firefox.send("browsingContext.captureScreenshot", {"context": self.context})
        return base64.b64decode(data["data"])

    def _actions(self, actions: list[dict[str, Any]]) -> None:
        self.firefox.send("input.performActions", {"context": self.context, "actions": actions})

    def tap(self, x: float, y: float) -> None:
        self._actions([{"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
                        "actions": [{"type": "pointerMove", "x": round(x), "y": round(y)},
                                    {"type": "pointerDown", "button": 0},
                                    {"type": "pointerUp", "button": 0}]}])


    def keys(self, actions: list[tuple[str, str]]) -> None:
        self._actions([{"type": "key", "id": "keyboard",
                        "actions": [{"type": t, "value": v} for t, v in actions]}])

    def close(self) -> None:
        self.firefox.send("browsingContext.close", {"context": self.context})
