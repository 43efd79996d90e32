"""The one error type the rules raise.

Every error carries a stable ``code`` and ``params`` so a UI can translate it, the 1-based
``hand`` it concerns (when it concerns one) and the player's name (when one is at fault).
``str(error)`` is a complete English sentence for the command line.
"""

from __future__ import annotations

from typing import Any


class RulesError(ValueError):
    """A game or a hand that breaks the rules."""

    def __init__(
        self,
        code: str,
        message: str,
        *,
        hand: int | None = None,
        player: str | None = None,
        **params: Any,
    ) -> None:
        self.code = code
        self.hand = hand
        self.player = player
        self.params: dict[str, Any] = dict(params)
        if player is not None:
            self.params.setdefault("player", player)
        self.detail = message
        super().__init__(f"hand {hand}: {message}" if hand is not None else message)

    def at_hand(self, hand: int) -> "RulesError":
        """The same error, located at a 1-based hand number."""
        return RulesError(self.code, self.detail, hand=hand, player=self.player, **self.params)
