// The keeper of the web app's data folder (js/keeper.js) on Pyodide's own file system (the
// runtime the site ships, run by Node) and a made-up IndexedDB that can refuse, fail one
// put, never end a transaction, or have its connection closed. What it must do: write what
// changed in one transaction, all or nothing, one sync at a time; be done only when the
// transaction completes; put the folder back after a refusal; end within its bound; open
// a closed connection again. Pyodide's folder: PYODIDE_DIR (tests/web/test_js.py sets it).
import assert from "node:assert/strict";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { run } from "./load.mjs";

const DIR = process.env.PYODIDE_DIR;
if (!DIR) {
  throw new Error("PYODIDE_DIR is not set: run these through tests/web/test_js.py");
}

const later = (fn) => setTimeout(fn, 0);

// --- a made-up IndexedDB: one database, one object store, copies of what is put --------

class FakeRequest {
  constructor() { this.result = undefined; this.error = null; }
}

class FakeTransaction {
  constructor(idb, db, mode) {
    this.idb = idb; this.db = db; this.mode = mode;
    this.staged = []; this.pending = 0; this.done = false; this.error = null;
    idb.active++;
    idb.most = Math.max(idb.most, idb.active);
    idb.transactions.push(this);
    this.check();
  }
  objectStore() {
    const tx = this;
    return {
      put(value, key) { return tx.write(["put", key, value]); },
      add(value, key) { return tx.write(["put", key, value]); },
      delete(key) { return tx.write(["delete", key]); },
      get(key) {
        const request = tx.request();
        later(() => {
          const hit = tx.idb.data.get(key);
          request.result = hit && { ...hit, contents: hit.contents && hit.contents.slice() };
          tx.answer(request);
        });
        return request;
      },
      index() {
        return {
          openKeyCursor() {
            const request = tx.request();
            const keys = [...tx.idb.data.entries()]
              .sort((a, b) => a[1].timestamp - b[1].timestamp);
            let at = 0;
            const step = () => later(() => {
              if (at >= keys.length) {
                request.result = null;
              } else {
                const [path, entry] = keys[at++];
                request.result = { primaryKey: path, key: entry.timestamp,
                                   continue: () => { tx.pending++; step(); } };
              }
              tx.answer(request);
            });
            step();
            return request;
          },
        };
      },
    };
  }
  write(op) {
    if (this.mode !== "readwrite") throw new DOMException("read only", "ReadOnlyError");
    if (this.idb.refuse) throw new DOMException("the disk is full", "QuotaExceededError");
    const request = this.request();
    later(() => {
      if (this.idb.failPut === op[1]) {  // a request that fails: the transaction aborts
        request.error = new DOMException("no room for " + op[1], "QuotaExceededError");
        if (request.onerror) request.onerror({ preventDefault() {} });
        this.abort(request.error);
        return;
      }
      this.staged.push(op);
      this.answer(request);
    });
    return request;
  }
  request() { this.pending++; return new FakeRequest(); }
  answer(request) {
    this.pending--;
    if (this.done) return;
    if (request.onsuccess) request.onsuccess({ target: request });
    this.check();
  }
  check() {
    later(() => {
      if (this.done || this.pending > 0) return;
      if (this.mode === "readwrite" && this.idb.hang > 0) {
        this.idb.hang--;  // never ends (a connection lost mid-sync)
        this.done = true;
        return;
      }
      this.done = true;
      this.idb.active--;
      for (const [kind, key, value] of this.staged) {
        if (kind === "put") {
          this.idb.data.set(key, { ...value, timestamp: new Date(value.timestamp),
                                   contents: value.contents && value.contents.slice() });
        } else {
          this.idb.data.delete(key);
        }
      }
      if (this.oncomplete) this.oncomplete({});
    });
  }
  abort(error) {
    if (this.done) return;
    this.done = true;
    this.idb.active--;
    this.error = error || new DOMException("aborted", "AbortError");
    later(() => this.onabort && this.onabort({}));
  }
}

