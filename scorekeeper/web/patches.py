"""Every textual patch ``build-web`` makes to the files it ships from Flet's web client
and Pyodide, in one table (:func:`table`): the file, what the patch does and why, the
exact text it expects (once), what replaces it, and the version of Flet or Pyodide it was
made for. :func:`apply` patches a site from the table and, where a patch no longer fits
(its text is not in the file, or is there more than once), fails with one line that
names the patch, the file, and the version it was made for against the one found.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Mapping

from . import client, scripts

FLET = ("Flet", "1.0.5")
PYODIDE = ("Pyodide", "314.0.7")


class PatchError(client.ClientError):
    """A patch of the table does not fit the file it is for (said in one line)."""


@dataclass(frozen=True)
class Patch:
    name: str
    file: str  # the site's file, as the site names it
    why: str
    old: str  # the exact text it expects, once
    new: str
    made_for: tuple[str, str]  # (product, version)

    def misfit(self, times: int, found: Mapping[str, str]) -> str:
        product, version = self.made_for
        where = "not there" if times == 0 else f"there {times} times"
        return (f"the patch {self.name!r} of {self.file} no longer fits (its text is {where}):"
                f" made for {product} {version}, found {product} "
                f"{found.get(product, 'unknown')}")


# Flet's worker loads Pyodide only once Flutter has loaded and connects; the page starts
# it at its load (start-early.js), from the snapshot where the site has one.
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
UNPACK_IN_PYTHON = """        if "script" not in py_args:
            print("Downloading app archive")"""
UNPACKED = """        if getattr(flet_js, "appUnpacked", False):
            print("App archive unpacked")
        elif "script" not in py_args:
            from pyodide.http import pyfetch
            print("Downloading app archive")"""
PYFETCH = """        import flet_js, os, runpy, sys, traceback
        from pyodide.http import pyfetch
"""
NO_PYFETCH = """        import flet_js, os, runpy, sys, traceback
"""
ON_MESSAGE = "self.onmessage = async (event) => {\n"
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
# python.js's last lines (the end of its disconnect function): start-early.js goes after.
PYTHON_JS_END = """        app.worker.onmessage = null;
        app.worker.onerror = null;
    }
}
"""
RESTORE = "return Module.HEAP8.set(t),l}"
RESTORE_FIXED = ("{let g=t.length-Module.HEAP8.length;if(g>0){wasmMemory.grow("
                 "Math.ceil(g/65536));updateMemoryViews()}}Module.HEAP8.set(t);"
                 "{const o=HEAP32[__PyEM_EMSCRIPTEN_TRAMPOLINE_OFFSET/4>>>0];"
                 "HEAP32[(__PyRuntime+o)/4>>>0]=Module.pyemTrampoline}return l}")
TRAMPOLINE = "const ptr=getPyEMTrampolinePtr();"
TRAMPOLINE_KEPT = "const ptr=getPyEMTrampolinePtr();Module.pyemTrampoline=ptr;"
FLUTTER_SERVICE_WORKER = """serviceWorkerSettings: {
        serviceWorkerVersion: "1804020039" /* Flutter's service worker is deprecated and \
will be removed in a future Flutter release. */,
    },"""
PYTHON_JS = '<script src="python.js"></script>'


def table(snapshot: str | None, build: str | None = None) -> tuple[Patch, ...]:
    """Every patch, in the order it is applied; Python's worker starts from ``snapshot``
    (a file of the site) if given, made of Python's ``build`` (see ``build.python_build``)."""
    start = scripts.start_pyodide(snapshot=snapshot, stdlib=client.STDLIB_RESTORED,
                                  archive=client.ARCHIVE_RESTORED, build=build)
    return (
        Patch("one CanvasKit", "flutter_bootstrap.js",
              "the JavaScript build's loader takes CanvasKit's full variant, the one kept "
              "(the Chromium-only one is left out of the site)",
              "var flutterConfig = {", 'var flutterConfig = {\n    canvasKitVariant: "full",',
              FLET),
        Patch("no Flutter service worker", "flutter_bootstrap.js",
              "sw.js is the site's service worker; Flutter's would cache beside it",
              FLUTTER_SERVICE_WORKER, "", FLET),
        Patch("the page's own script", "index.html",
              "scripts.boot_script before Flet's python.js: languages Flutter cannot parse "
              "dropped, the runtime's address, our service worker, persistent storage",
              PYTHON_JS, scripts.boot_script() + PYTHON_JS, FLET),
        Patch("the worker the page started", "python.js",
              "Flutter's first connection takes the worker started with the page",
              NEW_WORKER, EARLY_WORKER, FLET),
        Patch("Python's worker started with the page", "python.js",
              "scripts.start_early: Python's start runs beside Flutter's, and every worker "
              "ends when the page is left (the data folder's Web Lock is freed)",
              PYTHON_JS_END, PYTHON_JS_END + scripts.start_early(), FLET),
        Patch("Python started early", "python-worker.js",
              "the worker takes the Python started at the page's load (from its snapshot) "
              "and unpacks the app's archive in JavaScript",
              LOAD_IN_WORKER, EARLY_LOAD, FLET),
        Patch("the archive unpacked in JavaScript", "python-worker.js",
              "Python's tarfile took most of a second for the archive's thousand files; "
              "Python is told it is unpacked (its own unpacking stays the fallback)",
              UNPACK_IN_PYTHON, UNPACKED, FLET),
        Patch("no pyfetch at start", "python-worker.js",
              "Pyodide's fetch reaches into JavaScript (some 0.1 s of an open): imported "
              "only where Python downloads the archive itself",
              PYFETCH, NO_PYFETCH, FLET),
        Patch("the worker's start and its preload message", "python-worker.js",
              "scripts.start_pyodide before the worker's message handler, which starts "
              "Python when the page says preload, before Flutter asks for it",
              ON_MESSAGE, start + ON_MESSAGE + PRELOAD, FLET),
        Patch("memory grown before the restore", "pyodide/pyodide.asm.mjs",
              "the restore copies the snapshot into memory not grown to its size (the "
              "memory is the module's own: the INITIAL_MEMORY it sets is not used); and the "
              "copy overwrites the trampoline for calls through the function table this "
              "browser made (in WebAssembly where it can; the JavaScript one would stand in "
              "the way of a wait for the browser's storage): put this browser's back",
              RESTORE, RESTORE_FIXED, PYODIDE),
        Patch("the browser's trampoline kept", "pyodide/pyodide.asm.mjs",
              "what the restore puts back (see the patch before)",
              TRAMPOLINE, TRAMPOLINE_KEPT, PYODIDE),
    )


def apply(site: Path, patches: Iterable[Patch], found: Mapping[str, str]) -> None:
    """Patch the site's files from ``patches``, all or none; ``found`` is the version of
    each product the site holds (``{"Flet": "1.0.5", "Pyodide": "314.0.7"}``)."""
    texts: dict[str, str] = {}
    for patch in patches:
        if patch.file not in texts:
            texts[patch.file] = (site / patch.file).read_text(encoding="utf-8")
        times = texts[patch.file].count(patch.old)
        if times != 1:
            raise PatchError(patch.misfit(times, found))
        texts[patch.file] = texts[patch.file].replace(patch.old, patch.new)
    for file, text in texts.items():
        (site / file).write_text(text, encoding="utf-8")
