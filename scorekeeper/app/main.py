"""Wire the app state to a Flet page: one :class:`~.state.App` per browser tab.

The shell only translates between Flet and the app: a route change opens a screen, an
action redraws the current view (a keyed ``ft.View``, so Flet sends only what changed),
dialogs and notices are shown from the state. ``flet run`` uses :func:`main` below with
the default store; ``scorekeeper serve`` uses :func:`make_main` with the ``--db`` store.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import flet as ft

from ..store import GameStore
from . import views
from .access import Role, Table, role_for
from .guarded_store import GuardedStore
from .state import App
from .table_roles import LanTable

log = logging.getLogger(__name__)

FONTS = {views.FONT: "fonts/DejaVuSans.ttf"}
THEME_MODE = {"system": ft.ThemeMode.SYSTEM, "light": ft.ThemeMode.LIGHT,
              "dark": ft.ThemeMode.DARK}
TOPIC = "games"  # pubsub topic: a game changed in another tab
TABLE_TOPIC = "table"  # pubsub topic: the host opened another game; table views follow


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


class Shell:
    """Draws the app's state on a page and feeds page events back to it."""

    def __init__(self, page: ft.Page, app: App) -> None:
        self.page = page
        self.app = app
        self.ui = views.Ui(app, self.render)
        self._dialog: ft.DialogControl | None = None
        self._dialog_key: Any = None
        self._notice_shown = 0
        self._bar: Any = None
        self._awake: bool | None = None
        self._wakelock: Any = None
        app.on_navigate = self._push_route
        app.on_changed = self._tell_others
        app.on_table_moved = self._table_moved
        try:
            page.pubsub.subscribe_topic(TOPIC, self._told)
            page.pubsub.subscribe_topic(TABLE_TOPIC, self._told_table)
        except Exception:  # no pubsub (e.g. a test page): this tab just does not hear
            log.debug("no pubsub", exc_info=True)

    def _table_moved(self) -> None:
        self.page.pubsub.send_others_on_topic(TABLE_TOPIC, "moved")

    def _told_table(self, topic: str, message: Any) -> None:
        """The host opened another game: a table view follows it."""
        if self.app.table_moved():
            self.render()

    def _tell_others(self, game_id: str) -> None:
        self.page.pubsub.send_others_on_topic(TOPIC, game_id)

    def _told(self, topic: str, game_id: Any) -> None:
        """Another tab or phone changed a game: redraw if this screen shows it."""
        if isinstance(game_id, str) and self.app.external_change(game_id):
            self.render()

    def locale_changed(self, e: Any) -> None:
        """The phone's language changed: follow it (unless a language is set)."""
        locales = getattr(e, "locales", None) or []
        if locales:
            self.app.set_device_language(getattr(locales[0], "language_code", None))
            self.render()

    def closed(self, e: Any = None) -> None:
        try:
            self.page.pubsub.unsubscribe_all()
        except Exception:
            pass

    def _push_route(self, route: str) -> None:
        if self.page.route != route:
            self.page.run_task(self.page.push_route, route)

    def route_changed(self, e: Any) -> None:
        route = getattr(e, "route", None) or self.page.route
        if route != self.app.route:
            self.app.open(route)
        self.render()

    def view_popped(self, e: Any) -> None:
        self.app.back()
        self.render()

    def render(self) -> None:
        page, app = self.page, self.app
        try:
            view = views.build(self.ui)
        except Exception:  # never a traceback on the phone: say it and go home
            log.exception("could not draw %s", app.route)
            app.open("/")
            view = views.build(self.ui)
        page.views.clear()
        page.views.append(view)
        page.theme_mode = THEME_MODE[app.theme]
        page.title = app.tr._("Hearts Scorekeeper")
        self._sync_dialog()
        self._sync_notice()
        page.update()
        self._sync_awake()

    def _sync_awake(self) -> None:
        """Keep the screen on while the sheet, hand entry or table view is open (unless
        the setting says not to); let it sleep elsewhere."""
        want = self.app.wants_awake()
        if want == self._awake:
            return
        self._awake = want
        if self._wakelock is None:
            return
        self.page.run_task(self._set_awake, want)

    async def _set_awake(self, want: bool) -> None:
        try:
            if want:
                await self._wakelock.enable()
            else:
                await self._wakelock.disable()
        except Exception:  # a browser that refuses (no user gesture yet, no support)
            log.debug("wake lock %s refused", "enable" if want else "disable", exc_info=True)

    def _close(self, dialog: Any) -> None:
        """Close this dialog (not whichever is on top, as ``page.pop_dialog`` would)."""
        if dialog is not None and getattr(dialog, "open", False):
            dialog.open = False
            try:
                dialog.update()
            except Exception:  # already gone from the page
                pass

    def _sync_dialog(self) -> None:
        app = self.app
        key = (id(app.confirm), app.export_text is not None, app.language)
        if self._dialog is not None and self._dialog_key == key:
            return
        want = views.confirm_dialog(self.ui) or views.export_dialog(self.ui)
        if self._dialog is not None:
            self._close(self._dialog)
            self._dialog = None
            self._dialog_key = None
        if want is None:
            return

        def dismissed(e: Any) -> None:
            if self._dialog is want:
                self._dialog = None
                self._dialog_key = None
                app.confirm = None
                app.export_text = None

        want.on_dismiss = dismissed
        self._dialog = want
        self._dialog_key = key
        self.page.show_dialog(want)

    def _sync_notice(self) -> None:
        n = self.app.notice
        if n is None:
            if self._bar is not None:  # undone, or left behind with its screen
                self._close(self._bar)
                self._bar = None
            return
        if n.serial == self._notice_shown:
            return
        self._notice_shown = n.serial
        self._close(self._bar)
        bar = views.notice_bar(self.ui)
        self._bar = bar
        if bar is not None:
            self.page.show_dialog(bar)
            self.page.run_task(self._expire, bar, n.serial, views.notice_seconds(n))

    async def _expire(self, bar: Any, serial: int, seconds: float) -> None:
        """Take the notice away after its time (Flutter keeps a snack bar up while a
        screen reader is on, and the undo it offers is only good for a moment)."""
        await asyncio.sleep(seconds)
        if self.app.notice is not None and self.app.notice.serial == serial:
            self.app.notice = None
        if self._bar is bar:
            self._bar = None
        self._close(bar)


