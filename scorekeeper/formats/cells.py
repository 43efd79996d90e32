"""The cells of a CSV sheet, Hearts' and Kierki's alike: text kept safe from a
spreadsheet's formulas, whole numbers read back, and the one error an unreadable sheet
raises.

A text cell that a spreadsheet would run as a formula (it starts with ``=``, ``+``,
``-``, ``@``, a tab or a carriage return) is written with a leading ``'``, the OWASP
advice, so that the spreadsheet shows it as text; so is a text cell that starts with
``'`` itself. Reading takes exactly that one ``'`` off again (a ``'`` followed by one of
those characters), so a name comes back as it was, "-Ala-" and "'Ala" included.
"""

from __future__ import annotations

from typing import Any

from .bounds import digits_error
from .errors import FormatError

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
QUOTED_START = FORMULA_START + ("'",)


def quote_text(cell: str) -> str:
    """``cell`` as a spreadsheet shows it as text: a leading ``'`` before a formula's
    first character, and before a ``'`` (so that :func:`unquote_text` is exact)."""
    return "'" + cell if cell.startswith(QUOTED_START) else cell


def unquote_text(cell: str) -> str:
    """The text :func:`quote_text` was given: one ``'`` off where it put one; any other
    cell (a typed sheet's "'Ala") as it is."""
    return cell[1:] if cell.startswith("'") and cell[1:].startswith(QUOTED_START) else cell


def written(cell: Any) -> Any:
    """A cell as the CSV writes it: text through :func:`quote_text`, numbers as they are."""
    return quote_text(cell) if isinstance(cell, str) else cell


def bad(message: str, **params: Any) -> FormatError:
    """A CSV file that cannot be imported (code ``import_invalid``)."""
    return FormatError("import_invalid", message, **params)


def whole(text: str, what: str, line: int) -> int:
    """A whole-number cell (``what`` on ``line``, for the message)."""
    t = text.strip()
    if not (t.lstrip("-").isdigit() and t.lstrip("-").isascii()):
        raise bad(f"line {line}: {what} must be a whole number, not {t[:20]!r}", line=line)
    too_long = digits_error(t, f"line {line}: {what} {t[:12]}...")
    if too_long is not None:
        raise bad(str(too_long), line=line, **too_long.params)
    return int(t)


def identified(data: dict[str, Any], gid: str, first: dict[str, str]) -> dict[str, Any]:
    """A game file read from a sheet with its ``id`` (when the rows have one) and the
    ``created``/``updated`` dates of its first row (when given)."""
    if gid:
        data["id"] = gid
    for key in ("created", "updated"):
        if first.get(key):
            data[key] = first[key]
    return data
