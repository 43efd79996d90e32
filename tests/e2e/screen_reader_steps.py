"""What the screen-reader browser tests share: the seeded games (eleven players, long
names, ties at the target), the server on them, choosing a language, a control's box,
saving a hand, and Chromium's own accessibility tree through DevTools."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from e2e_harness import ROOT, Server, app_server, eventually, ident

from scorekeeper import rules
from scorekeeper.app import ids
from scorekeeper.app.text.i18n import Translator
from scorekeeper.rules import Hand, Rules, Variant
from scorekeeper.store import GameStore

ELEVEN = ("Ala", "Bartek", "Celina", "Darek", "Ewa", "Filip", "Gosia", "Henryk", "Iza",
          "Janek", "Kasia")
LONG = ("Przemysław", "Małgorzata", "Bartłomiej", "Krzysztof")
LONG_ELEVEN = LONG + ELEVEN[4:]
BOLD = ROOT / "assets" / "fonts" / "DejaVuSans-Bold.ttf"


def side_hands(count: int, hands: int) -> list[tuple[int, ...]]:
    half = rules.spec(Variant.STANDARD if count <= 7 else Variant.CANCELLATION).hand_points // 2
    return [tuple(half if s in (h % count, (h + 1) % count) else 0 for s in range(count))
            for h in range(hands)]


def seed(db: Any) -> dict[str, str]:
    store = GameStore.open(db)
    games: dict[str, str] = {}

    def game(key: str, names: tuple[str, ...], hands: list[tuple[int, ...]],
             variant: Variant = Variant.STANDARD, target: int = 1000,
             house: dict[str, Any] | None = None) -> None:
        stored = store.create_game(rules.Game.new(names, Rules(variant, target,
                                                              house=house or {}), 0))
        for points in hands:
            stored = store.add_hand(stored.id, Hand(points), stored.version)
        games[key] = stored.id

    for lang in ("en", "pl", "lt"):  # one game each, so that every language saves a hand
        game(f"p11-{lang}", ELEVEN, side_hands(11, 4), Variant.CANCELLATION)
    for count in (6, 8):
        game(f"p{count}", ELEVEN[:count], side_hands(count, 4),
             Variant.STANDARD if count <= 7 else Variant.CANCELLATION)
    game("long4", LONG, [(3, 13, 10, 0)])
    game("long11", LONG_ELEVEN, side_hands(11, 2), Variant.CANCELLATION)
    game("four", ELEVEN[:4], [(3, 13, 10, 0), (0, 0, 13, 13)])
    game("queens", ELEVEN[:6], [], Variant.CANCELLATION)
    for lang in ("en", "pl", "lt"):  # the next save ties at the target: a third line,
        # and (the longest cycle) the cards go 2 seats along: the pass line wraps
        game(f"tie11-{lang}", ELEVEN, [(0,) * 9 + (26, 26)] * 2, Variant.CANCELLATION, 50,
             {"passes": list(rules.cycle_choices(Variant.CANCELLATION, 11)[-1])})
    return games


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, dict[str, str]]]:
    db = tmp_path_factory.mktemp("access-db")
    games = seed(db)
    with app_server(db) as srv:
        yield srv, games


@pytest.fixture(scope="module")
def server(seeded: tuple[Server, dict[str, str]]) -> Server:
    return seeded[0]


def choose_language(app: Any, lang: str) -> Translator:
    tr = Translator(lang)
    app.open("/settings", ready=ids.LANGUAGE_OPTION.format(code=lang))
    app.tap(ids.LANGUAGE_OPTION.format(code=lang))
    app.wait_text(ids.LANGUAGE, lambda t: tr._("Language") in t, what=f"{lang} chosen")
    return tr


def box(app: Any, identifier: str) -> dict[str, float]:
    found = app.el(identifier).first.bounding_box()
    assert found is not None, f"{identifier} is not drawn"
    return found


def save_a_hand(app: Any, game_id: str, count: int) -> None:
    """Enter a hand in points (the first two share the hand's points) and save it."""
    # Ready is this game's own sheet with its last seat drawn, not "Enter hand" alone:
    # going from the 6-player sheet to the 8-player one on a phone slowed 6x, "Enter
    # hand" was there a second before any seat, and once, on two busy workers, a tap on
    # it then was never taken (the hand entry did not come in 20 s).
    app.open(f"/game/{game_id}", ready=ids.PLAYER_HEADER.format(seat=count - 1))
    eventually(lambda: _assert(not app.exists(ids.PLAYER_HEADER.format(seat=count)),
                               f"the sheet of {count} players, not the one before"))
    app.tap(ids.ENTER_HAND)
    app.wait(ids.SAVE_HAND)
    if not app.exists(ids.POINTS.format(seat=0)):
        app.tap(ids.MODE_POINTS)
        app.wait(ids.POINTS.format(seat=0))
    half = side_hands(count, 1)[0][0]
    app.type(ids.POINTS.format(seat=count - 1), str(half))
    app.type(ids.POINTS.format(seat=count - 2), str(half))
    app.wait_enabled(ids.SAVE_HAND)
    app.tap(ids.SAVE_HAND)
    app.wait(ids.ENTER_HAND)
    app.wait_path(f"/game/{game_id}")


# --- what Chromium's accessibility tree says ---------------------------------------------

class Tree:
    """Chromium's accessibility tree through DevTools: a node by its identifier, with its
    role, name, value and states."""

    def __init__(self, page: Any) -> None:
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("DOM.enable")
        self.cdp.send("Accessibility.enable")

    def nodes(self, identifier: str) -> list[dict[str, Any]]:
        """The accessibility nodes of the tagged element and everything under it."""
        doc = self.cdp.send("DOM.getDocument", {"depth": 0})
        found = self.cdp.send("DOM.querySelector", {"nodeId": doc["root"]["nodeId"],
                                                     "selector": ident(identifier)})
        assert found["nodeId"], f"{identifier} is not in the page"
        tree = self.cdp.send("Accessibility.getPartialAXTree",
                             {"nodeId": found["nodeId"], "fetchRelatives": False})
        top = tree["nodes"][0]
        out = [top]
        queue = list(top.get("childIds", []))
        full = {n["nodeId"]: n for n in self.cdp.send("Accessibility.getFullAXTree")["nodes"]}
        while queue:
            n = full.get(queue.pop(0))
            if n is not None:
                out.append(n)
                queue += n.get("childIds", [])
        return [self._plain(n) for n in out if not n.get("ignored")]

    @staticmethod
    def _plain(n: dict[str, Any]) -> dict[str, Any]:
        props = {p["name"]: p["value"].get("value") for p in n.get("properties", [])}
        return {"role": n.get("role", {}).get("value"), "name": n.get("name", {}).get("value"),
                "value": n.get("value", {}).get("value"), **props}

    def state(self, identifier: str, key: str) -> Any:
        """The first value of ``key`` (checked, disabled, ...) in the node or under it."""
        for n in self.nodes(identifier):
            if n.get(key) is not None:
                return n[key]
        return None

    def names(self, identifier: str) -> str:
        return " ".join(str(n["name"]) for n in self.nodes(identifier) if n.get("name"))


def _assert(ok: bool, why: str) -> None:
    assert ok, why
