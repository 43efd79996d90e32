"""House rules as data: the table :data:`HOUSE_RULES` that the game file, the checks and
the scoring read.

Each :class:`HouseRule` says what its game-file key holds (``read`` / ``write``), which
variants it can be played with, what it needs of the players and of every hand, and
its part of a hand's score (``adjust``: a step after the moon rule, in table order).
Every rule is off by default, and off is today's behaviour, so a game without house
rules reads and scores as before. A new house rule (shoot the sun, spot hearts...) is
one more entry here and its adjust function.

The moon rule "unless it loses" is a value of the moon rule (``MoonRule``), not a house
rule entry, because it replaces the moon rule rather than adding to the score.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from .errors import RulesError
from .table import read_cycle
from .variants import GameVariant, Variant, game_name

JACK_POINTS = -10  # the J♦ of Omnibus Hearts, after the moon rule


@dataclass(frozen=True)
class Adjustment:
    """A house rule's change to one player's score in one hand.

    ``reached`` is the total the player reached before this change where the rule acts
    on the total (exact target halves: the target), else None."""

    rule: str  # the house rule's key
    seat: int
    points: int  # added to the hand's score (negative: taken off)
    reached: int | None = None

    @property
    def back_to(self) -> int | None:
        """The total after the change, where the rule acts on the total."""
        return None if self.reached is None else self.reached + self.points


@dataclass(frozen=True)
class HandContext:
    """What an adjust step reads: the table's target, the totals before the hand, the
    hand's scores so far (after the moon rule and earlier steps) and who took the J♦."""

    target: int
    before: tuple[int, ...]
    scores: tuple[int, ...]
    jack: int | None


def _flag(key: str) -> Callable[[Any], bool]:
    def read(value: Any) -> bool:
        if not isinstance(value, bool):
            raise RulesError("rules_type", f"rules.{key} must be true or false, "
                             f"not {value!r}", key=key, value=value)
        return value
    return read


def _jack(ctx: HandContext) -> tuple[Adjustment, ...]:
    """Omnibus: whoever took the J♦ scores -10 for the hand, moon or not."""
    return () if ctx.jack is None else (
        Adjustment("jack_of_diamonds", ctx.jack, JACK_POINTS),)


