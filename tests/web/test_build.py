"""``scorekeeper build-web``: what the site holds and what it leaves out, with no network
(the build reads only installed packages; this machine has no internet)."""

from __future__ import annotations

import hashlib
import io
import json
import re
import tarfile
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.web import build, client, patches, snapshot


def archive_names(site: Path) -> list[str]:
    with tarfile.open(fileobj=io.BytesIO((site / "app.tar.gz").read_bytes())) as tar:
        return tar.getnames()


def test_the_site_has_flutters_two_builds_and_no_unused_wasm(site: Path) -> None:
    wasm = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.wasm"))
    assert wasm == ["canvaskit/canvaskit.wasm", "canvaskit/skwasm.wasm",
                    "canvaskit/skwasm_heavy.wasm", "main.dart.wasm", "pyodide/pyodide.asm.wasm"]
    assert not list(site.rglob("*.symbols")) and not list(site.rglob("*.map"))
    assert (site / "main.dart.mjs").is_file() and (site / "main.dart.js").is_file()
    bootstrap = (site / "flutter_bootstrap.js").read_text()
    assert 'canvasKitVariant: "full"' in bootstrap  # the JavaScript build's one CanvasKit
    assert "serviceWorkerVersion: " not in bootstrap  # no Flutter worker beside ours
    assert 'flet.webRenderer="auto"' in (site / "index.html").read_text()  # Flutter picks


def test_a_phone_downloads_one_of_flutters_builds(site: Path) -> None:
    """The service worker caches at install everything but Flutter's builds; of those a
    phone keeps the one its browser loaded (the page tells the worker after its first
    frame), so what it downloads is the rest and one build."""
    sw = (site / "sw.js").read_text()
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", sw, re.S).group(1))
    as_used = json.loads(re.search(r"const AS_USED = (\[.*?\]);", sw, re.S).group(1))
    assert not set(files) & set(as_used)
    assert set(client.RENDERER_FILES) <= set(as_used)
    assert "assets/NOTICES" in as_used and "assets/NOTICES" not in files
    assert "keep: used" in (site / "index.html").read_text()
    everything = sum(build.gzipped_size(site / f) for f in build.site_files(site))
    assert build.phone_download(site) < everything - 4 * 1024 * 1024


def test_the_page_runs_python_from_this_site(site: Path) -> None:
    index = (site / "index.html").read_text()
    assert "flet.pyodide = true;" in index
    assert 'flet.pyodideUrl = new URL("pyodide/pyodide.mjs", document.baseURI).href' in index
    assert 'flet.routeUrlStrategy="hash"' in index
    assert 'register("sw.js")' in index and "navigator.storage.persist()" in index
    assert not re.search(r"""(src|href)=["']https?:""", index)  # nothing from elsewhere
    manifest = json.loads((site / "manifest.json").read_text())
    for icon in manifest["icons"]:
        assert (site / icon["src"]).is_file(), icon
    assert manifest["display"] == "standalone"


def test_the_archive_has_the_app_and_its_packages_and_nothing_of_the_server(site: Path) -> None:
    names = archive_names(site)
    assert "main.py" in names
    assert "scorekeeper/web/entry.py" in names and "scorekeeper/store/platform.py" in names
    assert "scorekeeper/locales/pl/LC_MESSAGES/scorekeeper.mo" in names
    for server in ("scorekeeper/app/server/serve.py", "scorekeeper/app/server/guard.py",
                   "scorekeeper/web/build.py", "scorekeeper/cli/__init__.py"):
        assert server not in names
    tops = {n.split("/")[1] for n in names if n.startswith("__pypackages__/")}
    # segno: the QR code of "Show on another phone", drawn in the browser too
    for package in ("flet", "flet_charts", "msgpack", "tinydb", "babel", "tzdata", "segno"):
        assert package in tops
    for server in ("uvicorn", "fastapi", "starlette", "flet_web", "ifaddr", "httpx"):
        assert server not in tops
    assert not [n for n in names if n.endswith((".so", ".pyc"))]
    locales = sorted(Path(n).stem for n in names if "/babel/locale-data/" in n)
    assert locales == ["en", "lt", "pl", "root"]
    assert not [n for n in names if n.endswith(("pyproject.toml", "requirements.txt"))], \
        "the worker would run micropip (from the internet) for either"


def test_the_service_worker_caches_every_file_under_its_version(site: Path) -> None:
    sw = (site / "sw.js").read_text()
    version = re.search(r'const VERSION = "([0-9a-f]{16})";', sw)
    assert version is not None
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", sw, re.S).group(1))
    as_used = json.loads(re.search(r"const AS_USED = (\[.*?\]);", sw, re.S).group(1))
    later = json.loads(re.search(r"const LATER = (\{.*?\});", sw, re.S).group(1))
    on_disk = build.site_files(site)
    assert sorted(files + as_used + list(later)) == sorted(["./", *on_disk])
    assert version.group(1) == build.version_of(site, on_disk)
    for name, digest in later.items():  # kept only with this build's bytes
        assert hashlib.sha256((site / name).read_bytes()).hexdigest() == digest


