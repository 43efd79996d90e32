"""What makes the web app's download smaller (the goal: 20 MB with gzip): the snapshot folded
against the runtime's data segments, the standard library trimmed to what the app can
reach and split for a restored Python, and the client's files the app never asks for
kept out of the service worker's install. Each with what would break if it went wrong."""

from __future__ import annotations

import gzip
import io
import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from scorekeeper.web import build, bundle, client, icons, snapshot, stdlib


def sw_list(site: Path, name: str) -> list[str]:
    sw = (site / "sw.js").read_text()
    return json.loads(re.search(rf"const {name} = (\[.*?\]);", sw, re.S).group(1))


def zip_names(path: Path) -> set[str]:
    return set(zipfile.ZipFile(path).namelist())


def test_the_snapshot_unfolds_to_pyodides_own_and_is_smaller_folded(site: Path) -> None:
    folded = (site / snapshot.SNAPSHOT).read_bytes()
    wasm = (site / "pyodide" / "pyodide.asm.wasm").read_bytes()
    assert folded[:4] == snapshot.FOLDED
    made = snapshot.unfold(folded, wasm)  # the checksum of the unfolded part holds
    assert len(made) == len(folded) - 16
    # the folded part is mostly zeros: what the data segments put there is still there
    start, length = int.from_bytes(folded[4:8], "little"), int.from_bytes(folded[8:12], "little")
    at = 16 + int.from_bytes(folded[20:24], "little") + start
    part = folded[at:at + length]
    assert part.count(0) > 0.9 * length
    assert len(gzip.compress(folded, 6)) < len(gzip.compress(made, 6)) - 1_000_000


