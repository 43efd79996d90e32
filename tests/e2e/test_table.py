"""The table in the browser, where only the browser shows it: a name field keeps the focus
while the first-dealer buttons follow each keystroke; screen readers hear each name once
and no placeholder; and every fixed screen (home, history, the sheet with 4, 6, 8 and 11
players, a tie at the target, a finished game, the hand entry with a refused number, a
moon and two queens) in English, Polish and Lithuanian at 360 and 390 px, with names and
totals inside the screen and nothing to scroll sideways but the hands.

Screenshots: ``test-artifacts/screenshots/table-<screen>-<lang>-<width>.png``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from app_steps import numbers
from e2e_harness import Server, app_server, eventually, resize, shot

from scorekeeper import rules
from scorekeeper.app import ids
from scorekeeper.app.text.i18n import Translator
from scorekeeper.rules import Hand, MoonRule, Rules, Variant
from scorekeeper.store import GameStore

NAMES = ("Ala", "Bartek", "Celina", "Darek")
ELEVEN = ("Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip", "Gosia", "Henryk", "Iza",
          "Janek", "Kasia")
WIDTHS = (360, 390)
LANGS = ("en", "pl", "lt")


def seed(db: Any) -> dict[str, str]:
    """The games the screens show, written before the server starts (ids by name)."""
    store = GameStore.open(db)
    games: dict[str, str] = {}

    def game(key: str, names: tuple[str, ...], table: Rules, hands: list[tuple[int, ...]]) -> None:
        stored = store.create_game(rules.Game.new(names, table, 0))
        for points in hands:
            stored = store.add_hand(stored.id, Hand(points), stored.version)
        games[key] = stored.id

    game("empty", NAMES, Rules(), [])
    # next is hand 4 of four players: the hold hand, whose line was cut in pl and lt
    game("hold", NAMES, Rules(Variant.STANDARD, 100, MoonRule.ADD_TO_OTHERS),
         [(3, 13, 10, 0), (0, 0, 13, 13), (1, 2, 3, 20)])
    # Ala at the target, Bartek and Celina tied for the lowest total
    fifty = Rules(Variant.STANDARD, 50)
    tie = [(25, 0, 1, 0), (25, 0, 1, 0), (0, 2, 0, 24)]
    game("tie", NAMES, fifty, tie)
    game("over", NAMES, fifty, tie + [(0, 13, 0, 13)])
    for count in (6, 8, 11):
        names = ELEVEN[:count]
        variant = Variant.STANDARD if count <= 7 else Variant.CANCELLATION
        half = rules.spec(variant).hand_points // 2
        hands = [tuple(half if s in (h % count, (h + 1) % count) else 0 for s in range(count))
                 for h in range(7)]
        game(f"p{count}", names, Rules(variant, 150), hands)
    return games


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, dict[str, str]]]:
    db = tmp_path_factory.mktemp("table-db")
    games = seed(db)
    srv = app_server(db)
    srv.start()
    try:
        yield srv, games
    finally:
        srv.stop()


@pytest.fixture(scope="module")
def server(seeded: tuple[Server, dict[str, str]]) -> Server:
    """This module's app serves the seeded games."""
    return seeded[0]


def widths(app: Any, name: str, check: Any = None) -> None:
    """A screenshot at each phone width (and ``check(width)`` there)."""
    for width in WIDTHS:
        resize(app.page, width)
        if check is not None:
            eventually(lambda w=width: check(w))  # Flutter lays out again a moment later
        shot(app.page, f"{name}-{width}")
    resize(app.page, 390)


def inside(app: Any, identifier: str, width: int) -> None:
    """The node is drawn wholly inside the screen's width (nothing to scroll sideways)."""
    box = app.el(identifier).first.bounding_box()
    assert box is not None, f"{identifier} is not drawn"
    assert box["x"] >= -0.5 and box["x"] + box["width"] <= width + 0.5, \
        f"{identifier} at x {box['x']:.0f}..{box['x'] + box['width']:.0f} of {width} px"


