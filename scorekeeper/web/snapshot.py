"""Python already started, for the web app: a memory snapshot of Pyodide with the app's
packages imported (``python.snapshot``), made at build time by Pyodide itself under Node.

A phone's open then restores the snapshot instead of starting Python and importing some
450 modules (about 4 s of a warm open on this machine, 0.4 s restored). The snapshot is
Pyodide's own (``loadPyodide({_makeSnapshot})``, ``makeMemorySnapshot``, and
``_loadSnapshot`` in the page's worker, see ``js/start-pyodide.js``); it holds Python's
memory, not its files, so the worker still unpacks the archive (what is read later:
catalogues, locale data, the font's widths). Only modules that touch no JavaScript
object are imported here (none of Flet's Pyodide connection, none of ``web.browser``'s
calls), so nothing of Node's is left in it. After the restore the worker asks the
phone's time zone again and reseeds ``random`` (see ``js/start-pyodide.js``).

Two things make it smaller on the wire (9.2 MB with gzip before, 7.5 MB after, on
2026-12-06): the memory malloc has freed is zeroed before it is taken (what Python read
and let go of while importing), and the first part of the memory, what the runtime's own
data segments put there at its start and still mostly hold (98 % of its 3.8 MB), is
stored XORed with those segments (:func:`fold`): mostly zeros. The worker undoes it from
``pyodide.asm.wasm``, which it loads anyway, and checks the result against a checksum
(see ``js/start-pyodide.js``).

Before it restores anything the worker checks the whole file (:data:`HEADER`: a checksum
of every byte, some 20 ms for 45 MB in Node, while the runtime is fetched) and that the
snapshot, the standard library and the archive it reads are of one build of Python, its
own; a snapshot damaged anywhere, cut short, or of another build than the files beside it
(after an update, a cache or a host may serve one version's snapshot with another's
files) is not restored: Python starts the ordinary way.

Needs ``node`` 20 or later (Debian 13's ``nodejs``); without it, or with a Node that
cannot make one (Debian 12's Node 18), the site is built without a snapshot, the build
says why in one line, and Python starts the ordinary way (slower, same app).
"""

from __future__ import annotations

import json
import logging
import re
import sys
from array import array
import shutil
import struct
import subprocess
import tempfile
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

SNAPSHOT = "python.snapshot"
# Python notes at its start whether the JavaScript engine can switch stacks (JSPI, what
# lets a saved hand wait for the browser's storage), and a snapshot keeps that note: made
# where Node could not, it would say so in Chrome too. Node 20 has the early form of JSPI
# behind this flag (Pyodide takes either form); a Node that has JSPI needs none.
JSPI_FLAG = "--experimental-wasm-stack-switching"
TIMEOUT_SECONDS = 300
MAKE = "make-snapshot.mjs"  # in js/: Node makes the snapshot with it

log = logging.getLogger(__name__)

# What the app imports before its first screen (the worker then finds them loaded).
APP_IMPORTS = """
import flet, flet_charts, babel, babel.dates, babel.numbers, babel.support, tinydb, msgpack
import scorekeeper.rules, scorekeeper.formats, scorekeeper.store
import scorekeeper.app.main, scorekeeper.app.backup, scorekeeper.web.entry
from scorekeeper.app import screens
screens.load_all()
"""

