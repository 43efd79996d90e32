// Python's start-up snapshot, made at build time by Pyodide under Node (snapshot.py runs
// this): node make-snapshot.mjs PYODIDE_MJS_URL INDEX_DIR ARCHIVE WARM_UP_PY IMPORTED OUT.
// Pyodide unpacks the app's archive, runs WARM_UP_PY (the app's imports), writes what
// Python imported to IMPORTED (JSON) and its memory to OUT.
import { readFileSync, writeFileSync } from "node:fs";

if (!("Suspending" in WebAssembly) && !("Suspender" in WebAssembly)) {
  console.error("this Node has no JSPI: a snapshot made here would not let a save wait");
  process.exit(3);
}
const [module, index, archive, warmUp, imported, out] = process.argv.slice(2);
const { loadPyodide } = await import(module);
const py = await loadPyodide({ indexURL: index, _makeSnapshot: true });
py.unpackArchive(new Uint8Array(readFileSync(archive)), "gztar",
                 { extractDir: "/home/pyodide" });
py.runPython(readFileSync(warmUp, "utf-8"));
// What malloc has freed, zeroed: what Python read and let go of (the bytes of source
// files, the archive's) would otherwise go into the snapshot. Blocks of halving sizes are
// taken while they fit below the heap's top, zeroed, and given back.
const M = py._module, top = M._sbrk(0), held = [];
for (let size = 1 << 22; size >= 256;) {
  const at = M._malloc(size);
  if (at === 0 || at + size > top) {
    if (at !== 0) M._free(at);
    size >>= 1;
    continue;
  }
  M.HEAP8.fill(0, at, at + size);
  held.push(at);
}
held.forEach((at) => M._free(at));
writeFileSync(imported, py.globals.get("IMPORTED"));
py.runPython("del IMPORTED");
writeFileSync(out, py.makeMemorySnapshot());
