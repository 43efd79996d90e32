"""What :func:`.jsonstream.load` walks into in a game file and in a file to import, and the
limits it checks on the way, so that a file is refused at the first one it crosses: a key
that the file cannot have, a game's hand after its 1,000th (``rules.MAX_HANDS``), a
player after the most any variant seats (``rules.MAX_PLAYERS``), a change-log entry
after the 10,000th (``MAX_CHANGES``), a game of a file to import after the 10,000th
(``bounds.MAX_IMPORT_GAMES``) or one that is not an object (``[1, 1, ...]``). The checks of the whole file (``game_from_dict``,
``parse_import``) run afterwards as ever; these only come first, with the same words.
"""

from __future__ import annotations

from .. import rules
from .bounds import too_many_games
from .errors import FormatError, unknown_key
from .export import EXPORT_KEYS, FILE_KEYS, MAX_CHANGES
from .gamefile import TOP_KEYS
from .jsonstream import Path

# a game's arrays that grow with the file: their limits and what they hold
GROWING = {"hands": (rules.MAX_HANDS, "hands"), "players": (rules.MAX_PLAYERS, "players"),
           "changes": (MAX_CHANGES, "change-log entries")}


class FileShape:
    """A game file (``GAME_FILE``, what ``replay`` reads) or a file to import
    (``IMPORT_FILE``: a game file, a list of them, or an export ``{"kind", "version",
    "exported", "games": [...]}``, whose games messages name by number)."""

    def __init__(self, many: bool) -> None:
        self.many = many

    def game(self, path: Path) -> str | None:
        """How messages name the game at ``path``, or None: no game there."""
        if path == ():
            return "the game"
        if self.many and path[:-1] in ((), ("games",)) and isinstance(path[-1], int):
            return f"game {path[-1] + 1}"
        return None

    def walk(self, path: Path, opening: str) -> bool:
        if opening == "{":
            return self.game(path) is not None
        if self.many and path in ((), ("games",)):
            return True  # the games of a list or an export
        return bool(path) and path[-1] in GROWING and self.game(path[:-1]) is not None

    def key(self, path: Path, key: str) -> None:
        if self.many and path == ():  # a game or an export: its keys say which
            if key not in FILE_KEYS:
                raise unknown_key(key, FILE_KEYS, "the file")
        elif not self.many and path == () and key in EXPORT_KEYS and key not in TOP_KEYS:
            raise FormatError("export_not_game", "this is an export of several games, not "
                              "one game file: 'scorekeeper import' stores them, and each "
                              "game of it replays on its own", key=key)
        elif key not in TOP_KEYS:
            error = unknown_key(key, TOP_KEYS, "the game")
            game = self.game(path)
            raise error if game == "the game" else FormatError(
                error.code, f"{game}: {error}", **error.params)

    def begins(self, path: Path, char: str) -> None:
        game = self.game(path)
        if game is not None and path != () and char not in ("{", ""):  # "": the end
            raise FormatError("import_invalid", f"{game} is not an object", game=path[-1] + 1)

    def item(self, path: Path, n: int) -> None:
        if self.many and path in ((), ("games",)):
            error = too_many_games(n)
            if error is not None:
                raise error
        elif path[-1:] and path[-1] in GROWING:
            most, what = GROWING[path[-1]]
            if n > most:
                raise FormatError(f"too_many_{path[-1]}", f"{self.game(path[:-1])} has more "
                                  f"than {most:,} {what}; a game holds at most {most:,}",
                                  max=most)


GAME_FILE = FileShape(many=False)
IMPORT_FILE = FileShape(many=True)
