"""Safari deletes a site's storage after 7 days without a visit unless the site is on the
home screen: where the web app runs in Safari and is not installed (``Device.storage_expires``)
the home screen and Settings say so, with Install (the steps) and Back up now."""

from __future__ import annotations

import flet as ft

from .. import backup, ids
from .widgets import Ui, big_button, tag


class Steps:
    """Whether the screen shows how to install (a screen model holds one)."""

    def __init__(self) -> None:
        self.shown = False

    def show(self) -> None:
        self.shown = True


def storage_notice(ui: Ui, steps: Steps, back_up_too: bool) -> list[ft.Control | None]:
    """The notice, Install, its steps once asked for, and Back up now when ``back_up_too``
    (not where the screen has that button already)."""
    if not backup.storage_expires(ui.session):
        return []
    text = ui._(backup.STORAGE_EXPIRES)
    rows: list[ft.Control | None] = [
        ft.Container(height=8),
        tag(ids.STORAGE_EXPIRES, ft.Text(text, size=15), label=text, live_region=True),
        big_button(ui, ids.INSTALL, ui._("Install"), ui.act(steps.show),
                   ft.Icons.ADD_TO_HOME_SCREEN, filled=False),
    ]
    if steps.shown:
        how = ui._(backup.INSTALL_STEPS)
        rows.append(tag(ids.INSTALL_STEPS, ft.Text(how, size=15), label=how))
    if back_up_too:
        rows.append(big_button(ui, ids.BACKUP_NOW, ui._("Back up now"),
                               ui.act(backup.back_up, ui.session),
                               ft.Icons.DOWNLOAD, filled=False))
    return rows
