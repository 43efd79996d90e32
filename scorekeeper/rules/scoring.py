"""The one place that validates a hand, the one that scores it, and the one that
decides the end of the game. Everything the UI and the store show is derived here."""

from __future__ import annotations

from typing import Sequence

from . import registry
from .errors import RulesError
from .house import HandContext, adjustments, hand_keys
from .end import (Standing, at_target, places, points_to_target, rules_standing, standing,
                  standings_order)
from .seats import apply_seat_changes
from .states import Game, GameState, HandScore, MoonShot, NextHand
from .values import Hand, MoonChoice, MoonRule, Rules
from .table import dealer_for, left_of, pass_for, passes
from .variants import QUEEN_POINTS, deck_plan, spec

__all__ = ["Game", "GameState", "HandScore", "MoonShot", "NextHand", "Standing", "at_target",
           "hand_info", "hearts_left", "max_player_points", "moon_hand", "moon_shooter",
           "places", "points_from_cards", "points_to_target", "queens_left",
           "remaining_points", "rules_standing", "running_totals", "score_hand", "standing",
           "standings_order", "state", "validate_hand", "validate_hands"]



# --- entering a hand ---------------------------------------------------------------


def points_from_cards(rules: Rules, hearts: int, queens: int = 0) -> int:
    """Penalty points for a player who took ``hearts`` hearts and ``queens`` queens of spades."""
    s = spec(rules.variant)
    if not 0 <= hearts <= s.hearts:
        raise RulesError("hearts_range", f"hearts must be from 0 to {s.hearts}, not {hearts}",
                         value=hearts, max=s.hearts)
    if not 0 <= queens <= s.queens:
        raise RulesError("queens_range", f"queens must be from 0 to {s.queens}, not {queens}",
                         value=queens, max=s.queens)
    return hearts + QUEEN_POINTS * queens


def remaining_points(rules: Rules, points: Sequence[int | None]) -> int:
    """Penalty points of the hand not yet given to anyone (may go negative on a typo)."""
    return spec(rules.variant).hand_points - sum(p for p in points if p is not None)


def hearts_left(rules: Rules, hearts: Sequence[int]) -> int:
    """Hearts of the deck(s) not yet given to anyone, when entering hearts per player."""
    return spec(rules.variant).hearts - sum(hearts)


def queens_left(rules: Rules, queens: Sequence[int]) -> int:
    """Queens of spades not yet given to anyone, when entering queens per player."""
    return spec(rules.variant).queens - sum(queens)


def max_player_points(rules: Rules) -> int:
    return spec(rules.variant).hand_points


def moon_shooter(rules: Rules, points: Sequence[int]) -> int | None:
    """The seat that took every penalty point of the hand, if anyone did."""
    full = spec(rules.variant).hand_points
    shooters = [seat for seat, p in enumerate(points) if p == full]
    if len(shooters) == 1 and sum(points) == full:
        return shooters[0]
    return None


def validate_hand(game: Game, hand: Hand) -> None:
    """Check ``hand`` as the next hand of ``game``; raise :class:`RulesError` if wrong.
    (The game's own kind of hand: in Kierki the next deal, ``kierki.Deal``.)"""
    registry.owner(game.rules.variant).validate(game, (hand,))


def validate_hands(game: Game, hands: Sequence[Hand]) -> None:
    """Check ``hands`` played one after another from ``game`` (its game checks them)."""
    registry.owner(game.rules.variant).validate(game, hands)


def validate_hearts_hands(game: Game, hands: Sequence[Hand]) -> None:
    """Check Hearts ``hands`` played one after another from ``game``, keeping a running
    total so a long game is checked in one pass."""
    st = hearts_state(game)
    totals, names = st.totals, st.players
    for number, hand in enumerate(hands, len(game.hands) + 1):
        _check_kind(hand, number)
        names = _check_hand(game, hand, number, rules_standing(game.rules, totals), names)
        scores = score_hand(game.rules, hand, totals).scores
        totals = tuple(t + s for t, s in zip(totals, scores))


def _check_kind(hand: object, number: int) -> None:
    """A Hearts game's hands are Hearts hands (points), not Kierki deals."""
    if not isinstance(hand, Hand):
        raise RulesError("hand_kind", "a Hearts game's hands are points per player, not "
                         "Kierki deals", hand=number)


