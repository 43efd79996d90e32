"""New game: names (seats moved with arrows, recent names one tap away), variant,
target, moon rule, first dealer, the queen rule, the house rules (closed at first), and
how to prepare the cards."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from ... import rules
from ...formats.share import HOUSE_RULES
from ...rules import MoonRule, RulesError
from ...store import StoreError
from .. import ids
from ..forms import TARGET_CHOICES, NewGameForm
from ..forms.limits import MAX_DIGITS
from ..text.house_words import PASS_CARDS_SHORT, PLAY_ON_EXAMPLE, SHARED_EXAMPLE, pass_words
from ..text.house_words import HALVES_EXAMPLE, HOUSE_RULE_LINE, HOUSE_RULE_NAME, JACK_EXAMPLE, NO_HOUSE_RULES, UNLESS_IT_LOSES_HINT, USUAL_CYCLE, cycle_words
from ..text.messages import rules_error
from ..routes import NewGame, Route, Sheet
from ..registry import app_game_of
from ..views.radios import Option, named_by_group, radio_group
from ..views.widgets import TAP, Ui, app_bar, big_button, card_span, error_box, frame, section, tag, text_field, value_of
from ..text.words import MOON_RULE_NAME

if TYPE_CHECKING:
    from ..session import Session

log = logging.getLogger(__name__)

DRAFT_SLOT = "new-game"  # the store's draft slot for the form as last typed (not fsynced)
HOUSE_SETTING = "house_rules"  # the house rules of the table's last game, offered again
MAX_RECENT_NAMES = 24


class Model:
    """The form lives in the session while the tab does; it is kept in the store only
    when a choice is tapped, a field is left or the screen is left (not per keystroke,
    and never as a durable settings write), so a reload or another phone finds it."""

    def __init__(self, session: Session, route: Route) -> None:
        assert isinstance(route, NewGame)
        self.session = session
        self.form = self._form(route.rematch_of)
        session.form = self.form
        self.dirty = False
        self.house_open = False  # the house rules section starts closed

    def _form(self, rematch_of: str | None) -> NewGameForm:
        session = self.session
        if rematch_of:
            try:
                old = session.store.get(rematch_of)
                return NewGameForm.rematch(old.game, old.id)
            except StoreError:  # the old game cannot be read: a fresh form instead
                log.warning("no rematch of %s", rematch_of, exc_info=True)
        form = session.form
        if form is not None and form.rematch_of is None and not form.is_fresh():
            return form
        try:
            draft = session.store.get_draft(DRAFT_SLOT)
        except StoreError:
            draft = None
        if draft:
            return NewGameForm.from_draft(draft)
        form = NewGameForm()  # the table's last house rules are offered again
        try:
            form.set_house(session.store.get_setting(HOUSE_SETTING, None))
        except StoreError:
            pass
        return form

    def toggle_house(self) -> None:
        self.house_open = not self.house_open

    def typed(self) -> None:
        """A keystroke: kept in the session only (saved when the field or screen is left)."""
        self.dirty = True

    def set_name(self, seat: int, text: str) -> None:
        self.form.set_name(seat, text)
        self.typed()

    def set_target_other(self, text: str) -> None:
        self.form.set_target_other(text)
        self.typed()

    def changed(self) -> None:
        """A choice was tapped (or a field left): keep the form for a reload."""
        self.dirty = True
        self.keep()

    def keep(self) -> None:
        if not self.dirty or self.form.rematch_of is not None:
            return
        self.dirty = False
        self.session.write(lambda store: store.save_draft(DRAFT_SLOT, self.form.to_draft()))

    def leave(self) -> None:
        self.keep()

    def recent_names_all(self) -> list[str]:
        """Names of recent players, most recent first (one tap adds them to a new game)."""
        try:
            names = self.session.store.get_setting("recent_names", []) or []
        except StoreError:
            return []
        return [n for n in names if isinstance(n, str)]

    def recent_names(self) -> list[str]:
        """The recent names not already in the form."""
        taken = {rules.normalise_name(n) for n in self.form.names if n.strip()}
        return [n for n in self.recent_names_all() if rules.normalise_name(n) not in taken]

    def start_game(self) -> None:
        try:
            game = self.form.build()
        except RulesError as err:
            self.form.error = rules_error(err)
            return
        session = self.session
        stored = session.write(lambda store: store.create_game(game))
        session.changed(stored.id)
        keys = {rules.normalise_name(p) for p in game.players}
        recent = list(game.players) + [n for n in self.recent_names_all()
                                       if rules.normalise_name(n) not in keys]
        session.write(lambda store: store.save_draft(DRAFT_SLOT, None))
        session.write(lambda store: store.set_setting("recent_names",
                                                      recent[:MAX_RECENT_NAMES]))
        house = self.form.house()
        session.write(lambda store: store.set_setting(HOUSE_SETTING, house))
        session.form = None
        session.when_kept(self._started)  # this form, shown until kept, stays as typed
        session.navigate(Sheet(stored.id), replace=True)

    def _started(self) -> None:
        self.form = NewGameForm()
        self.dirty = False


Act = Callable[..., Callable[[Any], None]]


def form_act(ui: Ui, model: Model) -> Act:
    """Handlers for the form's taps: done, kept (a reload keeps the form), redrawn."""

    def act(fn: Callable[..., Any], *args: Any) -> Callable[[Any], None]:
        return ui.act(fn, *args, then=model.changed)

    return act


