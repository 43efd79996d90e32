import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from scorekeeper.store import GameStore


@pytest.fixture
def store(tmp_path):
    return GameStore.open(tmp_path / "data")


@pytest.fixture
def phone(store):
    from app_harness import Phone

    return Phone(store)
