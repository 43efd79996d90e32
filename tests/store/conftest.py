"""Fixtures for the store tests (tests/store/); helpers are in store_helpers.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.store import GameStore


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def store(folder: Path) -> GameStore:
    return GameStore(folder)
