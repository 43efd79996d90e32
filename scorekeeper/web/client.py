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
import shutil
from pathlib import Path, PurePosixPath

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


def versions(web: Path) -> dict[str, str]:
    """The version of Flet's web client and of Pyodide in ``web`` (see :mod:`.patches`)."""
    from flet_web.version import version

    return {"Flet": version, "Pyodide": pyodide_version(web)}


def patch_index(path: Path, *, version: str, base_href: str) -> None:
    """Flet's config for a page that runs Python itself (hash addresses: a static host
    has no fallback for ``/game/<id>``); the page's own script is put in by
    :mod:`.patches`."""
    from flet.controls.types import RouteUrlStrategy, WebRenderer
    from flet_web.patch_index import patch_index_html

    patch_index_html(str(path), base_href=base_href, pyodide=True,
                     pyodide_script_path="main.py", pyodide_version=version,
                     app_package_url="app.tar.gz", web_renderer=WebRenderer.AUTO,
                     route_url_strategy=RouteUrlStrategy.HASH, no_cdn=True)
