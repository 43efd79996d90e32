"""The web app's scripts in the page (``scorekeeper/web/page_scripts.py``), run in Node
with a made-up browser around them: the objects the script touches (``navigator``,
``Worker``, ``window``'s events, ``location``) are fakes that record what it does."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from scorekeeper.web import page_scripts

NODE = shutil.which("node")

FAKE_PAGE = """
globalThis.window = globalThis;
const listeners = {};
globalThis.addEventListener = (name, fn) => { (listeners[name] ||= []).push(fn); };
globalThis.fire = (name, event) => { for (const fn of listeners[name] || []) fn(event); };
globalThis.reloads = 0;
globalThis.location = { reload() { globalThis.reloads += 1; } };
globalThis.made = [];
globalThis.Worker = class {
    constructor(url, options) { this.url = url; this.terminated = false; this.posted = [];
                                made.push(this); }
    postMessage(message) { this.posted.push(message); }
    terminate() { this.terminated = true; }
};
globalThis.channels = [];  // Node's own BroadcastChannel would keep Node running
globalThis.BroadcastChannel = class {
    constructor(name) { this.name = name; channels.push(this); }
};
globalThis.flet = { entrypointBaseUrl: "/", pyodide: true, pyodideUrl: "/pyodide/pyodide.mjs" };
"""


def run_page(script: str, then: str) -> object:
    """Run ``script`` in Node on the fake page, then ``then`` (an expression): its value."""
    if NODE is None:
        pytest.fail("these tests need Node.js (`node`); install Debian's nodejs",
                    pytrace=False)
    program = FAKE_PAGE + script + f"\nprocess.stdout.write(JSON.stringify({then}));\n"
    proc = subprocess.run([NODE, "-e", program], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def languages(said: list[str], language: str | None = None) -> object:
    fake = json.dumps({"languages": said, "language": language or (said[0] if said else "")})
    return run_page(f"globalThis.navigator = {fake};\n" + page_scripts.LOCALES,
                    "[navigator.languages, navigator.language]")


def test_a_language_tag_the_browser_cannot_parse_becomes_english() -> None:
    assert languages(["C"]) == [["en"], "en"]


def test_only_the_unparsable_tags_are_dropped() -> None:
    assert languages(["C", "pl-PL", "en_US.UTF-8", "lt"]) == [["pl-PL", "lt"], "pl-PL"]


def test_languages_the_browser_can_parse_are_left_as_they_are() -> None:
    assert languages(["pl-PL", "en-US"]) == [["pl-PL", "en-US"], "pl-PL"]


def test_no_languages_list_falls_back_to_the_one_language() -> None:
    assert languages([], "C.UTF-8") == [["en"], "en"]
    assert languages([], "lt-LT") == [[], "lt-LT"]  # nothing to correct: left alone


def test_the_boot_script_carries_the_languages_fix_before_anything_else() -> None:
    body = page_scripts.BOOT_SCRIPT.removeprefix("<script>")
    assert body.startswith(page_scripts.LOCALES)


def test_a_page_that_is_left_ends_every_python_it_started() -> None:
    """The early worker and any later one are terminated on ``pagehide`` (so the data
    folder's Web Lock they hold is free for the next page), persisted or not."""
    for persisted in ("true", "false"):
        state = run_page(page_scripts.START_EARLY, f"""(() => {{
            const first = takeEarlyWorker(), second = takeEarlyWorker();
            const before = made.map((w) => w.terminated);
            fire("pagehide", {{ persisted: {persisted} }});
            return {{ made: made.length, first: made.indexOf(first),
                      second: made.indexOf(second), before,
                      after: made.map((w) => w.terminated),
                      preload: made[0].posted, url: made[0].url, reloads }};
        }})()""")
        assert state == {"made": 2, "first": 0, "second": 1, "before": [False, False],
                         "after": [True, True], "preload": [{"preload": "/pyodide/pyodide.mjs"}],
                         "url": "/python-worker.js", "reloads": 0}, state


def test_a_page_brought_back_from_the_back_forward_cache_opens_anew() -> None:
    state = run_page(page_scripts.START_EARLY, """(() => {
        fire("pageshow", { persisted: false });
        const first = reloads;
        fire("pagehide", { persisted: true });
        fire("pageshow", { persisted: true });
        return [first, reloads];
    })()""")
    assert state == [0, 1]


def test_the_page_keeps_the_steps_of_pythons_start_on_its_own_clock() -> None:
    """What the worker says on the "scorekeeper-steps" channel (a moment on the shared
    clock) the page keeps as ms from its own start, for the engines benchmark."""
    steps = run_page(page_scripts.START_EARLY, """(() => {
        const heard = channels.find((c) => c.name === "scorekeeper-steps");
        heard.onmessage({ data: ["Python restored", performance.timeOrigin + 1234] });
        return window.pythonSteps;
    })()""")
    assert steps == {"Python restored": 1234}