# Python's start before the entry's imports, and Flet's own after them, then what the
# snapshot must not keep; what Python imported is left in IMPORTED (JSON).
WARM_UP = """
import gc, os, sys
os.chdir("/home/pyodide")
sys.path.insert(0, "__pypackages__")
{imports}
# What Flet's run imports in the worker, but for the one module that holds the worker's
# JavaScript (flet.messaging.pyodide_connection): some 30 modules, 0.4 s of an open
import flet.app, flet.controls.page, flet.controls.object_patch, flet.messaging.session
import flet.messaging.protocol, flet.pubsub.pubsub_hub, flet.components.public_utils
import queue, concurrent.futures.thread
# Flet imports a control's module when the app first names it (ft.Theme, ft.Text...): the
# home screen's, now (measured: 0.3 s of its first drawing in Chromium; the other
# screens' are imported as they open, which keeps the snapshot, and the download, smaller)
import flet.controls.theme, flet.controls.core.text, flet.controls.core.row
import flet.controls.core.icon, flet.controls.core.semantics, flet.controls.geometry
import flet.controls.material.list_tile, flet.controls.material.snack_bar
import flet.controls.material.textfield, flet.controls.material.expansion_tile
import flet.controls.services.file_picker, flet.controls.services.shared_preferences
import flet.controls.services.wakelock, flet.components.hooks.use_effect
import flet.components.component
sys.path.remove("__pypackages__")  # the worker puts it back where it always does
import json, zipimport
FILES = [getattr(m, "__file__", None) or "" for m in list(sys.modules.values())]
IMPORTED = json.dumps({
    "stdlib": sorted({f.split(".zip/", 1)[1] for f in FILES if ".zip/" in f}),
    "archive": sorted({f[len("/home/pyodide/"):] for f in FILES
                       if f.startswith("/home/pyodide/") and f.endswith(".py")})})
del FILES
# The standard library's zip a restored Python reads is not this one (see stdlib.py): no
# table of this zip's contents may stay in the snapshot.
zipimport._zip_directory_cache.clear()
sys.path_importer_cache.clear()
gc.collect()
"""

# python.snapshot as the site holds it: HEADER, then Pyodide's own snapshot with the part
# of its memory that the runtime's data segments set at its start folded (:func:`fold`).
# The header: the magic; where the folded part starts in memory and its length (0: not
# folded); a checksum of that part unfolded (it unfolds against this runtime only); a
# checksum of every byte after the header as stored, and their number (damage anywhere,
# a file cut short); and the build of Python it was made from (see ``build.python_build``:
# the standard library and archive a restored Python reads say theirs, and the worker
# refuses a pair that differs).
MAGIC = b"SKS2"
HEADER = struct.Struct("<4sIIIII16s")
FNV_OFFSET, FNV_PRIME = 0x811C9DC5, 16777619


@dataclass(frozen=True)
class Header:
    start: int  # where the folded part of the memory starts (an offset in memory)
    length: int  # its length in bytes (0: nothing folded)
    unfolded: int  # the checksum of that part unfolded
    stored: int  # the checksum of everything after the header, as stored
    size: int  # how many bytes follow the header
    build: str  # the build of Python it was made from


def _leb(data: bytes, at: int, signed: bool = False) -> tuple[int, int]:
    """A LEB128 number at ``at`` and where the next thing starts."""
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return (value - (1 << shift) if signed and byte & 0x40 else value), at


def data_segments(wasm: bytes) -> list[tuple[int, bytes]]:
    """(offset, bytes) of a WebAssembly module's active data segments: what its start puts
    in memory. ValueError for a segment whose offset is not a constant."""
    at = 8
    while at < len(wasm):
        section = wasm[at]
        size, at = _leb(wasm, at + 1)
        if section != 11:
            at += size
            continue
        count, at = _leb(wasm, at)
        found = []
        for _ in range(count):
            flag, at = _leb(wasm, at)
            if flag == 1:  # passive: copied by the code, not at the start
                length, at = _leb(wasm, at)
                at += length
                continue
            if flag == 2:
                _, at = _leb(wasm, at)
            if wasm[at] != 0x41:
                raise ValueError("a data segment at an offset that is not a constant")
            offset, at = _leb(wasm, at + 1, signed=True)
            if wasm[at] != 0x0B:
                raise ValueError("a data segment's offset is not one constant")
            length, at = _leb(wasm, at + 1)
            found.append((offset, wasm[at:at + length]))
            at += length
        return found
    return []


