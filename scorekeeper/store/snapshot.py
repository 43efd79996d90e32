"""The snapshot of the index (its *base*): ``index.json``, every game's summary as of one
generation.

``{"format": 3, "gen": N, "games": {id: summary}, "pending": [id, ...]}``, written
durably (an atomic replace) when the journal is compacted or the index rebuilt, and read
when a store opens. A summary is the history list's row of a game (see
:func:`.gamedoc.summary_of`); "pending" names games to read again from their files.
This module knows the file's shape and checks; :class:`.index.Index` decides when it is
read and written.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import formats, rules
from .errors import StoreError
from .storage import fsync_dir, utc_stamp

# 2: every summary has "moons" (per seat, the moons shot); 3: journal records are numbered
# ("n") and counted in journal.count; 4: summaries of Kierki games, with "deals" and
# "contracts" (the points per contract the stats count). An index in an older format is
# rebuilt from the game files (once; no recovery note: nothing was damaged). A version
# from before Kierki takes an index of format 4 for a damaged one and rebuilds it from
# the game files, where it cannot read a Kierki game (format 4) and says so, instead of
# listing games it cannot draw.
INDEX_FORMAT = 4

SUMMARY_KEYS = frozenset(("id", "created", "updated", "version", "players", "variant", "target",
                          "hands", "totals", "finished", "winner", "deleted", "moons"))


@dataclass
class Snapshot:
    gen: Any  # the generation (an int in any snapshot this version wrote)
    games: dict[str, dict[str, Any]]  # id -> summary; empty when ``older``
    pending: set[str]
    older: bool = False  # in an older format: to be rebuilt, its generation kept


def parse(raw: bytes) -> Snapshot:
    """The snapshot in ``raw``; ValueError, KeyError, TypeError or UnicodeDecodeError
    (saying what) when it is damaged or from a newer version."""
    base = json.loads(raw)
    if not isinstance(base, dict) or not isinstance(base.get("games"), dict):
        raise ValueError("wrong shape")
    fmt = base.get("format", 1)
    if isinstance(fmt, bool) or not isinstance(fmt, int):
        raise ValueError(f"bad format {fmt!r}")
    if fmt > INDEX_FORMAT:
        raise ValueError(f"format {fmt} is newer than this version")
    gen = base["gen"]
    if fmt < INDEX_FORMAT:
        return Snapshot(gen if isinstance(gen, int) else 0, {}, set(), older=True)
    entries = base["games"]
    pending = set(base.get("pending", []))
    for gid, s in entries.items():
        if not valid_summary(s) or s["id"] != gid:
            raise ValueError(f"bad summary for {gid!r}")
    return Snapshot(gen, entries, pending)


def encode(gen: int, games: dict[str, dict[str, Any]], pending: set[str]) -> bytes:
    return json.dumps({"format": INDEX_FORMAT, "gen": gen, "games": games,
                       "pending": sorted(pending)},
                      ensure_ascii=False, separators=(",", ":")).encode()


def valid_summary(s: Any) -> bool:
    return (isinstance(s, dict) and SUMMARY_KEYS <= s.keys() and isinstance(s["id"], str)
            and isinstance(s["version"], int) and isinstance(s["players"], list)
            and isinstance(s["totals"], list) and isinstance(s["moons"], list)
            and len(s["moons"]) == len(s["players"])
            and _own_fields(s))


def _own_fields(s: dict[str, Any]) -> bool:
    """The fields a summary of its game has of its own are there (a Kierki match's
    ``contracts``: a summary written before them is stale)."""
    game = rules.variant_game(s["variant"])
    lists = () if game is None else formats.format_named(game.key).summary_lists
    return all(isinstance(s.get(key), list) for key in lists)


def move_aside(path: Path, why: str) -> None:
    """A damaged snapshot is never overwritten: it becomes ``index.json.damaged-<time>``."""
    aside = path.with_name(f"{path.name}.damaged-{utc_stamp()}")
    try:
        os.replace(path, aside)
        fsync_dir(path.parent)
    except OSError as e:
        raise StoreError("damaged", f"the index of games is {why} and cannot be moved "
                         f"aside ({e.strerror})", path=str(path)) from e
