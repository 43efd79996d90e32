"""Issue 25 in the browser, accessibility to the letter: every one-of-several choice is a
radio button in a named radio group ("Target: 150, radio button, 3 of 4, checked"); the
bar above Save is always in the tree with its words, and a disabled Save says why; the
next hand's banner's node covers its card."""

from __future__ import annotations

from typing import Any

import pytest
from e2e_harness import eventually, resize, shot
from screen_reader_steps import (Tree, _assert, box, choose_language, save_a_hand,
                                 seeded, server)  # noqa: F401 (fixtures)

from scorekeeper.app import ids
from scorekeeper.app.text.kierki_words import GAME_NAME as KIERKI_GAME
from scorekeeper.app.text.words import MOON_RULE_NAME, VARIANT_NAME
from scorekeeper.rules import MoonRule, Variant

# --- issue 25: accessibility to the letter -------------------------------------------------

def radio_of(app: Any, identifier: str) -> dict[str, Any]:
    """The radio button inside the option ``identifier`` as the page has it: its name, its
    state, and its group's name, size and this radio's place in it (what a screen reader
    says: "Target: 150, radio button, 3 of 4, checked")."""
    found = app.el(identifier).first.evaluate(
        """(n) => {
            const r = n.matches('[role=radio]') ? n : n.querySelector('[role=radio]');
            const g = r && r.closest('[role=radiogroup]');
            if (!r || !g) return null;
            const all = [...g.querySelectorAll('[role=radio]')];
            return {name: r.getAttribute('aria-label'), checked: r.getAttribute('aria-checked'),
                    group: g.getAttribute('aria-label'), place: all.indexOf(r) + 1,
                    size: all.length,
                    checkboxes: g.querySelectorAll('[role=checkbox]').length};
        }""")
    assert found is not None, f"{identifier} is no radio button in a radio group"
    return found


def heard(radio: dict[str, Any]) -> str:
    state = "checked" if radio["checked"] == "true" else "not checked"
    return (f"{radio['group']}: {radio['name']}, radio button, {radio['place']} of "
            f"{radio['size']}, {state}")


def radios_say(app: Any, tree: Tree, options: dict[str, str], group: str, chosen: str) -> None:
    """Each option is a radio named by its words in the group ``group``, and only
    ``chosen`` is checked, in the page and in Chromium's own tree (never a checkbox)."""
    for identifier, name in options.items():
        r = radio_of(app, identifier)
        assert r["group"] == group and r["size"] == len(options) and not r["checkboxes"], r
        assert r["name"].replace("\n", " ").startswith(name), r
        want = "true" if identifier == chosen else "false"
        roles = {n["role"] for n in tree.nodes(identifier)}
        assert "radio" in roles and "checkbox" not in roles, f"{identifier}: {roles}"
        assert r["checked"] == want and tree.state(identifier, "checked") == want, r