LANES = 4


def checksum(data: bytes) -> int:
    """FNV-1a over little-endian 32-bit words in four lanes (word i in lane i % 4, a last
    part word padded with zeros), then over the four lanes: what the worker computes too,
    where the lanes let the engine do four words at a time (a third of the time of one
    lane in Node). Any one word changed changes it."""
    whole = len(data) // 4 * 4
    words = array("I", bytes(memoryview(data)[:whole]))  # "I": 32 bits where this runs
    if sys.byteorder == "big":
        words.byteswap()
    if whole < len(data):
        words.append(int.from_bytes(bytes(data[whole:]), "little"))
    h = FNV_OFFSET
    for lane in range(LANES):
        g = FNV_OFFSET
        for word in words[lane::LANES]:
            g = ((g ^ word) * FNV_PRIME) & 0xFFFFFFFF
        h = ((h ^ g) * FNV_PRIME) & 0xFFFFFFFF
    return h


def _xor_segments(made: bytes, wasm: bytes) -> tuple[bytes, int, int, bytes]:
    """``made`` with the memory's part that the runtime's data segments set XORed with
    them (XOR is its own inverse: this folds and unfolds), where that part starts in
    memory, its length, and the part as it was in ``made``."""
    segments = [s for s in data_segments(wasm) if s[1]]
    if not segments:
        raise ValueError("the runtime has no data segments to fold against")
    start = min(offset for offset, _ in segments) // 4 * 4
    end = max(offset + len(data) for offset, data in segments)
    length = (end - start + 3) // 4 * 4
    image = bytearray(length)
    for offset, data in segments:
        image[offset - start:offset - start + len(data)] = data
    memory_at = struct.unpack_from("<I", made, 4)[0]  # Pyodide's header: where memory starts
    lo, hi = memory_at + start, memory_at + start + length
    region = made[lo:hi]
    if len(region) != length:
        raise ValueError("the memory is shorter than what the data segments set")
    xored = (int.from_bytes(region, "little") ^ int.from_bytes(image, "little")
             ).to_bytes(length, "little")
    return made[:lo] + xored + made[hi:], start, length, region


def fold(made: bytes, wasm: bytes, build: str) -> bytes:
    """Pyodide's snapshot ``made`` as the site holds it (see :data:`HEADER`): the memory's
    part that the runtime's data segments set at its start XORed with them (see the
    module's text), or as it is where this runtime cannot be folded against."""
    try:
        payload, start, length, region = _xor_segments(made, wasm)
    except ValueError as e:  # a runtime this code does not know: kept as Pyodide made it
        log.warning("the start-up snapshot is not folded: %s", e)
        payload, start, length, region = made, 0, 0, b""
    named = build.encode("ascii")
    if len(named) != 16:
        raise ValueError(f"a build is named by 16 characters, not {build!r}")
    return HEADER.pack(MAGIC, start, length, checksum(region), checksum(payload),
                       len(payload), named) + payload


def header(site_file: bytes) -> Header:
    """The site file's header, once every byte after it is checked; ValueError (in
    words) for a file that is not one, is cut short or is damaged anywhere."""
    if len(site_file) < HEADER.size or site_file[:4] != MAGIC:
        raise ValueError("not a start-up snapshot of this builder's (no SKS2 header)")
    _, start, length, unfolded, stored, size, build = HEADER.unpack_from(site_file)
    found = Header(start, length, unfolded, stored, size, build.decode("ascii", "replace"))
    payload = memoryview(site_file)[HEADER.size:]
    if len(payload) != size:
        raise ValueError(f"the snapshot is cut short or too long: {len(payload)} bytes "
                         f"after its header, not {size}")
    if checksum(payload) != stored:
        raise ValueError("the snapshot is damaged: its checksum does not match")
    return found


