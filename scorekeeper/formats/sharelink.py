"""A game in a link: the game file's own JSON, compressed, after the page's ``#``.

"Show on another phone" puts a game in the fragment of the app's own address::

    https://example.github.io/hearts/#game=AXicq1YqSi0uzi...

The fragment is :data:`PREFIX` then base64url (no padding) of one format byte
(:data:`LINK_FORMAT`) and the game's JSON deflated (raw deflate, level 9). The JSON is the
game file (:func:`.gamefile.game_to_dict`) with the game's ``id``, ``created``,
``updated``, ``version`` and the changes of player waiting for its next hand: what
:func:`.export.parse_import` reads, so a phone keeps it as an imported game. The change
log stays on the phone that wrote it (it would more than double the link).

A browser never sends a fragment to the server it asks for the page, so the game goes
from phone to phone only. A link is untrusted input: :func:`read_link` refuses, with a
:class:`.errors.FormatError` whose code the app says in words, a fragment that is not a
game's (``link_not_game``), one longer than :data:`MAX_LINK_CHARS` or unfolding to more
than :data:`MAX_JSON_BYTES` (``link_too_big``), one garbled or cut short
(``link_garbled``), one of a newer format (``link_newer``), and a game that fails the
import's checks (``import_invalid``, with the rules' code). Pure: no I/O, no clock.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Any

from .. import rules
from .errors import FormatError
from .export import ImportItem, parse_import
from .gamefile import game_to_dict

PREFIX = "game="  # what starts a game's fragment (after the "#")
LINK_FORMAT = 1  # the format byte this version writes and the newest it reads
MAX_LINK_CHARS = 65_536  # the fragment's text after PREFIX
MAX_JSON_BYTES = 65_536  # the JSON it unfolds to
LEVEL = 9  # deflate's best compression (the link is made once, read once)
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")


def link_document(game_id: str, created: str, updated: str, version: int, game: rules.Game,
                  next_seat_changes: tuple[tuple[int, str], ...] = ()) -> dict[str, Any]:
    """What a link carries: the game file with its id, dates and version (and the changes
    of player waiting for its next hand, when there are some)."""
    doc: dict[str, Any] = {"id": game_id, "created": created, "updated": updated,
                           "version": version, **game_to_dict(game)}
    if next_seat_changes:
        doc["next_seat_changes"] = [list(p) for p in next_seat_changes]
    return doc


def deflate(data: bytes) -> bytes:
    """Raw deflate (no zlib header or checksum) at :data:`LEVEL`."""
    packer = zlib.compressobj(LEVEL, zlib.DEFLATED, -15, 9)
    return packer.compress(data) + packer.flush()


def encode(doc: dict[str, Any]) -> str:
    """The fragment (without its ``#``) that carries ``doc``; a document too big for a
    link raises ``link_too_big``."""
    raw = json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    if len(raw) > MAX_JSON_BYTES:
        raise _too_big(len(raw))
    text = base64.urlsafe_b64encode(bytes([LINK_FORMAT]) + deflate(raw)).rstrip(b"=")
    if len(text) > MAX_LINK_CHARS:
        raise _too_big(len(raw))
    return PREFIX + text.decode("ascii")


def link(address: str, doc: dict[str, Any]) -> str:
    """The app's ``address`` (its fragment, if any, dropped) with ``doc`` in the fragment."""
    return address.split("#", 1)[0] + "#" + encode(doc)


def is_link(fragment: str | None) -> bool:
    """Whether a page's fragment (with or without its ``#``) is meant to be a game's."""
    return isinstance(fragment, str) and fragment.removeprefix("#").startswith(PREFIX)


def _too_big(size: int) -> FormatError:
    return FormatError("link_too_big", f"the link holds more than a game link may "
                       f"({MAX_JSON_BYTES:,} bytes)", size=size, max=MAX_JSON_BYTES)


def _garbled(why: str) -> FormatError:
    return FormatError("link_garbled", f"the link is damaged or cut short ({why})")


def decode(fragment: str) -> Any:
    """The JSON value a game's fragment carries (see the module's refusals)."""
    if not is_link(fragment):
        raise FormatError("link_not_game", "the link holds no game")
    text = fragment.removeprefix("#")[len(PREFIX):]
    if len(text) > MAX_LINK_CHARS:
        raise _too_big(len(text))
    if not _BASE64URL.fullmatch(text):
        raise _garbled("a character that base64url does not use")
    try:
        body = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise _garbled("not base64url") from None
    if not body:
        raise _garbled("empty")
    if body[0] > LINK_FORMAT:
        raise FormatError("link_newer", f"the link is in format {body[0]}; this version "
                          f"reads up to {LINK_FORMAT}", format=body[0], max=LINK_FORMAT)
    if body[0] < 1:
        raise _garbled(f"format {body[0]}")
    return _unfold(body[1:])


def _unfold(packed: bytes) -> Any:
    unpacker = zlib.decompressobj(-15)
    try:  # never more than the limit in memory, however far the data would unfold
        raw = unpacker.decompress(packed, MAX_JSON_BYTES + 1)
    except zlib.error:
        raise _garbled("not deflate data") from None
    if len(raw) > MAX_JSON_BYTES or unpacker.unconsumed_tail:
        raise _too_big(len(raw))
    if not unpacker.eof:
        raise _garbled("cut short")
    if unpacker.unused_data:
        raise _garbled("bytes after the end")
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise _garbled("not JSON") from None


def read_link(fragment: str, now: str) -> ImportItem:
    """The game a link carries, checked as an imported game file is (a game without
    dates is dated ``now``)."""
    doc = decode(fragment)
    if not isinstance(doc, dict) or "players" not in doc:
        raise FormatError("link_not_game", "the link holds no game")
    return parse_import(doc, now)[0]