def player_rows(ui: Ui, model: Model, act: Act) -> list[ft.Control | None]:
    """Names in seating order (moved with arrows), add a player, recent names."""
    form, n = model.form, model.form.count
    rows: list[ft.Control | None] = [section(ui._("Players, clockwise"))]
    for seat in range(n):
        label = ui._("Player {number}", number=seat + 1)
        # redrawn on every keystroke, so the first-dealer buttons and every label follow
        # the names; the field is keyed, so it keeps the focus
        field = tag(ids.PLAYER_NAME.format(seat=seat), text_field(
            ui, form.names[seat], lambda text, seat=seat: model.set_name(seat, text),
            lambda e: ui.refresh(), label=label, dense=False, expand=True,
            capitalization=ft.TextCapitalization.WORDS, max_length=24, counter="",
            on_submit=lambda e: ui.refresh(), on_blur=lambda e: ui.run(model.keep),
            key=f"name-{seat}", said=label), expand=True)
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
    if n < form.max_players():
        rows.append(tag(ids.ADD_PLAYER, ft.TextButton(
            content=ui._("Add a player"), icon=ft.Icons.PERSON_ADD_ALT,
            on_click=act(form.add_player, ""), height=TAP), label=ui._("Add a player"),
            button=True))
    recent = model.recent_names()
    if recent and n <= rules.MAX_PLAYERS:
        chips = [tag(ids.SUGGESTION.format(n=i), ft.Chip(
            label=ft.Text(name), leading=ft.Icon(ft.Icons.PERSON_OUTLINE, size=18),
            on_click=act(form.add_player, name), height=TAP),
            label=ui._("Add {name}", name=name), button=True)
            for i, name in enumerate(recent[:12])]
        rows.append(ft.Text(ui._("Recent players: tap to add"), size=13,
                            color=ft.Colors.ON_SURFACE_VARIANT))
        rows.append(ft.Row(chips, wrap=True, spacing=6, run_spacing=0))
    return rows


def choice_rows(ui: Ui, model: Model, act: Act) -> list[ft.Control | None]:
    """The variant (only those this many can play) and the target."""
    form = model.form
    rows: list[ft.Control | None] = []
    # variant: only the ones this many players can play
    offered = form.games()  # Kierki beside the Hearts variants, for 3 or 4 players
    rows.append(named_by_group(section(ui._("Variant"))))
    rows.append(radio_group(ui._("Variant"), form.variant.value, [
        Option(v.value, ids.VARIANT.format(variant=v.value),
               *(ui._(words) for words in app_game_of(v.value).variant_words(v)))
        for v in offered], lambda value: act(form.set_variant, value)))
    if not form.has_target:  # no target: the match ends after its last deal
        return rows

    rows.append(named_by_group(section(ui._("Target"))))
    rows.append(radio_group(ui._("Target"), form.target_choice, [
        Option(choice, ids.TARGET.format(value=choice),
               ui._("Other") if choice == "other" else choice) for choice in TARGET_CHOICES],
        lambda value: act(setattr, form, "target_choice", value), look="fill"))
    if form.target_choice == "other":
        rows.append(tag(ids.TARGET_OTHER, text_field(
            ui, form.target_other, model.set_target_other,
            # the open house rules' example follows the target as it is typed
            lambda e: ui.refresh() if model.house_open else None, label=ui._("Target points"),
            keyboard_type=ft.KeyboardType.NUMBER, max_length=MAX_DIGITS, counter="",
            on_blur=lambda e: ui.run(model.keep),
            input_filter=ft.NumbersOnlyInputFilter(), key="target-other",
            said=ui._("Target points"))))
    return rows


