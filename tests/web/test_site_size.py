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


def sw_later(site: Path) -> dict[str, str]:
    """The service worker's LATER: name -> SHA-256, cached once the app is up."""
    sw = (site / "sw.js").read_text()
    return json.loads(re.search(r"const LATER = (\{.*?\});", sw, re.S).group(1))


def zip_names(path: Path) -> set[str]:
    return set(zipfile.ZipFile(path).namelist())


def folded_part(site_file: bytes) -> int:
    """Where the folded part of the memory is in the site's python.snapshot."""
    head = snapshot.HEADER.size
    memory_at = int.from_bytes(site_file[head + 4:head + 8], "little")
    return head + memory_at + int.from_bytes(site_file[4:8], "little")


def test_the_snapshot_unfolds_to_pyodides_own_and_is_smaller_folded(site: Path) -> None:
    folded = (site / snapshot.SNAPSHOT).read_bytes()
    wasm = (site / "pyodide" / "pyodide.asm.wasm").read_bytes()
    assert folded[:4] == snapshot.MAGIC
    made = snapshot.unfold(folded, wasm)  # the checksums of the whole and the part hold
    assert len(made) == len(folded) - snapshot.HEADER.size
    # the folded part is mostly zeros: what the data segments put there is still there
    length = int.from_bytes(folded[8:12], "little")
    part = folded[folded_part(folded):folded_part(folded) + length]
    assert part.count(0) > 0.9 * length
    assert len(gzip.compress(folded, 6)) < len(gzip.compress(made, 6)) - 1_000_000


def test_the_checksum_is_the_workers() -> None:
    """The same bytes give the same checksum in tests/web/js/worker.test.mjs."""
    assert snapshot.checksum(b"abcde") == 634623259
    assert snapshot.checksum(b"") == 2810851313


def test_a_snapshot_damaged_anywhere_or_cut_short_is_refused(site: Path) -> None:
    """Not only in its folded part: a byte anywhere after the header (here near its end,
    past every part Pyodide reads first), or a file cut short."""
    good = (site / snapshot.SNAPSHOT).read_bytes()
    for at in (snapshot.HEADER.size, folded_part(good) + 100, len(good) - 5000, len(good) - 1):
        damaged = bytearray(good)
        damaged[at] ^= 0x01
        with pytest.raises(ValueError, match="damaged"):
            snapshot.header(bytes(damaged))
    with pytest.raises(ValueError, match="cut short"):
        snapshot.header(good[:-4096])
    with pytest.raises(ValueError, match="no SKS2 header"):
        snapshot.header(good[snapshot.HEADER.size:])  # Pyodide's own, or an older build's


def test_a_snapshot_against_another_runtime_does_not_unfold(site: Path) -> None:
    """Whole as stored (its own checksum made anew), but folded against other data
    segments: the part's checksum, unfolded, fails."""
    folded = bytearray((site / snapshot.SNAPSHOT).read_bytes())
    wasm = (site / "pyodide" / "pyodide.asm.wasm").read_bytes()
    folded[folded_part(folded) + 100] ^= 0xFF
    payload = bytes(folded[snapshot.HEADER.size:])
    folded[16:20] = snapshot.checksum(payload).to_bytes(4, "little")
    with pytest.raises(ValueError, match="does not unfold"):
        snapshot.unfold(bytes(folded), wasm)


