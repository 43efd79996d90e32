"""The values a game's state is made of (:func:`.scoring.state` derives them): each
hand's scores, the next hand (dealer, pass, lead; a game's own adds to it), the standing
and the state as a whole; and what the rules read of a game (:class:`Game`). Shared by
Hearts (``scoring``) and Kierki (``kierki.match``), so a sheet reads one shape."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Protocol

from .end import Standing
from .house import Adjustment
from .table import Pass, PassDirection
from .values import MoonChoice, Rules
from .variants import Card, DeckPlan


class Game(Protocol):
    """What scoring reads of a game (:class:`~.game.Game` is the one kind there is);
    scoring never builds a game, so it does not import it and game.py imports scoring.
    ``hands`` are Hearts hands (``values.Hand``) or, in Kierki, deals
    (``kierki.Deal``)."""

    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def first_dealer(self) -> int: ...
    @property
    def hands(self) -> tuple[Any, ...]: ...
    @property
    def seats(self) -> int: ...


@dataclass(frozen=True)
class MoonShot:
    player: int  # seat of the shooter
    choice: MoonChoice  # the shooter's pick, or the table's fixed rule


@dataclass(frozen=True)
class HandScore:
    """What each player scored in one hand, after the moon rule and the house rules;
    ``adjustments`` are the house rules' changes (J♦ -10, a total back from the target)."""

    scores: tuple[int, ...]
    moon: MoonShot | None
    adjustments: tuple[Adjustment, ...] = ()


@dataclass(frozen=True)
class NextHand:
    number: int
    dealer: int
    direction: PassDirection
    passes: Mapping[int, int]  # giver seat -> receiver seat; empty on a hold hand
    deck: DeckPlan
    first_lead: Card | None  # the card that leads (standard); None in Cancellation
    first_leader: int | None  # Cancellation, Kierki: the seat left of the dealer leads
    seats: int = 1  # how many seats round the cards go (0 on hold; across: half)
    pass_cards: int = 3  # how many cards each player passes (the table's rule)
    # a game's own next hand adds its own fields (Kierki's: kierki.match.NextDeal)

    @property
    def leader(self) -> int | None:
        """The seat that leads the first trick when a seat does (Cancellation, Kierki:
        the dealer's left); None when the holder of a card leads (standard Hearts)."""
        return self.first_leader

    @property
    def pass_token(self) -> str:
        """The pass as the game file writes it: left, right2, across, hold."""
        return self.pass_.token

    @property
    def pass_(self) -> Pass:
        return Pass(self.direction, self.seats)


@dataclass(frozen=True)
class GameState:
    hands: tuple[HandScore, ...]
    totals: tuple[int, ...]
    standing: Standing
    next_hand: NextHand | None  # None once the game is over
    # the names each hand was played under (after its changes), and after the last hand
    names: tuple[tuple[str, ...], ...] = ()
    players: tuple[str, ...] = ()

    @property
    def game_over(self) -> bool:
        return self.standing.game_over

    @property
    def winner(self) -> int | None:
        return self.standing.winner

    @property
    def winners(self) -> tuple[int, ...]:
        return self.standing.winners

    @property
    def leaders(self) -> tuple[int, ...]:
        return self.standing.leaders

    @property
    def jacks(self) -> tuple[int, ...]:
        """How many times each seat took the J♦ (Omnibus) in the hands played."""
        counts = [0] * len(self.totals)
        for hs in self.hands:
            for change in hs.adjustments:
                if change.rule == "jack_of_diamonds":
                    counts[change.seat] += 1
        return tuple(counts)

    @property
    def moons(self) -> tuple[int, ...]:
        """How many times each seat shot the moon in the hands played."""
        counts = [0] * len(self.totals)
        for hs in self.hands:
            if hs.moon is not None:
                counts[hs.moon.player] += 1
        return tuple(counts)
