"""Every screen builds from a real store, in every language, and its main controls are there."""

import pytest
from app_harness import Phone

from scorekeeper.app import ids
from scorekeeper.app.text.i18n import LANGUAGES


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_screen_draws(store, language):
    phone = Phone(store, language)
    assert phone.has(ids.NEW_GAME) and phone.has(ids.HISTORY) and phone.has(ids.SETTINGS)
    gid = phone.new_game(["Ala", "Bartek", "Celina", "Darek"])
    assert phone.has(ids.BANNER) and phone.has(ids.ENTER_HAND)
    phone.enter_points([3, 13, 10, 0])
    for route, screen in [(f"/game/{gid}/hand", "hand"), (f"/game/{gid}/hand/1", "hand"),
                          (f"/game/{gid}/changes", "changes"), ("/history", "history"),
                          (f"/history/{gid}", "sheet"), ("/settings", "settings"),
                          ("/new", "new_game"), ("/", "home"), ("/nowhere", "not_found"),
                          ("/game/0123456789abcdef0123456789abcdef", "not_found")]:
        phone.go(route)
        assert phone.screen == screen, route
        name = "new" if screen == "new_game" else screen.replace("_", "-")
        assert phone.has(ids.SCREEN.format(name=name))


def test_identifiers_are_distinct_and_their_templates_fill():
    import re
    import string

    from scorekeeper.app import ids as ids_module

    values = {name: getattr(ids_module, name) for name in dir(ids_module) if name.isupper()}
    assert len(set(values.values())) == len(values)
    sample = {"seat": 0, "n": 1, "game_id": "abc", "variant": "standard", "value": 50,
              "rule": "shooter_choice", "place": 1, "choice": "add_to_others", "count": 13,
              "code": "pl", "mode": "dark", "name": "home", "status": "all",
              "order": "played", "counted": "tricks", "slot": "last", "suit": "spades"}
    sample["game"] = "kierki"  # the filter by game: all | hearts | kierki
    for name, template in values.items():
        fields = {f for _, f, _, _ in string.Formatter().parse(template) if f}
        assert fields <= set(sample), (name, fields)
        assert re.fullmatch(r"[a-z0-9_-]+", template.format(**sample)), name
