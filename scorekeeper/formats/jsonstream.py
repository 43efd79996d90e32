"""JSON read a piece at a time, so that a file that crosses a limit is refused where it
crosses it, not after all of it has been read and built (a game file of a million
hands was parsed whole, 620 MB, to say "more than 1,000").

:func:`load` takes the text in pieces (any iterable of str: the caller reads the file) and
a :class:`Shape`, which says which objects and arrays to walk into (the top level, the
games of an export, a game's hands...) and checks each key and each array's length as
they come. Every other value (a hand, the rules, a name) is decoded whole by the
standard library's decoder, at its speed; none may be longer than ``max_value``
characters of text. The result is what ``json.loads`` gives for the same text.

A key given twice in one object raises :class:`DuplicateKey` (``json.loads`` would keep
the last silently). Errors: :class:`JsonSyntaxError` (the line and column in the whole
text, as ``json.JSONDecodeError`` has them), the shape's own (e.g. a ``FormatError``), and what
the decoder's ``parse_int``/``parse_constant`` raise; ``RecursionError`` for a value
nested too deeply.
"""

from __future__ import annotations

import json
import re
from typing import Any, Iterable, Protocol

MAX_VALUE_CHARS = 1_000_000  # one value not walked into: a hand or the rules are ~1 KB

Path = tuple  # keys and 0-based indexes from the top: ("games", 2, "hands")

_WS = re.compile(r"[ \t\n\r]*")
_STRING_REST = re.compile(r'(?:[^"\\]|\\.)*"', re.S)  # after a string's opening quote
_TOKEN = re.compile(r"[^ \t\n\r,\]}]*")  # a number, true, false, null (or garbage)
_STRUCTURE = re.compile(r'["\[\]{}]')
_CLOSES = {"[": "]", "{": "}"}


class JsonSyntaxError(ValueError):
    """Not JSON: ``msg`` at ``lineno``, ``colno`` (1-based) of the whole text."""

    def __init__(self, msg: str, lineno: int, colno: int) -> None:
        super().__init__(f"{msg}: line {lineno} column {colno}")
        self.msg, self.lineno, self.colno = msg, lineno, colno


class ValueTooLong(ValueError):
    """A value longer than the reader takes whole (``lineno``, ``colno``: where it starts)."""

    def __init__(self, limit: int, lineno: int, colno: int) -> None:
        super().__init__(f"the value at line {lineno}, column {colno} is longer than "
                         f"{limit:,} characters; no name, hand or rules of a game "
                         "are that long")
        self.limit, self.lineno, self.colno = limit, lineno, colno


class DuplicateKey(ValueError):
    """A key given twice in one object (``json.loads`` keeps the last one silently)."""

    def __init__(self, key: str, lineno: int, colno: int) -> None:
        super().__init__(f"the key {key!r} is there twice in one object (line {lineno}, "
                         f"column {colno})")
        self.key, self.lineno, self.colno = key, lineno, colno


class Shape(Protocol):
    """What to walk into and what to check on the way."""

    def walk(self, path: Path, opening: str) -> bool:
        """Read the object (``opening`` "{") or array ("[") at ``path`` piece by piece?"""

    def key(self, path: Path, key: str) -> None:
        """``key`` of the walked object at ``path`` comes next (raise to refuse it)."""

    def item(self, path: Path, n: int) -> None:
        """Item ``n`` (1-based) of the walked array at ``path`` comes next (raise to
        refuse it: one too many)."""

    # optional: def begins(self, path: Path, char: str) -> None: the value at ``path``
    # begins with ``char`` (raise to refuse it before it is read: not an object)


def load(pieces: Iterable[str], shape: Shape, *, parse_int: Any = None,
         parse_constant: Any = None, max_value: int = MAX_VALUE_CHARS) -> Any:
    """The JSON value of the text ``pieces``, walked and checked as ``shape`` says."""
    reader = _Reader(pieces, json.JSONDecoder(parse_int=parse_int, parse_constant=parse_constant,
                                              object_pairs_hook=_once), shape, max_value)
    value = reader.value(())
    if reader.peek():
        raise reader.error("Extra data", reader.pos)
    return value


