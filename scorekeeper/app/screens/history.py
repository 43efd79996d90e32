"""History: every game, newest first, a page at a time; searched by player name and
filtered by finished / unfinished, by game (Hearts or Kierki) and by Hearts' variant.
Only the games shown get controls."""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import TYPE_CHECKING

import flet as ft

from ... import rules
from ...store import GameSummary
from .. import ids
from ..text.i18n import N_
from ..text.messages import Msg
from ..registry import app_game_named, app_game_of
from ..routes import (HISTORY_ORDERS, HISTORY_STATUSES, History, Route, Sheet, Stats,
                      history_games)
from ..views.game_card import game_card
from ..views.radios import Option, radio_group
from ..views.widgets import TAP, Ui, app_bar, frame, tag, text_field
from ..text.words import VARIANT_NAME

if TYPE_CHECKING:
    from ..session import Session

PAGE = 25  # games drawn at a time; "Show more" adds the next page
VARIANTS = ("any",) + tuple(v.value for v in rules.Variant)
STATUS_NAME = {"all": N_("All"), "unfinished": N_("Unfinished"), "finished": N_("Finished")}
ANY_GAME = N_("Any game")


def game_words(game: str) -> str:
    """The game filter's chip: any game, or a game's own words ("Kierki matches")."""
    return ANY_GAME if game == "all" else app_game_named(game).games_words  # type: ignore[no-any-return]


def has_variants(game: str) -> bool:
    """Does the variant filter (Hearts' variants) apply to the game filter ``game``?"""
    return game == "all" or any(v in rules.GAMES[game].variants for v in VARIANTS[1:])

ORDER_NAME = {"started": N_("Newest start"), "played": N_("Last played")}
# letters that do not fall apart into a base letter and a mark (Polish ł, Danish ø...)
_UNMARKED = str.maketrans({"ł": "l", "đ": "d", "ø": "o", "ß": "ss", "æ": "ae", "œ": "oe"})


@lru_cache(maxsize=4096)
def search_key(text: str) -> str:
    """A name as the search compares it: case, spaces and accents ignored, so that
    "ruta" finds Rūta and "lukasz" finds Łukasz (a phone keyboard types those slowly)."""
    folded = unicodedata.normalize("NFKD", rules.normalise_name(text)).translate(_UNMARKED)
    return "".join(c for c in folded if not unicodedata.combining(c))


class Model:
    game = "all"  # every game, or Hearts' or Kierki's (the address's ``game``)

    def __init__(self, session: Session, route: Route) -> None:
        assert isinstance(route, History)
        self.session = session
        self.status = route.status
        self.order = route.order
        self.game = route.game
        self.variant = "any"
        self.query = ""
        self.shown = PAGE
        self._refilter()

    def _refilter(self) -> None:
        games = self.session.store.list_games()  # the store keeps this list: no file read
        key = search_key(self.query) if self.query.strip() else ""
        matches = [g for g in games if self._fits(g, key)]
        # the store lists the last changed first; a game started yesterday and played
        # on today is not newer than one started today, so by default: by the start
        if self.order == "played":
            matches.sort(key=lambda g: g.updated, reverse=True)
        else:
            matches.sort(key=lambda g: g.created, reverse=True)
        self.matches: list[GameSummary] = matches

    def _fits(self, g: GameSummary, key: str) -> bool:
        if self.status == "finished" and not g.finished:
            return False
        if self.status == "unfinished" and g.finished:
            return False
        if self.game != "all" and app_game_of(g.variant).key != self.game:
            return False
        if self.variant != "any" and g.variant != self.variant:
            return False
        # a name that played a seat earlier in the game (a table's life) finds it too
        return not key or any(key in search_key(p) for p in g.players + g.former)

    @property
    def games(self) -> list[GameSummary]:
        """The games drawn now: the first pages of the matching ones."""
        return self.matches[: self.shown]

    def follows(self, game_id: str) -> bool:
        return True

    def reload(self) -> None:
        self._refilter()

    def search(self, text: str) -> None:
        self.query, self.shown = text, PAGE
        self._refilter()

    def set_status(self, status: str) -> None:
        if status in HISTORY_STATUSES:
            self.status, self.shown = status, PAGE
            self._refilter()
            # in the address: Back from a game opened here returns to this filter
            self.session.readdress(History(status, self.order, self.game))

    def set_order(self, order: str) -> None:
        if order in HISTORY_ORDERS:
            self.order, self.shown = order, PAGE
            self._refilter()
            self.session.readdress(History(self.status, order, self.game))

    def set_game(self, game: str) -> None:
        """Every game, or one game's (the variant filter is Hearts': a game without
        that variant starts it again at any)."""
        if game in history_games():
            self.game, self.shown = game, PAGE
            if not has_variants(game):
                self.variant = "any"
            self._refilter()
            self.session.readdress(History(self.status, self.order, game))

    def set_variant(self, variant: str) -> None:
        if variant in VARIANTS:
            self.variant, self.shown = variant, PAGE
            self._refilter()

    def more(self) -> None:
        self.shown += PAGE

    def open_game(self, g: GameSummary) -> None:
        """A finished game opens read-only; an unfinished one, to play on."""
        self.session.navigate(Sheet(g.id, read_only=g.finished))

    def ask_delete(self, game_id: str) -> None:
        self.session.ask(Msg(N_("Delete this game?")),
                         Msg(N_("It disappears from the history. You can undo this "
                                "right after.")),
                         Msg(N_("Delete")), lambda: self.delete(game_id))

    def delete(self, game_id: str) -> None:
        """Delete a game (soft), with Undo in the notice."""
        session = self.session
        session.write(lambda store: store.delete_game(game_id), game_id)

        def undo() -> None:
            session.write(lambda store: store.restore_game(game_id), game_id)
            session.say(Msg(N_("The game is back.")))

        session.when_kept(self._refilter)  # the list changes once the phone keeps it
        session.say(Msg(N_("Game deleted.")), undo)


