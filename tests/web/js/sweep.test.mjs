// Every storage operation fails in turn: the keeper of the web app's data folder
// (js/keeper.js) on Pyodide's own file system and IndexedDB as the standard says it
// (fake-indexeddb), made to fail at one operation of a player's action in each way a
// browser fails (faultydb.mjs), then accepting again. After every case: the verdict given
// to Python is what IndexedDB holds (nothing kept is said refused, nothing refused is kept
// later), the folder put back is what IndexedDB holds, the player who taps again gets the
// change once, never twice, and a fresh start reads the folder back. Then the same with the
// put-back failing too. First, each defect the sweep was written for, on its own.
// Pyodide's folder: PYODIDE_DIR (tests/web/test_js.py sets it).
import assert from "node:assert/strict";
import { isDeepStrictEqual } from "node:util";
import { after, test } from "node:test";
import { pathToFileURL } from "node:url";
import { run } from "./load.mjs";
import * as db from "./faultydb.mjs";
import { ACTIONS, folder, stored, unlike, use } from "./actions.mjs";

const DIR = process.env.PYODIDE_DIR;
if (!DIR) {
  throw new Error("PYODIDE_DIR is not set: run these through tests/web/test_js.py");
}
const { loadPyodide } = await import(pathToFileURL(DIR + "/pyodide.mjs").href);
const FS = (await loadPyodide({ indexURL: DIR + "/" })).FS;
use(FS);

const TIMEOUT = 8000;  // on the clock of faultydb.mjs: it moves only when all else waits
let serial = 0;

// A keeper of a new folder on a new IndexedDB.
async function session() {
  const factory = new db.IDBFactory();
  globalThis.indexedDB = factory;  // Emscripten's IDBFS reads it at its first read
  const root = `/sweep${++serial}`;
  FS.mkdir(root);
  const reverted = [];
  const scope = run("keeper.js", {
    indexedDB: factory, console: { warn() {}, error() {} }, DOMException,
    setTimeout: db.setTimeout, clearTimeout: db.clearTimeout });
  const keeper = await scope.scorekeeperKeeper.open(FS, root, {
    reverted: () => reverted.push(1), timeoutMs: TIMEOUT });
  return { factory, root, keeper, scope, reverted };
}

// "kept", or the refusal's kind ("full", "refused", "lost")
function verdict(sync) {
  let guard;
  const never = new Promise((resolve) => {
    guard = setTimeout(() => resolve("no verdict at all"), 30000);
  });
  const said = sync.then(() => "kept", (e) => {
    assert.equal(e.name, "NotKept", String(e));
    return e.message.split(":")[0];
  });
  return Promise.race([said, never]).finally(() => clearTimeout(guard));
}

// A reload: the folder read back from IndexedDB into an empty file system.
async function reload(s) {
  s.keeper.closeConnection();
  FS.unmount(s.root);
  globalThis.indexedDB = s.factory;
  const again = new s.scope.scorekeeperKeeper.Keeper(FS, s.root, { indexedDB: s.factory });
  await again.populate(again.mount());
  const read = folder(s.root);
  FS.unmount(s.root);
  return read;
}

const holds = async (s) => stored(s.root, await db.holds(s.factory, s.root));
const same = isDeepStrictEqual;

// A keeper with what `name` needs done first, kept.
async function prepared(name) {
  const s = await session();
  for (const need of ACTIONS[name][0]) {
    ACTIONS[need][1](s.root);
    assert.equal(await verdict(s.keeper.sync()), "kept");
  }
  return s;
}

// The operations a clean run of `name` makes (its sync, kept).
async function operations(name) {
  const s = await prepared(name);
  db.arm([]);
  ACTIONS[name][1](s.root);
  assert.equal(await verdict(s.keeper.sync()), "kept");
  db.disarm();
  const log = db.plan.log.slice();
  const result = { before: null, after: folder(s.root), log };
  await reload(s);
  return result;
}

// --- the defects, each on its own ---------------------------------------------------------

test("a folder refused with its files is gone from memory; later files start again", async () => {
  const { log } = await operations("draft");  // the first draft makes drafts/
  const s = await prepared("draft");
  const before = folder(s.root);
  db.arm([[log.indexOf("commit") + 1, "full"]]);
  ACTIONS.draft[1](s.root);
  assert.equal(await verdict(s.keeper.sync()), "full");
  db.disarm();
  assert.deepEqual(folder(s.root), before);  // drafts/ too
  ACTIONS.draft[1](s.root);  // typed again: drafts/ made again, and kept with its file
  assert.equal(await verdict(s.keeper.sync()), "kept");
  const now = folder(s.root);
  assert.deepEqual(await holds(s), now);
  assert.deepEqual(await reload(s), now);
});

