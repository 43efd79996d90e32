"""A game from another phone's link (``/link``): read only, "From another phone: hand 7,
today 21:04", with the sheet, the chart, the next hand's pass and deal, and the winner at
the end; "Keep on this phone" stores it in this phone's history, where it goes on as any
game. A link of a game this phone keeps already adds the hands it has more (the kept
hands first, unchanged); one whose hands differ from the kept ones changes nothing.

The link (``session.link``, see ``app/linking.py``) is untrusted: it is read with the
checks of an imported game file (:func:`scorekeeper.formats.sharelink.read_link`), and
a refusal is said in words. Nothing is stored before "Keep on this phone"."""

from __future__ import annotations

import dataclasses
from datetime import datetime, timezone
from typing import TYPE_CHECKING

import flet as ft

from ... import formats, rules
from ...formats import FormatError, ImportItem
from ...formats.sharelink import read_link
from ...store import StoredGame, StoreError
from .. import ids
from ..routes import FromLink, NewGame, Route, Sheet
from ..text import link_words as words
from ..text.messages import Msg, store_error
from ..registry import app_game
from ..views import chart
from ..views.seat_change import seated
from ..views.widgets import Ui, app_bar, big_button, error_box, frame, local_time, tag
from . import sheet

if TYPE_CHECKING:
    from ..session import Session


def relation(kept: StoredGame | None, item: ImportItem) -> tuple[str, int]:
    """What this phone keeps of the link's game: ("new", 0) nothing, ("same", 0),
    ("newer", n) the link adds n hands, ("older", 0) this phone has more, ("differs", 0)
    their hands disagree (or players, rules, first dealer), ("deleted", 0) in the trash."""
    if kept is None:
        return "new", 0
    if kept.deleted:
        return "deleted", 0
    mine, theirs = formats.game_to_dict(kept.game), formats.game_to_dict(item.game)
    if mine == theirs:
        return "same", 0
    if any(mine[k] != theirs[k] for k in ("players", "rules", "first_dealer")):
        return "differs", 0
    ours, link = mine["hands"], theirs["hands"]
    shared = min(len(ours), len(link))
    if ours[:shared] != link[:shared]:
        return "differs", 0
    return ("newer", len(link) - len(ours)) if len(link) > len(ours) else ("older", 0)


class Model:
    def __init__(self, session: Session, route: Route) -> None:
        assert isinstance(route, FromLink)
        self.session = session
        self.read_only = True
        self.chart = False
        self.rules_open = False
        self.banner_open = False
        self.problem: Msg | None = None
        self.item: ImportItem | None = None
        if session.link is None:
            self.problem = Msg(words.LINK_NOT_READ)
            return
        try:
            self.item = read_link(session.link, formats.utc_iso(datetime.now(timezone.utc)))
        except FormatError as e:
            self.problem = words.link_error(e)
            return
        item = self.item
        self.game = StoredGame(item.id, item.created, item.updated, item.version, item.game,
                               rules.state(item.game).game_over, None, False,
                               next_seat_changes=item.next_seat_changes)
        self.names = self.game.next_names
        self.shown = seated(item.game, self.names)
        self.state = rules.state(self.shown)
        # the game's own parts of the sheet (its banner, rows, words...: app.games)
        self.parts = app_game(self.shown.rules)
        self.kept, self.added = self._kept()

    def _kept(self) -> tuple[str, int]:
        assert self.item is not None
        try:
            kept: StoredGame | None = self.session.store.get(self.item.id)
        except StoreError:
            kept = None
        return relation(kept, self.item)

    def show_chart(self, on: bool) -> None:
        self.chart = on

    def toggle_rules(self) -> None:
        self.rules_open = not self.rules_open

    def toggle_banner(self) -> None:
        self.banner_open = not self.banner_open

    def keep(self) -> bool:
        """Store the link's game on this phone (or add the hands it has more) and open
        it there; True once this phone has it."""
        item, session = self.item, self.session
        if item is None or self.kept in ("differs", "deleted"):
            return False
        if self.kept in ("new", "newer"):
            # the kept game's next version is above both (its own writes and the link's)
            if self.kept == "newer":
                version = max(item.version, session.store.get(item.id).version + 1)
                item = dataclasses.replace(item, version=version)
            try:
                done = session.write(lambda store: store.import_checked([item]), item.id)
            except StoreError as e:
                session.error = store_error(e)
                return False
            if done.conflicts:  # changed meanwhile: say so, change nothing
                self.kept, self.added = self._kept()
                return False
            session.say(Msg(words.KEPT) if self.kept == "new" else
                        Msg(words.ADDED[0], {"n": self.added}, words.ADDED[1]), stay=False)
        session.navigate(Sheet(item.id), replace=True)
        return True

    def rematch(self) -> None:
        """The sheet's Rematch at the end: the game is kept here first."""
        if self.keep():
            self.session.navigate(NewGame(rematch_of=self.game.id))


