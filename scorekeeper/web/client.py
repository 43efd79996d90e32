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
from .worker_scripts import AFTER_RESTORE, START_PYODIDE

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
