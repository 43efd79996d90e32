"""A third game, for the tests only: "Tricks", where each player scores the tricks they
took, three hands a game, the highest total wins (equal highest share the win).

It is what a new game is: its rules (a :class:`scorekeeper.rules.GameType`) and its
format (a :class:`scorekeeper.formats.GameFormat`), made of the rules' and the formats'
public parts only, and registered with one line in each table (:func:`registered`).
Nothing else in ``scorekeeper`` knows it.
"""

from __future__ import annotations

import csv
import io
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Iterator, Mapping, Sequence

from scorekeeper import formats, rules
from scorekeeper.formats.report import report
from scorekeeper.rules import (DeckPlan, GameState, HandScore, NextHand, PassDirection, Rules,
                               RulesError, Standing, VariantSpec)

HANDS = 3


class TricksVariant(StrEnum):
    TRICKS = "tricks"


SPEC = VariantSpec(variant=TricksVariant.TRICKS, min_players=3, max_players=5, decks=1,
                   hand_points=0, exact_total=True, moon_score=0, hearts=13, queens=1,
                   default_target=0, pass_cycle_four=("hold",), pass_cycle=("hold",),
                   highest_wins=True)


@dataclass(frozen=True)
class TricksHand:
    """The tricks each player took, in seat order."""

    tricks: tuple[int, ...]
    seat_changes: tuple[tuple[int, str], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "tricks", tuple(self.tricks))


