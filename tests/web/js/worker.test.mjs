// Python's start in its worker (js/start-pyodide.js): the snapshot checked whole, of the
// same build as the standard library and archive beside it, unfolded against the
// runtime's data segments and checked; else Python started the usual way. The runtime's
// bytes kept as Pyodide fetches them, and the app's archive unpacked in JavaScript.
// Python's own fold and unfold of a real snapshot are compared with this code in
// tests/web/test_site_size.py.
import assert from "node:assert/strict";
import { test } from "node:test";
import { gzipSync } from "node:zlib";
import { run } from "./load.mjs";

// What the build fills in (scripts.start_pyodide; tests/web/test_scripts.py checks it).
const BUILD = "0123456789abcdef";
const BUILT = {
  SNAPSHOT: JSON.stringify("python.snapshot"),
  STDLIB: JSON.stringify("pyodide/python_stdlib_restored.zip"),
  ARCHIVE: JSON.stringify("app_restored.tar.gz"),
  BUILD: JSON.stringify(BUILD),
};

function worker(globals = {}) {
  const scope = { console, URL, Request, Response, TextDecoder, DecompressionStream,
                  performance, ...globals };
  scope.self = scope;
  return run("start-pyodide.js", scope, BUILT);
}

const leb = (n) => {  // unsigned LEB128
  const out = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    out.push(n ? byte | 0x80 : byte);
  } while (n);
  return out;
};
const sleb = (n) => {  // signed LEB128
  const out = [];
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    if ((n === 0 && !(byte & 0x40)) || (n === -1 && byte & 0x40)) {
      out.push(byte);
      return out;
    }
    out.push(byte | 0x80);
  }
};
const section = (id, body) => [id, ...leb(body.length), ...body];
const active = (offset, bytes, memory = null) => [
  ...(memory == null ? [0] : [2, ...leb(memory)]), 0x41, ...sleb(offset), 0x0b,
  ...leb(bytes.length), ...bytes];

// A module with a type section (skipped) and a data section: two active segments (one
// with a memory index) and a passive one, offsets past one LEB128 byte.
const START = 1024, LENGTH = 32;
const SEGMENTS = [[START, [1, 2, 3, 4, 5, 6, 7, 8]], [START + 16, [9, 10, 11, 12]]];
function wasm(segments = SEGMENTS) {
  const data = [segments.length + 1, ...active(...segments[0]),
                1, ...leb(3), 0xaa, 0xbb, 0xcc,  // passive: not put in memory at start
                ...segments.slice(1).flatMap(([at, bytes]) => active(at, bytes, 0))];
  return new Uint8Array([0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0,
                         ...section(1, [1, 0x60, 0, 0]), ...section(11, data)]);
}

test("the data segments are read from the module, passive ones left out", () => {
  const found = worker().dataSegments(wasm());
  assert.deepEqual(Array.from(found, ([at, bytes]) => [at, [...bytes]]), SEGMENTS);
});

test("a data segment at an offset that is not a constant is refused", () => {
  const module = wasm();
  module[module.indexOf(0x41, 14)] = 0x23;  // global.get instead of i32.const
  assert.throws(() => worker().dataSegments(module), /not a constant/);
});

// FNV-1a over little-endian 32-bit words in four lanes (word i in lane i % 4, a last
// part word padded with zeros), then over the lanes.
function fnv(bytes) {
  const padded = new Uint8Array(Math.ceil(bytes.length / 4) * 4);
  padded.set(bytes);
  const words = new Uint32Array(padded.buffer);
  const lanes = [0, 1, 2, 3].map(() => 0x811c9dc5);
  words.forEach((word, i) => { lanes[i % 4] = Math.imul(lanes[i % 4] ^ word, 16777619); });
  return lanes.reduce((h, lane) => Math.imul(h ^ lane, 16777619), 0x811c9dc5) >>> 0;
}

