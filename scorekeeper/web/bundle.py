"""The Python half of the web app: ``app.tar.gz``, the archive Flet's web worker unpacks.

It holds ``main.py`` (the browser's entry), the app's own code (the browser path only:
no command line, no server, no builder) and, under ``__pypackages__/``, every package the
browser path imports, already installed: Flet's worker puts that folder on ``sys.path``,
so nothing is fetched and micropip never runs at start. The packages are copied from
this machine's installed distributions (their RECORD), pure Python only: msgpack's C
extension is left out, so msgpack runs its own pure-Python fallback (what a wheel built
with ``MSGPACK_PUREPYTHON=1`` holds). Babel keeps only the locale data of en, pl and lt.

The archive is reproducible (sorted, fixed dates), so the service worker's version
changes only when a file does.
"""

from __future__ import annotations

import gzip
import io
import tarfile
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path, PurePosixPath
from typing import Iterator

import scorekeeper

from ..app.text import i18n

# What the browser path imports (see tests/web/test_import_graph.py), by distribution.
# Not here, because only the server or the command line needs them: flet-web (the
# server's client files, FastAPI, uvicorn), ifaddr (--lan),
# portalocker (locks where there is no fcntl; the browser has one page, see
# store/platform.py), httpx and oauthlib (Flet's server-side login).
BROWSER_DISTRIBUTIONS = ("flet", "flet-charts", "msgpack", "repath", "six", "tinydb",
                         "platformdirs", "babel", "tzdata")
BROWSER_DISTRIBUTIONS += ("segno",)  # the QR code of "Show on another phone"

# Babel's locale data: the app's languages (i18n.LANGUAGES) and the root they inherit.
KEEP_LOCALES = ("root", "en", "pl", "lt")

# Parts of the app that only the server or the build machine runs.
SERVER_ONLY = ("cli/", "web/build.py", "web/bundle.py", "web/client.py", "web/snapshot.py",
               "web/stdlib.py", "web/icons.py", "web/scripts.py", "web/patches.py", "web/js/",
               "app/server/serve.py", "app/server/guard.py", "app/server/downloads.py",
               "app/bundled_assets/", "__main__.py")

# Parts of the packages the browser never imports.
SKIP_PACKAGE_PARTS = ("flet/testing/", "flet/fastapi/", "flet/pytest_plugin.py",
                      "flet/cli.py")

# The JavaScript the app itself loads in the browser (the rest of web/js is the build's).
BROWSER_JS = ("web/js/keeper.js",)

SKIP_SUFFIXES = (".pyc", ".pyi", ".so", ".pyd", ".dylib", ".c", ".h", ".cpp", ".pxd",
                 ".pyx")

ENTRY = b'''"""Flet's web worker runs this module (flet.pythonModuleName = "main")."""

import flet as ft

from scorekeeper.web.entry import main

ft.run(main)
'''



@dataclass(frozen=True)
class Entry:
    """What the archive holds beside the browser's packages: ``main``, the text of the
    ``main.py`` Flet's worker runs, the app's own code (``app``), and other modules
    (``modules``: name in the archive, file), for a site built around another app (the
    engines benchmark's bare Flet app)."""

    main: bytes = ENTRY
    app: bool = True
    modules: tuple[tuple[str, Path], ...] = ()


FIXED_MTIME = 1_700_000_000  # any fixed date: the archive's bytes depend on its files only


def _wanted(rel: str) -> bool:
    parts = PurePosixPath(rel).parts
    if "__pycache__" in parts or rel.endswith(SKIP_SUFFIXES):
        return False
    return True


def app_files() -> Iterator[tuple[str, Path]]:
    """(name in the archive, file) for the app's own code, its translations and data."""
    root = Path(scorekeeper.__file__).parent
    for path in sorted(root.rglob("*")):
        if not path.is_file():
            continue
        rel = path.relative_to(root).as_posix()
        if rel in BROWSER_JS:
            yield f"scorekeeper/{rel}", path
            continue
        if not _wanted(rel) or rel.startswith(SERVER_ONLY) or rel.endswith(".mo"):
            continue
        if rel.endswith((".py", ".po", ".typed", ".json")):  # .json: the font's widths
            yield f"scorekeeper/{rel}", path


