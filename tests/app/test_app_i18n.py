"""The catalogues: every message the app shows exists in Polish and Lithuanian, whole,
with the same placeholders, and plural forms follow each language's Plural-Forms rule.
The messages are those `pybabel extract -F babel.cfg` finds in the code: the app's, and
the share text's in scorekeeper/formats."""

import gettext
import re
from datetime import datetime, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo

from scorekeeper.app.text import i18n
from scorekeeper.app.text.i18n import Translator, pick_language

ROOT = Path(__file__).resolve().parents[2]
# every folder whose code holds messages (the README's `pybabel extract` names the same)
SOURCES = (ROOT / "scorekeeper" / "app", ROOT / "scorekeeper" / "formats")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def extracted() -> dict[str, str | None]:
    """msgid -> msgid_plural (or None) for every message Babel's extractor finds, with
    the project's babel.cfg (the same run as `pybabel extract -F babel.cfg`)."""
    with (ROOT / "babel.cfg").open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f, "babel.cfg")
    out: dict[str, str | None] = {}
    for source in SOURCES:
        for _file, _line, message, _comments, _context in extract_from_dir(
                str(source), method_map, options_map, keywords={}):
            if isinstance(message, tuple):
                out.setdefault(message[0], message[1])
            else:
                out.setdefault(message, None)
    return out


USED = extracted()


def test_the_code_uses_a_good_number_of_messages():
    assert len(USED) > 100
    assert "Tie for lowest: play another hand" in USED
    assert USED["{n} card each"] == "{n} cards each"
    # N_() tables, _() through an attribute (ui._, tr._) and the dates' words are all found
    assert "The disk is full: nothing was saved. Free some space and try again." in USED
    assert "Hand {hand} deleted" in USED
    assert USED["today {time}"] is None and "yesterday {time}" in USED
    # the share text's, in scorekeeper/formats
    assert "Hearts: {winner} won!" in USED and "{player}: J♦ × {n}" in USED
    assert USED["{player}: {n} moon"] == "{player}: {n} moons"


def forms_of(cat, msgid: str) -> list[str] | None:
    """The translations of msgid in a Babel catalogue (one, or one per plural form)."""
    message = cat.get(msgid)
    if message is None:
        return None
    string = message.string
    return list(string) if isinstance(string, (tuple, list)) else [string]


@pytest.mark.parametrize("lang", ["pl", "lt", "en"])
def test_every_message_is_translated_with_the_same_placeholders(lang):
    cat = i18n.catalog(lang)
    problems = []
    for msgid, plural in USED.items():
        forms = forms_of(cat, msgid)
        if not forms or not all(f and f.strip() for f in forms):
            problems.append(f"missing: {msgid!r}")
            continue
        if cat.get(msgid).fuzzy:
            problems.append(f"fuzzy (gettext skips it): {msgid!r}")
        want = placeholders(msgid) | (placeholders(plural) if plural else set())
        ids = cat.get(msgid).id
        if plural is not None:
            if len(forms) != cat.num_plurals:
                problems.append(f"{msgid!r}: {len(forms)} forms, {cat.num_plurals} needed")
            if not isinstance(ids, tuple) or ids[1] != plural:
                problems.append(f"{msgid!r}: msgid_plural differs")
        elif isinstance(ids, tuple):
            problems.append(f"{msgid!r}: plural in the catalogue, singular in the code")
        for form in forms:
            if placeholders(form) != want:
                problems.append(f"{msgid!r} -> {form!r}: placeholders "
                                f"{sorted(placeholders(form))} != {sorted(want)}")
            form.format(**{name: "x" for name in want})  # no stray braces
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", ["pl", "lt"])
def test_translations_are_really_translated(lang):
    cat = i18n.catalog(lang)
    same = [m for m in USED if forms_of(cat, m)[0] == m]
    # Only a few can be spelled the same (e.g. "{giver} → {receiver}").
    assert len(same) <= 3, same


