"""The stats screen (``/stats``): per-player figures across the stored games, head to
head for any two players, filters by variant and player count, and how many unfinished
and deleted games are left out. It draws a :class:`~.stats_model.StatsModel`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import flet as ft

from ...rules import Variant
from ...rules.stats import PlayerStats, Stats
from .. import ids
from ..palette import seat_colour
from .stats_model import StatsModel

TAP = 48


class Translator(Protocol):
    lang: str

    def _(self, msgid: str, **params: object) -> str: ...

    def _n(self, singular: str, plural: str, n: int, **params: object) -> str: ...


def N_(msgid: str) -> str:  # marks a message for the catalogues, translated when shown
    return msgid


VARIANT_NAME = {Variant.STANDARD.value: N_("Standard"),
                Variant.CANCELLATION.value: N_("Cancellation")}


# --- drawing ----------------------------------------------------------------------------


def decimal(tr: Translator, value: float) -> str:
    """One decimal, with the language's decimal mark (6.5 in English, 6,5 in pl and lt)."""
    text = f"{value:.1f}"
    return text if tr.lang == "en" else text.replace(".", ",")


def _chip(identifier: str, text: str, picked: bool, on_click: Callable[[Any], None]
          ) -> ft.Control:
    button = (ft.FilledTonalButton if picked else ft.OutlinedButton)(
        content=ft.Text(text, size=14), height=40, on_click=on_click,
        icon=ft.Icons.CHECK if picked else None)
    return ft.Semantics(identifier=identifier, label=text, content=button, container=True,
                        button=True, selected=picked, on_tap=on_click)


def filters(tr: Translator, model: StatsModel, go: Callable[[str], Any]) -> ft.Control:
    assert model.stats is not None
    st = model.stats

    def to(route: str) -> Callable[[Any], None]:
        return lambda e=None: go(route)

    variants = [_chip(ids.STATS_VARIANT.format(variant="any"), tr._("Any variant"),
                      model.variant is None, to(model.route(variant=None)))]
    for v in sorted(set(st.variants) | ({model.variant} if model.variant else set())):
        variants.append(_chip(ids.STATS_VARIANT.format(variant=v), tr._(VARIANT_NAME[v]),
                              model.variant == v, to(model.route(variant=v))))
    counts = [_chip(ids.STATS_COUNT.format(n=0), tr._("Any number of players"),
                    model.player_count is None, to(model.route(player_count=None)))]
    for n in sorted(set(st.player_counts) | ({model.player_count} if model.player_count
                                             else set())):
        counts.append(_chip(ids.STATS_COUNT.format(n=n),
                            tr._n("{n} player", "{n} players", n),
                            model.player_count == n, to(model.route(player_count=n))))
    return ft.Column([ft.Row(variants, wrap=True, spacing=8, run_spacing=8),
                      ft.Row(counts, wrap=True, spacing=8, run_spacing=8)], spacing=8)


