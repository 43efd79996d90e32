// Python's start in its worker (js/start-pyodide.js): the snapshot unfolded against the
// runtime's data segments and checked, the runtime's bytes kept as Pyodide fetches them,
// and the app's archive unpacked in JavaScript. Python's own fold and unfold of a real
// snapshot are compared with this code in tests/web/test_site_size.py.
import assert from "node:assert/strict";
import { test } from "node:test";
import { gzipSync } from "node:zlib";
import { run } from "./load.mjs";

// What the build fills in (scripts.start_pyodide; tests/web/test_scripts.py checks it).
const BUILT = {
  ARCHIVE: String.raw`/app\.tar\.gz(?=$|[?#])/`,
  ARCHIVE_RESTORED: JSON.stringify("app_restored.tar.gz"),
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

// Pyodide's snapshot (a 16-byte header saying its memory starts 16 bytes on, then the
// memory) and the site's file: the part the segments set XORed with them, under SKS1.
function snapshots() {
  const memory = new Uint8Array(START + LENGTH + 64).map((_, i) => (i * 7 + 3) & 0xff);
  const inner = new Uint8Array(16 + memory.length);
  new Uint32Array(inner.buffer, 0, 2)[1] = 16;
  inner.set(memory, 16);
  const image = new Uint8Array(LENGTH);
  for (const [at, bytes] of SEGMENTS) image.set(bytes, at - START);
  const file = new Uint8Array(16 + inner.length);
  file.set(inner, 16);
  const part = new Uint32Array(file.buffer, 16 + 16 + START, LENGTH / 4);
  const base = new Uint32Array(image.buffer);
  let h = 0x811c9dc5;
  for (let i = 0; i < part.length; i++) {
    h = Math.imul(h ^ part[i], 16777619);  // FNV-1a of the part unfolded
    part[i] ^= base[i];
  }
  new Uint32Array(file.buffer, 0, 4).set([0x31534b53, START, LENGTH, h >>> 0]);
  return { inner, file };
}

test("the snapshot unfolds to Pyodide's own", () => {
  const { inner, file } = snapshots();
  assert.deepEqual([...worker().unfold(file.buffer, wasm())], [...inner]);
});

test("a snapshot that does not unfold against this runtime is refused", () => {
  const { file } = snapshots();
  file[16 + 16 + START + 5] ^= 0xff;
  assert.throws(() => worker().unfold(file.buffer, wasm()), /does not unfold/);
  const other = snapshots().file;
  assert.throws(() => worker().unfold(other.buffer, wasm([[START, [1, 2, 3, 4, 5, 6, 7, 9]],
                                                        SEGMENTS[1]])), /does not unfold/);
});

test("a snapshot that is not folded is Pyodide's own as it is", () => {
  const { inner } = snapshots();
  assert.deepEqual([...worker().unfold(inner.slice().buffer, wasm())], [...inner]);
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

async function unpack({ restored, url, answer }) {
  const asked = [];
  const w = worker({
    fetch: async (u) => { asked.push(u); return answer(); },
    console: { warn: () => asked.push("warned") },
  });
  Object.assign(w, { restored, appPackageUrl: url, flet_js: {} });
  const FS = fakeFS();
  await w.unpackApp({ FS });
  return { asked, files: Object.keys(FS.files), unpacked: w.flet_js.appUnpacked === true };
}

const gzipped = () => new Response(gzipSync(tar(ARCHIVE)));

test("a restored Python unpacks the archive without what it holds", async () => {
  assert.deepEqual(await unpack({ restored: true, url: "https://h/hearts/app.tar.gz",
                                  answer: gzipped }),
                   { asked: ["https://h/hearts/app_restored.tar.gz"], unpacked: true,
                     files: ["/home/pyodide/pkg/a.py",
                             "/home/pyodide/pkg/a very long name ąę.txt",
                             "/home/pyodide/deep/er/b.txt"] });
  const started = await unpack({ restored: false, url: "https://h/app.tar.gz",
                                 answer: gzipped });
  assert.deepEqual([started.asked, started.unpacked], [["https://h/app.tar.gz"], true]);
});

test("an archive that cannot be read is left to Python to unpack", async () => {
  const missing = await unpack({ restored: true, url: "https://h/app.tar.gz",
                                 answer: () => new Response("no", { status: 404 }) });
  assert.deepEqual(missing, { asked: ["https://h/app_restored.tar.gz"], files: [],
                              unpacked: false });
  const broken = await unpack({ restored: false, url: "https://h/app.tar.gz",
                                answer: () => new Response("not gzip") });
  assert.deepEqual(broken, { asked: ["https://h/app.tar.gz", "warned"], files: [],
                             unpacked: false });
  const none = await unpack({ restored: false, url: "https://h/main.py",
                              answer: gzipped });
  assert.deepEqual(none, { asked: [], files: [], unpacked: false });  // a script, no archive
});
