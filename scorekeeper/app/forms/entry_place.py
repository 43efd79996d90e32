"""Where an entry of a hand (or a Kierki deal) stands in its game: its number, the game
before it and the names it is played under. Shared by :class:`.hand_entry.HandEntry`
and :class:`.kierki_entry.KierkiEntry`, which hold ``game``, ``index`` (None: the next
one) and ``waiting`` (the changes of player waiting for a new one)."""

from __future__ import annotations

from typing import Any

from ... import rules


class EntryPlace:
    game: rules.Game
    index: int | None
    waiting: tuple[tuple[int, str], ...]

    @property
    def names(self) -> tuple[str, ...]:
        """The names this hand is played under: an earlier hand's own, or the names after
        the last hand with the changes waiting for the next one."""
        st = rules.state(self.game)
        if self.index is not None:
            return st.names[self.index]
        if self.waiting:
            return rules.apply_seat_changes(st.players, self.waiting)  # type: ignore[arg-type]
        return st.players

    @property
    def number(self) -> int:
        return (self.index if self.index is not None else len(self.game.hands)) + 1

    @property
    def before(self) -> rules.Game:
        """The game as it stood before this hand."""
        if self.index is None:
            return self.game
        return self.game.cut(self.index)

    def own_seat_changes(self) -> Any:
        """An edited hand keeps its own changes of player; a new one has none yet (the
        store plays the waiting ones with it)."""
        if self.index is None:
            return ()
        return self.game.hands[self.index].seat_changes
