"""The web app's fast tests: the site is built once per test session (a few seconds)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from scorekeeper.web.build import build_site

    return build_site(tmp_path_factory.mktemp("site") / "site").folder
