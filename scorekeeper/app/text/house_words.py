"""Words for the house rules (rules.HOUSE_RULES) and for passes further than one seat,
as msgids and small helpers; every number in them comes from the rules. "House rules"
itself is a word of the share text too, so it is ``formats.share.HOUSE_RULES``."""

from __future__ import annotations

from typing import Any

from ... import rules
from ...formats.share import join_names
from ...rules import PassDirection
from .i18n import N_
from .messages import Nn_
from .words import DIRECTION, DIRECTION_SHORT, MOON_RULE_NAME

# the house rule's key -> its name in the new-game section and on the sheet's line
HOUSE_RULE_NAME = {
    "jack_of_diamonds": N_("J♦ −10"),
    "exact_target_halves": N_("Exactly on the target: back to half"),
    "passes": N_("The table's own pass cycle"),
    "tie": N_("A tie at the target: a shared win"),
    "pass_cards": N_("Passing fewer cards"),
}
HOUSE_RULE_LINE = {
    "jack_of_diamonds": N_("Omnibus: whoever takes the J♦ scores −10 for the hand."),
    "exact_target_halves": N_("Landing exactly on the target takes you back to half of it."),
    "passes": N_("The passes repeat in the order you pick."),
    "tie": N_("Once the target is reached, every player tied for the lowest total wins."),
    "pass_cards": N_("Each player passes this many cards (3 is the usual)."),
}
UNLESS_IT_LOSES_HINT = N_("The shooter takes −26 instead when adding would lose the game.")
NO_HOUSE_RULES = N_("None: the usual rules")
JACK = N_("J♦")
JACK_EXAMPLE = N_("{player} takes the J♦: −10")
HALVES_EXAMPLE = N_("{player} lands on {target}: back to {back}")
USUAL_CYCLE = N_("The usual passes")
WHO_TOOK_JACK = N_("Who took the J♦?")
JACK_TAKEN = N_("{player} took the J♦")
JACK_MARK = N_("{player} took the J♦: −10")
JACKS_TAKEN_STATS = N_("J♦ taken: {n}")
HALVED_MARK = N_("{player} landed on {target}: back to {back}")
LEFT_N = N_("left {n}")
RIGHT_N = N_("right {n}")
PASS_LEFT_N = N_("Pass left, {n} seats along")
PASS_RIGHT_N = N_("Pass right, {n} seats along")
GAME_OVER = N_("Game over: {winner} wins")
SHARED_OVER = N_("Game over: {winner} share the win")
SHARED_WIN = N_("{winners} win!")  # the game-over card of a shared win: "Bartek and Darek win!"
SHARED_EXAMPLE = N_("{first} and {second} both on {total} at the target: both win")
PLAY_ON_EXAMPLE = N_("{first} and {second} both on {total}: the game goes on")
PASS_CARDS_N = Nn_("Pass {n} card", "Pass {n} cards")
PASS_CARDS_SHORT = Nn_("{n} card", "{n} cards")
# a pass with fewer (or more) cards than 3: the banner and the hand entry say how many
PASS_N_WAY = {
    PassDirection.LEFT: Nn_("Pass {n} card left", "Pass {n} cards left"),
    PassDirection.RIGHT: Nn_("Pass {n} card right", "Pass {n} cards right"),
    PassDirection.ACROSS: Nn_("Pass {n} card across", "Pass {n} cards across"),
}
PASS_N_LEFT_FAR = Nn_("Pass {n} card left, {seats} seats along",
                      "Pass {n} cards left, {seats} seats along")
PASS_N_RIGHT_FAR = Nn_("Pass {n} card right, {seats} seats along",
                       "Pass {n} cards right, {seats} seats along")
UNLESS_ADDS = N_("The others get 26: it does not lose the shooter the game.")
UNLESS_SUBTRACTS = N_("Adding would lose {player} the game, so {player} takes −26.")


def _far(token: str) -> rules.Pass | None:
    way = rules.read_pass(token)
    far = way.direction in (PassDirection.LEFT, PassDirection.RIGHT) and way.seats > 1
    return way if far else None


def token_words(ui: Any, token: str) -> str:
    """``left2`` -> "left 2" (short, for a list of passes)."""
    far = _far(token)
    if far is None:
        return ui._(DIRECTION_SHORT[rules.read_pass(token).direction])
    return ui._(LEFT_N if far.direction is PassDirection.LEFT else RIGHT_N, n=far.seats)


def cycle_words(ui: Any, cycle: tuple[str, ...] | list[str]) -> str:
    return ", ".join(token_words(ui, token) for token in cycle)


def pass_name(ui: Any, info: rules.NextHand) -> str:
    """A hand's pass in full: "Pass left", or "Pass left, 2 seats along"; with a table
    that passes other than 3 cards, how many: "Pass 2 cards left"."""
    far = _far(info.pass_token)
    return pass_words(ui, info.direction, None if far is None else far.seats,
                      info.pass_cards)


def pass_words(ui: Any, direction: PassDirection, far: int | None, cards: int = 3) -> str:
    """The words for a pass ``direction`` (``far``: seats along, when more than one)
    with ``cards`` cards each."""
    if cards != 3 and direction is not PassDirection.HOLD:
        if far is None:
            return ui._n(*PASS_N_WAY[direction], cards)
        way = PASS_N_LEFT_FAR if direction is PassDirection.LEFT else PASS_N_RIGHT_FAR
        return ui._n(*way, cards, seats=far)
    if far is None:
        return ui._(DIRECTION[direction])
    return ui._(PASS_LEFT_N if direction is PassDirection.LEFT else PASS_RIGHT_N, n=far)


def over_words(ui: Any, winners: list[str]) -> str:
    """"Game over: Bartek wins", or every winner of a shared win."""
    won = join_names(winners, ui.session.tr)
    return ui._(SHARED_OVER if len(winners) > 1 else GAME_OVER, winner=won)


def house_summary(ui: Any, table: rules.Rules, moon: bool = True) -> str:
    """The house rules a table plays, in one line (for the sheet, the share text's
    ``house``), with the moon rule "unless it loses" unless ``moon`` is false; "" when
    there are none."""
    names = []
    for key, value in table.house:  # type: ignore[misc]
        if key == "passes":
            names.append(cycle_words(ui, value))
        elif key == "pass_cards":
            names.append(ui._n(*PASS_CARDS_N, value))
        else:
            names.append(ui._(HOUSE_RULE_NAME[key]))
    if moon and table.moon is rules.MoonRule.ADD_UNLESS_IT_LOSES:
        names.append(ui._(MOON_RULE_NAME[table.moon]))
    return " · ".join(names)
