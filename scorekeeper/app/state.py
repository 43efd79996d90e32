"""The app's state and every user action, without Flet.

:class:`App` is the controller: a user event calls one of its methods, the method asks
``scorekeeper.rules`` (every score, total, pass, dealer and end of game comes from there)
and the store, and leaves the new screen state behind; the views draw it. Nothing here
imports Flet, so the fast tests drive an ``App`` directly.

Screen state lives in :class:`NewGameForm` and :class:`HandEntry`; messages are kept as
untranslated :class:`~scorekeeper.app.messages.Msg` so a language change redraws them.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlsplit

from .. import rules
from ..rules import MoonChoice, MoonRule, RulesError, Variant
from ..store import GameStore, StaleGameError, StoredGame, StoreError
from .i18n import LANGUAGES, N_, Translator, pick_language
from .screens.stats_model import StatsModel
from .messages import NOT_FOUND, STALE, Msg, recovery_message, rules_error, store_error

TARGET_CHOICES = ("50", "100", "150", "other")
NEW_GAME_DRAFT = "new_game_draft"  # setting: the new-game form as last typed
MAX_RECENT_NAMES = 24
THEMES = ("system", "light", "dark")
LANGUAGE_CHOICES = ("system",) + LANGUAGES


@dataclass
class Notice:
    """A short message at the bottom of the screen, maybe with an Undo action."""

    msg: Msg
    undo: Callable[[], None] | None = None
    serial: int = 0
    route: str | None = None  # the screen it is shown on (set when it is shown)


@dataclass
class Confirm:
    """A question that needs a yes before something is deleted."""

    title: Msg
    body: Msg
    yes: Msg
    action: Callable[[], None]


# --- new game -----------------------------------------------------------------------------


@dataclass
class NewGameForm:
    names: list[str] = field(default_factory=lambda: ["", "", "", ""])
    variant: Variant = Variant.STANDARD
    target_choice: str = "100"
    target_other: str = ""
    moon: MoonRule = MoonRule.ADD_TO_OTHERS
    first_dealer: int = 0
    queen_breaks_hearts: bool = False
    error: Msg | None = None
    rematch_of: str | None = None

    @property
    def count(self) -> int:
        return len(self.names)

    def variants(self) -> tuple[Variant, ...]:
        """The variants this many players can play (only these are offered)."""
        return rules.variants_for(self.count)

    def deck_plan(self) -> rules.DeckPlan | None:
        if self.variant not in self.variants():
            return None
        return rules.deck_plan(self.variant, self.count)

    def _fit(self) -> None:
        offered = self.variants()
        if offered and self.variant not in offered:
            self.set_variant(offered[0])
        self.first_dealer = min(self.first_dealer, self.count - 1)

    def set_name(self, seat: int, name: str) -> None:
        self.names[seat] = name
        self.error = None

    def add_player(self, name: str = "") -> None:
        if self.count >= rules.MAX_PLAYERS:
            return
        empty = [i for i, n in enumerate(self.names) if not n.strip()]
        if name and empty:
            self.names[empty[0]] = name
        else:
            self.names.append(name)
        self.error = None
        self._fit()

    def remove_player(self, seat: int) -> None:
        if self.count <= rules.MIN_PLAYERS:
            return
        del self.names[seat]
        if self.first_dealer > seat:
            self.first_dealer -= 1
        self.error = None
        self._fit()

    def move(self, seat: int, step: int) -> None:
        """Move a player one seat up (-1) or down (+1); the first dealer moves along."""
        other = seat + step
        if not (0 <= seat < self.count and 0 <= other < self.count):
            return
        self.names[seat], self.names[other] = self.names[other], self.names[seat]
        if self.first_dealer == seat:
            self.first_dealer = other
        elif self.first_dealer == other:
            self.first_dealer = seat

    def set_variant(self, variant: Variant | str) -> None:
        self.variant = Variant(variant)
        default = str(rules.spec(self.variant).default_target)
        self.target_choice = default if default in TARGET_CHOICES else "other"
        if self.target_choice == "other":
            self.target_other = default

    def target(self) -> int | None:
        text = self.target_other if self.target_choice == "other" else self.target_choice
        try:
            value = int(text.strip())
        except ValueError:
            return None
        return value if value > 0 else None

    def build(self) -> rules.Game:
        """The checked game, or a RulesError (or ValueError for the target) to show."""
        target = self.target()
        if target is None:
            raise RulesError("target", "bad target", value=self.target_other)
        table = rules.Rules(self.variant, target, self.moon, self.queen_breaks_hearts)
        return rules.Game.new(self.names, table, self.first_dealer)

    def to_draft(self) -> dict[str, Any]:
        return {"names": list(self.names), "variant": self.variant.value,
                "target_choice": self.target_choice, "target_other": self.target_other,
                "moon": self.moon.value, "first_dealer": self.first_dealer,
                "queen_breaks_hearts": self.queen_breaks_hearts}

    @classmethod
    def from_draft(cls, data: Any) -> NewGameForm:
        """The form as it was left (a fresh one if the draft is not usable)."""
        try:
            names = [str(n) for n in data["names"]]
            if not rules.MIN_PLAYERS <= len(names) <= rules.MAX_PLAYERS:
                return cls()
            form = cls(names, Variant(data["variant"]), str(data["target_choice"]),
                       str(data.get("target_other", "")), MoonRule(data["moon"]),
                       int(data["first_dealer"]), bool(data["queen_breaks_hearts"]))
        except (KeyError, TypeError, ValueError):
            return cls()
        if form.target_choice not in TARGET_CHOICES:
            form.target_choice = "100"
        form.first_dealer = max(0, min(form.first_dealer, form.count - 1))
        form._fit()
        return form

    def is_fresh(self) -> bool:
        return self == NewGameForm()

    @classmethod
    def rematch(cls, game: rules.Game, game_id: str) -> NewGameForm:
        r = game.rules
        choice = str(r.target) if str(r.target) in TARGET_CHOICES else "other"
        return cls(list(game.players), r.variant, choice,
                   str(r.target) if choice == "other" else "", r.moon,
                   rules.dealer_for(game.seats, game.first_dealer, 2),
                   r.queen_breaks_hearts, None, game_id)


# --- hand entry ---------------------------------------------------------------------------


@dataclass
class HandEntry:
    """A hand being entered (index None) or an earlier hand being edited (0-based index)."""

    game: rules.Game
    index: int | None = None
    mode: str = "cards"  # "cards": hearts and queens; "points": points typed directly
    hearts: list[int] = field(default_factory=list)
    queens: list[int | None] = field(default_factory=list)  # who took each queen of spades
    points_text: list[str] = field(default_factory=list)
    picked: int = 0  # the player the hearts keypad sets
    moon_choice: MoonChoice | None = None

    def __post_init__(self) -> None:
        n = self.game.seats
        s = rules.spec(self.game.rules.variant)
        if len(self.hearts) != n:
            self.hearts = [0] * n
        if len(self.queens) != s.queens:
            self.queens = [None] * s.queens
        if len(self.points_text) != n:
            self.points_text = [""] * n
        if self.index is not None and not any(self.points_text):
            old = self.game.hands[self.index]
            self.mode = "points"
            self.points_text = [str(p) for p in old.points]
            self.moon_choice = old.moon_choice

    # what the rules need
    @property
    def number(self) -> int:
        return (self.index if self.index is not None else len(self.game.hands)) + 1

    @property
    def before(self) -> rules.Game:
        """The game as it stood before this hand."""
        if self.index is None:
            return self.game
        return rules.Game(self.game.players, self.game.rules, self.game.first_dealer,
                          self.game.hands[: self.index])

    @property
    def max_hearts(self) -> int:
        return rules.spec(self.game.rules.variant).hearts

    def typed_points(self) -> tuple[list[int | None], Msg | None]:
        """Each player's points so far, and what is wrong with a typed number."""
        if self.mode == "cards":
            table = self.game.rules
            return [rules.points_from_cards(table, h, self.queens.count(seat))
                    for seat, h in enumerate(self.hearts)], None
        out: list[int | None] = []
        problem = None
        for seat, text in enumerate(self.points_text):
            text = text.strip()
            if not text:
                out.append(0)
                continue
            try:
                value = int(text)
            except ValueError:
                value = None
            if value is None or value < 0:
                out.append(None)
                problem = problem or Msg(N_("{player}: enter a whole number of points."),
                                         {"player": self.game.players[seat]})
            else:
                out.append(value)
        return out, problem

    def remaining(self) -> int:
        points, _ = self.typed_points()
        return rules.remaining_points(self.game.rules, points)

    def shooter(self) -> int | None:
        points, problem = self.typed_points()
        if problem is not None:
            return None
        return rules.moon_shooter(self.game.rules, points)  # type: ignore[arg-type]

    def moon_preview(self) -> rules.MoonPreview | None:
        if self.shooter() is None:
            return None
        points, _ = self.typed_points()
        try:
            return rules.moon_preview(self.before, points)  # type: ignore[arg-type]
        except RulesError:
            return None

    def hand(self) -> rules.Hand:
        points, _ = self.typed_points()
        choice = None
        if self.game.rules.moon is MoonRule.SHOOTER_CHOICE and self.shooter() is not None:
            choice = self.moon_choice
        return rules.Hand(tuple(points), choice)  # type: ignore[arg-type]

    def problem(self) -> Msg | None:
        """Why the hand cannot be saved yet (None: Save is enabled)."""
        points, problem = self.typed_points()
        if problem is not None:
            return problem
        try:
            if self.index is None:
                rules.validate_hand(self.game, self.hand())
            else:
                self.game.replace_hand(self.index, self.hand())
        except RulesError as err:
            if err.code == "moon_choice_missing":
                return Msg(N_("{player} shot the moon: pick what it scores above."),
                           {"player": err.params.get("player", "")})
            return rules_error(err, edited_hand=self.number if self.index is not None else None)
        return None

    # taps
    def pick(self, seat: int) -> None:
        self.picked = seat

    def set_hearts(self, seat: int, count: int) -> None:
        self.hearts[seat] = max(0, min(self.max_hearts, count))
        self.picked = (seat + 1) % self.game.seats

    def toggle_queen(self, n: int, seat: int) -> None:
        self.queens[n] = None if self.queens[n] == seat else seat

    def set_points_text(self, seat: int, text: str) -> None:
        self.points_text[seat] = text

    def give_rest(self, seat: int) -> None:
        """``seat`` took every point nobody else has yet."""
        if self.mode == "cards":
            left = rules.hearts_left(self.game.rules, self.hearts)
            if left > 0:
                self.hearts[seat] += left
            self.queens = [seat if q is None else q for q in self.queens]
            return
        points, problem = self.typed_points()
        if problem is not None:
            return
        left = rules.remaining_points(self.game.rules, points)
        if left > 0:
            self.points_text[seat] = str(points[seat] + left)  # type: ignore[operator]

    def set_mode(self, mode: str) -> None:
        if mode == self.mode or mode not in ("cards", "points"):
            return
        if mode == "points":
            points, _ = self.typed_points()
            self.points_text = ["" if not p else str(p) for p in points]
        self.mode = mode

    def clear(self) -> None:
        """Start again: an empty hand, or the hand as it is stored when editing."""
        fresh = HandEntry(self.game, self.index)
        self.mode, self.hearts, self.queens = fresh.mode, fresh.hearts, fresh.queens
        self.points_text, self.picked = fresh.points_text, fresh.picked
        self.moon_choice = fresh.moon_choice

    # a draft survives a reload
    def to_draft(self) -> dict[str, Any]:
        return {
            "hand": self.number,
            "editing": self.index is not None,
            "mode": self.mode,
            "hearts": list(self.hearts),
            "queens": list(self.queens),
            "points": list(self.points_text),
            "picked": self.picked,
            "moon_choice": self.moon_choice.value if self.moon_choice else None,
        }

    @classmethod
    def from_draft(cls, game: rules.Game, index: int | None,
                   draft: dict[str, Any] | None) -> HandEntry:
        entry = cls(game, index)
        number = entry.number
        if not draft or draft.get("hand") != number or bool(draft.get("editing")) != (
                index is not None):
            return entry
        try:
            n = game.seats
            hearts = [int(h) for h in draft.get("hearts", [])]
            queens = [None if q is None else int(q) for q in draft.get("queens", [])]
            points = [str(p) for p in draft.get("points", [])]
            if len(hearts) == n and len(points) == n and len(queens) == len(entry.queens) \
                    and all(q is None or 0 <= q < n for q in queens):
                entry.hearts = [max(0, min(entry.max_hearts, h)) for h in hearts]
                entry.queens = queens
                entry.points_text = points
            entry.mode = draft.get("mode") if draft.get("mode") in ("cards", "points") \
                else entry.mode
            entry.picked = int(draft.get("picked", 0)) % n
            choice = draft.get("moon_choice")
            entry.moon_choice = MoonChoice(choice) if choice else None
        except (TypeError, ValueError):
            return cls(game, index)
        return entry