def reveal(app: Any, identifier: str, steps: int = 10) -> None:
    """Swipes down the list until the node is in the accessibility tree (Flutter leaves
    out what is far below the screen), then onto the screen."""
    for _ in range(steps):
        if app.exists(identifier):
            break
        app.swipe(180, 600, 400)
    app.scroll_to(identifier)


LABELS = """(root) => {
    const out = [];
    for (const n of root.querySelectorAll('[aria-label]')) out.push(n.getAttribute('aria-label'));
    return out;
}"""


def doubled_labels(app: Any) -> list[str]:
    """Labels a screen reader would read with a name twice ("Back\\nBack")."""
    labels = app.page.locator("flt-semantics").first.evaluate(LABELS)
    bad = []
    for label in labels:
        lines = [x.strip() for x in label.split("\n") if x.strip()]
        words = [set(x.lower().split()) for x in lines]
        # the same line twice, or a tooltip's words again inside the label ("Move up" +
        # "Move Ala up")
        if any(i != j and a <= b for i, a in enumerate(words) for j, b in enumerate(words)):
            bad.append(label)
    return bad


def test_a_name_field_keeps_the_focus_while_the_dealer_buttons_follow(app) -> None:
    app.open("/new", ready=ids.PLAYER_NAME.format(seat=0))
    app.type(ids.PLAYER_NAME.format(seat=0), "Ew")
    app.wait_text(ids.FIRST_DEALER_OPTION.format(seat=0), lambda t: "Ew" in t,
                  what="the first-dealer button following the name")
    app.page.keyboard.type("a")  # no tap: the field still has the keyboard
    app.wait_text(ids.FIRST_DEALER_OPTION.format(seat=0), lambda t: "Ewa deals first" in t,
                  what="the button after one more keystroke")
    value = app.page.evaluate("() => document.activeElement && document.activeElement.value")
    assert value == "Ewa", f"the focused field holds {value!r}"
    app.wait_text(ids.PLAYER_REMOVE.format(seat=0), lambda t: "Remove Ewa" in t,
                  what="the remove button's label")
    assert doubled_labels(app) == []
    widths(app, "table-new-game-en")
    app.scroll_to(ids.FIRST_DEALER)
    widths(app, "table-new-game-dealers-en")


def test_every_fixed_screen_in_three_languages(app, seeded) -> None:
    _, games = seeded
    app.open("/", ready=ids.SETTINGS)
    for lang in LANGS:
        tr = Translator(lang)
        app.open("/settings", ready=ids.LANGUAGE_OPTION.format(code=lang))
        app.tap(ids.LANGUAGE_OPTION.format(code=lang))
        app.wait_text(ids.LANGUAGE, lambda t: tr._("Language") in t, what=f"{lang} chosen")
        screens(app, games, lang, tr)


