"""What a player does with the scorekeeper, as steps for the browser tests.

:class:`Table` plays a game through the app's screens and keeps the same game in
``scorekeeper.rules`` beside it: every total, dealer and pass direction the app shows is
checked against what the rules say, so the tests never do arithmetic of their own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from e2e_harness import LOGS, Flutter, eventually
from socket_frames import SocketFrames

from scorekeeper import rules
from scorekeeper.app import ids

PLAYERS = ("Ala", "Bartek", "Celina", "Darek")


def numbers(text: str) -> list[int]:
    """The whole numbers in a text, with a minus sign (−, U+2212, or -) kept."""
    return [int(m.replace("\u2212", "-")) for m in re.findall(r"[-\u2212]?\d+", text)]


def has_number(text: str, value: int) -> bool:
    return value in numbers(text)


def hand_line(banner: str, number: int) -> str:
    """The banner's line that names the hand (its dealer is there; every name is in the
    banner's pass chips too, so the whole text would say nothing of who deals)."""
    return next((line for line in banner.splitlines() if has_number(line, number)), "")


def _assert(ok: bool, what: str) -> None:
    assert ok, what


def type_names(app: Flutter, players: tuple[str, ...] | list[str]) -> None:
    """The new-game form's names, a seat added where there is none yet."""
    for seat, name in enumerate(players):
        name_field = ids.PLAYER_NAME.format(seat=seat)
        if not app.exists(name_field):
            app.tap(ids.ADD_PLAYER)
            app.wait(name_field)
        app.type(name_field, name)
    # The form keeps a draft: drop seats a previous visit left beyond ours, one tap
    # at a time, each seat gone from the screen before the next tap (a busy server
    # redraws late, and a second tap on a button about to go waits for ever).
    extra = ids.PLAYER_NAME.format(seat=len(players))
    while app.exists(extra):
        last = len(players)
        while app.exists(ids.PLAYER_NAME.format(seat=last + 1)):
            last += 1
        app.tap(ids.PLAYER_REMOVE.format(seat=len(players)))
        app.el(ids.PLAYER_NAME.format(seat=last)).first.wait_for(state="detached")


