// scorekeeper build-web: Python from its start-up snapshot where the site has
// one (python.snapshot: the app's packages already imported), else the usual way.
self.pythonSnapshot = /*SNAPSHOT*/null;
self.pythonStdlib = /*STDLIB*/null;  // the standard library's zip a restored Python reads
// Where a start's time goes (for tests/benchmarks/bench_engines.py): each step's moment on
// the clock the page shares, said to the page, which keeps them in window.pythonSteps.
self.stepsHeard = typeof BroadcastChannel === "undefined" ? null :
    new BroadcastChannel("scorekeeper-steps");
self.step = (name) => self.stepsHeard &&
    self.stepsHeard.postMessage([name, performance.timeOrigin + performance.now()]);
self.startPyodide = async function (url) {
    self.step("worker started");
    const runtime = import(url);  // asked first: WebKit answered it only with the snapshot
    const snapshot = self.pythonSnapshot === null ? Promise.resolve(null) :
        fetch(new URL("../" + self.pythonSnapshot, url))
            .then((r) => r.ok ? r.arrayBuffer() : null).catch(() => null);
    const pyodideModule = await runtime;
    self.step("runtime's script loaded");
    const loadPyodide = pyodideModule.loadPyodide || self.loadPyodide;
    const options = {
        stdout: (text) => self.sendPythonOutput(text, false),
        stderr: (text) => self.sendPythonOutput(text, true),
    };
    const memory = await snapshot;
    self.step("snapshot read");
    if (memory !== null) {
        const wasm = self.keepWasm(new URL("pyodide.asm.wasm", url).href);
        try {
            const pyodide = await loadPyodide({
                ...options, stdLibURL: new URL("../" + self.pythonStdlib, url).href,
                _loadSnapshot: wasm.then((bytes) => {
                    self.step("runtime read");
                    const made = self.unfold(memory, bytes);
                    self.step("snapshot unfolded");
                    return made;
                }) });
            self.step("Python restored");
            self.restored = true;
            pyodide.runPython(`
import sys, time
if hasattr(time, "tzset"):
    time.tzset()
if "random" in sys.modules:
    sys.modules["random"].seed()
`);
            return pyodide;
        } catch (e) {
            console.warn("Python's start-up snapshot did not load; starting Python", e);
        } finally {
            wasm.done();
        }
    }
    return await loadPyodide(options);
};