def test_catalogues_hold_no_message_the_code_no_longer_uses():
    for lang in i18n.LANGUAGES:
        ids = {m.id[0] if isinstance(m.id, tuple) else m.id for m in i18n.catalog(lang) if m.id}
        unused = ids - set(USED)
        assert not unused, (lang, sorted(unused))


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_catalogues_pass_babels_checks(lang):
    """Babel reads each file strictly (a syntax error raises) and finds no message whose
    plural forms or format do not fit the catalogue's header."""
    cat = i18n.catalog(lang)
    assert cat.locale is not None and str(cat.locale) == lang
    assert [(m.id, errors) for m, errors in cat.check()] == []


@pytest.mark.parametrize("n, form", [(0, 2), (1, 0), (2, 1), (4, 1), (5, 2), (11, 2), (12, 2),
                                     (14, 2), (21, 2), (22, 1), (25, 2), (102, 1), (112, 2)])
def test_polish_plural_rule(n, form):
    assert i18n.translations("pl").plural(n) == form


@pytest.mark.parametrize("n, form", [(0, 2), (1, 0), (2, 1), (9, 1), (10, 2), (11, 2), (19, 2),
                                     (21, 0), (22, 1), (30, 2), (101, 0), (111, 2)])
def test_lithuanian_plural_rule(n, form):
    assert i18n.translations("lt").plural(n) == form


def test_plural_words_in_sentences():
    pl, lt, en = Translator("pl"), Translator("lt"), Translator("en")
    assert pl._n("{n} card each", "{n} cards each", 1) == "Każdy dostaje 1 kartę"
    assert pl._n("{n} card each", "{n} cards each", 3) == "Każdy dostaje 3 karty"
    assert pl._n("{n} card each", "{n} cards each", 13) == "Każdy dostaje 13 kart"
    assert lt._n("{n} card each", "{n} cards each", 21) == "Kiekvienas gauna 21 kortą"
    assert lt._n("{n} card each", "{n} cards each", 8) == "Kiekvienas gauna 8 kortas"
    assert lt._n("{n} card each", "{n} cards each", 17) == "Kiekvienas gauna 17 kortų"
    assert en._n("{n} card each", "{n} cards each", 1) == "1 card each"
    assert en._n("{n} card each", "{n} cards each", 7) == "7 cards each"


def test_named_placeholders_are_filled_after_translating():
    assert Translator("pl")._("Hand {hand}: {dealer} deals", hand=3, dealer="Ala") == \
        "Rozdanie 3: rozdaje Ala"
    assert Translator("lt")._("Hand {hand}: {dealer} deals", hand=3, dealer="Ala") == \
        "Dalijimas Nr. 3: dalija Ala"


def test_unknown_message_and_language_fall_back_to_english():
    assert Translator("pl")._("Not in any catalogue {x}", x=1) == "Not in any catalogue 1"
    assert Translator("de").lang == "en"


@pytest.mark.parametrize("setting, device, shown", [
    ("system", "pl-PL", "pl"), (None, "lt", "lt"), ("system", "de-DE", "en"),
    ("system", None, "en"), ("lt", "pl-PL", "lt"), ("en", "pl", "en"), ("system", "pl_PL", "pl"),
])
def test_language_follows_the_device_unless_set(setting, device, shown):
    assert pick_language(setting, device) == shown




def test_a_compiled_mo_is_used_and_a_missing_catalogue_means_english(tmp_path, monkeypatch):
    monkeypatch.setattr(i18n, "LOCALES_DIR", tmp_path)
    assert isinstance(i18n.translations.__wrapped__("pl"), gettext.NullTranslations)
    po = i18n.po_path("pl")
    po.parent.mkdir(parents=True)
    cat = i18n.catalog.__wrapped__("pl")  # empty: no file yet
    cat.add("New game", "Nowa gra (z .mo)")
    with po.with_suffix(".mo").open("wb") as f:
        write_mo(f, cat)
    assert i18n.translations.__wrapped__("pl").gettext("New game") == "Nowa gra (z .mo)"


# --- dates and times: the phone's zone and language --------------------------------------

WARSAW, VILNIUS = ZoneInfo("Europe/Warsaw"), ZoneInfo("Europe/Vilnius")
EN, PL, LT = Translator("en"), Translator("pl"), Translator("lt")


def utc(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=timezone.utc)