def test_every_file_of_pythons_start_says_the_same_build(site: Path) -> None:
    """The snapshot, the standard library's zips and the archives say Python's build, and
    the worker restores only with that one (see js/start-pyodide.js)."""
    worker = (site / "python-worker.js").read_text()
    build = re.search(r'self.pythonBuild = "([0-9a-f]{16})";', worker).group(1)
    assert snapshot.header((site / snapshot.SNAPSHOT).read_bytes()).build == build
    for library in (client.STDLIB, client.STDLIB_RESTORED):
        assert stdlib.build_of((site / library).read_bytes()) == build, library
    for archive in (client.ARCHIVE, client.ARCHIVE_RESTORED):
        assert bundle.build_of((site / archive).read_bytes()) == build, archive


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node (Debian's nodejs)")
def test_the_workers_javascript_checks_and_unfolds_as_python_does(site: Path,
                                                                   tmp_path: Path) -> None:
    """The worker's own code (the text the build puts in python-worker.js) run in Node:
    the snapshot's header and every byte checked, unfolded as Python unfolds it; damaged
    near its end, refused; the builds the zip and the archive say read. The time of the
    whole check is printed (it is on a phone's open: "cheaply")."""
    worker = (site / "python-worker.js").read_text()
    code = worker[worker.index("// Each of the files' builds"):
                  worker.index("self.onmessage = async")]
    script = tmp_path / "unfold.mjs"
    script.write_text(
        "import { readFileSync, writeFileSync } from 'node:fs';\n"
        "const self = {};\n" + code +
        f"\nconst file = readFileSync({json.dumps(str(site / snapshot.SNAPSHOT))});\n"
        f"const wasm = new Uint8Array(readFileSync("
        f"{json.dumps(str(site / 'pyodide' / 'pyodide.asm.wasm'))}));\n"
        "const read = (p) => { const b = readFileSync(p); "
        "return b.buffer.slice(b.byteOffset, b.byteOffset + b.length); };\n"
        "const buffer = file.buffer.slice(file.byteOffset, file.byteOffset + file.length);\n"
        "const head = self.snapshotHeader(buffer);\n"
        "const damaged = buffer.slice(0);\n"
        "new Uint8Array(damaged)[damaged.byteLength - 5000] ^= 1;\n"
        "const t0 = performance.now();\n"
        "self.checkSnapshot(buffer, head);\n"
        "const ms = performance.now() - t0;\n"
        "let refused = '';\n"
        "try { self.checkSnapshot(damaged, head); } catch (e) { refused = e.message; }\n"
        f"writeFileSync({json.dumps(str(tmp_path / 'made'))}, self.unfold(buffer, wasm, head));\n"
        "console.log(JSON.stringify({ms, refused, build: head.build, "
        f"zip: self.zipComment(read({json.dumps(str(site / client.STDLIB_RESTORED))})), "
        f"gz: self.gzipName(read({json.dumps(str(site / client.ARCHIVE_RESTORED))}))}}));\n",
        encoding="utf-8")
    said = json.loads(subprocess.run(["node", str(script)], check=True, timeout=120,
                                     capture_output=True, text=True).stdout)
    print(f"the worker's whole check of {len(file_of(site)) / 1e6:.1f} MB in Node: "
          f"{said['ms']:.0f} ms")
    assert said["refused"] == "the start-up snapshot is damaged: its checksum does not match"
    build = snapshot.header(file_of(site)).build
    assert said["build"] == said["zip"] == said["gz"] == build
    python = snapshot.unfold(file_of(site), (site / "pyodide" / "pyodide.asm.wasm").read_bytes())
    assert (tmp_path / "made").read_bytes() == python


def file_of(site: Path) -> bytes:
    return (site / snapshot.SNAPSHOT).read_bytes()


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
    # the whole library is for a Python that starts the ordinary way: kept once the app
    # is up (so that it starts offline too), not at install
    assert client.STDLIB in sw_later(site) and client.STDLIB not in sw_list(site, "FILES")
    assert client.STDLIB_RESTORED in sw_list(site, "FILES")


def test_the_app_never_asks_for_the_files_kept_as_used(site: Path) -> None:
    files, as_used = sw_list(site, "FILES"), sw_list(site, "AS_USED")
    for never in ("assets/NOTICES", "assets/fonts/roboto.woff2"):
        assert never in as_used and never not in files
    assert not [f for f in files if f.startswith(client.ON_DEMAND)]
    assert "assets/fonts/MaterialIcons-Regular.otf" in files  # the app's icons
    assert "fonts/DejaVuSans.ttf" in files
    # 20 MiB until the game interface, the first start on a full phone and the game's
    # link (2026-12-07: 21.1 MB, the snapshot 0.2 MB and segno 0.07 MB more): 21 MiB
    assert build.phone_download(site) <= 21 * 1024 * 1024


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
    assert client.ARCHIVE in sw_later(site) and client.ARCHIVE not in sw_list(site, "FILES")
    assert client.ARCHIVE_RESTORED in sw_list(site, "FILES")
    # Pyodide's fetch is imported only where Python downloads the archive itself
    assert "from pyodide.http import pyfetch\n" not in worker.split("elif")[0]
    assert "            from pyodide.http import pyfetch" in worker


def test_a_site_without_a_snapshot_keeps_the_whole_library_and_archive(tmp_path: Path) -> None:
    site = build.build_site(tmp_path / "plain", with_snapshot=False).folder
    files = sw_list(site, "FILES")
    assert client.STDLIB in files and client.ARCHIVE in files and sw_later(site) == {}
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
