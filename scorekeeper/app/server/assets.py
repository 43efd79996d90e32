"""Where the web assets are: the bundled fonts, index.html, icons and manifests.

The repository's top-level ``assets/`` folder is their source (``flet run`` and
``flet build`` read it as ``assets_dir="assets"``). A wheel carries a copy inside the
package, ``scorekeeper/app/bundled_assets/`` (``setup.py`` copies it at build time), found
through ``importlib.resources``, so an installed ``scorekeeper serve`` works from any
folder.
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

PACKAGED = "bundled_assets"
CHECKOUT = Path(__file__).resolve().parents[3] / "assets"


def _usable(folder: Path) -> bool:
    return (folder / "fonts").is_dir() and (folder / "index.html").is_file()


def packaged_assets() -> Path | None:
    """The copy inside the installed package, if there is one."""
    try:
        folder = resources.files("scorekeeper.app").joinpath(PACKAGED)
    except (ModuleNotFoundError, TypeError):
        return None
    if isinstance(folder, Path) and _usable(folder):
        return folder
    return None


def assets_dir() -> Path:
    """``$SCOREKEEPER_ASSETS`` if set, else the installed package's copy, else the
    checkout's ``assets/`` (an editable install, ``flet run``)."""
    env = os.environ.get("SCOREKEEPER_ASSETS")
    if env:
        return Path(env).resolve()
    return packaged_assets() or CHECKOUT
