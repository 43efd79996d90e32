"""Which controls Flutter gives a semantics node of their own (a button, a chip, a
switch), and how such a control is made to say a label itself: used by
:func:`.widgets.tag`, so that a tagged button is never a button inside a button."""

from __future__ import annotations

from typing import Any

import flet as ft

OWN_NODE = (ft.IconButton, ft.FilledButton, ft.OutlinedButton, ft.TextButton,
            ft.FilledTonalButton, ft.Chip, ft.Switch)  # Flutter gives these a node of their own


def own_node(control: Any) -> Any:
    """The button, chip or switch that ``control`` is (or is alone in a row), if any."""
    if isinstance(control, ft.Row) and len(control.controls) == 1:
        control = control.controls[0]
    return control if isinstance(control, OWN_NODE) else None


def name_own_node(control: Any, label: str) -> None:
    """Let the control's own node say ``label``: as its tooltip (an icon button), or as
    what its text is read as (the text itself stays as drawn)."""
    if isinstance(control, ft.IconButton):
        # the icon is what Flutter's button node is named by; the tooltip (a long press
        # shows the same words) is kept out, or the identifier's node says it again
        if not isinstance(control.icon, ft.Icon):
            control.icon = ft.Icon(control.icon)
        control.icon.semantics_label = label
        control.tooltip = ft.Tooltip(message=label, exclude_from_semantics=True)
        return
    content = getattr(control, "content", None) if not isinstance(control, ft.Chip) \
        else control.label
    if isinstance(content, str) or content is None:
        content = ft.Text(content or label)
    if isinstance(content, ft.Text) and content.value != label:
        content.semantics_label = label
    if isinstance(control, ft.Chip):
        control.label = content
    else:
        control.content = content
