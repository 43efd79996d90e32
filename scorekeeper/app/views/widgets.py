"""Controls every screen uses: the screen frame, buttons, boxes, dialogs, the notice.

Every control a test needs carries an identifier from :mod:`.ids`
(``ft.Semantics(identifier=...)``) and a label for screen readers.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import flet as ft

from ... import rules
from .. import ids
from ..text.i18n import N_
from ..text.messages import Msg
from . import actions, one_tap
from .actions import SAVING_SHOWN_AFTER, run  # noqa: F401 (run: the views' too)
from .naming import name_own_node, own_node
from .row_keys import keyed
from ..routes import Route

if TYPE_CHECKING:
    from ..session import Session

log = logging.getLogger(__name__)

SEED = "#1B6B3A"  # card-table green
RED = "#C62828"
TAP = 48  # the smallest tap target, in logical pixels
FONT = "DejaVu Sans"
MAX_WIDTH = 720
MEMO_SIZE = 96  # controls kept for reuse per tab (a long game's hand rows, the sheet's parts)
# the tapped button while the browser has not yet kept what it saved (see Ui.act)
SAVING = N_("Saving…")


@dataclass
class Ui:
    """What a view needs: the session (and its screen model), a way to redraw, and the
    tab's lock: every handler runs under it, and so does every drawing (the shell's), since
    Flet calls a tap's handler on its event loop and a message from another tab in its
    thread pool, both of which change the session and the tree on the page."""

    session: Session
    refresh: Callable[[], None] = lambda: None
    kept: OrderedDict[Any, ft.Control] = field(default_factory=OrderedDict, repr=False)
    lock: Any = field(default_factory=threading.RLock, repr=False)
    taps: one_tap.Taps = field(default_factory=dict, repr=False)  # see .one_tap
    # the action whose writes the browser has not kept yet (see .actions)
    saving: Any = None
    acting: bool = False  # an action runs (where Python waits for the storage, in it)
    addresses: list[str] = field(default_factory=list, repr=False)  # held by act
    not_kept_said: Any = None  # the last refusal said (cleared by the next action)
    saying: bool = False  # "Saving…" is being drawn (see drawable)

    def memo(self, key: Any, build: Callable[[], ft.Control]) -> ft.Control:
        """The control built for ``key`` before (the very same object, so Flet's diff has
        nothing to walk or send for it), else ``build()``. ``key`` must hold everything the
        control shows and does, its handler's target included (e.g. the screen's address).
        The last MEMO_SIZE are kept, per tab."""
        control = self.kept.get(key)
        if control is None:
            control = self.kept[key] = build()
            while len(self.kept) > MEMO_SIZE:
                self.kept.popitem(last=False)
        else:
            self.kept.move_to_end(key)
        return control

    @property
    def model(self) -> Any:
        return self.session.model

    def act(self, fn: Callable[..., Any], *args: Any,
            then: Callable[[], Any] | None = None) -> Callable[[Any], None]:
        """The one kind of handler: run ``fn(*args)`` (a failure said in words, never a
        traceback), then ``then`` if given (a form's model noting the change), and redraw;
        nothing it did is shown before the browser's storage has kept its writes (see
        :mod:`.actions`)."""
        return lambda e=None: actions.handle(self, fn, args, then)

    def busy(self) -> bool:
        """Whether an action runs (where Python waits for the storage, the browser runs
        the page's other events meanwhile: a Back) or its writes are not kept yet."""
        return self.acting or self.saving is not None

    def drawable(self) -> bool:
        """Whether the screen may be drawn now: not while an action's writes are unkept
        (a screen reads the store, which holds them already: the settings' last backup,
        a list of games), but for its "Saving…"; the outcome is drawn once kept."""
        return self.saving is None or self.saying

    def hold_address(self, url: str) -> bool:
        """While an action runs or its writes are unkept, the address it goes to is held
        (given to the browser once they are kept; never if refused): whether it was."""
        if self.busy():
            self.addresses.append(url)
            return True
        return False

    def shown(self) -> tuple[Route, Any]:
        """The screen to draw (route, model)."""
        return (self.session.route, self.session.model)

    def run(self, fn: Callable[..., Any], *args: Any) -> None:
        """Run one user action without a redraw (e.g. a form kept as a field is left)."""
        with self.lock:
            run(self.session, fn, *args)

    def go(self, route: Route) -> Callable[[Any], None]:
        """A handler that opens ``route``."""
        return self.act(self.session.navigate, route)

    def _(self, msgid: str, **params: Any) -> str:
        return self.session.tr._(msgid, **params)

    def _n(self, singular: str, plural: str, n: int, **params: Any) -> str:
        return self.session.tr._n(singular, plural, n, **params)

    def say(self, msg: Msg) -> str:
        return msg.text(self.session.tr)


def tag(identifier: str, control: ft.Control, label: str | None = None, **kw: Any) -> ft.Control:
    """``control`` with a stable identifier (and a label for screen readers).

    A button's identifier node also carries the button's tap, so a screen reader (or a
    test) that activates the node by its identifier does what a finger on it does, even
    while it is scrolled out of sight; a disabled button's node has no tap.

    A Flutter button, chip or switch has a node of its own (:mod:`.naming`): a plain one
    says the label itself, this node only holds the identifier (no button in a button);
    one with a state (checked, toggled, expanded) is heard as this one node."""
    own = own_node(control)
    state = any(kw.get(k) is not None for k in ("checked", "toggled", "expanded"))
    if own is not None and label and kw.get("button") and not state:
        name_own_node(own, label)
        kw = {k: v for k, v in kw.items() if k in ("expand", "live_region")}
        return ft.Semantics(identifier=identifier, content=control, container=True, **kw)
    if own is not None and state:
        kw["exclude_semantics"] = True
    if label and isinstance(control, ft.IconButton) and isinstance(control.tooltip, str):
        # the label names it for a screen reader; the tooltip (kept for a long press)
        # would be read a second time ("Back Back")
        control.tooltip = ft.Tooltip(message=control.tooltip, exclude_from_semantics=True)
    own_tap = None
    if kw.get("button") and "on_tap" not in kw:
        own_tap = one_tap.own_handler(control, ("on_click",))
        if own_tap is not None:
            kw["on_tap"] = getattr(*own_tap)
    one_tap.share(identifier, control, kw, own_tap)  # a tap sent both ways is one tap
    return ft.Semantics(identifier=identifier, label=label, content=control, container=True,
                        **kw)


def text_field(ui: Ui, text: str, put: Callable[[str], None],
               then: Callable[[Any], None] | None = None, **kw: Any) -> ft.TextField:
    """A field showing the model's ``text``; what is typed goes to the model through
    ``put`` (on the change event, or sooner: :mod:`.inputs`), then ``then`` runs (a
    redraw, say). Give it a ``key``: a redraw keeps the field and the keyboard."""
    said = kw.pop("said", None)
    if said is not None:
        # Flutter's web engine never puts a field's text in its <input> (a filled field
        # read as empty): its name says it ("Player 1: Ala"), the label drawn as before
        shown = kw.pop("label", None)
        kw["label"] = ft.Text(shown or "", semantics_label=f"{said}: {text}" if text
                              else said)
    field = ft.TextField(value=text, **kw)
    typed = ui.session.inputs.add(field, put, text)

    def changed(e: Any) -> None:
        with ui.lock:
            value = value_of(e)  # the field's text (or a test's stand-in control's)
            step = typed.take("" if value is None else str(value))
            run(ui.session, step or (lambda: None))  # after every other field's text
            if then is not None:
                then(e)

    field.on_change = changed
    return field


def value_of(e: Any) -> Any:
    control = getattr(e, "control", None)
    if control is not None and hasattr(control, "value"):
        return control.value
    return getattr(e, "data", None)


def signed(n: int) -> str:
    """A score or total as drawn: a negative one with a true minus sign (U+2212), not the
    hyphen (screen-reader labels keep the plain number)."""
    return str(n).replace("-", "\u2212")


def card_span(card: rules.Card, size: int = 16) -> ft.Text:
    red = card.suit in (rules.Suit.HEARTS, rules.Suit.DIAMONDS)
    return ft.Text(str(card), size=size, weight=ft.FontWeight.BOLD, color=RED if red else None)


# --- building blocks --------------------------------------------------------------------------


def app_bar(ui: Ui, title: str, back: bool = True, actions: list[ft.Control] | None = None,
            two_lines: bool = False) -> ft.AppBar:
    """The screen's bar. ``two_lines``: a title beside two actions, which at 360 px in
    Polish or Lithuanian would be cut before what matters ("Taisyti daliji…" lost the
    hand's number): a smaller size, on two lines if it must."""
    leading = None
    if back:
        leading = tag(ids.BACK, ft.IconButton(ft.Icons.ARROW_BACK, tooltip=ui._("Back"),
                                              on_click=ui.act(ui.session.back)),
                      label=ui._("Back"), button=True)
    text = ft.Text(title, weight=ft.FontWeight.BOLD, size=18, max_lines=2,
                   overflow=ft.TextOverflow.ELLIPSIS) if two_lines else \
        ft.Text(title, weight=ft.FontWeight.BOLD)
    return ft.AppBar(title=text, leading=leading,
                     automatically_imply_leading=False, actions=actions or [],
                     bgcolor=ft.Colors.SURFACE_CONTAINER)


def section(title: str) -> ft.Control:
    return ft.Container(ft.Text(title, size=14, weight=ft.FontWeight.BOLD,
                                color=ft.Colors.PRIMARY),
                        padding=ft.Padding(4, 12, 4, 2))


def big_button(ui: Ui, identifier: str, text: str, on_click: Callable | None,
               icon: Any = None, filled: bool = True, disabled: bool = False,
               said: str | None = None) -> ft.Control:
    """``said``: what a screen reader hears, if not ``text`` (why Save is unavailable)."""
    cls = ft.FilledButton if filled else ft.OutlinedButton
    button = cls(content=ft.Text(text, size=17), icon=icon, on_click=on_click,
                 disabled=disabled, height=56, expand=True)
    return tag(identifier, ft.Row([button]), label=said or text, button=True)


def error_box(ui: Ui, msg: Msg | None) -> ft.Control | None:
    if msg is None:
        return None
    return tag(ids.ERROR, ft.Container(
        ft.Row([ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ON_ERROR_CONTAINER),
                ft.Text(ui.say(msg), color=ft.Colors.ON_ERROR_CONTAINER, expand=True)]),
        bgcolor=ft.Colors.ERROR_CONTAINER, border_radius=12, padding=12),
        live_region=True)


