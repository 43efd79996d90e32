"""Who passes to whom in a hand, as the sheet and the table view draw it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import flet as ft

from .widgets import Ui

BIG_TABLE = 6  # more players than this see the passes as one ring


def pass_chips(ui: Ui, names: Sequence[str], passes: Mapping[int, int], size: int) -> ft.Control:
    """Who passes to whom in this hand, a chip a pair ("Ala → Bartek"), wrapping.

    A big table (7 to 11 players, always left or right) sees one ring instead, "Ala →
    Kasia → Janek → … → Ala", each player passing to the name after theirs: eleven
    chips took six rows at 360 px and pushed the totals out of sight after a save."""
    pairs = [ui._("{giver} → {receiver}", giver=names[a], receiver=names[b])
             for a, b in passes.items()]
    ring = pass_ring(passes) if len(passes) > BIG_TABLE else None
    if ring is not None:  # read out as the pairs
        words = [ft.Text(f"{names[seat]} →", size=size) for seat in ring]
        words.append(ft.Text(names[ring[0]], size=size))
        return ft.Semantics(label=", ".join(pairs), container=True, content=ft.Container(
            ft.Row(words, wrap=True, spacing=5, run_spacing=2), bgcolor=ft.Colors.SURFACE,
            border_radius=8, padding=ft.Padding(8, 4, 8, 4)))
    return ft.Row([ft.Container(ft.Text(p, size=size), bgcolor=ft.Colors.SURFACE,
                                border_radius=8, padding=ft.Padding(8, 4, 8, 4))
                   for p in pairs], wrap=True, spacing=6, run_spacing=6)


def pass_ring(passes: Mapping[int, int]) -> list[int] | None:
    """The seats in passing order from the lowest seat, when every player passes along
    one ring (left or right); None otherwise (e.g. across, two pairs)."""
    if not passes:
        return None
    first = min(passes)
    ring = [first]
    while (nxt := passes.get(ring[-1])) is not None and nxt != first:
        if nxt in ring:
            return None
        ring.append(nxt)
    return ring if nxt == first and len(ring) == len(passes) else None


__all__ = ["BIG_TABLE", "pass_chips", "pass_ring"]
