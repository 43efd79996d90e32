"""The screens as thin functions of the app state: ``build(ui) -> ft.View``.

Nothing here computes a score, a total, a pass direction, a dealer or the end of the
game: it draws what :mod:`scorekeeper.rules` says (through :class:`~.state.App`). Every
handler calls one :class:`~.state.App` method and then ``ui.refresh()``. Every control a
test needs carries an identifier from :mod:`.ids` (``ft.Semantics(identifier=...)``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import flet as ft

from .. import rules
from ..rules import MoonChoice, MoonRule, PassDirection, RulesError, Variant
from ..store import StoreError
from . import chart, ids
from .i18n import LANGUAGE_NAMES, N_, pick_language
from .messages import SOMETHING_WRONG, Msg, rules_error, store_error
from .palette import seat_colour
from .screens import stats as stats_screen
from .state import LANGUAGE_CHOICES, TARGET_CHOICES, THEMES, App

log = logging.getLogger(__name__)

SEED = "#1B6B3A"  # card-table green
RED = "#C62828"
TAP = 48  # the smallest tap target, in logical pixels
FONT = "DejaVu Sans"
MAX_WIDTH = 720


@dataclass
class Ui:
    """What a view needs: the app state and a way to redraw after an action."""

    app: App
    refresh: Callable[[], None] = lambda: None

    def act(self, fn: Callable[..., Any], *args: Any) -> Callable[[Any], None]:
        """A handler that runs ``fn(*args)`` and redraws."""

        def handler(e: Any = None) -> None:
            run(self.app, fn, *args)
            self.refresh()

        return handler

    def _(self, msgid: str, **params: Any) -> str:
        return self.app.tr._(msgid, **params)

    def _n(self, singular: str, plural: str, n: int, **params: Any) -> str:
        return self.app.tr._n(singular, plural, n, **params)

    def say(self, msg: Msg) -> str:
        return msg.text(self.app.tr)


def run(app: App, fn: Callable[..., Any], *args: Any) -> None:
    """Run one user action; a failure is shown in words on the screen, never a traceback."""
    try:
        fn(*args)
    except StoreError as err:
        log.warning("store: %s", err)
        app.error = store_error(err)
    except RulesError as err:
        app.error = rules_error(err)
    except Exception:
        log.exception("action %s failed", getattr(fn, "__name__", fn))
        app.error = Msg(SOMETHING_WRONG)


def tag(identifier: str, control: ft.Control, label: str | None = None, **kw: Any) -> ft.Control:
    """``control`` with a stable identifier (and a label for screen readers).

    A button's identifier node also carries the button's tap, so a screen reader (or a
    test) that activates the node by its identifier does what a finger on it does, even
    while it is scrolled out of sight; a disabled button's node has no tap."""
    if kw.get("button") and "on_tap" not in kw:
        target = _tappable(control)
        if target is not None:
            kw["on_tap"] = target.on_click
    return ft.Semantics(identifier=identifier, label=label, content=control, container=True,
                        **kw)


def _tappable(control: Any, depth: int = 0) -> Any:
    """The first control in ``control`` that reacts to a tap (None if it is disabled)."""
    if control is None or depth > 5:
        return None
    if getattr(control, "disabled", False):
        return None
    if getattr(control, "on_click", None) is not None:
        return control
    for name in ("content", "controls"):
        child = getattr(control, name, None)
        for c in (child if isinstance(child, list) else [child]):
            if isinstance(c, ft.BaseControl):
                found = _tappable(c, depth + 1)
                if found is not None:
                    return found
    return None


def value_of(e: Any) -> Any:
    control = getattr(e, "control", None)
    if control is not None and hasattr(control, "value"):
        return control.value
    return getattr(e, "data", None)


# --- words for rules values ---------------------------------------------------------------

DIRECTION = {
    PassDirection.LEFT: N_("Pass left"),
    PassDirection.RIGHT: N_("Pass right"),
    PassDirection.ACROSS: N_("Pass across"),
    PassDirection.HOLD: N_("Hold: no passing"),
}
DIRECTION_SHORT = {
    PassDirection.LEFT: N_("left"),
    PassDirection.RIGHT: N_("right"),
    PassDirection.ACROSS: N_("across"),
    PassDirection.HOLD: N_("hold"),
}
DIRECTION_ICON = {
    PassDirection.LEFT: ft.Icons.ARROW_BACK,
    PassDirection.RIGHT: ft.Icons.ARROW_FORWARD,
    PassDirection.ACROSS: ft.Icons.SWAP_VERT,
    PassDirection.HOLD: ft.Icons.PAN_TOOL_OUTLINED,
}
VARIANT_NAME = {
    Variant.STANDARD: N_("Standard"),
    Variant.CANCELLATION: N_("Cancellation"),
}
VARIANT_HINT = {
    Variant.STANDARD: N_("one deck, 3-7 players"),
    Variant.CANCELLATION: N_("two decks, 6-11 players"),
}
MOON_RULE_NAME = {
    MoonRule.ADD_TO_OTHERS: N_("Add 26 to everyone else"),
    MoonRule.SUBTRACT_FROM_SELF: N_("Take 26 off the shooter"),
    MoonRule.SHOOTER_CHOICE: N_("Shooter's choice"),
}
MOON_CHOICE_NAME = {
    MoonChoice.ADD_TO_OTHERS: N_("Add 26 to everyone else"),
    MoonChoice.SUBTRACT_FROM_SELF: N_("Take 26 off {player}"),
}
THEME_NAME = {"system": N_("Like the device"), "light": N_("Light"), "dark": N_("Dark")}


def signed(n: int) -> str:
    """A score or total as drawn: a negative one with a true minus sign (U+2212), not the
    hyphen (screen-reader labels keep the plain number)."""
    return str(n).replace("-", "\u2212")


def card_span(card: rules.Card, size: int = 16) -> ft.Text:
    red = card.suit in (rules.Suit.HEARTS, rules.Suit.DIAMONDS)
    return ft.Text(str(card), size=size, weight=ft.FontWeight.BOLD, color=RED if red else None)


# --- building blocks --------------------------------------------------------------------------


def app_bar(ui: Ui, title: str, back: bool = True, actions: list[ft.Control] | None = None
            ) -> ft.AppBar:
    leading = None
    if back:
        leading = tag(ids.BACK, ft.IconButton(ft.Icons.ARROW_BACK, tooltip=ui._("Back"),
                                              on_click=ui.act(ui.app.back)),
                      label=ui._("Back"), button=True)
    return ft.AppBar(title=ft.Text(title, weight=ft.FontWeight.BOLD), leading=leading,
                     automatically_imply_leading=False, actions=actions or [],
                     bgcolor=ft.Colors.SURFACE_CONTAINER)


def section(title: str) -> ft.Control:
    return ft.Container(ft.Text(title, size=14, weight=ft.FontWeight.BOLD,
                                color=ft.Colors.PRIMARY),
                        padding=ft.Padding(4, 12, 4, 2))