test("the checksum is the one snapshot.py computes", () => {
  // the same bytes in Python: snapshot.checksum(b"abcde"), snapshot.checksum(b"")
  const w = worker();
  assert.equal(w.checksum(new TextEncoder().encode("abcde")), 634623259);
  assert.equal(w.checksum(new Uint8Array(0)), 2810851313);
  const bytes = new Uint8Array(4099).map((_, i) => (i * 31 + 7) & 0xff);
  assert.equal(w.checksum(bytes), fnv(bytes));
});

// Pyodide's snapshot (a 16-byte header saying its memory starts 16 bytes on, then the
// memory: here not a whole number of words long) and the site's file: a 40-byte SKS2
// header, then Pyodide's with the part the segments set XORed with them.
function snapshots({ build = BUILD, folded = true } = {}) {
  const memory = new Uint8Array(START + LENGTH + 63).map((_, i) => (i * 7 + 3) & 0xff);
  const inner = new Uint8Array(16 + memory.length);
  new Uint32Array(inner.buffer, 0, 2)[1] = 16;
  inner.set(memory, 16);
  const image = new Uint8Array(LENGTH);
  for (const [at, bytes] of SEGMENTS) image.set(bytes, at - START);
  const file = new Uint8Array(40 + inner.length);
  file.set(inner, 40);
  const part = file.subarray(40 + 16 + START, 40 + 16 + START + LENGTH);
  const unfolded = fnv(part);
  if (folded) part.forEach((byte, i) => { part[i] = byte ^ image[i]; });
  const head = new DataView(file.buffer);
  file.set(new TextEncoder().encode("SKS2"), 0);
  [folded ? START : 0, folded ? LENGTH : 0, folded ? unfolded : fnv(new Uint8Array()),
   fnv(file.subarray(40)), inner.length].forEach((v, i) => head.setUint32(4 + 4 * i, v, true));
  file.set(new TextEncoder().encode(build), 24);
  return { inner, file };
}

const read = (file) => {
  const w = worker();
  const head = w.snapshotHeader(file.buffer);
  w.checkSnapshot(file.buffer, head);
  return { w, head };
};

test("the snapshot is checked whole and unfolds to Pyodide's own", () => {
  const { inner, file } = snapshots();
  const { w, head } = read(file);
  assert.equal(head.build, BUILD);
  assert.equal(head.size, inner.length);
  assert.deepEqual([...w.unfold(file.buffer, wasm(), head)], [...inner]);
});

test("a snapshot damaged anywhere, cut short or not this builder's is refused", () => {
  const { file } = snapshots();
  for (const at of [40, 40 + 16 + START + LENGTH + 5, file.length - 1]) {  // the last: a part word
    const damaged = file.slice();
    damaged[at] ^= 1;
    assert.throws(() => read(damaged), /damaged: its checksum does not match/);
  }
  assert.throws(() => read(file.slice(0, file.length - 8)), /cut short or too long/);
  assert.throws(() => read(snapshots().inner), /no SKS2 header/);  // Pyodide's own, bare
});

test("a snapshot that does not unfold against this runtime is refused", () => {
  const { file } = snapshots();
  const { w, head } = read(file);
  const other = wasm([[START, [1, 2, 3, 4, 5, 6, 7, 9]], SEGMENTS[1]]);
  assert.throws(() => w.unfold(file.buffer, other, head), /does not unfold/);
  const elsewhere = wasm([[START - 64, [1]], SEGMENTS[1]]);  // a segment the part misses
  assert.throws(() => w.unfold(snapshots().file.buffer, elsewhere, head), /does not unfold/);
});

test("a snapshot the build could not fold is Pyodide's own after its header", () => {
  const { inner, file } = snapshots({ folded: false });
  const { w, head } = read(file);
  assert.equal(head.length, 0);
  assert.deepEqual([...w.unfold(file.buffer, wasm(), head)], [...inner]);
});

