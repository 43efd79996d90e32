"""Roles at a --lan table, driven through the real session, screen models, views and store
(no browser).

Every write the app can make is tried by a follower's session with its screen model
built directly (as a crafted websocket event could reach it, past any hidden button):
the server refuses it and nothing reaches the store. Each is tried twice: refused by the
session's one door for writes, and, with that door forced open, by the session's
GuardedStore.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft
import pytest
from app_harness import Phone

from scorekeeper import rules
from scorekeeper.app import ids, routes
from scorekeeper.app.table import qr
from scorekeeper.app.views import widgets
from scorekeeper.app.text import words
from scorekeeper.app.table.access import Role, TableAccess
from scorekeeper.app.table.guarded_store import GuardedStore
from scorekeeper.app.screens import hand, history, new_game
from scorekeeper.app.screens import SCREENS
from scorekeeper.app.session import Session
from scorekeeper.app.table.table_roles import LanTable, wants_awake
from scorekeeper.store import GameStore

NAMES = ["Ala", "Bartek", "Celina", "Darek"]
REFUSED = "This phone follows the table"


class Clock:
    now = 0.0

    def __call__(self) -> float:
        return self.now


class LanPhone(Phone):
    """A tab as ``make_main`` builds it on --lan: a GuardedStore and a role."""

    def __init__(self, store: GameStore, lan: LanTable | None, role: Role,
                 client: str = "10.231.0.2", route: str = "/") -> None:
        holder: list[Session] = []
        tbl = lan.table if lan is not None else __import__(
            "scorekeeper.app.table.access", fromlist=["Table"]).Table()
        guarded = GuardedStore(store, lambda: Role(holder[0].role) if holder else role, tbl)
        session = Session(guarded, "en", role=role, screens=SCREENS)  # type: ignore[arg-type]
        holder.append(session)
        session.lan, session.client = lan, client
        super().__init__(store, "en", route, session=session)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def lan(clock: Clock) -> LanTable:
    return LanTable(TableAccess(code="246810", token="T" * 32, clock=clock), port=8550,
                    addresses=["192.168.1.5", "10.231.0.1"])


@pytest.fixture
def host(store: GameStore, lan: LanTable) -> LanPhone:
    return LanPhone(store, lan, Role.HOST, client="127.0.0.1")


@pytest.fixture
def game_id(host: LanPhone) -> str:
    gid = host.new_game(NAMES)
    host.enter_points([3, 13, 10, 0])
    host.enter_points([0, 26, 0, 0])  # Bartek shoots the moon
    return gid


def follower(store: GameStore, lan: LanTable, route: str | None = None,
             client: str = "10.231.0.2") -> LanPhone:
    return LanPhone(store, lan, Role.FOLLOWER, client=client,
                    route=route if route is not None else lan.access.join_path)


def snapshot(store: GameStore) -> Any:
    return (store.export_games(), [(g.id, g.deleted) for g in store.list_games(True)],
            store.get_setting("recent_names"), store.get_setting("language"),
            store.get_setting("theme"), store.get_setting("keep_awake"),
            store.get_draft(new_game.DRAFT_SLOT),
            {g.id: store.get_draft(g.id) for g in store.list_games(True)})


def awake(p: LanPhone) -> bool:
    return wants_awake(p.session.keep_awake, p.session.route.screen)


def refused(p: LanPhone) -> bool:
    return p.session.error is not None and REFUSED in p.ui.say(p.session.error)


# --- every write in the app, forced on a follower ---------------------------------------

def entry_model(p: LanPhone, gid: str, number: int | None) -> hand.Model:
    model = hand.Model(p.session, routes.Hand(gid, number))
    model.entry.set_mode("points")
    for seat, points in enumerate([0, 0, 13, 13] if number is None else [13, 0, 0, 13]):
        model.entry.set_points_text(seat, str(points))
    assert model.entry.problem() is None
    return model


def new_game_action(p: LanPhone, gid: str) -> None:
    model = new_game.Model(p.session, routes.NewGame())
    model.form.names = ["Eve", "Fred", "Gosia"]
    widgets.run(p.session, model.start_game)


def rematch_action(p: LanPhone, gid: str) -> None:
    model = new_game.Model(p.session, routes.NewGame(rematch_of=gid))
    widgets.run(p.session, model.start_game)


def new_game_draft_action(p: LanPhone, gid: str) -> None:
    model = new_game.Model(p.session, routes.NewGame())
    model.form.names = ["Eve", "Fred", "Gosia"]
    widgets.run(p.session, model.changed)


def save_hand_action(p: LanPhone, gid: str) -> None:
    widgets.run(p.session, entry_model(p, gid, None).save)


def hand_draft_action(p: LanPhone, gid: str) -> None:
    widgets.run(p.session, entry_model(p, gid, None).entry_changed)


def edit_hand_action(p: LanPhone, gid: str) -> None:
    widgets.run(p.session, entry_model(p, gid, 1).save)


def delete_hand_action(p: LanPhone, gid: str) -> None:
    widgets.run(p.session, entry_model(p, gid, 1).delete)


def delete_game_action(p: LanPhone, gid: str) -> None:
    model = history.Model.__new__(history.Model)  # its list is a read a follower lacks
    model.session = p.session
    model._refilter = lambda: None  # type: ignore[method-assign]
    widgets.run(p.session, model.delete, gid)


def settings_action(p: LanPhone, gid: str) -> None:
    widgets.run(p.session, p.session.write,
                lambda store: store.set_setting("recent_names", ["Eve"]))


def import_action(p: LanPhone, gid: str) -> None:
    widgets.run(p.session, p.session.write, lambda store: store.import_data(
        {"players": ["A", "B", "C"], "hands": []}))


WRITES: dict[str, Callable[[LanPhone, str], None]] = {
    "new game": new_game_action, "rematch": rematch_action,
    "new-game draft": new_game_draft_action, "save a hand": save_hand_action,
    "hand draft": hand_draft_action, "edit a hand": edit_hand_action,
    "delete a hand": delete_hand_action, "delete a game": delete_game_action,
    "shared setting": settings_action, "import": import_action,
}


@pytest.mark.parametrize("layer", ["session", "store"])
@pytest.mark.parametrize("action", sorted(WRITES))
def test_a_follower_is_refused_every_write_on_the_server(
        store: GameStore, lan: LanTable, game_id: str, action: str, layer: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    p = follower(store, lan)
    if layer == "store":  # the session's door forced open: the GuardedStore still refuses
        monkeypatch.setattr(p.session, "may_write", lambda: True)
    before = snapshot(store)
    p.session.error = None
    WRITES[action](p, game_id)
    assert snapshot(store) == before
    if action != "hand draft":  # a draft that cannot be kept is not worth a word
        assert refused(p), p.session.error


@pytest.mark.parametrize("what", ["hand", "game"])
def test_an_undo_is_a_write_too(store: GameStore, lan: LanTable, game_id: str,
                                what: str) -> None:
    """Undo restores a deleted hand or game: a session that is a follower by then (the
    closure was made while it could write) is refused."""
    p = follower(store, lan)
    p.type(ids.TABLE_CODE_FIELD, lan.access.code)
    p.tap(ids.TABLE_CODE_OK)
    assert p.session.role is Role.EDITOR
    (delete_hand_action if what == "hand" else delete_game_action)(p, game_id)
    assert p.session.notice is not None and p.session.notice.undo is not None
    p.session.role = Role.FOLLOWER
    before = snapshot(store)
    widgets.run(p.session, p.session.undo)
    assert snapshot(store) == before
    assert refused(p)


def test_settings_of_a_follower_never_reach_the_store(store: GameStore, lan: LanTable,
                                                      game_id: str) -> None:
    p = follower(store, lan)
    before = snapshot(store)
    widgets.run(p.session, p.session.set_language, "pl")
    widgets.run(p.session, p.session.set_theme, "dark")
    widgets.run(p.session, p.session.set_keep_awake, False)
    assert snapshot(store) == before
    assert p.session.error is None
    # the follower's own display settings hold for its session
    assert p.session.language == "pl" and p.session.theme == "dark"
    assert not p.session.keep_awake


def test_a_follower_cannot_export(store: GameStore, lan: LanTable, game_id: str) -> None:
    p = follower(store, lan)
    widgets.run(p.session, p.session.export)
    assert p.session.export_text is None and refused(p)


# --- routes -----------------------------------------------------------------------------

@pytest.mark.parametrize("route", ["/", "/new", "/history", "/settings/../history",
                                   "/game/{gid}", "/game/{gid}/hand", "/game/{gid}/hand/1",
                                   "/game/{gid}/changes", "/history/{gid}", "/invite",
                                   "/new?from={gid}", "/nowhere"])
def test_typed_addresses_land_a_follower_on_the_table(store: GameStore, lan: LanTable,
                                                      game_id: str, route: str) -> None:
    p = follower(store, lan)
    assert p.screen == "table"
    p.go(route.format(gid=game_id))
    assert p.screen == "table" and p.session.route.url() == lan.access.join_path
    assert p.session.entry is None
    if route != "/nowhere":
        assert "follows the table" in p.screen_text()
    for write_control in (ids.ENTER_HAND, ids.SAVE_HAND, ids.DELETE_HAND, ids.NEW_GAME,
                          ids.REMATCH, ids.EXPORT, ids.INVITE,
                          ids.HAND_ROW.format(n=1)):
        assert not p.has(write_control)


def test_without_the_token_a_lan_phone_sees_only_the_qr_request(
        store: GameStore, lan: LanTable, game_id: str) -> None:
    for route in ("/", "/table/wrong-token", "/history", f"/game/{game_id}", "/table/"):
        p = follower(store, lan, route=route)
        assert p.screen == "lobby", route
        text = p.screen_text()
        assert "Scan the QR code on the host's phone" in text
        assert not any(name in text for name in NAMES)
        assert p.session.game is None


def test_the_settings_stay_open_to_a_follower(store: GameStore, lan: LanTable,
                                              game_id: str) -> None:
    p = follower(store, lan)
    p.tap(ids.TABLE_SETTINGS)
    assert p.screen == "settings"
    p.tap(ids.LANGUAGE_OPTION.format(code="pl"))
    assert p.session.language == "pl"
    assert store.get_setting("language") is None


def test_the_host_may_open_everything(store: GameStore, lan: LanTable, host: LanPhone,
                                      game_id: str) -> None:
    for route, screen in [("/", "home"), ("/history", "history"), ("/new", "new_game"),
                          (f"/game/{game_id}", "sheet"), (f"/game/{game_id}/hand", "hand"),
                          ("/invite", "invite"), ("/settings", "settings")]:
        host.go(route)
        assert host.screen == screen


def test_without_lan_everyone_is_a_host_and_nobody_is_invited(store: GameStore) -> None:
    p = LanPhone(store, None, Role.HOST, client="192.168.1.20")
    gid = p.new_game(NAMES)
    assert not p.has(ids.INVITE)
    p.go("/invite")
    assert p.screen != "invite"
    p.go(f"/table/{'x' * 32}")
    assert p.screen == "lobby"
    assert store.get(gid)


# --- the table view ---------------------------------------------------------------------

def test_the_table_view_shows_the_hosts_game_and_follows_each_save(
        store: GameStore, lan: LanTable, host: LanPhone, game_id: str) -> None:
    p = follower(store, lan)
    st = rules.state(store.get(game_id).game)
    for seat, name in enumerate(NAMES):
        label = p.find(ids.TABLE_TOTAL.format(seat=seat)).label
        assert label.startswith(f"{name}: {st.totals[seat]} point")
    n = st.next_hand
    assert p.text(ids.TABLE_DEALER) == f"{NAMES[n.dealer]} deals"
    assert words.DIRECTION[n.direction] in p.text(ids.TABLE_PASS)
    assert p.find(ids.TABLE_MOON.format(n=2)).label == "Bartek shot the moon"
    assert p.has(ids.TABLE_HAND.format(n=1)) and not p.has(ids.TABLE_HAND.format(n=3))
    # the host saves a hand: the pubsub message reaches the follower's app
    host.go(f"/game/{game_id}")
    host.enter_points([13, 0, 0, 13])
    assert p.session.external_change(game_id)
    p.render()
    assert p.has(ids.TABLE_HAND.format(n=3))
    st = rules.state(store.get(game_id).game)
    assert p.find(ids.TABLE_TOTAL.format(seat=0)).label.startswith(f"Ala: {st.totals[0]} ")


def test_followers_move_with_the_host_to_another_game(store: GameStore, lan: LanTable,
                                                      host: LanPhone, game_id: str) -> None:
    moved: list[int] = []
    host.session.on_table_moved = lambda: moved.append(1)
    p = follower(store, lan)
    other = host.new_game(["Eve", "Fred", "Gosia"])
    assert moved and lan.table.game_id == other
    assert p.session.table_moved()
    p.render()
    assert p.find(ids.TABLE_TOTAL.format(seat=0)).label.startswith("Eve: 0 ")
    # history's read-only sheet does not move the table
    host.go(f"/history/{game_id}")
    assert lan.table.game_id == other


def test_before_the_host_opens_a_game_the_table_view_waits(store: GameStore,
                                                            lan: LanTable) -> None:
    p = follower(store, lan)
    assert p.screen == "table" and p.has(ids.TABLE_WAITING)


# --- the table code ---------------------------------------------------------------------

def test_wrong_codes_are_counted_then_locked(store: GameStore, lan: LanTable, clock: Clock,
                                             game_id: str) -> None:
    p = follower(store, lan)
    for left in (4, 3, 2, 1):
        p.type(ids.TABLE_CODE_FIELD, "000000")
        p.tap(ids.TABLE_CODE_OK)
        assert p.text(ids.TABLE_CODE_ERROR) == \
            f"That is not the table code: {left} more tr{'y' if left == 1 else 'ies'}."
    p.type(ids.TABLE_CODE_FIELD, "000000")
    p.tap(ids.TABLE_CODE_OK)
    assert p.text(ids.TABLE_CODE_ERROR) == "Too many wrong codes: try again in 60 seconds."
    clock.now += 59.5
    p.type(ids.TABLE_CODE_FIELD, lan.access.code)  # right, but still locked
    p.tap(ids.TABLE_CODE_OK)
    assert p.text(ids.TABLE_CODE_ERROR) == "Too many wrong codes: try again in 1 second."
    assert p.session.role is Role.FOLLOWER
    # a reload (a new session from the same phone) is still locked
    again = follower(store, lan)
    again.type(ids.TABLE_CODE_FIELD, lan.access.code)
    again.tap(ids.TABLE_CODE_OK)
    assert again.session.role is Role.FOLLOWER
    clock.now += 1
    p.type(ids.TABLE_CODE_FIELD, lan.access.code)
    p.tap(ids.TABLE_CODE_OK)
    assert p.session.role is Role.EDITOR


def test_the_right_code_makes_an_editor_who_saves_a_hand(store: GameStore, lan: LanTable,
                                                         game_id: str) -> None:
    p = follower(store, lan)
    p.type(ids.TABLE_CODE_FIELD, lan.access.code)
    p.tap(ids.TABLE_CODE_OK)
    assert p.session.role is Role.EDITOR
    assert p.screen == "sheet" and p.session.game.id == game_id
    assert "Table code accepted" in p.screen_text()
    p.enter_points([13, 0, 0, 13])
    assert len(store.get(game_id).game.hands) == 3
    # an editor keeps score but does not hand out the invitation
    assert not p.has(ids.INVITE)
    p.go("/invite")
    assert p.screen != "invite"
    p.go("/history")
    assert p.screen == "history"


# --- the invitation ---------------------------------------------------------------------

def test_the_host_invites_with_a_qr_code_of_the_join_address(store: GameStore, lan: LanTable,
                                                             host: LanPhone,
                                                             game_id: str) -> None:
    host.go(f"/game/{game_id}")
    host.tap(ids.INVITE)
    assert host.screen == "invite"
    url = f"http://192.168.1.5:8550/table/{lan.access.token}"
    assert host.text(ids.INVITE_ADDRESS) == url
    image = host.control(ids.INVITE_QR, ft.Image)
    assert image.src == qr.qr_png(url, scale=8)
    assert host.find(ids.INVITE_CODE).label == lan.access.code
    host.tap(ids.INVITE_NETWORK.format(n=1))
    url = f"http://10.231.0.1:8550/table/{lan.access.token}"
    assert host.text(ids.INVITE_ADDRESS) == url
    assert host.control(ids.INVITE_QR, ft.Image).src == qr.qr_png(url, scale=8)
    host.tap(ids.BACK)
    assert host.screen == "sheet"


# --- keep the screen awake --------------------------------------------------------------

def test_the_screen_stays_awake_on_sheet_entry_and_table(store: GameStore, lan: LanTable,
                                                         host: LanPhone, game_id: str) -> None:
    host.go(f"/game/{game_id}")
    assert awake(host)
    host.go(f"/game/{game_id}/hand")
    assert awake(host)
    host.go("/history")
    assert not awake(host)
    p = follower(store, lan)
    assert awake(p)
    host.go("/settings")
    assert host.control(ids.KEEP_AWAKE, ft.Switch).value is True
    host.switch(ids.KEEP_AWAKE, False)
    assert store.get_setting("keep_awake") == "off"
    host.go(f"/game/{game_id}")
    assert not awake(host)
    assert awake(p)  # the follower's own setting


def test_the_shell_turns_the_wake_lock_on_and_off(store: GameStore, lan: LanTable,
                                                  host: LanPhone, game_id: str) -> None:
    """The shell asks Flet's wake lock once per change: on for the sheet, off elsewhere,
    off when the setting says so."""
    import asyncio
    from types import SimpleNamespace

    from scorekeeper.app.main import Shell

    calls: list[str] = []

    class Wakelock:
        async def enable(self) -> None:
            calls.append("on")

        async def disable(self) -> None:
            calls.append("off")

    page = SimpleNamespace(run_task=lambda fn, *a: asyncio.run(fn(*a)),
                           pubsub=SimpleNamespace(subscribe_topic=lambda *a: None))
    shell = Shell(page, host.session)  # type: ignore[arg-type]
    shell.wakelock = Wakelock()
    host.go(f"/game/{game_id}")
    shell._sync_awake()
    shell._sync_awake()  # no change: not asked again
    host.go("/history")
    shell._sync_awake()
    host.go(f"/game/{game_id}/hand")
    shell._sync_awake()
    host.session.set_keep_awake(False)
    shell._sync_awake()
    assert calls == ["on", "off", "on", "off"]