class FakeIndexedDB {
  constructor() {
    this.data = new Map(); this.created = false;
    this.refuse = false; this.failPut = null; this.hang = 0;
    this.active = 0; this.most = 0; this.transactions = []; this.connections = [];
  }
  open() {
    const request = new FakeRequest();
    later(() => {
      const idb = this;
      const db = {
        closed: false,
        objectStoreNames: { contains: () => idb.created },
        createObjectStore() {
          idb.created = true;
          return { indexNames: { contains: () => false }, createIndex() {} };
        },
        transaction(names, mode) {
          if (db.closed) throw new DOMException("the connection is closed", "InvalidStateError");
          return new FakeTransaction(idb, db, mode);
        },
        close() { db.closed = true; },
      };
      this.connections.push(db);
      request.result = db;
      if (!this.created) {
        request.transaction = { objectStore: () => ({ indexNames: { contains: () => false },
                                                      createIndex() {} }) };
        if (request.onupgradeneeded) request.onupgradeneeded({ target: request });
        this.created = true;
      }
      if (request.onsuccess) request.onsuccess({ target: request });
    });
    return request;
  }
}

// --- Pyodide, once for the whole file ----------------------------------------------------

const { loadPyodide } = await import(pathToFileURL(DIR + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: DIR + "/" });
const FS = py.FS;
let serial = 0;

// A keeper of a new folder (its own mount point, so its own records) on a new IndexedDB.
async function opened(options = {}) {
  const idb = new FakeIndexedDB();
  globalThis.indexedDB = idb;  // Emscripten's IDBFS reads it at its first read
  const root = `/data${++serial}`;
  FS.mkdir(root);
  const reverted = [];
  const scope = run("keeper.js", { indexedDB: idb, console: { warn() {}, error() {} },
                                   setTimeout, clearTimeout, DOMException });
  const keeper = await scope.scorekeeperKeeper.open(FS, root, {
    reverted: () => reverted.push(1), timeoutMs: 200, ...options });
  return { idb, root, keeper, reverted, scope };
}

const text = (bytes) => new TextDecoder().decode(bytes);
const kept = (idb, path) => idb.data.has(path) ? text(idb.data.get(path).contents) : null;

test("a sync writes what changed, and the next start reads it back", async () => {
  const { idb, root, keeper, scope } = await opened();
  FS.mkdir(`${root}/games`);
  FS.writeFile(`${root}/games/a.json`, "hand 1");
  FS.writeFile(`${root}/journal`, "one\n");
  await keeper.sync();
  assert.equal(kept(idb, `${root}/games/a.json`), "hand 1");
  assert.equal(kept(idb, `${root}/journal`), "one\n");
  const stream = FS.open(`${root}/journal`, "a");  // appended in place, as the index does
  FS.write(stream, new TextEncoder().encode("two\n"), 0, 4);
  FS.close(stream);
  FS.rename(`${root}/games/a.json`, `${root}/games/b.json`);
  await keeper.sync();
  assert.equal(kept(idb, `${root}/journal`), "one\ntwo\n");
  assert.equal(kept(idb, `${root}/games/a.json`), null);
  assert.equal(kept(idb, `${root}/games/b.json`), "hand 1");
  assert.equal(idb.most, 1);

  FS.unmount(root);  // a reload: Emscripten's IDBFS reads what the keeper kept
  const again = new scope.scorekeeperKeeper.Keeper(FS, root, { indexedDB: idb });
  await again.populate(again.mount());
  assert.equal(text(FS.readFile(`${root}/games/b.json`)), "hand 1");
  assert.equal(text(FS.readFile(`${root}/journal`)), "one\ntwo\n");
});

