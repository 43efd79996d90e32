"""Nothing leaves the machine and the card suits are drawn with the bundled font.

Every browser test fails when the page asks a host other than this machine for anything
(see ``conftest.phone``); these tests look at the app's first screens in detail."""

from __future__ import annotations

from e2e_harness import ROOT

from scorekeeper import rules
from scorekeeper.app import ids


def bundled_fonts() -> list[str]:
    return sorted(p.name for p in (ROOT / "assets" / "fonts").iterdir()
                  if p.suffix.lower() in (".ttf", ".otf", ".woff", ".woff2"))


def test_everything_is_served_from_this_machine(app, phone) -> None:
    app.open("/", ready=ids.NEW_GAME)
    app.tap(ids.NEW_GAME)
    app.wait(ids.DECK_PLAN)
    requested = phone.guard.requests
    assert requested and all(u.startswith(app.base_url) or u.startswith(("blob:", "data:"))
                             for u in requested), requested
    assert any("/canvaskit/" in u for u in requested), "the renderer comes from this machine"
    fonts = bundled_fonts()
    assert fonts, "assets/fonts holds the font the suits are drawn with"
    assert any(u.endswith("/" + f) or ("/" + f + "?") in u for u in requested for f in fonts), \
        f"the page loads the bundled font ({fonts}); it asked for: {requested}"
    assert "Flet" not in phone.page.title(), phone.page.title()
    assert not phone.guard.problems(), phone.guard.problems()


def test_deck_preparation_shows_the_suits_for_3_4_and_5_players(app) -> None:
    app.open("/", ready=ids.NEW_GAME)
    app.tap(ids.NEW_GAME)
    for seat, name in enumerate(["Ala", "Bartek", "Celina", "Darek"]):
        app.type(ids.PLAYER_NAME.format(seat=seat), name)

    def expect(players: int) -> None:
        plan = rules.deck_plan(rules.Variant.STANDARD, players)
        wanted = [str(c) for c in plan.removed] + [str(plan.first_lead)]
        app.wait_text(ids.DECK_PLAN, lambda t: all(w in t for w in wanted),
                      what=f"for {players} players: {', '.join(wanted)}")
        app.scroll_to(ids.DECK_PLAN)
        app.shot(f"deck-plan-{players}-players")

    expect(4)  # nothing removed, 2♣ leads
    app.tap(ids.ADD_PLAYER)
    app.type(ids.PLAYER_NAME.format(seat=4), "Ewa")
    expect(5)  # 2♦ and 2♣ out, 3♣ leads
    app.tap(ids.PLAYER_REMOVE.format(seat=4))
    app.tap(ids.PLAYER_REMOVE.format(seat=3))
    expect(3)  # 2♦ out, 2♣ leads
