// The service worker (js/sw.js) in a made-up browser: its caches, the network and the
// page are fakes that record what it does. FILES are cached at install, AS_USED only
// once a page fetched them, LATER once the page says the app is up (each only with this
// build's bytes), and every answer carries the cross-origin isolation headers.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { plain, run } from "./load.mjs";

const SCOPE = "https://h/hearts/";
const FILES = ["./", "index.html", "python.js"];
const AS_USED = ["main.dart.wasm", "assets/NOTICES"];
// what the network has for each of LATER (this build's), and their SHA-256
const BUILT = { "app.tar.gz": "the whole archive", "pyodide/python_stdlib.zip": "the library" };
const sha256 = (text) => createHash("sha256").update(text).digest("hex");
const LATER = Object.fromEntries(Object.entries(BUILT).map(([f, text]) => [f, sha256(text)]));

class FakeCache {
  constructor() { this.answers = new Map(); }
  static key(request) {
    return typeof request === "string" ? new URL(request, SCOPE).href : request.url;
  }
  async addAll(requests) {
    for (const r of requests) {
      this.answers.set(FakeCache.key(r), new Response(`cached ${FakeCache.key(r)}`));
    }
    this.added = requests.map((r) => [r.url, r.cache]);
  }
  async put(request, response) { this.answers.set(FakeCache.key(request), response); }
  async match(request, options = {}) {
    let key = FakeCache.key(request);
    if (options.ignoreSearch) key = key.split(/[?#]/)[0];
    const hit = this.answers.get(key);
    return hit && hit.clone();
  }
}

function browser({ online = true, network = {} } = {}) {
  const listeners = {};
  const caches = new Map([["hearts-old", new FakeCache()], ["other-app", new FakeCache()]]);
  const fetched = [];
  const scope = {
    URL, Headers, Response,
    Request: class extends Request {  // relative to the worker's scope, as in a browser
      constructor(input, init) {
        super(typeof input === "string" ? new URL(input, SCOPE) : input, init);
      }
    },
    addEventListener: (name, fn) => { listeners[name] = fn; },
    registration: { scope: SCOPE },
    location: { origin: "https://h" },
    skipWaiting: async () => { scope.skipped = true; },
    clients: { claim: async () => { scope.claimed = true; } },
    caches: {
      open: async (name) => {
        if (!caches.has(name)) caches.set(name, new FakeCache());
        return caches.get(name);
      },
      keys: async () => [...caches.keys()],
      delete: async (name) => caches.delete(name),
    },
    fetch: async (request) => {
      fetched.push(typeof request === "string" ? request : request.url);
      if (!online) throw new TypeError("offline");
      const name = request.url.slice(SCOPE.length);
      return new Response(name in network ? network[name] : `network ${request.url}`,
                          { headers: { "X-From": "network" } });
    },
    crypto,
    console: { warn: (said) => fetched.push("warned: " + said) },
  };
  scope.self = scope;
  run("sw.js", scope, { VERSION: '"v1"', FILES: JSON.stringify(FILES),
                        AS_USED: JSON.stringify(AS_USED), LATER: JSON.stringify(LATER) });
  // dispatch an event; what it waited for, and what it answered
  const fire = async (name, fields) => {
    const waits = [];
    const event = { waitUntil: (p) => waits.push(p), respondWith: (p) => { event.answer = p; },
                    ...fields };
    listeners[name](event);
    const answer = await event.answer;
    await Promise.all(waits);
    await Promise.all(waits);  // what the answer's own waitUntil added
    return answer;
  };
  return { scope, caches, fetched, fire };
}

// a request as the page makes it (a navigation's mode cannot be made with new Request)
const get = (path, init = {}) => init.navigate ?
  { method: "GET", url: new URL(path, SCOPE).href, mode: "navigate" } :
  new Request(new URL(path, SCOPE), init);

test("installing caches every file of the site, past the browser's HTTP cache", async () => {
  const b = browser();
  await b.fire("install", {});
  assert.deepEqual(plain(b.caches.get("hearts-v1").added),
                   FILES.map((f) => [new URL(f, SCOPE).href, "reload"]));
  assert.equal(b.scope.skipped, true);
});

test("activating deletes the caches of earlier builds, not other apps'", async () => {
  const b = browser();
  await b.caches.get("hearts-old");
  await b.fire("install", {});
  await b.fire("activate", {});
  assert.deepEqual([...b.caches.keys()].sort(), ["hearts-v1", "other-app"]);
  assert.equal(b.scope.claimed, true);
});

test("a file of the site comes from the cache, isolated, whatever its query", async () => {
  const b = browser({ online: false });
  await b.fire("install", {});
  const answer = await b.fire("fetch", { request: get("python.js?v=3") });
  assert.equal(await answer.text(), `cached ${SCOPE}python.js`);
  assert.equal(answer.headers.get("Cross-Origin-Opener-Policy"), "same-origin");
  assert.equal(answer.headers.get("Cross-Origin-Embedder-Policy"), "require-corp");
  assert.equal(answer.headers.get("Cross-Origin-Resource-Policy"), "same-origin");
  assert.deepEqual(b.fetched, []);
});

test("every address the app opens is the cached page (offline too)", async () => {
  const b = browser({ online: false });
  await b.fire("install", {});
  const answer = await b.fire("fetch", { request: get("game/42", { navigate: true }) });
  assert.equal(await answer.text(), `cached ${SCOPE}index.html`);
  assert.equal(answer.headers.get("Cross-Origin-Embedder-Policy"), "require-corp");
});

test("a file kept as used is kept once fetched, any other file only passes", async () => {
  const b = browser();
  await b.fire("install", {});
  const wasm = await b.fire("fetch", { request: get("main.dart.wasm") });
  assert.equal(wasm.headers.get("X-From"), "network");
  assert.equal(wasm.headers.get("Cross-Origin-Opener-Policy"), "same-origin");
  await b.fire("fetch", { request: get("unknown.js") });
  const cache = b.caches.get("hearts-v1");
  assert.ok(await cache.match("main.dart.wasm"));
  assert.equal(await cache.match("unknown.js"), undefined);
  assert.deepEqual(b.fetched, [`${SCOPE}main.dart.wasm`, `${SCOPE}unknown.js`]);
});

test("what is not a GET of this site is left to the browser", async () => {
  const b = browser();
  let answered = false;
  for (const request of [get("python.js", { method: "POST", body: "x" }),
                         new Request("https://elsewhere/python.js")]) {
    await b.fire("fetch", { request, respondWith: () => { answered = true; } });
  }
  assert.equal(answered, false);
});

test("the page's list of what it loaded keeps those kept as used, and says which",
     async () => {
  const b = browser();
  await b.fire("install", {});
  const said = [];
  await b.fire("message", { data: { keep: [`${SCOPE}main.dart.wasm?v=1`, `${SCOPE}python.js`,
                                           "https://elsewhere/main.dart.wasm"] },
                            ports: [{ postMessage: (m) => said.push(plain(m)) }] });
  assert.deepEqual(said, [["main.dart.wasm"]]);
  assert.deepEqual(b.fetched, [`${SCOPE}main.dart.wasm`]);
  assert.ok(await b.caches.get("hearts-v1").match("main.dart.wasm"));
  await b.fire("message", { data: { keep: [`${SCOPE}main.dart.wasm`] }, ports: [] });
  assert.equal(b.fetched.length, 1);  // already kept: not fetched again
  await b.fire("message", { data: "something else", ports: [] });
});

test("offline, the page's list keeps nothing and says so", async () => {
  const b = browser({ online: false });
  await b.fire("install", {});
  const said = [];
  await b.fire("message", { data: { keep: [`${SCOPE}assets/NOTICES`] },
                            ports: [{ postMessage: (m) => said.push(plain(m)) }] });
  assert.deepEqual(said, [[]]);
});

const later = async (b) => {
  const said = [];
  await b.fire("message", { data: { later: true },
                            ports: [{ postMessage: (m) => said.push(plain(m)) }] });
  return said;
};

test("once the app is up, the usual start's files are kept, this build's only", async () => {
  const newer = { ...BUILT, "app.tar.gz": "the archive of a build since" };
  const b = browser({ network: newer });
  await b.fire("install", {});
  assert.deepEqual(b.fetched, []);  // not at install
  assert.deepEqual(await later(b), [["pyodide/python_stdlib.zip"]]);
  const cache = b.caches.get("hearts-v1");
  assert.equal(await (await cache.match("pyodide/python_stdlib.zip")).text(), "the library");
  assert.equal(await cache.match("app.tar.gz"), undefined);
  assert.ok(b.fetched.includes("warned: app.tar.gz is not this build's (v1): not kept"));
});

test("LATER files already kept are not fetched again; offline, none is kept", async () => {
  const b = browser({ network: BUILT });
  await b.fire("install", {});
  assert.deepEqual((await later(b))[0].sort(), Object.keys(LATER).sort());
  const asked = b.fetched.length;
  assert.deepEqual((await later(b))[0].sort(), Object.keys(LATER).sort());
  assert.equal(b.fetched.length, asked);
  const off = browser({ online: false });
  await off.fire("install", {});
  assert.deepEqual(await later(off), [[]]);
});

test("a LATER file fetched through the worker is kept as it passes, if it is this build's",
     async () => {
  const b = browser({ network: BUILT });
  await b.fire("install", {});
  const answer = await b.fire("fetch", { request: get("app.tar.gz") });
  assert.equal(await answer.text(), "the whole archive");
  assert.equal(await (await b.caches.get("hearts-v1").match("app.tar.gz")).text(),
               "the whole archive");
  const other = browser({ network: { "app.tar.gz": "another build's" } });
  await other.fire("install", {});
  await other.fire("fetch", { request: get("app.tar.gz") });
  assert.equal(await other.caches.get("hearts-v1").match("app.tar.gz"), undefined);
});
