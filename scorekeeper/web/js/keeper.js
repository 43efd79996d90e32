// The data folder of the web app kept in the browser's IndexedDB (scorekeeper/web/browser.py
// loads this file into Python's worker and drives it).
//
// The folder lives in memory (Emscripten's MEMFS, mounted as IDBFS so that its first read
// and its format in IndexedDB stay Emscripten's: one object store "FILE_DATA", one record
// per path {timestamp, mode, contents}). Emscripten's own IDBFS.syncfs is not used to write
// back (Emscripten 4): it reads each file only after an asynchronous read of the database
// (a file removed meanwhile fails the sync), a put that throws leaves the other puts of the
// sync committed (half-written), several syncs run at once, every sync reads the whole
// database, and it keeps a connection the browser closed forever.
//
// Here instead:
// - every change to the folder is noted as it is made (the mount's file operations are
//   wrapped), so a sync writes only the paths that changed, read from the folder at once,
//   when the sync starts;
// - one readwrite transaction per sync, {durability: "strict"} (done when the write is on
//   the disk, not only handed to the system), aborted at the first error: all of it is
//   kept, or nothing; it is done when the transaction completes (oncomplete), not before;
// - one sync at a time; what is asked meanwhile is written by one more sync after it;
// - ONE deadline per sync, `timeoutMs` (10 s) from its start, for all its steps: opening
//   the storage, the write (by 3/4 of it), the put-back after a failure (by all of it).
//   A write that got no answer by 3/8 of it, was aborted by the browser (AbortError, as
//   when the browser closes the connection), or found the connection closed is tried
//   again once, on a new connection, within the same deadline;
// - after a sync that failed, the folder is put back as the database has it: every path
//   changed and not kept, including those changed while the put-back reads (what another
//   task wrote on top of the refused change), is read back from the database and written
//   into the folder in one go, `reverted()` is called, and then every sync asked until then
//   is refused. If the database holds exactly what the failed sync wrote (a commit whose
//   answer was lost), the sync is kept after all: a verdict always says what the database
//   holds.
// - if even the put-back fails, the folder and the database disagree ("diverged"): the
//   sync is refused as "lost:", and the next sync tries the put-back again first: done,
//   `reverted()` is called and that sync is refused as "refused:" (what it asked for was
//   put back too), and the syncs after it write again; failed again, "lost:" again. A
//   refused change is never kept later. (If the database turns out to hold exactly what
//   the failed sync wrote, that sync was kept after all, and the next one writes on.)
//
// To Python (scorekeeper/web/browser.py): `sync()` resolves when everything changed until
// it was asked is kept; else it rejects with an Error named "NotKept" whose message starts
// with what happened: "full:" (the storage is full: QuotaExceededError; the change was put
// back), "refused:" (any other refusal, or no answer within the deadline,
// "refused: TimeoutError: ..."; the change was put back), "lost:" (the folder could not be
// put back: the folder may still show the change, which is not kept (or, rarely, whose
// commit lost its answer); `diverged` is not null until a later sync puts it back, and a
// reload reads what is kept). Each comes at most
// `timeoutMs` after the sync started (plus the wait for the syncs before it).
(function (scope) {
    "use strict";

    const STORE = "FILE_DATA";
    const VERSION = 21;  // Emscripten's IDBFS.DB_VERSION
    const TIMEOUT_MS = 10000;
    const STRICT = { durability: "strict" };
    // tried again once on a new connection: no answer, aborted by the browser, closed
    const AGAIN = new Set(["TimeoutError", "AbortError", "InvalidStateError"]);

    function join(parent, name) {
        return parent === "/" ? "/" + name : parent + "/" + name;
    }

    function failure(kind, error) {
        const name = error && error.name ? error.name : "Error";
        const text = error && error.message ? error.message : String(error);
        const e = new Error(kind + ": " + name + ": " + text);
        e.name = "NotKept";
        e.kind = kind;
        return e;
    }

    function kindOf(error) {
        return error && (error.name === "QuotaExceededError" ||
            /QuotaExceeded/.test(String(error.message || ""))) ? "full" : "refused";
    }

    function timeout(what) {
        const e = new Error(what + ": no answer in time");
        e.name = "TimeoutError";
        return e;
    }

    // Two records alike (null: no record)?
    function same(a, b) {
        if (!a || !b) return !a && !b;
        if (a.mode !== b.mode || a.link !== b.link ||
            new Date(a.timestamp).getTime() !== new Date(b.timestamp).getTime()) return false;
        const x = a.contents, y = b.contents;
        if (!x || !y) return !x && !y;
        if (x.length !== y.length) return false;
        for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
        return true;
    }

    // One sync's deadline: promises that resolve at 3/8 (the first try's end), 3/4 (the
    // write's end) and all of `ms` (the put-back's end, the verdict).
    function deadline(ms) {
        const timers = [];
        const at = (part) => new Promise((resolve) => {
            timers.push(setTimeout(resolve, ms * part));
        });
        return { first: at(3 / 8), write: at(3 / 4), end: at(1),
                 stop: () => timers.forEach((t) => clearTimeout(t)) };
    }

    // `promise`, or a TimeoutError once `mark` has come
    function within(promise, mark, what) {
        return Promise.race([promise, mark.then(() => { throw timeout(what); })]);
    }

    class Keeper {
        constructor(FS, mountpoint, options) {
            this.FS = FS;
            this.root = mountpoint;
            this.timeoutMs = (options && options.timeoutMs) || TIMEOUT_MS;
            this.reverted = (options && options.reverted) || (() => {});
            this.indexedDB = (options && options.indexedDB) || scope.indexedDB;
            this.dirty = new Map();  // path -> the number of its last change
            this.changes = 0;
            this.waiting = [];
            this.putBackFor = [];  // syncs asked while a put-back ran, refused with it
            this.running = false;
            // a put-back failed (folder != database): [its error, the records of the sync
            // that failed, the number of the last change it had], else null
            this.diverged = null;
            this.handle = null;  // the open IDBDatabase, or null
            this.opening = null;
            this.stats = { syncs: 0, failed: 0, reopened: 0, timedOut: 0, reverts: 0 };
        }

        mark(path) {
            this.dirty.set(path, ++this.changes);
        }

        // --- the folder's changes, noted as they are made ---------------------------

        mount() {
            const FS = this.FS;
            FS.mount(FS.filesystems.IDBFS, {}, this.root);
            const root = FS.lookupPath(this.root).node;
            this.wrapOps(root);
            return root.mount;
        }

        wrapOps(root) {
            const FS = this.FS;
            const mark = (path) => this.mark(path);
            const pathOf = (node) => FS.getPath(node);
            const wrapped = new Map();  // MEMFS's ops table -> ours
            const own = (ops, make) => {
                if (!wrapped.has(ops)) {
                    wrapped.set(ops, make(ops));
                }
                return wrapped.get(ops);
            };
            const nodeOps = (ops) => own(ops, (base) => {
                const mine = { ...base };
                if (base.setattr) {
                    mine.setattr = (node, attr) => {
                        mark(pathOf(node));
                        return base.setattr(node, attr);
                    };
                }
                if (base.mknod) {
                    mine.mknod = (parent, name, mode, dev) => {
                        const node = base.mknod(parent, name, mode, dev);
                        mark(join(pathOf(parent), name));
                        adopt(node);
                        return node;
                    };
                }
                if (base.rename) {
                    mine.rename = (node, newDir, newName) => {
                        const from = pathOf(node);
                        const under = FS.isDir(node.mode) ? this.walk(from) : [];
                        base.rename(node, newDir, newName);
                        const to = join(pathOf(newDir), newName);
                        mark(from);
                        mark(to);
                        for (const path of under) {
                            mark(path);
                            mark(to + path.slice(from.length));
                        }
                    };
                }
                for (const name of ["unlink", "rmdir"]) {
                    if (base[name]) {
                        mine[name] = (parent, child) => {
                            mark(join(pathOf(parent), child));
                            return base[name](parent, child);
                        };
                    }
                }
                if (base.symlink) {
                    mine.symlink = (parent, name, target) => {
                        mark(join(pathOf(parent), name));
                        return base.symlink(parent, name, target);
                    };
                }
                return mine;
            });
            const streamOps = (ops) => own(ops, (base) => {
                const mine = { ...base };
                for (const name of ["write", "allocate", "msync"]) {
                    if (base[name]) {
                        mine[name] = (stream, ...rest) => {
                            mark(pathOf(stream.node));
                            return base[name](stream, ...rest);
                        };
                    }
                }
                return mine;
            });
            const adopt = (node) => {
                node.node_ops = nodeOps(node.node_ops);
                if (node.stream_ops) {
                    node.stream_ops = streamOps(node.stream_ops);
                }
            };
            adopt(root);
        }

        walk(path) {
            const FS = this.FS;
            const found = [];
            const todo = [path];
            while (todo.length) {
                const at = todo.pop();
                for (const name of FS.readdir(at)) {
                    if (name === "." || name === "..") continue;
                    const child = join(at, name);
                    found.push(child);
                    if (FS.isDir(FS.lstat(child).mode)) todo.push(child);
                }
            }
            return found;
        }

        // --- the database -------------------------------------------------------------

        // The open connection; a new one if there is none (an open that ends after the
        // deadline still leaves its connection for the next sync).
        db(mark) {
            if (this.handle) return Promise.resolve(this.handle);
            if (!this.opening) {
                const opening = this.open().finally(() => {
                    if (this.opening === opening) this.opening = null;
                });
                this.opening = opening;
            }
            const opening = this.opening;
            return within(opening, mark, "opening the storage").catch((e) => {
                if (this.opening === opening) this.opening = null;  // a new open next time
                throw e;
            });
        }

        open() {
            return new Promise((resolve, reject) => {
                const request = this.indexedDB.open(this.root, VERSION);
                request.onupgradeneeded = () => {  // as Emscripten's IDBFS makes it
                    const db = request.result;
                    const store = db.objectStoreNames.contains(STORE) ?
                        request.transaction.objectStore(STORE) : db.createObjectStore(STORE);
                    if (!store.indexNames.contains("timestamp")) {
                        store.createIndex("timestamp", "timestamp", { unique: false });
                    }
                };
                request.onsuccess = () => {
                    const db = request.result;
                    db.onclose = () => {  // closed by the browser, not by us
                        console.warn("the browser closed the connection to its storage; " +
                                     "it is opened again at the next write");
                        if (this.handle === db) this.handle = null;
                    };
                    db.onversionchange = () => {
                        db.close();
                        if (this.handle === db) this.handle = null;
                    };
                    if (this.handle) {  // opened meanwhile by a later sync
                        db.close();
                    } else {
                        this.handle = db;
                    }
                    resolve(this.handle);
                };
                request.onerror = (event) => {
                    if (event && event.preventDefault) event.preventDefault();
                    reject(request.error);
                };
                request.onblocked = () => console.warn("opening the storage waits for " +
                                                       "another page to close it");
            });
        }

        closeConnection() {
            if (this.handle) {
                try { this.handle.close(); } catch (e) { /* closed already */ }
            }
            this.handle = null;
        }

        // A transaction on the store (readwrite: strict); a connection found closed is
        // opened again.
        async transaction(mode, mark) {
            for (let attempt = 0; ; attempt++) {
                const db = await this.db(mark);
                try {
                    return mode === "readwrite" ? db.transaction([STORE], mode, STRICT) :
                        db.transaction([STORE], mode);
                } catch (e) {
                    if (e && e.name === "InvalidStateError" && attempt === 0) {
                        console.warn("the connection to the browser's storage was closed; " +
                                     "opening it again");
                        this.stats.reopened++;
                        if (this.handle === db) this.handle = null;
                        continue;
                    }
                    throw e;
                }
            }
        }

        // `fn(mark)`, and once more on a new connection if it failed in a way a new
        // connection may cure and the second mark has not come.
        async twice(fn, first, last) {
            let over = false;
            last.then(() => { over = true; });
            try {
                return await fn(first);
            } catch (e) {
                if (over || !e || !AGAIN.has(e.name)) throw e;
                console.warn("the browser's storage failed (" + e.name + "); " +
                             "trying again on a new connection");
                this.stats.reopened++;
                this.closeConnection();
                return await fn(last);
            }
        }

        // Runs `requests(store)` in a transaction; its result once the transaction has
        // completed. At `mark` the transaction is aborted and a TimeoutError rejects.
        async run(mode, mark, requests) {
            const tx = await this.transaction(mode, mark);
            return await new Promise((resolve, reject) => {
                let ended = false;
                let result;
                const end = (fn, value) => {
                    if (ended) return;
                    ended = true;
                    fn(value);
                };
                mark.then(() => {
                    if (ended) return;
                    this.stats.timedOut++;
                    try { tx.abort(); } catch (e) { /* ended meanwhile */ }
                    end(reject, timeout("the storage's transaction"));
                });
                tx.oncomplete = () => end(resolve, result);
                tx.onabort = () => end(reject, tx.error ||
                    new DOMException("the transaction was aborted", "AbortError"));
                tx.onerror = () => { /* the abort that follows says it */ };
                try {
                    result = requests(tx.objectStore(STORE));
                } catch (e) {
                    try { tx.abort(); } catch (x) { /* aborted already */ }
                    end(reject, e);
                }
            });
        }

        // --- first read -----------------------------------------------------------------

        populate(mount) {
            const FS = this.FS;
            return new Promise((resolve, reject) => {
                FS.filesystems.IDBFS.syncfs(mount, true, (err) => {
                    // IDBFS keeps a handle of its own: closed, this one is ours
                    const idb = FS.filesystems.IDBFS.dbs;
                    if (idb && idb[this.root]) {
                        try { idb[this.root].close(); } catch (e) { /* closed */ }
                        delete idb[this.root];
                    }
                    this.dirty.clear();  // what was read is what the database has
                    if (err) reject(err); else resolve();
                });
            });
        }

        // --- writing back -------------------------------------------------------------

        // The records of the changed paths as they are now (null: the path is gone).
        snapshot(paths) {
            const FS = this.FS;
            return paths.map((path) => {
                let stat;
                try {
                    stat = FS.lstat(path);
                } catch (e) {
                    return [path, null];
                }
                const entry = { timestamp: new Date(stat.mtime.getTime()), mode: stat.mode };
                if (FS.isFile(stat.mode)) {
                    entry.contents = FS.readFile(path);  // a copy
                } else if (FS.isLink(stat.mode)) {
                    entry.link = FS.readlink(path);
                }
                return [path, entry];
            });
        }

        sync() {
            return new Promise((resolve, reject) => {
                this.waiting.push({ resolve, reject });
                if (!this.running) this.next();
            });
        }

        next() {
            const waiters = this.waiting.splice(0);
            if (!waiters.length) return;
            this.running = true;
            const clock = deadline(this.timeoutMs);
            const said = (this.diverged ?
                this.repair(clock).then((e) => (e === undefined ? this.writeChanged(clock) : e)) :
                this.writeChanged(clock)  // what it writes is read now, before anything runs
            ).catch((e) => this.lost(e));  // (never: a verdict all the same)
            said.then((error) => {
                clock.stop();
                // what was asked until the folder was put back is refused with it
                const all = waiters.concat(this.putBackFor.splice(0));
                this.running = false;
                for (const w of all) if (error) w.reject(error); else w.resolve();
                this.next();
            });
        }

        // Every changed path written; the verdict (null: kept).
        writeChanged(clock) {
            const seen = this.changes;
            const entries = this.snapshot([...this.dirty.keys()].sort());  // now
            return this.write(entries, clock).then(() => {
                this.kept(entries, seen);
                return null;
            }, (error) => this.failed(error, entries, seen, clock));
        }

        // The changed paths written are no longer changed, unless changed again since.
        kept(entries, seen) {
            this.stats.syncs++;
            for (const [path] of entries) {
                if (this.dirty.get(path) <= seen) this.dirty.delete(path);
            }
        }

        // One transaction with every record, all of it or nothing.
        async write(entries, clock) {
            if (!entries.length) return;
            await this.twice((mark) => this.run("readwrite", mark, (store) => {
                for (const [path, entry] of entries) {
                    if (entry) store.put(entry, path); else store.delete(path);
                }
            }), clock.first, clock.write);
        }

        // The verdict (null: kept) of a sync whose write failed with `error`.
        async failed(error, entries, seen, clock) {
            this.stats.failed++;
            console.error("the browser's storage did not keep a write:", error);
            try {
                if (await this.putBack(clock, entries)) {
                    console.warn("the browser's storage holds the write after all");
                    this.kept(entries, seen);
                    return null;
                }
            } catch (e) {
                return this.lost(e, entries, seen);
            }
            return failure(kindOf(error), error);
        }

        // The sync after a put-back that failed: the put-back again and a refusal; or, if
        // the database holds what that sync wrote after all, nothing (undefined): kept,
        // and what changed since is written.
        async repair(clock) {
            const [was, entries, seen] = this.diverged;
            try {
                if (await this.putBack(clock, entries)) {
                    this.diverged = null;
                    this.kept(entries, seen);
                    return undefined;
                }
            } catch (e) {
                return this.lost(e, entries, seen);
            }
            this.diverged = null;
            return failure("refused", was);
        }

        // The put-back failed: the folder and the database disagree.
        lost(error, entries = [], seen = 0) {
            console.error("the data folder could not be put back as the browser's " +
                          "storage has it:", error);
            this.diverged = [error || new Error("the put-back failed"), entries, seen];
            return failure("lost", error);
        }

        // Every changed path put back as the database has it, in one go once read, then
        // `reverted()`; true instead if the database holds exactly `entries` (the failed
        // sync's records), the folder left as it is.
        async putBack(clock, entries) {
            const records = new Map();
            for (;;) {  // what is changed while reading is read and put back too
                const want = new Set([...this.dirty.keys()]);
                if (entries) for (const [path] of entries) want.add(path);
                const missing = [...want].filter((path) => !records.has(path)).sort();
                if (!missing.length) break;
                const found = await this.twice((mark) => this.read(missing, mark),
                                               clock.end, clock.end);
                for (const path of missing) records.set(path, found.get(path) || null);
            }
            if (entries && entries.length &&
                entries.every(([path, entry]) => same(records.get(path), entry))) {
                return true;
            }
            this.restoreAll(records);
            this.putBackFor.push(...this.waiting.splice(0));  // their changes went too
            this.stats.reverts++;
            this.reverted();
            return false;
        }

        async read(paths, mark) {
            const found = new Map();
            await this.run("readonly", mark, (store) => {
                for (const path of paths) {
                    const request = store.get(path);
                    request.onsuccess = () => found.set(path, request.result);
                }
            });
            return found;
        }

        // The folder made what `records` say (null: no such path), synchronously.
        restoreAll(records) {
            const FS = this.FS;
            const paths = [...records.keys()].sort();
            const left = new Set();  // folders not in the database that are not empty
            for (const path of [...paths].reverse()) {  // the deepest first
                if (records.get(path)) continue;
                let stat = null;
                try { stat = FS.lstat(path); } catch (e) { /* not there either */ }
                if (!stat) continue;
                if (!FS.isDir(stat.mode)) {
                    FS.unlink(path);
                } else if (this.walk(path).length === 0) {
                    FS.rmdir(path);
                } else {
                    left.add(path);
                }
            }
            for (const path of paths) {
                if (records.get(path)) this.restore(path, records.get(path));
            }
            for (const path of paths) {
                if (!left.has(path)) this.dirty.delete(path);
            }
        }

        restore(path, entry) {
            const FS = this.FS;
            let stat = null;
            try { stat = FS.lstat(path); } catch (e) { /* not there */ }
            if (stat && FS.isDir(stat.mode) !== FS.isDir(entry.mode)) {
                if (FS.isDir(stat.mode)) FS.rmdir(path); else FS.unlink(path);
                stat = null;
            }
            const parent = path.slice(0, path.lastIndexOf("/")) || "/";
            FS.mkdirTree(parent);
            if (FS.isDir(entry.mode)) {
                if (!stat) FS.mkdirTree(path, entry.mode);
            } else if (FS.isLink(entry.mode)) {
                if (stat) FS.unlink(path);
                FS.symlink(entry.link, path);
            } else {
                FS.writeFile(path, entry.contents);
            }
            if (!FS.isLink(entry.mode)) {
                FS.chmod(path, entry.mode);
                FS.utime(path, entry.timestamp, entry.timestamp);
            }
        }
    }

    scope.scorekeeperKeeper = {
        Keeper,
        // Mounts the folder at `mountpoint` and reads what the database has; the keeper.
        async open(FS, mountpoint, options) {
            const keeper = new Keeper(FS, mountpoint, options);
            const mount = keeper.mount();
            await keeper.populate(mount);
            scope.scorekeeperKeeper.current = keeper;  // for the browser tests
            return keeper;
        },
    };
})(globalThis);
