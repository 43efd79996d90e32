"""The browser's storage in the web app's browser tests: a storage that says no, a
connection the browser closes, what IndexedDB holds at a given moment, and whether a value
ever showed on the screen.

A storage that says no: Chromium's quota override (DevTools' ``Storage.overrideQuotaFor
Origin``, even at 1 byte) did not make the app's writes fail (Chromium 156, 2026-12-06),
so the test changes IndexedDB itself. A copy of the built site whose Python worker
(``python-worker.js``) begins with :data:`STORAGE_SAYS_NO`: while the test says so, every
``put``, ``add`` and ``delete`` of an object store in that worker throws the
``QuotaExceededError`` a full phone gives; the page tells the worker over a
``BroadcastChannel`` (WebDriver cannot reach a worker; the same copy serves every engine).
The same script can close every IndexedDB connection the worker opened, as WebKit does to
a page in the background ("Connection to Indexed Database server lost").
"""

from __future__ import annotations

import base64
import shutil
import time
from pathlib import Path
from typing import Any

CHANNEL = "scorekeeper-test-storage"

STORAGE_SAYS_NO = """// scorekeeper's browser tests: a storage that says no (tests/e2e/web_storage.py)
(() => {
    const channel = new BroadcastChannel("%s");
    let refusing = FROM_START;  // a full phone from the very first start (see refusing_copy)
    if (FROM_START && indexedDB.databases) {  // ... until the app's database exists
        indexedDB.databases().then((dbs) => {
            if (dbs.some((db) => db.name === "/data")) refusing = false;
        }, () => {});
    }
    for (const name of ["put", "add", "delete"]) {
        const real = IDBObjectStore.prototype[name];
        IDBObjectStore.prototype[name] = function (...args) {
            if (refusing) {
                throw new DOMException("the test's storage is full", "QuotaExceededError");
            }
            return real.apply(this, args);
        };
    }
    const opened = [];
    const open = IDBFactory.prototype.open;
    IDBFactory.prototype.open = function (...args) {
        const request = open.apply(this, args);
        request.addEventListener("success", () => opened.push(request.result));
        return request;
    };
    channel.onmessage = (event) => {
        const said = event.data || {};
        if ("refuse" in said) refusing = !!said.refuse;
        let closed = 0;
        if (said.close) {
            for (const db of opened.splice(0)) { db.close(); closed++; }
        }
        channel.postMessage({ refusing, closed });
    };
})();
""" % CHANNEL

# the page asks the worker, and waits for its answer (so the next tap finds it done)
TELL = """async (said) => {
    const channel = new BroadcastChannel("%s");
    const answer = new Promise((resolve, reject) => {
        channel.onmessage = (e) => resolve(e.data);
        setTimeout(() => reject(new Error("no answer from Python's worker")), 10000);
    });
    channel.postMessage(said);
    try { return await answer; } finally { channel.close(); }
}""" % CHANNEL


def refusing_copy(site: Path, to: Path, from_start: bool = False) -> Path:
    """A copy of the built site whose Python worker can be told to refuse every write;
    ``from_start``: it refuses from its start on a browser profile where the app has no
    database yet (a full phone at the first start), until told otherwise."""
    if not to.exists():
        shutil.copytree(site, to)
        worker = to / "python-worker.js"
        says_no = STORAGE_SAYS_NO.replace("FROM_START", "true" if from_start else "false")
        worker.write_text(says_no + worker.read_text(encoding="utf-8"), encoding="utf-8")
    return to


def refuse(page: Any, on: bool) -> None:
    answer = page.evaluate(TELL, {"refuse": on})
    assert answer["refusing"] is on, answer


def close_connections(page: Any) -> int:
    """Every IndexedDB connection of Python's worker closed; how many there were."""
    return int(page.evaluate(TELL, {"close": True})["closed"])


# `shows(id, value)`: whether the node `id` of Flutter's semantics tree shows `value` among
# its numbers (its label, its text, its children's labels; a minus sign or U+2212)
SHOWS = """const shows = (id, value) => {
    const n = document.querySelector(`[flt-semantics-identifier="${id}"]`);
    if (!n) return false;
    const words = [n.getAttribute && n.getAttribute('aria-label'), n.textContent].concat(
        Array.from(n.querySelectorAll('[aria-label]'), (c) => c.getAttribute('aria-label')))
        .join(' ');
    return (words.match(/[-\\u2212]?\\d+/g) || [])
        .some((m) => Number(m.replace('\\u2212', '-')) === value);
};
// `whenShown(id, value, then)`: `then()` in the task in which the node first shows it
const whenShown = (id, value, then) => {
    const seen = new MutationObserver(() => {
        if (!shows(id, value)) return;
        seen.disconnect();
        then();
    });
    seen.observe(document.documentElement, {subtree: true, childList: true,
                                            attributes: true, characterData: true});
    return seen;
};"""

# `readFiles(db, done)`: every file of the data folder's store ("FILE_DATA", Emscripten's
# format), base64 by path, in one read-only transaction made now
READ_FILES = """const readFiles = (db, done) => {
    const files = {};
    const cursor = db.transaction('FILE_DATA', 'readonly').objectStore('FILE_DATA')
        .openCursor();
    cursor.onsuccess = () => {
        const c = cursor.result;
        if (!c) { done(files); return; }
        if (c.value && c.value.contents) {
            let s = '';
            const b = c.value.contents;
            for (let i = 0; i < b.length; i += 8192) {
                s += String.fromCharCode.apply(null, b.subarray(i, i + 8192));
            }
            files[c.key] = btoa(s);
        }
        c.continue();
    };
};"""


# Everything IndexedDB's store of the data folder holds now (base64 by path)
READ_KEPT = """() => new Promise((resolve, reject) => {
    %s
    const open = indexedDB.open('/data');
    open.onerror = () => reject(new Error('IndexedDB /data: ' + open.error));
    open.onsuccess = () => readFiles(open.result, (files) => {
        open.result.close();
        resolve(files);
    });
})""" % READ_FILES


def kept_now(page: Any, folder: Path) -> Path:
    """The data folder as IndexedDB has it now (what a reload would read), in ``folder``."""
    shutil.rmtree(folder, ignore_errors=True)
    for key, data in page.evaluate(READ_KEPT).items():
        path = folder / key.removeprefix("/data").lstrip("/")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(data))
    return folder


def kept_hands(page: Any, folder: Path, game_id: str) -> tuple[Any, ...]:
    from scorekeeper.store import GameStore

    return GameStore(kept_now(page, folder)).get(game_id).game.hands


# Arms a watch: window.__everShown becomes true if the node `id` ever shows `value`
# among its numbers (checked on every change of the page, in the task that made it)
WATCH = """([id, value]) => {
    %s
    window.__everShown = false;
    if (window.__watch) window.__watch.disconnect();
    window.__watch = whenShown(id, value, () => { window.__everShown = true; });
    return shows(id, value);
}""" % SHOWS


def watch(page: Any, identifier: str, value: int) -> None:
    assert not page.evaluate(WATCH, [identifier, value]), f"{identifier} shows {value} already"


def ever_shown(page: Any) -> bool:
    return bool(page.evaluate("() => window.__everShown"))


def wait_until(check: Any, timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        seen = check()
        if seen:
            return seen
        assert time.monotonic() < deadline, f"waited {timeout:.0f} s for {what}"
        time.sleep(0.1)
