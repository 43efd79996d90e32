"""The app's two forms as plain Python: the new game and the hand being entered."""

from .hand_entry import HandEntry
from .new_game import TARGET_CHOICES, NewGameForm

__all__ = ["HandEntry", "NewGameForm", "TARGET_CHOICES"]