def _once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object decoded whole, each key once (the reader says where)."""
    out = dict(pairs)
    if len(out) < len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise DuplicateKey(key, 0, 0)
            seen.add(key)
    return out


class _Reader:
    def __init__(self, pieces: Iterable[str], decoder: json.JSONDecoder, shape: Shape,
                 max_value: int) -> None:
        self._pieces = iter(pieces)
        self._decoder = decoder
        self._shape = shape
        self._max = max_value
        self._begins = getattr(shape, "begins", None)
        self.buf, self.pos, self._eof = "", 0, False
        self._line, self._col0 = 1, 0  # the line and 0-based column of buf[0]

    # --- the text ------------------------------------------------------------------------

    def _more(self, at_least: int = 1) -> bool:
        """Drop what is read and append at least ``at_least`` characters (fewer at the
        end of the text); False when nothing more came."""
        if self.pos:
            cut = self.pos
            lines = self.buf.count("\n", 0, cut)
            if lines:
                self._line += lines
                self._col0 = cut - self.buf.rfind("\n", 0, cut) - 1
            else:
                self._col0 += cut
            self.buf, self.pos = self.buf[cut:], 0
        got: list[str] = []
        size = 0
        while size < at_least and not self._eof:
            piece = next(self._pieces, None)
            if piece is None:
                self._eof = True
            elif piece:
                got.append(piece)
                size += len(piece)
        if got:
            self.buf = "".join([self.buf, *got])
        return size > 0

    def where(self, pos: int) -> tuple[int, int]:
        """The 1-based line and column of ``buf[pos]`` in the whole text."""
        line = self._line + self.buf.count("\n", 0, pos)
        last = self.buf.rfind("\n", 0, pos)
        return line, (pos - last if last >= 0 else self._col0 + pos + 1)

    def error(self, msg: str, pos: int) -> JsonSyntaxError:
        return JsonSyntaxError(msg, *self.where(pos))

    def peek(self) -> str:
        """The next character after white space ("" at the end of the text)."""
        while True:
            self.pos = _WS.match(self.buf, self.pos).end()  # type: ignore[union-attr]
            if self.pos < len(self.buf):
                return self.buf[self.pos]
            if not self._more():
                return ""

    def _expect(self, char: str, msg: str) -> None:
        if self.peek() != char:
            raise self.error(msg, self.pos)
        self.pos += 1

    # --- values --------------------------------------------------------------------------

    def value(self, path: Path) -> Any:
        char = self.peek()
        if self._begins is not None:
            self._begins(path, char)
        if char in ("{", "[") and self._shape.walk(path, char):
            self.pos += 1
            return self._object(path) if char == "{" else self._array(path)
        return self._whole()

    def _object(self, path: Path) -> dict[str, Any]:
        out: dict[str, Any] = {}
        char = self.peek()
        if char == "}":
            self.pos += 1
            return out
        while True:
            if char != '"':
                raise self.error("Expecting property name enclosed in double quotes", self.pos)
            at = self.pos
            key = self._whole()
            if key in out:
                raise DuplicateKey(key, *self.where(at))
            self._shape.key(path, key)
            self._expect(":", "Expecting ':' delimiter")
            out[key] = self.value(path + (key,))
            if self._closed("}"):
                return out
            char = self.peek()

    def _array(self, path: Path) -> list[Any]:
        out: list[Any] = []
        if self.peek() == "]":
            self.pos += 1
            return out
        while True:
            self._shape.item(path, len(out) + 1)
            out.append(self.value(path + (len(out),)))
            if self._closed("]"):
                return out

    def _closed(self, closing: str) -> bool:
        """Past the "," after an item (False: another comes) or the closing character."""
        char = self.peek()
        self.pos += 1
        if char == closing:
            return True
        if char != ",":
            raise self.error("Expecting ',' delimiter", self.pos - 1)
        return False

    def _whole(self) -> Any:
        """The value at ``pos`` decoded whole, once all of its text is in the buffer: a
        string, object or array decoded is whole (its closing character was there); a
        number is decoded once something follows it (it may go on in the next piece); a
        failure is reported once the value's text is all there or the text ends."""
        if not self.peek():
            raise self.error("Expecting value", self.pos)
        while True:
            start = self.pos
            if (self.buf[start] in "\"{[" or self._eof
                    or _TOKEN.match(self.buf, start).end() < len(self.buf)):  # type: ignore[union-attr]
                try:
                    value, end = self._decoder.raw_decode(self.buf, start)
                except json.JSONDecodeError as e:
                    if self._eof or self._end(start) is not None:
                        raise self.error(e.msg, e.pos) from None
                except DuplicateKey as e:
                    if self._eof or self._end(start) is not None:
                        raise DuplicateKey(e.key, *self.where(start)) from None
                except ValueError:  # from parse_int or parse_constant
                    if self._eof or self._end(start) is not None:
                        raise
                else:
                    self._check_length(start, end)
                    self.pos = end
                    return value
            self._check_length(start, len(self.buf))
            self._more(max(len(self.buf) - start, 1 << 16))

    def _check_length(self, start: int, end: int) -> None:
        if end - start > self._max:
            raise ValueTooLong(self._max, *self.where(start))

    def _end(self, start: int) -> int | None:
        """Where the value at ``start`` ends when all of its text is in the buffer (or
        where it is found broken: a bracket closed by the wrong one), else None."""
        buf = self.buf
        if buf[start] == '"':
            m = _STRING_REST.match(buf, start + 1)
            return m.end() if m else None
        if buf[start] not in "{[":
            end = _TOKEN.match(buf, start).end()  # type: ignore[union-attr]
            return end if end < len(buf) else None
        opened: list[str] = []
        at = start
        while (m := _STRUCTURE.search(buf, at)) is not None:
            at = m.end()
            char = m.group()
            if char == '"':
                rest = _STRING_REST.match(buf, at)
                if rest is None:
                    return None
                at = rest.end()
            elif char in _CLOSES:
                opened.append(_CLOSES[char])
            elif not opened or opened.pop() != char or not opened:
                return at
        return None