def test_every_single_choice_is_a_radio_in_a_named_group(app, seeded):
    _, games = seeded
    app.open("/", ready=ids.SETTINGS)
    tr = choose_language(app, "en")
    tree = Tree(app.page)
    app.open("/new", ready=ids.START_GAME)
    targets = {ids.TARGET.format(value=v): tr._("Other") if v == "other" else v
               for v in ("50", "100", "150", "other")}
    app.tap(ids.TARGET.format(value="150"))
    eventually(lambda: _assert(app.is_checked(ids.TARGET.format(value="150")), "150 chosen"))
    radios_say(app, tree, targets, "Target", ids.TARGET.format(value="150"))
    assert heard(radio_of(app, ids.TARGET.format(value="150"))) == \
        "Target: 150, radio button, 3 of 4, checked"
    moons = {ids.MOON_RULE.format(rule=r.value): tr._(MOON_RULE_NAME[r]) for r in MoonRule}
    app.tap(ids.MOON_RULE.format(rule="add_to_others"))
    eventually(lambda: _assert(app.is_checked(ids.MOON_RULE.format(rule="add_to_others")),
                               "the moon rule chosen"))
    radios_say(app, tree, moons, "Shooting the moon", ids.MOON_RULE.format(rule="add_to_others"))
    moon_heard = heard(radio_of(app, ids.MOON_RULE.format(rule="add_to_others")))
    assert moon_heard.startswith("Shooting the moon: Add 26 to everyone else")
    assert moon_heard.endswith(", radio button, 1 of 4, checked")
    variants = {ids.VARIANT.format(variant=v): tr._(VARIANT_NAME[Variant(v)])
                for v in ("standard",)}
    variants[ids.VARIANT.format(variant="kierki")] = tr._(KIERKI_GAME)  # 4 players: Kierki too
    app.scroll_to(ids.VARIANT.format(variant="standard"))
    radios_say(app, tree, variants, "Variant", ids.VARIANT.format(variant="standard"))
    app.scroll_to(ids.FIRST_DEALER_OPTION.format(seat=1))
    dealer = radio_of(app, ids.FIRST_DEALER_OPTION.format(seat=1))
    assert dealer["group"] == "First dealer" and dealer["name"].endswith("deals first")
    print("\nheard:", heard(radio_of(app, ids.TARGET.format(value="150"))), "|", moon_heard)

    app.open(f"/game/{games['four']}/hand", ready=ids.SAVE_HAND)
    app.tap(ids.MODE_POINTS)
    app.wait(ids.POINTS.format(seat=0))
    radios_say(app, tree, {ids.MODE_CARDS: "Hearts and queen", ids.MODE_POINTS: "Points"},
               tr._("Enter the hand as"), ids.MODE_POINTS)
    app.open("/settings", ready=ids.KEEP_AWAKE)
    assert radio_of(app, ids.LANGUAGE_OPTION.format(code="en"))["group"] == "Language"
    assert radio_of(app, ids.THEME_OPTION.format(mode="system"))["group"] == "Theme"
    assert tree.state(ids.LANGUAGE_OPTION.format(code="en"), "checked") == "true"
    app.open("/history", ready=ids.HISTORY_COUNT)
    assert radio_of(app, ids.HISTORY_STATUS.format(status="all"))["checked"] == "true"
    assert radio_of(app, ids.HISTORY_ORDER.format(order="played"))["group"] == "Sort:"
    assert radio_of(app, ids.HISTORY_GAME_KIND.format(game="kierki"))["group"] == "Game"
    app.open("/stats", ready=ids.SCREEN.format(name="stats"))
    assert radio_of(app, ids.STATS_VARIANT.format(variant="any"))["checked"] == "true"


def test_the_refused_reason_is_always_in_the_tree_and_save_says_it(app, seeded):
    """Issue 25: 8 players in Cancellation, 30 + 23 points: the bar drew "The points add
    up to 53; a hand holds at most 52." but no node carried it."""
    _, games = seeded
    app.open("/", ready=ids.SETTINGS)
    tr = choose_language(app, "en")
    tree = Tree(app.page)
    app.open(f"/game/{games['p8']}/hand", ready=ids.SAVE_HAND)
    if not app.exists(ids.POINTS.format(seat=0)):
        app.tap(ids.MODE_POINTS)
        app.wait(ids.POINTS.format(seat=0))
    app.type(ids.POINTS.format(seat=0), "30")
    app.type(ids.POINTS.format(seat=1), "23")
    reason = tr._("The points add up to {total}; a hand holds at most {expected}.",
                  total=53, expected=52)
    app.wait_text(ids.REMAINING, lambda t: "1 point too many" in t, what="one point too many")
    eventually(lambda: _assert(reason in tree.names(ids.SAVE_REASON),
                               f"the bar is heard as {tree.names(ids.SAVE_REASON)!r}"))
    assert tree.state(ids.SAVE_HAND, "disabled") is True
    assert reason in tree.names(ids.SAVE_HAND), f"Save says {tree.names(ids.SAVE_HAND)!r}"
    shot(app.page, "access-reason-53-en-390")
    app.type(ids.POINTS.format(seat=1), "22")
    ready = tr._("The points add up: ready to save.")
    eventually(lambda: _assert(ready in tree.names(ids.SAVE_REASON),
                               f"the bar is heard as {tree.names(ids.SAVE_REASON)!r}"))
    eventually(lambda: _assert(tree.state(ids.SAVE_HAND, "disabled") in (None, False),
                               "Save is still unavailable"))
    assert reason not in tree.names(ids.SAVE_HAND)
    app.tap(ids.CLEAR_HAND)