def big_button(ui: Ui, identifier: str, text: str, on_click: Callable | None,
               icon: Any = None, filled: bool = True, disabled: bool = False) -> ft.Control:
    cls = ft.FilledButton if filled else ft.OutlinedButton
    button = cls(content=ft.Text(text, size=17), icon=icon, on_click=on_click,
                 disabled=disabled, height=56, expand=True)
    return tag(identifier, ft.Row([button]), label=text, button=True)


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
    msgs = ui.app.recovered
    if not msgs:
        return None
    color = ft.Colors.ON_TERTIARY_CONTAINER
    ok = tag(ids.RECOVERED_OK, ft.TextButton(
        content=ft.Text(ui._("Got it"), weight=ft.FontWeight.BOLD, color=color), height=TAP,
        on_click=ui.act(ui.app.dismiss_recovered)), label=ui._("Got it"), button=True)
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
    items = [c for c in controls if c is not None] + [ft.Container(height=room)]
    column = ft.Column(items, spacing=10, scroll=ft.ScrollMode.AUTO, expand=True,
                       horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    return tag(ids.SCREEN.format(name=name),
               ft.Container(column, padding=ft.Padding(16, 8, 16, 0), expand=True,
                            width=MAX_WIDTH), expand=True)


def view(ui: Ui, name: str, appbar: ft.AppBar, controls: list[ft.Control | None],
         fab: ft.Control | None = None, bottom: list[ft.Control | None] | None = None,
         top: list[ft.Control] | None = None) -> ft.View:
    """A screen: app bar, scrolling body and, pinned under it, the screen's main action
    (always in reach of a thumb, however long the body)."""
    if name in ("home", "new", "changes", "settings"):
        controls = [error_box(ui, ui.app.error)] + list(controls)
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
            ft.Row([ft.Container(ft.Column([c for c in bottom if c is not None], spacing=4,
                                           horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                                 width=MAX_WIDTH, expand=True, padding=ft.Padding(16, 8, 16, 12))],
                   alignment=ft.MainAxisAlignment.CENTER),
            bgcolor=ft.Colors.SURFACE_CONTAINER,
            border=ft.Border(top=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT))))
    return ft.View(
        route=ui.app.route,
        appbar=appbar,
        controls=[ft.Column(parts, spacing=0, expand=True)],
        floating_action_button=fab,
        padding=0,
        key=f"view-{name}",
    )


def date_text(iso: str | None) -> str:
    """'2026-11-29T13:55:00Z' -> '2026-11-29 13:55'."""
    if not iso:
        return ""
    return iso.replace("T", " ")[:16]


# --- home -------------------------------------------------------------------------------------


def home(ui: Ui) -> ft.View:
    app = ui.app
    games = app.unfinished_games()
    rows: list[ft.Control | None] = [
        ft.Container(ft.Column([
            ft.Row([ft.Text(suit, size=30, color=RED if suit in "♥♦" else ft.Colors.PRIMARY)
                    for suit in "♠♥♦♣"], alignment=ft.MainAxisAlignment.CENTER, spacing=14),
            ft.Text(ui._("The score sheet for your card table."), size=15),
        ], horizontal_alignment=ft.CrossAxisAlignment.CENTER), alignment=ft.Alignment.CENTER,
            padding=ft.Padding(0, 8, 0, 8)),
        big_button(ui, ids.NEW_GAME, ui._("New game"), ui.act(app.new_game), ft.Icons.ADD),
        section(ui._("Unfinished games")),
    ]
    if not games:
        rows.append(ft.Text(ui._("No unfinished games."), color=ft.Colors.ON_SURFACE_VARIANT))
    for g in games:
        rows.append(game_card(ui, g, ids.RESUME.format(game_id=g.id),
                              ui.act(app.navigate, f"/game/{g.id}")))
    rows.append(ft.Container(height=8))
    rows.append(big_button(ui, ids.HISTORY, ui._("History"), ui.act(app.navigate, "/history"),
                           ft.Icons.HISTORY, filled=False))
    rows.append(big_button(ui, ids.STATS, ui._("Stats"), ui.act(app.navigate, "/stats"),
                           ft.Icons.LEADERBOARD_OUTLINED, filled=False))
    actions = [tag(ids.SETTINGS, ft.IconButton(ft.Icons.SETTINGS_OUTLINED,
                                                tooltip=ui._("Settings"),
                                                on_click=ui.act(app.navigate, "/settings")),
                   label=ui._("Settings"), button=True)]
    return view(ui, "home", app_bar(ui, ui._("Hearts Scorekeeper"), back=False,
                                    actions=actions), rows)


def game_card(ui: Ui, g: Any, identifier: str, on_click: Callable,
              extra: list[ft.Control] | None = None) -> ft.Control:
    players = ", ".join(g.players)
    small = dict(size=13, color=ft.Colors.ON_SURFACE_VARIANT)
    facts: list[ft.Control] = []
    if g.finished and g.winner is not None:
        facts.append(ft.Text(ui._("{winner} won", winner=g.winner), size=13,
                             weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY))
    facts.append(ft.Text(ui._n("{n} hand played", "{n} hands played", g.hands), **small))
    facts.append(ft.Text(date_text(g.updated), **small))
    lines: list[ft.Control] = [
        ft.Text(players, size=16, weight=ft.FontWeight.BOLD, max_lines=2,
                overflow=ft.TextOverflow.ELLIPSIS),
        ft.Row(facts, spacing=12, wrap=True, run_spacing=0),
    ]
    totals = getattr(g, "totals", None)
    if totals and g.hands:
        lines.append(ft.Row([ft.Text(f"{name} {signed(total)}", size=13) for name, total in
                             zip(g.players, totals)], spacing=10, wrap=True, run_spacing=0))
    content = ft.Container(
        ft.Row([ft.Column(lines, spacing=2, expand=True), *(extra or [])],
               vertical_alignment=ft.CrossAxisAlignment.CENTER),
        padding=ft.Padding(16, 12, 8, 12), on_click=on_click, ink=True, border_radius=12)
    return tag(identifier, ft.Card(content, margin=0), button=True)


# --- new game -----------------------------------------------------------------------------------


