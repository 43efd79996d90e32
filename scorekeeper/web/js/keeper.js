// The data folder of the web app kept in the browser's IndexedDB (scorekeeper/web/browser.py
// loads this file into Python's worker and drives it).
//
// The folder lives in memory (Emscripten's MEMFS, mounted as IDBFS so that its first read
// and its format in IndexedDB stay Emscripten's: one object store "FILE_DATA", one record
// per path {timestamp, mode, contents}). Emscripten's own IDBFS.syncfs is not used to write
// back, because (Emscripten 4, Pyodide 314.0.7):
// - it lists the folder when asked but reads each file only after an asynchronous read of
//   what the database holds: a file removed meanwhile (the hand's draft, removed right after
//   the hand is written) fails the sync with an ErrnoError ("[object Object]");
// - a put that throws ends the sync with an error but the transaction is not aborted, so
//   the other puts of that sync are still committed: the database can end half-written;
// - each call starts a sync of its own, several run at once, and it compares every file's
//   time with every record's (the whole database read at every sync);
// - it keeps its database handle (IDBFS.dbs) forever: a connection the browser closed (WebKit
//   closes those of pages in the background) fails every later sync.
//
// Here instead:
// - every change to the folder is noted as it is made (the mount's file operations are
//   wrapped), so a sync writes only the paths that changed;
// - what a sync writes is read from the folder at once, when it is asked for;
// - one transaction per sync, aborted at the first error: all of it is kept, or nothing;
//   it is done when the transaction completes (oncomplete), not before;
// - one sync at a time; what is asked meanwhile is written by one more sync after it;
// - a sync that has not ended after `timeoutMs` is reported, the connection closed and
//   opened again, and the sync tried again once; a connection found closed is opened again;
// - after a sync that failed, the folder is put back as the database has it (the paths that
//   changed, read back from it) and `reverted()` is called before the sync is said to have
//   failed: then the folder, the database and Python's view of them agree again. If even
//   that fails, the error says "lost" (the page must be loaded again).
//
// A failed sync rejects with an Error whose message starts with what happened:
// "full:" (the storage is full: QuotaExceededError), "refused:" (any other refusal, a
// timeout), "lost:" (the folder could not be put back).
(function (scope) {
    "use strict";

    const STORE = "FILE_DATA";
    const VERSION = 21;  // Emscripten's IDBFS.DB_VERSION
    const TIMEOUT_MS = 10000;

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

    class Keeper {
        constructor(FS, mountpoint, options) {
            this.FS = FS;
            this.root = mountpoint;
            this.timeoutMs = (options && options.timeoutMs) || TIMEOUT_MS;
            this.reverted = (options && options.reverted) || (() => {});
            this.indexedDB = (options && options.indexedDB) || scope.indexedDB;
            this.dirty = new Set();
            this.waiting = [];
            this.running = false;
            this.handle = null;  // the open IDBDatabase, or null
            this.opening = null;
            this.stats = { syncs: 0, failed: 0, reopened: 0, timedOut: 0, reverts: 0 };
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
            const mark = (path) => this.dirty.add(path);
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

        db() {
            if (this.handle) return Promise.resolve(this.handle);
            if (this.opening) return this.opening;
            this.opening = new Promise((resolve, reject) => {
                const timer = setTimeout(() => {  // an open that never ends is a failure
                    const e = new Error("the storage did not open in " +
                                        this.timeoutMs / 1000 + " s");
                    e.name = "TimeoutError";
                    reject(e);
                }, this.timeoutMs);
                const settle = (fn) => (value) => { clearTimeout(timer); fn(value); };
                resolve = settle(resolve);
                reject = settle(reject);
                let request;
                try {
                    request = this.indexedDB.open(this.root, VERSION);
                } catch (e) {
                    reject(e);
                    return;
                }
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
                    this.handle = db;
                    resolve(db);
                };
                request.onerror = (event) => {
                    event.preventDefault();
                    reject(request.error);
                };
                request.onblocked = () => console.warn("opening the storage waits for " +
                                                       "another page to close it");
            }).finally(() => { this.opening = null; });
            return this.opening;
        }

        closeConnection() {
            if (this.handle) {
                try { this.handle.close(); } catch (e) { /* closed already */ }
            }
            this.handle = null;
        }

        // A transaction on the store: a connection found closed is opened again.
        async transaction(mode) {
            for (let attempt = 0; ; attempt++) {
                const db = await this.db();
                try {
                    return db.transaction([STORE], mode);
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
            const paths = [...this.dirty].sort();
            const entries = this.snapshot(paths);  // now, before anything else runs
            this.dirty.clear();
            this.write(entries).then(() => {
                this.stats.syncs++;
                this.running = false;
                for (const w of waiters) w.resolve();
                this.next();
            }, (error) => {
                for (const path of paths) this.dirty.add(path);
                this.failed(error, waiters);
            });
        }

        // One transaction with every record; tried again once, on a new connection, if it
        // did not end in time or the connection was found closed.
        async write(entries) {
            if (!entries.length) return;
            try {
                await this.writeOnce(entries);
            } catch (e) {
                if (!e || !e.timedOut) throw e;
                console.warn("the browser's storage did not answer in " +
                             this.timeoutMs / 1000 + " s; opening it again and trying again");
                this.closeConnection();
                await this.writeOnce(entries);
            }
        }

        async writeOnce(entries) {
            const tx = await this.transaction("readwrite");
            await new Promise((resolve, reject) => {
                let ended = false;
                const end = (fn, value) => {
                    if (ended) return;
                    ended = true;
                    clearTimeout(timer);
                    fn(value);
                };
                const timer = setTimeout(() => {
                    this.stats.timedOut++;
                    try { tx.abort(); } catch (e) { /* ended meanwhile */ }
                    const e = new Error("no answer in " + this.timeoutMs / 1000 + " s");
                    e.name = "TimeoutError";
                    e.timedOut = true;
                    end(reject, e);
                }, this.timeoutMs);
                tx.oncomplete = () => end(resolve);
                tx.onabort = () => end(reject, tx.error ||
                    new DOMException("the transaction was aborted", "AbortError"));
                tx.onerror = () => { /* the abort that follows says it */ };
                try {
                    const store = tx.objectStore(STORE);
                    for (const [path, entry] of entries) {
                        if (entry) store.put(entry, path); else store.delete(path);
                    }
                } catch (e) {
                    try { tx.abort(); } catch (x) { /* aborted already */ }
                    end(reject, e);
                }
            });
        }

        async failed(error, waiters) {
            this.stats.failed++;
            console.error("the browser's storage did not keep a write:", error);
            let said = failure(kindOf(error), error);
            // what was asked until now is put back and refused; what is asked while the
            // folder is put back is synced after it
            const all = waiters.concat(this.waiting.splice(0));
            try {
                await this.revert();
            } catch (e) {
                console.error("the data folder could not be put back as the browser's " +
                              "storage has it:", e);
                said = failure("lost", e);
            }
            this.running = false;
            for (const w of all) w.reject(said);
            this.next();
        }

        // The changed paths put back as the database has them.
        async revert() {
            const paths = [...this.dirty].sort();
            if (!paths.length) return;
            const records = await this.read(paths);
            const FS = this.FS;
            for (const path of [...paths].reverse()) {  // the deepest first
                if (records.get(path) === undefined) {
                    let stat = null;
                    try { stat = FS.lstat(path); } catch (e) { /* not there either */ }
                    if (stat && !FS.isDir(stat.mode)) FS.unlink(path);
                    // a folder is left: harmless, and written with the next sync
                }
            }
            for (const path of paths) {
                const entry = records.get(path);
                if (entry !== undefined) this.restore(path, entry);
            }
            for (const path of paths) this.dirty.delete(path);
            this.stats.reverts++;
            this.reverted();
        }

        async read(paths) {
            const tx = await this.transaction("readonly");
            return await new Promise((resolve, reject) => {
                const found = new Map();
                const timer = setTimeout(() => {
                    try { tx.abort(); } catch (e) { /* ended */ }
                    reject(new Error("no answer in " + this.timeoutMs / 1000 + " s"));
                }, this.timeoutMs);
                tx.oncomplete = () => { clearTimeout(timer); resolve(found); };
                tx.onabort = () => { clearTimeout(timer); reject(tx.error); };
                const store = tx.objectStore(STORE);
                for (const path of paths) {
                    const request = store.get(path);
                    request.onsuccess = () => found.set(path, request.result);
                }
            });
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