def card_rows(app: Any, identifier: str) -> tuple[float, float, float, float]:
    """The node's top and bottom, and those of the card drawn under it: the rows, a few
    pixels in from the node's left edge, painted in the colour found just inside the
    node's top left corner (the card's colour), scanned from well above to well below."""
    from io import BytesIO

    from PIL import Image

    b = box(app, identifier)
    x, top, bottom = b["x"] + 8, b["y"], b["y"] + b["height"]
    scan_top = max(0.0, top - 60)
    png = app.page.screenshot(clip={"x": x, "y": scan_top, "width": 1,
                                    "height": b["height"] + 120})
    img = Image.open(BytesIO(png)).convert("RGB")
    scale = img.height / (b["height"] + 120)
    colour = img.getpixel((0, int((top - scan_top + b["height"] / 2) * scale)))
    rows = [y for y in range(img.height) if sum(abs(p - q) for p, q in
                                                zip(img.getpixel((0, y)), colour)) <= 6]
    # the longest run of the card's colour through the node's middle
    mid = int((top - scan_top + b["height"] / 2) * scale)
    first = last = mid
    while first - 1 in rows or first - 2 in rows:
        first -= 1
    while last + 1 in rows or last + 2 in rows:
        last += 1
    return top, bottom, scan_top + first / scale, scan_top + (last + 1) / scale


@pytest.mark.parametrize("lang", ["pl", "lt", "en"])
def test_the_banner_node_covers_its_card(app, seeded, lang):
    """Issue 25: with 11 players in Polish and Lithuanian at 360 px the banner's node was
    60 px tall over an 81 px card, so a screen reader's focus box cut it."""
    _, games = seeded
    app.open("/", ready=ids.SETTINGS)
    resize(app.page, 360, 740)
    choose_language(app, lang)
    # the save ties at the target: the banner, kept on the phone and changed in place,
    # grows a third line (the tie) over its two
    save_a_hand(app, games[f"tie11-{lang}"], 11)
    app.wait(ids.TIE)
    app.scroll_to(ids.BANNER)

    def covers() -> None:
        top, bottom, card_top, card_bottom = card_rows(app, ids.BANNER)
        # the card's rounded corners (radius 16) start ~2 px in at 8 px from the edge
        assert abs(card_top - top) <= 4 and abs(card_bottom - bottom) <= 4, \
            f"the node is {top:.0f}..{bottom:.0f} ({bottom - top:.0f} px), the card " \
            f"{card_top:.0f}..{card_bottom:.0f} ({card_bottom - card_top:.0f} px)"

    for width, height in ((360, 740), (390, 844), (360, 740)):  # as the phone turns
        resize(app.page, width, height)
        app.scroll_to(ids.BANNER)
        eventually(covers)
        shot(app.page, f"access-banner-11-{lang}-{width}")
    app.tap(ids.BANNER_MORE)  # unfolded: who passes to whom
    app.wait_text(ids.BANNER, lambda t: t.count("→") >= 11, what="who passes to whom")
    eventually(covers)
    app.tap(ids.BANNER_MORE)
    app.wait_text(ids.BANNER, lambda t: "→" not in t, what="the folded banner")
    eventually(covers)
    resize(app.page, 390)