def recovered_box(ui: Ui) -> ft.Control | None:
    """What the store repaired (a damaged save set aside, a backup restored), until the
    player has read it."""
    msgs = ui.session.recovered
    if not msgs:
        return None
    color = ft.Colors.ON_TERTIARY_CONTAINER
    ok = tag(ids.RECOVERED_OK, ft.TextButton(
        content=ft.Text(ui._("Got it"), weight=ft.FontWeight.BOLD, color=color), height=TAP,
        on_click=ui.act(ui.session.dismiss_recovered)), label=ui._("Got it"), button=True)
    return tag(ids.RECOVERED, ft.Container(ft.Column([
        ft.Row([ft.Icon(ft.Icons.RESTORE, color=color),
                ft.Column([ft.Text(ui.say(m), color=color) for m in msgs], spacing=4,
                          expand=True)], vertical_alignment=ft.CrossAxisAlignment.START),
        ft.Row([ok], alignment=ft.MainAxisAlignment.END),
    ], spacing=4), bgcolor=ft.Colors.TERTIARY_CONTAINER, border_radius=12,
        padding=ft.Padding(12, 12, 12, 4)), live_region=True)


def body(ui: Ui, name: str, controls: list[ft.Control | None], room: int = 88) -> ft.Control:
    """The scrolling content of a screen, at most MAX_WIDTH wide; ``room`` at the end
    keeps the last row clear of a floating button."""
    # keyed: a row that comes or goes moves no other row's ids (see .row_keys)
    items = keyed([c for c in controls if c is not None]) + [ft.Container(height=room)]
    column = ft.Column(items, spacing=10, scroll=ft.ScrollMode.AUTO, expand=True,
                       horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    return tag(ids.SCREEN.format(name=name),
               ft.Container(column, padding=ft.Padding(16, 8, 16, 0), expand=True,
                            width=MAX_WIDTH), expand=True)


def frame(ui: Ui, name: str, appbar: ft.AppBar, controls: list[ft.Control | None],
         fab: ft.Control | None = None, bottom: list[ft.Control | None] | None = None,
         top: list[ft.Control] | None = None, error: bool = True) -> ft.View:
    """A screen: app bar, scrolling body and, pinned under it, the screen's main action
    (always in reach of a thumb, however long the body). ``error``: the session's error
    goes on top of the body (False: the screen puts it where it belongs)."""
    if error:
        controls = [error_box(ui, ui.session.error)] + list(controls)
    controls = [recovered_box(ui)] + list(controls)
    main = ft.Row([body(ui, name, controls, room=88 if fab else 16)],
                  alignment=ft.MainAxisAlignment.CENTER,
                  vertical_alignment=ft.CrossAxisAlignment.START, expand=True)
    parts: list[ft.Control] = [main]
    if top:
        parts.insert(0, ft.Container(
            ft.Row([ft.Container(ft.Column(top, spacing=0), width=MAX_WIDTH, expand=True)],
                   alignment=ft.MainAxisAlignment.CENTER),
            bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
            border=ft.Border(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT))))
    if bottom:
        parts.append(ft.Container(
            ft.Row([ft.Container(ft.Column(keyed([c for c in bottom if c is not None]), spacing=4,
                                           horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                                 width=MAX_WIDTH, expand=True, padding=ft.Padding(16, 8, 16, 12))],
                   alignment=ft.MainAxisAlignment.CENTER),
            bgcolor=ft.Colors.SURFACE_CONTAINER,
            border=ft.Border(top=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT))))
    return ft.View(
        route=ui.session.route.url(),
        appbar=appbar,
        controls=[ft.Column(parts, spacing=0, expand=True)],
        floating_action_button=fab,
        padding=0,
        key=f"view-{name}",
    )


