"""Where the data folder is: ``--db PATH``, else ``FLET_APP_STORAGE_DATA``, else the user's
data folder (platformdirs)."""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "scorekeeper"
ENV_VAR = "FLET_APP_STORAGE_DATA"


def data_dir(db: str | os.PathLike | None = None) -> Path:
    if db is not None and str(db) != "":
        return Path(db).expanduser()
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False))
