"""One choice of several as Flutter's own radio buttons in a labelled radio group.

A screen reader hears the group's name, then each option as "radio button, 3 of 4,
checked" (Flutter's ``Radio`` is ``inMutuallyExclusiveGroup``; Flet's ``RadioGroup`` is
the ``radiogroup`` around them). Before, each option was a button tagged ``checked``,
which Chromium's tree (and so TalkBack) calls a checkbox.

Each option is a ``Radio`` with its words beside it, merged into one node
(``MergeSemantics``: the words name the radio, and they wrap, which a ``Radio``'s own
label does not), drawn as today's chips and tiles so the screens look as before. The
option's identifier (:mod:`..ids`) is on a node around that radio, so tests tap and read
it as before; a tap anywhere on the option picks it. Picking a value twice (a tap sent
both ways, flutter/flutter#160560) picks it once."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import flet as ft

from .widgets import TAP

Pick = Callable[[str], Callable[[Any], None]]  # a value -> the handler that picks it


@dataclass(frozen=True)
class Option:
    value: str
    identifier: str
    title: str
    hint: str | None = None  # a second, smaller line (a tile only)
    said: str | None = None  # what a screen reader hears instead of the title


def radio_group(label: str, value: str | None, options: Sequence[Option], pick: Pick,
                look: str = "tile", identifier: str | None = None) -> ft.Control:
    """The options as radios in one group named ``label``. ``look``: "tile" (one a line,
    with a hint), "chip" (wrapping chips) or "fill" (one row sharing the width)."""
    drawn = [option_control(o, o.value == value, pick, look) for o in options]
    if look == "tile":
        layout: ft.Control = ft.Column(drawn, spacing=4)
    else:
        layout = ft.Row(drawn, spacing=6, run_spacing=6, wrap=look == "chip")

    def changed(e: Any) -> None:
        picked = getattr(getattr(e, "control", None), "value", None) or getattr(e, "data", None)
        if picked:
            pick(str(picked))(e)

    # the label inside the group names the group's own node (around it, a node of its own)
    group = ft.RadioGroup(value=value or "", on_change=changed,
                          content=ft.Semantics(label=label, content=layout))
    if identifier is None:
        return group
    return ft.Semantics(identifier=identifier, content=group, container=True)


def named_by_group(control: ft.Control) -> ft.Control:
    """A heading drawn over a radio group that carries the same words: kept out of the
    accessibility tree, so the words are heard once, as the group's name."""
    return ft.Semantics(exclude_semantics=True, content=control)


def option_control(option: Option, chosen: bool, pick: Pick, look: str) -> ft.Control:
    """One option: the radio and its words, one node, tapped anywhere."""
    title = ft.Text(option.title, size=16 if look == "tile" else 15,
                    semantics_label=option.said)
    radio = ft.Radio(value=option.value, visual_density=ft.VisualDensity.COMPACT)
    if look == "tile":
        words: list[ft.Control] = [title]
        if option.hint:
            words.append(ft.Text(option.hint, size=13, color=ft.Colors.ON_SURFACE_VARIANT))
        box = ft.Container(
            ft.Row([radio, ft.Column(words, spacing=0, expand=True)], spacing=4),
            padding=ft.Padding(4, 6, 12, 6), border_radius=12, ink=True,
            on_click=pick(option.value),
            bgcolor=ft.Colors.SECONDARY_CONTAINER if chosen else None)
    else:
        box = ft.Container(
            ft.Row([radio, title], spacing=0, tight=True,
                   alignment=ft.MainAxisAlignment.CENTER),
            height=TAP, padding=ft.Padding(0, 0, 12, 0), border_radius=8, ink=True,
            on_click=pick(option.value),
            bgcolor=ft.Colors.SECONDARY_CONTAINER if chosen else None,
            border=ft.Border.all(1, ft.Colors.SECONDARY_CONTAINER if chosen
                                 else ft.Colors.OUTLINE_VARIANT))
    if look == "fill":  # (an expand=False set in a wrapping row draws an error box)
        box.expand = True
        return ft.Semantics(identifier=option.identifier, container=True,
                            content=ft.MergeSemantics(content=box), expand=True)
    return ft.Semantics(identifier=option.identifier, container=True,
                        content=ft.MergeSemantics(content=box))
