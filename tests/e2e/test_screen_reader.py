"""In the browser: eleven players on one phone and a sheet a screen reader can use.

- After a save with 11 players every name and total is inside the screen, at 360x740 and
  390x844, in English, Polish and Lithuanian (and with 6 and 8 players in English).
- Long names ("Przemysław", "Małgorzata", "Bartłomiej", "Krzysztof") are drawn whole at
  360 px with 4 and 11 players: the width Flutter gives each is measured against the
  width Pillow measures for the text in the bundled DejaVu Sans Bold.
- Chosen, disabled and filled controls say so in Chromium's own accessibility tree
  (DevTools' Accessibility domain), and a refused number is spoken as it is shown.
- axe-core finds nothing on any screen (``axe_check.py``: what cannot apply to a canvas).

Screenshots: ``test-artifacts/screenshots/access-<screen>-<lang>-<width>.png``."""

from __future__ import annotations

from typing import Any

import pytest
from axe_check import describe, run_axe
from e2e_harness import eventually, resize, shot
from PIL import ImageFont
from screen_reader_steps import (BOLD, ELEVEN, LONG, Tree, _assert, box, choose_language,
                                 save_a_hand, seeded, server)  # noqa: F401 (fixtures)

from scorekeeper.app import ids

def on_screen(app: Any, count: int, width: int, height: int) -> None:
    """Every name and total lies inside the screen, above the pinned Enter button."""
    floor = box(app, ids.ENTER_HAND)["y"] if app.exists(ids.ENTER_HAND) else height
    for seat in range(count):
        for identifier in (ids.PLAYER_HEADER.format(seat=seat), ids.TOTAL.format(seat=seat)):
            assert app.exists(identifier), f"{identifier} is not on the screen"
            b = box(app, identifier)
            assert b["x"] >= -0.5 and b["x"] + b["width"] <= width + 0.5, \
                f"{identifier}: x {b['x']:.0f}..{b['x'] + b['width']:.0f} of {width}"
            assert b["y"] >= -0.5 and b["y"] + b["height"] <= floor + 0.5, \
                f"{identifier}: y {b['y']:.0f}..{b['y'] + b['height']:.0f}, " \
                f"the screen ends at {floor:.0f}"


@pytest.mark.parametrize("lang", ["en", "pl", "lt"])
def test_every_name_and_total_is_on_the_screen_after_a_save_with_eleven(app, seeded, lang):
    _, games = seeded
    app.open("/", ready=ids.SETTINGS)
    resize(app.page, 360, 740)
    choose_language(app, lang)
    save_a_hand(app, games[f"p11-{lang}"], 11)
    app.wait_text(ids.HAND_ROW.format(n=5), lambda t: bool(t), what="the saved hand's column")
    for width, height in ((360, 740), (390, 844)):
        resize(app.page, width, height)
        eventually(lambda w=width, h=height: on_screen(app, 11, w, h))
        shot(app.page, f"access-sheet-11-{lang}-{width}")
    # the pass ring is a tap away, and the fold comes back after the next save
    app.tap(ids.BANNER_MORE)
    app.wait_text(ids.BANNER, lambda t: t.count("→") >= 11, what="who passes to whom")
    shot(app.page, f"access-sheet-11-open-{lang}-390")
    resize(app.page, 390)


def test_six_and_eight_players_too(app, seeded):
    _, games = seeded
    app.open("/", ready=ids.SETTINGS)
    resize(app.page, 360, 740)
    choose_language(app, "en")
    for count in (6, 8):
        save_a_hand(app, games[f"p{count}"], count)
        eventually(lambda c=count: on_screen(app, c, 360, 740))
        shot(app.page, f"access-sheet-{count}-en-360")
    resize(app.page, 390)


def line_widths(lines: list[str], size: int) -> list[float]:
    font = ImageFont.truetype(str(BOLD), size)
    return [font.getlength(line) for line in lines]


LINE = 1.43  # Flutter's line height for DejaVu Sans, in font sizes (17 px at 12, 20 at 14)


