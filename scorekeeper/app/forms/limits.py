"""How much of a typed text the forms keep: no more than a stored game can hold (a name
of ``rules.MAX_NAME_LENGTH`` characters once runs of spaces are made one, a number of
:data:`MAX_DIGITS` digits). The fields refuse longer input on the phone (``max_length``),
but a phone can send any text, so the forms cut what arrives too: a draft of the form
never holds more."""

from __future__ import annotations

from ... import rules

MAX_DIGITS = 18  # a whole number (points, a target), as in a game file


def cut_name(text: str) -> str:
    """``text`` as typed when it is short; a longer one as the name the rules make of it
    (runs of spaces made one), cut to ``rules.MAX_NAME_LENGTH`` characters, with the space
    typed last kept (so the next word can follow)."""
    if len(text) <= rules.MAX_NAME_LENGTH:
        return text
    name = " ".join(text.split())[:rules.MAX_NAME_LENGTH].rstrip()
    if name and text[-1].isspace() and len(name) < rules.MAX_NAME_LENGTH:
        name += " "
    return name


def cut_number(text: str) -> str:
    """``text`` cut to :data:`MAX_DIGITS` characters (it is shown as typed, and anything
    but a whole number is refused in words)."""
    return text[:MAX_DIGITS]
