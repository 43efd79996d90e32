"""The shell: wire one :class:`~.session.Session` per browser tab to a Flet page.

It only translates between Flet and the session: an address opens a screen, an action
redraws the screen (handed to Flet, whose keyed diff sends only what changed; the screen
a player came from stays under it as a layer, see :class:`.retain.KeptView`), and the
session's question, export and notice are shown as a dialog or a snack bar. One
navigation draws once: the address the session pushes comes back as a route change, which
is ignored when it is the screen already drawn. ``flet run`` uses :func:`main` with the
default store; ``scorekeeper serve`` uses :func:`make_main` with ``--db``.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import flet as ft

from ..store import GameStore
from .views import one_tap, sharing, widgets
from . import games, linking, retain, routes, screens  # games: the table of games' app parts
from .table.access import Role, Table, role_for
from .backup import Device
from .page_overlays import PageOverlays
from .table.guarded_store import GuardedStore
from .text.i18n import N_
from .server.phone_socket import current_peer
from .session import Session
from .table.table_roles import LanTable, wants_awake
from .text.timezone import device_timezone

log = logging.getLogger(__name__)

FONTS = {widgets.FONT: "fonts/DejaVuSans.ttf"}
THEME_MODE = {"system": ft.ThemeMode.SYSTEM, "light": ft.ThemeMode.LIGHT,
              "dark": ft.ThemeMode.DARK}
TOPIC = "games"  # pubsub topic: a game changed in another tab
TABLE_TOPIC = "table"  # pubsub topic: the host opened another game; table views follow
CRASH_TEXT = N_("Something went wrong. Reload the page.")  # a failed session, on its phone
LATE_REDRAWS = 2  # a text that lands on a drawing being replaced is drawn again, this often


async def device_language(page: ft.Page) -> str | None:
    """The browser's (or phone's) preferred language, e.g. 'pl-PL', if it says."""
    try:
        info = await asyncio.wait_for(page.get_device_info(), timeout=3)
    except Exception:  # an old client or no answer: fall back to English
        return None
    if info is None:
        return None
    language = getattr(info, "language", None)
    if language:
        return str(language)
    locales = getattr(info, "locales", None) or []
    if locales:
        return getattr(locales[0], "language_code", None)
    return None


def draw(ui: widgets.Ui) -> ft.View:
    """The view of the session's screen (drawn from a model that has every text the
    phone's fields hold, so no field is redrawn with an older text: see .inputs)."""
    session = ui.session
    session.catch_up()
    session.inputs.clear()
    route, model = ui.shown()  # see Ui.act
    with one_tap.drawing(ui.taps):
        return screens.SCREENS.module(route).view(ui, model)


F = TypeVar("F", bound=Callable[..., Any])


def locked(method: F) -> F:
    """The Shell method runs under its tab's lock (see Shell.__init__)."""

    @functools.wraps(method)
    def under_lock(self: Shell, *args: Any, **kw: Any) -> Any:
        with self.lock:
            return method(self, *args, **kw)

    return under_lock  # type: ignore[return-value]


