"""Kierki as a paper sheet keeps it, in Chromium at a phone's 360 px, in Polish and in
English: the subtotal line under the seven negative deals (the half-time line, −2600),
a series' subtotal in a match of two series, the robber with the K♥'s taker counted
among their hearts and kings at once, and a step back in a deal's entry. Each is
photographed (``test-artifacts/screenshots/kierki-<lang>-360-<screen>.png``) and
checked on the page."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest
from e2e_harness import Server, app_server, resize
from kierki_steps import Kierki, km, to_language

from scorekeeper import formats
from scorekeeper.app import ids
from scorekeeper.store import GameStore

NAMES = list(km.PLAYERS)
WORDS = {"en": {"half": "add up to −2600", "series": "Series 1 adds up to 0"},
         "pl": {"half": "daje razem −2600", "series": "Seria 1 daje razem 0"}}


def two_series(deals: int) -> dict:
    data = km.classic_file()
    data["rules"]["series"] = 2
    data["hands"] = (data["hands"] * 2)[:deals]
    return data


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """The classic match after its robber, a match of two series after the first, and
    the classic match at its robber."""
    db = tmp_path_factory.mktemp("db")
    store = GameStore.open(db)
    files = {"half": km.classic_file(7), "series": two_series(13), "robber": km.classic_file(6)}
    return db, {kind: store.create_game(formats.game_from_dict(data)).id
                for kind, data in files.items()}


@pytest.fixture(scope="module")
def server(games: tuple[Path, dict[str, str]]) -> Iterator[Server]:
    with app_server(games[0]) as srv:
        yield srv


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_the_subtotal_lines_the_k_hearts_counted_and_a_step_back_at_360_px(app, games, lang):
    ids_of = games[1]
    to_language(app, lang)
    resize(app.page, 360, 740)
    prefix = f"kierki-{lang}-360"
    words = WORDS[lang]
    # the half-time line under deal 7
    app.open(f"/game/{ids_of['half']}", ready=ids.KIERKI_SUBTOTAL.format(n=7))
    app.scroll_to(ids.KIERKI_SUBTOTAL.format(n=7))
    app.wait_text(ids.KIERKI_SUBTOTAL.format(n=7), lambda t: words["half"] in t,
                  what="the half-time line's check")
    for seat, part in enumerate([-640, -695, -670, -595]):
        app.wait_text(ids.KIERKI_PART.format(n=7, seat=seat),
                      lambda t, p=part: str(abs(p)) in t, what=f"{NAMES[seat]}: {part}")
    app.shot(f"{prefix}-half-time")
    # a series' subtotal under deal 12 of a match of two series
    line = ids.KIERKI_SUBTOTAL.format(n=12)
    app.open(f"/game/{ids_of['series']}", ready=line)
    app.scroll_to(line)
    app.wait_text(line, lambda t: words["series"] in t, what="the series line's check")
    app.shot(f"{prefix}-series-subtotal")
    # the robber: the K♥ to Bartek counts a heart and a king for him at once
    table = Kierki(app, NAMES)
    app.open(f"/game/{ids_of['robber']}/deal", ready=ids.SAVE_HAND)
    app.tap(ids.CLEAR_HAND)
    table.counts("tricks", [3, 3, 4, 3], ids.COUNT_REST)
    table.takers(("king",), [0, 1, 0, 0])
    for counted in ("hearts", "kings_jacks"):
        app.wait_text(ids.COUNT.format(counted=counted, seat=1), lambda t: "1" in t,
                      what=f"Bartek's {counted} 1 with the K♥")
    app.scroll_to(ids.ENTRY_NAME.format(seat=0))
    app.shot(f"{prefix}-robber-king-counted")
    # a step back: Ala's 6 hearts taken back, the rest of the deal kept
    table.count("hearts", 0, 6)
    app.wait(ids.STEP_BACK)
    app.tap(ids.STEP_BACK)
    app.wait_text(ids.COUNT.format(counted="hearts", seat=0), lambda t: "0" in t,
                  what="Ala's hearts back to 0")
    app.wait_text(ids.COUNT.format(counted="hearts", seat=1), lambda t: "1" in t,
                  what="Bartek's heart with the K♥ kept")
    assert app.is_checked(ids.TAKER.format(slot="king", seat=1))
    app.scroll_to(ids.ENTRY_NAME.format(seat=0))
    app.shot(f"{prefix}-step-back")
    # an edited deal: Delete, Step back and Start over beside its title
    app.open(f"/game/{ids_of['half']}/deal/2", ready=ids.DELETE_HAND)
    app.tap(ids.CLEAR_HAND)  # the stored deal (a draft of the other language's run gone)
    app.wait_text(ids.COUNT.format(counted="hearts", seat=0), lambda t: "3" in t,
                  what="Ala's 3 hearts as stored")
    table.count("hearts", 0, 2)
    app.wait(ids.STEP_BACK)
    app.shot(f"{prefix}-edit-step-back")
