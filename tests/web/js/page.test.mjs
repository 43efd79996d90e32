// The page's own scripts (js/locales.js, js/start-early.js) on a made-up page: the
// objects they touch (navigator, Worker, window's events, location) record what they do.
import assert from "node:assert/strict";
import { test } from "node:test";
import { plain, run } from "./load.mjs";

function languages(said, language = said[0] ?? "") {
  const page = run("locales.js", { navigator: { languages: said, language }, console });
  return plain([page.navigator.languages, page.navigator.language]);
}

test("a language tag the browser cannot parse becomes English", () => {
  assert.deepEqual(languages(["C"]), [["en"], "en"]);
});

test("only the unparsable tags are dropped", () => {
  assert.deepEqual(languages(["C", "pl-PL", "en_US.UTF-8", "lt"]), [["pl-PL", "lt"], "pl-PL"]);
});

test("languages the browser can parse are left as they are", () => {
  assert.deepEqual(languages(["pl-PL", "en-US"]), [["pl-PL", "en-US"], "pl-PL"]);
});

test("no languages list falls back to the one language", () => {
  assert.deepEqual(languages([], "C.UTF-8"), [["en"], "en"]);
  assert.deepEqual(languages([], "lt-LT"), [[], "lt-LT"]);  // nothing to correct
});

function page() {
  const listeners = {};
  const made = [];
  const channels = [];
  const globals = {
    addEventListener: (name, fn) => { (listeners[name] ||= []).push(fn); },
    fire: (name, event) => { for (const fn of listeners[name] || []) fn(event); },
    reloads: 0,
    made,
    channels,
    performance,
    Worker: class {
      constructor(url, options) {
        Object.assign(this, { url, options, terminated: false, posted: [] });
        made.push(this);
      }
      postMessage(message) { this.posted.push(message); }
      terminate() { this.terminated = true; }
    },
    BroadcastChannel: class {  // Node's own would keep Node running
      constructor(name) { this.name = name; channels.push(this); }
    },
    flet: { entrypointBaseUrl: "/", pyodide: true, pyodideUrl: "/pyodide/pyodide.mjs" },
  };
  globals.location = { reload() { globals.reloads += 1; } };
  globals.window = globals;
  return run("start-early.js", globals);
}

test("a page that is left ends every Python it started", () => {
  // the early worker and any later one, persisted or not: the data folder's Web Lock
  // they hold is then free for the next page
  for (const persisted of [true, false]) {
    const p = page();
    const first = p.takeEarlyWorker(), second = p.takeEarlyWorker();
    assert.deepEqual([p.made.indexOf(first), p.made.indexOf(second)], [0, 1]);
    assert.deepEqual(p.made.map((w) => w.terminated), [false, false]);
    p.fire("pagehide", { persisted });
    assert.deepEqual(p.made.map((w) => w.terminated), [true, true]);
    assert.deepEqual(plain(p.made[0].posted), [{ preload: "/pyodide/pyodide.mjs" }]);
    assert.equal(p.made[0].url, "/python-worker.js");
    assert.equal(p.made[0].options.type, "module");
    assert.equal(p.reloads, 0);
  }
});

test("a page brought back from the back/forward cache opens anew", () => {
  const p = page();
  p.fire("pageshow", { persisted: false });
  assert.equal(p.reloads, 0);
  p.fire("pagehide", { persisted: true });
  p.fire("pageshow", { persisted: true });
  assert.equal(p.reloads, 1);
});

test("the page keeps the steps of Python's start on its own clock", () => {
  // what the worker says on "scorekeeper-steps" (a moment on the shared clock) the page
  // keeps as ms from its own start, for the engines benchmark
  const p = page();
  const heard = p.channels.find((c) => c.name === "scorekeeper-steps");
  heard.onmessage({ data: ["Python restored", performance.timeOrigin + 1234] });
  assert.deepEqual(plain(p.pythonSteps), { "Python restored": 1234 });
});

test("without Pyodide the page starts no worker until Flutter asks", () => {
  const listeners = {};
  const made = [];
  const globals = {
    addEventListener: (name, fn) => { (listeners[name] ||= []).push(fn); },
    performance,
    Worker: class { constructor(url) { this.url = url; made.push(this); } },
    flet: { entrypointBaseUrl: "/hearts/", pyodide: false },
  };
  globals.window = globals;
  const p = run("start-early.js", globals);
  assert.equal(made.length, 0);
  assert.equal(p.takeEarlyWorker().url, "/hearts/python-worker.js");
});