test("a file removed right after it was asked for is no failure", async () => {
  const { idb, root, keeper } = await opened();
  FS.writeFile(`${root}/game.json`, "hand 1");
  FS.writeFile(`${root}/draft.json`, "typed");
  const synced = keeper.sync();  // what it writes is read now...
  FS.unlink(`${root}/draft.json`);  // ...so the hand's draft, removed next, is no failure
  await synced;
  assert.equal(kept(idb, `${root}/draft.json`), "typed");
  await keeper.sync();
  assert.equal(kept(idb, `${root}/draft.json`), null);
});

test("a refused sync keeps nothing and puts the folder back as IndexedDB has it", async () => {
  const { idb, root, keeper, reverted } = await opened();
  FS.writeFile(`${root}/game.json`, "hand 1");
  await keeper.sync();
  FS.writeFile(`${root}/game.json`, "hands 1 and 2");
  FS.writeFile(`${root}/game.json.bak1`, "hand 1");
  idb.refuse = true;
  await assert.rejects(keeper.sync(), (e) => /^full: QuotaExceededError/.test(e.message));
  assert.deepEqual([...idb.data.keys()].sort(), [`${root}/game.json`]);
  assert.equal(text(FS.readFile(`${root}/game.json`)), "hand 1");
  assert.throws(() => FS.stat(`${root}/game.json.bak1`));
  assert.equal(reverted.length, 1);
  idb.refuse = false;
  FS.writeFile(`${root}/game.json`, "hands 1 and 2");  // Save again
  await keeper.sync();
  assert.equal(kept(idb, `${root}/game.json`), "hands 1 and 2");
});

test("a put that fails aborts the whole sync: IndexedDB is never half-written", async () => {
  const { idb, root, keeper } = await opened();
  FS.writeFile(`${root}/a`, "a1");
  FS.writeFile(`${root}/b`, "b1");
  await keeper.sync();
  FS.writeFile(`${root}/a`, "a2");
  FS.writeFile(`${root}/b`, "b2");
  idb.failPut = `${root}/b`;
  await assert.rejects(keeper.sync(), /^Error: full:|full:/);
  assert.equal(kept(idb, `${root}/a`), "a1");
  assert.equal(text(FS.readFile(`${root}/a`)), "a1");
  idb.failPut = null;
});

test("one sync at a time; what is asked meanwhile goes in one more", async () => {
  const { idb, root, keeper } = await opened();
  FS.writeFile(`${root}/a`, "1");
  const first = keeper.sync();
  FS.writeFile(`${root}/a`, "2");
  const second = keeper.sync();
  const third = keeper.sync();
  await Promise.all([first, second, third]);
  assert.equal(idb.most, 1);
  assert.equal(kept(idb, `${root}/a`), "2");
  assert.equal(keeper.stats.syncs, 2);
});

test("a sync that does not end in time is tried again on a new connection", async () => {
  // one deadline of 600 ms: the first try ends at 225 ms, the second at 450 ms (real timers)
  const { idb, root, keeper } = await opened({ timeoutMs: 600 });
  FS.writeFile(`${root}/a`, "1");
  idb.hang = 1;
  await keeper.sync();
  assert.equal(kept(idb, `${root}/a`), "1");
  assert.equal(keeper.stats.timedOut, 1);
  assert.ok(idb.connections.length >= 2);
  idb.hang = 2;  // and again: said, the folder put back, in bounded time
  FS.writeFile(`${root}/a`, "2");
  const started = Date.now();
  await assert.rejects(keeper.sync(), /refused: TimeoutError/);
  assert.ok(Date.now() - started < 2000);
  assert.equal(text(FS.readFile(`${root}/a`)), "1");
});

test("a connection the browser closed is opened again at the next write", async () => {
  const { idb, root, keeper } = await opened();
  FS.writeFile(`${root}/a`, "first");
  await keeper.sync();
  for (const db of idb.connections) db.close();  // WebKit, a page in the background
  FS.writeFile(`${root}/a`, "kept");
  await keeper.sync();
  assert.equal(kept(idb, `${root}/a`), "kept");
  assert.equal(keeper.stats.reopened, 1);
});
