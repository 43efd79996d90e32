"""The session's question (a delete to confirm) or export as a dialog, and its notice as
a snack bar, on one tab's page: each shown once, replaced or closed as soon as the session
no longer asks for it, and a notice taken away after its time.

Called by the shell at every drawing, under the tab's lock (:class:`.main.Shell`).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import flet as ft

from .views import overlays, widgets

log = logging.getLogger(__name__)


def overlay(ui: widgets.Ui) -> ft.DialogControl | None:
    """The dialog the session asks for: a question before a delete, or the export."""
    return overlays.confirm_dialog(ui) or overlays.export_dialog(ui)


class PageOverlays:
    """What of the session's dialog and notice one page shows."""

    def __init__(self, page: ft.Page, ui: widgets.Ui) -> None:
        self.page = page
        self.ui = ui
        self.lock = ui.lock
        self._dialog: ft.DialogControl | None = None
        self._dialog_for: Any = None  # the question (or export text) the dialog shows
        self._notice_shown = 0
        self._bar: Any = None

    @property
    def dialog(self) -> ft.DialogControl | None:
        """The dialog on the page (None when the session asks for none)."""
        return self._dialog

    @property
    def bar(self) -> Any:
        """The notice's snack bar on the page (None when there is none)."""
        return self._bar

    def sync(self) -> None:
        """The page shows what the session asks for now (nothing twice)."""
        self._sync_dialog()
        self._sync_notice()

    def _close(self, dialog: Any) -> None:
        """Close this dialog (not whichever is on top, as ``page.pop_dialog`` would)."""
        if dialog is not None and getattr(dialog, "open", False):
            dialog.open = False
            try:
                dialog.update()
            except Exception:  # already gone from the page
                log.debug("dialog already closed", exc_info=True)

    def _sync_dialog(self) -> None:
        session = self.ui.session
        wanted = session.confirm or session.export_text  # what should be on screen
        if wanted is not None and wanted is self._dialog_for:
            return  # already shown
        if self._dialog is not None:
            self._close(self._dialog)
            self._dialog, self._dialog_for = None, None
        want = overlay(self.ui) if wanted is not None else None
        if want is None:
            return

        def dismissed(e: Any) -> None:
            with self.lock:
                if self._dialog is want:
                    self._dialog, self._dialog_for = None, None
                    session.confirm = None
                    session.export_text = None

        want.on_dismiss = dismissed
        self._dialog, self._dialog_for = want, wanted
        self.page.show_dialog(want)

    def _sync_notice(self) -> None:
        n = self.ui.session.notice
        if n is None:
            if self._bar is not None:  # undone, or left behind with its screen
                self._close(self._bar)
                self._bar = None
            return
        if n.serial == self._notice_shown:
            return
        self._notice_shown = n.serial
        self._close(self._bar)
        bar = overlays.notice_bar(self.ui)
        self._bar = bar
        if bar is not None:
            self.page.show_dialog(bar)
            self.page.run_task(self._expire, bar, n.serial, overlays.notice_seconds(n))

    async def _expire(self, bar: Any, serial: int, seconds: float) -> None:
        """Take the notice away after its time (Flutter keeps a snack bar up while a
        screen reader is on, and the undo it offers is only good for a moment)."""
        await asyncio.sleep(seconds)
        session = self.ui.session
        with self.lock:
            if session.notice is not None and session.notice.serial == serial:
                session.notice = None
            if self._bar is bar:
                self._bar = None
            self._close(bar)
