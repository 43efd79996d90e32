"""A Kierki table's taps on the app's screens, for the fast tests (``app_harness.Phone``):
a new Kierki game through the form, and a deal of a game file (``tests/kierki_matches``)
entered as the table counts it: a player's count on the keypad, the last player's by
"the rest", who took the K♥ or a last trick, the trump suit, the first and second out."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from app_harness import Phone

from scorekeeper.app import ids

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import kierki_matches as km  # noqa: E402

KEYPAD = ("tricks", "hearts", "queens", "kings_jacks")
SLOTS = {"seventh_and_last": ("seventh", "last"), "last_two": ("second_last", "last"),
         "last": ("last",)}


def start(phone: Phone, names: list[str], first_dealer: int = 0, *taps: str) -> str:
    """New game -> names -> Kierki -> the table's rules (``taps``) -> first dealer ->
    Start; returns the game's id."""
    choices = {"game": ids.VARIANT.format(variant="kierki")}
    choices.update((f"rule{n}", tap) for n, tap in enumerate(taps))
    choices["dealer"] = ids.FIRST_DEALER_OPTION.format(seat=first_dealer)
    return phone.new_game(names, **choices)


def counts(phone: Phone, counted: str, values: list[int], rest: str | None = None) -> None:
    """Each player's count on the keypad; the last player's by "the rest" (``rest``: the
    identifier of that player's "the rest"), unless it is 0."""
    last = len(values) - 1
    for seat, value in enumerate(values):
        phone.tap(ids.COUNT.format(counted=counted, seat=seat))
        if seat == last and rest is not None and value:
            phone.tap(rest)
        else:
            phone.tap(ids.COUNT_KEY.format(n=value))


def takers(phone: Phone, slots: tuple[str, ...], values: list[int]) -> None:
    """Who took each single card or trick: a tap on a name per slot."""
    seats = [seat for seat, n in enumerate(values) for _ in range(n)]
    for slot, seat in zip(slots, seats):
        phone.tap(ids.TAKER.format(slot=slot, seat=seat))


def fill(phone: Phone, hand: dict[str, Any], names: list[str], last_tricks: str) -> None:
    """The deal of a game file, entered on the open deal screen."""
    contract, taken = hand["contract"], hand.get("taken")
    if contract == "lottery":
        first, second = (names.index(n) for n in hand["out"])
        phone.tap(ids.OUT.format(place=1, seat=first))
        phone.tap(ids.OUT.format(place=2, seat=second))
    elif contract == "robber":
        for counted in KEYPAD:
            counts(phone, counted, taken[counted], ids.COUNT_REST)
        takers(phone, ("king",), taken["king_of_hearts"])
        takers(phone, SLOTS[last_tricks], taken["last_tricks"])
    elif contract == "no_king_of_hearts":
        takers(phone, ("king",), taken)
    elif contract == "no_last_tricks":
        takers(phone, SLOTS[last_tricks], taken)
    else:
        if hand.get("trump"):
            phone.tap(ids.TRUMP.format(suit=hand["trump"]))
        counted = {"no_hearts": "hearts", "no_queens": "queens",
                   "no_kings_jacks": "kings_jacks"}.get(contract, "tricks")
        counts(phone, counted, taken, ids.GIVE_REST.format(seat=len(names) - 1))


def enter(phone: Phone, hand: dict[str, Any], names: list[str],
          last_tricks: str = "seventh_and_last") -> None:
    """From the sheet: open the next deal, enter it, save; back on the sheet."""
    phone.tap(ids.ENTER_HAND)
    assert phone.screen == "kierki_deal", phone.screen_text()
    fill(phone, hand, names, last_tricks)
    assert not phone.disabled(ids.SAVE_HAND), phone.text(ids.SAVE_REASON)
    phone.tap(ids.SAVE_HAND)
    assert phone.screen == "sheet", phone.screen_text()


def numbers(text: str) -> list[int]:
    return [int(t.replace("\u2212", "-")) for t in text.split() if t.lstrip("\u2212-").isdigit()]


__all__ = ["KEYPAD", "SLOTS", "counts", "enter", "fill", "km", "numbers", "start", "takers"]