def _check_hand(game: Game, hand: Hand, number: int, before: Standing,
                names: tuple[str, ...]) -> tuple[str, ...]:
    """Hand ``number`` of ``game``, played after ``before`` by ``names``: the game must
    still be on, the seat changes possible, the points a possible deal, and a moon choice
    given exactly when it is asked. Returns the names the hand is played under."""
    if before.game_over:
        won = " and ".join(names[seat] for seat in before.winners)
        raise RulesError(
            "game_over",
            f"the game was already over after hand {number - 1} ({won} won)",
            hand=number, winner=won,
        )
    if hand.seat_changes:
        names = apply_seat_changes(names, hand.seat_changes, number)  # type: ignore[arg-type]
    _check_points(game, hand.points, number, names)
    _check_moon_choice(game, hand, number, names)
    _check_jack(game, hand, number)
    return names


def _check_jack(game: Game, hand: Hand, number: int) -> None:
    """With Omnibus every hand names the seat that took the J♦; without it none does."""
    if "jack" not in hand_keys(game.rules.house):  # type: ignore[arg-type]
        if hand.jack is not None:
            raise RulesError("unknown_key", "unknown key 'jack' in the hand (known: points, "
                             "moon_choice, seat_changes): the table does not play the J♦ rule",
                             hand=number, key="jack", where="hand")
        return
    if hand.jack is None:
        raise RulesError("jack_missing", "with the J♦ rule every hand says who took the "
                         "J♦ (\"jack\": a player's name)", hand=number)
    if isinstance(hand.jack, bool) or not isinstance(hand.jack, int) or not (
            0 <= hand.jack < game.seats):
        raise RulesError("jack_player", f"the J♦ must go to one of the players, not "
                         f"{hand.jack!r}", hand=number, value=hand.jack)


def _check_points(game: Game, points: Sequence[int], number: int,
                  names: Sequence[str]) -> None:
    """One whole number per player, each from 0 to the hand's points, adding up to what
    the deck(s) hold (exactly in the standard game, at most in Cancellation)."""
    s = spec(game.rules.variant)
    if len(points) != game.seats:
        raise RulesError(
            "point_count",
            f"expected {game.seats} numbers (one per player), got {len(points)}",
            hand=number, expected=game.seats, got=len(points),
        )
    for seat, p in enumerate(points):
        name = names[seat]
        if isinstance(p, bool) or not isinstance(p, int):
            raise RulesError("points_type", f"{name}'s points must be a whole number, not {p!r}",
                             hand=number, player=name, value=p)
        if not 0 <= p <= s.hand_points:
            raise RulesError(
                "points_range",
                f"{name}'s points must be from 0 to {s.hand_points}, not {p}",
                hand=number, player=name, value=p, max=s.hand_points,
            )
    total = sum(points)
    if s.exact_total and total != s.hand_points:
        raise RulesError(
            "hand_total",
            f"the points add up to {total}, but every hand holds exactly {s.hand_points}",
            hand=number, total=total, expected=s.hand_points,
        )
    if total > s.hand_points:
        raise RulesError(
            "hand_total_max",
            f"the points add up to {total}, but a hand holds at most {s.hand_points}",
            hand=number, total=total, expected=s.hand_points,
        )


def _check_moon_choice(game: Game, hand: Hand, number: int, names: Sequence[str]) -> None:
    """With shooter's choice, a moon needs the shooter's choice; otherwise (no moon, or
    a fixed moon rule) no choice may be given."""
    rules = game.rules
    shooter = moon_shooter(rules, hand.points)
    if shooter is not None and rules.moon is MoonRule.SHOOTER_CHOICE:
        if hand.moon_choice is None:
            name = names[shooter]
            raise RulesError(
                "moon_choice_missing",
                f"{name} shot the moon: with shooter's choice, say add_to_others or "
                "subtract_from_self (moon_choice)",
                hand=number, player=name,
            )
    elif hand.moon_choice is not None:
        if shooter is None:
            raise RulesError("moon_choice_stray",
                             "a moon choice was given but nobody shot the moon",
                             hand=number)
        raise RulesError(
            "moon_choice_fixed",
            f"a moon choice was given but the table's moon rule is {rules.moon.value}",
            hand=number, rule=rules.moon.value,
        )


def score_hand(rules: Rules, hand: Hand, before: Sequence[int] | None = None) -> HandScore:
    """What each player scores for a (valid) hand played after totals ``before`` (none:
    the first hand): the moon rule, then each house rule in the table's order."""
    before = tuple(before) if before is not None else (0,) * len(hand.points)
    shooter = moon_shooter(rules, hand.points)
    if shooter is None:
        return _finished(rules, hand, before, tuple(hand.points), None)
    if rules.moon is MoonRule.SHOOTER_CHOICE:
        if hand.moon_choice is None:
            raise RulesError("moon_choice_missing", "the shooter has not chosen yet")
        return moon_hand(rules, hand, before, shooter, hand.moon_choice)
    if rules.moon is MoonRule.ADD_UNLESS_IT_LOSES:
        added = moon_hand(rules, hand, before, shooter, MoonChoice.ADD_TO_OTHERS)
        if not _loses(rules, before, added, shooter):
            return added
        return moon_hand(rules, hand, before, shooter, MoonChoice.SUBTRACT_FROM_SELF)
    return moon_hand(rules, hand, before, shooter, MoonChoice(rules.moon.value))


