"""``scorekeeper export`` and ``scorekeeper import``: the store's export and import on the
command line. Bad input prints one line (``scorekeeper: ...``) on stderr and returns 2."""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import signal
import sys
import threading
from pathlib import Path
from typing import Any, Callable, Iterator

from ..formats import MAX_IMPORT_BYTES, FormatError, ImportItem, export_csv, export_document
from ..formats import parse_csv, parse_import
from ..formats.shapes import IMPORT_FILE
from ..rules import RulesError
from ..store import GameStore, StoreError, interrupts
from ..store.gamedoc import now_iso
from ..store.paths import data_dir
from ..store.storage import atomic_write
from .errors import UsageError, one_line_errors, say, write_out
from .reading import parse_json, text_pieces


def _open(db: str | None, *, made: bool = True) -> GameStore:
    """The data folder's store; ``made=False``: the folder must be there already (an
    export makes none). A folder that cannot be read is said so, not taken for a
    read-only one."""
    folder = data_dir(db)
    if not made and not folder.exists():
        raise UsageError(f"no data folder at {folder}")
    if folder.exists():
        try:
            os.listdir(folder)
        except NotADirectoryError:
            raise UsageError(f"{folder}: not a folder; --db names the data folder") from None
        except OSError as e:
            raise UsageError(f"cannot read the data folder {folder} ({e.strerror})") from None
    try:
        store = GameStore.open(db)
    except StoreError as e:
        raise UsageError(str(e)) from None
    _say_notes(store)
    return store


def _say_notes(store: GameStore) -> None:
    for note in store.take_recoveries():
        say(note.message)


@one_line_errors
def export_games(db: str | None, fmt: str, output: str | None) -> int:
    store = _open(db, made=False)
    try:
        games = store.export_games()
    except StoreError as e:
        raise UsageError(str(e)) from None
    _say_notes(store)  # e.g. a game that could not be read and was left out
    if fmt == "csv":
        text = export_csv(games)
        left_out = _not_in_csv(games)
        if left_out:
            say(f"the CSV leaves out {left_out}; the JSON export (--format json) keeps "
                "everything")
    else:
        document = export_document(games, now_iso())
        text = json.dumps(document, ensure_ascii=False, indent=1) + "\n"
    if output is None or output == "-":
        write_out(text)
    else:
        path = Path(output)
        if path.is_dir():
            raise UsageError(f"{output}: is a folder")
        try:
            atomic_write(path.absolute(), text.encode("utf-8"))
        except StoreError as e:
            raise UsageError(f"{output}: {e}") from None
        print(f"exported {len(games)} games to {output}", file=sys.stderr)
    return 0


def _not_in_csv(games: list[dict[str, Any]]) -> str:
    """What of ``games`` (exported game files) a CSV cannot hold, in words ("" if
    nothing): a game with no hands has no rows, and a change of player waits for a hand
    that has none either. (Every rule of a game is in the CSV; change logs are in none.)"""
    empty = sum(1 for g in games if not g.get("hands"))
    waiting = sum(1 for g in games if g.get("hands") and g.get("next_seat_changes"))
    parts = []
    if empty:
        parts.append(f"{empty} game{'s' if empty > 1 else ''} with no hands yet")
    if waiting:
        parts.append(f"the change of player waiting for the next hand in {waiting} "
                     f"game{'s' if waiting > 1 else ''}")
    return " and ".join(parts)


def _looks_like_csv(file: str, first: str) -> bool:
    """A name ending in .csv, or (neither .csv nor .json) text not starting with { or [."""
    if file.lower().endswith(".csv"):
        return True
    return not file.lower().endswith(".json") and first not in ("{", "[")


def _first_char(pieces: Iterator[str]) -> tuple[str, Iterator[str]]:
    """The first character that is not white space ("" if none), and all of ``pieces``."""
    seen: list[str] = []
    for piece in pieces:
        seen.append(piece)
        if piece.strip():
            return piece.lstrip()[0], itertools.chain(seen, pieces)
    return "", iter(seen)


def checked_import(file: str) -> list[ImportItem]:
    """Every game of ``file`` read and checked, before any data folder is opened: a file
    that is refused leaves no trace (not even a new folder)."""
    first, pieces = _first_char(text_pieces(file, MAX_IMPORT_BYTES, "a file to import"))
    try:
        if _looks_like_csv(file, first):
            data: Any = {"games": parse_csv(pieces)}
        else:
            data = parse_json(file, pieces, IMPORT_FILE)
        return parse_import(data, now_iso())
    except (FormatError, RulesError) as e:
        raise UsageError(f"{file}: {e}; nothing was imported") from None


EXIT_INTERRUPTED = 130  # stopped by Ctrl-C (SIGINT) or SIGTERM
STOPPED = "import stopped: nothing was imported"


@one_line_errors
def import_games(file: str, db: str | None, whole_process: bool = False) -> int:
    """Import ``file``: all or nothing whatever signals come. A Ctrl-C or SIGTERM stops
    it (exit 130) and undoes what it wrote; once the import is stored, they no longer
    undo it. Either way one line says what was done. ``whole_process``: this is the
    ``scorekeeper`` process, which ends after it (signals then wait until it does)."""
    said = False
    try:
        with _term_stops():
            items = checked_import(file)
            if whole_process:
                interrupts.hold_until_exit()
            with interrupts.held() as stopped:  # they wait; the store asks between games
                code = _import(file, db, items, stopped)
                said = True
                return EXIT_INTERRUPTED if stopped() else code
    except KeyboardInterrupt:  # came before the store held it (reading the file)
        if not said:
            say(f"{file}: {STOPPED}")
        return EXIT_INTERRUPTED


def _import(file: str, db: str | None, items: list[ImportItem],
            stopped: Callable[[], bool]) -> int:
    store = _open(db)
    try:
        result = store.import_checked(items)
    except StoreError as e:
        _say_notes(store)
        if e.code == "interrupted":
            say(f"{file}: {STOPPED}")
            return EXIT_INTERRUPTED
        if e.params.get("cause") == "interrupted":  # stopped, and not all undone
            say(f"{file}: {e}")
            return EXIT_INTERRUPTED
        raise UsageError(f"{file}: {e}; nothing was imported" if e.code == "import_invalid"
                         else f"{file}: {e}") from None
    _say_notes(store)
    parts = [f"added {result.added}", f"already stored {result.skipped}"]
    if result.updated:
        parts.append(f"updated {result.updated}")
    if result.conflicts:
        parts.append(f"kept as stored {len(result.conflicts)}")
    late = "; stopped only once every game was stored" if stopped() else ""
    print(f"{file}: " + ", ".join(parts) + late, file=sys.stderr)
    for gid in result.conflicts:
        print(f"  game {gid} is stored with other hands; kept the stored one", file=sys.stderr)
    return 0


@contextlib.contextmanager
def _term_stops() -> Iterator[None]:
    """SIGTERM stops the import as a Ctrl-C does (not the process at once)."""
    def stop(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    try:
        before = signal.signal(signal.SIGTERM, stop)
    except (AttributeError, OSError, ValueError):
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)
