"""Kierki in Chromium at a phone's 360 px, against the real server (issue 32).

The classic match of ``tests/kierki_matches.py`` is played on the app's screens in
Polish: a new Kierki game from the form, then its 12 deals entered as the table counts
them (tricks, hearts, queens, kings and jacks on the keypad with "the rest", who took the
K♥ and the 7th and last trick, the robber's six counts, the trump suits, the lottery's
two taps). After every deal the sheet's row and totals are the ones worked out by hand;
at the end the winner, the standings and the zero sum are too.

The screens a Kierki table sees are photographed (Polish at 360 px during the match,
then English at 360 and Polish at 390 px): ``test-artifacts/screenshots/kierki-<lang>-
<width>-<screen>.png``; axe-core finds nothing on any of them.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

import pytest
from axe_check import describe, run_axe
from e2e_harness import Server, app_server, eventually, resize
from kierki_steps import Kierki, km, to_language

from scorekeeper import formats
from scorekeeper.app import ids
from scorekeeper.store import GameStore

NAMES = list(km.PLAYERS)
# the classic match cut after so many deals: the next deal is of the kind (the last: over)
CUTS = {"negative": 1, "robber": 6, "trumps": 7, "lottery": 11, "final": 12}


@pytest.fixture(scope="module")
def cut_games(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A database holding the classic match cut after 1, 6, 7, 11 and 12 deals (for the
    screenshots of each kind of deal), and those games' ids."""
    db = tmp_path_factory.mktemp("db")
    store = GameStore.open(db)
    games = {kind: store.create_game(formats.game_from_dict(km.classic_file(cut))).id
             for kind, cut in CUTS.items()}
    return db, games


@pytest.fixture(scope="module")
def server(cut_games: tuple[Path, dict[str, str]]) -> Iterator[Server]:
    with app_server(cut_games[0]) as srv:
        yield srv


def test_the_classic_match_in_polish_at_360_px_equals_the_sheet_worked_by_hand(app) -> None:
    to_language(app, "pl")
    resize(app.page, 360, 740)
    table = Kierki(app, NAMES)
    table.start(shot="kierki-pl-360")
    app.wait_text(ids.BANNER, lambda t: "Rozdanie 1 z 12: bez lew" in t and "Rozdaje Ala" in t,
                  what="deal 1 in Polish")
    app.shot("kierki-pl-360-sheet-empty")
    shots = {1: "negative", 7: "robber", 8: "trumps", 12: "lottery"}
    for number, (hand, deal, running) in enumerate(zip(
            km.CLASSIC_FILE["hands"], km.CLASSIC_DEALS, km.CLASSIC_RUNNING), 1):
        contract, dealer, leader, scores = deal
        app.wait_text(ids.BANNER, lambda t, n=number, d=dealer, le=leader:
                      f"Rozdanie {n} z 12" in t and f"Rozdaje {d}" in t and
                      f"wychodzi {le}" in t, what=f"deal {number}: {dealer} deals")
        shot = f"kierki-pl-360-{shots[number]}" if number in shots else None
        table.enter(number, hand, scores, shot=shot)
        table.check_sheet(number, scores, running)
    assert table.totals() == km.CLASSIC_TOTALS
    app.wait_text(ids.WINNER, lambda t: "Celina" in t, what="Celina wins")
    app.wait_text(ids.SUM_CHECK, lambda t: re.search(r"\b0\b", t) is not None,
                  what="the sum check: 0")
    for place, name in enumerate(["Celina", "Ala", "Darek", "Bartek"], 1):
        app.wait_text(ids.STANDING.format(place=place), lambda t, n=name: n in t,
                      what=f"{name} in place {place}")
    assert not app.exists(ids.ENTER_HAND)
    app.shot("kierki-pl-360-final")
    app.scroll_to(ids.SUM_CHECK)
    app.shot("kierki-pl-360-final-sum")


