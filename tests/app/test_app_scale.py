"""Years of games: home lists a few, history a page at a time, searchable and filtered;
the controls drawn never grow with the number of stored games."""

from __future__ import annotations

from app_harness import Phone, walk

from scorekeeper import rules
from scorekeeper.app import ids
from scorekeeper.app.screens import history, home
from scorekeeper.app.screens.new_game import DRAFT_SLOT

PLAYERS = ["Ala", "Bartek", "Celina", "Darek", "Ewa", "Franek", "Gosia"]


def fill(store, count: int, finished_every: int = 2) -> list[str]:
    """``count`` games (every ``finished_every``-th one finished), oldest first."""
    ids_ = []
    for i in range(count):
        names = [PLAYERS[(i + k) % len(PLAYERS)] for k in range(4)]
        variant = "standard"
        if i % 5 == 4:
            names = PLAYERS[1:7]
            variant = "cancellation"
        game = rules.Game.new(names, rules.Rules.for_variant(variant, target=10))
        sg = store.create_game(game)
        if i % finished_every == 0:
            n, full = len(names), rules.max_player_points(game.rules)
            rest = list(range(n - 1, 0, -1))  # one single lowest: the game is over
            points = tuple([full - sum(rest)] + rest)
            sg = store.add_hand(sg.id, rules.Hand(points), sg.version)
        ids_.append(sg.id)
    return ids_


def cards(phone: Phone, template: str) -> int:
    prefix = template.split("{")[0]
    return sum(1 for c in walk(phone.view)
               if isinstance(getattr(c, "identifier", None), str) and c.identifier.startswith(prefix)
               and c.identifier != ids.HISTORY)


def test_home_shows_the_newest_unfinished_games_and_a_way_to_all(store):
    made = fill(store, 16)
    unfinished = [g for g in reversed(made) if not store.get(g).finished]
    phone = Phone(store)
    assert cards(phone, ids.RESUME) == home.RECENT
    for gid in unfinished[:home.RECENT]:
        assert phone.has(ids.RESUME.format(game_id=gid))
    assert f"({len(unfinished)})" in phone.text(ids.SEE_ALL)
    phone.tap(ids.SEE_ALL)
    assert phone.session.route.url() == "/history?status=unfinished"
    shown = phone.session.model.games
    assert shown and all(not g.finished for g in shown)


def test_home_with_few_games_has_no_see_all(store):
    fill(store, 2)
    assert not Phone(store).has(ids.SEE_ALL)


def test_history_draws_a_page_at_a_time(store):
    total = history.PAGE * 2 + 3
    fill(store, total)
    phone = Phone(store, route="/history")
    assert cards(phone, ids.HISTORY_GAME) == history.PAGE
    assert f"{history.PAGE} of {total}" in phone.text(ids.HISTORY_COUNT)
    phone.tap(ids.HISTORY_MORE)
    assert cards(phone, ids.HISTORY_GAME) == history.PAGE * 2
    phone.tap(ids.HISTORY_MORE)
    assert cards(phone, ids.HISTORY_GAME) == total and not phone.has(ids.HISTORY_MORE)
    newest = store.list_games()[0].id
    assert phone.find(ids.HISTORY_GAME.format(game_id=newest)) is not None


def test_history_is_searched_by_player_and_filtered(store):
    fill(store, 20)
    phone = Phone(store, route="/history")
    phone.type(ids.HISTORY_SEARCH, "  gosia ")
    games = phone.session.model.matches
    assert games and all(any(p == "Gosia" for p in g.players) for g in games)
    assert cards(phone, ids.HISTORY_GAME) == len(games)
    phone.tap(ids.HISTORY_STATUS.format(status="finished"))
    assert all(g.finished for g in phone.session.model.matches)
    phone.tap(ids.HISTORY_VARIANT.format(variant="cancellation"))
    found = phone.session.model.matches
    assert found and all(g.variant == "cancellation" and g.finished for g in found)
    phone.type(ids.HISTORY_SEARCH, "Nobody")
    assert cards(phone, ids.HISTORY_GAME) == 0 and "No games match." in phone.screen_text()


def test_a_game_changed_elsewhere_keeps_the_history_filters(store):
    fill(store, 6)
    phone = Phone(store, route="/history")
    phone.tap(ids.HISTORY_STATUS.format(status="unfinished"))
    before = len(phone.session.model.matches)
    store.create_game(rules.Game.new(PLAYERS[:3]))
    assert phone.session.external_change("any")
    assert phone.session.model.status == "unfinished"
    assert len(phone.session.model.matches) == before + 1


def test_names_typed_are_kept_in_the_session_not_written_per_keystroke(store, monkeypatch):
    phone = Phone(store, route="/new")
    writes: list[object] = []
    real = store.save_draft
    monkeypatch.setattr(store, "save_draft", lambda gid, data: (writes.append(gid),
                                                                  real(gid, data)))
    settings: list[str] = []
    monkeypatch.setattr(store, "set_setting", lambda key, value: settings.append(key))
    field = phone.control(ids.PLAYER_NAME.format(seat=0), __import__("flet").TextField)
    for text in ("A", "Al", "Ala"):  # three keystrokes
        field.on_change(type("E", (), {"control": type("C", (), {"value": text})()})())
    assert writes == [] and settings == []
    assert phone.session.form.names[0] == "Ala"
    field.on_blur(None)  # the field is left: kept once, as a draft (not fsynced)
    assert writes == [DRAFT_SLOT] and settings == []
    phone.go("/")  # leaving the screen with nothing new: nothing written
    assert writes == [DRAFT_SLOT]
