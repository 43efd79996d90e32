"""``scorekeeper export`` and ``scorekeeper import``.

Bad input prints one line (``scorekeeper: ...``) on stderr and returns 2, exactly as
``scorekeeper.cli.main`` does for a :class:`UsageError`; the errors are handled here so
that this holds however the command was started (``python -m scorekeeper.cli`` loads the
command module a second time, as ``__main__``, with its own ``UsageError`` class).
"""

from __future__ import annotations

import functools
import json
import sys
from typing import Any, Callable

from ..cli import UsageError, _read_json
from ..rules import RulesError
from .errors import StoreError
from .export import export_csv, export_document
from .storage import atomic_write
from .store import GameStore


EXIT_INVALID = 2


def _one_line_errors(fn: Callable[..., int]) -> Callable[..., int]:
    @functools.wraps(fn)
    def wrapper(*args: Any, **kw: Any) -> int:
        try:
            return fn(*args, **kw)
        except (UsageError, RulesError, StoreError) as e:
            print(f"scorekeeper: {e}", file=sys.stderr)
            return EXIT_INVALID
    return wrapper


def _open(db: str | None) -> GameStore:
    try:
        store = GameStore.open(db)
    except StoreError as e:
        raise UsageError(str(e)) from None
    for note in store.recovery_notes:
        print(f"scorekeeper: {note}", file=sys.stderr)
    return store


@_one_line_errors
def export_games(db: str | None, fmt: str, output: str | None) -> int:
    store = _open(db)
    try:
        games = store.export_games()
    except StoreError as e:
        raise UsageError(str(e)) from None
    if fmt == "csv":
        text = export_csv(games)
    else:
        text = json.dumps(export_document(games), ensure_ascii=False, indent=1) + "\n"
    if output is None or output == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
    else:
        from pathlib import Path

        path = Path(output)
        if path.is_dir():
            raise UsageError(f"{output}: is a folder")
        try:
            atomic_write(path.absolute(), text.encode("utf-8"))
        except StoreError as e:
            raise UsageError(f"{output}: {e}") from None
        print(f"exported {len(games)} games to {output}", file=sys.stderr)
    return 0


@_one_line_errors
def import_games(file: str, db: str | None) -> int:
    data = _read_json(file)
    store = _open(db)
    try:
        result = store.import_data(data)
    except StoreError as e:
        raise UsageError(f"{file}: {e}; nothing was imported" if e.code == "import_invalid"
                         else f"{file}: {e}") from None
    parts = [f"added {result.added}", f"already stored {result.skipped}"]
    if result.updated:
        parts.append(f"updated {result.updated}")
    if result.conflicts:
        parts.append(f"kept as stored {len(result.conflicts)}")
    print(f"{file}: " + ", ".join(parts), file=sys.stderr)
    for gid in result.conflicts:
        print(f"  game {gid} is stored with other hands; kept the stored one", file=sys.stderr)
    return 0