test("a put-back that fails too is said; the refused change is never kept later", async () => {
  const { log } = await operations("hand");
  const commit = log.indexOf("commit") + 1;
  const s = await prepared("hand");
  const before = folder(s.root);
  // the hand refused when it commits; the put-back cannot read the storage either
  db.arm((k, kind) => (k === commit ? "full" : k > commit && kind === "get" ? "refused" : null));
  ACTIONS.hand[1](s.root);
  assert.equal(await verdict(s.keeper.sync()), "lost");
  db.disarm();
  assert.ok(s.keeper.diverged);
  assert.notDeepEqual(folder(s.root), before);  // memory still has the refused hand...
  assert.deepEqual(await holds(s), before);
  assert.equal(await verdict(s.keeper.sync()), "refused");  // ...until the next sync puts
  assert.deepEqual(folder(s.root), before);                 // it back, and refuses
  assert.equal(s.keeper.diverged, null);
  assert.equal(await verdict(s.keeper.sync()), "kept");
  assert.deepEqual(await holds(s), before);  // and it is never kept later
  assert.deepEqual(await reload(s), before);
});

test("a write whose answer was lost is kept, even when the put-back failed meanwhile", async () => {
  const { log, after } = await operations("hand");
  const commit = log.indexOf("commit") + 1;
  const s = await prepared("hand");
  // the hand's transaction commits but never says so, its second try is refused, and the
  // put-back cannot read
  db.arm((k, kind) => (k === commit ? "unanswered" : k < commit ? null :
                       kind === "commit" ? "full" : kind === "get" ? "refused" : null));
  ACTIONS.hand[1](s.root);
  assert.equal(await verdict(s.keeper.sync()), "lost");
  db.disarm();
  assert.deepEqual(await holds(s), after);  // IndexedDB has the hand: the next sync sees it
  assert.equal(await verdict(s.keeper.sync()), "kept");
  assert.equal(s.keeper.diverged, null);
  assert.deepEqual(folder(s.root), after);
  assert.deepEqual(await reload(s), after);
});

test("a write made while the folder is put back is put back too, and its sync refused", async () => {
  const { log } = await operations("settings");
  const commit = log.indexOf("commit") + 1;
  const s = await prepared("settings");
  const before = folder(s.root);
  let second = null;
  db.arm([[commit, "full"]], (k, kind) => {
    if (kind === "get" && second === null) {  // the put-back reads: Python writes meanwhile
      FS.writeFile(`${s.root}/settings.json`, JSON.stringify({ language: "pl" }));
      FS.writeFile(`${s.root}/tmp/x`, "new");
      second = verdict(s.keeper.sync());
    }
  });
  ACTIONS.settings[1](s.root);
  const first = await verdict(s.keeper.sync());
  db.disarm();
  assert.notEqual(second, null, "the put-back read nothing");
  assert.deepEqual([first, await second], ["full", "full"]);
  assert.deepEqual(folder(s.root), before);
  assert.deepEqual(await holds(s), before);
  assert.equal(await verdict(s.keeper.sync()), "kept");
  assert.deepEqual(await holds(s), before);
});

test("every transaction that writes is strict", async () => {
  db.durabilities.length = 0;
  await operations("import");
  const writes = db.durabilities.filter(([mode]) => mode === "readwrite");
  assert.ok(writes.length >= 1);
  assert.deepEqual(writes.filter(([, d]) => d !== "strict"), []);
});

test("a sync whose every step gets no answer is said within one deadline", async () => {
  const s = await prepared("hand");
  const before = folder(s.root);
  db.arm((k, kind) => (kind === "commit" ? "hang" : null));
  ACTIONS.hand[1](s.root);
  const started = db.clock.now;
  assert.equal(await verdict(s.keeper.sync()), "lost");  // the put-back got none either
  assert.ok(db.clock.now - started <= TIMEOUT, `${db.clock.now - started} ms`);
  db.disarm();
  assert.equal(await verdict(s.keeper.sync()), "refused");
  assert.deepEqual(folder(s.root), before);
  assert.deepEqual(await holds(s), before);
  assert.equal(db.pendingTimers(), 0);
});

