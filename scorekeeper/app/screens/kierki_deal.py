"""A Kierki deal's entry (``/game/<id>/deal``, ``/game/<id>/deal/<n>`` to edit): the
contract the match is at, in words, and what each player took, entered as the table
counts it with the cards in front of it (:mod:`..views.kierki_entry_parts`). Save only
when the rules accept the deal, the reason in words until then; editing, deleting (the
last deal only: the match's order fixes every deal's contract) and undo work as for a
Hearts hand (:class:`.hand.Model`), and so does the draft kept across a reload. "Step
back" takes back the last change, one at a time, without starting the deal over."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from ... import rules
from ...rules import RulesError
from .. import ids
from ..forms.kierki_entry import KierkiEntry
from ..text.i18n import N_
from ..text.messages import DEAL_NOT_KEPT, Msg
from ..views.kierki_entry_parts import deal_header, entry_rows
from ..views.widgets import Ui, app_bar, error_box, frame, text_action
from . import hand

STEP_BACK = N_("Step back")
ONLY_LAST = N_("Only the last deal ({last}) can be deleted: the match's order fixes each "
               "deal's contract, so deal {hand} can only be changed.")


class Model(hand.Model):
    """The deal being entered (kept as a draft on every tap) and its save or delete."""

    entry: KierkiEntry
    no_such = N_("There is no deal {deal}.")
    not_kept_words = DEAL_NOT_KEPT

    def make_entry(self, game: rules.Game, index: int | None, draft: Any) -> KierkiEntry:
        return KierkiEntry.from_draft(game, index, draft, self.game.next_seat_changes)

    def delete_refused(self) -> Msg | None:
        """Why this deal cannot be deleted (None: it can): the rules check every later
        deal again without it, and a later deal's contract would no longer be the one
        the match is at."""
        index, game = self.entry.index, self.game.game
        if index is None:
            return None
        try:
            game.remove_hand(index)
        except RulesError:
            return Msg(ONLY_LAST, {"last": len(game.hands), "hand": index + 1})
        return None

    def ask_delete(self) -> None:
        refused = self.delete_refused()
        if refused is not None:
            self.session.error = refused
            return
        super().ask_delete()


def view(ui: Ui, model: Model) -> ft.View:
    entry = model.entry
    names = entry.names  # this deal's: an edited deal's own, or who plays the next

    def changed(fn: Callable[..., Any], *args: Any) -> Callable[[Any], None]:
        return ui.act(fn, *args, then=model.entry_changed)

    problem = entry.problem()
    rows: list[ft.Control | None] = [deal_header(ui, entry, names)]
    rows += entry_rows(ui, entry, names, changed)
    bottom: list[ft.Control | None] = [error_box(ui, ui.session.error)]
    bottom += hand.save_parts(ui, model, problem)
    actions = [text_action(ids.CLEAR_HAND, ft.Icons.RESTART_ALT, ui._("Start over"),
                           changed(entry.start_over))]
    if entry.can_step_back():  # the last change taken back, the rest of the deal kept
        actions.insert(0, text_action(ids.STEP_BACK, ft.Icons.UNDO, ui._(STEP_BACK),
                                      changed(entry.step_back)))
    if entry.index is not None:
        actions.insert(0, text_action(ids.DELETE_HAND, ft.Icons.DELETE_OUTLINE,
                                      ui._("Delete"), ui.act(model.ask_delete)))
        title = ui._("Edit deal {hand}", hand=entry.number)
    else:
        title = ui._("Deal {hand}", hand=entry.number)
    return frame(ui, "deal", app_bar(ui, title, actions=actions,
                                     two_lines=entry.index is not None), rows,
                 bottom=bottom, error=False)
