"""``scorekeeper build-web DIR``: the static, installable, offline web app, with no network.

This replaces ``flet publish`` (1.0.5) rather than working around it: publish fetches its
Python build list and Pyodide from the internet, imports ``pyodide/pyodide.mjs`` by a bare
name under ``--no-cdn`` (Python never starts), packs ``tests/``, has the worker install
``[project].dependencies`` (the server's too) with micropip from the internet at every
start, and ships a service worker that only unregisters itself. Here:

1. ``client``: Flet's web client and Pyodide from the installed ``flet_web`` package,
   trimmed, with the app's ``assets/`` on top and ``index.html`` patched;
2. ``bundle``: ``app.tar.gz``, the app's own code and its packages pre-installed;
3. ``snapshot``: ``python.snapshot``, Python's memory with the app imported, made by
   Pyodide under Node (where there is Node), which the phone restores instead of starting
   Python; it, the standard library's zips and the archives each say the build of Python
   they are of (:func:`python_build`), which the worker checks before it restores;
4. ``sw.js``: our cache-first service worker, versioned by a hash of every file; what
   only a Python that could not be restored reads it caches once the app is up
   (:func:`later`), so that a phone that opened once starts offline without the snapshot.

Never imported by the app or the server.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import shutil
from dataclasses import dataclass
from pathlib import Path

import scorekeeper

from ..app.server.assets import assets_dir
from . import bundle, client, icons, patches, scripts, snapshot, stdlib

SW_NAME = "sw.js"
# What a service worker must not cache: itself (the browser checks it for updates).
NOT_CACHED = (SW_NAME,)
MARK = "Hearts Scorekeeper's service worker"  # the first line of sw.js: an earlier build


@dataclass(frozen=True)
class Site:
    folder: Path
    version: str
    files: int
    size: int  # bytes on disk
    gzipped: int  # bytes a phone downloads with gzip on the wire (what a host sends):
    # what the service worker caches at install and the largest of Flutter's builds
    archive_files: int
    snapshot: bool  # Python's start-up snapshot is in (Node could make one)
    no_snapshot: str = ""  # why it is not: one line
    later: int = 0  # bytes a phone downloads after the app is up (the fallback's files)


def site_files(out: Path) -> list[str]:
    return sorted(p.relative_to(out).as_posix() for p in out.rglob("*")
                  if p.is_file() and p.relative_to(out).as_posix() not in NOT_CACHED)


def version_of(out: Path, files: list[str]) -> str:
    """A hash of the site's files and of its service worker's code. Python's snapshot is
    left out: it is made from the runtime and the archive, which are in (and its bytes
    differ from build to build: Python's memory is laid out anew each time)."""
    h = hashlib.sha256(_worker_template().encode())
    for rel in files:
        if rel != snapshot.SNAPSHOT:
            h.update(rel.encode() + b"\0" + hashlib.sha256((out / rel).read_bytes()).digest())
    return h.hexdigest()[:16]


def _worker_template() -> str:
    return scripts.source(SW_NAME)


def python_build(*parts: bytes) -> str:
    """The build of Python a site's files are of: a hash of what Python is made from (the
    runtime, the standard library, the archive, what the snapshot holds). The snapshot,
    the standard library's zips and the archives say it, and so does Python's worker,
    which restores a snapshot only with files of its own build (see js/start-pyodide.js)."""
    h = hashlib.sha256()
    for part in parts:
        h.update(hashlib.sha256(part).digest())
    return h.hexdigest()[:16]


def later(files: list[str]) -> list[str]:
    """What the service worker caches once the app is up (the page says so, see
    js/start-early.js), not at install: the whole standard library and archive, which
    only a Python that could not be restored from the snapshot reads, so that it starts
    offline too. Where there is no snapshot they are what Python always reads: at install."""
    return [f for f in (client.STDLIB, client.ARCHIVE) if client.STDLIB_RESTORED in files]


def as_used(files: list[str]) -> list[str]:
    """What the service worker keeps only when a page fetches it: Flutter's builds (each
    browser keeps the one it runs) and the client's files the app never asks for."""
    return [f for f in files if f in client.RENDERER_FILES or f.startswith(client.ON_DEMAND)]


def precached(files: list[str]) -> list[str]:
    """What the service worker caches when it is installed: every other file."""
    other = set(as_used(files)) | set(later(files))
    return ["./", *(f for f in files if f not in other)]


def write_service_worker(out: Path, files: list[str], version: str) -> None:
    digests = {f: hashlib.sha256((out / f).read_bytes()).hexdigest() for f in later(files)}
    text = scripts.fill(SW_NAME, VERSION=json.dumps(version),
                        FILES=json.dumps(precached(files), indent=0),
                        AS_USED=json.dumps(as_used(files), indent=0),
                        LATER=json.dumps(digests, indent=0))
    (out / SW_NAME).write_text(text, encoding="utf-8")


def gzipped_size(path: Path) -> int:
    """What the file costs on the wire with gzip (already-compressed files as they are)."""
    data = path.read_bytes()
    if path.name.endswith((".gz", ".png", ".zip")):
        return len(data)
    return min(len(data), len(gzip.compress(data, compresslevel=6)))


class BuildError(ValueError):
    """The folder cannot be built into (said in one line by the command)."""


def _empty(out: Path) -> None:
    """Empty ``out`` for a new build: only a folder that is empty or holds an earlier
    build (its service worker says so), never any other folder given by mistake."""
    if not out.exists():
        out.mkdir(parents=True)
        return
    if not out.is_dir():
        raise BuildError(f"{out} is not a folder")
    if not any(out.iterdir()):
        return
    worker = out / SW_NAME
    if not (worker.is_file() and MARK in worker.read_text(encoding="utf-8", errors="replace")):
        raise BuildError(f"{out} is not empty and holds no earlier build: give an empty or "
                         f"a new folder")
    shutil.rmtree(out)
    out.mkdir()


def build_site(out: str | Path, *, base_href: str = "/", with_snapshot: bool = True,
               entry: bundle.Entry = bundle.Entry(), imports: str = snapshot.APP_IMPORTS
               ) -> Site:
    """Build the site into ``out`` (a new or empty folder, or an earlier build's), with
    Python's start-up snapshot where Node can make one (``with_snapshot``), for the app
    or for another ``entry``, whose snapshot has ``imports`` done."""
    out = Path(out)
    _empty(out)
    web = client.flet_web_dir()
    client.copy_client(web, out)
    client.copy_assets(assets_dir(), out)
    icons.subset_icons(out, icons.app_icons(Path(scorekeeper.__file__).parent))
    client.patch_index(out / "index.html", version=client.pyodide_version(web),
                       base_href=base_href)
    archive, archive_files = bundle.archive_bytes(entry)
    (out / client.ARCHIVE).write_bytes(archive)
    library = out / client.STDLIB
    trimmed, _ = stdlib.trim(library.read_bytes(), bundle.sources(entry))
    library.write_bytes(trimmed)
    made = (snapshot.make_snapshot(out, imports) if with_snapshot
            else snapshot.NoSnapshot("not asked for"))
    build = _python_files(out, archive, trimmed, made)
    patches.apply(out, patches.table(made.path.name if isinstance(made, snapshot.Made)
                                     else None, build), found=client.versions(web))
    files = site_files(out)
    version = version_of(out, files)
    write_service_worker(out, files, version)
    every = [out / rel for rel in files] + [out / SW_NAME]
    return Site(folder=out, version=version, files=len(every),
                size=sum(p.stat().st_size for p in every), gzipped=phone_download(out),
                archive_files=archive_files, snapshot=isinstance(made, snapshot.Made),
                no_snapshot=getattr(made, "why", ""), later=later_download(out))


def _python_files(out: Path, archive: bytes, library: bytes,
                  made: snapshot.Made | snapshot.NoSnapshot) -> str:
    """The archive and the standard library, each saying Python's build, and where there
    is a snapshot, it folded and the smaller ones a restored Python reads; the build."""
    wasm = (out / "pyodide" / "pyodide.asm.wasm").read_bytes()
    if not isinstance(made, snapshot.Made):
        build = python_build(wasm, library, archive)
    else:
        held = json.dumps([sorted(made.stdlib), sorted(made.archive)]).encode()
        build = python_build(wasm, library, archive, held)
        made.path.write_bytes(snapshot.fold(made.path.read_bytes(), wasm, build))
        (out / client.STDLIB_RESTORED).write_bytes(
            stdlib.tagged(stdlib.without(library, made.stdlib), build))
        (out / client.ARCHIVE_RESTORED).write_bytes(
            bundle.tagged(bundle.without(archive, made.archive), build))
    (out / client.STDLIB).write_bytes(stdlib.tagged(library, build))
    (out / client.ARCHIVE).write_bytes(bundle.tagged(archive, build))
    return build


def phone_download(out: Path) -> int:
    """What one phone downloads, with gzip: every file the service worker caches at
    install, and the largest of Flutter's builds (a phone loads its browser's one)."""
    core = [f for f in precached(site_files(out)) if f != "./"] + [SW_NAME]
    largest = max(sum(gzipped_size(out / f) for f in files if (out / f).is_file())
                  for files in client.RENDERERS.values())
    return sum(gzipped_size(out / f) for f in core) + largest


def later_download(out: Path) -> int:
    """What a phone downloads once the app is up (:func:`later`), with gzip."""
    return sum(gzipped_size(out / f) for f in later(site_files(out)))


def describe(site: Site) -> str:
    mb = 1024 * 1024
    then = (f" and {site.later / mb:.1f} MB once the app is up (to start offline without "
            f"the snapshot)" if site.later else "")
    return (f"built {site.folder} (version {site.version}): {site.files} files, "
            f"{site.size / mb:.1f} MB on disk, {site.gzipped / mb:.1f} MB for a phone to "
            f"download (gzip){then}, the Python archive {site.archive_files} files, "
            + ("Python's start-up snapshot" if site.snapshot else
               "no start-up snapshot (Python starts the slow way)"))


def no_snapshot_warning(site: Site) -> str | None:
    """One line saying why the site has no start-up snapshot, where Node could not make
    one (None where it has one, or none was asked for)."""
    if site.snapshot or site.no_snapshot == "not asked for":
        return None
    return (f"no start-up snapshot: {site.no_snapshot}; the site is built without it "
            f"(Python starts the slow way on the phone); Node 20 or later makes one")
