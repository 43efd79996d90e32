"""The text fields on screen and what the screen model last took from each (no Flet).

Why: a phone sends each keystroke as two messages, the field's new text (which Flet
applies to the server's control at once, as it reads the socket) and then the change
event (which waits its turn behind the events before it). On a slow server several
keystrokes' texts arrive before their events are handled, and every event before them
redraws the screen from the model, which has not seen that text yet: the rebuilt field
held the model's older text, so Flet sent it back to the phone (the letters typed meanwhile
vanished there) and the next change event read it from the field (the text never reached
the model: "Player 4 has no name" with "Darek" on the screen).

So the text a field holds goes to the model before anything else the server does for the
screen: before an action (a tap, a keystroke's own event), before a redraw, before the
screen is left or reread (:meth:`Session.catch_up`). Then a redraw draws what the phone
already shows, and only a change the model makes itself (a seat moved, "the rest")
changes what a field shows.

One window stays: a redraw runs on one of Flet's threads while its loop reads the socket,
so a text can land on a field after the redraw took the texts and before Flet has
swapped in the new controls. It lands on the control being replaced, and the new one
(drawn without it) sends its older text to the phone. So the drawing replaced is kept
until the new one is sent, and what landed on it late is taken then (:meth:`Inputs.late`)
and drawn again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any


@dataclass
class Typed:
    """One text field drawn: the control (whose ``value`` Flet keeps as the phone sends
    it), where its text goes in the model, and the text the model has (as drawn, or as
    last taken)."""

    control: Any
    put: Callable[[str], None]
    seen: str

    def take(self, text: str) -> Callable[[], None] | None:
        """The step that gives the model ``text`` (None when it has it already)."""
        if text == self.seen:
            return None
        self.seen = text
        return lambda: self.put(text)


class Inputs:
    """The text fields of the screen drawn last (a new drawing starts a new list)."""

    def __init__(self) -> None:
        self.fields: list[Typed] = []
        self.replaced: list[Typed] = []  # the drawing before, until the new one is sent

    def clear(self) -> None:
        self.replaced, self.fields = self.fields, []

    def add(self, control: Any, put: Callable[[str], None], text: str) -> Typed:
        typed = Typed(control, put, text)
        self.fields.append(typed)
        return typed

    def pending(self) -> Iterator[Callable[[], None]]:
        """For each field whose text the model has not taken yet, the step that gives it
        (each text is given once)."""
        return _untaken(list(self.fields))

    def late(self) -> list[Callable[[], None]]:
        """Once a new drawing is sent: for each field of the drawing it replaced whose
        text came after the texts were taken, the step that gives it."""
        replaced, self.replaced = self.replaced, []
        return list(_untaken(replaced))


def _untaken(fields: list[Typed]) -> Iterator[Callable[[], None]]:
    for typed in fields:
        value = getattr(typed.control, "value", None)
        step = typed.take("" if value is None else str(value))
        if step is not None:
            yield step


__all__ = ["Inputs", "Typed"]