def _loses(rules: Rules, before: Sequence[int], hs: HandScore, shooter: int) -> bool:
    """Does this hand end the game with the shooter not the single lowest (with a shared
    win: not among the winners)?"""
    verdict = rules_standing(rules, [t + s for t, s in zip(before, hs.scores)])
    return verdict.game_over and shooter not in verdict.winners


def moon_hand(rules: Rules, hand: Hand, before: tuple[int, ...], shooter: int,
              choice: MoonChoice) -> HandScore:
    """A moon hand scored with ``choice``, then the house rules (the moon preview asks
    it for each choice)."""
    scores = _moon_scores(rules, len(hand.points), shooter, choice)
    return _finished(rules, hand, before, scores, MoonShot(shooter, choice))


def _finished(rules: Rules, hand: Hand, before: tuple[int, ...], scores: tuple[int, ...],
              moon: MoonShot | None) -> HandScore:
    """The hand's scores after the house rules' steps."""
    if not rules.house:
        return HandScore(scores, moon)
    ctx = HandContext(rules.target, before, scores, hand.jack)
    final, made = adjustments(rules.house, ctx)  # type: ignore[arg-type]
    return HandScore(final, moon, made)


def _moon_scores(rules: Rules, seats: int, shooter: int, choice: MoonChoice) -> tuple[int, ...]:
    moon = spec(rules.variant).moon_score
    if choice is MoonChoice.ADD_TO_OTHERS:
        return tuple(0 if seat == shooter else moon for seat in range(seats))
    return tuple(-moon if seat == shooter else 0 for seat in range(seats))


def hearts_next_hand(game: Game, number: int) -> NextHand:
    """Hearts' hand ``number``: dealer, pass and lead."""
    n = game.seats
    variant = game.rules.variant
    dealer = dealer_for(n, game.first_dealer, number)
    way = pass_for(variant, n, number, game.rules.house_rule("passes"))
    plan = deck_plan(variant, n)
    leader = left_of(n, dealer) if plan.first_lead is None else None
    return NextHand(number, dealer, way.direction, passes(n, way), plan, plan.first_lead,
                    leader, way.seats, game.rules.pass_cards)


def hand_info(game: Game, number: int) -> NextHand:
    """Dealer, pass and lead of any hand number (1-based), played or not, as the game
    says it (in Kierki: the deal's dealer, leader, contract and trump namer)."""
    return registry.owner(game.rules.variant).hand_info(game, number)  # type: ignore[no-any-return]


_STATES = 8
_recent: tuple[tuple[Game, GameState], ...] = ()  # the last states asked for, newest first


def state(game: Game) -> GameState:
    """Scores per hand, running totals, who leads, whether it is over, and what comes
    next, as the game says them (Hearts: :func:`hearts_state`; Kierki:
    ``kierki.match.kierki_state``).

    A drawing asks several times for the same game (the sheet's header, rows, reminder
    and end): values are immutable, so the state of the very same game object is the
    one worked out before (the last few are kept, by identity, never by equality)."""
    global _recent
    recent = _recent  # one read: another thread may put a newer tuple in its place
    for known, known_state in recent:
        if known is game:
            return known_state
    found: GameState = registry.owner(game.rules.variant).state(game)
    _recent = ((game, found),) + recent[:_STATES - 1]
    return found


def hearts_state(game: Game) -> GameState:
    """A Hearts game's state: each hand scored after the moon and house rules."""
    totals = (0,) * game.seats
    scored = []
    names = tuple(game.players)
    rows = []
    for hand in game.hands:
        if hand.seat_changes:
            names = apply_seat_changes(names, hand.seat_changes)  # type: ignore[arg-type]
        rows.append(names)
        hs = score_hand(game.rules, hand, totals)
        scored.append(hs)
        totals = tuple(t + s for t, s in zip(totals, hs.scores))
    verdict = rules_standing(game.rules, totals)
    nxt = None if verdict.game_over else hearts_next_hand(game, len(game.hands) + 1)
    return GameState(tuple(scored), tuple(totals), verdict, nxt, tuple(rows), names)


def running_totals(game: Game) -> tuple[tuple[int, ...], ...]:
    """Totals after each hand, for a score sheet."""
    rows = []
    totals = [0] * game.seats
    for hs in state(game).hands:
        totals = [t + s for t, s in zip(totals, hs.scores)]
        rows.append(tuple(totals))
    return tuple(rows)