def table_rows(ui: Ui, model: Model, act: Act) -> list[ft.Control | None]:
    """The moon rule, the first dealer and the queen rule."""
    form = model.form
    rows: list[ft.Control | None] = []
    rows.append(named_by_group(section(ui._("Shooting the moon"))))
    rows.append(radio_group(ui._("Shooting the moon"), form.moon.value, [
        Option(rule.value, ids.MOON_RULE.format(rule=rule.value), ui._(MOON_RULE_NAME[rule]),
               ui._(UNLESS_IT_LOSES_HINT) if rule is MoonRule.ADD_UNLESS_IT_LOSES else None)
        for rule in MoonRule], lambda value: act(setattr, form, "moon", MoonRule(value))))

    rows += dealer_rows(ui, model, act)
    rows.append(tag(ids.QUEEN_BREAKS, ft.Switch(
        label=ui._("The queen of spades breaks hearts"), value=form.queen_breaks_hearts,
        on_change=lambda e: act(setattr, form, "queen_breaks_hearts", bool(value_of(e)))(e)),
        label=ui._("The queen of spades breaks hearts"), toggled=form.queen_breaks_hearts))
    return rows


def dealer_rows(ui: Ui, model: Model, act: Act) -> list[ft.Control | None]:
    """Who deals first (one tap on a name)."""
    form, n = model.form, model.form.count
    rows: list[ft.Control | None] = [named_by_group(section(ui._("First dealer")))]
    names = [form.names[seat].strip() or ui._("Player {number}", number=seat + 1)
             for seat in range(n)]
    rows.append(radio_group(ui._("First dealer"), str(form.first_dealer), [
        Option(str(seat), ids.FIRST_DEALER_OPTION.format(seat=seat), name,
               said=ui._("{player} deals first", player=name))
        for seat, name in enumerate(names)],
        lambda value: act(setattr, form, "first_dealer", int(value)), look="chip",
        identifier=ids.FIRST_DEALER))
    return rows


def view(ui: Ui, model: Model) -> ft.View:
    form, n = model.form, model.form.count
    act = form_act(ui, model)
    rows = player_rows(ui, model, act) + choice_rows(ui, model, act)
    parts = app_game_of(form.variant.value)  # the game picked: its own rules and deck
    rows += parts.setup_rows(ui, model, act)
    plan = form.deck_plan()
    if plan is not None:
        rows.append(parts.deck_card(ui, form, plan))
    bottom = [error_box(ui, form.error),
              big_button(ui, ids.START_GAME, ui._("Start the game"), ui.act(model.start_game),
                         ft.Icons.PLAY_ARROW)]
    title = ui._("Rematch") if form.rematch_of else ui._("New game")
    return frame(ui, "new", app_bar(ui, title), rows, bottom=bottom)




def house_rows(ui: Ui, model: Model, act: Act) -> list[ft.Control | None]:
    """The house rules: one line that opens them, then each rule in one line with a live
    example from the names typed, and the pass cycles this many players can play."""
    form = model.form
    on = [ui._(HOUSE_RULE_NAME[key]) for key in form.house()]
    icon = ft.Icons.EXPAND_LESS if model.house_open else ft.Icons.EXPAND_MORE
    head = tag(ids.HOUSE_RULES, ft.Container(ft.Row([
        ft.Column([ft.Text(ui._(HOUSE_RULES), size=16, weight=ft.FontWeight.BOLD),
                   ft.Text(", ".join(on) or ui._(NO_HOUSE_RULES), size=13,
                           color=ft.Colors.ON_SURFACE_VARIANT)], spacing=0, expand=True),
        ft.Icon(icon)]), padding=ft.Padding(12, 10, 12, 10), border_radius=12, ink=True,
        on_click=ui.act(model.toggle_house)),
        button=True, expanded=model.house_open)  # its texts name it
    rows: list[ft.Control | None] = [head]
    if not model.house_open:
        return rows
    name = next((n.strip() for n in form.names if n.strip()), "") or ui._(
        "Player {number}", number=1)
    target = form.target() or 100
    examples = {"jack_of_diamonds": ui._(JACK_EXAMPLE, player=name),
                "exact_target_halves": ui._(HALVES_EXAMPLE, player=name, target=target,
                                            back=rules.back_from_target(target))}
    for key in ("jack_of_diamonds", "exact_target_halves"):
        if key == "jack_of_diamonds" and not form.can_play_jack():
            continue
        rows.append(house_switch(ui, form, key, examples[key], act))
    rows += table_life_rows(ui, form, target, act)
    cycles = form.cycles()
    if len(cycles) > 1:
        rows.append(named_by_group(ft.Text(ui._(HOUSE_RULE_LINE["passes"]), size=14)))
        chosen = form.passes or cycles[0]
        rows.append(radio_group(ui._(HOUSE_RULE_LINE["passes"]), str(cycles.index(chosen)), [
            Option(str(n), ids.PASS_CYCLE.format(n=n),
                   ui._(USUAL_CYCLE) if n == 0 else cycle_words(ui, cycle),
                   cycle_words(ui, cycle) if n == 0 else None)
            for n, cycle in enumerate(cycles)],
            lambda value: act(setattr, form, "passes",
                              None if value == "0" else cycles[int(value)])))
    return rows