class Shell:
    """Draws the session on a page and feeds page events back to it.

    One lock per tab (``lock``, the :class:`~.widgets.Ui`'s): every handler, drawing and
    update of the tab's tree runs under it. Flet runs a tap's handler on its event loop
    (a plain function too, in 1.0.5), a message from another tab (pub-sub) in its thread
    pool, and a connect or disconnect in either; without the lock two of them could
    change the session and draw into the same tree at once."""

    def __init__(self, page: ft.Page, session: Session) -> None:
        self.page = page
        self.session = session
        self.ui = widgets.Ui(session, self.render)
        self.lock = self.ui.lock
        self.overlays = PageOverlays(page, self.ui)  # its dialog and snack bar
        self._awake: bool | None = None
        self.wakelock: Any = None  # ft.Wakelock, made in the page's context (make_main)
        self._news: list[tuple[str, str]] = []  # (topic, message) for the other tabs
        self._stale = False  # the phone was away when its screen changed
        self._kept = retain.KeptView()  # the one view on the page (see retain.KeptView)
        session.on_navigate = self._push_route
        session.on_changed = self._tell_others
        session.on_table_moved = self._table_moved
        try:
            page.pubsub.subscribe_topic(TOPIC, self._told)
            page.pubsub.subscribe_topic(TABLE_TOPIC, self._told_table)
        except Exception:  # no pubsub (e.g. a test page): this tab just does not hear
            log.debug("no pubsub", exc_info=True)

    def _table_moved(self) -> None:
        self._tell(TABLE_TOPIC, "moved")

    @locked
    def _told_table(self, topic: str, message: Any) -> None:
        """The host opened another game: a table view follows it."""
        if self.session.table_moved():
            self._render_when_here()

    def _tell_others(self, game_id: str) -> None:
        self._tell(TOPIC, game_id)

    def _tell(self, topic: str, message: str) -> None:
        """The other tabs hear ``message`` on ``topic`` (a game this tab changed, or the
        host's table moved) once this tab's own phone has its answer (see _announce)."""
        if (topic, message) not in self._news:
            self._news.append((topic, message))

    def _announce(self) -> None:
        """Tell the other tabs what this tab changed. Called after this tab's update is
        sent: their redraws run in other threads, and begun sooner they would hold up
        the phone that saved (each a whole screen drawn)."""
        news, self._news = self._news, []
        for topic, message in news:
            try:
                self.page.pubsub.send_others_on_topic(topic, message)
            except Exception:  # another tab's trouble is not this tab's
                log.debug("could not tell the other tabs", exc_info=True)

    @locked
    def _told(self, topic: str, game_id: Any) -> None:
        """Another tab or phone changed a game: redraw if this screen shows it."""
        if isinstance(game_id, str) and self.session.external_change(game_id):
            self._render_when_here()

    def _render_when_here(self) -> None:
        """Redraw now, or (the phone is away: asleep, or its tab closed) when it is back:
        a screen drawn for nobody is only work taken from the phones at the table."""
        if not self._phone_away():
            self.render()
            return
        self._stale = True
        if not self._phone_away():  # it came back meanwhile: its connect may be past
            self.connected()

    def _phone_away(self) -> bool:
        """No connection to the phone now (Flet keeps the session for its return). Asked
        of Flet's session, not kept from the connect and disconnect events: those run
        in other threads, in no set order when a tab reloads."""
        try:
            return self.page.session.connection is None
        except Exception:  # a page without a session (a test's): here
            return False

    @locked
    def connected(self, e: Any = None) -> None:
        """The phone is back (woken up, or its tab reloaded): what changed meanwhile."""
        stale, self._stale = self._stale, False
        if stale:
            self.render()

    @locked
    def locale_changed(self, e: Any) -> None:
        """The phone's language changed: follow it (unless a language is set)."""
        locales = getattr(e, "locales", None) or []
        if locales:
            self.session.set_device_language(getattr(locales[0], "language_code", None))
            self.render()

    @locked
    def closed(self, e: Any = None) -> None:
        self.session.leave()  # e.g. the new-game form as typed, for a reload
        self._announce()
        try:
            self.page.pubsub.unsubscribe_all()
        except Exception:  # the session is gone already
            log.debug("could not unsubscribe", exc_info=True)

    @locked
    def disconnected(self, e: Any = None) -> None:
        """The connection dropped (a reload, a phone asleep): the session lives on and
        comes back with the next connection, still subscribed to the other tabs' news
        (and drawn again then, if they changed its screen)."""
        self.session.leave()
        self._announce()

    def _push_route(self, url: str) -> None:
        if self.ui.hold_address(url):
            return  # an action's, shown once the browser keeps its writes (Ui.act)
        if self.page.route != url:
            self.page.run_task(self.page.push_route, url)

    @locked
    def route_changed(self, e: Any) -> None:
        if self.ui.busy():
            return  # an action runs or its writes are not kept yet: as a tap, dropped
        url = getattr(e, "route", None) or self.page.route
        if url == self.session.route.url() and self.page.views:
            return  # the address of the screen just drawn: nothing to draw again
        if linking.is_link_route(url):  # a game link: read from the page first
            self.page.run_task(self._open_link, url)
            return
        self.session.open(url)
        self.render()
        self._follow_address(url)

    async def _open_link(self, url: str) -> None:
        link = await linking.page_link(self.page)
        with self.lock:
            self.session.link = link
            self.session.open(url)
            self.render()

    def _follow_address(self, url: str) -> None:
        """The address opened another screen (a role landed where it may be): show that
        screen's address, so what the bar says is what the phone shows."""
        shown = self.session.route.url()
        if shown != url and self.session.route.screen != "not_found":
            self._push_route(shown)

    @locked
    def view_popped(self, e: Any) -> None:
        if self.ui.busy():
            return  # as a tap, dropped while an action runs or its writes are unkept
        self.session.back()
        self.render()

    @locked
    def render(self) -> None:
        if not self.ui.drawable():
            return  # the screen before the action stays until its writes are kept
        page, session = self.page, self.session
        for _ in range(LATE_REDRAWS + 1):  # again while text landed late (Inputs.late)
            try:
                view = draw(self.ui)
            except Exception:  # never a traceback on the phone: say it and go home
                log.exception("could not draw %s", session.route)
                session.open(routes.Home().url())
                view = draw(self.ui)
            self._kept.show(page, self.ui.shown()[0], view)
            page.theme_mode = THEME_MODE[session.theme]
            page.title = session.tr._("Hearts Scorekeeper")
            self.overlays.sync()
            page.update()
            if not session.catch_up_late():
                break
        self._sync_awake()
        self._announce()

    def _sync_awake(self) -> None:
        """Keep the screen on while the sheet, hand entry or table view is open (unless
        the setting says not to); let it sleep elsewhere."""
        want = wants_awake(self.session.keep_awake, self.session.route.screen)
        if want == self._awake or self.wakelock is None:
            return
        self._awake = want
        self.page.run_task(self._set_awake, want)

    async def _set_awake(self, want: bool) -> None:
        try:
            if want:
                await self.wakelock.enable()
            else:
                await self.wakelock.disable()
        except Exception:  # a browser that refuses (no support, page hidden)
            log.debug("wake lock %s refused", "on" if want else "off", exc_info=True)