def unfold(site_file: bytes, wasm: bytes) -> bytes:
    """Pyodide's own snapshot from the site's file (the worker does this in JavaScript),
    checked whole and against this runtime."""
    found = header(site_file)
    made = bytes(site_file[HEADER.size:])
    if not found.length:
        return made
    image, start, length, _ = _xor_segments(made, wasm)
    memory_at = struct.unpack_from("<I", image, 4)[0]
    if (start, length) != (found.start, found.length) or \
            checksum(image[memory_at + start:memory_at + start + length]) != found.unfolded:
        raise ValueError("the snapshot does not unfold against this pyodide.asm.wasm")
    return image


def _flags(node: str) -> list[str]:
    """The flag that gives this Node JSPI, where it has the flag."""
    try:
        options = subprocess.run([node, "--v8-options"], capture_output=True, text=True,
                                 timeout=60, check=False).stdout
    except (OSError, subprocess.TimeoutExpired):
        return []
    return [JSPI_FLAG] if JSPI_FLAG in options else []


@dataclass(frozen=True)
class Made:
    path: Path  # Pyodide's own snapshot, in the site (the build folds it: fold)
    stdlib: frozenset[str]  # the standard library's files Python holds, in the zip
    archive: frozenset[str]  # the archive's source files Python holds


@dataclass(frozen=True)
class NoSnapshot:
    why: str  # one line: no Node, or what the Node found said


def _version(node: str) -> str:
    try:
        said = subprocess.run([node, "--version"], capture_output=True, text=True,
                              timeout=60, check=False).stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        said = ""
    return f"Node {said}" if said else f"the Node at {node}"


def _said(stderr: str) -> str:
    """The line of Node's output that says what went wrong (an error's own line, not its
    stack), or its last line."""
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    for line in lines:
        if re.match(r"^[A-Za-z.]*Error\b", line):
            return line
    lines = [line for line in lines if not line.startswith(("at ", "Node.js v"))]
    return lines[-1] if lines else "nothing"


def make_snapshot(site: Path, imports: str = APP_IMPORTS) -> Made | NoSnapshot:
    """Write Pyodide's snapshot of Python with ``imports`` done (and Flet's own) to
    ``site/python.snapshot``, from the site's Pyodide and archive; where Node is missing
    or cannot make one, nothing is written, and why is said in one line (all Node said
    goes to the debug log)."""
    node = shutil.which("node")
    if node is None:
        return NoSnapshot("no Node.js (node) on the PATH")
    out = site / SNAPSHOT
    pyodide = site / "pyodide"
    with tempfile.TemporaryDirectory(prefix="scorekeeper-snapshot-") as tmp, \
            resources.as_file(resources.files(__package__).joinpath("js", MAKE)) as script:
        warm_up, imported = Path(tmp) / "warm_up.py", Path(tmp) / "imported.json"
        warm_up.write_text(WARM_UP.replace("{imports}", imports), encoding="utf-8")
        try:
            done = subprocess.run(
                [node, *_flags(node), str(script), (pyodide / "pyodide.mjs").as_uri(),
                 str(pyodide) + "/", str(site / "app.tar.gz"), str(warm_up), str(imported),
                 str(out)], capture_output=True, text=True, timeout=TIMEOUT_SECONDS,
                check=False)
        except subprocess.TimeoutExpired:
            out.unlink(missing_ok=True)
            return NoSnapshot(f"{_version(node)} took over {TIMEOUT_SECONDS} s")
        except OSError as e:
            out.unlink(missing_ok=True)
            return NoSnapshot(f"node could not be run: {e}")
        if done.returncode != 0 or not out.is_file():
            log.debug("node said: %s", done.stderr)
            out.unlink(missing_ok=True)
            return NoSnapshot(f"{_version(node)} could not make one: {_said(done.stderr)}")
        held = json.loads(imported.read_text(encoding="utf-8"))
    return Made(out, frozenset(held["stdlib"]), frozenset(held["archive"]))