def filters(ui: Ui, model: Model) -> list[ft.Control]:
    search = tag(ids.HISTORY_SEARCH, text_field(
        ui, model.query, model.search, lambda e: ui.refresh(),
        label=ui._("Search by player"), prefix_icon=ft.Icons.SEARCH,
        key="history-search", dense=True, said=ui._("Search by player")))

    statuses = radio_group(ui._("Games"), model.status, [
        Option(s, ids.HISTORY_STATUS.format(status=s), ui._(STATUS_NAME[s]))
        for s in HISTORY_STATUSES], lambda s: ui.act(model.set_status, s), look="chip")
    games = radio_group(ui._("Game"), model.game, [
        Option(g, ids.HISTORY_GAME_KIND.format(game=g),
               ui._(game_words(g)))
        for g in history_games()], lambda g: ui.act(model.set_game, g), look="chip")
    variants = radio_group(ui._("Variant"), model.variant, [
        Option(v, ids.HISTORY_VARIANT.format(variant=v), ui._("Any variant") if v == "any"
               else ui._(VARIANT_NAME[rules.Variant(v)])) for v in VARIANTS],
        lambda v: ui.act(model.set_variant, v), look="chip")
    orders = radio_group(ui._("Sort:"), model.order, [
        Option(o, ids.HISTORY_ORDER.format(order=o), ui._(ORDER_NAME[o]))
        for o in HISTORY_ORDERS], lambda o: ui.act(model.set_order, o), look="chip")
    shown = [search, statuses, games] + ([variants] if has_variants(model.game) else [])
    return [*shown, tag(ids.HISTORY_ORDERS, ft.Row(
        [ft.Semantics(exclude_semantics=True, content=ft.Text(  # the group says it
            ui._("Sort:"), size=14, color=ft.Colors.ON_SURFACE_VARIANT)), orders],
        wrap=True, spacing=6, run_spacing=0))]


def view(ui: Ui, model: Model) -> ft.View:
    rows: list[ft.Control | None] = filters(ui, model)
    games = model.games
    count = ui._("Shown: {shown} of {total}", shown=len(games), total=len(model.matches))
    rows.append(tag(ids.HISTORY_COUNT, ft.Text(count, size=13,
                                               color=ft.Colors.ON_SURFACE_VARIANT)))
    if not model.matches:
        empty = ui._("No games match.") if model.query or model.variant != "any" \
            or model.status != "all" or model.game != "all" else ui._("No games yet.")
        rows.append(ft.Text(empty, color=ft.Colors.ON_SURFACE_VARIANT))
    for g in games:
        delete = tag(ids.DELETE_GAME.format(game_id=g.id), ft.IconButton(
            ft.Icons.DELETE_OUTLINE, tooltip=ui._("Delete"), width=TAP, height=TAP,
            on_click=ui.act(model.ask_delete, g.id)), label=ui._("Delete"), button=True)
        rows.append(game_card(ui, g, ids.HISTORY_GAME.format(game_id=g.id),
                              ui.act(model.open_game, g), [delete],
                              played=model.order == "played"))
    if len(model.matches) > len(games):
        rows.append(tag(ids.HISTORY_MORE, ft.OutlinedButton(
            content=ui._("Show more"), icon=ft.Icons.EXPAND_MORE, height=TAP,
            on_click=ui.act(model.more)), label=ui._("Show more"), button=True))
    export = tag(ids.EXPORT, ft.IconButton(ft.Icons.DOWNLOAD, tooltip=ui._("Export all games"),
                                           on_click=ui.act(ui.session.export)),
                 label=ui._("Export all games"), button=True)
    stats = tag(ids.STATS, ft.IconButton(ft.Icons.LEADERBOARD_OUTLINED, tooltip=ui._("Stats"),
                                         on_click=ui.go(Stats())), label=ui._("Stats"),
                button=True)
    return frame(ui, "history", app_bar(ui, ui._("History"), actions=[stats, export]), rows)
