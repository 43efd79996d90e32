"""Translations through Babel and the standard ``gettext`` machinery, and local dates.

The source of every translation is a gettext catalogue,
``scorekeeper/locales/<lang>/LC_MESSAGES/scorekeeper.po``. Babel reads it and compiles it
in memory to ``.mo`` (once per language and process), and ``gettext.GNUTranslations``
translates: ``ngettext`` picks a plural form with the catalogue's own ``Plural-Forms``
(Polish and Lithuanian have three). A ``.mo`` next to the ``.po`` (a build that compiled
them with ``pybabel compile``) is used as it is.

``Translator(lang)`` gives ``_(msgid, **params)`` and ``_n(singular, plural, n, **params)``;
both fill named placeholders with ``str.format`` after translating, so a sentence is
always translated whole. ``N_(msgid)`` marks a string for the catalogues without
translating it (for tables of messages). ``pybabel extract -F babel.cfg`` finds every
``_``, ``_n`` and ``N_`` call (see README, "The app").

``Translator.when(iso_utc, tz, now)`` shows a stored UTC time in the phone's time zone and
language: "today 21:14", "yesterday 08:05", "29 lis 2026".
"""

from __future__ import annotations

import gettext
import io
from datetime import datetime, timezone, tzinfo
from functools import cache
from pathlib import Path

from babel import Locale, dates
from babel.localtime import get_localzone
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LANGUAGES = ("en", "pl", "lt")
DEFAULT_LANGUAGE = "en"
DOMAIN = "scorekeeper"
LOCALES_DIR = Path(__file__).resolve().parents[2] / "locales"

# Shown in their own language in the language picker: never translated.
LANGUAGE_NAMES = {"en": "English", "pl": "Polski", "lt": "Lietuvių"}

TIME_SKELETON = "Hm"  # 21:14 in every language the app speaks
DATE_SKELETON = "yMMMd"  # "29 lis 2026", "Nov 29, 2026"


def N_(msgid: str) -> str:
    """Mark ``msgid`` for translation later (it is looked up when shown)."""
    return msgid


def po_path(lang: str) -> Path:
    return LOCALES_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


# The .po files carry no creation date and Babel would put the time of reading: a fixed one,
# so a catalogue compiles to the same bytes at any time (the web app's build is reproducible)
CATALOGUE_DATE = datetime(2026, 1, 1, tzinfo=timezone.utc)


@cache
def catalog(lang: str) -> Catalog:
    """The language's catalogue as Babel reads it (an empty one if the file is missing)."""
    path = po_path(lang)
    try:
        with path.open("rb") as f:
            read = read_po(f, locale=lang, domain=DOMAIN, abort_invalid=True)
    except OSError:  # a missing catalogue shows English rather than failing
        read = Catalog(locale=lang, domain=DOMAIN)
    read.creation_date = CATALOGUE_DATE
    return read


def compiled(lang: str) -> bytes:
    """The language's catalogue compiled (a ``.mo``'s bytes), the same from the same ``.po``."""
    buf = io.BytesIO()
    write_mo(buf, catalog(lang))
    return buf.getvalue()


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The language's ``gettext`` translations: a built ``.mo``, else the ``.po`` compiled
    in memory; English (the msgids) if there is neither."""
    mo = po_path(lang).with_suffix(".mo")
    po = po_path(lang)
    if mo.is_file() and (not po.is_file() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as f:
            return gettext.GNUTranslations(f)
    if not po.is_file():
        return gettext.NullTranslations()
    return gettext.GNUTranslations(io.BytesIO(compiled(lang)))


def pick_language(setting: str | None, device: str | None) -> str:
    """The language to show: the setting unless it is "system", else the device's."""
    for choice in (setting, device):
        if not choice or choice == "system":
            continue
        code = choice.replace("_", "-").split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return DEFAULT_LANGUAGE


def local_zone() -> tzinfo:
    """This machine's time zone (with its summer time rules), for when the phone's is
    unknown; UTC if the machine does not say."""
    try:
        return get_localzone()
    except Exception:  # no zone configured at all
        return timezone.utc


def parse_utc(iso_utc: str) -> datetime | None:
    """A stored time ('2026-11-29T20:14:00Z'; no zone means UTC), or None if unreadable."""
    try:
        at = datetime.fromisoformat(iso_utc.strip())
    except ValueError:
        return None
    return at if at.tzinfo is not None else at.replace(tzinfo=timezone.utc)


class Translator:
    """Translate whole sentences, then fill their named placeholders."""

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
        self.locale = Locale.parse(self.lang)
        self.gnu = translations(self.lang)

    def _(self, msgid: str, **params: object) -> str:
        text = self.gnu.gettext(msgid) if msgid else msgid
        return text.format(**params) if params else text

    def _n(self, singular: str, plural: str, n: int, **params: object) -> str:
        return self.gnu.ngettext(singular, plural, n).format(n=n, **params)

    def when(self, iso_utc: str | None, tz: tzinfo | None = None,
             now: datetime | None = None) -> str:
        """A stored UTC time as the phone shows it: "today 21:14", "yesterday 21:14",
        or the date alone ("29 lis 2026") further back, in ``tz`` (the phone's zone; this
        machine's if None). ``now`` is for tests. An unreadable time is shown as stored."""
        if not iso_utc:
            return ""
        at = parse_utc(iso_utc)
        if at is None:
            return iso_utc
        zone = tz or local_zone()
        local = at.astimezone(zone)
        today = (now or datetime.now(timezone.utc)).astimezone(zone).date()
        days = (today - local.date()).days
        if days in (0, 1):
            time = dates.format_skeleton(TIME_SKELETON, local, tzinfo=zone, locale=self.locale)
            if days == 0:
                return self._("today {time}", time=time)
            return self._("yesterday {time}", time=time)
        return dates.format_skeleton(DATE_SKELETON, local, tzinfo=zone, locale=self.locale)
