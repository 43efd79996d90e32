"""The stats screen's model (``/stats``), Flet-free: the filter and the two players of
the head to head, read from the address (``/stats?variant=standard&players=4&a=ala&b=bartek``,
so a reload lands on the same view), and the figures, which it asks of
:func:`scorekeeper.rules.stats.compute` over the store's history summaries (deleted ones
too, to count them as left out). It computes nothing itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from ...rules import MAX_PLAYERS, MIN_PLAYERS, Variant, normalise_name
from ...rules.stats import HeadToHead, Stats, compute

PATH = "/stats"


@dataclass
class StatsModel:
    """What the stats screen shows: the filter, the two players compared, the figures."""

    variant: str | None = None
    player_count: int | None = None
    first: str | None = None  # normalised names of the head-to-head pair
    second: str | None = None
    stats: Stats | None = field(default=None, repr=False)

    @classmethod
    def from_query(cls, query: dict[str, str]) -> StatsModel:
        """The filter from the address; anything unknown there means "any"."""
        variant = query.get("variant")
        if variant not in {v.value for v in Variant}:
            variant = None
        count_text = query.get("players", "")
        count = int(count_text) if count_text.isdigit() else None
        if count is not None and not MIN_PLAYERS <= count <= MAX_PLAYERS:
            count = None
        first = normalise_name(query["a"]) if query.get("a", "").strip() else None
        second = normalise_name(query["b"]) if query.get("b", "").strip() else None
        return cls(variant, count, first, second)

    def route(self, **change: Any) -> str:
        """The address of this view with ``change`` applied (variant, player_count, first,
        second; None clears one)."""
        values = {"variant": self.variant, "players": self.player_count,
                  "a": self.first, "b": self.second}
        names = {"player_count": "players", "first": "a", "second": "b"}
        for key, value in change.items():
            values[names.get(key, key)] = value
        query = {k: v for k, v in values.items() if v is not None}
        return PATH + ("?" + urlencode(query) if query else "")

    def load(self, store: Any) -> Stats:
        """Every figure, from the store's history list (deleted games too: they are
        counted as left out)."""
        self.stats = compute(store.list_games(include_deleted=True), variant=self.variant,
                             player_count=self.player_count)
        return self.stats

    def pair(self) -> tuple[str | None, str | None]:
        """The two players compared: the ones picked, else the first two of the list."""
        keys = [p.key for p in self.stats.players] if self.stats else []
        first = self.first if self.first in keys else (keys[0] if keys else None)
        second = self.second if self.second in keys and self.second != first else next(
            (k for k in keys if k != first), None)
        return first, second

    def head_to_head(self) -> HeadToHead | None:
        first, second = self.pair()
        if self.stats is None or first is None or second is None:
            return None
        return self.stats.head_to_head(first, second)
