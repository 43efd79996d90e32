"""Words for the rules' values (pass directions, variants, moon rules), as msgids."""

from __future__ import annotations

import flet as ft

from ...rules import MoonChoice, MoonRule, PassDirection, Variant
from .i18n import N_

DIRECTION = {
    PassDirection.LEFT: N_("Pass left"),
    PassDirection.RIGHT: N_("Pass right"),
    PassDirection.ACROSS: N_("Pass across"),
    PassDirection.HOLD: N_("Hold: no passing"),
}
DIRECTION_SHORT = {
    PassDirection.LEFT: N_("left"),
    PassDirection.RIGHT: N_("right"),
    PassDirection.ACROSS: N_("across"),
    PassDirection.HOLD: N_("hold"),
}
DIRECTION_ICON = {
    PassDirection.LEFT: ft.Icons.ARROW_BACK,
    PassDirection.RIGHT: ft.Icons.ARROW_FORWARD,
    PassDirection.ACROSS: ft.Icons.SWAP_VERT,
    PassDirection.HOLD: ft.Icons.PAN_TOOL_OUTLINED,
}
VARIANT_NAME = {
    Variant.STANDARD: N_("Standard"),
    Variant.CANCELLATION: N_("Cancellation"),
}
VARIANT_HINT = {
    Variant.STANDARD: N_("one deck, 3-7 players"),
    Variant.CANCELLATION: N_("two decks, 6-11 players"),
}
MOON_RULE_NAME = {
    MoonRule.ADD_TO_OTHERS: N_("Add 26 to everyone else"),
    MoonRule.SUBTRACT_FROM_SELF: N_("Take 26 off the shooter"),
    MoonRule.SHOOTER_CHOICE: N_("Shooter's choice"),
    MoonRule.ADD_UNLESS_IT_LOSES: N_("Add 26 to everyone else, unless the shooter loses by it"),
}
MOON_CHOICE_NAME = {
    MoonChoice.ADD_TO_OTHERS: N_("Add 26 to everyone else"),
    MoonChoice.SUBTRACT_FROM_SELF: N_("Take 26 off {player}"),
}
THEME_NAME = {"system": N_("Like the device"), "light": N_("Light"), "dark": N_("Dark")}
