"""A game's change log: every hand added, changed, deleted or put back, newest first."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import flet as ft

from ... import rules
from ...rules import MoonChoice
from ...store import StaleGameError
from .. import ids
from ..text.i18n import N_
from ..text.messages import Msg
from ...formats.share import SEAT_CHANGE
from ..registry import app_game
from ..routes import Changes, Route
from ..views.widgets import TAP, Ui, app_bar, frame, local_time, signed, tag
from ..text.kierki_words import deal_text
from . import load_game

if TYPE_CHECKING:
    from ...store import Change
    from ..session import Session

ACTION = {"add": N_("Hand {hand} added"), "edit": N_("Hand {hand} changed"),
          "remove": N_("Hand {hand} deleted"), "insert": N_("Hand {hand} brought back"),
          "seats": N_("Players changed from hand {hand}")}
SEATS_NONE = N_("No change of player waits for hand {hand}.")
# a Kierki game's deals
DEAL_ACTION = {"add": N_("Deal {hand} added"), "edit": N_("Deal {hand} changed"),
               "remove": N_("Deal {hand} deleted"), "insert": N_("Deal {hand} brought back")}


class Model:
    def __init__(self, session: Session, route: Route) -> None:
        assert isinstance(route, Changes)
        self.session = session
        self.game = load_game(session, route.id)
        self.changes = list(reversed(session.store.changes(route.id)))

    def follows(self, game_id: str) -> bool:
        return game_id == self.game.id

    @property
    def undoable(self) -> Change | None:
        """The delete that can still be undone here: the newest change, when it removed a
        hand and nothing changed the game since (the same Undo as the notice's)."""
        if not self.changes or not self.session.may_write():
            return None
        last = self.changes[0]
        removed = last.old is not None or last.old_deal is not None
        if last.action != "remove" or not removed or last.version != self.game.version:
            return None
        return last

    def bring_back(self) -> None:
        """Put the deleted hand back where it was (refused like any stale write if another
        phone changed the game since)."""
        change, gid = self.undoable, self.game.id
        if change is None:
            return
        choice = MoonChoice(change.old_moon_choice) if change.old_moon_choice else None
        hand: Any = change.old_deal or rules.Hand(tuple(change.old or ()), choice,
                                                  change.old_jack, change.old_seats)
        try:
            self.session.write(lambda store: store.insert_hand(
                gid, change.hand - 1, hand, change.version), gid)
        except StaleGameError:
            self.session.stale(gid)
            return
        self.session.notice = None  # the notice's Undo is spent too
        self.session.say(Msg(N_("Hand {hand} is back."), {"hand": change.hand}))
        self.session.open(Changes(gid).url())


def points_text(points: Any, players: Any = ()) -> str:
    """A stored hand's points with the names, as 'Ala 3 · Bartek 13 · Celina 10 · Darek 0'
    (bare numbers left the table counting seats, worse with 11 players)."""
    names = list(players)
    if len(names) != len(points):
        return " · ".join(signed(p) for p in points)
    return " · ".join(f"{name} {signed(p)}" for name, p in zip(names, points))


def seat_details(ui: Ui, game: rules.Game, st: rules.GameState, ch: Change) -> list[str]:
    """A change of player in words: "Zenon · for Darek from hand 3", by the names the
    seats had before that hand (the names now when the hand is gone since)."""
    index = ch.hand - 2
    before = game.players if index < 0 else st.names[index] if index < len(st.names) \
        else st.players
    lines = [ui._(SEAT_CHANGE, new=name, old=before[seat] if seat < len(before) else "",
                  hand=ch.hand) for seat, name in ch.new_seats]
    return lines or [ui._(SEATS_NONE, hand=ch.hand)]


def view(ui: Ui, model: Model) -> ft.View:
    rows: list[ft.Control | None] = []
    if not model.changes:
        rows.append(ft.Text(ui._("No changes yet.")))
    st = rules.state(model.game.game)
    players = st.players
    for i, ch in enumerate(model.changes):
        words = app_game(model.game.game.rules).change_words  # the game's: hands, deals
        title = ui._(words.get(ch.action) or ACTION.get(ch.action, ACTION["edit"]),
                     hand=ch.hand)
        detail = seat_details(ui, model.game.game, st, ch) if ch.action == "seats" else []
        for word, deal in (("before: {points}", ch.old_deal), ("after: {points}", ch.new_deal)):
            if deal is not None:  # a deal kept whole (not points): what each took
                text = deal_text(ui.session.tr, model.game.game, deal, players)
                detail.append(ui._(word, points=text))
        if ch.old is not None:
            detail.append(ui._("before: {points}", points=points_text(ch.old, players)))
        if ch.new is not None:
            detail.append(ui._("after: {points}", points=points_text(ch.new, players)))
        extra: list[ft.Control] = []
        if i == 0 and model.undoable is not None:
            text = ui._("Bring back hand {hand}", hand=ch.hand)
            extra.append(tag(ids.CHANGE_UNDO, ft.OutlinedButton(
                content=text, icon=ft.Icons.UNDO, height=TAP,
                on_click=ui.act(model.bring_back)), label=text, button=True))
        rows.append(tag(ids.CHANGE.format(n=i), ft.Card(ft.Container(ft.Column([
            ft.Text(title, size=16, weight=ft.FontWeight.BOLD),
            ft.Text(local_time(ui, ch.at), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
            *[ft.Text(d, size=14) for d in detail], *extra,
        ], spacing=2), padding=12), margin=0)))
    return frame(ui, "changes", app_bar(ui, ui._("Changes")), rows)
