"""One role policy (``access.POLICY``): the session's door for writes, the guarded store,
the screens a role may open and the server's downloads all ask it, so a rule changed there
holds everywhere."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from scorekeeper.app.table import access, guarded_store, table_roles
from scorekeeper.app.server import downloads
from scorekeeper.app import routes, session
from scorekeeper.app.table.access import POLICY, Policy, Read, Role, Table, Write
from scorekeeper.app.table.guarded_store import GuardedStore, Refused
from scorekeeper.app.screens import SCREENS
from scorekeeper.app.session import ReadOnlyError, Session


def no_exports_for_anyone() -> Policy:
    return Policy({role: reads - {Read.EXPORT} for role, reads in access.READS.items()},
                  access.WRITES)


def editors_only_watch() -> Policy:
    return Policy(access.READS, {**access.WRITES, Role.EDITOR: frozenset()})


def test_the_policy_says_what_each_role_may_do():
    assert POLICY.writes_at_all(Role.HOST) and POLICY.writes_at_all(Role.EDITOR)
    assert not POLICY.writes_at_all(Role.FOLLOWER)
    assert POLICY.may_open(Role.FOLLOWER, Read.TABLE, writes=False)
    assert not POLICY.may_open(Role.FOLLOWER, Read.SETTINGS, writes=True)
    assert not POLICY.may_open(Role.EDITOR, Read.INVITE, writes=False)
    assert POLICY.may_read(Role.HOST, Read.EXPORT) and not POLICY.may_read(Role.EDITOR,
                                                                              Read.INVITE)


def test_a_download_asks_the_policy(store: Any, monkeypatch: pytest.MonkeyPatch):
    app = Starlette()
    app.get = lambda path, **kw: (lambda fn: app.add_route(path, fn))  # type: ignore
    downloads.add_routes(app, store, shared=False)
    with TestClient(app) as client:
        assert client.get(downloads.EXPORT_PATH).status_code == 200
        monkeypatch.setattr(downloads, "POLICY", no_exports_for_anyone())
        assert client.get(downloads.EXPORT_PATH).status_code == 403


def test_the_session_the_store_and_the_screens_ask_the_policy(store: Any,
                                                              monkeypatch: pytest.MonkeyPatch):
    policy = editors_only_watch()
    for module in (session, guarded_store, table_roles):
        monkeypatch.setattr(module, "POLICY", policy)
    tab = Session(GuardedStore(store, lambda: Role.EDITOR, Table()), "en", Role.EDITOR,
                  screens=SCREENS)
    assert not tab.may_write()
    with pytest.raises(ReadOnlyError):
        tab.write(lambda s: s.set_setting("theme", "dark"))
    with pytest.raises(Refused):
        tab.store.save_draft("some-game", {"points": [1]})
    tab.store.set_setting("theme", "dark")  # a display setting stays in the tab
    assert tab.store.get_setting("theme") == "dark" and store.get_setting("theme") is None
    landing = table_roles.gate(routes.NewGame(), Role.EDITOR, None, joined=False)
    assert landing.route == routes.Lobby()
    assert POLICY.may_write(Role.EDITOR, Write.SAVE_HAND)  # the real policy is unchanged
