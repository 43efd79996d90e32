"""Settings: the language (like the device, or one of ours) and the theme."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import flet as ft

from .. import ids
from ..text.i18n import LANGUAGE_NAMES, pick_language
from ..routes import Route
from ..views.widgets import Ui, app_bar, choice_tile, frame, section, tag, value_of
from ..text.words import THEME_NAME

if TYPE_CHECKING:
    from ..session import Session


class Model:
    def __init__(self, session: Session, route: Route) -> None:
        self.session = session

    def set_language(self, choice: str) -> None:
        self.session.set_language(choice)

    def set_theme(self, theme: str) -> None:
        self.session.set_theme(theme)

    def set_keep_awake(self, on: bool) -> None:
        self.session.set_keep_awake(on)


def view(ui: Ui, model: Model) -> ft.View:
    from ..session import LANGUAGE_CHOICES, THEMES

    session = ui.session
    rows: list[ft.Control | None] = [section(ui._("Language"))]
    lang_rows = []
    # the language the app would show when following the device, not the one chosen now
    device = pick_language("system", session.device_language)
    for code in LANGUAGE_CHOICES:
        if code == "system":
            text = ui._("Like the device ({language})", language=LANGUAGE_NAMES[device])
        else:
            text = LANGUAGE_NAMES[code]
        selected = session.language_setting == code
        lang_rows.append(tag(ids.LANGUAGE_OPTION.format(code=code), choice_tile(
            text, None, selected, ui.act(model.set_language, code)),
            selected=selected, checked=selected, button=True))
    rows.append(tag(ids.LANGUAGE, ft.Column(lang_rows, spacing=4), label=ui._("Language")))
    rows.append(section(ui._("Theme")))
    theme_rows = []
    for mode in THEMES:
        selected = session.theme == mode
        text = ui._(THEME_NAME[mode])
        theme_rows.append(tag(ids.THEME_OPTION.format(mode=mode), choice_tile(
            text, None, selected, ui.act(model.set_theme, mode)),
            selected=selected, checked=selected, button=True))
    rows.append(tag(ids.THEME, ft.Column(theme_rows, spacing=4), label=ui._("Theme")))
    rows += [section(ui._("Screen")), keep_awake_switch(ui, model)]
    return frame(ui, "settings", app_bar(ui, ui._("Settings")), rows)


def keep_awake_switch(ui: Ui, model: Model) -> ft.Control:
    """Keep the screen on while the sheet, hand entry or table view is open."""
    on = ui.session.keep_awake
    text = ui._("Keep the screen on during a game")

    def changed(e: Any) -> None:
        ui.act(model.set_keep_awake, str(value_of(e)).lower() in ("true", "1"))(e)

    return tag(ids.KEEP_AWAKE, ft.Switch(label=text, value=on, on_change=changed),
               label=text, toggled=on)