def drawn_whole(app: Any, identifier: str, name: str) -> None:
    """The name is drawn whole: its text's box has the height of one or two lines at one
    of the sizes the app uses, and is at least as wide as Pillow measures, in the bundled
    font at that size, the whole name (one line) or the wider half of it split with a
    hyphen (two lines); and the spoken words are the whole name."""
    spoken = app.text(identifier)
    assert spoken == name, f"{identifier} is read as {spoken!r}"
    b = box(app, identifier)
    w, h = b["width"], b["height"]
    for size in (16, 15, 14, 13, 12, 11):
        if abs(h - LINE * size) <= 0.8 and line_widths([name], size)[0] <= w + 1:
            return  # one line
        if abs(h - 2 * LINE * size) <= 1.2 and any(
                max(line_widths([name[:i] + "-", name[i:]], size)) <= w + 1
                for i in range(2, len(name) - 1)):
            return  # two lines, split with a hyphen
    raise AssertionError(f"{name!r} is not drawn whole: its text is {w:.1f} x {h:.1f} px")


@pytest.mark.parametrize("game", ["long4", "long11"])
def test_long_names_are_drawn_whole_at_360(app, seeded, game):
    _, games = seeded
    app.open("/", ready=ids.SETTINGS)
    resize(app.page, 360, 740)
    app.open(f"/game/{games[game]}", ready=ids.SHEET_NAME.format(seat=0))
    for seat, name in enumerate(LONG):
        eventually(lambda s=seat, n=name: drawn_whole(app, ids.SHEET_NAME.format(seat=s), n))
        if game == "long11":  # on its side there is room: one line at the full size
            b = box(app, ids.SHEET_NAME.format(seat=seat))
            assert abs(b["height"] - LINE * 14) <= 0.8, f"{name} is not one line at 14 px"
            assert b["width"] + 1 >= line_widths([name], 14)[0], f"{name} has no room"
    shot(app.page, f"access-names-{game}-360")
    if game == "long4":
        app.open(f"/game/{games[game]}/hand", ready=ids.ENTRY_NAME.format(seat=0))
        for seat, name in enumerate(LONG):
            eventually(lambda s=seat, n=name: drawn_whole(app, ids.ENTRY_NAME.format(seat=s), n))
        shot(app.page, "access-names-hand-360")
    resize(app.page, 390)


