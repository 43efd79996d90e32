"""Fixtures shared by the store's and the app's fast tests."""

from __future__ import annotations

from typing import Callable, Iterator

import pytest

from scorekeeper.store import platform


@pytest.fixture
def syncs() -> Iterator[list[Callable[[], None]]]:
    """The browser's storage without JavaScript Promise integration: every durable write
    starts a sync that stays pending (the write is unkept) until the test ends it."""
    pending: list[Callable[[], None]] = []
    platform.on_durable(lambda: pending.append(platform.keeping()))
    try:
        yield pending
    finally:
        platform.on_durable(None)
        for kept in pending:
            kept()