def back_from_target(target: int) -> int:
    """Where a total of exactly the target goes back to (100: 50; 51: 25)."""
    return target - (target - target // 2)


def _halves(ctx: HandContext) -> tuple[Adjustment, ...]:
    """A total of exactly the target goes back by ``target - target // 2``."""
    drop = ctx.target - ctx.target // 2
    return tuple(Adjustment("exact_target_halves", seat, -drop, ctx.target)
                 for seat, (t, s) in enumerate(zip(ctx.before, ctx.scores))
                 if t + s == ctx.target)


TIE_RULES = ("play_on", "share")  # "tie": play on (the default); a shared win ends the game
PASS_CARDS = (1, 2, 3, 4)  # "pass_cards": how many cards each player passes (3 by default)


def _tie(value: Any) -> str:
    if value not in TIE_RULES or not isinstance(value, str):
        raise RulesError("rules_value", f"rules.tie must be play_on or share, not {value!r}",
                         key="tie", value=value, allowed="play_on, share")
    return value


def _pass_cards(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in PASS_CARDS:
        raise RulesError("rules_value", f"rules.pass_cards must be a whole number from 1 "
                         f"to 4, not {value!r}", key="pass_cards", value=value,
                         allowed="1, 2, 3, 4")
    return value


def _cycle_for_seats(value: Any, players: int) -> RulesError | None:
    try:
        read_cycle(value, players)
    except RulesError as err:
        return err
    return None


@dataclass(frozen=True)
class HouseRule:
    key: str  # in the game file's "rules"
    off: Any  # the value that means the rule is not played (today's behaviour)
    read: Callable[[Any], Any]  # game-file value -> the rule's value; raises RulesError
    write: Callable[[Any], Any]  # the rule's value -> the game-file value
    variants: tuple[Variant, ...]  # the variants it can be played with
    check_seats: Callable[[Any, int], RulesError | None] | None = None  # vs the count
    hand_key: str | None = None  # what every hand must name while it is on (Hand field)
    adjust: Callable[[HandContext], tuple[Adjustment, ...]] | None = None


ALL_VARIANTS = tuple(Variant)  # the Hearts variants: Kierki plays no house rule

HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule("jack_of_diamonds", False, _flag("jack_of_diamonds"), bool,
              (Variant.STANDARD,), hand_key="jack", adjust=_jack),
    HouseRule("exact_target_halves", False, _flag("exact_target_halves"), bool,
              ALL_VARIANTS, adjust=_halves),
    HouseRule("passes", None, read_cycle, list, ALL_VARIANTS,
              check_seats=_cycle_for_seats),
    HouseRule("pass_cards", 3, _pass_cards, int, ALL_VARIANTS),
    HouseRule("tie", "play_on", _tie, str, ALL_VARIANTS),
)
BY_KEY: Mapping[str, HouseRule] = {rule.key: rule for rule in HOUSE_RULES}
HOUSE_KEYS = tuple(BY_KEY)


def _is_off(rule: HouseRule, value: Any) -> bool:
    """Is ``value`` the rule's off value, written out (false, null, 3, "play_on")?"""
    if value is rule.off:
        return True
    return (not isinstance(value, bool) and type(value) is type(rule.off)
            and value == rule.off)


def read_house(variant: GameVariant, house: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    """The house rules a table plays, in table order, each read and checked; a rule at
    its ``off`` value is left out (so two equal tables compare equal)."""
    if not isinstance(house, Mapping):
        raise RulesError("rules_type", "the house rules must be an object")
    unknown = sorted(set(house) - set(BY_KEY))
    if unknown:
        raise RulesError("unknown_key", f"unknown key {unknown[0]!r} in rules",
                         key=unknown[0], where="rules")
    kept = []
    for rule in HOUSE_RULES:
        if rule.key not in house:
            continue
        if _is_off(rule, house[rule.key]):  # written out as off (false, null, 3): not played
            continue
        value = rule.read(house[rule.key])
        if variant not in rule.variants:
            raise RulesError("house_variant", f"rules.{rule.key} cannot be played in "
                             f"{game_name(variant)}", key=rule.key, variant=variant.value)
        kept.append((rule.key, value))
    return tuple(kept)


def check_house_seats(house: Sequence[tuple[str, Any]], players: int) -> RulesError | None:
    """Can these house rules be played by this many players? None if so, else why not."""
    for key, value in house:
        check = BY_KEY[key].check_seats
        problem = check(value, players) if check is not None else None
        if problem is not None:
            return problem
    return None


def hand_keys(house: Sequence[tuple[str, Any]]) -> tuple[str, ...]:
    """The hand keys these house rules ask of every hand (``jack`` with Omnibus)."""
    return tuple(BY_KEY[key].hand_key for key, _ in house
                 if BY_KEY[key].hand_key is not None)  # type: ignore[misc]


def adjustments(house: Sequence[tuple[str, Any]], ctx: HandContext,
                ) -> tuple[tuple[int, ...], tuple[Adjustment, ...]]:
    """The hand's scores after every house rule's step, in table order, and the steps'
    changes (for the score sheet's marks)."""
    scores = list(ctx.scores)
    made: list[Adjustment] = []
    on = {key for key, _ in house}
    for rule in HOUSE_RULES:
        if rule.adjust is None or rule.key not in on:
            continue
        step = rule.adjust(HandContext(ctx.target, ctx.before, tuple(scores), ctx.jack))
        for change in step:
            scores[change.seat] += change.points
        made.extend(step)
    return tuple(scores), tuple(made)
