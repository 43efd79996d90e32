"""How a game link reaches Python, and the address another phone opens.

A link of "Show on another phone" is the app's address with the game in its fragment
(``#game=...``, :mod:`scorekeeper.formats.sharelink`). A browser never sends a fragment
to a server, and Flet 1.0.5 hands Python none either: on a server (route strategy
"path") the client drops it from the address before its first message, and the web
app's hash routes would read it as a route. So ``assets/index.html`` reads it in the page,
before Flutter starts: it keeps the fragment in localStorage under the key Flet's
``SharedPreferences`` reads (``flutter.`` + :data:`LINK_KEY`, JSON-encoded, as
``text/timezone.py`` does with the time zone), and turns the address into the link
screen's (``/link/<tag>`` on a server, ``#/link/<tag>`` in the web app; the tag is new at
each opening, so that a server's tab, whose Flet session outlives a reload, hears of a
route change), so a reload shows the game again and the game never goes into an address
a server is asked for. A fragment that changes in an open tab reloads the page.
:func:`page_link` reads it back, once the app opens the link screen.

The address a link starts with is the one the app was opened from (:func:`app_address`):
the web app's page (its hash route dropped), the server's own address, or, on
``--lan``, the address the other phones reach this machine at.
"""

from __future__ import annotations

import asyncio
from typing import Any
from urllib.parse import urlsplit

LINK_KEY = "scorekeeper.link"  # localStorage "flutter.scorekeeper.link"
ANSWER_TIMEOUT = 5.0  # seconds: a stuck client must not hold the screen for ever


async def page_link(page: Any) -> str | None:
    """The fragment the page was opened with (``game=...``), or None if it has none."""
    import flet as ft

    try:
        value = await asyncio.wait_for(ft.SharedPreferences().get(LINK_KEY),
                                       timeout=ANSWER_TIMEOUT)
    except Exception:  # no answer, no storage: the screen says the link could not be read
        return None
    return value if isinstance(value, str) else None


def is_link_route(url: str | None) -> bool:
    """Whether ``url`` opens the screen of a game from a link."""
    from .routes import FromLink, parse

    return isinstance(parse(url), FromLink)


def page_url(page: Any) -> str | None:
    """Flet's ``page.url`` (None where the page has no connection, as in the tests)."""
    try:
        return page.url
    except Exception:
        return None


def app_address(page_url: str | None, lan: Any = None) -> str:
    """The address another phone opens: ``page_url`` (Flet's ``page.url``: the page's
    address in the web app, the websocket's on a server) as an ``http(s)`` address of
    the app's root, or on ``--lan`` the first address of this machine on the network."""
    if lan is not None and getattr(lan, "addresses", None):
        host = lan.addresses[0]
        host = f"[{host}]" if ":" in host else host
        return f"http://{host}:{lan.port}/"
    if not page_url:
        return ""
    parts = urlsplit(page_url.split("#", 1)[0])
    scheme = {"ws": "http", "wss": "https"}.get(parts.scheme, parts.scheme)
    if scheme not in ("http", "https"):
        return ""
    path = parts.path if parts.path.endswith("/") else parts.path.rsplit("/", 1)[0] + "/"
    return f"{scheme}://{parts.netloc}{path}"