def open_deal(app, game_id: str) -> None:  # type: ignore[no-untyped-def]
    """The next deal's entry of a game, started over (a draft from before is dropped)."""
    app.open(f"/game/{game_id}/deal", ready=ids.SAVE_HAND)
    app.tap(ids.CLEAR_HAND)
    eventually(lambda: _assert(app.is_disabled(ids.SAVE_HAND), "nothing given: no Save"))


def _assert(ok: bool, what: str) -> None:
    assert ok, what


def test_the_kierki_screens_in_english_at_360_and_polish_at_390_px(app, cut_games) -> None:
    """Each kind of deal half-entered, the new-game form and the final sheet: what they
    show is for the eye (the screenshots; Polish at 360 px is the match's above, and
    ``tools/make_kierki_screenshots.py`` makes both languages at 390 px); the checks are
    that each screen has its parts."""
    games = cut_games[1]
    for lang, width in (("en", 360), ("pl", 390)):
        to_language(app, lang)
        resize(app.page, width, 740 if width == 360 else 844)
        prefix = f"kierki-{lang}-{width}"
        app.open("/new", ready=ids.START_GAME)
        app.tap(ids.VARIANT.format(variant="kierki"))
        app.wait(ids.KIERKI_MATCH)
        app.shot(f"{prefix}-new-game")
        table = Kierki(app, NAMES)
        open_deal(app, games["negative"])  # deal 2, no hearts
        table.count("hearts", 0, 3)
        app.shot(f"{prefix}-negative")
        open_deal(app, games["robber"])
        table.counts("tricks", [3, 3, 4, 3], ids.COUNT_REST)
        table.takers(("king",), [0, 1, 0, 0])
        app.scroll_to(ids.ENTRY_NAME.format(seat=0))
        app.shot(f"{prefix}-robber")
        open_deal(app, games["trumps"])
        app.tap(ids.TRUMP.format(suit="spades"))
        app.wait_text(ids.TRUMP.format(suit="spades"),
                      lambda t: app.is_checked(ids.TRUMP.format(suit="spades")),
                      what="spades named")
        app.shot(f"{prefix}-trumps")
        open_deal(app, games["lottery"])
        app.tap(ids.OUT.format(place=1, seat=2))
        app.wait_text(ids.OUT.format(place=1, seat=2),
                      lambda t: app.is_checked(ids.OUT.format(place=1, seat=2)),
                      what="Celina out first")
        app.shot(f"{prefix}-lottery")
        app.open(f"/game/{games['final']}", ready=ids.WINNER)
        app.wait(ids.SUM_CHECK)
        app.shot(f"{prefix}-final")


def test_axe_finds_nothing_on_the_kierki_screens(app, cut_games) -> None:
    """axe-core (``axe_check.py``) on every Kierki screen: the new-game form with Kierki
    picked, each kind of deal's entry, an edited deal, the sheet at the end with its
    rules card, and the change log."""
    games = cut_games[1]
    to_language(app, "en")
    found = {}

    def check(where: str) -> None:
        violations = run_axe(app.page)
        if violations:
            found[where] = describe(violations)

    app.open("/new", ready=ids.START_GAME)
    app.tap(ids.VARIANT.format(variant="kierki"))
    app.wait(ids.KIERKI_MATCH)
    check("new game, Kierki")
    for kind in ("negative", "robber", "trumps", "lottery"):
        app.open(f"/game/{games[kind]}/deal", ready=ids.SAVE_HAND)
        check(f"{kind} deal")
    app.open(f"/game/{games['final']}/deal/3", ready=ids.DELETE_HAND)
    check("deal 3 edited")
    app.open(f"/game/{games['final']}", ready=ids.WINNER)
    app.tap(ids.RULES)
    app.wait(ids.RULES_CARD)
    check("the sheet at the end, its rules")
    app.open(f"/game/{games['final']}/changes", ready=ids.SCREEN.format(name="changes"))
    check("the change log")
    assert not found, "\n".join(f"{w}:\n{v}" for w, v in found.items())
