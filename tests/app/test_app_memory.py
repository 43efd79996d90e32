"""An expired session leaves nothing behind: once Flet closes it (what its app manager
does when the timeout has passed), the shell, the session, its screen and its Flet page
are garbage, while the store and the pub/sub hub they were wired to live on, as in the
server. (How much memory goes back to the system: tests/benchmarks/bench_server.py.)

Run as a script (``python test_app_memory.py ROUTE``) it opens ROUTE as the first session
of a fresh interpreter and prints what is still alive after expiry."""

from __future__ import annotations

import asyncio
import gc
import subprocess
import sys
import tempfile
import weakref
from pathlib import Path
from typing import Any

import msgpack
import pytest
from flet.controls.base_control import BaseControl
from flet.messaging.connection import Connection
from flet.messaging.protocol import MessageAction, configure_encode_object_for_msgpack
from flet.messaging.session import Session as FletSession
from flet.pubsub.pubsub_hub import PubSubHub

from scorekeeper import rules
from scorekeeper.app.main import make_main
from scorekeeper.store import GameStore

ROUTES = ["/", "/new", "/game/{gid}", "/game/{gid}/hand", "/game/{gid}/changes", "/history",
          "/settings", "/stats"]

ENCODE = configure_encode_object_for_msgpack(BaseControl)


class Phone(Connection):
    """A browser's connection: what the server sends is encoded as on the wire, and a
    method call (device info, time zone, wake lock) is answered "unsupported" at once."""

    def __init__(self, hub: PubSubHub) -> None:
        super().__init__()
        self.pubsubhub = hub
        self.loop = asyncio.get_running_loop()
        self.session: FletSession | None = None

    def send_message(self, message: Any) -> None:
        msgpack.packb([message.action, message.body], default=ENCODE)
        if message.action == MessageAction.INVOKE_METHOD and self.session is not None:
            body = message.body
            self.loop.call_soon(self.session.handle_invoke_method_results,
                                body.control_id, body.call_id, None, "unsupported")


async def settle() -> None:
    """Let what the session scheduled (method calls, its close event) run."""
    for _ in range(20):
        await asyncio.sleep(0)


async def open_and_expire(app_main: Any, hub: PubSubHub, route: str) -> list[weakref.ref]:
    """A phone opens ``route`` (main() runs as Flet runs it, in a task of its own), the
    session expires; weak references to what it was made of."""
    phone = Phone(hub)
    flet_session = FletSession(phone)
    phone.session = flet_session
    page = flet_session.page
    page.route, page.web, page.client_ip = route, True, "127.0.0.1"
    msgpack.packb(flet_session.get_page_patch(), default=ENCODE)  # the registration
    await asyncio.create_task(app_main(page))
    await settle()
    shell = page.on_close.__self__
    assert page.views and shell.session.model is not None  # the screen was drawn
    refs = [weakref.ref(x) for x in (shell, shell.session, shell.session.model, page,
                                     flet_session, phone)]
    await flet_session.disconnect(1)  # the socket closed
    await settle()
    flet_session.close()  # the timeout passed: Flet runs page.on_close
    await settle()
    return refs


def alive_after_expiry(store: Any, route: str) -> list[str]:
    gid = store.create_game(rules.Game.new(["Ann", "Bob", "Cy", "Di"], rules.Rules())).id
    hub = PubSubHub(None)  # one per app, for as long as the server runs
    app_main = make_main(store)  # as the server makes it: once, before any phone comes
    refs = asyncio.run(open_and_expire(app_main, hub, route.format(gid=gid)))
    gc.collect()
    return [type(r()).__name__ for r in refs if r() is not None]


@pytest.mark.parametrize("route", ROUTES)
def test_an_expired_session_is_garbage(store, route):
    assert alive_after_expiry(store, route) == []


def test_the_first_session_of_the_process_is_garbage_too():
    """The first phone to open the sheet used to import its modules inside its own
    session, and an import error kept there (flet_charts' optional matplotlib) held that
    session's frames for good: a fresh interpreter, one route after the other."""
    here = Path(__file__).resolve()
    for route in ("/game/{gid}", "/stats", "/game/{gid}/hand"):
        out = subprocess.run([sys.executable, str(here), route], capture_output=True,
                             text=True, timeout=120, cwd=here.parents[2])
        assert out.returncode == 0, out.stderr
        assert out.stdout.strip().splitlines()[-1] == "alive: []", (route, out.stdout)


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as folder:
        print("alive:", alive_after_expiry(GameStore.open(Path(folder) / "data"), sys.argv[1]))