// A gzip file saying `name` (bundle.py's tagged), a zip saying it in its comment.
const tagged = (gz, name) => new Uint8Array([...gz.subarray(0, 3), gz[3] | 8,
  ...gz.subarray(4, 10), ...new TextEncoder().encode(name), 0, ...gz.subarray(10)]);
const zipSaying = (comment) => new Uint8Array([0x50, 0x4b, 5, 6, ...new Array(16).fill(0),
  comment.length, 0, ...new TextEncoder().encode(comment)]);

test("the builds a zip and a gzip file say are read, none where they say none", () => {
  const w = worker();
  assert.equal(w.zipComment(zipSaying(BUILD).buffer), BUILD);
  assert.equal(w.zipComment(zipSaying("").buffer), "");
  assert.equal(w.zipComment(new Uint8Array(30).buffer), null);
  const gz = gzipSync(new Uint8Array([1, 2, 3]));
  assert.equal(w.gzipName(tagged(gz, BUILD).buffer), BUILD);
  assert.equal(w.gzipName(gz.buffer.slice(gz.byteOffset, gz.byteOffset + gz.length)), null);
});

test("files of another build are named, and nothing of a mismatched pair is used", () => {
  const w = worker();
  w.samePython({ "the start-up snapshot": BUILD, "the archive": BUILD });
  assert.throws(() => w.samePython({ "the start-up snapshot": BUILD,
                                     "the standard library": "fedcba9876543210",
                                     "the archive": null }),
                new RegExp("not this site's build of Python \\(0123456789abcdef\\): the " +
                           "standard library is of fedcba9876543210, the archive is of no build"));
});

// Python's start in a made-up worker: the site's files (the snapshot, the standard
// library and archive a restored Python reads, the runtime) from a fake network, and a
// fake loadPyodide that reads the runtime through the worker's fetch, as Pyodide does.
function starting({ snapshot = snapshots().file, stdlib = zipSaying(BUILD),
                    archive = tagged(gzipSync(tar(ARCHIVE)), BUILD), offline = [] } = {}) {
  const files = { "python.snapshot": snapshot, "pyodide/python_stdlib_restored.zip": stdlib,
                  "app_restored.tar.gz": archive, "pyodide/pyodide.asm.wasm": wasm() };
  const loads = [];
  const w = worker({
    Blob, setTimeout, location: { href: "https://h/python-worker.js" },
    URL: Object.assign(class extends URL {}, { createObjectURL: () => "blob:stdlib",
                                               revokeObjectURL: () => {} }),
    console: { warn: (...said) => loads.push(["warned", String(said[1])]) },
  });
  w.fetch = async (input) => {
    const name = new URL(input instanceof Request ? input.url : input).pathname.slice(1);
    if (offline.includes(name) || !(name in files)) throw new TypeError("Failed to fetch");
    return new Response(files[name].slice());
  };
  w.sendPythonOutput = () => {};
  const loadPyodide = async (options) => {
    loads.push(options._loadSnapshot ? ["restore", options.stdLibURL] : ["start"]);
    if (!options._loadSnapshot) return { started: true };
    await w.fetch("https://h/pyodide/pyodide.asm.wasm");
    const memory = await options._loadSnapshot;
    return { memory: [...memory], runPython: () => {} };
  };
  w.importRuntime = async () => ({ loadPyodide });
  return { w, loads };
}

async function start(setup) {
  const { w, loads } = starting(setup);
  const pyodide = await w.startPyodide("https://h/pyodide/pyodide.mjs");
  return { w, loads, pyodide };
}

test("Python is restored from a whole snapshot of the worker's build", async () => {
  const { w, loads, pyodide } = await start();
  assert.deepEqual(loads, [["restore", "blob:stdlib"]]);
  assert.deepEqual(pyodide.memory, [...snapshots().inner]);
  assert.equal(w.restored, true);
  assert.equal(w.gzipName(w.restoredArchive), BUILD);  // the archive it was checked with
});

