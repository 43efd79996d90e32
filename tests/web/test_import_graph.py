"""One app, two homes: no module the browser runs imports the server (uvicorn, FastAPI,
Starlette, Flet's web server, app/server/guard.py, app/server/serve.py), the builder, or what only the
server needs (ifaddr for --lan). Every module the archive carries is imported in a fresh
interpreter where importing any of those fails. segno and app/table/qr.py go with the
app: the web app draws the QR code of "Show on another phone"."""

from __future__ import annotations

import subprocess
import sys

from scorekeeper.web import bundle

SERVER = ("uvicorn", "fastapi", "starlette", "flet_web", "ifaddr", "httpx",
          "portalocker", "scorekeeper.app.server.guard", "scorekeeper.app.server.serve",
          "scorekeeper.app.server.downloads", "scorekeeper.cli",
          "scorekeeper.web.build", "scorekeeper.web.bundle", "scorekeeper.web.client",
          "scorekeeper.web.patches", "scorekeeper.web.scripts")


def browser_modules() -> list[str]:
    names = []
    for name, _ in bundle.app_files():
        if name.endswith(".py"):
            module = name[:-3].replace("/", ".")
            names.append(module.removesuffix(".__init__"))
    return names


def test_the_browser_path_never_imports_the_server() -> None:
    modules = browser_modules()
    assert "scorekeeper.web.entry" in modules and "scorekeeper.app.screens.sheet" in modules
    code = (
        "import importlib, sys\n"
        f"for name in {SERVER!r}:\n"
        "    sys.modules[name] = None  # importing it raises ImportError\n"
        f"for module in {modules!r}:\n"
        "    importlib.import_module(module)\n"
        f"loaded = sorted(m for m in sys.modules if m.split('.')[0] in {SERVER!r})\n"
        "assert not [m for m in loaded if sys.modules[m] is not None], loaded\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_the_archive_leaves_out_every_server_module() -> None:
    carried = set(browser_modules())
    assert not carried & {m for m in SERVER if m.startswith("scorekeeper.")}
    assert "scorekeeper.app.table.qr" in carried  # the code of "Show on another phone"
