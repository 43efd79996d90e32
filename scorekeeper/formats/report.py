"""The replay report's common part (``replay --json``), Hearts' and Kierki's alike: the
players, the hands as each game reports them, the totals, the end, the winners and the
next hand."""

from __future__ import annotations

from typing import Any, Sequence

from ..rules import GameState


def report(names: Sequence[str], hands: list[dict[str, Any]], st: GameState,
           next_hand: dict[str, Any] | None) -> dict[str, Any]:
    """The report of a game in ``st`` played by ``names`` (after its last hand)."""
    return {
        "players": list(names),
        "hands": hands,
        "totals": list(st.totals),
        "game_over": st.game_over,
        "winner": None if st.winner is None else names[st.winner],
        "winners": [names[seat] for seat in st.winners],
        "next_hand": next_hand,
    }
