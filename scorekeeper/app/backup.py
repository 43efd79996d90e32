"""A phone with no server keeps the games in its browser (the web app, scorekeeper/web):
whether the browser promised to keep them, and the backup, a JSON file of every game in
the format ``scorekeeper import`` reads (the same as ``scorekeeper export``).

:class:`Device` is what the browser build gives the session (``session.device``); the
server's sessions have none, and show none of this.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any, Callable, Protocol, TypeVar

from ..formats import export_document
from ..store import GameStore
from ..store.gamedoc import now_iso
from .text.i18n import N_, parse_utc

T = TypeVar("T")

LAST_BACKUP = "last_backup"  # the store setting: when "Back up now" was last used (UTC)
REMIND_AFTER = timedelta(days=7)
# Safari (not installed): the home screen and Settings say it, see views.storage_notice
STORAGE_EXPIRES = N_("Safari may delete these games after 7 days without a visit. Add to "
                     "Home Screen to keep them.")
INSTALL_STEPS = N_("In Safari, tap Share (the square with an arrow), then “Add to Home "
                   "Screen”, then Add. Open the score sheet from the home screen from then on.")
# the web app opened while another tab or window has the games (see web.browser)
OPEN_ELSEWHERE = N_("The score sheet is open in another tab or window. Close it, and it "
                    "opens here.")


@dataclass(frozen=True)
class Device:
    """The browser's side: ``persisted`` (the browser granted persistent storage; None
    when it cannot say), ``save_file(name, data)``, which starts a download, and
    ``storage_expires``: Safari, the app not on the home screen, where Safari deletes a
    site's storage after 7 days without a visit."""

    persisted: bool | None
    save_file: Callable[[str, bytes], None]
    storage_expires: bool = False


class Session(Protocol):
    """What of a tab's session the backup needs (the app's ``Session`` is one)."""

    store: Any  # a GameStore, or the role's guarded view of it
    device: Device | None

    def write(self, action: Callable[[GameStore], T], game_id: str | None = None) -> T: ...


def now_utc() -> datetime:
    return datetime.now(timezone.utc)


def backup_bytes(session: Session) -> bytes:
    document = export_document(session.store.export_games(), now_iso())
    return (json.dumps(document, ensure_ascii=False, indent=1) + "\n").encode()


def backup_name(at: datetime) -> str:
    return f"hearts-scorekeeper-backup-{at:%Y-%m-%d}.json"


def last_backup(session: Session) -> str | None:
    value = session.store.get_setting(LAST_BACKUP, None)
    return value if isinstance(value, str) and parse_utc(value) is not None else None


def back_up(session: Session) -> None:
    """Download every game as a file, and remember when."""
    device = session.device
    if device is None:
        return
    at = now_utc()
    device.save_file(backup_name(at), backup_bytes(session))
    stamp = at.isoformat(timespec="seconds").replace("+00:00", "Z")
    session.write(lambda store: store.set_setting(LAST_BACKUP, stamp))


def backup_is_due(session: Session, at: datetime | None = None) -> bool:
    """A reminder on the home screen: there are games, and no backup in a week."""
    if session.device is None or not session.store.list_games():
        return False
    last = last_backup(session)
    when = parse_utc(last) if last else None
    return when is None or (at or now_utc()) - when > REMIND_AFTER


def storage_expires(session: Session) -> bool:
    """Whether the games may be deleted after 7 days without a visit (Safari)."""
    return session.device is not None and session.device.storage_expires