@dataclass
class Table:
    """A game played through the app, mirrored in the rules core."""

    app: Flutter
    players: tuple[str, ...] = PLAYERS
    table_rules: rules.Rules = field(default_factory=rules.Rules)
    first_dealer: int = 0
    hands: list[rules.Hand] = field(default_factory=list)
    path: str = ""
    # the page's socket, recorded (socket_frames): a number typed and lost is then shown
    # with what the server sent the field
    frames: SocketFrames | None = None

    # --- the game as the rules see it ---------------------------------------------------
    @property
    def game(self) -> rules.Game:
        return rules.Game(tuple(self.players), self.table_rules, self.first_dealer,
                          tuple(self.hands))

    @property
    def state(self) -> rules.GameState:
        return rules.state(self.game)

    @property
    def game_id(self) -> str:
        return self.path.rstrip("/").split("/")[-1]

    # --- new game -----------------------------------------------------------------------
    def start(self, shots: str | None = None) -> None:
        """Home -> New game -> names and rules -> Start; lands on the score sheet."""
        app = self.app
        # the socket recorded (a name lost is then shown with it): Playwright's pages
        # only, as Firefox's and WebKit's drivers have no websocket event
        if self.frames is None and hasattr(app.page, "on"):
            self.frames = SocketFrames(app.page)
        app.open("/", ready=ids.NEW_GAME)
        if shots:
            app.shot(f"{shots}-home")
        app.tap(ids.NEW_GAME)
        app.wait(ids.START_GAME)
        type_names(app, self.players)
        app.tap(ids.VARIANT.format(variant=self.table_rules.variant.value))
        target = str(self.table_rules.target)
        if target in ("50", "100", "150"):
            app.tap(ids.TARGET.format(value=target))
        else:
            app.tap(ids.TARGET.format(value="other"))
            app.wait(ids.TARGET_OTHER)
            app.type(ids.TARGET_OTHER, target)
        app.tap(ids.MOON_RULE.format(rule=self.table_rules.moon.value))
        app.tap(ids.FIRST_DEALER_OPTION.format(seat=self.first_dealer))
        self.house_rules(shots)
        app.wait_text(ids.DECK_PLAN, lambda t: "\u2663" in t, what="the first lead with its suit")
        if self.frames is not None:
            self.check_names()
        if shots:
            app.shot(f"{shots}-new-game")
        app.tap(ids.START_GAME)
        app.wait(ids.ENTER_HAND)
        self.path = app.wait_path(r"/game/[^/]+")
        self.check_sheet()

    def house_rules(self, shots: str | None) -> None:
        """Opens the closed House rules and turns on the table's (switches; a pass
        cycle is picked among the ones offered for this many players)."""
        house = dict(self.table_rules.house)
        if not house:
            return
        app = self.app
        app.tap(ids.HOUSE_RULES)
        app.wait(ids.HOUSE_RULE.format(rule="exact_target_halves"))
        for key, value in house.items():
            if key == "passes":
                n = rules.cycle_choices(self.table_rules.variant, len(self.players)).index(value)
                app.tap(ids.PASS_CYCLE.format(n=n))
            elif key == "pass_cards":
                app.tap(ids.PASS_CARDS.format(n=value))
            elif not app.is_checked(ids.HOUSE_RULE.format(rule=key)):
                switch = ids.HOUSE_RULE.format(rule=key)
                app.tap(switch)
                eventually(lambda s=switch: _assert(app.is_checked(s), f"{s} is on"))
        if shots:
            app.scroll_to(ids.HOUSE_RULES)
            app.shot(f"{shots}-house-rules")

    # --- the score sheet ----------------------------------------------------------------
    def check_sheet(self) -> None:
        """The sheet shows the rules' totals, and the next hand's dealer and passing."""
        app, st = self.app, self.state
        for seat, name in enumerate(self.players):
            app.wait_text(ids.PLAYER_HEADER.format(seat=seat), lambda t, n=name: n in t,
                          what=f"{name}'s column")
            app.wait_text(ids.TOTAL.format(seat=seat),
                          lambda t, v=st.totals[seat]: has_number(t, v),
                          what=f"{name}'s total {st.totals[seat]}")
        for number, hs in enumerate(st.hands, 1):
            for seat, score in enumerate(hs.scores):
                app.wait_text(ids.CELL.format(n=number, seat=seat),
                              lambda t, v=score: has_number(t, v),
                              what=f"hand {number}, {self.players[seat]}: {score}")
        if st.game_over:
            app.wait(ids.GAME_OVER)
            for seat in st.winners:  # a shared win names every winner
                winner = self.players[seat]
                app.wait_text(ids.WINNER, lambda t, w=winner: w in t,
                              what=f"{winner} as a winner")
            assert not app.exists(ids.ENTER_HAND), "a finished game takes no more hands"
            return
        nxt = st.next_hand
        assert nxt is not None
        dealer = self.players[nxt.dealer]
        app.wait_text(ids.BANNER, lambda t: dealer in hand_line(t, nxt.number),
                      what=f"hand {nxt.number}, {dealer} deals")
        if st.standing.tie_for_lowest:
            app.wait(ids.TIE)
        else:
            assert not app.exists(ids.TIE)

    def banner(self) -> str:
        return self.app.text(ids.BANNER)

    # --- hand entry ---------------------------------------------------------------------
    def open_entry(self, number: int | None = None) -> None:
        """Enter the next hand, or tap hand ``number``'s row to edit it."""
        app = self.app
        if number is None:
            app.tap(ids.ENTER_HAND)
        else:
            app.tap(ids.HAND_ROW.format(n=number))
        app.wait(ids.SAVE_HAND)
        app.wait_path(re.escape(self.path) + (r"/hand" if number is None else f"/hand/{number}"))

    def cards(self, hearts: dict[int, int], queen: int | None) -> None:
        """Cards mode: each player's hearts on the keypad, and who took the queen."""
        app = self.app
        if app.exists(ids.MODE_CARDS) and not app.is_checked(ids.MODE_CARDS):
            app.tap(ids.MODE_CARDS)
        for seat, count in hearts.items():
            app.tap(ids.HEARTS.format(seat=seat))
            # The keypad moves under the picked player: wait for it to be this player's.
            key = ids.HEARTS_KEY.format(count=count)
            app.wait_text(key, lambda t, n=self.players[seat]: n in t,
                          what=f"the keypad for {self.players[seat]}")
            app.tap(key)
            app.wait_text(ids.HEARTS.format(seat=seat), lambda t, c=count: has_number(t, c),
                          what=f"{self.players[seat]}'s {count} hearts")
        if queen is not None:
            app.tap(ids.QUEEN.format(seat=queen, n=0))

    def points(self, points: dict[int, int | str]) -> None:
        """Points mode: type each player's points."""
        app = self.app
        if not app.exists(ids.POINTS.format(seat=0)):
            app.tap(ids.MODE_POINTS)
            app.wait(ids.POINTS.format(seat=0))
        for seat, value in points.items():
            field, text = ids.POINTS.format(seat=seat), str(value)
            app.type(field, text)
            if not text:
                continue
            # the hand has it before the next field, as a player glances at the field's
            # "= 3" before typing on (its spoken name carries the hand's own copy of the
            # text, "Points for Iza: 3"): a number lost on its way is named here, with
            # what the socket carried, not found missing from the totals after Save
            try:
                app.wait_text(field, lambda t, v=text: re.search(
                    rf": {re.escape(v)}(\s|$)", t) is not None,
                    what=f"{self.players[seat]}'s {text} taken by the hand")
            except AssertionError as lost:
                raise AssertionError(f"{lost}\n{self._socket_said(seat)}") from None
        self.check_typed_texts()

    def check_names(self) -> None:
        """Before Start, the form has every typed name, as the first-dealer choice shows
        them (it draws the form's names): a name lost after it was typed and seen in its
        field is named here with what the socket carried, not left to a Start refused."""
        for seat, name in enumerate(self.players):
            try:
                self.app.wait_text(ids.FIRST_DEALER_OPTION.format(seat=seat),
                                   lambda t, v=name: v in t,
                                   what=f"{name}, typed, among the first dealers")
            except AssertionError as lost:
                raise AssertionError(f"{lost}\n{self._socket_said(seat)}") from None
        self.check_typed_texts()

    def _socket_said(self, seat: int) -> str:
        """What the recorded socket carried (saved in full beside the test's logs)."""
        if self.frames is None:
            return "(the socket was not recorded)"
        path = self.frames.save(LOGS / f"frames-lost-{self.players[seat]}.jsonl")
        overwritten = self.frames.overwritten()
        return (f"frames: {path}\nthe server set a typed field to another text: "
                f"{overwritten or 'never'}\n{self.frames.story()[-4000:]}")

    def check_typed_texts(self) -> None:
        """The server never set a field the phone typed into to another text than the
        one typed there last (with the socket recorded; see ``socket_frames``)."""
        if self.frames is not None:
            overwritten = self.frames.overwritten()
            assert not overwritten, "\n".join(overwritten)

    def expect_player_points(self, points: list[int]) -> None:
        for seat, p in enumerate(points):
            self.app.wait_text(ids.PLAYER_POINTS.format(seat=seat),
                               lambda t, v=p: has_number(t, v),
                               what=f"{self.players[seat]} takes {p}")

    def jack(self, seat: int) -> None:
        """Omnibus: one tap on the name of who took the J♦."""
        self.app.tap(ids.JACK_TAKER.format(seat=seat))

    def save(self, hand: rules.Hand, number: int | None = None) -> None:
        """Save is enabled; tap it; the sheet shows the rules' new state."""
        app = self.app
        app.wait_enabled(ids.SAVE_HAND, why=lambda: app.text(ids.SAVE_REASON)
                         if app.exists(ids.SAVE_REASON) else "no reason shown")
        app.tap(ids.SAVE_HAND)
        app.wait(ids.TOTAL.format(seat=0))
        app.wait_path(re.escape(self.path))  # the address follows, so a reload stays here
        if number is None:
            self.hands.append(hand)
        else:
            self.hands[number - 1] = hand
        self.check_sheet()