def _keep_package_file(rel: str) -> bool:
    if rel.startswith("..") or ".dist-info/" in rel or ".egg-info/" in rel:
        return False
    if not _wanted(rel) or rel.startswith(SKIP_PACKAGE_PARTS):
        return False
    if rel.startswith("babel/locale-data/"):
        return PurePosixPath(rel).stem in KEEP_LOCALES
    return True


def package_files(names: tuple[str, ...] = BROWSER_DISTRIBUTIONS
                  ) -> Iterator[tuple[str, Path]]:
    """(name in the archive, file) for every installed file of the browser's packages."""
    for name in names:
        dist = metadata.distribution(name)
        for entry in sorted(dist.files or (), key=str):
            rel = PurePosixPath(entry).as_posix()
            if _keep_package_file(rel):
                path = Path(str(dist.locate_file(entry)))
                if path.is_file():
                    yield f"__pypackages__/{rel}", path


def _files(entry: Entry) -> list[tuple[str, Path]]:
    """(name in the archive, file) for every file but ``main.py``."""
    return sorted([*(app_files() if entry.app else ()), *package_files(), *entry.modules])


def sources(entry: Entry = Entry()) -> dict[str, tuple[str, bool]]:
    """The archive's Python modules: name → (source, is a package)."""
    from .stdlib import module_name

    found = {"main": (entry.main.decode(), False)}
    for name, path in _files(entry):
        named = module_name(name.removeprefix("__pypackages__/"))
        if named is not None:
            found[named[0]] = (path.read_text(encoding="utf-8", errors="replace"), named[1])
    return found


def _add(tar: tarfile.TarFile, name: str, data: bytes) -> None:
    info = tarfile.TarInfo(name)
    info.size, info.mtime, info.mode = len(data), FIXED_MTIME, 0o644
    tar.addfile(info, io.BytesIO(data))


def without(archive: bytes, held: frozenset[str]) -> bytes:
    """The archive without the source files in ``held``: what a Python restored from the
    start-up snapshot unpacks (it holds those modules already; the rest, data files and
    modules imported later, it reads). Reproducible as :func:`archive_bytes`."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=io.BytesIO(archive)) as src, \
            tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for member in src.getmembers():
            if member.isfile() and member.name not in held:
                _add(tar, member.name, src.extractfile(member).read())  # type: ignore[union-attr]
    return _gzip(raw.getvalue())


def tagged(archive: bytes, build: str) -> bytes:
    """The gzipped archive saying ``build`` (see ``build.python_build``) as its gzip
    header's file name, which the worker reads before it unpacks it; the data is the same."""
    if archive[:3] != b"\x1f\x8b\x08" or archive[3] & 0x1E:
        raise ValueError("the archive is not gzip with a bare header")
    return (archive[:3] + bytes([archive[3] | 0x08]) + archive[4:10]
            + build.encode("ascii") + b"\0" + archive[10:])


def build_of(archive: bytes) -> str | None:
    """The build a gzipped archive says (:func:`tagged`), or None."""
    if archive[:2] != b"\x1f\x8b" or not archive[3] & 0x08:
        return None
    at = 12 + int.from_bytes(archive[10:12], "little") if archive[3] & 0x04 else 10
    end = archive.find(b"\0", at)
    return archive[at:end].decode("ascii", "replace") if end >= 0 else None


def _gzip(data: bytes) -> bytes:
    out = io.BytesIO()
    with gzip.GzipFile(fileobj=out, mode="wb", mtime=0, compresslevel=9) as gz:
        gz.write(data)
    return out.getvalue()


def archive_bytes(entry: Entry = Entry()) -> tuple[bytes, int]:
    """The archive (gzip, reproducible) and the number of files in it."""
    raw = io.BytesIO()
    count = 0
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        _add(tar, "main.py", entry.main)
        for name, path in _files(entry):
            if name.endswith(".po"):  # compiled here: the phone reads the .mo at once
                name, data = name[:-3] + ".mo", i18n.compiled(path.parent.parent.name)
            else:
                data = path.read_bytes()
            _add(tar, name, data)
            count += 1
    return _gzip(raw.getvalue()), count + 1
