"""Hand entry: per player a hearts keypad and one tap per queen of spades, or points
typed; "gets the rest"; live remaining points; Save only when the rules accept the hand;
the moon's outcomes. Also editing or deleting an earlier hand."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from ... import rules
from ...rules import RulesError
from ...store import StaleGameError, StoredGame, StoreError
from .. import ids
from ..forms import HandEntry
from ..forms.limits import MAX_DIGITS
from ..text.i18n import N_
from ..views.radios import Option, radio_group
from ..text.messages import HAND_NOT_KEPT, Msg, rules_error
from ..registry import app_game
from ..routes import Hand, Route, Sheet
from ..views.moon_parts import moon_box
from ..views.entry_parts import count_key, give_rest_button, jack_row, queen_button, queen_counts
from ..text.house_words import pass_name
from ..views.textwidth import fit_name
from ..views.widgets import RED, SAVING, TAP, Ui, app_bar, big_button, error_box, frame, signed, tag, text_action, text_field
from . import Redirect, load_game

if TYPE_CHECKING:
    from ..session import Session

log = logging.getLogger(__name__)


class Model:
    """The hand being entered (kept as a draft on every tap) and its save or delete."""

    says_saving = True  # Save says "Saving…" while the browser has not kept the hand
    no_such = N_("There is no hand {hand}.")  # a Kierki deal's words: kierki_deal.Model
    not_kept_words = HAND_NOT_KEPT

    def __init__(self, session: Session, route: Route) -> None:
        assert isinstance(route, Hand)
        self.session = session
        self.doing = ""  # the last of "save" and "delete" tapped (see not_kept)
        self.game: StoredGame = load_game(session, route.id)
        game, number = self.game.game, route.number
        if number is not None and not 1 <= number <= len(game.hands):
            raise Redirect(Sheet(route.id), Msg(self.no_such, {"hand": number, "deal": number}))
        if number is None and rules.state(game).game_over:
            raise Redirect(Sheet(route.id))
        wanted = app_game(game.rules).entry_route(route.id, number)
        if type(wanted) is not type(route):  # the game has an entry of its own
            raise Redirect(wanted)
        index = None if number is None else number - 1
        try:
            draft = session.store.get_draft(route.id)
        except StoreError:
            draft = None
        # a new hand is played by the names with the changes of player waiting for it
        self.entry = self.make_entry(game, index, draft)

    def make_entry(self, game: rules.Game, index: int | None, draft: Any) -> Any:
        return HandEntry.from_draft(game, index, draft, self.game.next_seat_changes)

    def follows(self, game_id: str) -> bool:
        return False  # a hand being typed is left alone; its save is checked then

    def entry_changed(self) -> None:
        """Keep what was typed: the draft survives a reload or a closed tab."""
        try:
            self.session.write(lambda store: store.save_draft(self.game.id,
                                                              self.entry.to_draft()))
        except StoreError:  # a draft is a convenience: the hand itself is still on screen
            log.warning("could not keep the draft of %s", self.game.id, exc_info=True)

    def _write(self, write: Callable[[Any], StoredGame]) -> StoredGame | None:
        """One store write of this hand. On success the draft goes and the other tabs
        hear of it (the game as written is returned; this screen, shown until the
        browser keeps it, keeps the game it was opened on); a stale write reloads the
        game and says so; a hand the rules refuse is said in place."""
        gid = self.game.id
        try:
            written = self.session.write(write, gid)
        except StaleGameError:
            self.session.stale(gid)
            return None
        except RulesError as err:
            self.session.error = rules_error(err)
            return None
        self.session.write(lambda store: store.save_draft(gid, None))
        return written

    def not_kept(self, err: StoreError) -> Msg | None:
        """What the player reads when the phone's storage did not keep this hand (the
        hand entry stays as it was typed)."""
        said = self.not_kept_words.get(err.code) if self.doing == "save" else None
        number = self.entry.number
        return Msg(said, {"hand": number, "deal": number}) if said is not None else None

    def save(self) -> None:
        entry, stored = self.entry, self.game
        self.doing = "save"
        problem = entry.problem()
        if problem is not None:
            self.session.error = problem
            return
        hand, index = entry.hand(), entry.index
        if index is None:
            # no "saved" notice: the sheet shows the new hand's column and totals, and
            # its banner (a live region) says the next hand; a snack bar sliding in on
            # every save cost the phone about a fifth of the time to the new totals
            ok = self._write(lambda store: store.add_hand(stored.id, hand, stored.version))
            msg = None
        else:  # an edit can change one number among many: say which hand it was
            ok = self._write(lambda store: store.replace_hand(stored.id, index, hand,
                                                              stored.version))
            msg = Msg(entry.words["changed"], {"hand": entry.number})
        if ok is not None:
            if msg is not None:
                self.session.say(msg, stay=False)
            self.session.navigate(Sheet(stored.id), replace=True)

    def ask_delete(self) -> None:
        if self.entry.index is not None:
            number = self.entry.number
            self.session.ask(Msg(self.entry.words["ask"], {"hand": number}),
                             Msg(N_("The totals are counted again without it. You can "
                                    "undo this right after.")),
                             Msg(N_("Delete")), self.delete)

    def delete(self) -> None:
        stored, index, session = self.game, self.entry.index, self.session
        self.doing = "delete"
        if index is None:
            return
        removed, words = stored.game.hands[index], self.entry.words
        done = self._write(lambda store: store.remove_hand(stored.id, index, stored.version))
        if done is None:
            return
        gid, deleted_at = stored.id, done.version

        def undo() -> None:
            # based on the version the delete left: if another phone changed the game
            # since, the undo is refused like any stale write (and said in words)
            session.write(lambda store: store.insert_hand(gid, index, removed, deleted_at),
                          gid)
            session.say(Msg(words["back"], {"hand": index + 1}))

        session.say(Msg(words["deleted"], {"hand": index + 1}), undo, stay=False)
        session.navigate(Sheet(gid), replace=True)


READY_TO_SAVE = N_("The points add up: ready to save.")
COUNTER_HEIGHT = 52  # the "points left" counter: room for two lines of any language


def counter(ui: Ui, entry: HandEntry, problem: Msg | None) -> ft.Control:
    """The points still to give (or too many, or taken by nobody), live."""
    remaining = entry.remaining()
    nobody = entry.taken_by_nobody()
    if nobody > 0:  # Cancellation: a cancelled last trick
        left_text = ui._n("{n} point taken by nobody (a cancelled last trick)",
                          "{n} points taken by nobody (a cancelled last trick)", nobody)
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
    return tag(ids.REMAINING, ft.Container(ft.Row([
        ft.Text(signed(remaining), size=30, weight=ft.FontWeight.BOLD, color=left_color),
        ft.Text(left_text, size=15, expand=True, color=left_color, max_lines=2,
                overflow=ft.TextOverflow.ELLIPSIS),
    ]), padding=ft.Padding(4, 0, 4, 0), height=COUNTER_HEIGHT),  # two lines' room, always
        live_region=True)  # its number and words are read as drawn (a label said them twice)


def view(ui: Ui, model: Model) -> ft.View:
    entry = model.entry
    game = entry.game
    names = entry.names  # this hand's: an earlier hand's own, or who plays the next
    s = rules.spec(game.rules.variant)

    def changed(fn: Callable[..., Any], *args: Any) -> Callable[[Any], None]:
        return ui.act(fn, *args, then=model.entry_changed)

    points, typo = entry.typed_points()
    scores = entry.scores()
    info = rules.hand_info(game, entry.number)

    # short enough for one line at 360 px; a screen reader hears the words in full
    modes = radio_group(ui._("Enter the hand as"), entry.mode, [
        Option("cards", ids.MODE_CARDS, ui._("Hearts + Q♠"), said=ui._("Hearts and queen")),
        Option("points", ids.MODE_POINTS, ui._("Points"))],
        lambda mode: changed(entry.set_mode, mode), look="fill")

    problem = typo or entry.problem()
    counter_box = counter(ui, entry, problem)

    rows: list[ft.Control | None] = [
        ft.Text(ui._("{direction} · {dealer} dealt", direction=pass_name(ui, info),
                     dealer=names[info.dealer]), size=14, color=ft.Colors.ON_SURFACE_VARIANT),
        modes, counter_box]

    for seat, name in enumerate(names):
        rows.append(player_entry_row(ui, entry, seat, name, points[seat], scores[seat],
                                     changed, s))
        if entry.mode == "cards" and seat == entry.picked:
            rows.append(hearts_keypad(ui, entry, seat, name, changed))
    if entry.plays_jack():  # Omnibus: who took the J♦, always there, so nothing jumps
        rows.append(jack_row(ui, entry, changed))
    # below every player, so its coming and going moves no row under a finger
    rows.append(moon_box(ui, entry, changed))

    bottom: list[ft.Control | None] = [error_box(ui, ui.session.error)]
    bottom += save_parts(ui, model, problem)
    actions = [text_action(ids.CLEAR_HAND, ft.Icons.RESTART_ALT, ui._("Start over"),
                           changed(entry.clear))]
    if entry.index is not None:
        # a word under the icon, like "Start over" beside it (an icon alone was a guess)
        actions.insert(0, text_action(ids.DELETE_HAND, ft.Icons.DELETE_OUTLINE, ui._("Delete"),
                                      ui.act(model.ask_delete)))
        title = ui._("Edit hand {hand}", hand=entry.number)
    else:
        title = ui._("Hand {hand}", hand=entry.number)
    return frame(ui, "hand", app_bar(ui, title, actions=actions,
                                     two_lines=entry.index is not None), rows, bottom=bottom,
                 error=False)


def save_parts(ui: Ui, model: Model, problem: Msg | None) -> list[ft.Control]:
    """The bar above Save, always there (a node that comes and goes was not always in
    the accessibility tree: issue 25's 53 points), its words the node's own label; and
    Save, whose node says the reason while it is unavailable."""
    entry = model.entry
    save_text = ui._(SAVING) if ui.saving else ui._(entry.words["save"], hand=entry.number)
    reason = ui.say(problem) if problem is not None else ui._(READY_TO_SAVE)
    bar = ft.Semantics(identifier=ids.SAVE_REASON, label=reason, container=True,
                       live_region=True, exclude_semantics=True, content=ft.Text(
                           reason, size=14, color=ft.Colors.ON_SURFACE_VARIANT))
    said = save_text if problem is None else f"{save_text}: {reason}"
    return [bar, big_button(ui, ids.SAVE_HAND, save_text, ui.act(model.save), ft.Icons.CHECK,
                            disabled=problem is not None or bool(ui.saving), said=said)]


def queen_buttons(ui: Ui, entry: HandEntry, seat: int, name: str, changed: Callable,
                  s: rules.VariantSpec) -> list[ft.Control]:
    """One queen: a toggle; two (Cancellation): how many this player took, 0, 1 or 2."""
    if s.queens == 1:
        return [queen_button(ui, entry, seat, name, changed)]
    return queen_counts(ui, entry, seat, name, changed)


def player_entry_row(ui: Ui, entry: Any, seat: int, name: str, points: int | None,
                     score: int | None, changed: Callable, s: rules.VariantSpec) -> ft.Control:
    picked = entry.mode == "cards" and seat == entry.picked
    parts: list[ft.Control] = [entry_name(seat, name, entry.mode, s.queens)]
    if entry.mode == "cards":
        hearts = entry.hearts[seat]
        parts.append(tag(ids.HEARTS.format(seat=seat), ft.Container(
            ft.Text(f"♥ {hearts}", size=18, weight=ft.FontWeight.BOLD, color=RED),
            on_click=changed(entry.pick, seat), ink=True, border_radius=10,
            padding=ft.Padding(10, 0, 10, 0), height=TAP, alignment=ft.Alignment.CENTER,
            border=ft.Border.all(2, RED if picked else ft.Colors.OUTLINE_VARIANT)),
            label=ui._("Hearts taken by {player}: {n}", player=name, n=hearts), button=True))
        parts += queen_buttons(ui, entry, seat, name, changed, s)
    else:
        parts.append(tag(ids.POINTS.format(seat=seat), text_field(
            ui, entry.points_text[seat], lambda text, seat=seat: entry.set_points_text(
                seat, text), lambda e: ui.act(ui.model.entry_changed)(e),
            width=84, text_align=ft.TextAlign.CENTER,
            # what is typed stays as typed ("2.5" and "-3" are refused in words, never
            # filtered into 25 or 3); no placeholder, which a screen reader reads as a value
            keyboard_type=ft.KeyboardType.NUMBER, text_size=18, max_length=MAX_DIGITS,
            counter="",
            key=f"points-{seat}", label=None, said=ui._("Points for {player}", player=name))))
    if points is None:  # the same words as the reason under the hand
        points_label = ui._("{player}: “{typed}” is not a whole number of points from 0 "
                            "to {max}.", player=name, typed=entry.points_text[seat].strip(),
                            max=rules.max_player_points(entry.game.rules))
    elif score is None:  # shooter's choice: the moon scores what the shooter picks
        points_label = ui._("{player}: the score waits for the moon choice", player=name)
    else:
        points_label = ui._n("{player}: {n} point", "{player}: {n} points", score, player=name)
    # what the hand scores (the shooter's 26 shows as what the moon rule makes of it)
    shown = f"= {'?' if score is None else signed(score)}"
    # "= −26" (a moon taken off the shooter) is a character longer than any other score:
    # a smaller size keeps it on one line in the same width (it wrapped to "=" over "−26")
    parts.append(tag(ids.PLAYER_POINTS.format(seat=seat), ft.Text(
        shown, size=18 if len(shown) <= 4 else 14, width=52, text_align=ft.TextAlign.RIGHT,
        weight=ft.FontWeight.BOLD, max_lines=1), label=points_label))
    parts.append(give_rest_button(ui, entry, seat, name, changed))
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
        selected=picked)  # the name is its text (a label would be heard twice)


# a name's room in a row at 360 px (the row: 320 px, less what sits beside the name)
NAME_ROOM = {("cards", 1): 66, ("cards", 2): 196, ("points", 1): 106, ("points", 2): 106}


def entry_name(seat: int, name: str, mode: str, queens: int) -> ft.Control:
    """The name at the head of a row: one size smaller, then on two lines, before it is
    cut ("Małgo…" at 360 px); the row's controls say the whole name."""
    shown, size, lines = fit_name(name, NAME_ROOM[(mode, min(queens, 2))], 16, 14)
    return tag(ids.ENTRY_NAME.format(seat=seat), ft.Text(
        shown, size=size, weight=ft.FontWeight.BOLD, max_lines=lines,
        overflow=ft.TextOverflow.ELLIPSIS), label=name, exclude_semantics=True, expand=True)


def hearts_keypad(ui: Ui, entry: Any, seat: int, name: str, changed: Callable) -> ft.Control:
    keys = [count_key(ids.HEARTS_KEY.format(count=count), str(count),
                      ui._n("{n} heart for {player}", "{n} hearts for {player}", count,
                            player=name),
                      entry.hearts[seat] == count,
                      entry.can_set_hearts(seat, count),  # no more hearts than the deck holds
                      changed(entry.set_hearts, seat, count), radius=24)
            for count in range(entry.max_hearts + 1)]
    return ft.Container(ft.Column([
        ft.Text(ui._("How many hearts did {player} take?", player=name), size=14),
        ft.Row(keys, wrap=True, spacing=4, run_spacing=4),
    ], spacing=6), padding=ft.Padding(8, 4, 8, 8), bgcolor=ft.Colors.SECONDARY_CONTAINER,
        border_radius=12)