class Tricks:
    key = "tricks"
    variants: Mapping[Any, VariantSpec] = {TricksVariant.TRICKS: SPEC}
    hand_type = TricksHand

    def name(self, variant: Any) -> str:
        return "Tricks"

    def settle(self, table: Rules) -> dict[str, Any]:
        return {"target": 0}

    def refuse_own_rules(self, table: Rules) -> None:
        """Tricks has no rules of its own."""

    def check_table(self, table: Rules, players: int) -> None:
        rules.variants.check_player_count(TricksVariant.TRICKS, players)

    def deck_plan(self, variant: Any, players: int) -> DeckPlan:
        return DeckPlan(1, (), 52 // players, 52 % players, None)

    def hand_info(self, game: Any, number: int) -> NextHand:
        dealer = rules.dealer_for(game.seats, game.first_dealer, number)
        return NextHand(number, dealer, PassDirection.HOLD, {},
                        self.deck_plan(TricksVariant.TRICKS, game.seats), None,
                        rules.left_of(game.seats, dealer), 0, 0)

    def state(self, game: Any) -> GameState:
        totals = (0,) * game.seats
        scored = []
        for hand in game.hands:
            scored.append(HandScore(hand.tricks, None))
            totals = tuple(t + s for t, s in zip(totals, hand.tricks))
        over = len(game.hands) >= HANDS
        high = max(totals)
        leaders = tuple(seat for seat, t in enumerate(totals) if t == high)
        standing = Standing(over, leaders[0] if over and len(leaders) == 1 else None,
                            leaders, False, leaders if over else ())
        nxt = None if over else self.hand_info(game, len(game.hands) + 1)
        names = tuple(game.players)
        return GameState(tuple(scored), totals, standing, nxt, (names,) * len(scored), names)

    def validate(self, game: Any, hands: Sequence[Any]) -> None:
        tricks = self.deck_plan(TricksVariant.TRICKS, game.seats).cards_each
        for number, hand in enumerate(hands, len(game.hands) + 1):
            if number > HANDS:
                raise RulesError("game_over", f"the game was over after hand {HANDS}",
                                 hand=number)
            if not isinstance(hand, TricksHand) or len(hand.tricks) != game.seats:
                raise RulesError("hand_kind", "a hand of Tricks is the tricks of each "
                                 "player", hand=number)
            if sum(hand.tricks) != tricks or min(hand.tricks) < 0:
                raise RulesError("hand_total", f"the tricks add up to {sum(hand.tricks)}, "
                                 f"not {tricks}", hand=number, total=sum(hand.tricks),
                                 expected=tricks)


TRICKS = Tricks()
PLAYERS = ("Ala", "Bartek", "Celina", "Darek")
HANDS_PLAYED = (TricksHand((5, 4, 3, 1)), TricksHand((2, 2, 4, 5)), TricksHand((6, 0, 4, 3)))


def TricksGame() -> Any:
    """A new game of Tricks for :data:`PLAYERS`, Ala dealing first."""
    return rules.Game.new(PLAYERS, Rules(TricksVariant.TRICKS), 0)
CSV_COLUMNS = ("game_id", "variant", "round", "player", "tricks")


class TricksFormat:
    key = "tricks"
    version = 3
    summary_lists: tuple[str, ...] = ()
    csv_required = ("round", "player", "tricks")
    csv_all = CSV_COLUMNS
    csv_text = frozenset(("game_id", "variant", "player"))
    csv_game = "a game of Tricks"

    def rules_from_dict(self, data: Any) -> Rules:
        return Rules(TricksVariant.TRICKS)

    def hand_from_dict(self, data: Any, number: int, game: Any, names: Any,
                       former: Any) -> TricksHand:
        if not isinstance(data, Mapping) or not isinstance(data.get("tricks"), list):
            raise formats.FormatError("hand_type", "a hand is {\"tricks\": [...]}",
                                      hand=number)
        return TricksHand(tuple(data["tricks"]))

    def game_to_dict(self, game: Any) -> dict[str, Any]:
        return {"players": list(game.players), "rules": {"variant": "tricks"},
                "first_dealer": game.players[game.first_dealer],
                "hands": [{"tricks": list(hand.tricks)} for hand in game.hands]}

    def state_to_dict(self, game: Any, st: GameState) -> dict[str, Any]:
        nxt = None if st.next_hand is None else {
            "number": st.next_hand.number, "dealer": game.players[st.next_hand.dealer]}
        return report(game.players, [{"scores": list(h.scores)} for h in st.hands], st, nxt)

    def csv_claims(self, head: list[str]) -> bool:
        return "tricks" in head

    def csv_claims_row(self, cells: dict[str, str]) -> bool:
        return bool(cells.get("tricks"))

    def csv_needs(self) -> str:
        return "a sheet of Tricks needs round, player and tricks"

    def csv_row_limit(self, cells: dict[str, str]) -> tuple[str, int, str] | None:
        if cells.get("round") and not cells.get("hand"):
            return "round", 5, "a game of Tricks has at most 5 players"
        return None

    def csv_columns(self, games: list[Any]) -> tuple[str, ...]:
        return CSV_COLUMNS

    def csv_rows(self, g: dict[str, Any], game: Any) -> list[dict[str, Any]]:
        return [{"game_id": g.get("id", ""), "variant": "tricks", "round": number,
                 "player": name, "tricks": hand.tricks[seat]}
                for number, hand in enumerate(game.hands, 1)
                for seat, name in enumerate(game.players)]

    def csv_read(self, gid: str, lines: list[tuple[int, dict[str, str]]]) -> dict[str, Any]:
        players = list(dict.fromkeys(cells["player"] for _, cells in lines))
        rounds: dict[str, list[int]] = {}
        for _, cells in lines:
            rounds.setdefault(cells["round"], []).append(int(cells["tricks"]))
        return {"id": gid, "players": players, "rules": {"variant": "tricks"},
                "hands": [{"tricks": tricks} for tricks in rounds.values()]}

    def share_text(self, game: Any, tr: Any, house: str = "") -> str:
        st = rules.state(game)
        lines = [f"{game.players[seat]}: {st.totals[seat]}"
                 for seat in rules.standings_order(st.totals, highest_first=True)]
        return "\n".join(["Tricks"] + lines) + "\n"

    def change_entry(self, hand: TricksHand, prefix: str) -> dict[str, Any]:
        return {prefix: list(hand.tricks), f"{prefix}_moon_choice": None}

    def summary(self, game: Any) -> dict[str, Any]:
        return {}


TRICKS_FORMAT = TricksFormat()


@contextmanager
def registered(monkeypatch: Any) -> Iterator[None]:
    """Tricks in the table of games and the table of formats, for one test."""
    monkeypatch.setitem(rules.GAMES, "tricks", TRICKS)
    monkeypatch.setitem(formats.FORMATS, "tricks", TRICKS_FORMAT)
    yield


def sheet(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))
