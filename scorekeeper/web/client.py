"""The page half of the web app: Flet's web client and Pyodide, from the installed
``flet_web`` package, trimmed to what a phone loads, with the app's own assets on top.

Two builds of Flutter's app are kept, as Flet's server offers them, and Flutter's loader
picks one per browser: Chromium (Chrome on Android) runs the WebAssembly build
(``main.dart.wasm`` with the skwasm renderer; ``skwasm_heavy`` where the browser cannot
decode images or break lines itself), every other browser the JavaScript build
(``main.dart.js``) on CanvasKit's ``full`` variant (the loader is told to take no
other). The WebAssembly build draws a frame of the sheet in about 2 ms where the
JavaScript one takes over 20 ms, on this machine. A phone downloads and keeps only the
files of the build it runs (:data:`RENDERER_FILES`; see ``sw.js``). Also kept: Pyodide's
runtime and standard library. Left out: the Chromium-only CanvasKit (the JavaScript build
runs where the WebAssembly one does not, never on Chromium with WebGL), the experimental
renderers (wimp, web paragraph), debug symbols and source maps, Pyodide's command line
files and the wheels only micropip needs (nothing is installed at start: see ``bundle``),
and Flet's own service worker (it only unregisters itself; ``sw.js`` replaces it).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path, PurePosixPath

from .page_scripts import BOOT_SCRIPT, START_EARLY

KEEP_CANVASKIT = ("canvaskit/canvaskit.js", "canvaskit/canvaskit.wasm",
                  "canvaskit/skwasm.js", "canvaskit/skwasm.wasm",
                  "canvaskit/skwasm_heavy.js", "canvaskit/skwasm_heavy.wasm")

# Flutter asks its font fallback folder for Roboto by this name; Flet ships it as
# assets/fonts/roboto.woff2 (its server answers the other name itself). The JavaScript
# build asks the site's assets/fonts/, the WebAssembly build the same below its asset base.
ROBOTO = "assets/fonts/roboto.woff2"
ROBOTO_FALLBACK = "assets/fonts/roboto/v32/KFOmCnqEu92Fr1Me4GZLCzYlKw.woff2"
ROBOTO_WASM_FALLBACK = "assets/" + ROBOTO_FALLBACK

# Flutter's builds, as a browser loads them: a phone loads one set (its browser's), and
# the service worker keeps what the page used, not every set (see sw.js).
RENDERERS = {
    "Chromium": ("main.dart.wasm", "main.dart.mjs", "canvaskit/skwasm.js",
                 "canvaskit/skwasm.wasm", ROBOTO_WASM_FALLBACK),
    "Chromium without image codecs": ("main.dart.wasm", "main.dart.mjs",
                                      "canvaskit/skwasm_heavy.js",
                                      "canvaskit/skwasm_heavy.wasm", ROBOTO_WASM_FALLBACK),
    "other browsers": ("main.dart.js", "canvaskit/canvaskit.js", "canvaskit/canvaskit.wasm",
                       ROBOTO_FALLBACK),
}
RENDERER_FILES = tuple(sorted({f for files in RENDERERS.values() for f in files}))

# Files of Flet's client that the app never asks for (a cold open in Chromium, a game and
# the settings request none of them): Flutter's licence notices (read by a licence page
# the app has not), the math fonts of Markdown's TeX, the video player's HLS script, the
# Cupertino icons, Roboto under the name only Flet's server answers to. They stay in the
# site; the service worker keeps one only if it is ever fetched (see sw.js), so a phone
# does not download them.
ON_DEMAND = ("assets/NOTICES", "assets/packages/flutter_math_fork/",
             "assets/packages/media_kit/", "assets/packages/cupertino_icons/",
             "assets/packages/flutter_map/", ROBOTO)

STDLIB = "pyodide/python_stdlib.zip"
# What a Python restored from the start-up snapshot reads: see stdlib.py.
STDLIB_RESTORED = "pyodide/python_stdlib_restored.zip"
ARCHIVE = "app.tar.gz"
# ... and the archive it unpacks: see bundle.without.
ARCHIVE_RESTORED = "app_restored.tar.gz"
KEEP_PYODIDE = ("pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs", "pyodide/pyodide.asm.wasm",
                "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json")
SKIP_FILES = ("flutter_service_worker.js", "flutter.js.map", "version.json")


class ClientError(RuntimeError):
    """The installed Flet web client is not the one this builder knows how to patch."""


def flet_web_dir() -> Path:
    import flet_web

    folder = Path(flet_web.__file__).parent / "web"
    if not (folder / "main.dart.js").is_file():
        raise ClientError(f"Flet's web client is not installed in {folder}")
    return folder


def pyodide_version(web: Path) -> str:
    import json

    text = (web / "pyodide" / "package.json").read_text(encoding="utf-8")
    return str(json.loads(text)["version"])


def _kept(rel: str) -> bool:
    if rel.startswith("canvaskit/"):
        return rel in KEEP_CANVASKIT
    if rel.startswith("pyodide/"):
        return rel in KEEP_PYODIDE
    return rel not in SKIP_FILES and not rel.endswith((".symbols", ".map"))


def copy_client(web: Path, out: Path) -> None:
    for path in sorted(web.rglob("*")):
        rel = path.relative_to(web).as_posix()
        if path.is_file() and _kept(rel):
            target = out / PurePosixPath(rel)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
    for fallback in (ROBOTO_FALLBACK, ROBOTO_WASM_FALLBACK):
        (out / fallback).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(web / ROBOTO, out / fallback)


# Material icons: Flet's client has the whole MaterialIcons font (8,600 glyphs, 0.47 MB
# with gzip: Flet names icons at run time, so Flutter's build could not shake it). The
# site keeps the icons the app names (ft.Icons.X in its code), each in its four styles,
# and those Flutter's own widgets draw (the back arrows, menus, pickers, fields), as
# Flutter's own icon tree shaking would (10 KB with gzip).
ICON_FONT = "assets/fonts/MaterialIcons-Regular.otf"
ICON_STYLES = ("_baseline", "_outlined", "_rounded", "_sharp")
FLUTTER_ICONS = (
    "arrow_back", "arrow_back_ios", "arrow_back_ios_new", "arrow_forward",
    "arrow_forward_ios", "close", "menu", "more_vert", "more_horiz", "expand_more",
    "expand_less", "arrow_drop_down", "arrow_drop_up", "arrow_upward", "arrow_downward",
    "chevron_left", "chevron_right", "keyboard_arrow_left", "keyboard_arrow_right",
    "keyboard_arrow_up", "keyboard_arrow_down", "first_page", "last_page", "edit",
    "calendar_today", "access_time", "schedule", "keyboard", "search", "clear", "cancel",
    "check", "done", "drag_handle", "visibility", "visibility_off", "error",
    "error_outline", "info", "info_outline", "warning", "check_circle", "add", "remove",
    "content_copy", "content_cut", "content_paste", "select_all", "refresh")


def _icon_base(glyph: str) -> str:
    for style in ICON_STYLES:
        if glyph.endswith(style):
            return glyph[:-len(style)]
    return glyph


def app_icons(code: Path) -> set[str]:
    """The Material icons the app's code names (``Icons.X``), as the font's names."""
    found: set[str] = set()
    for path in sorted(code.rglob("*.py")):
        found.update(name.lower() for name in
                     re.findall(r"\bIcons\.([A-Z0-9_]+)", path.read_text(encoding="utf-8")))
    return found


def subset_icons(out: Path, names: set[str]) -> bool:
    """Keep only ``names`` (and Flutter's own icons) in the site's icon font; False, and
    the whole font kept, where fontTools is missing or the font is not the one known."""
    path = out / ICON_FONT
    try:
        from fontTools import subset
        from fontTools.ttLib import TTFont
    except ImportError:
        return False
    if not path.is_file():
        return False
    font = TTFont(path, recalcTimestamp=False)  # the same font from the same sources
    bases = {_icon_base(n) for n in (*names, *FLUTTER_ICONS)}
    keep = [g for g in font.getGlyphOrder() if _icon_base(g) in bases]
    if len(keep) < len(bases):  # the names are not this font's: leave it whole
        return False
    options = subset.Options()
    options.glyph_names = options.notdef_outline = True
    options.name_IDs = options.name_languages = options.layout_features = ["*"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(glyphs=[".notdef", *keep])
    subsetter.subset(font)
    font.save(path)
    return True


def copy_assets(assets: Path, out: Path) -> None:
    """The app's own web assets (index.html, manifest, icons, fonts) over the client's,
    as ``flet`` serves them."""
    for path in sorted(assets.rglob("*")):
        if path.is_file():
            target = out / path.relative_to(assets)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)


def _replace_once(text: str, old: str, new: str, what: str) -> str:
    if text.count(old) != 1:
        raise ClientError(f"cannot patch {what}: {old!r} is not there once")
    return text.replace(old, new)


def patch_bootstrap(path: Path) -> None:
    """Flutter's loader: the one CanvasKit kept, and no Flutter service worker."""
    text = path.read_text(encoding="utf-8")
    text = _replace_once(text, "var flutterConfig = {",
                         'var flutterConfig = {\n    canvasKitVariant: "full",', path.name)
    text, n = re.subn(r"serviceWorkerSettings:\s*\{[^}]*\},", "", text)
    if n != 1:
        raise ClientError(f"cannot patch {path.name}: no serviceWorkerSettings")
    path.write_text(text, encoding="utf-8")


LOAD_IN_WORKER = """        const pyodideModule = await import(self.pyodideUrl);
        const loadPyodide = pyodideModule.loadPyodide || self.loadPyodide;
        self.pyodide = await loadPyodide({
            stdout: (text) => self.sendPythonOutput(text, false),
            stderr: (text) => self.sendPythonOutput(text, true),
        });
"""
EARLY_LOAD = """        // started at the page's load (scorekeeper build-web), or now
        self.pyodide = await (self.earlyPyodide || self.startPyodide(self.pyodideUrl));
        await self.unpackApp(self.pyodide);
"""
# Flet's worker unpacks the app's archive in Python (tarfile: most of a second for its
# thousand files, as long as the rest of Python's start from a snapshot); it is unpacked
# here in JavaScript instead, and Python told so (its own unpacking stays the fallback).
UNPACK_IN_PYTHON = """        if "script" not in py_args:
            print("Downloading app archive")"""
UNPACKED = """        if getattr(flet_js, "appUnpacked", False):
            print("App archive unpacked")
        elif "script" not in py_args:
            from pyodide.http import pyfetch
            print("Downloading app archive")"""
# ... and Pyodide's fetch is imported only there (it reaches into JavaScript: some 0.1 s
# of an open, and this page never needs it).
PYFETCH = """        import flet_js, os, runpy, sys, traceback
        from pyodide.http import pyfetch
"""
NO_PYFETCH = """        import flet_js, os, runpy, sys, traceback
"""
START_PYODIDE = r"""// scorekeeper build-web: Python from its start-up snapshot where the site has
// one (python.snapshot: the app's packages already imported), else the usual way.
self.pythonSnapshot = __SNAPSHOT__;
self.pythonStdlib = __STDLIB__;  // the standard library's zip a restored Python reads
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
            pyodide.runPython(`__AFTER_RESTORE__`);
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
            if (flag === 1) {
                at += leb(false);
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
        self.appPackageUrl.replace(/__ARCHIVE__(?=$|[?#])/, __ARCHIVE_RESTORED__) :
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

"""
# Python restored from a snapshot made on the build machine: this phone's time zone, and
# a seed of its own for ``random`` (every phone would otherwise draw the same numbers).
AFTER_RESTORE = """
import sys, time
if hasattr(time, "tzset"):
    time.tzset()
if "random" in sys.modules:
    sys.modules["random"].seed()
"""
# Two fixes to Pyodide 314.0.7's restore of a snapshot. It copies the snapshot into memory
# it has not grown to the snapshot's size (the memory is the module's own, so the
# INITIAL_MEMORY it sets is not used): grow first. And the copy overwrites what this
# browser set up before it: CPython's trampoline for calls through the function table,
# made in WebAssembly where the engine can (in Node 20 it cannot, and the JavaScript one
# would stand in the way of a wait for the browser's storage): put this browser's back.
RESTORE = "return Module.HEAP8.set(t),l}"
RESTORE_FIXED = ("{let g=t.length-Module.HEAP8.length;if(g>0){wasmMemory.grow("
                 "Math.ceil(g/65536));updateMemoryViews()}}Module.HEAP8.set(t);"
                 "{const o=HEAP32[__PyEM_EMSCRIPTEN_TRAMPOLINE_OFFSET/4>>>0];"
                 "HEAP32[(__PyRuntime+o)/4>>>0]=Module.pyemTrampoline}return l}")
TRAMPOLINE = "const ptr=getPyEMTrampolinePtr();"
TRAMPOLINE_KEPT = "const ptr=getPyEMTrampolinePtr();Module.pyemTrampoline=ptr;"
# The first lines of the worker's message handler: the page starts Pyodide before
# Flutter asks for it.
PRELOAD = """    if (event.data && event.data.preload) {
        self.earlyPyodide = self.startPyodide(event.data.preload);
        self.earlyPyodide.catch(() => {});  // said when the app starts (initPyodide)
        return;
    }
"""
NEW_WORKER = """    app.worker = new Worker(
        (flet.entrypointBaseUrl.endsWith("/") ?
            flet.entrypointBaseUrl.slice(0, -1) : flet.entrypointBaseUrl) + "/python-worker.js",
        { type: "module" });
"""
EARLY_WORKER = """    // the worker the page started at its load, already loading Pyodide
    // (scorekeeper build-web)
    app.worker = globalThis.takeEarlyWorker();
"""


def patch_worker(out: Path, snapshot: str | None = None) -> None:
    """Python's worker starts with the page, not when Flutter has loaded and connects:
    Pyodide's start (most of an open) runs beside Flutter's, from ``snapshot`` (a file of
    the site, see :mod:`.snapshot`) if given."""
    worker = out / "python-worker.js"
    text = _replace_once(worker.read_text(encoding="utf-8"), LOAD_IN_WORKER, EARLY_LOAD,
                         worker.name)
    text = _replace_once(text, UNPACK_IN_PYTHON, UNPACKED, worker.name)
    text = _replace_once(text, PYFETCH, NO_PYFETCH, worker.name)
    start = (START_PYODIDE.replace("__SNAPSHOT__", json.dumps(snapshot))
             .replace("__STDLIB__", json.dumps(STDLIB_RESTORED))
             .replace("__ARCHIVE__", re.escape(ARCHIVE).replace("/", "\\/"))
             .replace("__ARCHIVE_RESTORED__", json.dumps(ARCHIVE_RESTORED))
             .replace("__AFTER_RESTORE__", AFTER_RESTORE))
    text = _replace_once(text, "self.onmessage = async (event) => {\n",
                         start + "self.onmessage = async (event) => {\n" + PRELOAD, worker.name)
    worker.write_text(text, encoding="utf-8")
    page = out / "python.js"
    text = _replace_once(page.read_text(encoding="utf-8"), NEW_WORKER, EARLY_WORKER, page.name)
    page.write_text(text + START_EARLY, encoding="utf-8")
    runtime = out / "pyodide" / "pyodide.asm.mjs"
    text = _replace_once(runtime.read_text(encoding="utf-8"), RESTORE, RESTORE_FIXED,
                         runtime.name)
    runtime.write_text(_replace_once(text, TRAMPOLINE, TRAMPOLINE_KEPT, runtime.name),
                       encoding="utf-8")


def patch_index(path: Path, *, version: str, base_href: str) -> None:
    """Flet's config for a page that runs Python itself (hash addresses: a static host
    has no fallback for ``/game/<id>``), then :data:`BOOT_SCRIPT`."""
    from flet.controls.types import RouteUrlStrategy, WebRenderer
    from flet_web.patch_index import patch_index_html

    patch_index_html(str(path), base_href=base_href, pyodide=True,
                     pyodide_script_path="main.py", pyodide_version=version,
                     app_package_url="app.tar.gz", web_renderer=WebRenderer.AUTO,
                     route_url_strategy=RouteUrlStrategy.HASH, no_cdn=True)
    text = path.read_text(encoding="utf-8")
    text = _replace_once(text, '<script src="python.js"></script>',
                         BOOT_SCRIPT + '<script src="python.js"></script>', path.name)
    path.write_text(text, encoding="utf-8")
