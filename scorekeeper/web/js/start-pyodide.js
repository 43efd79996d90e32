// scorekeeper build-web: Python from its start-up snapshot where the site has
// one (python.snapshot: the app's packages already imported), else the usual way.
self.pythonSnapshot = /*SNAPSHOT*/null;
self.pythonStdlib = /*STDLIB*/null;  // the standard library's zip a restored Python reads
self.pythonArchive = /*ARCHIVE*/null;  // ... and the app's archive it unpacks
// The build of Python this worker was made with (build.py's python_build): the snapshot,
// that standard library and that archive each say theirs, and a restore is tried only
// when all three say this one (after an update, a cache or a host may serve one version's
// snapshot with another's files).
self.pythonBuild = /*BUILD*/null;
// Where a start's time goes (for tests/benchmarks/bench_engines.py): each step's moment on
// the clock the page shares, said to the page, which keeps them in window.pythonSteps.
self.stepsHeard = typeof BroadcastChannel === "undefined" ? null :
    new BroadcastChannel("scorekeeper-steps");
self.step = (name) => self.stepsHeard &&
    self.stepsHeard.postMessage([name, performance.timeOrigin + performance.now()]);
self.startPyodide = async function (url) {
    self.step("worker started");
    const runtime = self.importRuntime(url);  // first: WebKit answered it only with the snapshot
    const site = (name) => new URL("../" + name, url).href;
    // what a restored Python reads, asked at once, beside the runtime
    const files = self.pythonSnapshot === null ? null : [self.pythonSnapshot,
        self.pythonStdlib, self.pythonArchive].map((name) => self.bytesOf(site(name)));
    const pyodideModule = await runtime;
    self.step("runtime's script loaded");
    const loadPyodide = pyodideModule.loadPyodide || self.loadPyodide;
    const options = {
        stdout: (text) => self.sendPythonOutput(text, false),
        stderr: (text) => self.sendPythonOutput(text, true),
    };
    if (files !== null) {
        try {
            return await self.restore(loadPyodide, options, url, await Promise.all(files));
        } catch (e) {
            console.warn("Python's start-up snapshot did not load; starting Python", e);
        }
    }
    self.restored = false;
    return await loadPyodide(options);
};

self.importRuntime = (url) => import(url);

// A file's bytes (an ArrayBuffer); an error for a file the site did not give.
self.bytesOf = function (href) {
    const bytes = fetch(href).then((response) => {
        if (!response.ok) {
            throw new Error(`${href}: ${response.status} ${response.statusText}`);
        }
        return response.arrayBuffer();
    });
    bytes.catch(() => {});  // said where it is awaited
    return bytes;
};

// Python restored from the snapshot, once the snapshot is whole and of the same build as
// the standard library and archive beside it; an error (and nothing restored) otherwise.
self.restore = async function (loadPyodide, options, url, [memory, stdlib, archive]) {
    self.step("snapshot read");
    const head = self.snapshotHeader(memory);
    self.samePython({ "the start-up snapshot": head.build,
                      "the standard library": self.zipComment(stdlib),
                      "the archive": self.gzipName(archive) });
    const wasm = self.keepWasm(new URL("pyodide.asm.wasm", url).href);
    const stdLibURL = URL.createObjectURL(new Blob([stdlib]));
    // checked while the runtime is fetched: loadPyodide asks for it before it waits
    const whole = new Promise((resolve) => setTimeout(resolve, 0)).then(() => {
        self.checkSnapshot(memory, head);
        self.step("snapshot checked");
    });
    try {
        const pyodide = await loadPyodide({
            ...options, stdLibURL,
            _loadSnapshot: Promise.all([wasm, whole]).then(([bytes]) => {
                self.step("runtime read");
                const made = self.unfold(memory, bytes, head);
                self.step("snapshot unfolded");
                return made;
            }) });
        self.step("Python restored");
        self.restored = true;
        self.restoredArchive = archive;
        pyodide.runPython(`
import sys, time
if hasattr(time, "tzset"):
    time.tzset()
if "random" in sys.modules:
    sys.modules["random"].seed()
`);
        return pyodide;
    } finally {
        wasm.done();
        URL.revokeObjectURL(stdLibURL);
    }
};

// Each of the files' builds is this worker's, or an error names those that are not.
self.samePython = function (builds) {
    const other = Object.entries(builds).filter(([, build]) => build !== self.pythonBuild);
    if (other.length) {
        throw new Error(`not this site's build of Python (${self.pythonBuild}): ` +
            other.map(([what, build]) => `${what} is of ${build || "no build"}`).join(", "));
    }
};

// The build a zip says in its comment (stdlib.py's tagged), or null.
self.zipComment = function (buffer) {
    const b = new Uint8Array(buffer);
    for (let at = b.length - 22; at >= Math.max(0, b.length - 22 - 0xffff); at--) {
        if (b[at] === 0x50 && b[at + 1] === 0x4b && b[at + 2] === 5 && b[at + 3] === 6) {
            const length = b[at + 20] | (b[at + 21] << 8);
            return new TextDecoder().decode(b.subarray(at + 22, at + 22 + length));
        }
    }
    return null;
};