def screens(app: Any, games: dict[str, str], lang: str, tr: Translator) -> None:
    # home: the not-started game under its own heading; history: who leads, hands
    app.open("/", ready=ids.RESUME.format(game_id=games["hold"]))
    widths(app, f"table-home-{lang}")
    reveal(app, ids.RESUME.format(game_id=games["empty"]))
    app.wait_text(ids.RESUME.format(game_id=games["empty"]),
                  lambda t: tr._("Not started") in t, what="a game without hands")
    widths(app, f"table-home-not-started-{lang}")
    app.open("/history", ready=ids.HISTORY_GAME.format(game_id=games["tie"]))
    widths(app, f"table-history-{lang}")

    # the sheet at the hold hand: the hold line wraps; running totals; Changes in words
    app.open(f"/game/{games['hold']}", ready=ids.BANNER)
    app.wait_text(ids.BANNER, lambda t: tr._("Hold: no passing") in t, what="the hold line")
    assert tr._("Changes") in app.text(ids.CHANGE_LOG)
    app.wait(ids.RUNNING.format(n=3, seat=3))
    widths(app, f"table-sheet-hold-{lang}",
           lambda w: [inside(app, ids.BANNER, w), inside(app, ids.TOTAL.format(seat=3), w)])
    assert doubled_labels(app) == []

    # a tie at the target: tied, flag; no trophy until the game is over
    app.open(f"/game/{games['tie']}", ready=ids.TIE)
    app.wait(ids.AT_TARGET.format(seat=0))
    assert tr._("Tied for the lowest total") in app.text(ids.PLAYER_HEADER.format(seat=1))
    widths(app, f"table-sheet-tie-{lang}", lambda w: inside(app, ids.TIE, w))
    app.open(f"/game/{games['over']}", ready=ids.GAME_OVER)
    widths(app, f"table-sheet-over-{lang}", lambda w: inside(app, ids.GAME_OVER, w))

    # 6, 8 and 11 players: every name and total on the screen, the hands beside them
    for count in (6, 8, 11):
        app.open(f"/game/{games[f'p{count}']}", ready=ids.SIDE_SHEET)
        app.scroll_to(ids.PLAYER_HEADER.format(seat=0))

        def check(width: int, count: int = count) -> None:
            for seat in range(count):
                reveal(app, ids.TOTAL.format(seat=seat))
                inside(app, ids.PLAYER_HEADER.format(seat=seat), width)
                inside(app, ids.TOTAL.format(seat=seat), width)
            app.scroll_to(ids.PLAYER_HEADER.format(seat=0))
        widths(app, f"table-sheet-{count}-players-{lang}", check)

    # the hand entry: a refused number stays as typed; then a moon, below the players
    app.open(f"/game/{games['hold']}/hand", ready=ids.SAVE_HAND)
    if not app.is_checked(ids.MODE_CARDS):
        app.tap(ids.MODE_CARDS)
    app.tap(ids.HEARTS.format(seat=1))
    app.tap(ids.HEARTS_KEY.format(count=13))  # every heart given: the keypad stays
    app.wait_text(ids.HEARTS_KEY.format(count=13), lambda t: "Bartek" in t,
                  what="the keypad still Bartek's")
    widths(app, f"table-hand-cards-{lang}")
    app.tap(ids.CLEAR_HAND)
    app.wait_text(ids.HEARTS.format(seat=1), lambda t: "13" not in t, what="a cleared hand")
    app.tap(ids.MODE_POINTS)
    app.type(ids.POINTS.format(seat=0), "2.5")
    app.wait_text(ids.SAVE_REASON, lambda t: "2.5" in t, what="the refused number")
    assert app.is_disabled(ids.SAVE_HAND)
    widths(app, f"table-hand-refused-{lang}")
    app.type(ids.POINTS.format(seat=0), "26")
    app.wait(ids.MOON)
    app.wait_text(ids.PLAYER_POINTS.format(seat=0),
                  lambda t: numbers(t) and set(numbers(t)) == {0},
                  what="the shooter's row scoring 0, not 26")
    widths(app, f"table-hand-moon-{lang}")
    app.tap(ids.CLEAR_HAND)  # leave no draft behind for the next language
    app.el(ids.MOON).first.wait_for(state="detached")  # a cleared hand: no moon

    # Cancellation: two queens, a count per player
    app.open(f"/game/{games['p8']}/hand", ready=ids.SAVE_HAND)
    if not app.is_checked(ids.MODE_CARDS):
        app.tap(ids.MODE_CARDS)
    app.tap(ids.QUEENS.format(seat=3, count=1))
    app.tap(ids.QUEENS.format(seat=4, count=1))
    app.wait_text(ids.PLAYER_POINTS.format(seat=4), lambda t: "13" in t, what="Ewa's queen")
    app.wait_text(ids.PLAYER_POINTS.format(seat=3), lambda t: "13" in t, what="Darek's too")
    widths(app, f"table-hand-queens-{lang}")
    app.tap(ids.CLEAR_HAND)
    app.wait_text(ids.PLAYER_POINTS.format(seat=3), lambda t: "13" not in t, what="cleared")

    # an earlier hand edited: its title, "Delete" and "Start over" all in worded sight
    app.open(f"/game/{games['hold']}/hand/1", ready=ids.DELETE_HAND)
    widths(app, f"table-hand-edit-{lang}", lambda w: (
        inside(app, ids.DELETE_HAND, w), inside(app, ids.CLEAR_HAND, w)))
    assert tr._("Delete") in app.text(ids.DELETE_HAND)