def new_game(ui: Ui) -> ft.View:
    app, form = ui.app, ui.app.form
    n = form.count

    def name_changed(seat: int) -> Callable[[Any], None]:
        def handler(e: Any) -> None:
            form.set_name(seat, value_of(e) or "")  # typing is not redrawn: focus stays
            run(app, app.form_changed)
        return handler

    def act(fn: Callable[..., Any], *args: Any) -> Callable[[Any], None]:
        """A form action: done, kept (a reload keeps the form), redrawn."""
        def handler(e: Any = None) -> None:
            run(app, fn, *args)
            run(app, app.form_changed)
            ui.refresh()
        return handler

    rows: list[ft.Control | None] = [section(ui._("Players, clockwise"))]
    for seat in range(n):
        label = ui._("Player {number}", number=seat + 1)
        field = tag(ids.PLAYER_NAME.format(seat=seat), ft.TextField(
            value=form.names[seat], label=label, dense=False, expand=True,
            capitalization=ft.TextCapitalization.WORDS, max_length=24, counter="",
            on_change=name_changed(seat), on_submit=lambda e: ui.refresh(),
            key=f"name-{seat}"), label=label, expand=True)
        buttons = [
            tag(ids.PLAYER_UP.format(seat=seat), ft.IconButton(
                ft.Icons.ARROW_UPWARD, tooltip=ui._("Move up"), disabled=seat == 0,
                on_click=act(form.move, seat, -1), width=TAP, height=TAP),
                label=ui._("Move {name} up", name=form.names[seat] or label), button=True),
            tag(ids.PLAYER_DOWN.format(seat=seat), ft.IconButton(
                ft.Icons.ARROW_DOWNWARD, tooltip=ui._("Move down"), disabled=seat == n - 1,
                on_click=act(form.move, seat, 1), width=TAP, height=TAP),
                label=ui._("Move {name} down", name=form.names[seat] or label), button=True),
            tag(ids.PLAYER_REMOVE.format(seat=seat), ft.IconButton(
                ft.Icons.CLOSE, tooltip=ui._("Remove"), disabled=n <= rules.MIN_PLAYERS,
                on_click=act(form.remove_player, seat), width=TAP, height=TAP),
                label=ui._("Remove {name}", name=form.names[seat] or label), button=True),
        ]
        rows.append(ft.Row([field, *buttons], spacing=0,
                           vertical_alignment=ft.CrossAxisAlignment.START))
    if n < rules.MAX_PLAYERS:
        rows.append(tag(ids.ADD_PLAYER, ft.TextButton(
            content=ui._("Add a player"), icon=ft.Icons.PERSON_ADD_ALT,
            on_click=act(form.add_player, ""), height=TAP), label=ui._("Add a player"),
            button=True))
    recent = app.recent_names()
    if recent and n <= rules.MAX_PLAYERS:
        chips = [tag(ids.SUGGESTION.format(n=i), ft.Chip(
            label=ft.Text(name), leading=ft.Icon(ft.Icons.PERSON_OUTLINE, size=18),
            on_click=act(form.add_player, name), height=TAP),
            label=ui._("Add {name}", name=name), button=True)
            for i, name in enumerate(recent[:12])]
        rows.append(ft.Text(ui._("Recent players: tap to add"), size=13,
                            color=ft.Colors.ON_SURFACE_VARIANT))
        rows.append(ft.Row(chips, wrap=True, spacing=6, run_spacing=0))

    # variant: only the ones this many players can play
    offered = form.variants()
    rows.append(section(ui._("Variant")))
    for v in offered:
        selected = v == form.variant
        rows.append(tag(ids.VARIANT.format(variant=v.value), choice_tile(
            ui._(VARIANT_NAME[v]), ui._(VARIANT_HINT[v]), selected,
            act(form.set_variant, v)), label=ui._(VARIANT_NAME[v]), selected=selected,
            button=True))

    rows.append(section(ui._("Target")))
    target_buttons = []
    for choice in TARGET_CHOICES:
        text = ui._("Other") if choice == "other" else choice
        selected = form.target_choice == choice
        button = (ft.FilledButton if selected else ft.OutlinedButton)(
            content=text, on_click=act(setattr, form, "target_choice", choice),
            height=TAP, expand=True, style=ft.ButtonStyle(padding=ft.Padding(4, 0, 4, 0)))
        target_buttons.append(tag(ids.TARGET.format(value=choice), button, label=text,
                                  selected=selected, button=True, expand=True))
    rows.append(ft.Row(target_buttons, spacing=6))
    if form.target_choice == "other":
        def other_changed(e: Any) -> None:
            form.target_other = value_of(e) or ""
            run(app, app.form_changed)
        rows.append(tag(ids.TARGET_OTHER, ft.TextField(
            value=form.target_other, label=ui._("Target points"),
            keyboard_type=ft.KeyboardType.NUMBER, on_change=other_changed,
            input_filter=ft.NumbersOnlyInputFilter(), key="target-other"),
            label=ui._("Target points")))

    rows.append(section(ui._("Shooting the moon")))
    for rule in MoonRule:
        selected = form.moon == rule
        rows.append(tag(ids.MOON_RULE.format(rule=rule.value), choice_tile(
            ui._(MOON_RULE_NAME[rule]), None, selected, act(setattr, form, "moon", rule)),
            label=ui._(MOON_RULE_NAME[rule]), selected=selected, button=True))

    rows.append(section(ui._("First dealer")))
    dealers = []
    for seat in range(n):
        name = form.names[seat].strip() or ui._("Player {number}", number=seat + 1)
        selected = seat == form.first_dealer
        chip = ft.Chip(label=ft.Text(name), selected=selected, show_checkmark=True,
                       on_select=act(setattr, form, "first_dealer", seat), height=TAP)
        dealers.append(tag(ids.FIRST_DEALER_OPTION.format(seat=seat), chip,
                           label=ui._("{player} deals first", player=name),
                           selected=selected, button=True,
                           on_tap=act(setattr, form, "first_dealer", seat)))
    rows.append(tag(ids.FIRST_DEALER, ft.Row(dealers, wrap=True, spacing=6, run_spacing=0),
                    label=ui._("First dealer")))

    rows.append(tag(ids.QUEEN_BREAKS, ft.Switch(
        label=ui._("The queen of spades breaks hearts"), value=form.queen_breaks_hearts,
        on_change=lambda e: act(setattr, form, "queen_breaks_hearts", bool(value_of(e)))(e)),
        label=ui._("The queen of spades breaks hearts")))

    plan = form.deck_plan()
    if plan is not None:
        rows.append(deck_card(ui, plan, n))
    bottom = [error_box(ui, form.error),
              big_button(ui, ids.START_GAME, ui._("Start the game"), ui.act(app.start_game),
                         ft.Icons.PLAY_ARROW)]
    title = ui._("Rematch") if form.rematch_of else ui._("New game")
    return view(ui, "new", app_bar(ui, title), rows, bottom=bottom)