// The build a gzip file says as its file name (bundle.py's tagged), or null.
self.gzipName = function (buffer) {
    const b = new Uint8Array(buffer);
    if (b[0] !== 0x1f || b[1] !== 0x8b || !(b[3] & 8)) {
        return null;
    }
    const at = b[3] & 4 ? 12 + (b[10] | (b[11] << 8)) : 10;
    const end = b.indexOf(0, at);
    return end < 0 ? null : new TextDecoder().decode(b.subarray(at, end));
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

// python.snapshot as the site holds it (snapshot.py's HEADER): "SKS2"; where the folded
// part of the memory starts and its length; the checksum of that part unfolded; the
// checksum of every byte after the header and their number; the build of Python.
self.SNAPSHOT_HEADER = 40;

// The snapshot's header, once it is this builder's and as long as it says; else an error.
self.snapshotHeader = function (file) {
    const bytes = new Uint8Array(file);
    if (file.byteLength < self.SNAPSHOT_HEADER ||
            new TextDecoder().decode(bytes.subarray(0, 4)) !== "SKS2") {
        throw new Error("not a start-up snapshot of this site's builder (no SKS2 header)");
    }
    const [, start, length, unfolded, stored, size] = new Uint32Array(file, 0, 6);
    const after = file.byteLength - self.SNAPSHOT_HEADER;
    if (after !== size) {
        throw new Error(`the start-up snapshot is cut short or too long: ${after} bytes ` +
                        `after its header, not ${size}`);
    }
    return { start, length, unfolded, stored, size,
             build: new TextDecoder().decode(bytes.subarray(24, 40)) };
};

// FNV-1a over little-endian 32-bit words of `bytes` (a Uint8Array at a multiple of 4) in
// four lanes (word i in lane i % 4, a last part word padded with zeros), then over the
// lanes (snapshot.py's checksum): four words at a time, a third of one lane's time.
self.checksum = function (bytes) {
    const whole = bytes.length >>> 2;
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset, whole);
    let [a, b, c, d] = [0x811c9dc5, 0x811c9dc5, 0x811c9dc5, 0x811c9dc5];
    const four = whole - (whole & 3);
    for (let i = 0; i < four; i += 4) {
        a = Math.imul(a ^ words[i], 16777619);
        b = Math.imul(b ^ words[i + 1], 16777619);
        c = Math.imul(c ^ words[i + 2], 16777619);
        d = Math.imul(d ^ words[i + 3], 16777619);
    }
    const rest = Array.from(words.subarray(four));
    if (bytes.length & 3) {
        let tail = 0;
        for (let i = bytes.length - 1; i >= whole * 4; i--) {
            tail = tail * 256 + bytes[i];
        }
        rest.push(tail);
    }
    [a, b, c, d] = [a, b, c, d].map((lane, k) => rest.length > k ?
        Math.imul(lane ^ rest[k], 16777619) : lane);
    let h = 0x811c9dc5;
    for (const lane of [a, b, c, d]) {
        h = Math.imul(h ^ lane, 16777619);
    }
    return h >>> 0;
};

// Every byte after the header is as the build wrote it (damage anywhere), else an error.
self.checkSnapshot = function (file, head) {
    if (self.checksum(new Uint8Array(file, self.SNAPSHOT_HEADER)) !== head.stored) {
        throw new Error("the start-up snapshot is damaged: its checksum does not match");
    }
};

// Pyodide's own snapshot from the site's python.snapshot (snapshot.py's fold, undone and
// checked against this runtime's data segments).
self.unfold = function (file, wasm, head) {
    const made = new Uint8Array(file, self.SNAPSHOT_HEADER);
    if (!head.length) {
        return made;
    }
    const misfit = new Error("the snapshot does not unfold against this pyodide.asm.wasm");
    const image = new Uint8Array(head.length);
    for (const [offset, data] of self.dataSegments(wasm)) {
        if (offset < head.start || offset - head.start + data.length > head.length) {
            throw misfit;
        }
        image.set(data, offset - head.start);
    }
    const memoryAt = new Uint32Array(file, self.SNAPSHOT_HEADER, 2)[1];
    const words = new Uint32Array(file, self.SNAPSHOT_HEADER + memoryAt + head.start,
                                  head.length / 4);
    const base = new Uint32Array(image.buffer);
    for (let i = 0; i < words.length; i++) {
        words[i] ^= base[i];
    }
    if (self.checksum(new Uint8Array(words.buffer, words.byteOffset, head.length)) !==
            head.unfolded) {
        throw misfit;
    }
    return made;
};

// The app's archive (a gzipped tar of plain files) into Python's working folder: a
// restored Python unpacks the archive it was checked with (without the modules it holds,
// bundle.without), one that started the usual way the page's (the whole archive).
self.unpackApp = async function (pyodide) {
    if (typeof DecompressionStream === "undefined") {
        return;  // Python unpacks the page's
    }
    try {
        let gzipped = self.restored ? self.restoredArchive : null;
        if (!gzipped) {
            const url = self.appPackageUrl;
            const response = url && url.endsWith(".tar.gz") ? await fetch(url) : null;
            if (!response || !response.ok) {
                return;
            }
            gzipped = await response.arrayBuffer();
            if (self.pythonBuild && self.gzipName(gzipped) !== self.pythonBuild) {
                console.warn(`the app's archive is of build ${self.gzipName(gzipped)}, ` +
                             `this worker of ${self.pythonBuild}: started all the same`);
            }
        }
        const tar = new Uint8Array(await new Response(new Response(gzipped).body
            .pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
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

