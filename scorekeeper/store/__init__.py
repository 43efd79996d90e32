"""The game store: every game, hand and edit, durable and fast with years of history.

    from scorekeeper.store import GameStore
    store = GameStore.open(db=None)  # --db, else $FLET_APP_STORAGE_DATA, else platformdirs
    sg = store.create_game(rules.Game.new(["Ala", "Bartek", "Celina"]))
    sg = store.add_hand(sg.id, rules.Hand((10, 16, 0)), expected_version=sg.version)

Every write takes the version the caller last saw and raises :class:`StaleGameError` if
the game changed meanwhile (another tab or phone). Scores are never stored as truth: they
come from :mod:`scorekeeper.rules`.
"""

from .errors import GameNotFoundError, StaleGameError, StoreError
from .model import Change, GameSummary, ImportResult, RecoveryNote, StoredGame
from .paths import data_dir
from .store import GameStore

__all__ = ["Change", "GameNotFoundError", "GameStore", "GameSummary", "ImportResult",
           "RecoveryNote", "StaleGameError", "StoreError", "StoredGame", "data_dir"]
