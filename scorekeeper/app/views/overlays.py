"""What floats over a screen: the question before a delete, the export text, and the
notice at the bottom (with its Undo). The shell shows them from the session's state."""

from __future__ import annotations

from typing import Any

import flet as ft

from .. import ids
from .widgets import TAP, Ui, tag


def confirm_dialog(ui: Ui) -> ft.AlertDialog | None:
    c = ui.session.confirm
    if c is None:
        return None
    return ft.AlertDialog(
        modal=True,
        title=ft.Text(ui.say(c.title)),
        content=ft.Text(ui.say(c.body)),
        actions=[
            tag(ids.CANCEL, ft.TextButton(content=ui._("Cancel"), height=TAP,
                                          on_click=ui.act(ui.session.answer, False)),
                label=ui._("Cancel"), button=True),
            tag(ids.CONFIRM, ft.FilledButton(content=ui.say(c.yes), height=TAP,
                                             on_click=ui.act(ui.session.answer, True)),
                label=ui.say(c.yes), button=True),
        ],
    )


def export_dialog(ui: Ui) -> ft.AlertDialog | None:
    text = ui.session.export_text
    if text is None:
        return None
    return ft.AlertDialog(
        title=ft.Text(ui._("Every game as JSON")),
        content=tag(ids.EXPORT_TEXT, ft.TextField(value=text, multiline=True, read_only=True,
                                                  min_lines=8, max_lines=14, text_size=12,
                                                  width=600)),
        actions=[
            *([tag(ids.EXPORT_DOWNLOAD, ft.FilledButton(
                content=ui._("Download"), icon=ft.Icons.DOWNLOAD, height=TAP,
                url=ui.session.export_url), label=ui._("Download"), button=True)]
              if ui.session.export_url else []),
            tag(ids.EXPORT_CLOSE, ft.TextButton(content=ui._("Close"), height=TAP,
                                                on_click=ui.act(ui.session.close_export)),
                label=ui._("Close"), button=True),
        ],
    )


UNDO_SECONDS = 60  # an Undo stays this long at most, or until the next action (Ui.act)


def notice_seconds(n: Any) -> int:
    """How long a notice stays: an Undo until the next action (a minute at most: 8 s
    was gone before a table had agreed the delete was a mistake), the rest 4 s."""
    return UNDO_SECONDS if n.undo is not None else 4


def notice_bar(ui: Ui) -> ft.SnackBar | None:
    n = ui.session.notice
    if n is None:
        return None
    parts: list[ft.Control] = [tag(ids.NOTICE, ft.Text(ui.say(n.msg), expand=True),
                                   live_region=True, expand=True)]
    if n.undo is not None:
        parts.append(tag(ids.UNDO, ft.TextButton(
            content=ft.Text(ui._("Undo"), weight=ft.FontWeight.BOLD,
                            color=ft.Colors.INVERSE_PRIMARY),
            on_click=ui.act(ui.session.undo), height=TAP), label=ui._("Undo"), button=True))
    # Floating above the pinned action button, so it never covers it.
    return ft.SnackBar(ft.Row(parts, vertical_alignment=ft.CrossAxisAlignment.CENTER),
                       duration=ft.Duration(seconds=notice_seconds(n)),
                       behavior=ft.SnackBarBehavior.FLOATING,
                       margin=ft.Margin(16, 0, 16, 100))
