"""The stats screen (``/stats``): per-player figures across the stored games, head to
head for any two players, filters by game (Hearts or Kierki, counted apart), variant and
player count, and how many unfinished and deleted games are left out. Kierki's figures
are a match's: the average total and place, the best and worst match (the highest total
is the best), and each player's average points per deal of each contract.

The filter and the two players compared live in the address
(``/stats?variant=standard&players=4&a=ala&b=bartek``, :class:`~..routes.Stats`; Kierki
is ``variant=kierki``), so a reload lands on the same view. The :class:`Model` asks the store for the history
summaries (deleted ones too, to count them) and :func:`scorekeeper.rules.stats.compute`
for every figure; it computes nothing itself.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

import flet as ft

from ... import rules
from ...rules import MAX_PLAYERS, MIN_PLAYERS, Contract, KierkiRules, Variant
from ...rules.stats import filtered_game
from ..registry import app_game_named
from ...rules import normalise_name
from ...formats.share import signed
from ...rules.stats import HeadToHead, PlayerStats, Stats, compute
from .. import ids
from ..text.house_words import JACKS_TAKEN_STATS
from ..text.kierki_words import contract_name
from ..views.palette import seat_colour
from ..routes import Route, Sheet
from ..routes import Stats as StatsRoute
from ..views.radios import Option, radio_group
from ..views.widgets import Ui, app_bar, frame, section, tag
from ..text.words import VARIANT_NAME

if TYPE_CHECKING:
    from ..session import Session

TAP = 48
PAGE = 12  # players drawn at first (most wins first); "Show all players" draws the rest
# the usual table: a contract's name beside a Kierki player's average points per deal of
# it is the sheet's (bez lew, bez kierów, ...; the sixth, the 7th and the last trick)
USUAL_TABLE = KierkiRules()


class Model:
    """The filter and the pair from the route; the figures from rules.stats."""

    def __init__(self, session: Session, route: Route) -> None:
        assert isinstance(route, StatsRoute)
        self.session = session
        # anything the address holds that no game can have means "any"
        self.variant = route.variant if rules.variant_game(route.variant) else None
        count = route.players
        self.player_count = count if count is not None and (
            MIN_PLAYERS <= count <= MAX_PLAYERS) else None
        self.first = normalise_name(route.a) if route.a and route.a.strip() else None
        self.second = normalise_name(route.b) if route.b and route.b.strip() else None
        self.route = StatsRoute(self.variant, self.player_count, self.first, self.second)
        self.shown = PAGE
        self.reload()

    def reload(self) -> None:
        """Count again (a game was finished, changed or deleted elsewhere)."""
        summaries = self.session.store.list_games(include_deleted=True)  # newest first
        self.stats: Stats = counted(summaries, self.variant, self.player_count)
        self.seats = latest_seats(summaries, {p.key for p in self.stats.players})

    @property
    def players(self) -> tuple[PlayerStats, ...]:
        """The players drawn now: the first :data:`PAGE`, or all once asked."""
        return self.stats.players[: self.shown]

    def show_all(self) -> None:
        self.shown = len(self.stats.players)

    def colour(self, key: str) -> str:
        """A player's colour: the one of their seat in their latest game (the colour the
        sheet and the chart gave them last)."""
        return seat_colour(self.seats.get(key, 0))

    def follows(self, game_id: str) -> bool:
        return True  # a game finished or deleted elsewhere changes the figures

    @property
    def game(self) -> str:
        """The game whose stats these are (each game is counted apart): its key."""
        return filtered_game(self.variant).key

    def show(self, **change: Any) -> None:
        """The same screen with the filter or the pair changed (variant, players, a, b)."""
        self.session.navigate(replace(self.route, **change), replace=True)

    def show_game(self, game: str) -> None:
        """A game's stats (Hearts', Kierki's): the variant and player count start again
        at any (the first game's filter is no variant; another's, its variant)."""
        first = next(iter(rules.GAMES))
        variant = None if game == first else next(iter(rules.GAMES[game].variants)).value
        self.show(variant=variant, players=None)

    def pair(self) -> tuple[str | None, str | None]:
        """The two players compared: the ones picked, else the first two of the list."""
        keys = [p.key for p in self.stats.players]
        first = self.first if self.first in keys else (keys[0] if keys else None)
        second = self.second if self.second in keys and self.second != first else next(
            (k for k in keys if k != first), None)
        return first, second

    def head_to_head(self) -> HeadToHead | None:
        first, second = self.pair()
        if first is None or second is None:
            return None
        return self.stats.head_to_head(first, second)


_COUNTED: dict[tuple[Any, ...], Stats] = {}  # the last few results, by games and filter
_KEEP = 8


def counted(summaries: list[Any], variant: str | None, player_count: int | None) -> Stats:
    """``rules.stats.compute`` of the summaries, computed once for the same games and
    filter: every tab and phone opening the stats shares the result until a game is
    added, changed or deleted (a game's version and deleted flag say all the stats read)."""
    key = (variant, player_count, tuple((s.id, s.version, s.deleted) for s in summaries))
    found = _COUNTED.get(key)
    if found is None:
        found = compute(summaries, variant=variant, player_count=player_count)
        if len(_COUNTED) >= _KEEP:
            _COUNTED.pop(next(iter(_COUNTED)))
        _COUNTED[key] = found
    return found


def latest_seats(summaries: list[Any], keys: set[str]) -> dict[str, int]:
    """Each player's seat in the newest of ``summaries`` (newest first) they sat in."""
    seats: dict[str, int] = {}
    for s in summaries:
        if len(seats) == len(keys):
            break
        for seat, name in enumerate(s.players):
            key = normalise_name(name)
            if key in keys and key not in seats:
                seats[key] = seat
    return seats


# --- drawing ----------------------------------------------------------------------------


def decimal(ui: Ui, value: float) -> str:
    """One decimal, with the language's decimal mark (6.5 in English, 6,5 in pl and lt)
    and a true minus sign (−57.5, as the sheet draws a total)."""
    text = signed(f"{value:.1f}")
    return text if ui.session.language == "en" else text.replace(".", ",")


def filters(ui: Ui, model: Model) -> ft.Control:
    """The game (when there are Kierki matches: they are counted apart), the variant (of
    Hearts) and the player count."""
    st = model.stats
    groups: list[ft.Control] = []
    first = next(iter(rules.GAMES))  # Hearts: the stats the screen opens on
    if model.game != first or any(n for g, n in st.finished_games.items() if g != first):
        groups.append(radio_group(ui._("Game"), model.game, [
            Option(g, ids.STATS_GAME.format(game=g), ui._(app_game_named(g).games_words))
            for g in rules.GAMES], lambda g: ui.act(partial(model.show_game, g)),
            look="chip"))
    if len(rules.GAMES[model.game].variants) > 1:  # Hearts' variants
        variants = [Option("any", ids.STATS_VARIANT.format(variant="any"), ui._("Any variant"))]
        for v in sorted(set(st.variants) | ({model.variant} if model.variant else set())):
            variants.append(Option(v, ids.STATS_VARIANT.format(variant=v),
                                   ui._(VARIANT_NAME[Variant(v)])))
        groups.append(radio_group(ui._("Variant"), model.variant or "any", variants,
                                  lambda v: ui.act(partial(model.show, variant=None
                                                           if v == "any" else v)), look="chip"))
    counts = [Option("0", ids.STATS_COUNT.format(n=0), ui._("Any number of players"))]
    shown = set(st.player_counts) | ({model.player_count} if model.player_count else set())
    for n in sorted(shown):
        counts.append(Option(str(n), ids.STATS_COUNT.format(n=n),
                             ui._n("{n} player", "{n} players", n)))
    groups.append(radio_group(ui._("Players"), str(model.player_count or 0), counts,
                              lambda n: ui.act(partial(model.show, players=int(n) or None)),
                              look="chip"))
    return ft.Column(groups, spacing=8)


def left_out(ui: Ui, st: Stats) -> ft.Control:
    counted = ui._n("{n} finished game counted.", "{n} finished games counted.", st.games)
    out = ui._("Unfinished and deleted games are left out: {unfinished} unfinished, "
               "{deleted} deleted.", unfinished=st.left_out_unfinished,
               deleted=st.left_out_deleted)
    return ft.Semantics(identifier=ids.STATS_LEFT_OUT, container=True, content=ft.Row([
        ft.Icon(ft.Icons.INFO_OUTLINE, size=18, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Text(f"{counted} {out}", size=13, color=ft.Colors.ON_SURFACE_VARIANT, expand=True),
    ], vertical_alignment=ft.CrossAxisAlignment.START))


def player_card(ui: Ui, model: Model, n: int, p: PlayerStats) -> ft.Control:
    """One player's figures; the best and the worst game open that game."""
    small = dict(size=14)
    rate = round(100 * p.win_rate)

    def game_link(text: str, game_id: str) -> ft.Control:
        return ft.TextButton(content=ft.Text(text, size=14), height=TAP,
                             on_click=ui.go(Sheet(game_id, read_only=True)),
                             style=ft.ButtonStyle(padding=ft.Padding(4, 0, 4, 0)))

    lines: list[ft.Control] = [
        ft.Row([ft.Container(width=6, height=22, bgcolor=model.colour(p.key),
                             border_radius=3),
                ft.Text(p.name, size=17, weight=ft.FontWeight.BOLD, expand=True,
                        max_lines=2, overflow=ft.TextOverflow.ELLIPSIS)], spacing=8),
        ft.Text(ui._n("{n} game played", "{n} games played", p.games) + " · "
                + ui._n("{n} won", "{n} won", p.wins) + f" ({rate}%)", **small),
        *app_game_named(model.game).stats_lines(ui, model, n, p),  # the game's figures
        ft.Row([game_link(ui._("Best game: {total}", total=signed(p.best.total)),
                          p.best.game_id),
                game_link(ui._("Worst game: {total}", total=signed(p.worst.total)),
                          p.worst.game_id)],
               wrap=True, spacing=4, run_spacing=0),
    ]
    return ft.Semantics(identifier=ids.STATS_PLAYER.format(n=n), container=True,
                        content=ft.Card(ft.Container(ft.Column(lines, spacing=2),
                                                     padding=ft.Padding(12, 10, 12, 4)),
                                        margin=0))


def hearts_lines(ui: Ui, model: Model, p: PlayerStats) -> list[ft.Control]:
    small = dict(size=14)
    return [
        ft.Text(ui._("{points} points per hand · average place {place}",
                     points=decimal(ui, p.points_per_hand),
                     place=decimal(ui, p.average_place)), **small),
        ft.Text(ui._n("{n} moon shot", "{n} moons shot", p.moons), **small),
        *([ft.Text(ui._(JACKS_TAKEN_STATS, n=p.jacks), **small)] if model.stats.omnibus
          else []),
    ]


def kierki_lines(ui: Ui, n: int, p: PlayerStats) -> list[ft.Control]:
    """A Kierki player's average total and place, and per contract the average points a
    deal of it brought them: a line a contract, the numbers aligned as on a sheet."""
    average = ft.Text(ui._("{points} points per match · average place {place}",
                           points=decimal(ui, p.points_per_game),
                           place=decimal(ui, p.average_place)), size=14)
    rows: list[ft.Control] = [ft.Text(ui._("Average points per deal"), size=13,
                                      weight=ft.FontWeight.BOLD)]
    for contract in Contract:
        mean = p.contract_average(contract)
        if mean is not None:
            rows.append(ft.Row([
                ft.Text(contract_name(ui, contract, USUAL_TABLE), size=13, color=ft.Colors.ON_SURFACE_VARIANT, expand=True),
                ft.Text(decimal(ui, mean), size=13, text_align=ft.TextAlign.RIGHT)],
                spacing=8, vertical_alignment=ft.CrossAxisAlignment.START))
    block = ft.Semantics(identifier=ids.STATS_CONTRACTS.format(n=n), container=True,
                         content=ft.Column(rows, spacing=1))
    return [average, block]


def head_to_head_text(ui: Ui, h: HeadToHead | None) -> str:
    if h is None:
        return ui._("Head to head needs two players with finished games.")
    if h.games == 0:
        return ui._("{first} and {second} have not finished a game together.",
                    first=h.first, second=h.second)
    return " ".join([
        ui._n("{first} and {second}: {n} game together.",
              "{first} and {second}: {n} games together.", h.games,
              first=h.first, second=h.second),
        ui._n("{player} finished ahead {n} time,", "{player} finished ahead {n} times,",
              h.first_ahead, player=h.first),
        ui._n("{player} {n} time,", "{player} {n} times,", h.second_ahead, player=h.second),
        ui._n("{n} tie.", "{n} ties.", h.ties)])


def head_to_head(ui: Ui, model: Model) -> ft.Control:
    picked = model.pair()
    players = model.players + tuple(p for p in model.stats.players[len(model.players):]
                                    if p.key in picked)
    rows: list[ft.Control] = []
    for side, label in enumerate((ui._("First player"), ui._("Second player"))):
        field_name = "ab"[side]
        options = [Option(p.key, ids.STATS_VS_OPTION.format(seat=side, n=n), p.name)
                   for n, p in enumerate(players)]
        group = radio_group(label, picked[side], options, lambda key, f=field_name: ui.act(
            partial(model.show, **{f: key})), look="chip")
        rows.append(ft.Semantics(identifier=ids.STATS_VS.format(seat=side), container=True,
                                 content=ft.Column([
                                     ft.Semantics(exclude_semantics=True, content=ft.Text(
                                         label, size=13, color=ft.Colors.ON_SURFACE_VARIANT)),
                                     group], spacing=4)))
    text = head_to_head_text(ui, model.head_to_head())
    rows.append(ft.Semantics(identifier=ids.STATS_H2H, container=True, live_region=True,
                             content=ft.Container(ft.Text(text, size=16,
                                                          weight=ft.FontWeight.BOLD),
                                                  bgcolor=ft.Colors.SECONDARY_CONTAINER,
                                                  border_radius=12, padding=12)))
    return ft.Column(rows, spacing=10)


def view(ui: Ui, model: Model) -> ft.View:
    st = model.stats
    rows: list[ft.Control | None] = [filters(ui, model), left_out(ui, st)]
    if not st.players:
        rows.append(ft.Text(ui._("No finished games to count yet."),
                            color=ft.Colors.ON_SURFACE_VARIANT))
    else:
        rows.append(section(ui._("Players")))
        rows.extend(player_card(ui, model, n, p) for n, p in enumerate(model.players))
        if len(model.players) < len(st.players):
            text = ui._("Show all players ({n})", n=len(st.players))
            rows.append(tag(ids.STATS_MORE, ft.TextButton(
                content=text, icon=ft.Icons.EXPAND_MORE, height=TAP,
                on_click=ui.act(model.show_all)), label=text, button=True))
        rows.append(section(ui._("Head to head")))
        rows.append(head_to_head(ui, model))
    return frame(ui, "stats", app_bar(ui, ui._("Stats")), rows)
