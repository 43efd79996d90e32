"""The limits of reading a file, shared by every format (the game file, the JSON export,
the CSV export and a typed sheet, Hearts' and Kierki's): each is checked as the text
comes, so that a file is refused at the first limit it crosses, in time linear in what
was read and in memory that does not grow with the file.

- :data:`MAX_IMPORT_GAMES`: the games of one file to import (a list of game files, an
  export, the ``game_id``\\ s of a CSV); an export of 10,000 games of 20 hands is about
  70 MB, within the import's 100 MB;
- :data:`MAX_LINE_CHARS`: one line of a CSV file (a row of a game has a few hundred
  characters: 11 names of at most 40, numbers, the house rules);
- :data:`MAX_DIGITS`: a whole number, in JSON and in a CSV cell alike.

:func:`lines` splits text given in pieces into lines without ever joining more than one
line's pieces (a 50 MB file of one line was quadratic: each piece added to a string).
"""

from __future__ import annotations

from typing import Iterable, Iterator

from .errors import FormatError

MAX_IMPORT_GAMES = 10_000
MAX_LINE_CHARS = 65_536
MAX_DIGITS = 18


def too_many_games(n: int, where: str = "the file") -> FormatError | None:
    """The error for a file whose ``n``-th game comes (None: within the limit)."""
    if n <= MAX_IMPORT_GAMES:
        return None
    return FormatError("too_many_games", f"{where} has more than {MAX_IMPORT_GAMES:,} "
                       f"games; a file to import holds at most {MAX_IMPORT_GAMES:,} "
                       "(split it into several)", max=MAX_IMPORT_GAMES)


def digits_error(text: str, what: str) -> FormatError | None:
    """The error for a whole number written with more than :data:`MAX_DIGITS` digits
    (None: it has at most that many)."""
    digits = len(text.strip().lstrip("+-"))
    if digits <= MAX_DIGITS:
        return None
    return FormatError("too_many_digits", f"{what} has {digits:,} digits; a number in a game "
                       f"has at most {MAX_DIGITS}", digits=digits, max=MAX_DIGITS)


def lines(pieces: Iterable[str], max_chars: int = MAX_LINE_CHARS) -> Iterator[str]:
    """The lines of text given in pieces, each with its end ("\\n"), as ``csv`` reads
    them; a line longer than ``max_chars`` raises ``FormatError`` (``line_too_long``) as
    soon as that many characters of it have come, before the rest is read."""
    pending: list[str] = []  # the pieces of the line not yet ended
    size = 0
    number = 1
    for piece in pieces:
        start = 0
        while (end := piece.find("\n", start)) >= 0:
            size += end - start
            if size > max_chars:
                raise _too_long(number, max_chars)
            pending.append(piece[start:end + 1])
            yield "".join(pending)
            pending, size, number, start = [], 0, number + 1, end + 1
        if start < len(piece):
            size += len(piece) - start
            if size > max_chars:
                raise _too_long(number, max_chars)
            pending.append(piece[start:])
    if pending:
        yield "".join(pending)


def _too_long(number: int, max_chars: int) -> FormatError:
    return FormatError("line_too_long", f"line {number} is longer than {max_chars:,} "
                       "characters; no row of a game is that long", line=number,
                       max=max_chars)
