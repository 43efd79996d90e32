"""The JSON export and the checks an import file must pass before anything is written.

An export is ``{"kind": "scorekeeper-export", "version", "exported", "games"}``: each game
a replayable game file plus its ``id``, ``created``/``updated`` dates, ``version`` and
change log (``changes``: entries whose ``action`` is one of :data:`ACTIONS`).
:func:`parse_import` reads an export, one game file or a list of game files, and checks
every game; a file that fails raises :class:`.errors.FormatError` (code
``import_invalid``). The clock is the caller's: the export's time and the date of a game
imported without one are passed in.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from .. import rules
from .errors import FormatError, unknown_key
from .registry import default_format, format_named
from .gamefile import TOP_KEYS, check_keys, game_from_dict, game_to_dict
from .kierki_file import deal_from_record, deal_record

EXPORT_KIND = "scorekeeper-export"
EXPORT_KEYS = ("kind", "version", "exported", "games")  # the export's top level, every version
# the top level of a file to import: a game's or an export's keys
FILE_KEYS = TOP_KEYS + tuple(key for key in EXPORT_KEYS if key not in TOP_KEYS)
# 2: a change-log entry may be an "insert" (game file format 2); version 1 exports are
# read as they are, and a version that reads only 1 refuses a version 2 export in words.
# 3: a table's life: hands with "seat_changes", a game's "next_seat_changes" and the
# change-log action "seats"
# 4: Kierki games (deals, and change-log entries with "old_deal"/"new_deal"). An export is
# written in the oldest version that holds its games: 4 only with a Kierki game in it,
# so a version from before Kierki still imports an export of Hearts games, and refuses
# one with Kierki in words ("the export is in format 4; this version reads up to 3")
EXPORT_VERSION = 4  # the newest version this version reads
HEARTS_EXPORT_VERSION = 3
# An export holds many games, each within the game file's limits (rules.MAX_HANDS hands,
# names of at most 40 characters); the file is at most this big (an export of 10,000
# games of 20 hands, with their change logs, is about 70 MB)
MAX_IMPORT_BYTES = 100_000_000
MAX_CHANGES = 10_000  # change-log entries of one game
ID_RE = re.compile(r"[A-Za-z0-9_-]{1,64}")  # a game's id, matched whole: ID_RE.fullmatch(text)
# what a change-log entry can say: a hand added at the end, edited, removed, or put in
# before other hands ("insert", from format 2 on; e.g. the undo of a removal), or a
# player changed from the next hand on ("seats", from format 3 on: ``old_seats`` and
# ``new_seats`` are the changes waiting for that hand before and after, [[seat, name]])
ACTIONS = ("add", "edit", "remove", "insert", "seats")
# the keys a change-log entry may have (any other is refused, as a game file's are)
CHANGE_KEYS = ("at", "action", "hand", "old", "new", "old_moon_choice", "new_moon_choice",
               "old_jack", "new_jack", "old_seats", "new_seats", "old_seat_changes",
               "new_seat_changes", "old_deal", "new_deal", "version")


def utc_iso(when: datetime) -> str:
    """The one way a date is written: ISO 8601, UTC, microseconds, "Z"."""
    return when.astimezone(timezone.utc).isoformat(timespec="microseconds").replace(
        "+00:00", "Z")


def content_id(game: rules.Game) -> str:
    """A stable id for a game file without one, so importing it twice adds it once."""
    canon = json.dumps(game_to_dict(game), sort_keys=True, ensure_ascii=False)
    return "g" + hashlib.sha256(canon.encode()).hexdigest()[:31]


@dataclass(frozen=True)
class ImportItem:
    id: str
    created: str
    updated: str
    version: int
    game: rules.Game
    changes: tuple[dict[str, Any], ...]
    next_seat_changes: tuple[tuple[int, str], ...] = ()  # waiting for the next hand


def export_document(games: list[dict[str, Any]], exported: str) -> dict[str, Any]:
    """The JSON export of ``games`` (game files with their id, dates, version and change
    log), made at ``exported`` (a :func:`utc_iso` date); its version is the oldest that
    holds the games (each game's format says its own: 4 with a Kierki game, else 3)."""
    version = max((_format_of_file(g).version for g in games), default=HEARTS_EXPORT_VERSION)
    return {"kind": EXPORT_KIND, "version": version, "exported": exported, "games": games}


def _format_of_file(g: dict[str, Any]) -> Any:
    """The format of the game a game file is of (by its rules' variant; none: Hearts')."""
    table = g.get("rules")
    game = rules.variant_game(table.get("variant")) if isinstance(table, dict) else None
    return default_format() if game is None else format_named(game.key)


def _bad(message: str, **params: Any) -> FormatError:
    return FormatError("import_invalid", message, **params)


def _date(value: Any, what: str, where: str) -> str:
    """An ISO 8601 date as :func:`utc_iso` writes them (UTC, microseconds, "Z"), so that
    the history list, sorted by these strings, sorts imported games rightly too. A date
    without a zone is taken as UTC; one that cannot be written in UTC (year 1 at +14:00)
    is refused."""
    if not isinstance(value, str):
        raise _bad(f"{where}: {what} must be a date (ISO 8601 text)", field=what)
    shown = ascii(value[:40])
    try:
        when = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise _bad(f"{where}: {what} {shown} is not an ISO 8601 date", field=what) from None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    try:
        return utc_iso(when)
    except (OverflowError, ValueError):
        raise _bad(f"{where}: {what} {shown} is out of the range of dates (years 1 to "
                   "9999 in UTC)", field=what) from None


def _points(value: Any) -> list[int] | None:
    if value is None:
        return None
    if not isinstance(value, list) or not all(
            isinstance(p, int) and not isinstance(p, bool) for p in value):
        raise ValueError
    return list(value)


def _seat(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError
    return value


def _seat_names(value: Any) -> list[list[Any]]:
    """``[[seat, name], ...]`` of a change-log entry (the rules check the names when the
    change is made; here only the shape)."""
    if not isinstance(value, list):
        raise ValueError
    out = []
    for pair in value:
        if not isinstance(pair, list) or len(pair) != 2 or not isinstance(pair[1], str):
            raise ValueError
        out.append([_seat(pair[0]), pair[1]])
    return out


def _change(entry: Any, where: str, n: int) -> dict[str, Any]:
    for key in entry if isinstance(entry, dict) else ():
        if key not in CHANGE_KEYS:
            error = unknown_key(key, CHANGE_KEYS, f"change log entry {n}")
            raise _bad(f"{where}: {error}", entry=n, **error.params)
    try:
        if not isinstance(entry, dict) or entry.get("action") not in ACTIONS:
            raise ValueError
        hand = entry["hand"]
        if isinstance(hand, bool) or not isinstance(hand, int) or hand < 1:
            raise ValueError
        out = {"at": _date(entry.get("at"), "at", where), "action": entry["action"],
               "hand": hand, "old": _points(entry.get("old")), "new": _points(entry.get("new"))}
        for key in ("old_moon_choice", "new_moon_choice"):
            value = entry.get(key)
            out[key] = None if value is None else rules.MoonChoice(value).value
        for key in ("old_jack", "new_jack"):
            if key in entry:
                out[key] = _seat(entry[key])
        for key in ("old_seats", "new_seats", "old_seat_changes", "new_seat_changes"):
            if key in entry:
                out[key] = _seat_names(entry[key])
        for key in ("old_deal", "new_deal"):  # a Kierki game's deal (checked, kept)
            if entry.get(key) is not None:
                out[key] = deal_record(deal_from_record(entry[key]))
        version = entry.get("version", 0)
        if isinstance(version, bool) or not isinstance(version, int):
            raise ValueError
        out["version"] = version
        return out
    except (ValueError, KeyError, TypeError):  # FormatError, RulesError too
        raise _bad(f"{where}: change log entry {n} is not valid", entry=n) from None


def _raw_games(data: Any) -> list[Any]:
    """The games of an export, a game file or a list of game files, not yet checked."""
    if isinstance(data, dict) and "games" not in data and "players" not in data:
        _check_keys(data, FILE_KEYS, "the file")  # neither: a typo?
    if isinstance(data, dict) and "games" in data and "players" not in data:
        _check_keys(data, EXPORT_KEYS, "the export")
        kind = data.get("kind", EXPORT_KIND)
        if kind != EXPORT_KIND:
            raise _bad(f"not a scorekeeper export (kind {kind!r})")
        version = data.get("version", EXPORT_VERSION)
        if not isinstance(version, int) or version > EXPORT_VERSION:
            raise _bad(f"the export is in format {version!r}; this version reads up to "
                       f"{EXPORT_VERSION}")
        raw = data["games"]
        if not isinstance(raw, list):
            raise _bad('"games" must be a list of games')
        return raw
    if isinstance(data, dict):
        return [data]
    if isinstance(data, list):
        return data
    raise _bad("the file holds neither a game nor an export of games")


def _check_keys(data: dict, known: tuple[str, ...], where: str) -> None:
    try:
        check_keys(data, known, where)
    except FormatError as e:
        raise _bad(str(e), rules_code=e.code, **e.params) from None


def parse_import(data: Any, now: str) -> list[ImportItem]:
    """Every game of a game file, a list of game files or a JSON export, fully checked;
    a game without dates is dated ``now`` (a :func:`utc_iso` date)."""
    raw = _raw_games(data)
    items: list[ImportItem] = []
    seen: dict[str, int] = {}
    for n, g in enumerate(raw, 1):
        where = f"game {n}" if len(raw) > 1 else "the game"
        items.append(_item(g, n, where, now, seen))
    return items


def _item(g: Any, n: int, where: str, now: str, seen: dict[str, int]) -> ImportItem:
    """Game ``n`` of an import (``where``: how the messages name it), fully checked;
    ``seen`` holds the ids of the games before it (and gets this one's)."""
    if not isinstance(g, dict):
        raise _bad(f"{where} is not an object", game=n)
    try:
        game = game_from_dict(g)
    except (FormatError, rules.RulesError) as e:
        raise FormatError("import_invalid", f"{where}: {e}", game=n, rules_code=e.code,
                          **{**e.params, "hand": e.hand}) from None
    gid = g.get("id")
    if gid is None:
        gid = content_id(game)
    elif not isinstance(gid, str) or not ID_RE.fullmatch(gid):
        raise _bad(f"{where}: id {gid!r} is not valid (letters, digits, - and _, "
                   "at most 64)", game=n)
    if gid in seen:
        raise _bad(f"{where} has the same id as game {seen[gid]} ({gid})", game=n)
    seen[gid] = n
    created = _date(g["created"], "created", where) if "created" in g else now
    updated = _date(g["updated"], "updated", where) if "updated" in g else created
    version = g.get("version", 1)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise _bad(f"{where}: version must be a whole number from 1", game=n)
    changes = g.get("changes", [])
    if not isinstance(changes, list):
        raise _bad(f'{where}: "changes" must be a list', game=n)
    if len(changes) > MAX_CHANGES:
        raise _bad(f"{where}: the change log has {len(changes):,} entries; at most "
                   f"{MAX_CHANGES:,}", game=n)
    log = tuple(_change(e, where, i) for i, e in enumerate(changes, 1))
    waiting = _waiting(g.get("next_seat_changes"), game, where, n)
    try:  # everything it holds can be written (e.g. no lone surrogate anywhere)
        json.dumps([game_to_dict(game), log], ensure_ascii=False).encode("utf-8")
    except (UnicodeEncodeError, ValueError) as e:
        raise _bad(f"{where} cannot be stored ({e.__class__.__name__})", game=n) from None
    return ImportItem(gid, created, updated, version, game, log, waiting)


def _waiting(raw: Any, game: rules.Game, where: str, n: int) -> tuple[tuple[int, str], ...]:
    """A game's changes of player waiting for its next hand (``[[seat, name], ...]``),
    checked by the rules against the names after its last hand."""
    if not raw:
        return ()
    try:
        pairs = rules.read_changes((_seat(s), name) for s, name in _seat_names(raw))
        st = rules.state(game)
        rules.apply_seat_changes(st.players, pairs, len(game.hands) + 1)
    except (ValueError, TypeError) as e:
        raise _bad(f"{where}: next_seat_changes is not valid ({e})", game=n) from None
    return pairs