# --- the controller -------------------------------------------------------------------------


@dataclass
class Route:
    screen: str  # home | new | sheet | hand | changes | history | settings | not_found
    game_id: str | None = None
    hand: int | None = None  # 1-based hand number being edited
    read_only: bool = False
    query: dict[str, str] = field(default_factory=dict)


def parse_route(route: str) -> Route:
    parts = urlsplit(route or "/")
    query = {k: v[0] for k, v in parse_qs(parts.query).items()}
    bits = [b for b in parts.path.split("/") if b]
    if not bits:
        return Route("home", query=query)
    if bits == ["new"]:
        return Route("new", query=query)
    if bits == ["history"]:
        return Route("history")
    if bits == ["settings"]:
        return Route("settings")
    if bits == ["stats"]:
        return Route("stats", query=query)
    if len(bits) == 2 and bits[0] == "history":
        return Route("sheet", bits[1], read_only=True)
    if bits[0] == "game" and len(bits) >= 2:
        gid = bits[1]
        if len(bits) == 2:
            return Route("sheet", gid)
        if bits[2:] == ["hand"]:
            return Route("hand", gid)
        if len(bits) == 4 and bits[2] == "hand" and bits[3].isdigit():
            return Route("hand", gid, hand=int(bits[3]))
        if bits[2:] == ["changes"]:
            return Route("changes", gid)
    return Route("not_found")


