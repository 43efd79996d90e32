// IndexedDB as the standard says it (the npm package fake-indexeddb, pinned in
// package.json here), made to fail at one chosen operation, and a clock that moves only
// when the storage has nothing left to do (so "no answer at all" is found at once, and a
// slow machine never makes a deadline pass).
//
// The operations counted, in the order the keeper makes them: "open" (a connection),
// "transaction" (one is made), "put", "delete", "get" (a request), "commit" (a
// transaction has done its requests and would complete). The ways one fails, as a
// browser fails:
// - "refused": the request fails with QuotaExceededError (an open: its request fails), and
//   the transaction aborts with that error;
// - "full": the transaction aborts with QuotaExceededError when it commits (where a real
//   quota error arrives);
// - "aborted": the browser aborts the transaction (AbortError);
// - "closed": the browser closes the connection (its transactions abort with AbortError,
//   then "close"; a transaction asked of it throws InvalidStateError);
// - "hang": no answer at all (the transaction waits until the keeper aborts it);
// - "unanswered": the transaction commits, but "complete" never comes.
import {
  IDBFactory, IDBDatabase, IDBTransaction, IDBObjectStore, forceCloseDatabase,
} from "fake-indexeddb";

export const WAYS = {
  open: ["refused", "closed", "hang"],
  transaction: ["aborted", "closed", "hang"],
  put: ["refused", "aborted", "closed", "hang"],
  delete: ["refused", "aborted", "closed", "hang"],
  get: ["refused", "aborted", "closed", "hang"],
  commit: ["full", "aborted", "closed", "hang", "unanswered"],
};

// --- the clock: timers fire only when no storage task is waiting ---------------------

const realImmediate = globalThis.setImmediate;
let tasks = 0;  // storage tasks queued and not yet run
let timers = [];
let serial = 0;
let checking = false;
export const clock = { now: 0, fired: 0 };

function idle() {
  if (checking) return;
  checking = true;
  realImmediate(() => {
    checking = false;
    if (tasks > 0 || !timers.length) return;
    timers.sort((a, b) => a.due - b.due || a.id - b.id);
    const timer = timers.shift();
    clock.now = Math.max(clock.now, timer.due);
    clock.fired++;
    timer.fn();
    idle();
  });
}