// --- the sweep ---------------------------------------------------------------------------

const counted = { cases: 0, double: 0, said: {} };

// One case: `name` made with `fails`, then storage accepts again; every check. The verdict.
async function sweepCase(name, fails, clean) {
  const s = await prepared(name);
  const act = ACTIONS[name][1];
  const before = folder(s.root);
  const where = `${name}, ${JSON.stringify(fails)}`;
  db.durabilities.length = 0;
  db.arm(fails);
  act(s.root);
  const said = await verdict(s.keeper.sync());
  db.disarm();
  assert.equal(db.plan.fired.length, fails.length, `${where}: not every fault came`);
  const why = `${where} -> ${said}`;
  if (said === "kept") {  // nothing kept is said refused, and what is said kept is kept
    assert.deepEqual(folder(s.root), clean.after, why);
    assert.deepEqual(await holds(s), clean.after, why);
  } else if (said === "full" || said === "refused") {  // put back, and never kept later
    assert.deepEqual(await holds(s), before, `${why}: refused, yet stored`);
    assert.deepEqual(folder(s.root), before, `${why}: memory not put back`);
    assert.ok(s.reverted.length >= 1, `${why}: Python not told`);
    assert.equal(await verdict(s.keeper.sync()), "kept", why);
    assert.deepEqual(await holds(s), before, `${why}: refused, kept later`);
  } else {
    assert.equal(said, "lost", why);
    assert.ok(s.keeper.diverged, why);
    const then = await verdict(s.keeper.sync());  // storage accepts: put back at last
    assert.ok(then === "refused" || then === "kept", `${why}, then ${then}`);
    assert.deepEqual(await holds(s), folder(s.root), `${why}, then ${then}`);
    assert.deepEqual(folder(s.root), then === "kept" ? clean.after : before, `${why}, ${then}`);
  }
  const records = await db.holds(s.factory, s.root);
  assert.deepEqual(unlike(s.root, records), [], `${why}: memory and storage differ`);
  if (same(folder(s.root), before)) {  // the player, told "not kept", taps again
    act(s.root);
    assert.equal(await verdict(s.keeper.sync()), "kept", `${why}: the second tap`);
  }
  assert.deepEqual(folder(s.root), clean.after, `${why}: not once`);  // once, never twice
  assert.deepEqual(await holds(s), clean.after, `${why}: not once`);
  assert.deepEqual(db.durabilities.filter(([m, d]) => m === "readwrite" && d !== "strict"), []);
  assert.equal(db.pendingTimers(), 0, `${why}: a timer left`);
  assert.deepEqual(await reload(s), clean.after, `${why}: the reload`);
  counted.said[said] = (counted.said[said] || 0) + 1;
  return said;
}

// ONLY=<action> runs the sweep of that action alone (to look into one)
for (const name of Object.keys(ACTIONS).filter((n) => !process.env.ONLY || n === process.env.ONLY)) {
  test(`sweep: ${name}, every operation failing in every way`, async () => {
    const clean = await operations(name);
    // one fault: operation k of the sync, each way it can fail
    for (let k = 1; k <= clean.log.length; k++) {
      for (const way of db.WAYS[clean.log[k - 1]]) {
        await sweepCase(name, [[k, way]], clean);
        counted.cases++;
      }
    }
    // the write refused when it commits, then each operation of the put-back failing too
    const commit = clean.log.lastIndexOf("commit") + 1;
    const s = await prepared(name);
    db.arm([[commit, "full"]]);
    ACTIONS[name][1](s.root);
    assert.equal(await verdict(s.keeper.sync()), "full");
    db.disarm();
    const putBack = db.plan.log.slice(commit);
    await reload(s);
    assert.ok(putBack.includes("get"), putBack.join());
    for (let k = commit + 1; k <= commit + putBack.length; k++) {
      for (const way of db.WAYS[putBack[k - commit - 1]]) {
        await sweepCase(name, [[commit, "full"], [k, way]], clean);
        counted.cases++;
        counted.double++;
      }
    }
  });
}

after(() => {
  console.log(`keeper sweep: ${counted.cases} (action, operation, failure) cases ` +
              `(${counted.double} with the put-back failing too) over ` +
              `${Object.keys(ACTIONS).length} actions; verdicts ${JSON.stringify(counted.said)}`);
});