test("a snapshot damaged or of another build than its files starts Python the usual way",
     async () => {
  const damaged = snapshots().file;
  damaged[damaged.length - 3] ^= 1;
  const other = "fedcba9876543210";
  for (const setup of [{ snapshot: damaged }, { snapshot: snapshots({ build: other }).file },
                       { stdlib: zipSaying(other) },
                       { archive: tagged(gzipSync(tar(ARCHIVE)), other) },
                       { offline: ["app_restored.tar.gz"] }]) {
    const { w, loads, pyodide } = await start(setup);
    assert.equal(loads.at(-1)[0], "start", JSON.stringify(loads));
    assert.match(loads.at(-2)[1], /damaged|not this site's build|Failed to fetch/);
    assert.deepEqual([pyodide.started, w.restored], [true, false]);
  }
});

test("the runtime's bytes are kept as Pyodide fetches them, in one download", async () => {
  const asked = [];
  const fetchAsIs = async (input) => {
    asked.push(input instanceof Request ? input.url : String(input));
    return new Response(new Uint8Array([0, 0x61, 0x73, 0x6d]), { status: 200 });
  };
  const w = worker({ location: { href: "https://h/hearts/python-worker.js" } });
  w.fetch = fetchAsIs;
  const kept = w.keepWasm("https://h/hearts/pyodide/pyodide.asm.wasm");
  await w.fetch("other.js");  // anything else passes as it is
  assert.notEqual(w.fetch, fetchAsIs);
  const response = await w.fetch(new Request("https://h/hearts/pyodide/pyodide.asm.wasm?v=2"));
  assert.equal(w.fetch, fetchAsIs);  // once
  assert.deepEqual([...new Uint8Array(await response.arrayBuffer())], [0, 0x61, 0x73, 0x6d]);
  assert.deepEqual([...(await kept)], [0, 0x61, 0x73, 0x6d]);
  assert.deepEqual(asked, ["other.js",
                           "https://h/hearts/pyodide/pyodide.asm.wasm?v=2"]);
});

test("a runtime that is not there fails the snapshot's wait, and the fetch is given back",
     async () => {
  const w = worker({ location: { href: "https://h/python-worker.js" } });
  const fetchAsIs = async () => new Response("no", { status: 404 });
  w.fetch = fetchAsIs;
  const kept = w.keepWasm("https://h/pyodide/pyodide.asm.wasm");
  assert.equal((await w.fetch("https://h/pyodide/pyodide.asm.wasm")).status, 404);
  await assert.rejects(kept);
  const unused = w.keepWasm("https://h/pyodide/pyodide.asm.wasm");
  unused.done();  // Python started without it
  assert.equal(w.fetch, fetchAsIs);
});

// A tar as Python's tarfile writes one: 512-byte headers, a PAX header for a long or
// non-ASCII name, a name split into prefix and name, folders.
function tar(entries) {
  const blocks = [];
  const header = (name, size, type, prefix = "") => {
    const block = new Uint8Array(512);
    const put = (text, at) => block.set(new TextEncoder().encode(text), at);
    put(name, 0);
    put(size.toString(8).padStart(11, "0"), 124);
    block[156] = type.charCodeAt(0);
    put(prefix, 345);
    return block;
  };
  const body = (bytes) => {
    const padded = new Uint8Array(Math.ceil(bytes.length / 512) * 512);
    padded.set(bytes);
    return padded;
  };
  for (const { name, text = "", type = "0", prefix, pax } of entries) {
    if (pax) {
      const record = (n) => `${n} path=${pax}\n`;
      let length = new TextEncoder().encode(record(0)).length;
      while (new TextEncoder().encode(record(length)).length !== length) length += 1;
      const bytes = new TextEncoder().encode(record(length));
      blocks.push(header("././@PaxHeader", bytes.length, "x"), body(bytes));
    }
    const bytes = new TextEncoder().encode(text);
    blocks.push(header(name, bytes.length, type, prefix), body(bytes));
  }
  blocks.push(new Uint8Array(1024));
  return new Uint8Array(blocks.flatMap((b) => [...b]));
}

const ARCHIVE = [
  { name: "pkg/", type: "5" },
  { name: "./pkg/a.py", text: "print(1)\n" },
  { name: "pkg/a very long name", text: "long", pax: "pkg/a very long name ąę.txt" },
  { name: "b.txt", text: "b", type: "\0", prefix: "deep/er" },
];

function fakeFS() {
  const fs = { folders: [], files: {} };
  fs.mkdir = (path) => {
    if (fs.folders.includes(path)) throw new Error("EEXIST");
    fs.folders.push(path);
  };
  fs.writeFile = (path, data) => { fs.files[path] = new TextDecoder().decode(data); };
  fs.cwd = () => "/home/pyodide";
  return fs;
}

test("the archive is unpacked into Python's folder, long names and folders too", () => {
  const FS = fakeFS();
  worker().untar(FS, tar(ARCHIVE), "/root");
  assert.deepEqual(FS.files, { "/root/pkg/a.py": "print(1)\n",
                               "/root/pkg/a very long name ąę.txt": "long",
                               "/root/deep/er/b.txt": "b" });
  assert.deepEqual(FS.folders, ["/root/pkg", "/root/deep", "/root/deep/er"]);
});

async function unpack({ restored, url, answer, archive = null }) {
  const asked = [];
  const w = worker({
    fetch: async (u) => { asked.push(u); return answer(); },
    console: { warn: (said) => asked.push("warned: " + said) },
  });
  Object.assign(w, { restored, appPackageUrl: url, flet_js: {}, restoredArchive: archive });
  const FS = fakeFS();
  await w.unpackApp({ FS });
  return { asked, files: Object.keys(FS.files), unpacked: w.flet_js.appUnpacked === true };
}

const gzipped = (build = BUILD) => new Response(tagged(gzipSync(tar(ARCHIVE)), build));
const UNPACKED = ["/home/pyodide/pkg/a.py", "/home/pyodide/pkg/a very long name ąę.txt",
                  "/home/pyodide/deep/er/b.txt"];

test("a restored Python unpacks the archive it was checked with, without a fetch",
     async () => {
  const archive = await gzipped().arrayBuffer();
  assert.deepEqual(await unpack({ restored: true, url: "https://h/hearts/app.tar.gz",
                                  answer: gzipped, archive }),
                   { asked: [], unpacked: true, files: UNPACKED });
});

test("a Python started the usual way unpacks the page's archive, said if of another build",
     async () => {
  const started = await unpack({ restored: false, url: "https://h/app.tar.gz",
                                 answer: gzipped });
  assert.deepEqual(started, { asked: ["https://h/app.tar.gz"], unpacked: true,
                              files: UNPACKED });
  const other = await unpack({ restored: false, url: "https://h/app.tar.gz",
                               answer: () => gzipped("fedcba9876543210") });
  assert.deepEqual(other.asked, ["https://h/app.tar.gz", "warned: the app's archive is of " +
    "build fedcba9876543210, this worker of 0123456789abcdef: started all the same"]);
  assert.equal(other.unpacked, true);
});

test("an archive that cannot be read is left to Python to unpack", async () => {
  const missing = await unpack({ restored: false, url: "https://h/app.tar.gz",
                                 answer: () => new Response("no", { status: 404 }) });
  assert.deepEqual(missing, { asked: ["https://h/app.tar.gz"], files: [], unpacked: false });
  const broken = await unpack({ restored: false, url: "https://h/app.tar.gz",
                                answer: () => new Response("not gzip") });
  assert.equal(broken.asked.at(-1), "warned: the app's archive is unpacked by Python instead");
  assert.deepEqual([broken.files, broken.unpacked], [[], false]);
  const none = await unpack({ restored: false, url: "https://h/main.py",
                              answer: gzipped });
  assert.deepEqual(none, { asked: [], files: [], unpacked: false });  // a script, no archive
});
