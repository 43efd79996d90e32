"""Times follow the phone's clock: a browser in a zone neither this machine's nor the other
tests' (Asia/Kolkata, UTC+05:30 all year) sees the game's time on the home screen and
the change log as its own clock shows it (the zone travels through assets/index.html
and Flet's SharedPreferences; scorekeeper/app/text/timezone.py)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from app_steps import Table
from e2e_harness import PHONE, Flutter, NetworkGuard

from scorekeeper import rules
from scorekeeper.app import ids

ZONE = "Asia/Kolkata"


def clock_times(start: datetime, end: datetime, zone: ZoneInfo) -> set[str]:
    """Every HH:MM the phone's clock showed between ``start`` and ``end``."""
    out, t = set(), start.replace(second=0, microsecond=0)
    while t <= end:
        out.add(t.astimezone(zone).strftime("%H:%M"))
        t += timedelta(minutes=1)
    return out


def shown_time(text: str) -> str:
    words = text.split()
    for i, word in enumerate(words[:-1]):
        if word in ("today", "yesterday"):
            return words[i + 1]
    raise AssertionError(f"no 'today/yesterday HH:MM' in {text!r}")


def test_times_are_shown_in_the_phones_time_zone(browser, server) -> None:
    zone = ZoneInfo(ZONE)
    context = browser.new_context(**{**PHONE, "timezone_id": ZONE})
    try:
        page = context.new_page()
        guard = NetworkGuard(page)
        app = Flutter(page, server.url)
        start = datetime.now(timezone.utc)
        table = Table(app)
        table.start()
        table.open_entry()
        table.cards({0: 13}, queen=0)
        table.save(rules.Hand((26, 0, 0, 0)))
        end = datetime.now(timezone.utc)
        phone_clock = clock_times(start, end, zone)
        assert not phone_clock & clock_times(start, end, ZoneInfo("UTC"))

        app.tap(ids.CHANGE_LOG)
        app.wait(ids.CHANGE.format(n=0))
        assert shown_time(app.text(ids.CHANGE.format(n=0))) in phone_clock

        app.open("/", ready=ids.NEW_GAME)
        card = ids.RESUME.format(game_id=table.game_id)
        app.wait(card)
        assert shown_time(app.text(card)) in phone_clock
        assert not guard.problems()
    finally:
        context.close()