def left_out(tr: Translator, st: Stats) -> ft.Control:
    counted = tr._n("{n} finished game counted.", "{n} finished games counted.", st.games)
    out = tr._("Unfinished and deleted games are left out: {unfinished} unfinished, "
               "{deleted} deleted.", unfinished=st.left_out_unfinished,
               deleted=st.left_out_deleted)
    return ft.Semantics(identifier=ids.STATS_LEFT_OUT, container=True, content=ft.Row([
        ft.Icon(ft.Icons.INFO_OUTLINE, size=18, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Text(f"{counted} {out}", size=13, color=ft.Colors.ON_SURFACE_VARIANT, expand=True),
    ], vertical_alignment=ft.CrossAxisAlignment.START))


def player_card(tr: Translator, n: int, p: PlayerStats, go: Callable[[str], Any]
                ) -> ft.Control:
    small = dict(size=14)
    rate = round(100 * p.win_rate)

    def game_link(text: str, game_id: str) -> ft.Control:
        return ft.TextButton(content=ft.Text(text, size=14), height=TAP,
                             on_click=lambda e=None: go(f"/history/{game_id}"),
                             style=ft.ButtonStyle(padding=ft.Padding(4, 0, 4, 0)))

    lines: list[ft.Control] = [
        ft.Row([ft.Container(width=6, height=22, bgcolor=seat_colour(n), border_radius=3),
                ft.Text(p.name, size=17, weight=ft.FontWeight.BOLD, expand=True,
                        max_lines=2, overflow=ft.TextOverflow.ELLIPSIS)], spacing=8),
        ft.Text(tr._n("{n} game played", "{n} games played", p.games) + " · "
                + tr._n("{n} won", "{n} won", p.wins) + f" ({rate}%)", **small),
        ft.Text(tr._("{points} points per hand · average place {place}",
                     points=decimal(tr, p.points_per_hand),
                     place=decimal(tr, p.average_place)), **small),
        ft.Text(tr._n("{n} moon shot", "{n} moons shot", p.moons), **small),
        ft.Row([game_link(tr._("Best game: {total}", total=p.best.total), p.best.game_id),
                game_link(tr._("Worst game: {total}", total=p.worst.total), p.worst.game_id)],
               wrap=True, spacing=4, run_spacing=0),
    ]
    return ft.Semantics(identifier=ids.STATS_PLAYER.format(n=n), container=True,
                        content=ft.Card(ft.Container(ft.Column(lines, spacing=2),
                                                     padding=ft.Padding(12, 10, 12, 4)),
                                        margin=0))


def head_to_head(tr: Translator, model: StatsModel, go: Callable[[str], Any]) -> ft.Control:
    assert model.stats is not None
    players = model.stats.players
    rows: list[ft.Control] = []
    first, second = model.pair()
    for side, (label, key, field_name) in enumerate((
            (tr._("First player"), first, "first"),
            (tr._("Second player"), second, "second"))):
        chips = [_chip(ids.STATS_VS_OPTION.format(seat=side, n=n), p.name, p.key == key,
                       (lambda r: lambda e=None: go(r))(model.route(**{field_name: p.key})))
                 for n, p in enumerate(players)]
        rows.append(ft.Semantics(identifier=ids.STATS_VS.format(seat=side), container=True,
                                 content=ft.Column([
                                     ft.Text(label, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
                                     ft.Row(chips, wrap=True, spacing=8, run_spacing=8)],
                                     spacing=4)))
    h = model.head_to_head()
    if h is None:
        text = tr._("Head to head needs two players with finished games.")
    elif h.games == 0:
        text = tr._("{first} and {second} have not finished a game together.",
                    first=h.first, second=h.second)
    else:
        text = " ".join([
            tr._n("{first} and {second}: {n} game together.",
                  "{first} and {second}: {n} games together.", h.games,
                  first=h.first, second=h.second),
            tr._n("{player} finished ahead {n} time,", "{player} finished ahead {n} times,",
                  h.first_ahead, player=h.first),
            tr._n("{player} {n} time,", "{player} {n} times,", h.second_ahead,
                  player=h.second),
            tr._n("{n} tie.", "{n} ties.", h.ties)])
    rows.append(ft.Semantics(identifier=ids.STATS_H2H, container=True, live_region=True,
                             content=ft.Container(ft.Text(text, size=16,
                                                          weight=ft.FontWeight.BOLD),
                                                  bgcolor=ft.Colors.SECONDARY_CONTAINER,
                                                  border_radius=12, padding=12)))
    return ft.Column(rows, spacing=10)


def section(title: str) -> ft.Control:
    return ft.Container(ft.Text(title, size=14, weight=ft.FontWeight.BOLD,
                                color=ft.Colors.PRIMARY), padding=ft.Padding(4, 12, 4, 2))


def controls(tr: Translator, model: StatsModel, go: Callable[[str], Any]) -> list[ft.Control]:
    """The body of the stats screen; ``go(route)`` opens another address."""
    st = model.stats
    assert st is not None
    out: list[ft.Control] = [filters(tr, model, go), left_out(tr, st)]
    if not st.players:
        out.append(ft.Text(tr._("No finished games to count yet."),
                           color=ft.Colors.ON_SURFACE_VARIANT))
        return out
    out.append(section(tr._("Players")))
    out.extend(player_card(tr, n, p, go) for n, p in enumerate(st.players))
    out.append(section(tr._("Head to head")))
    out.append(head_to_head(tr, model, go))
    return out
