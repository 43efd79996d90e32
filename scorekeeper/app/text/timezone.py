"""The phone's time zone, for showing stored UTC times as the phone's clock does.

Flet 1.0.5 tells the server a tab's language (``page.get_device_info()``) but not its
time zone, and nothing the client sends carries its UTC offset. So ``assets/index.html``
stores ``Intl.DateTimeFormat().resolvedOptions().timeZone`` (an IANA name such as
"Europe/Vilnius") on every page load in the browser's localStorage, under the key
Flutter's ``shared_preferences`` plugin reads; the app reads it back per tab through Flet's
``SharedPreferences`` service. A native build (``flet build apk``) runs Python on the
phone itself, so there the machine's own zone is the phone's: ``None`` is returned and
``Translator.when`` falls back to it (``i18n.local_zone``).
"""

from __future__ import annotations

import asyncio
from datetime import tzinfo
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

TIMEZONE_KEY = "scorekeeper.timezone"  # localStorage "flutter.scorekeeper.timezone"
ANSWER_TIMEOUT = 3.0  # seconds: an old or stuck client must not hold the first screen


def zone_named(name: object) -> tzinfo | None:
    """The IANA zone called ``name``, or None if it is not a zone this machine knows."""
    if not isinstance(name, str) or not name.strip() or len(name) > 64:
        return None
    try:
        return ZoneInfo(name.strip())
    except (ZoneInfoNotFoundError, ValueError):
        return None


async def device_timezone(page: Any) -> tzinfo | None:
    """The zone the browser of this tab reports (None: unknown, use the machine's zone).

    Call it once when the tab's session starts (it asks the browser, one round trip)."""
    if not getattr(page, "web", False):
        return None  # Python runs on the phone: its local zone is the phone's
    import flet as ft

    try:
        name = await asyncio.wait_for(ft.SharedPreferences().get(TIMEZONE_KEY),
                                      timeout=ANSWER_TIMEOUT)
    except Exception:  # no answer, no storage, an old client: the machine's zone
        return None
    return zone_named(name)