def setup_page(page: ft.Page) -> None:
    page.title = "Hearts Scorekeeper"
    if not page.web:
        # The web client loads DejaVu Sans (regular and bold) before its first frame from
        # assets/assets/FontManifest.json, so no suit is ever drawn with a fallback font;
        # a native build (flet build apk/ipa) loads it from here.
        page.fonts = dict(FONTS)
    page.theme = views.theme()
    page.dark_theme = views.theme()
    page.padding = 0


def make_main(store: GameStore, export_url: str | None = None, lan: LanTable | None = None
              ) -> Callable[[ft.Page], Awaitable[None]]:
    """The Flet entry point for one store (shared by every tab and phone).

    ``export_url``: where the server offers every game as a file to download (to the
    host only). ``lan``: the table's code, token and addresses when served with --lan;
    each session then gets its role from its client address (loopback: the host)."""
    table = lan.table if lan is not None else Table()

    async def main(page: ft.Page) -> None:
        setup_page(page)
        client = str(getattr(page, "client_ip", "") or "")
        role = role_for(client, lan is not None) if page.web else Role.HOST
        holder: list[App] = []
        guarded = GuardedStore(store, lambda: holder[0].role if holder else role, table)
        app = App(guarded, await device_language(page))  # type: ignore[arg-type]
        holder.append(app)
        app.set_role(role, lan, client)
        app.export_url = export_url if page.web and role is Role.HOST else None
        shell = Shell(page, app)
        try:  # a service: made in the page's context, it registers itself with the page
            shell._wakelock = ft.Wakelock()
        except Exception:
            log.debug("no wake lock", exc_info=True)
        page.on_route_change = shell.route_changed
        page.on_view_pop = shell.view_popped
        page.on_close = shell.closed
        page.on_locale_change = shell.locale_changed
        app.open(page.route)
        shell.render()

    return main


async def main(page: ft.Page) -> None:
    """``flet run``: the default data folder (or FLET_APP_STORAGE_DATA)."""
    await make_main(GameStore.open(None))(page)


if __name__ == "__main__":
    from .serve import assets_dir

    ft.run(main, assets_dir=str(assets_dir()))
