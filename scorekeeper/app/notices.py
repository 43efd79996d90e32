"""What a session says and asks besides its screen: a notice (maybe with an Undo), a
question before a delete, and the refusal of a write from a phone that only follows."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..store import StoreError
from .routes import Route
from .text.messages import Msg


@dataclass
class Notice:
    """A short message at the bottom of the screen, maybe with an Undo action."""

    msg: Msg
    undo: Callable[[], None] | None = None
    serial: int = 0
    route: Route | None = None  # the screen it is shown on (set when it is shown)


@dataclass
class Confirm:
    """A question that needs a yes before something is deleted (``serial``: which one)."""

    title: Msg
    body: Msg
    yes: Msg
    action: Callable[[], None]
    serial: int = 0


class ReadOnlyError(StoreError):
    """This tab may not change what is stored (its role only follows the game)."""

    def __init__(self) -> None:
        super().__init__("refused", "this phone only follows the game")


__all__ = ["Confirm", "Notice", "ReadOnlyError"]
