"""Python already started, for the web app: a memory snapshot of Pyodide with the app's
packages imported (``python.snapshot``), made at build time by Pyodide itself under Node.

A phone's open then restores the snapshot instead of starting Python and importing some
450 modules (about 4 s of a warm open on this machine, 0.4 s restored). The snapshot is
Pyodide's own (``loadPyodide({_makeSnapshot})``, ``makeMemorySnapshot``, and
``_loadSnapshot`` in the page's worker, see ``client.START_PYODIDE``); it holds Python's
memory, not its files, so the worker still unpacks the archive (what is read later:
catalogues, locale data, the font's widths). Only modules that touch no JavaScript
object are imported here (none of Flet's Pyodide connection, none of ``web.browser``'s
calls), so nothing of Node's is left in it. After the restore the worker asks the
phone's time zone again and reseeds ``random`` (see ``client.AFTER_RESTORE``).

Needs ``node`` (Debian's ``nodejs``); without it, or if Node cannot make one, the site
is built without a snapshot and Python starts the ordinary way (slower, same app).
"""

from __future__ import annotations

import logging
import shutil
import subprocess
import tempfile
from pathlib import Path

SNAPSHOT = "python.snapshot"
# Python notes at its start whether the JavaScript engine can switch stacks (JSPI, what
# lets a saved hand wait for the browser's storage), and a snapshot keeps that note: made
# where Node could not, it would say so in Chrome too. Node 20 has the early form of JSPI
# behind this flag (Pyodide takes either form); a Node that has JSPI needs none.
JSPI_FLAG = "--experimental-wasm-stack-switching"
TIMEOUT_SECONDS = 300

log = logging.getLogger(__name__)

# What the app imports before its first screen (the worker then finds them loaded).
WARM_UP = """
import gc, os, sys
os.chdir("/home/pyodide")
sys.path.insert(0, "__pypackages__")
import flet, flet_charts, babel, babel.dates, babel.numbers, babel.support, tinydb, msgpack
import scorekeeper.rules, scorekeeper.formats, scorekeeper.store
import scorekeeper.app.main, scorekeeper.app.backup, scorekeeper.web.entry
from scorekeeper.app import screens
screens.load_all()
sys.path.remove("__pypackages__")  # the worker puts it back where it always does
gc.collect()
"""

MAKE = """
if (!("Suspending" in WebAssembly) && !("Suspender" in WebAssembly)) {
  console.error("this Node has no JSPI: a snapshot made here would not let a save wait");
  process.exit(3);
}
import { loadPyodide } from %(module)s;
import { readFileSync, writeFileSync } from "node:fs";
const py = await loadPyodide({ indexURL: %(index)s, _makeSnapshot: true });
py.unpackArchive(new Uint8Array(readFileSync(%(archive)s)), "gztar",
                 { extractDir: "/home/pyodide" });
py.runPython(%(warm_up)s);
writeFileSync(%(out)s, py.makeMemorySnapshot());
"""


def _flags(node: str) -> list[str]:
    """The flag that gives this Node JSPI, where it has the flag."""
    try:
        options = subprocess.run([node, "--v8-options"], capture_output=True, text=True,
                                 timeout=60, check=False).stdout
    except (OSError, subprocess.TimeoutExpired):
        return []
    return [JSPI_FLAG] if JSPI_FLAG in options else []


def _js(text: str) -> str:
    import json

    return json.dumps(text)


def make_snapshot(site: Path) -> Path | None:
    """Write ``site/python.snapshot`` from the site's Pyodide and archive; None (and
    nothing written) where Node is missing or fails."""
    node = shutil.which("node")
    if node is None:
        log.warning("no node: the web app is built without Python's start-up snapshot")
        return None
    out = site / SNAPSHOT
    pyodide = site / "pyodide"
    with tempfile.TemporaryDirectory(prefix="scorekeeper-snapshot-") as tmp:
        script = Path(tmp) / "make.mjs"
        script.write_text(MAKE % {
            "module": _js((pyodide / "pyodide.mjs").as_uri()),
            "index": _js(str(pyodide) + "/"), "archive": _js(str(site / "app.tar.gz")),
            "warm_up": _js(WARM_UP), "out": _js(str(out))}, encoding="utf-8")
        try:
            done = subprocess.run([node, *_flags(node), str(script)], capture_output=True,
                                  text=True, timeout=TIMEOUT_SECONDS, check=False)
        except (OSError, subprocess.TimeoutExpired) as e:
            log.warning("no start-up snapshot: %s", e)
            out.unlink(missing_ok=True)
            return None
    if done.returncode != 0 or not out.is_file():
        log.warning("no start-up snapshot: node said %s", done.stderr.strip()[-2000:])
        out.unlink(missing_ok=True)
        return None
    return out
