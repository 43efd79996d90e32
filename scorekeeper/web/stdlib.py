"""Pyodide's standard library, trimmed to what the web app can import.

``python_stdlib.zip`` holds the whole of Python's standard library as source (2.5 MB
with compression). A phone needs the modules the app's code can reach: every module of
the archive (the app's and its packages', see :mod:`.bundle`), Pyodide's own, and Python's
start, followed through every ``import`` they hold (also those inside functions and
``try``, so a module imported only on a rare path is kept), and so on through the library.
What is left out nothing can import by name (``unittest``, ``pdb``, ``multiprocessing``,
``xmlrpc``, ...), except the text codecs, which Python looks up by a name given at run
time: those kept are the ones a phone's files and text can need (:data:`CODECS`).

A Python restored from the start-up snapshot already holds the modules the app imported
before its first screen (some 180 of them): it reads :data:`client.STDLIB_RESTORED`, the
same zip without them (:func:`without`). The whole zip stays in the site for a Python
that has to start the ordinary way (no snapshot, or one that did not restore), and the
service worker keeps it only if it is ever fetched.

Build time only (never imported by the app or the server).
"""

from __future__ import annotations

import ast
import io
import zipfile
from pathlib import PurePosixPath
from typing import Iterable, Mapping

# Python's own start, and Pyodide's, before any app code runs.
START = ("site", "sitecustomize", "encodings", "codecs", "io", "abc", "os", "stat",
         "posixpath", "genericpath", "_collections_abc", "_sitebuiltins", "_pyodide",
         "pyodide", "_sysconfigdata__emscripten_wasm32-emscripten", "zipimport",
         "importlib", "importlib.machinery", "importlib.util", "warnings", "linecache",
         "traceback", "asyncio", "json",
         # imported by CPython's C code, by name: huge ints, strptime, pickling
         "_pylong", "_strptime", "_compat_pickle", "copyreg", "_pydatetime", "_pydecimal",
         "_colorize", "_weakrefset", "_threading_local")

# Pyodide's own packages, every module of them: its JavaScript imports some by name.
PYODIDE = ("pyodide", "_pyodide")

# The codecs a phone's files and text can need, by the names Python's codec search
# imports them under (encodings.<name>): the app writes and reads UTF-8 only; the rest
# are what the library itself asks for (zip names, IDNA host names, escapes).
CODECS = ("aliases", "utf_8", "utf_8_sig", "utf_16", "utf_16_le", "utf_16_be", "utf_32",
          "utf_32_le", "utf_32_be", "ascii", "latin_1", "cp437", "cp1252", "idna",
          "punycode", "charmap", "raw_unicode_escape", "unicode_escape", "undefined",
          "base64_codec", "hex_codec", "zlib_codec")


def module_name(path: str) -> tuple[str, bool] | None:
    """(module name, is a package) of a ``.py`` file's path in a zip or archive."""
    p = PurePosixPath(path)
    if p.suffix != ".py":
        return None
    parts = list(p.with_suffix("").parts)
    package = parts[-1] == "__init__"
    if package:
        parts = parts[:-1]
    return (".".join(parts), package) if parts else None


def imports_of(source: str, name: str, package: bool) -> set[str]:
    """Every module ``source`` (module ``name``) imports, wherever in it, with each
    module's parents (importing ``a.b`` runs ``a``)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    here = name.split(".") if package else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = here[:len(here) - node.level + 1] if node.level else []
            module = ".".join([*base, *(node.module.split(".") if node.module else [])])
            if module:
                found.add(module)
                found.update(f"{module}.{alias.name}" for alias in node.names)
        elif (isinstance(node, ast.Call) and getattr(node.func, "attr", None)
              in ("import_module", "__import__") and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            found.add(node.args[0].value)
    return {".".join(m.split(".")[:i]) for m in found for i in range(1, m.count(".") + 2)}


def reachable(library: Mapping[str, tuple[str, bool]], roots: Iterable[str]) -> set[str]:
    """The names in ``library`` (name → (source, is a package)) that ``roots`` reach."""
    seen: set[str] = set()
    todo = [r for r in roots if r in library]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        source, package = library[name]
        todo.extend(m for m in imports_of(source, name, package)
                    if m in library and m not in seen)
    return seen


def trim(stdlib_zip: bytes, app_sources: Mapping[str, tuple[str, bool]]) -> tuple[bytes, int]:
    """The standard library's zip with only what the app can reach, and how many of its
    modules were left out. ``app_sources``: the archive's modules, name → (source, is a
    package)."""
    src = zipfile.ZipFile(io.BytesIO(stdlib_zip))
    library = {}
    for info in src.infolist():
        named = module_name(info.filename)
        if named is not None:
            library[named[0]] = (src.read(info).decode("utf-8", "replace"), named[1])
    roots = {*START, *(f"encodings.{c}" for c in CODECS),
             *(n for n in library if n.split(".")[0] in PYODIDE)}
    for name, (source, package) in app_sources.items():
        roots.update(imports_of(source, name, package))
    keep = reachable(library, roots)
    left_out = frozenset(info.filename for info in src.infolist()
                         if (named := module_name(info.filename)) is not None
                         and named[0] not in keep)
    return without(stdlib_zip, left_out), len(left_out)


def without(stdlib_zip: bytes, held: frozenset[str]) -> bytes:
    """The zip without the files in ``held`` (what a restored Python already holds, or
    what nothing can import)."""
    src = zipfile.ZipFile(io.BytesIO(stdlib_zip))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
        for info in src.infolist():
            if info.filename not in held:
                dst.writestr(info, src.read(info), compresslevel=9)
    return out.getvalue()


def tagged(library: bytes, build: str) -> bytes:
    """The zip saying ``build`` (see ``build.python_build``) in its comment, which the
    worker reads before Python reads the zip; its files are the same."""
    out = io.BytesIO(library)
    with zipfile.ZipFile(out, "a") as z:
        z.comment = build.encode("ascii")
    return out.getvalue()


def build_of(library: bytes) -> str | None:
    """The build a zip says (:func:`tagged`), or None."""
    comment = zipfile.ZipFile(io.BytesIO(library)).comment
    return comment.decode("ascii", "replace") if comment else None