def setup_page(page: ft.Page) -> None:
    page.title = "Hearts Scorekeeper"
    if not page.web:
        # The web client loads DejaVu Sans (regular and bold) before its first frame from
        # assets/assets/FontManifest.json, so no suit is ever drawn with a fallback font;
        # a native build (flet build apk/ipa) loads it from here.
        page.fonts = dict(FONTS)
    page.theme = widgets.theme()
    page.dark_theme = widgets.theme()
    page.padding = 0


def make_main(store: GameStore, export_url: str | None = None, lan: LanTable | None = None,
              device: Callable[[ft.Page], Device] | None = None
              ) -> Callable[[ft.Page], Awaitable[None]]:
    """The Flet entry point for one store (shared by every tab and phone).

    ``export_url``: where the server offers every game as a file to download (to the
    host). ``lan``: the table's code, token and addresses when served with --lan; each
    session then gets its role from its client address (loopback: the host) and reaches
    the store only through a :class:`GuardedStore` for that role. ``device``: in the
    browser (the web app, no server), what the browser offers (see .backup)."""
    table = lan.table if lan is not None else Table()
    screens.load_all()  # not inside a session (see there)

    async def main(page: ft.Page) -> None:
        setup_page(page)
        # who: the websocket's peer, bound by the server's gate before any message of
        # the phone's was read; never page.client_ip or page.web, which a phone can set
        peer = current_peer()
        client = peer.address if peer is not None else ""
        role = role_for(client, lan is not None)
        holder: list[Session] = []
        guarded = GuardedStore(store, lambda: holder[0].role if holder else role, table)
        session = Session(guarded, await device_language(page), role=role,  # type: ignore[arg-type]
                          screens=screens.SCREENS)
        holder.append(session)
        session.tz = await device_timezone(page)
        session.lan, session.client = lan, client
        session.export_url = export_url if role is Role.HOST else None
        if peer is not None:  # what its phone is told if its session fails
            peer.crash_text = session.tr._(CRASH_TEXT)
        session.can_share = sharing.can_share(page.platform)
        session.device = device(page) if device is not None else None
        shell = Shell(page, session)
        try:  # a service: made in the page's context, it registers itself with the page
            shell.wakelock = ft.Wakelock()
        except Exception:
            log.debug("no wake lock", exc_info=True)
        page.on_route_change = shell.route_changed
        page.on_view_pop = shell.view_popped
        page.on_close = shell.closed
        page.on_disconnect = shell.disconnected
        page.on_connect = shell.connected
        page.on_locale_change = shell.locale_changed
        session.address = linking.app_address(linking.page_url(page), lan)
        if linking.is_link_route(page.route):  # opened from a game link (app/linking.py)
            session.link = await linking.page_link(page)
        with shell.lock:
            session.open(page.route)
            shell.render()
            shell._follow_address(page.route)

    return main


async def main(page: ft.Page) -> None:
    """``flet run``: the default data folder (or FLET_APP_STORAGE_DATA)."""
    await make_main(GameStore.open(None))(page)
