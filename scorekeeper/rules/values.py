"""The small immutable values a game is made of: its rules and its hands."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .errors import RulesError
from .variants import Variant, spec


class MoonRule(StrEnum):
    """What a moon shot scores at this table."""

    ADD_TO_OTHERS = "add_to_others"
    SUBTRACT_FROM_SELF = "subtract_from_self"
    SHOOTER_CHOICE = "shooter_choice"


class MoonChoice(StrEnum):
    """What a shooter picked (or the table's fixed rule applied)."""

    ADD_TO_OTHERS = "add_to_others"
    SUBTRACT_FROM_SELF = "subtract_from_self"


@dataclass(frozen=True)
class Rules:
    variant: Variant = Variant.STANDARD
    target: int = 100
    moon: MoonRule = MoonRule.ADD_TO_OTHERS
    queen_breaks_hearts: bool = False  # a reminder for the table, not a scoring rule

    def __post_init__(self) -> None:
        object.__setattr__(self, "variant", Variant(self.variant))
        object.__setattr__(self, "moon", MoonRule(self.moon))
        if isinstance(self.target, bool) or not isinstance(self.target, int) or self.target < 1:
            raise RulesError(
                "target", f"the target must be a positive whole number, not {self.target!r}",
                value=self.target,
            )

    @classmethod
    def for_variant(cls, variant: Variant | str, **kw: object) -> "Rules":
        """Rules with the variant's usual target unless one is given."""
        kw.setdefault("target", spec(variant).default_target)
        return cls(variant=Variant(variant), **kw)  # type: ignore[arg-type]


@dataclass(frozen=True)
class Hand:
    """What each player took in one hand, in seating order, before any moon rule."""

    points: tuple[int, ...]
    moon_choice: MoonChoice | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "points", tuple(self.points))
        if self.moon_choice is not None:
            object.__setattr__(self, "moon_choice", MoonChoice(self.moon_choice))
