"""Settings (a TinyDB file) and drafts (a half-entered hand per game) of a data folder,
and the upkeep of the folder itself (its folders, its format marker, temporary files
left by killed writers): parts of :class:`.store.GameStore`."""

from __future__ import annotations

import json
import os
import time
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, Callable, Iterator

from tinydb import Query, TinyDB

from . import migrations, platform
from .errors import StoreError, os_error
from .gamedoc import now_iso
from .storage import DurableStorage, atomic_write, encode, file_lock, utc_stamp


# A draft holds what a stored game can (names of rules.MAX_NAME_LENGTH characters, points
# of 18 digits): a new-game form of rules.MAX_PLAYERS names of 40 characters, each as
# much as 6 bytes in the JSON, is under 3 KB. A bigger draft is refused, never written.
MAX_DRAFT_BYTES = 16 * 1024


class SettingsAndDrafts:
    """Settings and drafts; the folder's upkeep. Mixed into GameStore."""

    path: Path
    _drafts: Path
    _games: Path
    _locks: Path
    _tmp: Path
    _note: Callable[[str, str], None]
    _check_id: Callable[[Any], None]

    def get_setting(self, key: str, default: Any = None) -> Any:
        with self._settings() as db:
            doc = db.table("settings").get(Query().key == key)
        return default if doc is None else doc["value"]

    def set_setting(self, key: str, value: Any) -> None:
        if not isinstance(key, str) or not key:
            raise StoreError("bad_key", "a setting needs a name", key=key)
        _check_json(value, f"the setting {key!r}")
        with self._settings() as db:
            table = db.table("settings")
            with db.storage.batch():  # type: ignore[attr-defined]
                table.upsert({"key": key, "value": value}, Query().key == key)

    def save_draft(self, game_id: str, data: dict | None) -> None:
        """Keep a half-entered hand (atomic, not fsynced: cheap enough to call often); a
        draft bigger than :data:`MAX_DRAFT_BYTES` is refused (``draft_too_big``)."""
        self._check_id(game_id)
        path = self._drafts / f"{game_id}.json"
        if data is None:
            try:
                path.unlink()
            except FileNotFoundError:
                pass
            except OSError as e:
                raise os_error(e, path, "remove") from e
            return
        if not isinstance(data, dict):
            raise StoreError("bad_value", "a draft must be a JSON object")
        payload = _check_json(data, "the draft")
        if len(payload) > MAX_DRAFT_BYTES:
            raise StoreError("draft_too_big", f"the draft has {len(payload):,} bytes; at most "
                             f"{MAX_DRAFT_BYTES:,}", size=len(payload), max=MAX_DRAFT_BYTES)
        atomic_write(path, payload, tmp_dir=self._tmp, durable=False)

    def get_draft(self, game_id: str) -> dict | None:
        """The half-entered hand saved for this game, or None. A draft that cannot be
        read is moved aside (and noted), never overwritten."""
        self._check_id(game_id)
        path = self._drafts / f"{game_id}.json"
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as e:
            raise os_error(e, path, "read") from e
        try:
            data = json.loads(raw)
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
        except (ValueError, UnicodeDecodeError) as e:
            aside = path.with_name(f"{path.name}.damaged-{utc_stamp()}")
            with suppress(OSError):
                os.replace(path, aside)
                self._note("draft", f"the draft of game {game_id} could not be read ({e}); "
                           f"moved it to {aside.name}")
            return None
        return data

    @contextmanager
    def _settings(self) -> Iterator[TinyDB]:
        with file_lock(self._locks / "settings.lock"):
            db = TinyDB(self.path / "settings.json", storage=DurableStorage, backups=3,
                        notes=self._note, tmp_dir=self._tmp, label="the settings file")
            yield db

    # --- the folder ---------------------------------------------------------------------

    def _make_folders(self) -> None:
        if self.path.exists() and not self.path.is_dir():
            raise StoreError("not_a_folder", f"{self.path} is not a folder", path=str(self.path))
        for folder in (self.path, self._games, self._drafts, self._locks, self._tmp):
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                raise os_error(e, folder, "create the folder") from e

    def _check_format(self) -> None:
        marker = self.path / "store.json"
        try:
            data = json.loads(marker.read_bytes())
            fmt = data["format"]
            if isinstance(fmt, bool) or not isinstance(fmt, int):
                raise ValueError
        except FileNotFoundError:
            atomic_write(marker, encode({"format": migrations.FOLDER_FORMAT, "created": now_iso()}),
                         tmp_dir=self._tmp)
            return
        except (OSError, ValueError, KeyError, TypeError):
            # only a marker, but a file that cannot be read is never overwritten
            aside = marker.with_name(f"{marker.name}.damaged-{utc_stamp()}")
            with suppress(OSError, StoreError):
                os.replace(marker, aside)
                atomic_write(marker, encode({"format": migrations.FOLDER_FORMAT, "created": now_iso()}),
                             tmp_dir=self._tmp)
                self._note("rebuilt", f"store.json could not be read; moved it to "
                           f"{aside.name} and wrote it again")
            return
        migrations.check_not_newer(fmt, f"the data folder {self.path}")

    def _clean_tmp(self) -> None:
        """Remove temporary files left by writers that were killed."""
        try:
            names = os.listdir(self._tmp)
        except OSError:
            return
        for name in names:
            parts = name.split(".")
            try:
                alive = platform.writer_alive(int(parts[-3]))
            except (ValueError, IndexError):
                alive = None
            if alive:
                continue  # its writer is still running
            if alive is None:  # cannot tell (Windows): an hour is long enough for a write
                with suppress(OSError):
                    if time.time() - os.stat(self._tmp / name).st_mtime < 3600:
                        continue
            with suppress(OSError):
                os.unlink(self._tmp / name)


def _check_json(value: Any, what: str) -> bytes:
    try:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"),
                          allow_nan=False).encode()
    except (TypeError, ValueError) as e:
        raise StoreError("bad_value", f"{what} cannot be stored: {e}") from None