def test_chosen_disabled_and_filled_controls_say_so(app, seeded):
    _, games = seeded
    app.open("/", ready=ids.SETTINGS)
    choose_language(app, "en")
    tree = Tree(app.page)
    app.open(f"/new?from={games['four']}", ready=ids.START_GAME)  # a rematch: names filled
    for seat, name in enumerate(ELEVEN[:4]):
        eventually(lambda s=seat, n=name: _assert(n in tree.names(ids.PLAYER_NAME.format(seat=s)),
                                                  f"the filled name {n} is not heard"))
    app.tap(ids.TARGET.format(value="150"))
    eventually(lambda: _assert(tree.state(ids.TARGET.format(value="150"), "checked") == "true",
                               "150 is not heard as chosen"))
    assert tree.state(ids.TARGET.format(value="50"), "checked") == "false"
    assert tree.state(ids.VARIANT.format(variant="standard"), "checked") == "true"
    app.scroll_to(ids.QUEEN_BREAKS)
    assert tree.state(ids.QUEEN_BREAKS, "checked") == "false"
    assert tree.state(ids.PLAYER_UP.format(seat=0), "disabled") is True  # the first seat
    assert "Move Ala up" in tree.names(ids.PLAYER_UP.format(seat=0))

    # the hand entry: the mode, a heart count, a refused number, a filled field
    app.open(f"/game/{games['four']}/hand", ready=ids.SAVE_HAND)
    if app.exists(ids.POINTS.format(seat=0)):
        app.tap(ids.MODE_CARDS)
    app.wait(ids.HEARTS.format(seat=0))
    assert tree.state(ids.MODE_CARDS, "checked") == "true"
    assert tree.state(ids.MODE_POINTS, "checked") == "false"
    app.tap(ids.HEARTS.format(seat=0))
    app.tap(ids.HEARTS_KEY.format(count=13))
    eventually(lambda: _assert(tree.state(ids.HEARTS_KEY.format(count=13), "checked") == "true",
                               "13 is not heard as chosen"))
    app.tap(ids.HEARTS.format(seat=1))
    app.wait_text(ids.HEARTS_KEY.format(count=1), lambda t: "Bartek" in t, what="Bartek's keys")
    assert tree.state(ids.HEARTS_KEY.format(count=1), "disabled") is True  # none left
    assert tree.state(ids.HEARTS_KEY.format(count=0), "disabled") in (None, False)
    assert tree.names(ids.HEARTS_KEY.format(count=0)) == "0 hearts for Bartek"
    assert tree.state(ids.SAVE_HAND, "disabled") is True
    app.tap(ids.MODE_POINTS)
    app.type(ids.POINTS.format(seat=0), "27")
    app.wait_text(ids.SAVE_REASON, lambda t: "27" in t, what="the refused 27")
    visible = app.text(ids.SAVE_REASON)
    said = lambda: next((n["name"] for n in tree.nodes(ids.PLAYER_POINTS.format(seat=0))  # noqa: E731
                         if n.get("name")), "")
    # the row's score says the reason shown under the hand (then its "= ?")
    eventually(lambda: _assert(said().startswith(visible), f"the row says {said()!r}"))
    assert "27" in tree.names(ids.POINTS.format(seat=0))  # the field is heard filled
    app.tap(ids.CLEAR_HAND)
    app.wait_text(ids.REMAINING, lambda t: "26" in t, what="a cleared hand")

    # two decks: a queen count that needs a queen someone else holds is disabled
    app.open(f"/game/{games['queens']}/hand", ready=ids.SAVE_HAND)
    if app.exists(ids.POINTS.format(seat=0)):
        app.tap(ids.MODE_CARDS)
    app.tap(ids.QUEENS.format(seat=0, count=2))
    eventually(lambda: _assert(tree.state(ids.QUEENS.format(seat=0, count=2), "checked")
                               == "true", "2 queens not heard as chosen"))
    eventually(lambda: _assert(tree.state(ids.QUEENS.format(seat=1, count=1), "disabled")
                               is True, "a queen count nobody can take is not disabled"))
    app.tap(ids.CLEAR_HAND)

    app.open("/settings", ready=ids.KEEP_AWAKE)
    assert tree.state(ids.LANGUAGE_OPTION.format(code="en"), "checked") == "true"
    assert tree.state(ids.LANGUAGE_OPTION.format(code="pl"), "checked") == "false"
    assert tree.state(ids.KEEP_AWAKE, "checked") == "true"


def test_axe_finds_nothing_on_any_screen(app, seeded):
    _, games = seeded
    app.open("/", ready=ids.SETTINGS)
    choose_language(app, "en")
    four, eleven = games["four"], games["p11-en"]
    screens = [("/", ids.NEW_GAME), ("/new", ids.START_GAME),
               (f"/game/{four}", ids.BANNER), (f"/game/{eleven}", ids.BANNER_MORE),
               (f"/game/{four}?view=chart", ids.BANNER), (f"/game/{four}/hand", ids.SAVE_HAND),
               (f"/game/{four}/hand/1", ids.DELETE_HAND), (f"/game/{four}/changes", ids.CHANGE.format(n=0)),
               ("/history", ids.HISTORY_COUNT), ("/stats", ids.SCREEN.format(name="stats")),
               ("/history?game=kierki", ids.HISTORY_COUNT),
               ("/stats?variant=kierki", ids.STATS_GAME.format(game="kierki")),
               ("/settings", ids.KEEP_AWAKE), ("/nowhere", ids.SCREEN.format(name="not-found"))]
    found = {}
    for path, ready in screens:
        app.open(path, ready=ready)
        violations = run_axe(app.page)
        if violations:
            found[path] = describe(violations)
    assert not found, "\n".join(f"{p}:\n{v}" for p, v in found.items())
