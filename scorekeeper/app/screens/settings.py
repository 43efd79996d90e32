"""Settings: the language (like the device, or one of ours), the theme, the screen; in the
web app also whether the browser keeps the games, and the backup (see ..backup)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import flet as ft

from .. import backup, ids
from ..text.i18n import LANGUAGE_NAMES, N_, pick_language
from ..routes import Route
from ..views.radios import Option, named_by_group, radio_group
from ..views.widgets import Ui, app_bar, big_button, frame, section, tag, value_of
from ..text.words import THEME_NAME
from ..views.storage_notice import Steps, storage_notice

if TYPE_CHECKING:
    from ..session import Session

# Whether the browser agreed to keep the games (the page asks it to: persistent storage,
# ``navigator.storage.persist()``), as it answered when the app opened; None: it cannot say.
KEPT = {
    True: N_("This browser agreed to keep these games: it will not delete them when space "
             "runs low."),
    False: N_("This browser did not agree to keep these games: it may delete them when "
              "space runs low. Back them up."),
    None: N_("This browser does not say whether it will keep these games: back them up."),
}


class Model:
    def __init__(self, session: Session, route: Route) -> None:
        self.session = session
        self.steps = Steps()  # Safari: how to install, once asked

    def set_language(self, choice: str) -> None:
        self.session.set_language(choice)

    def set_theme(self, theme: str) -> None:
        self.session.set_theme(theme)

    def set_keep_awake(self, on: bool) -> None:
        self.session.set_keep_awake(on)

    def back_up(self) -> None:
        backup.back_up(self.session)


def view(ui: Ui, model: Model) -> ft.View:
    from ..session import LANGUAGE_CHOICES, THEMES

    session = ui.session
    rows: list[ft.Control | None] = [named_by_group(section(ui._("Language")))]
    # the language the app would show when following the device, not the one chosen now
    device = pick_language("system", session.device_language)
    languages = [Option(code, ids.LANGUAGE_OPTION.format(code=code), ui._(
        "Like the device ({language})", language=LANGUAGE_NAMES[device])
        if code == "system" else LANGUAGE_NAMES[code]) for code in LANGUAGE_CHOICES]
    rows.append(radio_group(ui._("Language"), session.language_setting, languages,
                            lambda code: ui.act(model.set_language, code),
                            identifier=ids.LANGUAGE))
    rows.append(named_by_group(section(ui._("Theme"))))
    themes = [Option(mode, ids.THEME_OPTION.format(mode=mode), ui._(THEME_NAME[mode]))
              for mode in THEMES]
    rows.append(radio_group(ui._("Theme"), session.theme, themes,
                            lambda mode: ui.act(model.set_theme, mode), identifier=ids.THEME))
    rows += [section(ui._("Screen")), keep_awake_switch(ui, model)]
    if session.device is not None:  # the web app: the games are in this browser
        rows += storage_rows(ui, model)
    return frame(ui, "settings", app_bar(ui, ui._("Settings")), rows)


def storage_rows(ui: Ui, model: Model) -> list[ft.Control | None]:
    """Whether the browser promised to keep the games, the last backup, Back up now."""
    session = ui.session
    kept = ui._(KEPT[session.device.persisted if session.device is not None else None])
    last = backup.last_backup(session)
    when = (ui._("Last backup: {when}", when=session.tr.when(last, session.tz)) if last
            else ui._("No backup yet."))
    return [
        section(ui._("Saved on this phone")),
        tag(ids.STORAGE_KEPT, ft.Text(kept, size=15), label=kept),
        *storage_notice(ui, model.steps, back_up_too=False),  # Back up now is below
        tag(ids.LAST_BACKUP, ft.Text(when, size=15), label=when),
        ft.Text(ui._("A backup is a file of every game, which the computer version "
                     "imports (scorekeeper import)."), size=13,
                color=ft.Colors.ON_SURFACE_VARIANT),
        big_button(ui, ids.BACKUP_NOW, ui._("Back up now"), ui.act(model.back_up),
                   ft.Icons.DOWNLOAD, filled=False),
    ]


def keep_awake_switch(ui: Ui, model: Model) -> ft.Control:
    """Keep the screen on while the sheet, hand entry or table view is open."""
    on = ui.session.keep_awake
    text = ui._("Keep the screen on during a game")

    def changed(e: Any) -> None:
        ui.act(model.set_keep_awake, str(value_of(e)).lower() in ("true", "1"))(e)

    return tag(ids.KEEP_AWAKE, ft.Switch(label=text, value=on, on_change=changed),
               label=text, toggled=on)