@pytest.mark.parametrize("tr, tz, shown", [
    (EN, WARSAW, "today 21:14"), (PL, WARSAW, "dziś 21:14"), (LT, WARSAW, "šiandien 21:14"),
    (EN, VILNIUS, "today 22:14"), (PL, VILNIUS, "dziś 22:14"), (LT, VILNIUS, "šiandien 22:14"),
    (EN, timezone.utc, "today 20:14"),
])
def test_today_in_winter(tr, tz, shown):
    assert tr.when("2026-11-30T20:14:00Z", tz, now=utc("2026-11-30T21:00:00")) == shown


def test_summer_time_is_one_hour_more():
    now = utc("2026-07-01T20:00:00")
    assert PL.when("2026-07-01T19:14:00Z", WARSAW, now) == "dziś 21:14"
    assert LT.when("2026-07-01T19:14:00Z", VILNIUS, now) == "šiandien 22:14"


def test_the_night_the_clocks_go_back():
    """25 October 2026, 01:00 UTC: Warsaw goes from 03:00 CEST back to 02:00 CET, Vilnius
    from 04:00 EEST to 03:00 EET. Half an hour before and after read the same on the clock."""
    now = utc("2026-10-25T12:00:00")
    for at in ("2026-10-25T00:30:00Z", "2026-10-25T01:30:00Z"):
        assert PL.when(at, WARSAW, now) == "dziś 02:30"
        assert LT.when(at, VILNIUS, now) == "šiandien 03:30"


def test_today_and_yesterday_are_the_phones_days_not_utcs():
    now = utc("2026-10-25T12:00:00")
    # 22:30 UTC on the 24th is already the 25th in both cities
    assert EN.when("2026-10-24T22:30:00Z", WARSAW, now) == "today 00:30"
    assert LT.when("2026-10-24T22:30:00Z", VILNIUS, now) == "šiandien 01:30"
    # 21:30 UTC: still the 24th in Warsaw, already the 25th in Vilnius
    assert PL.when("2026-10-24T21:30:00Z", WARSAW, now) == "wczoraj 23:30"
    assert EN.when("2026-10-24T21:30:00Z", VILNIUS, now) == "today 00:30"
    assert LT.when("2026-10-23T22:30:00Z", WARSAW, now) == "vakar 00:30"  # the 24th


@pytest.mark.parametrize("tr, shown", [(PL, "29 lis 2026"), (EN, "Nov 29, 2026"),
                                       (LT, "2026-11-29")])
def test_older_times_show_the_date_in_the_language(tr, shown):
    assert tr.when("2026-11-29T10:00:00Z", WARSAW, now=utc("2026-12-01T08:00:00")) == shown


def test_dates_across_the_new_year():
    now = utc("2027-01-01T09:00:00")
    assert PL.when("2026-12-31T23:30:00Z", WARSAW, now) == "dziś 00:30"
    assert PL.when("2026-12-31T22:59:00Z", WARSAW, now) == "wczoraj 23:59"
    assert PL.when("2026-12-30T22:59:00Z", WARSAW, now) == "30 gru 2026"


def test_stored_times_without_a_zone_are_utc_and_odd_ones_are_shown_as_stored():
    now = utc("2026-11-30T21:00:00")
    assert EN.when("2026-11-30T20:14:00", WARSAW, now) == "today 21:14"
    assert EN.when("2026-11-30T20:14:00+00:00", WARSAW, now) == "today 21:14"
    assert EN.when(None, WARSAW, now) == "" and EN.when("", WARSAW, now) == ""
    assert EN.when("last Tuesday", WARSAW, now) == "last Tuesday"


def test_no_zone_from_the_phone_means_this_machines_zone(monkeypatch):
    monkeypatch.setattr(i18n, "local_zone", lambda: VILNIUS)
    assert EN.when("2026-11-30T20:14:00Z", None, utc("2026-11-30T21:00:00")) == "today 22:14"


def test_this_machines_zone_knows_summer_time():
    zone = i18n.local_zone()
    for month in (1, 7):
        assert datetime(2026, month, 1, 12, tzinfo=zone).utcoffset() is not None