def head(ui: Ui, model: Model) -> list[ft.Control | None]:
    """"From another phone: hand 7, today 21:04", what this phone keeps of it, and the
    next hand or the winner."""
    played = len(model.game.game.hands)
    when = local_time(ui, model.game.updated)
    line = (ui._(words.FROM_NONE, time=when) if not played else
            ui._(model.parts.from_words, hand=played, time=when))
    parts: list[ft.Control | None] = [
        error_box(ui, ui.session.error),
        tag(ids.LINK_FROM, ft.Text(line, size=17, weight=ft.FontWeight.BOLD), label=line)]
    state = {"same": Msg(words.KEPT_SAME), "older": Msg(words.KEPT_OLDER),
             "differs": Msg(words.KEPT_DIFFERS), "deleted": Msg(words.KEPT_DELETED),
             "newer": Msg(words.KEPT_NEWER[0], {"n": model.added}, words.KEPT_NEWER[1]),
             }.get(model.kept, Msg(words.FROM_READ_ONLY))
    parts.append(tag(ids.LINK_STATE, ft.Text(ui.say(state), size=15,
                                             color=ft.Colors.ON_SURFACE_VARIANT)))
    game, st = model.shown, model.state
    if st.game_over:
        parts.append(sheet.game_over_card(ui, model, game, st))  # type: ignore[arg-type]
    else:  # the game's banner (Hearts: the next hand's deal and pass)
        parts += model.parts.banner(ui, model, game, st)
    return parts + [model.parts.info(ui, game, st),
                    *sheet.rules_parts(ui, model, game),  # type: ignore[arg-type]
                    sheet.sheet_tabs(ui, model)]  # type: ignore[arg-type]


def keep_button(ui: Ui, model: Model) -> ft.Control | None:
    if model.kept in ("differs", "deleted"):
        return None
    if model.kept in ("same", "older"):
        return big_button(ui, ids.LINK_OPEN_KEPT, ui._(words.OPEN_KEPT), ui.act(model.keep),
                          ft.Icons.OPEN_IN_NEW)
    text = ui._(words.KEEP) if model.kept == "new" else \
        ui._n(*words.ADD_HANDS, model.added)
    return big_button(ui, ids.LINK_KEEP, text, ui.act(model.keep), ft.Icons.DOWNLOAD_DONE)


def view(ui: Ui, model: Model) -> ft.View:
    bar = app_bar(ui, ui._(words.FROM_TITLE), two_lines=True)
    if model.item is None:
        assert model.problem is not None
        said = ui.say(model.problem)
        return frame(ui, "link", bar, [tag(ids.LINK_PROBLEM, ft.Text(said, size=16),
                                           label=said)])
    game, st = model.shown, model.state
    pinned, table = model.parts.table(ui, model, game, st)  # read only: no row opens
    if model.chart:
        table = chart.score_chart(chart.chart_model(game), ui.session.tr)
    controls = head(ui, model) + [ft.Card(ft.Container(table, padding=8), margin=0)]
    return frame(ui, "link", bar, controls, bottom=[keep_button(ui, model)], top=pinned,
                 error=False)