def test_the_same_sources_build_the_same_version(site: Path, tmp_path: Path) -> None:
    again = build.build_site(tmp_path / "again")
    assert again.version == build.version_of(site, build.site_files(site))
    assert (tmp_path / "again" / "app.tar.gz").read_bytes() == (site / "app.tar.gz").read_bytes()


def test_build_web_refuses_a_folder_that_is_not_an_earlier_build(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "notes.txt").write_text("mine")
    assert main(["build-web", str(tmp_path)]) == 2
    assert "is not empty" in capsys.readouterr().err
    assert (tmp_path / "notes.txt").read_text() == "mine"


@pytest.mark.parametrize("base", ["/", "/hearts/"])
def test_build_web_prints_what_a_phone_downloads(tmp_path: Path, capsys, base: str) -> None:  # type: ignore[no-untyped-def]
    assert main(["build-web", str(tmp_path / "out"), "--base", base]) == 0
    out = capsys.readouterr().out
    assert "MB for a phone to download" in out
    assert f'<base href="{base}">' in (tmp_path / "out" / "index.html").read_text()


def test_python_starts_with_the_page_not_after_flutter(site: Path) -> None:
    worker = (site / "python-worker.js").read_text()
    page = (site / "python.js").read_text()
    assert "event.data.preload" in worker and "self.earlyPyodide ||" in worker
    assert "early.postMessage({ preload: flet.pyodideUrl })" in page
    assert "app.worker = globalThis.takeEarlyWorker();" in page


def test_python_starts_from_its_snapshot(site: Path) -> None:
    """Node (with JSPI) made Python's start-up snapshot; the worker restores it, with the
    two fixes to Pyodide's restore in its runtime."""
    assert (site / snapshot.SNAPSHOT).stat().st_size > 10_000_000
    worker = (site / "python-worker.js").read_text()
    assert 'self.pythonSnapshot = "python.snapshot";' in worker
    assert "time.tzset()" in worker  # the phone's own time zone after the restore
    runtime = (site / "pyodide" / "pyodide.asm.mjs").read_text()
    assert patches.RESTORE_FIXED in runtime and patches.TRAMPOLINE_KEPT in runtime


def test_without_a_snapshot_python_starts_the_usual_way(tmp_path: Path) -> None:
    site = build.build_site(tmp_path / "plain", with_snapshot=False)
    assert not site.snapshot and not (site.folder / snapshot.SNAPSHOT).exists()
    assert "self.pythonSnapshot = null;" in (site.folder / "python-worker.js").read_text()
    assert "no start-up snapshot" in build.describe(site)


# What Debian 12's own Node (18) says when it runs Pyodide (seen 2026-12-06): it has the
# stack switching flag, but not WebAssembly.Function.
NODE_18 = """#!/bin/sh
case "$1" in
  --version) echo v18.19.0 ;;
  --v8-options) echo "  --experimental-wasm-stack-switching (enable stack switching)" ;;
  *) printf '%s\\n' "file:///site/pyodide/pyodide.asm.mjs:9" "" \\
       "TypeError: WebAssembly.Function is not a constructor" \\
       "    at Object.createPyodideModule (file:///site/pyodide/pyodide.asm.mjs:9:1)" "" \\
       "Node.js v18.19.0" >&2
     exit 1 ;;
esac
"""


@pytest.mark.parametrize("node", ["Debian 12's Node 18", "no Node"])
def test_build_web_says_in_one_line_why_there_is_no_snapshot_and_builds(
        node: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A Node that cannot make the snapshot (a fake ``node`` on the PATH that fails as
    Debian 12's does), or none: one line says why, and the site is built without it."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    if node != "no Node":
        (bin_dir / "node").write_text(NODE_18)
        (bin_dir / "node").chmod(0o755)
    monkeypatch.setenv("PATH", str(bin_dir))
    assert main(["build-web", str(tmp_path / "out")]) == 0
    out, err = capsys.readouterr()
    why = ("Node v18.19.0 could not make one: TypeError: WebAssembly.Function is not a "
           "constructor" if node != "no Node" else "no Node.js (node) on the PATH")
    assert err == (f"scorekeeper: no start-up snapshot: {why}; the site is built without it "
                   f"(Python starts the slow way on the phone); Node 20 or later makes one\n")
    assert "no start-up snapshot" in out and out.count("\n") == 1
    site = tmp_path / "out"
    assert not (site / snapshot.SNAPSHOT).exists()
    assert "self.pythonSnapshot = null;" in (site / "python-worker.js").read_text()