// Pyodide's runtime as it is fetched for Pyodide (one download): the snapshot is unfolded
// against its data segments (snapshot.py's fold) before Pyodide restores it.
self.keepWasm = function (href) {
    const fetchAsIs = self.fetch;
    let keep, fail;
    const bytes = new Promise((resolve, reject) => { keep = resolve; fail = reject; });
    self.fetch = async function (input, init) {
        const asked = new URL(input instanceof Request ? input.url : input,
                              self.location.href).href.split(/[?#]/)[0];
        if (asked !== href && !asked.endsWith("/pyodide.asm.wasm")) {
            return fetchAsIs.call(self, input, init);
        }
        self.fetch = fetchAsIs;
        try {
            const response = await fetchAsIs.call(self, input, init);
            const body = await response.arrayBuffer();
            (response.ok ? keep : fail)(new Uint8Array(body));
            return new Response(body, { status: response.status,
                statusText: response.statusText, headers: response.headers });
        } catch (e) {
            fail(e);
            throw e;
        }
    };
    bytes.done = () => { self.fetch = fetchAsIs; };
    return bytes;
};

// The active data segments of a WebAssembly module: [offset, bytes].
self.dataSegments = function (wasm) {
    let at = 8;
    const leb = (signed) => {
        let value = 0, scale = 1, byte;
        do {
            byte = wasm[at++];
            value += (byte & 0x7f) * scale;
            scale *= 128;
        } while (byte & 0x80);
        return signed && (byte & 0x40) ? value - scale : value;
    };
    while (at < wasm.length) {
        const section = wasm[at++], size = leb(false);
        if (section !== 11) {
            at += size;
            continue;
        }
        const found = [];
        for (let count = leb(false); count > 0; count--) {
            const flag = leb(false);
            if (flag === 1) {  // passive: copied by the code, not at the start
                const length = leb(false);  // (at += leb() would lose leb's own move)
                at += length;
                continue;
            }
            if (flag === 2) {
                leb(false);
            }
            if (wasm[at++] !== 0x41) {
                throw new Error("a data segment at an offset that is not a constant");
            }
            const offset = leb(true);
            if (wasm[at++] !== 0x0b) {
                throw new Error("a data segment's offset is not one constant");
            }
            const length = leb(false);
            found.push([offset, wasm.subarray(at, at + length)]);
            at += length;
        }
        return found;
    }
    return [];
};

// Pyodide's own snapshot from the site's python.snapshot (snapshot.py's fold, undone).
self.unfold = function (file, wasm) {
    const head = new Uint32Array(file, 0, 4);
    if (head[0] !== 0x31534b53) {  // "SKS1": not folded
        return new Uint8Array(file);
    }
    const start = head[1], length = head[2];
    const image = new Uint8Array(length);
    for (const [offset, data] of self.dataSegments(wasm)) {
        image.set(data, offset - start);
    }
    const memoryAt = new Uint32Array(file, 16, 2)[1];
    const words = new Uint32Array(file, 16 + memoryAt + start, length / 4);
    const base = new Uint32Array(image.buffer);
    let h = 0x811c9dc5;
    for (let i = 0; i < words.length; i++) {
        words[i] ^= base[i];
        h = Math.imul(h ^ words[i], 16777619);
    }
    if ((h >>> 0) !== head[3]) {
        throw new Error("the snapshot does not unfold against this pyodide.asm.wasm");
    }
    return new Uint8Array(file, 16);
};

// The app's archive (a gzipped tar of plain files) into Python's working folder.
// A restored Python unpacks the archive without the modules it holds (bundle.without).
self.unpackApp = async function (pyodide) {
    const url = self.restored && self.appPackageUrl ?
        self.appPackageUrl.replace(/*ARCHIVE*/null, /*ARCHIVE_RESTORED*/null) :
        self.appPackageUrl;
    if (!url || !url.endsWith(".tar.gz") || typeof DecompressionStream === "undefined") {
        return;
    }
    try {
        const response = await fetch(url);
        if (!response.ok) {
            return;
        }
        const tar = new Uint8Array(await new Response(
            response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
        self.untar(pyodide.FS, tar, pyodide.FS.cwd());
        self.flet_js.appUnpacked = true;
        self.step("archive unpacked");
    } catch (e) {
        console.warn("the app's archive is unpacked by Python instead", e);
    }
};

self.untar = function (FS, tar, root) {
    const text = (at, length) => new TextDecoder().decode(tar.subarray(at, at + length))
        .replace(/\0.*$/s, "");
    const made = new Set();
    const folder = (path) => {
        let at = "";
        for (const part of path.split("/").slice(0, -1)) {
            at += "/" + part;
            if (!made.has(at)) {
                try { FS.mkdir(root + at); } catch (e) { /* there already */ }
                made.add(at);
            }
        }
    };
    let offset = 0, longName = null;
    while (offset + 512 <= tar.length && tar[offset] !== 0) {
        const size = parseInt(text(offset + 124, 12).trim() || "0", 8);
        const type = String.fromCharCode(tar[offset + 156]);
        const prefix = text(offset + 345, 155);
        let name = longName || (prefix ? prefix + "/" : "") + text(offset, 100);
        longName = null;
        const data = tar.subarray(offset + 512, offset + 512 + size);
        if (type === "x") {  // a PAX header: the next entry's long or non-ASCII name
            const found = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(new TextDecoder().decode(data));
            longName = found ? found[1] : null;
        } else if (type === "0" || type === "\0") {
            name = name.replace(/^\.\//, "");
            folder(name);
            FS.writeFile(root + "/" + name, data);
        } else if (type === "5") {
            folder(name.replace(/\/?$/, "/x"));
        }
        offset += 512 + Math.ceil(size / 512) * 512;
    }
};

