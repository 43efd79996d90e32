"""A wheel runs anywhere: built from a copy of the sources, installed into a fresh venv,
and ``scorekeeper serve`` started from a folder outside the checkout serves the page (no
CDN), the bundled font and the font manifest.

The fresh venv gets the wheel itself; its dependencies (Flet, TinyDB, ...) are reused
from the test venv's site-packages through a ``.pth`` line (``--no-deps``), so the test
stays fast; only the build itself fetches setuptools and wheel (build isolation, as
`pip wheel .` does). The checkout is on no path the server sees."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import sysconfig
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ["pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "scorekeeper", "assets"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    src = tmp_path_factory.mktemp("src")
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=shutil.ignore_patterns(
                "__pycache__", "*.pyc", "bundled_assets", "*.egg-info"))
        else:
            shutil.copy2(path, src / name)
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps",
                    "-q", "-w", str(out), str(src)], check=True, cwd=out, timeout=600)
    return next(out.glob("scorekeeper-*.whl"))


def test_the_wheel_carries_the_assets(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    packaged = "scorekeeper/app/bundled_assets/"
    for asset in ROOT.joinpath("assets").rglob("*"):
        if asset.is_file():
            assert packaged + asset.relative_to(ROOT / "assets").as_posix() in names, asset
    assert "scorekeeper/locales/pl/LC_MESSAGES/scorekeeper.po" in names
    for script in ROOT.joinpath("scorekeeper", "web", "js").iterdir():  # build-web's
        assert f"scorekeeper/web/js/{script.name}" in names, script  # JavaScript too
    assert "scorekeeper/app/views/dejavu-sans-bold-widths.json" in names  # names measured


@pytest.fixture(scope="module")
def venv(wheel, tmp_path_factory) -> Path:
    env_dir = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env_dir)], check=True,
                   timeout=300)
    python = env_dir / "bin" / "python"
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; "
                                "print(sysconfig.get_paths()['purelib'])"],
                               check=True, capture_output=True, text=True).stdout.strip())
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q",
                    "--no-deps", str(wheel)], check=True, timeout=300)
    # the dependencies, from this venv (only its plain path: no .pth in it is run, so the
    # editable install of the checkout stays out)
    (site / "zz_test_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return env_dir


def test_installed_scorekeeper_serves_page_and_font_from_outside_the_checkout(venv, tmp_path):
    cwd = tmp_path / "elsewhere"
    cwd.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "SCOREKEEPER_"))}
    env["PYTHONNOUSERSITE"] = "1"
    where = subprocess.run([str(venv / "bin" / "python"), "-c",
                            "import scorekeeper.app.server.assets as a; print(a.__file__); "
                            "print(a.assets_dir())"],
                           cwd=cwd, env=env, check=True, capture_output=True, text=True)
    module, assets = where.stdout.split()
    assert Path(module).is_relative_to(venv) and Path(assets).is_relative_to(venv), where.stdout
    assert not Path(assets).is_relative_to(ROOT)

    port = free_port()
    log = open(tmp_path / "server.log", "wb")
    proc = subprocess.Popen([str(venv / "bin" / "scorekeeper"), "serve", "--port", str(port),
                             "--db", str(tmp_path / "data")], cwd=cwd, env=env, stdout=log,
                            stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        page = _get_when_up(base + "/", proc, tmp_path / "server.log")
        assert b"flutter_bootstrap.js" in page
        text = page.decode()
        assert "flet.noCdn=true" in text and 'flet.canvasKitBaseUrl="/canvaskit/"' in text
        assert "https://" not in text.replace("https://cdn.jsdelivr.net/npm/@rive-app/", "")
        font = _get(base + "/fonts/DejaVuSans.ttf")
        assert font[:4] == b"\x00\x01\x00\x00" and len(font) > 100_000
        fonts = json.loads(_get(base + "/assets/FontManifest.json"))
        assert any(f["family"] == "DejaVu Sans" for f in fonts)
        assert _get(base + "/canvaskit/canvaskit.wasm")[:4] == b"\x00asm"
        assert json.loads(_get(base + "/manifest.json"))["name"] == "Hearts Scorekeeper"
        assert _get(base + "/icons/icon-192.png")[:4] == b"\x89PNG"
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            status = proc.wait(timeout=30)
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
            log.close()
    assert status == 0, (tmp_path / "server.log").read_text()


def test_installed_scorekeeper_fills_its_scripts_from_outside_the_checkout(venv, tmp_path):
    """build-web's JavaScript read from the installed package: the service worker, the
    page's and the worker's scripts, and the one Node runs to make the snapshot."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "SCOREKEEPER_"))}
    env["PYTHONNOUSERSITE"] = "1"
    code = ("from importlib import resources\n"
            "from scorekeeper.web import scripts, snapshot\n"
            "print(scripts.__file__)\n"
            "print(len(scripts.fill('sw.js', VERSION='1', FILES='[]', AS_USED='[]', "
            "LATER='{}')))\n"
            "print(len(scripts.boot_script()), len(scripts.start_early()))\n"
            "print(len(scripts.start_pyodide(snapshot=None, stdlib='s', archive='a', "
            "build=None)))\n"
            "with resources.as_file(resources.files('scorekeeper.web').joinpath("
            "'js', snapshot.MAKE)) as made:\n"
            "    print(made.stat().st_size)\n")
    done = subprocess.run([str(venv / "bin" / "python"), "-c", code], cwd=tmp_path, env=env,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    module, *sizes = done.stdout.split()
    assert Path(module).is_relative_to(venv), module
    assert all(int(size) > 500 for size in sizes), done.stdout


def _get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=30) as r:
        assert r.status == 200, url
        return r.read()


def _get_when_up(url: str, proc: subprocess.Popen, log: Path, timeout: float = 120) -> bytes:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"scorekeeper exited with {proc.returncode}:\n{log.read_text()}")
        try:
            return _get(url)
        except OSError:
            time.sleep(0.2)
    pytest.fail(f"scorekeeper did not answer within {timeout}s:\n{log.read_text()}")