def choice_tile(title: str, subtitle: str | None, selected: bool, on_click: Callable
                ) -> ft.Control:
    icon = ft.Icons.RADIO_BUTTON_CHECKED if selected else ft.Icons.RADIO_BUTTON_UNCHECKED
    texts: list[ft.Control] = [ft.Text(title, size=16)]
    if subtitle:
        texts.append(ft.Text(subtitle, size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    return ft.Container(
        ft.Row([ft.Icon(icon, color=ft.Colors.PRIMARY if selected else None),
                ft.Column(texts, spacing=0, expand=True)]),
        padding=ft.Padding(12, 12, 12, 12), border_radius=12, ink=True, on_click=on_click,
        bgcolor=ft.Colors.SECONDARY_CONTAINER if selected else None)


def deck_card(ui: Ui, plan: rules.DeckPlan, players: int) -> ft.Control:
    lines: list[ft.Control] = []
    if plan.decks == 2:
        lines.append(ft.Text(ui._("Shuffle two full decks together."), size=15))
    if plan.removed:
        lines.append(ft.Row([ft.Text(ui._("Take out:"), size=15)] +
                            [card_span(c) for c in plan.removed], wrap=True, spacing=6))
    elif plan.decks == 1:
        lines.append(ft.Text(ui._("Use the whole deck."), size=15))
    lines.append(ft.Text(ui._n("{n} card each", "{n} cards each", plan.cards_each), size=15))
    if plan.leftover:
        lines.append(ft.Text(ui._n(
            "{n} card left over: face down, for whoever wins the first trick.",
            "{n} cards left over: face down, for whoever wins the first trick.",
            plan.leftover), size=15))
    if plan.first_lead is not None:
        lines.append(ft.Row([card_span(plan.first_lead),
                             ft.Text(ui._("leads the first trick"), size=15)], spacing=6))
    else:
        lines.append(ft.Text(ui._("The player left of the dealer leads the first trick "
                                  "(no heart, no queen of spades)."), size=15))
    return tag(ids.DECK_PLAN, ft.Card(ft.Container(ft.Column(
        [ft.Text(ui._("Preparing the cards"), weight=ft.FontWeight.BOLD, size=15)] + lines,
        spacing=4), padding=14), margin=0))


# --- score sheet -------------------------------------------------------------------------------

COL = 64  # width of one player's column when they do not all fit the screen
NUM_COL = 40
FIT = 5  # up to this many players the columns share the width of the screen


def sheet(ui: Ui) -> ft.View:
    app = ui.app
    stored = app.game
    assert stored is not None
    game = stored.game
    st = rules.state(game)
    names = game.players
    read_only = app.where.read_only
    fit = game.seats <= FIT
    width = None if fit else COL

    def column(content: ft.Control, **kw: Any) -> ft.Control:
        return ft.Container(content, width=width, expand=fit, **kw)

    header_cells = []
    for seat, name in enumerate(names):
        leader = seat in st.leaders and bool(game.hands)
        total = st.totals[seat]
        mark = tag(ids.LEADER.format(seat=seat),
                   ft.Icon(ft.Icons.EMOJI_EVENTS, size=18, color=ft.Colors.AMBER_700),
                   label=ui._("Lowest total")) if leader else ft.Container(height=18)
        header_cells.append(tag(ids.PLAYER_HEADER.format(seat=seat), column(ft.Column([
            mark,
            ft.Text(name, size=13, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS,
                    text_align=ft.TextAlign.CENTER, weight=ft.FontWeight.BOLD),
            ft.Container(height=3, width=28, bgcolor=seat_colour(seat), border_radius=2),
            tag(ids.TOTAL.format(seat=seat), ft.Text(
                signed(total), size=26, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER,
                color=ft.Colors.PRIMARY if leader else None),
                label=ui._n("{player}: {n} point", "{player}: {n} points", total,
                            player=name)),
        ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            padding=ft.Padding(2, 4, 2, 4),
            bgcolor=ft.Colors.PRIMARY_CONTAINER if leader else None, border_radius=10),
            label=name, expand=fit))
    header = ft.Row([ft.Container(width=NUM_COL)] + header_cells, spacing=4)

    # Up to FIT players the totals stay pinned on top while the hands scroll under them.
    pinned = [ft.Container(header, padding=ft.Padding(24, 4, 24, 4))] if fit else None
    rows: list[ft.Control] = [] if fit else [header, ft.Divider(height=1)]
    for number, hs in enumerate(st.hands, 1):
        info = rules.hand_info(game, number)
        cells = []
        moon_note = None
        if hs.moon is not None:
            moon_note = ui._("{player} shot the moon", player=names[hs.moon.player])
        for seat, score in enumerate(hs.scores):
            moon = hs.moon is not None and hs.moon.player == seat
            text = ft.Text(signed(score), size=17, text_align=ft.TextAlign.CENTER,
                           weight=ft.FontWeight.BOLD if moon else None,
                           color=ft.Colors.PRIMARY if moon else None)
            content: ft.Control = text
            if moon:  # a small moon beside the shooter's score, read out as who shot it
                mark = tag(ids.MOON_MARK.format(n=number), ft.Text(
                    "☾", size=13, weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY),
                    label=moon_note)
                content = ft.Row([mark, text], spacing=2, tight=True,
                                 alignment=ft.MainAxisAlignment.CENTER,
                                 vertical_alignment=ft.CrossAxisAlignment.CENTER)
            cells.append(tag(ids.CELL.format(n=number, seat=seat), column(
                content, alignment=ft.Alignment.CENTER), expand=fit))
        direction = ui._(DIRECTION_SHORT[info.direction])
        if moon_note:
            label = ui._("Hand {hand}, {direction}. {moon}", hand=number, direction=direction,
                         moon=moon_note)
        else:
            label = ui._("Hand {hand}, {direction}", hand=number, direction=direction)
        row = ft.Container(ft.Row([
            ft.Container(ft.Column([
                ft.Text(str(number), size=13, weight=ft.FontWeight.BOLD),
                ft.Icon(DIRECTION_ICON[info.direction], size=14, tooltip=direction),
            ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER), width=NUM_COL),
            *cells], spacing=4), padding=ft.Padding(0, 4, 0, 4), border_radius=8,
            on_click=None if read_only else ui.act(app.edit_hand, number), ink=not read_only,
            tooltip=moon_note)
        rows.append(tag(ids.HAND_ROW.format(n=number), row,
                        label=label,
                        button=not read_only))
    if not st.hands:
        rows.append(ft.Container(ft.Text(ui._("No hands yet."),
                                         color=ft.Colors.ON_SURFACE_VARIANT),
                                 padding=ft.Padding(NUM_COL, 8, 0, 8)))
    elif not read_only:
        rows.append(ft.Container(ft.Text(ui._("Tap a hand to change or delete it."), size=13,
                                         color=ft.Colors.ON_SURFACE_VARIANT),
                                 padding=ft.Padding(4, 6, 0, 0)))
    if fit:
        table: ft.Control = ft.Column(rows, spacing=2)
    else:
        table = ft.Row([ft.Column(rows, spacing=2)], scroll=ft.ScrollMode.AUTO)

    top: list[ft.Control | None] = [error_box(ui, app.error)]
    if read_only:
        top.append(tag(ids.READ_ONLY, ft.Text(ui._("Read only: open from the home screen "
                                                   "to play on."),
                                              color=ft.Colors.ON_SURFACE_VARIANT)))
    if st.game_over:
        top.append(game_over_card(ui, game, st))
    else:
        if st.standing.tie_for_lowest:
            top.append(tag(ids.TIE, ft.Container(ft.Row([
                ft.Icon(ft.Icons.BALANCE, color=ft.Colors.ON_TERTIARY_CONTAINER),
                ft.Text(ui._("Tie for lowest: play another hand"), size=16,
                        weight=ft.FontWeight.BOLD, color=ft.Colors.ON_TERTIARY_CONTAINER,
                        expand=True)]), bgcolor=ft.Colors.TERTIARY_CONTAINER,
                border_radius=12, padding=12), live_region=True))
        top.append(banner(ui, game, st))
    top.append(target_info(ui, game, st))
    top.append(sheet_tabs(ui))
    if app.sheet_tab == "chart":
        shown: ft.Control = chart.score_chart(chart.chart_model(game), app.tr)
    else:
        shown = table
    controls = top + [ft.Card(ft.Container(shown, padding=8), margin=0)]
    changes = tag(ids.CHANGE_LOG, ft.IconButton(ft.Icons.RECEIPT_LONG_OUTLINED, tooltip=ui._("Changes"),
                                                on_click=ui.act(app.navigate,
                                                                f"/game/{stored.id}/changes")),
                  label=ui._("Changes"), button=True)
    bottom = None
    if not st.game_over and not read_only:
        assert st.next_hand is not None
        text = ui._("Enter hand {hand}", hand=st.next_hand.number)
        bottom = [big_button(ui, ids.ENTER_HAND, text, ui.act(app.enter_hand),
                             ft.Icons.EDIT_NOTE)]
    title = ui._("Score sheet")
    return view(ui, "sheet", app_bar(ui, title, actions=[changes]), controls, bottom=bottom,
                top=pinned)


SHEET_TABS = (("table", N_("Hands"), ft.Icons.TABLE_ROWS_OUTLINED),
              ("chart", N_("Chart"), ft.Icons.SHOW_CHART))


def sheet_tabs(ui: Ui) -> ft.Control:
    """The switch between the hands (the score table) and the chart."""
    buttons = []
    for tab, text, icon in SHEET_TABS:
        picked = ui.app.sheet_tab == tab
        cls = ft.FilledTonalButton if picked else ft.TextButton
        buttons.append(tag(ids.SHEET_TAB.format(mode=tab), cls(
            content=ft.Text(ui._(text), size=15), icon=icon, height=TAP, expand=True,
            on_click=ui.act(ui.app.show_sheet_tab, tab)), label=ui._(text), button=True,
            selected=picked, expand=True))
    return ft.Row(buttons, spacing=8)


def target_info(ui: Ui, game: rules.Game, st: rules.GameState) -> ft.Control:
    target = game.rules.target
    to_go = rules.points_to_target(st.totals, target)
    if to_go > 0:
        text = ui._n("Target {target}: the highest total is {n} point away.",
                     "Target {target}: the highest total is {n} points away.",
                     to_go, target=target)
    else:
        text = ui._("Target {target} reached.", target=target)
    variant = ui._(VARIANT_NAME[game.rules.variant])
    moon = ui._(MOON_RULE_NAME[game.rules.moon])
    return tag(ids.TARGET_INFO, ft.Column([
        ft.Row([ft.Icon(ft.Icons.FLAG_OUTLINED, size=18), ft.Text(text, size=15, expand=True)]),
        ft.Text(ui._("{variant} · moon: {moon}", variant=variant, moon=moon), size=13,
                color=ft.Colors.ON_SURFACE_VARIANT),
    ], spacing=2))


def banner(ui: Ui, game: rules.Game, st: rules.GameState) -> ft.Control:
    n = st.next_hand
    assert n is not None
    names = game.players
    lines: list[ft.Control] = [
        ft.Text(ui._("Hand {hand}: {dealer} deals", hand=n.number, dealer=names[n.dealer]),
                size=19, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_PRIMARY_CONTAINER),
    ]
    direction = ui._(DIRECTION[n.direction])
    lines.append(ft.Row([ft.Icon(DIRECTION_ICON[n.direction], size=20,
                                 color=ft.Colors.ON_PRIMARY_CONTAINER),
                         ft.Text(direction, size=16, weight=ft.FontWeight.BOLD,
                                 color=ft.Colors.ON_PRIMARY_CONTAINER)]))
    if n.passes:
        pairs = [ui._("{giver} → {receiver}", giver=names[a], receiver=names[b])
                 for a, b in n.passes.items()]
        lines.append(ft.Row([ft.Container(ft.Text(p, size=14), bgcolor=ft.Colors.SURFACE,
                                          border_radius=8, padding=ft.Padding(8, 4, 8, 4))
                             for p in pairs], wrap=True, spacing=6, run_spacing=6))
    if n.first_lead is not None:
        lead = ft.Row([card_span(n.first_lead, 17),
                       ft.Text(ui._("leads the first trick"), size=15,
                               color=ft.Colors.ON_PRIMARY_CONTAINER)], spacing=6)
    else:
        lead = ft.Text(ui._("{player} leads the first trick (no heart, no queen of spades)",
                            player=names[n.first_leader]), size=15,  # type: ignore[index]
                       color=ft.Colors.ON_PRIMARY_CONTAINER)
    lines.append(lead)
    if game.rules.queen_breaks_hearts:
        lines.append(ft.Text(ui._("The queen of spades breaks hearts."), size=13,
                             color=ft.Colors.ON_PRIMARY_CONTAINER))
    return tag(ids.BANNER, ft.Container(ft.Column(lines, spacing=6),
                                        bgcolor=ft.Colors.PRIMARY_CONTAINER, border_radius=16,
                                        padding=16), live_region=True)


def game_over_card(ui: Ui, game: rules.Game, st: rules.GameState) -> ft.Control:
    names = game.players
    winner = names[st.winner]  # type: ignore[index]
    order = sorted(range(game.seats), key=lambda s: (st.totals[s], s))
    standings = []
    places = rules.places(st.totals)
    for row, seat in enumerate(order, 1):
        # shared totals share a place (1, 2, 2, 4); the identifier is the row
        place = places[seat]
        standings.append(tag(ids.STANDING.format(place=row), ft.Row([
            ft.Text(f"{place}.", width=28, size=16),
            ft.Text(names[seat], size=16, expand=True,
                    weight=ft.FontWeight.BOLD if place == 1 else None),
            ft.Text(signed(st.totals[seat]), size=16, weight=ft.FontWeight.BOLD),
        ])))
    content = ft.Column([
        tag(ids.WINNER, ft.Row([ft.Icon(ft.Icons.EMOJI_EVENTS, size=36, color=ft.Colors.AMBER_700),
                                ft.Text(ui._("{winner} wins!", winner=winner), size=24,
                                        weight=ft.FontWeight.BOLD, expand=True)])),
        ft.Text(ui._("Game over. Final standings:"), size=15),
        *standings,
        big_button(ui, ids.REMATCH, ui._("Rematch"), ui.act(ui.app.rematch), ft.Icons.REPLAY),
    ], spacing=6)
    return tag(ids.GAME_OVER, ft.Container(content, bgcolor=ft.Colors.SECONDARY_CONTAINER,
                                           border_radius=16, padding=16), live_region=True)


# --- hand entry --------------------------------------------------------------------------------


def hand_entry(ui: Ui) -> ft.View:
    app = ui.app
    entry = app.entry
    assert entry is not None and app.game is not None
    game = entry.game
    names = game.players
    s = rules.spec(game.rules.variant)

    def changed(fn: Callable[..., Any], *args: Any) -> Callable[[Any], None]:
        def handler(e: Any = None) -> None:
            run(app, fn, *args)
            run(app, app.entry_changed)
            ui.refresh()
        return handler

    points, typo = entry.typed_points()
    remaining = entry.remaining()
    info = rules.hand_info(game, entry.number)

    modes = ft.Row([
        # short enough for one line at 360 px; a screen reader hears the words in full
        mode_button(ui, ids.MODE_CARDS, ui._("Hearts + Q♠"), entry.mode == "cards",
                    changed(entry.set_mode, "cards"), label=ui._("Hearts and queen")),
        mode_button(ui, ids.MODE_POINTS, ui._("Points"), entry.mode == "points",
                    changed(entry.set_mode, "points")),
    ], spacing=6)

    problem = typo or entry.problem()
    if remaining > 0 and problem is None:  # Cancellation: a cancelled last trick
        left_text = ui._n("{n} point taken by nobody (a cancelled last trick)",
                          "{n} points taken by nobody (a cancelled last trick)", remaining)
        left_color = ft.Colors.PRIMARY
    elif remaining > 0:
        left_text = ui._n("{n} point left to give", "{n} points left to give", remaining)
        left_color = ft.Colors.ON_SURFACE
    elif remaining == 0:
        left_text = ui._("Every point is given")
        left_color = ft.Colors.PRIMARY
    else:
        left_text = ui._n("{n} point too many", "{n} points too many", -remaining)
        left_color = ft.Colors.ERROR
    counter = tag(ids.REMAINING, ft.Container(ft.Row([
        ft.Text(signed(remaining), size=30, weight=ft.FontWeight.BOLD, color=left_color),
        ft.Text(left_text, size=15, expand=True, color=left_color),
    ]), padding=ft.Padding(4, 0, 4, 0)), label=left_text, live_region=True)

    rows: list[ft.Control | None] = [
        ft.Text(ui._("{direction} · {dealer} dealt", direction=ui._(DIRECTION[info.direction]),
                     dealer=names[info.dealer]), size=14, color=ft.Colors.ON_SURFACE_VARIANT),
        modes, counter, moon_box(ui, entry, changed)]

    for seat, name in enumerate(names):
        rows.append(player_entry_row(ui, entry, seat, name, points[seat], changed, s))
        if entry.mode == "cards" and seat == entry.picked:
            rows.append(hearts_keypad(ui, entry, seat, name, changed))

    save_text = ui._("Save hand {hand}", hand=entry.number)
    bottom: list[ft.Control | None] = [error_box(ui, app.error)]
    if problem is not None:
        bottom.append(tag(ids.SAVE_REASON, ft.Text(ui.say(problem), size=14,
                                                   color=ft.Colors.ON_SURFACE_VARIANT),
                          live_region=True))
    bottom.append(big_button(ui, ids.SAVE_HAND, save_text, ui.act(app.save_hand),
                             ft.Icons.CHECK, disabled=problem is not None))
    actions = [tag(ids.CLEAR_HAND, ft.IconButton(ft.Icons.RESTART_ALT, tooltip=ui._("Start over"),
                                                 on_click=changed(entry.clear)),
                   label=ui._("Start over"), button=True)]
    if entry.index is not None:
        actions.insert(0, tag(ids.DELETE_HAND, ft.IconButton(
            ft.Icons.DELETE_OUTLINE, tooltip=ui._("Delete this hand"),
            on_click=ui.act(app.ask_delete_hand)), label=ui._("Delete this hand"), button=True))
        title = ui._("Edit hand {hand}", hand=entry.number)
    else:
        title = ui._("Hand {hand}", hand=entry.number)
    return view(ui, "hand", app_bar(ui, title, actions=actions), rows, bottom=bottom)


def mode_button(ui: Ui, identifier: str, text: str, selected: bool, on_click: Callable,
                label: str | None = None) -> ft.Control:
    cls = ft.FilledTonalButton if selected else ft.OutlinedButton
    return tag(identifier, cls(content=text, on_click=on_click, height=TAP, expand=True,
                               icon=ft.Icons.CHECK if selected else None),
               label=label or text, selected=selected, button=True, expand=True)


def player_entry_row(ui: Ui, entry: Any, seat: int, name: str, points: int | None,
                     changed: Callable, s: rules.VariantSpec) -> ft.Control:
    picked = entry.mode == "cards" and seat == entry.picked
    shown = "?" if points is None else signed(points)
    parts: list[ft.Control] = [
        ft.Text(name, size=16, weight=ft.FontWeight.BOLD, expand=True, max_lines=1,
                overflow=ft.TextOverflow.ELLIPSIS),
    ]
    if entry.mode == "cards":
        hearts = entry.hearts[seat]
        parts.append(tag(ids.HEARTS.format(seat=seat), ft.Container(
            ft.Text(f"♥ {hearts}", size=18, weight=ft.FontWeight.BOLD, color=RED),
            on_click=changed(entry.pick, seat), ink=True, border_radius=10,
            padding=ft.Padding(10, 0, 10, 0), height=TAP, alignment=ft.Alignment.CENTER,
            border=ft.Border.all(2, RED if picked else ft.Colors.OUTLINE_VARIANT)),
            label=ui._("Hearts taken by {player}: {n}", player=name, n=hearts), button=True))
        for q in range(s.queens):
            taken = entry.queens[q] == seat
            label = ui._("{player} took the queen of spades", player=name)
            if s.queens > 1:
                label = ui._("{player} took queen of spades {number}", player=name,
                             number=q + 1)
            text = "Q♠" if s.queens == 1 else f"Q♠{q + 1}"
            button = ft.Container(
                ft.Text(text, size=17, weight=ft.FontWeight.BOLD,
                        color=ft.Colors.ON_PRIMARY if taken else ft.Colors.ON_SURFACE),
                bgcolor=ft.Colors.PRIMARY if taken else None, border_radius=10,
                border=ft.Border.all(2, ft.Colors.PRIMARY if taken else ft.Colors.OUTLINE_VARIANT),
                width=TAP + (8 if s.queens > 1 else 0), height=TAP,
                alignment=ft.Alignment.CENTER, ink=True,
                on_click=changed(entry.toggle_queen, q, seat))
            parts.append(tag(ids.QUEEN.format(seat=seat, n=q), button, label=label,
                             toggled=taken, button=True))
    else:
        def typed(e: Any, seat: int = seat) -> None:
            entry.set_points_text(seat, value_of(e) or "")
            ui.app.entry_changed()
            ui.refresh()
        parts.append(tag(ids.POINTS.format(seat=seat), ft.TextField(
            value=entry.points_text[seat], width=84, text_align=ft.TextAlign.CENTER,
            keyboard_type=ft.KeyboardType.NUMBER, hint_text="0", text_size=18,
            input_filter=ft.NumbersOnlyInputFilter(), on_change=typed, key=f"points-{seat}",
            label=None), label=ui._("Points for {player}", player=name)))
    if points is None:
        points_label = ui._("{player}: not a number", player=name)
    else:
        points_label = ui._n("{player}: {n} point", "{player}: {n} points", points, player=name)
    parts.append(tag(ids.PLAYER_POINTS.format(seat=seat), ft.Text(
        f"= {shown}", size=18, width=52, text_align=ft.TextAlign.RIGHT,
        weight=ft.FontWeight.BOLD), label=points_label))
    parts.append(tag(ids.GIVE_REST.format(seat=seat), ft.IconButton(
        ft.Icons.INPUT, tooltip=ui._("{player} gets the rest", player=name),
        on_click=changed(entry.give_rest, seat), width=TAP, height=TAP),
        label=ui._("{player} gets the rest", player=name), button=True))
    if entry.mode == "cards" and s.queens > 1:
        # Two queens: the name, points and "rest" on top, the cards below, so that
        # names stay readable at 360 px.
        name_part, card_parts, tail = parts[0], parts[1:-2], parts[-2:]
        layout: ft.Control = ft.Column([
            ft.Row([name_part, *tail], spacing=6,
                   vertical_alignment=ft.CrossAxisAlignment.CENTER),
            ft.Row(card_parts, spacing=6),
        ], spacing=2)
    else:
        layout = ft.Row(parts, spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    return tag(ids.ENTRY_ROW.format(seat=seat), ft.Container(
        layout,
        padding=ft.Padding(8, 4, 0, 4), border_radius=12,
        bgcolor=ft.Colors.SECONDARY_CONTAINER if picked else ft.Colors.SURFACE_CONTAINER_LOW,
        on_click=changed(entry.pick, seat) if entry.mode == "cards" else None),
        label=name, selected=picked)


def hearts_keypad(ui: Ui, entry: Any, seat: int, name: str, changed: Callable) -> ft.Control:
    keys = []
    for count in range(entry.max_hearts + 1):
        current = entry.hearts[seat] == count
        keys.append(tag(ids.HEARTS_KEY.format(count=count), ft.Container(
            ft.Text(str(count), size=18, weight=ft.FontWeight.BOLD,
                    color=ft.Colors.ON_PRIMARY if current else None),
            width=TAP, height=TAP, alignment=ft.Alignment.CENTER, border_radius=24,
            bgcolor=ft.Colors.PRIMARY if current else ft.Colors.SURFACE, ink=True,
            on_click=changed(entry.set_hearts, seat, count)),
            label=ui._n("{n} heart for {player}", "{n} hearts for {player}", count,
                        player=name), button=True, selected=current))
    return ft.Container(ft.Column([
        ft.Text(ui._("How many hearts did {player} take?", player=name), size=14),
        ft.Row(keys, wrap=True, spacing=4, run_spacing=4),
    ], spacing=6), padding=ft.Padding(8, 4, 8, 8), bgcolor=ft.Colors.SECONDARY_CONTAINER,
        border_radius=12)


def moon_box(ui: Ui, entry: Any, changed: Callable) -> ft.Control | None:
    shooter = entry.shooter()
    if shooter is None:
        return None
    game = entry.game
    names = game.players
    name = names[shooter]
    head = ft.Text(ui._("☾ {player} shot the moon!", player=name), size=19,
                   weight=ft.FontWeight.BOLD)
    preview = entry.moon_preview()
    parts: list[ft.Control] = [head]
    if game.rules.moon is MoonRule.SHOOTER_CHOICE:
        parts.append(ft.Text(ui._("{player} chooses what the moon scores:", player=name), size=15))
        if preview is not None:
            options = [moon_option(ui, entry, preview.options[c], name, changed)
                       for c in MoonChoice]
            parts.append(ft.Row(options, spacing=8, vertical_alignment=ft.CrossAxisAlignment.START))
            if preview.same_result:
                parts.append(ft.Text(ui._("Either way the game goes the same way."), size=13))
    else:
        parts.append(ft.Text(ui._("Table rule: {rule}.",
                                  rule=ui._(MOON_RULE_NAME[game.rules.moon])), size=15))
    return tag(ids.MOON, ft.Container(ft.Column(parts, spacing=8),
                                      bgcolor=ft.Colors.TERTIARY_CONTAINER, border_radius=16,
                                      padding=12), live_region=True)


def outcome_text(ui: Ui, names: tuple[str, ...], standing: rules.Standing) -> str:
    if standing.game_over:
        return ui._("Game over: {winner} wins", winner=names[standing.winner])  # type: ignore
    if standing.tie_for_lowest:
        return ui._("Tie for lowest: the game goes on")
    return ui._("The game goes on")


def moon_option(ui: Ui, entry: Any, outcome: rules.MoonOutcome, shooter: str,
                changed: Callable) -> ft.Control:
    names = entry.game.players
    selected = entry.moon_choice == outcome.choice
    title = ui._(MOON_CHOICE_NAME[outcome.choice], player=shooter)
    totals = [ft.Row([ft.Text(n, size=13, expand=True, max_lines=1,
                              overflow=ft.TextOverflow.ELLIPSIS),
                      ft.Text(signed(t), size=13, weight=ft.FontWeight.BOLD)])
              for n, t in zip(names, outcome.totals)]
    content = ft.Column([
        ft.Row([ft.Icon(ft.Icons.RADIO_BUTTON_CHECKED if selected
                        else ft.Icons.RADIO_BUTTON_UNCHECKED, size=20),
                ft.Text(title, size=14, weight=ft.FontWeight.BOLD, expand=True)]),
        ft.Text(ui._("Totals after this hand:"), size=12),
        *totals,
        ft.Text(outcome_text(ui, names, outcome.standing), size=13, weight=ft.FontWeight.BOLD),
    ], spacing=2)

    def pick(e: Any = None) -> None:
        entry.moon_choice = outcome.choice
        ui.app.entry_changed()
        ui.refresh()

    return tag(ids.MOON_CHOICE.format(choice=outcome.choice.value), ft.Container(
        content, padding=10, border_radius=12, ink=True, on_click=pick,
        bgcolor=ft.Colors.SURFACE, border=ft.Border.all(3 if selected else 1,
                                                        ft.Colors.PRIMARY if selected
                                                        else ft.Colors.OUTLINE_VARIANT)),
        label=title, selected=selected, button=True, expand=True)


# --- change log -----------------------------------------------------------------------------------

ACTION = {"add": N_("Hand {hand} added"), "edit": N_("Hand {hand} changed"),
          "remove": N_("Hand {hand} deleted"), "insert": N_("Hand {hand} inserted")}


def changes(ui: Ui) -> ft.View:
    app = ui.app
    assert app.game is not None
    items = list(reversed(app.changes()))
    rows: list[ft.Control | None] = []
    if not items:
        rows.append(ft.Text(ui._("No changes yet.")))
    for i, ch in enumerate(items):
        title = ui._(ACTION.get(ch.action, ACTION["edit"]), hand=ch.hand)
        detail = []
        if ch.old is not None:
            detail.append(ui._("before: {points}", points=points_text(ch.old)))
        if ch.new is not None:
            detail.append(ui._("after: {points}", points=points_text(ch.new)))
        rows.append(tag(ids.CHANGE.format(n=i), ft.Card(ft.Container(ft.Column([
            ft.Text(title, size=16, weight=ft.FontWeight.BOLD),
            ft.Text(date_text(ch.at), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
            *[ft.Text(d, size=14) for d in detail],
        ], spacing=2), padding=12), margin=0)))
    return view(ui, "changes", app_bar(ui, ui._("Changes")), rows)


def points_text(hand: Any) -> str:
    """A stored hand (a rules.Hand or its dict) as '3 · 13 · 10 · 0'."""
    if isinstance(hand, (list, tuple)):
        points = hand
    elif isinstance(hand, dict):
        points = hand.get("points", [])
    else:
        points = getattr(hand, "points", None)
    return " · ".join(signed(p) for p in (points or []))


# --- history --------------------------------------------------------------------------------------


def history(ui: Ui) -> ft.View:
    app = ui.app
    games = app.all_games()
    rows: list[ft.Control | None] = [error_box(ui, app.error)]
    if not games:
        rows.append(ft.Text(ui._("No games yet."), color=ft.Colors.ON_SURFACE_VARIANT))
    for g in games:
        route = f"/history/{g.id}" if g.finished else f"/game/{g.id}"
        delete = tag(ids.DELETE_GAME.format(game_id=g.id), ft.IconButton(
            ft.Icons.DELETE_OUTLINE, tooltip=ui._("Delete"), width=TAP, height=TAP,
            on_click=ui.act(app.ask_delete_game, g.id)), label=ui._("Delete"), button=True)
        rows.append(game_card(ui, g, ids.HISTORY_GAME.format(game_id=g.id),
                              ui.act(app.navigate, route), [delete]))
    export = tag(ids.EXPORT, ft.IconButton(ft.Icons.DOWNLOAD, tooltip=ui._("Export all games"),
                                           on_click=ui.act(app.export)),
                 label=ui._("Export all games"), button=True)
    stats = tag(ids.STATS, ft.IconButton(ft.Icons.LEADERBOARD_OUTLINED, tooltip=ui._("Stats"),
                                         on_click=ui.act(app.navigate, "/stats")),
                label=ui._("Stats"), button=True)
    return view(ui, "history", app_bar(ui, ui._("History"), actions=[stats, export]), rows)


def stats(ui: Ui) -> ft.View:
    app = ui.app
    assert app.stats is not None

    def go(route: str) -> None:
        ui.act(app.navigate, route)()

    body = stats_screen.controls(app.tr, app.stats, go)
    return view(ui, "stats", app_bar(ui, ui._("Stats")), [error_box(ui, app.error)] + body)


# --- settings -------------------------------------------------------------------------------------


def settings(ui: Ui) -> ft.View:
    app = ui.app
    rows: list[ft.Control | None] = [section(ui._("Language"))]
    lang_rows = []
    # the language the app would show when following the device, not the one chosen now
    device = pick_language("system", app.device_language)
    for code in LANGUAGE_CHOICES:
        if code == "system":
            text = ui._("Like the device ({language})", language=LANGUAGE_NAMES[device])
        else:
            text = LANGUAGE_NAMES[code]
        selected = app.language_setting == code
        lang_rows.append(tag(ids.LANGUAGE_OPTION.format(code=code), choice_tile(
            text, None, selected, ui.act(app.set_language, code)), label=text,
            selected=selected, button=True))
    rows.append(tag(ids.LANGUAGE, ft.Column(lang_rows, spacing=4), label=ui._("Language")))
    rows.append(section(ui._("Theme")))
    theme_rows = []
    for mode in THEMES:
        selected = app.theme == mode
        text = ui._(THEME_NAME[mode])
        theme_rows.append(tag(ids.THEME_OPTION.format(mode=mode), choice_tile(
            text, None, selected, ui.act(app.set_theme, mode)), label=text, selected=selected,
            button=True))
    rows.append(tag(ids.THEME, ft.Column(theme_rows, spacing=4), label=ui._("Theme")))
    return view(ui, "settings", app_bar(ui, ui._("Settings")), rows)


def not_found(ui: Ui) -> ft.View:
    app = ui.app
    return view(ui, "not-found", app_bar(ui, ui._("Not found")), [
        error_box(ui, app.error or Msg(N_("There is nothing here."))),
        big_button(ui, ids.HOME, ui._("Home"), ui.act(app.navigate, "/"), ft.Icons.HOME),
    ])


SCREENS: dict[str, Callable[[Ui], ft.View]] = {
    "home": home, "new": new_game, "sheet": sheet, "hand": hand_entry, "changes": changes,
    "history": history, "settings": settings, "not_found": not_found, "stats": stats,
}


def build(ui: Ui) -> ft.View:
    """The view for the app's current screen."""
    return SCREENS[ui.app.where.screen](ui)


# --- dialogs and notices --------------------------------------------------------------------------


def confirm_dialog(ui: Ui) -> ft.AlertDialog | None:
    c = ui.app.confirm
    if c is None:
        return None
    return ft.AlertDialog(
        modal=True,
        title=ft.Text(ui.say(c.title)),
        content=ft.Text(ui.say(c.body)),
        actions=[
            tag(ids.CANCEL, ft.TextButton(content=ui._("Cancel"), height=TAP,
                                          on_click=ui.act(ui.app.answer, False)),
                label=ui._("Cancel"), button=True),
            tag(ids.CONFIRM, ft.FilledButton(content=ui.say(c.yes), height=TAP,
                                             on_click=ui.act(ui.app.answer, True)),
                label=ui.say(c.yes), button=True),
        ],
    )


def export_dialog(ui: Ui) -> ft.AlertDialog | None:
    text = ui.app.export_text
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
                url=ui.app.export_url), label=ui._("Download"), button=True)]
              if ui.app.export_url else []),
            tag(ids.EXPORT_CLOSE, ft.TextButton(content=ui._("Close"), height=TAP,
                                                on_click=ui.act(ui.app.close_export)),
                label=ui._("Close"), button=True),
        ],
    )


def notice_seconds(n: Any) -> int:
    """How long a notice stays: longer when it offers Undo."""
    return 8 if n.undo is not None else 4


def notice_bar(ui: Ui) -> ft.SnackBar | None:
    n = ui.app.notice
    if n is None:
        return None
    parts: list[ft.Control] = [tag(ids.NOTICE, ft.Text(ui.say(n.msg), expand=True),
                                   live_region=True, expand=True)]
    if n.undo is not None:
        parts.append(tag(ids.UNDO, ft.TextButton(
            content=ft.Text(ui._("Undo"), weight=ft.FontWeight.BOLD,
                            color=ft.Colors.INVERSE_PRIMARY),
            on_click=ui.act(ui.app.undo), height=TAP), label=ui._("Undo"), button=True))
    # Floating above the pinned action button, so it never covers it.
    return ft.SnackBar(ft.Row(parts, vertical_alignment=ft.CrossAxisAlignment.CENTER),
                       duration=ft.Duration(seconds=notice_seconds(n)),
                       behavior=ft.SnackBarBehavior.FLOATING,
                       margin=ft.Margin(16, 0, 16, 100))


def theme() -> ft.Theme:
    return ft.Theme(color_scheme_seed=SEED, font_family=FONT, use_material3=True,
                    visual_density=ft.VisualDensity.STANDARD)
