"""The page half of the web app: Flet's web client and Pyodide, from the installed
``flet_web`` package, trimmed to what a phone loads, with the app's own assets on top.

Kept: the dart2js build (``main.dart.js``) with one CanvasKit (the ``full`` variant, which
every browser can run; the loader is told to use it), Pyodide's runtime and standard
library. Left out: the dart2wasm build (``main.dart.wasm``, skwasm, wimp), the Chromium-only
CanvasKit, debug symbols and source maps, Pyodide's command line files and the wheels
only micropip needs (nothing is installed at start: see ``bundle``), and Flet's own
service worker (it only unregisters itself; ``sw.js`` replaces it).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path, PurePosixPath

KEEP_CANVASKIT = ("canvaskit/canvaskit.js", "canvaskit/canvaskit.wasm")
KEEP_PYODIDE = ("pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs", "pyodide/pyodide.asm.wasm",
                "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json")
# Flutter asks its font fallback folder for Roboto by this name; Flet ships it as
# assets/fonts/roboto.woff2 (its server answers the other name itself).
ROBOTO = "assets/fonts/roboto.woff2"
ROBOTO_FALLBACK = "assets/fonts/roboto/v32/KFOmCnqEu92Fr1Me4GZLCzYlKw.woff2"
SKIP_FILES = ("main.dart.wasm", "main.dart.mjs", "flutter_service_worker.js",
              "flutter.js.map", "version.json")


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
    (out / ROBOTO_FALLBACK).parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(web / ROBOTO, out / ROBOTO_FALLBACK)


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
"""
START_PYODIDE = """self.startPyodide = async function (url) {
    const pyodideModule = await import(url);
    const loadPyodide = pyodideModule.loadPyodide || self.loadPyodide;
    return await loadPyodide({
        stdout: (text) => self.sendPythonOutput(text, false),
        stderr: (text) => self.sendPythonOutput(text, true),
    });
};

self.onmessage = async (event) => {
    if (event.data && event.data.preload) {  // the page starts Pyodide before Flutter asks
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
EARLY_WORKER = """    // the worker the page started at its load, already loading Pyodide (build-web)
    app.worker = globalThis.takeEarlyWorker();
"""
START_EARLY = """
// scorekeeper build-web: start Python's worker and Pyodide now, while Flutter loads; the
// first connection from Flutter takes this worker, later ones start their own.
;(function () {
    function newWorker() {
        return new Worker((flet.entrypointBaseUrl.endsWith("/") ?
            flet.entrypointBaseUrl.slice(0, -1) : flet.entrypointBaseUrl) + "/python-worker.js",
            { type: "module" });
    }
    let early = null;
    if (flet.pyodide) {
        early = newWorker();
        early.postMessage({ preload: flet.pyodideUrl });
    }
    globalThis.takeEarlyWorker = function () {
        const worker = early || newWorker();
        early = null;
        return worker;
    };
})();
"""


def patch_worker(out: Path) -> None:
    """Python's worker starts with the page, not when Flutter has loaded and connects:
    Pyodide's start (most of an open) runs beside Flutter's."""
    worker = out / "python-worker.js"
    text = _replace_once(worker.read_text(encoding="utf-8"), LOAD_IN_WORKER, EARLY_LOAD,
                         worker.name)
    text = _replace_once(text, "self.onmessage = async (event) => {\n", START_PYODIDE,
                         worker.name)
    worker.write_text(text, encoding="utf-8")
    page = out / "python.js"
    text = _replace_once(page.read_text(encoding="utf-8"), NEW_WORKER, EARLY_WORKER, page.name)
    page.write_text(text + START_EARLY, encoding="utf-8")


BOOT_SCRIPT = """<script>
// Python in the browser (scorekeeper build-web): the runtime by an absolute address (a
// module worker cannot import a bare name), this site's own service worker (sw.js), and
// storage the browser should not clear.
flet.pyodideUrl = new URL("pyodide/pyodide.mjs", document.baseURI).href;
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("sw.js").catch(function (e) {
    console.warn("service worker not registered", e);
  });
}
if (navigator.storage && navigator.storage.persist) {
  navigator.storage.persist().catch(function () {});
}
</script>
"""


def patch_index(path: Path, *, version: str, base_href: str) -> None:
    """Flet's config for a page that runs Python itself (hash addresses: a static host
    has no fallback for ``/game/<id>``), then :data:`BOOT_SCRIPT`."""
    from flet.controls.types import RouteUrlStrategy, WebRenderer
    from flet_web.patch_index import patch_index_html

    patch_index_html(str(path), base_href=base_href, pyodide=True,
                     pyodide_script_path="main.py", pyodide_version=version,
                     app_package_url="app.tar.gz", web_renderer=WebRenderer.CANVAS_KIT,
                     route_url_strategy=RouteUrlStrategy.HASH, no_cdn=True)
    text = path.read_text(encoding="utf-8")
    text = _replace_once(text, '<script src="python.js"></script>',
                         BOOT_SCRIPT + '<script src="python.js"></script>', path.name)
    path.write_text(text, encoding="utf-8")