def test_a_snapshot_against_another_runtime_does_not_unfold(site: Path) -> None:
    folded = bytearray((site / snapshot.SNAPSHOT).read_bytes())
    wasm = (site / "pyodide" / "pyodide.asm.wasm").read_bytes()
    at = 16 + int.from_bytes(folded[20:24], "little") + int.from_bytes(folded[4:8], "little")
    folded[at + 100] ^= 0xFF
    with pytest.raises(ValueError, match="does not unfold"):
        snapshot.unfold(bytes(folded), wasm)


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node (Debian's nodejs)")
def test_the_workers_javascript_unfolds_as_python_does(site: Path, tmp_path: Path) -> None:
    """The worker's own code (the text the build puts in python-worker.js) run in Node."""
    worker = (site / "python-worker.js").read_text()
    code = worker[worker.index("// The active data segments"):
                  worker.index("self.onmessage = async")]
    script = tmp_path / "unfold.mjs"
    script.write_text(
        "import { readFileSync, writeFileSync } from 'node:fs';\n"
        "const self = {};\n" + code +
        f"\nconst file = readFileSync({json.dumps(str(site / snapshot.SNAPSHOT))});\n"
        f"const wasm = new Uint8Array(readFileSync("
        f"{json.dumps(str(site / 'pyodide' / 'pyodide.asm.wasm'))}));\n"
        "const buffer = file.buffer.slice(file.byteOffset, file.byteOffset + file.length);\n"
        f"writeFileSync({json.dumps(str(tmp_path / 'made'))}, self.unfold(buffer, wasm));\n",
        encoding="utf-8")
    subprocess.run(["node", str(script)], check=True, timeout=120)
    python = snapshot.unfold((site / snapshot.SNAPSHOT).read_bytes(),
                             (site / "pyodide" / "pyodide.asm.wasm").read_bytes())
    assert (tmp_path / "made").read_bytes() == python


def test_the_library_keeps_what_the_app_can_reach_and_drops_the_rest(site: Path) -> None:
    names = zip_names(site / client.STDLIB)
    for kept in ("asyncio/__init__.py", "json/__init__.py", "zoneinfo/__init__.py",
                 "encodings/utf_8.py", "encodings/cp437.py", "pyodide/http/__init__.py",
                 "_pyodide/_base.py", "gettext.py", "tarfile.py", "_pylong.py", "_strptime.py"):
        assert kept in names, kept
    for dropped in ("unittest/mock.py", "_pyrepl/reader.py", "xmlrpc/server.py", "smtplib.py",
                    "wsgiref/simple_server.py", "encodings/cp1250.py", "encodings/mac_greek.py",
                    "sqlite3/dbapi2.py", "antigravity.py"):
        assert dropped not in names, dropped


def test_a_restored_python_reads_the_library_without_what_it_holds(site: Path) -> None:
    whole, restored = zip_names(site / client.STDLIB), zip_names(site / client.STDLIB_RESTORED)
    assert restored < whole
    assert "asyncio/base_events.py" not in restored  # imported before the first screen
    assert "typing.py" not in restored
    assert "_pylong.py" in restored  # what was not imported before the first screen
    worker = (site / "python-worker.js").read_text()
    assert f'self.pythonStdlib = "{client.STDLIB_RESTORED}";' in worker
    # the whole library is for a Python that starts the ordinary way: kept as used
    assert client.STDLIB in sw_list(site, "AS_USED")
    assert client.STDLIB_RESTORED in sw_list(site, "FILES")


def test_the_app_never_asks_for_the_files_kept_as_used(site: Path) -> None:
    files, as_used = sw_list(site, "FILES"), sw_list(site, "AS_USED")
    for never in ("assets/NOTICES", "assets/fonts/roboto.woff2"):
        assert never in as_used and never not in files
    assert not [f for f in files if f.startswith(client.ON_DEMAND)]
    assert "assets/fonts/MaterialIcons-Regular.otf" in files  # the app's icons
    assert "fonts/DejaVuSans.ttf" in files
    assert build.phone_download(site) <= 20 * 1024 * 1024


def test_imports_are_found_wherever_they_are() -> None:
    source = ("import a.b\nfrom . import c\nfrom ..d import e\n"
              "def f():\n    import g\n    from h import i\n"
              "try:\n    import j\nexcept ImportError:\n    pass\n"
              "importlib.import_module('k.l')\n")
    found = stdlib.imports_of(source, "p.q.r", package=False)
    assert found >= {"a", "a.b", "p.q", "p.q.c", "p.d", "p.d.e", "g", "h", "h.i", "j", "k",
                     "k.l"}


def test_trim_follows_imports_through_the_library() -> None:
    raw = io.BytesIO()
    with zipfile.ZipFile(raw, "w") as z:
        z.writestr("used.py", "import helper\n")
        z.writestr("helper.py", "def x():\n    import deep\n")
        z.writestr("deep.py", "")
        z.writestr("unused.py", "import helper\n")
        z.writestr("encodings/__init__.py", "")
        z.writestr("encodings/utf_8.py", "")
        z.writestr("encodings/cp1250.py", "")
        z.writestr("data.txt", "kept: not a module")
    trimmed, left_out = stdlib.trim(raw.getvalue(), {"app": ("import used\n", False)})
    assert zip_names_of(trimmed) == {"used.py", "helper.py", "deep.py", "encodings/__init__.py",
                                     "encodings/utf_8.py", "data.txt"}
    assert left_out == 2
    assert zip_names_of(stdlib.without(trimmed, frozenset({"used.py"}))) == \
        zip_names_of(trimmed) - {"used.py"}


def zip_names_of(data: bytes) -> set[str]:
    return set(zipfile.ZipFile(io.BytesIO(data)).namelist())


def test_the_archives_sources_are_the_app_and_its_packages() -> None:
    sources = bundle.sources()
    assert "scorekeeper.rules" in sources and sources["scorekeeper.rules"][1]
    assert "flet" in sources and "tinydb.table" in sources and "main" in sources


def archive_members(path: Path) -> set[str]:
    import tarfile

    with tarfile.open(path) as tar:
        return {m.name for m in tar.getmembers() if m.isfile()}


def test_a_restored_python_unpacks_the_archive_without_what_it_holds(site: Path) -> None:
    whole, restored = archive_members(site / client.ARCHIVE), \
        archive_members(site / client.ARCHIVE_RESTORED)
    assert restored < whole
    for held in ("__pypackages__/flet/app.py", "__pypackages__/flet/controls/page.py",
                 "scorekeeper/app/main.py", "scorekeeper/rules/__init__.py"):
        assert held in whole and held not in restored, held
    for read_later in ("__pypackages__/flet/messaging/pyodide_connection.py",  # JavaScript's
                       "scorekeeper/locales/pl/LC_MESSAGES/scorekeeper.mo",
                       "__pypackages__/babel/locale-data/pl.dat", "main.py"):
        assert read_later in restored, read_later
    worker = (site / "python-worker.js").read_text()
    assert "self.restored = true;" in worker and '"app_restored.tar.gz"' in worker
    assert client.ARCHIVE in sw_list(site, "AS_USED")
    assert client.ARCHIVE_RESTORED in sw_list(site, "FILES")
    # Pyodide's fetch is imported only where Python downloads the archive itself
    assert "from pyodide.http import pyfetch\n" not in worker.split("elif")[0]
    assert "            from pyodide.http import pyfetch" in worker


def test_a_site_without_a_snapshot_keeps_the_whole_library_and_archive(tmp_path: Path) -> None:
    site = build.build_site(tmp_path / "plain", with_snapshot=False).folder
    files = sw_list(site, "FILES")
    assert client.STDLIB in files and client.ARCHIVE in files
    assert not (site / client.STDLIB_RESTORED).exists()
    assert not (site / client.ARCHIVE_RESTORED).exists()


def test_the_icon_font_keeps_the_apps_icons_and_flutters_own(site: Path) -> None:
    from fontTools.ttLib import TTFont

    import scorekeeper

    named = icons.app_icons(Path(scorekeeper.__file__).parent)
    assert {"settings_outlined", "history", "undo", "share"} <= named
    font = TTFont(site / icons.ICON_FONT)
    glyphs = set(font.getGlyphOrder())
    for glyph in ("settings_outlined", "history_baseline", "history_rounded", "undo_sharp",
                  "arrow_back_baseline", "arrow_back_ios_new_baseline", "expand_more_baseline",
                  "arrow_drop_down_baseline", "close_baseline"):
        assert glyph in glyphs, glyph
    assert "pets_baseline" not in glyphs and len(glyphs) < 600
    cmap = font.getBestCmap()
    assert len(cmap) >= len(glyphs) - 2  # every icon still has its code point
    assert (site / icons.ICON_FONT).stat().st_size < 100_000


def test_a_catalogue_compiles_to_the_same_bytes_at_any_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """The .po has no creation date and Babel would write the build's time into the .mo:
    the same sources would build another site version (seen in CI, a minute apart)."""
    import datetime as dt
    import types

    from scorekeeper.app.text import i18n

    i18n.catalog.cache_clear()
    first = i18n.compiled("pl")

    class Later(dt.datetime):
        @classmethod
        def now(cls, tz=None):  # type: ignore[no-untyped-def, override]
            return dt.datetime(2031, 5, 4, 3, 2, tzinfo=tz)

    later = types.SimpleNamespace(**{**vars(dt), "datetime": Later})
    monkeypatch.setattr("babel.messages.catalog.datetime", later)
    i18n.catalog.cache_clear()
    try:
        assert i18n.compiled("pl") == first
    finally:
        i18n.catalog.cache_clear()
