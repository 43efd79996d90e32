"""A Kierki table's taps in the browser tests: a new Kierki game through the form, and a
deal of a game file (``tests/kierki_matches.py``) entered on the deal screen as the table
counts it: a player's count on the keypad (the last player's by "the rest"), who took
the K♥ or a last trick, the trump suit, the first and second out. After each deal the
sheet is checked against the running totals worked out by hand."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from app_steps import has_number, numbers, type_names
from e2e_harness import Flutter

from scorekeeper.app import ids

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import kierki_matches as km  # noqa: E402

KEYPAD = ("tricks", "hearts", "queens", "kings_jacks")
SLOTS = {"seventh_and_last": ("seventh", "last"), "last_two": ("second_last", "last"),
         "last": ("last",)}
COUNTED = {"no_hearts": "hearts", "no_queens": "queens", "no_kings_jacks": "kings_jacks"}


def to_language(app: Flutter, code: str) -> None:
    """Settings -> the language -> back home (the choice is kept for every later page)."""
    app.open("/", ready=ids.SETTINGS)
    app.tap(ids.SETTINGS)
    app.tap(ids.LANGUAGE_OPTION.format(code=code))
    app.wait_text(ids.LANGUAGE, lambda t: app.is_checked(ids.LANGUAGE_OPTION.format(code=code)),
                  what=f"{code} picked")
    app.open("/", ready=ids.NEW_GAME)


class Kierki:
    """A Kierki match played through the app's screens."""

    def __init__(self, app: Flutter, names: list[str], last_tricks: str = "seventh_and_last"
                 ) -> None:
        self.app, self.names, self.last_tricks = app, names, last_tricks
        self.path = ""

    def start(self, first_dealer: int = 0, shot: str | None = None) -> None:
        """Home -> New game -> names -> Kierki -> first dealer -> Start."""
        app = self.app
        app.open("/", ready=ids.NEW_GAME)
        app.tap(ids.NEW_GAME)
        app.wait(ids.START_GAME)
        type_names(app, self.names)
        app.tap(ids.VARIANT.format(variant="kierki"))
        app.wait(ids.KIERKI_MATCH)
        app.tap(ids.FIRST_DEALER_OPTION.format(seat=first_dealer))
        if shot:
            app.shot(f"{shot}-new-game")
            app.scroll_to(ids.KIERKI_ORDER.format(n=6))
            app.shot(f"{shot}-new-game-order")
        app.tap(ids.START_GAME)
        app.wait(ids.ENTER_HAND)
        self.path = app.wait_path(r"/game/[^/]+")

    # --- a deal -------------------------------------------------------------------------
    def count(self, counted: str, seat: int, value: int, rest: str | None = None) -> None:
        """A player's count: tap it, wait for the keypad to be theirs, tap the key (or
        "the rest"), wait for the count to show."""
        app, name = self.app, self.names[seat]
        cell = ids.COUNT.format(counted=counted, seat=seat)
        app.tap(cell)
        key = rest or ids.COUNT_KEY.format(n=value)
        if rest != ids.GIVE_REST.format(seat=seat):  # the keypad (its keys name the player)
            app.wait_text(ids.COUNT_KEY.format(n=0), lambda t: name in t,
                          what=f"the keypad for {name}")
        app.tap(key)
        app.wait_text(cell, lambda t: has_number(t, value), what=f"{name}'s {counted} {value}")

    def counts(self, counted: str, values: list[int], rest: str | None) -> None:
        last = len(values) - 1
        for seat, value in enumerate(values):
            self.count(counted, seat, value, rest if seat == last and value else None)

    def takers(self, slots: tuple[str, ...], values: list[int]) -> None:
        seats = [seat for seat, n in enumerate(values) for _ in range(n)]
        for slot, seat in zip(slots, seats):
            option = ids.TAKER.format(slot=slot, seat=seat)
            self.app.tap(option)
            self.app.wait_text(option, lambda t, o=option: self.app.is_checked(o),
                               what=f"{self.names[seat]} took the {slot}")

    def fill(self, hand: dict[str, Any]) -> None:
        app, contract, taken = self.app, hand["contract"], hand.get("taken")
        if contract == "lottery":
            for place, name in enumerate(hand["out"], 1):
                option = ids.OUT.format(place=place, seat=self.names.index(name))
                app.tap(option)
                app.wait_text(option, lambda t, o=option: app.is_checked(o),
                              what=f"{name} out {place}")
        elif contract == "robber":
            for counted in KEYPAD:
                self.counts(counted, taken[counted], ids.COUNT_REST)
            self.takers(("king",), taken["king_of_hearts"])
            self.takers(SLOTS[self.last_tricks], taken["last_tricks"])
        elif contract == "no_king_of_hearts":
            self.takers(("king",), taken)
        elif contract == "no_last_tricks":
            self.takers(SLOTS[self.last_tricks], taken)
        else:
            if hand.get("trump"):
                suit = ids.TRUMP.format(suit=hand["trump"])
                app.tap(suit)
                app.wait_text(suit, lambda t: app.is_checked(suit), what="the trump suit")
            self.counts(COUNTED.get(contract, "tricks"), taken,
                        ids.GIVE_REST.format(seat=len(self.names) - 1))

    def enter(self, number: int, hand: dict[str, Any], scores: list[int],
              shot: str | None = None) -> None:
        """Open deal ``number``, enter it, check each player's points before Save, save."""
        app = self.app
        app.tap(ids.ENTER_HAND)
        app.wait(ids.SAVE_HAND)
        app.wait_path(re.escape(self.path) + "/deal")
        self.fill(hand)
        for seat, score in enumerate(scores):
            app.wait_text(ids.PLAYER_POINTS.format(seat=seat), lambda t, v=score: has_number(t, v),
                          what=f"{self.names[seat]} scores {score} in deal {number}")
        app.wait_enabled(ids.SAVE_HAND, why=lambda: app.text(ids.SAVE_REASON))
        if shot:
            app.shot(shot)
        app.tap(ids.SAVE_HAND)
        app.wait(ids.HAND_ROW.format(n=number))
        app.wait_path(re.escape(self.path))

    def check_row(self, number: int, scores: list[int], running: list[int]) -> None:
        """Deal ``number``'s row: each player's points and running total, as worked out
        by hand."""
        app = self.app
        for seat, (score, total) in enumerate(zip(scores, running)):
            app.wait_text(ids.CELL.format(n=number, seat=seat), lambda t, v=score: has_number(t, v),
                          what=f"deal {number}, {self.names[seat]}: {score}")
            app.wait_text(ids.RUNNING.format(n=number, seat=seat),
                          lambda t, v=total: has_number(t, v),
                          what=f"deal {number}, {self.names[seat]}'s running total {total}")

    def check_sheet(self, number: int, scores: list[int], running: list[int]) -> None:
        """Deal ``number`` (the last one played): its row and the totals."""
        self.check_row(number, scores, running)
        for seat, total in enumerate(running):
            self.app.wait_text(ids.TOTAL.format(seat=seat), lambda t, v=total: has_number(t, v),
                               what=f"{self.names[seat]}'s total {total}")

    def totals(self) -> list[int]:
        return [numbers(self.app.text(ids.TOTAL.format(seat=s)))[0]
                for s in range(len(self.names))]


__all__ = ["Kierki", "km", "to_language"]
