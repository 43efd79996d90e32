"""One browser tab's session, without Flet: the store, settings, words, notices and the
screen shown (its :mod:`route <.routes>` and its screen model).

A user event calls a screen model's method (:mod:`.screens`); the model asks
``scorekeeper.rules`` and changes what is stored through :meth:`Session.write` (the one
door every store write of the app goes through, where the tab's ``role`` is checked),
then the shell draws the screen again. Messages are kept as untranslated
:class:`~.messages.Msg` so a language change redraws them.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterable
from datetime import tzinfo
from typing import Any, Protocol, TypeVar

from ..rules import RulesError
from ..store import GameStore, StaleGameError, StoreError
from . import routes
from .table.access import POLICY, Role
from .backup import Device
from .forms import NewGameForm
from .text.i18n import LANGUAGES, Translator, pick_language
from .inputs import Inputs
from .notices import Confirm, Notice, ReadOnlyError
from .text.messages import EXPORT_SKIPPED, EXPORT_SKIPPED_PLURAL, STALE, Msg, recovery_message, rules_error, store_error
from .routes import Route
from .table.table_roles import KEEP_AWAKE, LanTable, gate, host_opened

THEMES = ("system", "light", "dark")
# What one player's action may change in a session, and what is put back when the
# browser's storage does not keep its writes (see remember; a question asked or an export
# shown is not: the action answered or closed it)
REMEMBERED = ("route", "model", "trail", "form", "form_dirty", "error", "notice",
              "recovered", "language_setting", "theme", "tr", "keep_awake", "joined")
LANGUAGE_CHOICES = ("system",) + LANGUAGES
log = logging.getLogger(__name__)

T = TypeVar("T")


class Screens(Protocol):
    """The screens a session opens, handed to it (:data:`.screens.SCREENS`), so the
    session knows no screen module."""

    def open(self, session: Session, route: Route) -> tuple[Route, Any]:
        """The route actually shown (after redirects) and its screen model."""
        ...


class Session:
    """One tab: what it shows, in which language, and what it may change."""

    def __init__(self, store: GameStore, device_language: str | None = None,
                 role: Role = Role.HOST, *, screens: Screens) -> None:
        self.store = store
        self.screens = screens
        self.role = role  # what it may change: see may_write
        self.device_language = device_language
        self.language_setting = self._setting("language", "system", LANGUAGE_CHOICES)
        self.theme = self._setting("theme", "system", THEMES)
        self.tr = Translator(pick_language(self.language_setting, device_language))
        self.tz: tzinfo | None = None  # the phone's time zone (None: this machine's)
        self.route: Route = routes.Home()
        self.model: Any = None
        self.inputs = Inputs()  # the text fields drawn, for catch_up
        self.trail: list[Route] = []  # screens navigated through, for Back
        self.form: NewGameForm | None = None  # the new-game form, kept while the tab lives
        self.form_dirty = False
        self.error: Msg | None = None  # shown in place on the current screen
        self.notice: Notice | None = None
        self.confirm: Confirm | None = None
        self.export_text: str | None = None
        self.export_url: str | None = None  # a download of every game, when served
        self.can_share = False  # the device has a share sheet (set by the shell)
        self.device: Device | None = None  # the web app: the games are in this browser
        self.link: str | None = None  # the game link this tab was opened with (app/linking.py)
        self.address = ""  # the app's address another phone opens (app/linking.py)
        self.recovered: list[Msg] = []  # repairs of damaged files, shown until dismissed
        self._serial = 0
        # a --lan table (see table_roles): the shared code, token and game; this tab's
        # client address; whether it came with the join token; keep the screen on
        self.lan: LanTable | None = None
        self.client = ""
        self.joined = False
        self.keep_awake = self._setting(KEEP_AWAKE, "on", ("on", "off")) == "on"
        # hooks the Flet shell sets: show an address in the browser; tell the other tabs
        self.on_navigate: Callable[[str], None] | None = None
        self.on_changed: Callable[[str], None] | None = None
        self.on_table_moved: Callable[[], None] | None = None
        # what a screen changes in place once its write is kept (see when_kept)
        self._until_kept: list[Callable[[], None]] | None = None

    def _setting(self, key: str, default: str, allowed: tuple[str, ...]) -> str:
        try:
            value = self.store.get_setting(key, default)
        except StoreError:
            return default
        return value if value in allowed else default

    @property
    def language(self) -> str:
        return self.tr.lang

    # --- one action, kept or not ---------------------------------------------------

    def remember(self) -> dict[str, Any]:
        """What an action may change here (see :data:`REMEMBERED`), to put back with
        :meth:`restore`: the screen as it was when the browser's storage refuses the
        action's writes, or until it has kept them (``views.widgets.Ui.act``)."""
        state = {name: getattr(self, name) for name in REMEMBERED}
        state["trail"], state["recovered"] = list(self.trail), list(self.recovered)
        return state

    def restore(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, list(value) if isinstance(value, list) else value)

    def hold_until_kept(self) -> None:
        """From now on, :meth:`when_kept` holds what it is given (an action begins)."""
        self._until_kept = []

    def take_until_kept(self) -> list[Callable[[], None]]:
        """What :meth:`when_kept` held since :meth:`hold_until_kept` (and holds no more)."""
        held, self._until_kept = self._until_kept or [], None
        return held

    def when_kept(self, change: Callable[[], None]) -> None:
        """``change()`` (a screen model changing what it shows, in place) once this
        action's writes are kept: held during an action, run by its handler then (never
        if the storage refused them); at once outside one."""
        if self._until_kept is None:
            change()
        else:
            self._until_kept.append(change)

    # --- what the screen models share -----------------------------------------------

    @property
    def game(self) -> Any:
        """The stored game on screen (sheet, hand, change log), or None."""
        return getattr(self.model, "game", None)

    @property
    def entry(self) -> Any:
        """The hand being entered or edited, or None."""
        return getattr(self.model, "entry", None)

    def may_write(self) -> bool:
        """Whether this tab may change what is stored (a follower only watches)."""
        return POLICY.writes_at_all(self.role)

    def write(self, action: Callable[[GameStore], T], game_id: str | None = None) -> T:
        """Run one store write. Every write of the app goes through here: the role is
        checked first, and the other tabs hear of a changed game (``game_id``)."""
        if not self.may_write():
            raise ReadOnlyError()
        result = action(self.store)
        if game_id is not None:
            self.changed(game_id)
        return result

    def changed(self, game_id: str) -> None:
        """This tab changed a stored game: let the other tabs and phones redraw."""
        if self.on_changed is not None:
            try:
                self.on_changed(game_id)
            except Exception:  # another tab's trouble is not this tab's
                log.warning("could not tell the other tabs", exc_info=True)

    def say(self, msg: Msg, undo: Callable[[], None] | None = None, stay: bool = True) -> None:
        """Show a notice on this screen, or (``stay=False``) on the one navigated to next."""
        self._serial += 1
        self.notice = Notice(msg, undo, self._serial, self.route if stay else None)

    def ask(self, title: Msg, body: Msg, yes: Msg, action: Callable[[], None]) -> None:
        """Ask before ``action`` (a dialog with Cancel and ``yes``)."""
        self._serial += 1
        self.confirm = Confirm(title, body, yes, action, self._serial)

    def answer(self, yes: bool) -> None:
        confirm, self.confirm = self.confirm, None
        if yes and confirm is not None:
            confirm.action()

    def undo(self) -> None:
        if self.notice is None or self.notice.undo is None:
            return
        action, self.notice = self.notice.undo, None
        error = None
        try:
            action()
        except StaleGameError:
            error = Msg(STALE)
        except StoreError as err:
            error = store_error(err)
        except RulesError as err:
            error = rules_error(err)
        self.open(self.route.url())  # the screen as stored now
        if error is not None:
            self.error = error  # said after the redraw, which clears old errors

    def stale(self, game_id: str) -> None:
        """A write was refused because another phone changed the game: say so, reload."""
        self.say(Msg(STALE), stay=False)
        self.navigate(routes.Sheet(game_id), replace=True)

    # --- navigation ------------------------------------------------------------------

    def navigate(self, route: Route, replace: bool = False) -> None:
        """Go to ``route`` and show its address (so a reload lands on the same screen).
        ``replace``: the screen left is not one to come back to (a saved hand)."""
        if not replace:
            self.trail.append(self.route)
            del self.trail[:-20]
        self._show(route)
        if self.notice is not None and self.notice.route is None:
            self.notice.route = self.route  # a notice given just before is for this screen
        if self.on_navigate is not None:
            self.on_navigate(self.route.url())

    def readdress(self, route: Route) -> None:
        """The screen shown now changed what its address says (the history's filter):
        the address follows, so Back and a reload come back to it as it is, and nothing
        is drawn again (the shell ignores the address of the screen already drawn)."""
        if route.screen != self.route.screen:
            raise ValueError(f"{route} is not a state of the screen shown ({self.route})")
        self.route = route
        if self.on_navigate is not None:
            self.on_navigate(route.url())

    def open(self, url: str) -> None:
        """Show the screen for an address (a reload, a typed address, browser Back)."""
        self._show(routes.parse(url))

    def back(self) -> None:
        """Back to the screen this one was opened from, if that is where a player
        expects to land, else to the screen it belongs to."""
        here = self.route
        previous = self.trail[-1] if self.trail else None
        if previous is not None and here.back_to(previous):
            self.trail.pop()
            target = previous
        else:
            target = here.parent()
        self._show(target)
        if self.on_navigate is not None:
            self.on_navigate(self.route.url())

    def _show(self, route: Route) -> None:
        landing = gate(route, self.role, self.lan, self.joined)  # where this role may be
        route, refused, self.joined = landing.route, landing.refused, landing.joined
        if self.notice is not None and self.notice.route not in (None, route):
            self.notice = None  # a notice belongs to the screen it was given on
        self.leave()
        self.error = refused
        self.confirm = None
        self.export_text = None
        try:
            self.route, self.model = self.screens.open(self, route)
        finally:
            self._take_recoveries()  # a file read for this screen may have been repaired
        self._host_opened()

    def _host_opened(self) -> None:
        """The table views follow the game the host opens."""
        if not host_opened(self.lan, self.role, self.route, self.game is not None):
            return
        if self.on_table_moved is not None:
            try:
                self.on_table_moved()
            except Exception:  # a follower's trouble is not the host's
                log.warning("could not tell the table views", exc_info=True)

    def catch_up(self) -> None:
        """The text the phone's fields already hold goes to the screen's model before the
        server does anything else for the screen (a slow server gets a keystroke's text
        before its event; see :mod:`.inputs`). A failure is said in words."""
        self._give(self.inputs.pending())

    def catch_up_late(self) -> bool:
        """After a drawing is sent: the text that landed on the fields it replaced while
        it was drawn goes to the model (see :meth:`.Inputs.late`). Whether any did (then
        the screen is drawn again, with it)."""
        steps = self.inputs.late()
        self._give(steps)
        return bool(steps)

    def _give(self, steps: Iterable[Callable[[], None]]) -> None:
        for step in steps:
            try:
                step()
            except StoreError as err:
                self.error = store_error(err)
            except RulesError as err:
                self.error = rules_error(err)

    def leave(self) -> None:
        """The screen is left (or the tab closed): keep what is worth keeping."""
        self.catch_up()
        leave = getattr(self.model, "leave", None)
        if leave is not None:
            try:
                leave()
            except StoreError:  # e.g. a draft that could not be kept: nothing to say now
                log.warning("could not keep %s on leaving", self.route, exc_info=True)

    def _take_recoveries(self) -> None:
        """The store's new repairs, in words (each repair goes to one tab, once)."""
        for note in self.store.take_recoveries():
            msg = recovery_message(note.kind)
            if msg not in self.recovered:
                self.recovered.append(msg)

    def dismiss_recovered(self) -> None:
        self.recovered = []

    def external_change(self, game_id: str) -> bool:
        """Another tab or phone changed ``game_id``: reread the screen if it shows it.

        A hand being typed is left alone (its save is checked against the new version
        and explained if it no longer fits). Returns whether the screen changed."""
        follow = getattr(self.model, "follows", None)
        if follow is None or not follow(game_id):
            return False
        self._reread()
        return True

    def _reread(self) -> None:
        """Read the screen shown again from the store: in place when it can (what was
        picked or typed stays), else by opening it anew with its notice and error."""
        self.catch_up()  # what was typed goes with the model (a reread keeps a search)
        reload = getattr(self.model, "reload", None)
        if reload is not None:
            reload()
            return
        notice, error = self.notice, self.error
        self.route, self.model = self.screens.open(self, self.route)
        self.notice, self.error = notice, error

    # --- everywhere ------------------------------------------------------------------

    def export(self) -> str:
        """Every game as JSON (shown for copying and offered as a download)."""
        self.export_text = json.dumps(self.store.export_games(), ensure_ascii=False, indent=2)
        skipped = tuple(getattr(self.store, "export_skipped", ()) or ())
        self.store.take_recoveries()  # the notes of those games: said once, below
        if skipped:
            self.recovered.append(Msg(EXPORT_SKIPPED, {"n": len(skipped)},
                                      EXPORT_SKIPPED_PLURAL))
        return self.export_text

    def close_export(self) -> None:
        self.export_text = None

    def set_language(self, choice: str) -> None:
        if choice not in LANGUAGE_CHOICES:
            return
        self.language_setting = choice
        self._keep_setting("language", choice)
        self.tr = Translator(pick_language(choice, self.device_language))

    def _keep_setting(self, key: str, value: Any) -> None:
        """A display setting is kept for the next visit; a follower's only in this tab
        (it is this phone's choice, not the host's)."""
        if self.may_write():
            self.write(lambda store: store.set_setting(key, value))

    def set_keep_awake(self, on: bool) -> None:
        self.keep_awake = bool(on)
        self._keep_setting(KEEP_AWAKE, "on" if on else "off")

    def table_moved(self) -> bool:
        """The host opened another game: a table view follows it. Returns whether the
        screen changed."""
        if self.route.screen != "table":
            return False
        self._reread()  # in place: the table code typed so far stays
        return True

    def set_device_language(self, language: str | None) -> None:
        self.device_language = language
        self.tr = Translator(pick_language(self.language_setting, language))

    def set_theme(self, theme: str) -> None:
        if theme in THEMES:
            self.theme = theme
            self._keep_setting("theme", theme)


__all__ = ["Confirm", "LANGUAGE_CHOICES", "Notice", "ReadOnlyError", "Screens", "Session",
           "THEMES"]
