// The page's own scripts (js/locales.js, js/start-early.js) on a made-up page: the
// objects they touch (navigator, Worker, window's events, location, the service worker,
// the document) record what they do.
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

// What the build fills in (scripts.start_early; tests/web/test_scripts.py checks it).
const WORDS = {
  en: { offline: "offline: connect", other: "could not start", again: "Try again" },
  pl: { offline: "brak internetu", other: "nie udało się", again: "Spróbuj ponownie" },
  lt: { offline: "nėra interneto", other: "nepavyko", again: "Bandyti dar kartą" },
};
const EARLY = { SHOWN: JSON.stringify("first screen sent"),
                LANGUAGE_KEY: JSON.stringify("flutter.scorekeeper.language"),
                WORDS: JSON.stringify(WORDS) };

// A made-up element: what was set on it and put in it.
class Element {
  constructor(tag) { Object.assign(this, { tag, style: {}, children: [], listeners: {} }); }
  setAttribute(name, value) { this[name] = value; }
  append(...children) { this.children.push(...children); }
  appendChild(child) { this.children.push(child); }
  addEventListener(name, fn) { this.listeners[name] = fn; }
}

function page({ online = true, languages = ["en-US"], kept = null } = {}) {
  const listeners = {};
  const made = [];
  const channels = [];
  const posted = [];  // to the service worker
  const body = new Element("body");
  const globals = {
    addEventListener: (name, fn) => { (listeners[name] ||= []).push(fn); },
    fire: (name, event) => { for (const fn of listeners[name] || []) fn(event); },
    reloads: 0,
    made,
    channels,
    posted,
    body,
    performance,
    JSON,
    MessageChannel: class {  // Node's own would keep Node running
      constructor() {
        this.port1 = {};
        this.port2 = { postMessage: (data) => this.port1.onmessage({ data }) };
      }
    },
    navigator: {
      onLine: online, languages,
      serviceWorker: { ready: Promise.resolve({ active: {
        postMessage: (message, ports) => { posted.push(message); ports[0].postMessage(["kept"]); },
      } }) },
    },
    localStorage: { getItem: (key) => key === "flutter.scorekeeper.language" ? kept : null },
    document: {
      body,
      createElement: (tag) => new Element(tag),
      getElementById: (id) => body.children.find((c) => c.id === id) || null,
    },
    Worker: class {
      constructor(url, options) {
        Object.assign(this, { url, options, terminated: false, posted: [], heard: {} });
        made.push(this);
      }
      addEventListener(name, fn) { (this.heard[name] ||= []).push(fn); }
      say(name, event) { for (const fn of this.heard[name] || []) fn(event); }
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
  return run("start-early.js", globals, EARLY);
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
    Worker: class {
      constructor(url) { this.url = url; made.push(this); }
      addEventListener() {}
      postMessage() {}
    },
    flet: { entrypointBaseUrl: "/hearts/", pyodide: false },
  };
  globals.window = globals;
  const p = run("start-early.js", globals, EARLY);
  assert.equal(made.length, 0);
  assert.equal(p.takeEarlyWorker().url, "/hearts/python-worker.js");
});

test("once the app's first screen is sent, the service worker keeps the usual start's files",
     async () => {
  // sw.js's LATER: asked for then, not before (the first open does not wait for them),
  // and once per page
  const p = page();
  const heard = p.channels.find((c) => c.name === "scorekeeper-steps");
  heard.onmessage({ data: ["Python restored", performance.timeOrigin + 1] });
  assert.deepEqual(p.posted, []);
  heard.onmessage({ data: ["first screen sent", performance.timeOrigin + 2] });
  heard.onmessage({ data: ["first screen sent", performance.timeOrigin + 3] });
  await new Promise((resolve) => setTimeout(resolve, 10));
  assert.deepEqual(plain(p.posted), [{ later: true }]);
  assert.deepEqual(plain(p.heartsLater), ["kept"]);
});

function failedStart(setup, say = (worker) => worker.say("message", { data: "Error: x" })) {
  const p = page(setup);
  say(p.takeEarlyWorker());
  const box = p.body.children.find((c) => c.id === "hearts-cannot-start");
  return { p, box, text: box && box.children[0].textContent,
           button: box && box.children[1] };
}

test("a Python that did not start is said over the page, with what to do", () => {
  const { p, box, text, button } = failedStart({ online: false });
  assert.equal(box.role, "alert");
  assert.equal(text, WORDS.en.offline);
  assert.equal(button.textContent, "Try again");
  button.listeners.click();
  assert.equal(p.reloads, 1);
  assert.equal(failedStart({ online: true }).text, WORDS.en.other);
  // a worker that cannot even load says so by its error event
  assert.equal(failedStart({}, (w) => w.say("error", {})).text, WORDS.en.other);
});

test("the words are in the app's language as it kept it, else the browser's", () => {
  const said = (setup) => failedStart({ online: false, ...setup });
  assert.equal(said({ languages: ["pl-PL", "en"] }).text, WORDS.pl.offline);
  assert.equal(said({ languages: ["pl-PL"], kept: '"lt"' }).box.lang, "lt");
  assert.equal(said({ languages: ["lt"], kept: '"system"' }).text, WORDS.lt.offline);
  assert.equal(said({ languages: ["de-DE", "pl"] }).text, WORDS.en.offline);  // as the app
  assert.equal(said({ languages: ["pl"], kept: "not json" }).text, WORDS.pl.offline);
});

test("a Python that started, or a script without a UI, puts nothing over the page", () => {
  for (const data of ["initialized", "__flet_no_ui__:no UI", new Uint8Array([1])]) {
    assert.equal(failedStart({}, (w) => w.say("message", { data })).box, undefined);
  }
  const { p } = failedStart({ online: false });
  p.made[0].say("message", { data: "Error: again" });  // said once
  assert.equal(p.body.children.length, 1);
});

test("while the page asks for them, the messages to and from Python are noted", () => {
  // for the engines benchmark's split of a Save; nothing is kept when it does not ask
  const p = page();
  const worker = p.takeEarlyWorker();
  worker.postMessage("before");
  p.pythonMessages = [];
  worker.postMessage(new Uint8Array([1]));
  worker.say("message", { data: new Uint8Array([2]) });
  assert.deepEqual(p.pythonMessages.map(([way]) => way), ["to Python", "from Python"]);
  assert.ok(p.pythonMessages.every(([, at]) => typeof at === "number"));
  assert.equal(worker.posted.length, 3);  // every message still goes to the worker
});