// fake-indexeddb queues its tasks with globalThis.setImmediate, read at each call. A
// connection being closed waits for the database's transactions by queueing itself again
// and again: that is waiting, not work.
const queued = new Set();
const waits = (fn) => /^\(\) => \{\s*closeConnection\(/.test(String(fn));
globalThis.setImmediate = (fn, ...args) => {
  if (waits(fn)) return realImmediate(fn, ...args);
  tasks++;
  const handle = realImmediate(() => {
    queued.delete(handle);
    try {
      fn(...args);
    } finally {
      tasks--;
      idle();
    }
  });
  queued.add(handle);
  return handle;
};
const realClear = globalThis.clearImmediate;
globalThis.clearImmediate = (handle) => {
  if (queued.delete(handle)) {
    tasks--;
    idle();
  }
  return realClear(handle);
};

export function setTimeout(fn, ms = 0) {
  const id = ++serial;
  timers.push({ id, fn, due: clock.now + Math.max(0, ms) });
  idle();
  return id;
}

export function clearTimeout(id) {
  timers = timers.filter((t) => t.id !== id);
}

export const pendingTimers = () => timers.length;
export const pendingTasks = () => tasks;

// --- the faults --------------------------------------------------------------------------

// What the next operations do: `fails` = [[k, way], ...]: operation k (1-based, counted
// from arm()) fails that way; or a function (k, kind) -> way or null. `log` lists the
// operations counted, `fired` the faults made; `on(k, kind)`, if given, runs at each.
export const plan = { armed: false, count: 0, fails: [], fired: [], log: [], on: null };

export function arm(fails = [], on = null) {
  Object.assign(plan, { armed: true, count: 0, fails, fired: [], log: [], on });
}

export function disarm() {
  plan.armed = false;
}

function tick(kind) {
  if (!plan.armed) return null;
  plan.count++;
  plan.log.push(kind);
  if (plan.on) plan.on(plan.count, kind);
  const way = typeof plan.fails === "function" ? plan.fails(plan.count, kind) :
    (plan.fails.find(([k]) => k === plan.count) || [])[1];
  if (!way) return null;
  if (!WAYS[kind].includes(way)) throw new Error(`${kind} cannot fail as ${way}`);
  plan.fired.push([plan.count, kind, way]);
  return way;
}

const later = (fn) => globalThis.setImmediate(fn);

// The browser closes a connection: its transactions abort, then "close" fires.
function forceClose(db) {
  for (const tx of db._rawDatabase.transactions) {
    if (tx.db === db && tx._state !== "finished") tx._abort("AbortError");
  }
  forceCloseDatabase(db);
}

const open = IDBFactory.prototype.open;
IDBFactory.prototype.open = function (name, version) {
  const way = tick("open");
  if (way === "refused" || way === "hang") {
    const request = { result: undefined, error: null, transaction: null };
    if (way === "refused") {
      later(() => {
        request.error = new DOMException("no room to open", "QuotaExceededError");
        if (request.onerror) request.onerror({ target: request, preventDefault() {} });
      });
    }
    return request;
  }
  const request = open.call(this, name, version);
  if (way === "closed") {
    request.addEventListener("success", () => later(() => forceClose(request.result)));
  }
  return request;
};

export const durabilities = [];  // [mode, durability] of every transaction made, armed
const transaction = IDBDatabase.prototype.transaction;
IDBDatabase.prototype.transaction = function (names, mode, options) {
  const way = tick("transaction");
  if (way === "closed") forceClose(this);  // then the real one throws InvalidStateError
  const tx = transaction.call(this, names, mode, options);
  if (plan.armed) durabilities.push([tx.mode, tx.durability]);
  tx._armed = plan.armed;  // its commit is counted (not those of Emscripten's first read)
  if (way === "aborted") later(() => tx._state !== "finished" && tx._abort("AbortError"));
  if (way === "hang") tx._hung = true;
  return tx;
};

function request(kind, base) {
  return function (...args) {
    const way = tick(kind);
    const made = base.apply(this, args);
    if (way) {
      const entry = this.transaction._requests.find((r) => r.request === made);
      if (way === "refused") {
        entry.operation = () => {
          throw new DOMException(`no room for ${args[kind === "put" ? 1 : 0]}`,
                                 kind === "get" ? "UnknownError" : "QuotaExceededError");
        };
      } else {
        entry.fault = way;
      }
    }
    return made;
  };
}
for (const kind of ["put", "delete", "get"]) {
  IDBObjectStore.prototype[kind] = request(kind, IDBObjectStore.prototype[kind]);
}

const start = IDBTransaction.prototype._start;
IDBTransaction.prototype._start = function () {
  if (this._hung) return;  // no answer, ever, until aborted
  const next = this._requests.find((r) => r.request.readyState !== "done");
  if (next && next.fault) {
    const way = next.fault;
    next.fault = null;
    return fail(this, way);
  }
  if (!next && this._state !== "finished" && this._armed && !this._ticked) {
    this._ticked = true;
    const way = tick("commit");
    if (way === "unanswered") {
      this._markFinished();  // committed: what it wrote stays; "complete" is not fired
      return;
    }
    if (way) return fail(this, way === "full" ? "QuotaExceededError" : way);
  }
  return start.call(this);
};

function fail(tx, way) {
  if (way === "hang") {
    tx._started = true;
    tx._hung = true;
  } else if (way === "closed") {
    forceClose(tx.db);
  } else {
    tx._abort(way === "aborted" ? "AbortError" : way);
  }
}

// --- what the storage holds --------------------------------------------------------------

// path -> record, read outside the faults (the transactions of the keeper all ended).
export async function holds(factory, name) {
  const was = plan.armed;
  plan.armed = false;
  try {
    const names = (await factory.databases()).map((d) => d.name);
    if (!names.includes(name)) return new Map();
    const db = await new Promise((resolve, reject) => {
      const r = factory.open(name);
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    const found = new Map();
    await new Promise((resolve, reject) => {
      const tx = db.transaction(["FILE_DATA"], "readonly");
      const store = tx.objectStore("FILE_DATA");
      const keys = store.getAllKeys();
      const values = store.getAll();
      tx.oncomplete = () => {
        keys.result.forEach((k, i) => found.set(k, values.result[i]));
        resolve();
      };
      tx.onabort = () => reject(tx.error);
    });
    db.close();
    return found;
  } finally {
    plan.armed = was;
  }
}

export { IDBFactory };