class App:
    """One browser tab's state: the screen shown and what is being typed on it."""

    def __init__(self, store: GameStore, device_language: str | None = None) -> None:
        self.store = store
        self.device_language = device_language
        self.language_setting: str = self._setting("language", "system", LANGUAGE_CHOICES)
        self.theme: str = self._setting("theme", "system", THEMES)
        self.tr = Translator(pick_language(self.language_setting, device_language))
        self.route = "/"
        self.where = Route("home")
        self.game: StoredGame | None = None
        self.form = NewGameForm()
        self.entry: HandEntry | None = None
        self.error: Msg | None = None  # shown in place on the current screen
        self.notice: Notice | None = None
        self.confirm: Confirm | None = None
        self.export_text: str | None = None
        self.export_url: str | None = None  # a download of every game, when served
        self.stats: StatsModel | None = None  # the stats screen's filter and figures
        self.sheet_tab = "table"  # what the score sheet shows: table | chart
        self.recovered: list[Msg] = []  # repairs of damaged files, shown until dismissed
        self._serial = 0
        # hooks the Flet shell sets: push a route to the browser; tell the other tabs
        self.on_navigate: Callable[[str], None] | None = None
        self.on_changed: Callable[[str], None] | None = None

    def _setting(self, key: str, default: str, allowed: tuple[str, ...]) -> str:
        try:
            value = self.store.get_setting(key, default)
        except StoreError:
            return default
        return value if value in allowed else default

    @property
    def language(self) -> str:
        return self.tr.lang

    # --- navigation ------------------------------------------------------------------

    def navigate(self, route: str) -> None:
        """Go to ``route`` and tell the browser (so a reload lands on the same screen)."""
        self.open(route)
        self._settle_notice()
        if self.on_navigate is not None:
            self.on_navigate(self.route)

    def open(self, route: str) -> None:
        """Show the screen for ``route`` (called on every browser route change)."""
        try:
            self._open(route)
        finally:
            # a file read for this screen may have been found damaged and repaired
            self._take_recoveries()

    def _take_recoveries(self) -> None:
        """The store's new repairs, in words (each repair goes to one tab, once)."""
        for note in self.store.take_recoveries():
            msg = recovery_message(note.kind)
            if msg not in self.recovered:
                self.recovered.append(msg)

    def dismiss_recovered(self) -> None:
        self.recovered = []

    def _open(self, route: str) -> None:
        if self.notice is not None and self.notice.route not in (None, route or "/"):
            self.notice = None  # a notice belongs to the screen it was given on
        self.route = route or "/"
        self.where = parse_route(self.route)
        self.error = None
        self.confirm = None
        self.export_text = None
        where = self.where
        if where.game_id is not None:
            if not self._load(where.game_id):
                self.where = Route("not_found")
                self.error = Msg(NOT_FOUND)
                return
        if where.screen == "new":
            self._open_new(where.query.get("from"))
        elif where.screen == "hand":
            self._open_entry(where.hand)
        elif where.screen == "stats":
            self.stats = StatsModel.from_query(where.query)
            self.stats.load(self.store)

    def back_route(self) -> str:
        w = self.where
        if w.screen in ("hand", "changes") and w.game_id:
            return f"/game/{w.game_id}"
        if w.screen == "sheet" and w.read_only:
            return "/history"
        return "/"

    def back(self) -> None:
        self.navigate(self.back_route())

    def _load(self, game_id: str) -> bool:
        try:
            self.game = self.store.get(game_id)
        except StoreError:
            self.game = None
            return False
        return not self.game.deleted

    def _open_new(self, rematch_of: str | None) -> None:
        if rematch_of:
            try:
                old = self.store.get(rematch_of)
                self.form = NewGameForm.rematch(old.game, old.id)
                return
            except StoreError:
                pass
        if self.form.rematch_of is not None:
            self.form = NewGameForm()
        if self.form.is_fresh():  # names typed before a reload come back
            try:
                draft = self.store.get_setting(NEW_GAME_DRAFT)
            except StoreError:
                draft = None
            if draft:
                self.form = NewGameForm.from_draft(draft)

    def form_changed(self) -> None:
        """Keep the new-game form as typed, so a reload does not lose the names."""
        if self.form.rematch_of is None:
            try:
                self.store.set_setting(NEW_GAME_DRAFT, self.form.to_draft())
            except StoreError:
                pass

    def _open_entry(self, number: int | None) -> None:
        assert self.game is not None
        game = self.game.game
        if number is not None and not 1 <= number <= len(game.hands):
            self.where = Route("sheet", self.game.id)
            self.route = f"/game/{self.game.id}"
            self.error = Msg(N_("There is no hand {hand}."), {"hand": number})
            return
        if number is None and rules.state(game).game_over:
            self.where = Route("sheet", self.game.id)
            self.route = f"/game/{self.game.id}"
            return
        index = None if number is None else number - 1
        try:
            draft = self.store.get_draft(self.game.id)
        except StoreError:
            draft = None
        self.entry = HandEntry.from_draft(game, index, draft)

    def _changed(self, game_id: str) -> None:
        """This tab changed a stored game: let the other tabs and phones redraw."""
        if self.on_changed is not None:
            try:
                self.on_changed(game_id)
            except Exception:  # another tab's trouble is not this tab's
                pass

    def external_change(self, game_id: str) -> bool:
        """Another tab or phone changed ``game_id``: redraw if this screen shows it.

        A hand being typed is left alone (its save is checked against the new version
        and explained if it no longer fits). Returns whether the screen changed."""
        w = self.where
        shows_it = w.game_id == game_id and w.screen in ("sheet", "changes")
        if not (shows_it or w.screen in ("home", "history")):
            return False
        notice, error = self.notice, self.error
        self.open(self.route)
        self.notice, self.error = notice, error
        return True

    def _say(self, msg: Msg, undo: Callable[[], None] | None = None, stay: bool = True) -> None:
        """Show a notice on this screen, or (``stay=False``) on the one navigated to next."""
        self._serial += 1
        self.notice = Notice(msg, undo, self._serial, self.route if stay else None)

    def _settle_notice(self) -> None:
        """A notice given just before a navigation belongs to the screen navigated to."""
        if self.notice is not None and self.notice.route is None:
            self.notice.route = self.route

    # --- home and history -----------------------------------------------------------

    def unfinished_games(self) -> list[Any]:
        return [g for g in self.store.list_games() if not g.finished]

    def all_games(self) -> list[Any]:
        return self.store.list_games()

    def delete_game(self, game_id: str) -> None:
        """Delete a game (soft), with Undo in the notice."""
        try:
            self.store.delete_game(game_id)
        except StoreError as err:
            self.error = store_error(err)
            return

        def undo() -> None:
            self.store.restore_game(game_id)
            self._changed(game_id)
            self._say(Msg(N_("The game is back.")))

        self._changed(game_id)
        self._say(Msg(N_("Game deleted.")), undo)

    def ask_delete_game(self, game_id: str) -> None:
        self.confirm = Confirm(Msg(N_("Delete this game?")),
                               Msg(N_("It disappears from the history. You can undo this "
                                      "right after.")),
                               Msg(N_("Delete")), lambda: self.delete_game(game_id))

    def undo(self) -> None:
        if self.notice is not None and self.notice.undo is not None:
            action = self.notice.undo
            self.notice = None
            error = None
            try:
                action()
            except StaleGameError:
                error = Msg(STALE)
            except StoreError as err:
                error = store_error(err)
            except RulesError as err:
                error = rules_error(err)
            self.open(self.route)  # the screen as stored now
            if error is not None:
                self.error = error  # said after the redraw, which clears old errors

    def answer(self, yes: bool) -> None:
        confirm, self.confirm = self.confirm, None
        if yes and confirm is not None:
            confirm.action()

    def export(self) -> str:
        """Every game as JSON (shown for copying and offered as a download)."""
        self.export_text = json.dumps(self.store.export_games(), ensure_ascii=False, indent=2)
        return self.export_text

    def close_export(self) -> None:
        self.export_text = None

    # --- new game -----------------------------------------------------------------

    def recent_names_all(self) -> list[str]:
        """Names of recent players, most recent first (one tap adds them to a new game)."""
        try:
            names = self.store.get_setting("recent_names", []) or []
        except StoreError:
            return []
        return [n for n in names if isinstance(n, str)]

    def recent_names(self) -> list[str]:
        """The recent names not already in the new-game form."""
        taken = {rules.normalise_name(n) for n in self.form.names if n.strip()}
        return [n for n in self.recent_names_all() if rules.normalise_name(n) not in taken]

    def start_game(self) -> None:
        try:
            game = self.form.build()
        except RulesError as err:
            self.form.error = rules_error(err)
            return
        stored = self.store.create_game(game)
        self._changed(stored.id)
        try:
            self.store.set_setting(NEW_GAME_DRAFT, None)
        except StoreError:
            pass
        recent = list(game.players) + [n for n in self.recent_names_all()
                                       if rules.normalise_name(n) not in
                                       {rules.normalise_name(p) for p in game.players}]
        self.store.set_setting("recent_names", recent[:MAX_RECENT_NAMES])
        self.form = NewGameForm()
        self.navigate(f"/game/{stored.id}")

    def new_game(self) -> None:
        self.form = NewGameForm()
        self.navigate("/new")

    def rematch(self) -> None:
        if self.game is not None:
            self.navigate(f"/new?from={self.game.id}")

    # --- score sheet --------------------------------------------------------------

    def state(self) -> rules.GameState:
        assert self.game is not None
        return rules.state(self.game.game)

    def show_sheet_tab(self, tab: str) -> None:
        if tab in ("table", "chart"):
            self.sheet_tab = tab

    def enter_hand(self) -> None:
        if self.game is not None:
            self.navigate(f"/game/{self.game.id}/hand")

    def edit_hand(self, number: int) -> None:
        if self.game is not None and not self.where.read_only:
            self.navigate(f"/game/{self.game.id}/hand/{number}")

    def changes(self) -> list[Any]:
        assert self.game is not None
        return self.store.changes(self.game.id)

    # --- hand entry ---------------------------------------------------------------

    def entry_changed(self) -> None:
        """Keep what was typed: the draft survives a reload or a closed tab."""
        if self.game is not None and self.entry is not None:
            try:
                self.store.save_draft(self.game.id, self.entry.to_draft())
            except StoreError:
                pass

    def _stale(self) -> None:
        assert self.game is not None
        self._load(self.game.id)
        self._say(Msg(STALE), stay=False)
        self.navigate(f"/game/{self.game.id}")

    def _write_hand(self, write: Callable[[], StoredGame]) -> bool:
        """Run one store write of the hand being entered or edited. On success the game,
        the other tabs and the draft follow it and the entry closes; a stale write reloads
        the game and says so; a hand the rules refuse is said in place."""
        try:
            self.game = write()
        except StaleGameError:
            self._stale()
            return False
        except RulesError as err:
            self.error = rules_error(err)
            return False
        self.store.save_draft(self.game.id, None)
        self._changed(self.game.id)
        self.entry = None
        return True

    def save_hand(self) -> None:
        entry, stored = self.entry, self.game
        if entry is None or stored is None:
            return
        problem = entry.problem()
        if problem is not None:
            self.error = problem
            return
        hand = entry.hand()
        if entry.index is None:
            written = self._write_hand(lambda: self.store.add_hand(stored.id, hand,
                                                                   stored.version))
            msg = Msg(N_("Hand {hand} saved."), {"hand": entry.number})
        else:
            index = entry.index
            written = self._write_hand(lambda: self.store.replace_hand(stored.id, index, hand,
                                                                       stored.version))
            msg = Msg(N_("Hand {hand} changed."), {"hand": entry.number})
        if not written:
            return
        self._say(msg, stay=False)
        self.navigate(f"/game/{stored.id}")

    def ask_delete_hand(self) -> None:
        entry = self.entry
        if entry is None or entry.index is None:
            return
        number = entry.number
        self.confirm = Confirm(Msg(N_("Delete hand {hand}?"), {"hand": number}),
                               Msg(N_("The totals are counted again without it. You can "
                                      "undo this right after.")),
                               Msg(N_("Delete")), self.delete_hand)

    def delete_hand(self) -> None:
        entry, stored = self.entry, self.game
        if entry is None or stored is None or entry.index is None:
            return
        index = entry.index
        removed = stored.game.hands[index]
        if not self._write_hand(lambda: self.store.remove_hand(stored.id, index, stored.version)):
            return
        game_id = stored.id

        deleted_at = self.game.version

        def undo() -> None:
            # based on the version the delete left: if another phone changed the game
            # since, the undo is refused like any stale write (and said in words)
            self.game = self.store.insert_hand(game_id, index, removed, deleted_at)
            self._changed(game_id)
            self._say(Msg(N_("Hand {hand} is back."), {"hand": index + 1}))

        self._say(Msg(N_("Hand {hand} deleted."), {"hand": index + 1}), undo, stay=False)
        self.navigate(f"/game/{game_id}")

    # --- settings -----------------------------------------------------------------

    def set_language(self, choice: str) -> None:
        if choice not in LANGUAGE_CHOICES:
            return
        self.language_setting = choice
        self.store.set_setting("language", choice)
        self.tr = Translator(pick_language(choice, self.device_language))

    def set_device_language(self, language: str | None) -> None:
        self.device_language = language
        self.tr = Translator(pick_language(self.language_setting, language))

    def set_theme(self, theme: str) -> None:
        if theme in THEMES:
            self.theme = theme
            self.store.set_setting("theme", theme)