def table_life_rows(ui: Ui, form: NewGameForm, target: int, act: Act) -> list[ft.Control]:
    """The shared win (a switch, its live example from the names typed) and how many
    cards are passed (1 to 4, the banner's words as the example)."""
    names = [n.strip() for n in form.names if n.strip()] + [
        ui._("Player {number}", number=i) for i in range(1, 3)]
    said = SHARED_EXAMPLE if form.tie_share else PLAY_ON_EXAMPLE
    rows = [house_switch(ui, form, "tie", ui._(said, first=names[0], second=names[1],
                                                 total=target // 2), act, "tie_share")]
    rows.append(named_by_group(ft.Text(ui._(HOUSE_RULE_LINE["pass_cards"]), size=14)))
    rows.append(radio_group(ui._(HOUSE_RULE_LINE["pass_cards"]), str(form.pass_cards), [
        Option(str(n), ids.PASS_CARDS.format(n=n), ui._n(*PASS_CARDS_SHORT, n))
        for n in rules.PASS_CARDS],
        lambda value: act(setattr, form, "pass_cards", int(value)), look="chip"))
    rows.append(tag(ids.HOUSE_EXAMPLE.format(rule="pass_cards"), ft.Text(
        pass_words(ui, rules.PassDirection.LEFT, None, form.pass_cards), size=13, italic=True, color=ft.Colors.ON_SURFACE_VARIANT)))
    return rows


def house_switch(ui: Ui, form: NewGameForm, key: str, example: str, act: Act,
                 attr: str | None = None) -> ft.Control:
    """A switch with its one line beside it, wrapping at 360 px (a switch's own label is
    cut to one line); a tap on the line turns it too. ``attr``: the form's field for the
    rule (its key by default)."""
    line = ui._(HOUSE_RULE_LINE[key])
    attr = attr or key
    on = bool(getattr(form, attr))
    switch = ft.Switch(value=on,
                       on_change=lambda e: act(setattr, form, attr, bool(value_of(e)))(e))
    row = ft.Container(ft.Row([switch, ft.Text(line, size=15, expand=True)], spacing=8),
                       on_click=act(setattr, form, attr, not on), ink=True, border_radius=12,
                       padding=ft.Padding(0, 4, 4, 4))
    sample = tag(ids.HOUSE_EXAMPLE.format(rule=key), ft.Text(
        example, size=13, italic=True, color=ft.Colors.ON_SURFACE_VARIANT))
    return ft.Column([tag(ids.HOUSE_RULE.format(rule=key), row, toggled=on),
                      ft.Container(sample, padding=ft.Padding(68, 0, 0, 4))], spacing=0)


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
                             ft.Text(ui._("leads the first trick"), size=15, expand=True)],
                            spacing=6))
    else:
        lines.append(ft.Text(ui._("The player left of the dealer leads the first trick "
                                  "(no heart, no queen of spades)."), size=15))
    return tag(ids.DECK_PLAN, ft.Card(ft.Container(ft.Column(
        [ft.Text(ui._("Preparing the cards"), weight=ft.FontWeight.BOLD, size=15)] + lines,
        spacing=4), padding=14), margin=0))