def local_time(ui: Ui, iso: str | None) -> str:
    """A stored UTC time in the phone's own zone and language ("today 21:14",
    "29 lis 2026"): the one place the app shows a date."""
    return ui.session.tr.when(iso, ui.session.tz)


def text_action(identifier: str, icon: Any, text: str, on_click: Callable) -> ft.Control:
    """An app-bar action with its word under its icon (an icon alone was a guess), narrow
    enough to leave the title its room at 360 px; a screen reader hears the word once."""
    return tag(identifier, ft.Container(
        ft.Column([ft.Icon(icon, size=22, color=ft.Colors.PRIMARY),
                   ft.Text(text, size=11, color=ft.Colors.PRIMARY, max_lines=1,
                           text_align=ft.TextAlign.CENTER)],
                  spacing=0, tight=True, alignment=ft.MainAxisAlignment.CENTER,
                  horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        height=TAP, padding=ft.Padding(8, 0, 8, 0), border_radius=10, ink=True,
        alignment=ft.Alignment.CENTER, on_click=on_click),
        label=text, button=True, exclude_semantics=True)


# --- dialogs and notices --------------------------------------------------------------------------


def theme() -> ft.Theme:
    return ft.Theme(color_scheme_seed=SEED, font_family=FONT, use_material3=True,
                    visual_density=ft.VisualDensity.STANDARD)
