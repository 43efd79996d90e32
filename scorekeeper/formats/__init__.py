"""How a game is written down and read back: pure Python beside :mod:`scorekeeper.rules`.

The rules hold the game; this package holds its files: the game file (JSON, what
``scorekeeper replay`` reads), and what it is read and written with. Nothing here does
I/O or imports the store, the app or the command line: it imports only the standard
library and the rules. A file that cannot be read raises :class:`FormatError` (a stable
``code`` and ``params``, an English sentence); a game in it that breaks the rules raises
the rules' ``RulesError``.
"""

from .errors import FormatError
from .gamefile import (
    MAX_FILE_BYTES,
    check_file_size,
    game_from_dict,
    game_to_dict,
    hand_from_dict,
    rules_from_dict,
    state_to_dict,
)

__all__ = [
    "FormatError", "MAX_FILE_BYTES", "check_file_size", "game_from_dict", "game_to_dict",
    "hand_from_dict", "rules_from_dict", "state_to_dict",
]
