"""A phone on the Wi-Fi cannot make itself the host, and gets only its share of the
server: the role comes from the websocket's peer address (the ASGI scope), frames that
set server-owned page fields close the socket, malformed page events never reach Flet,
and no traceback reaches a phone. Driven through the real ASGI app (``serve``) with
Starlette's test client, whose ``client`` is the TCP peer the server sees."""

from __future__ import annotations

import logging
import threading
import warnings

import msgpack
import pytest

with warnings.catch_warnings():  # starlette's note about its httpx client, not ours
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect

from scorekeeper.app import ids
from scorekeeper.app.server import phone_socket, serve
from scorekeeper.app.server.phone_socket import Bucket, Refusal, refusal

LOCAL = "http://127.0.0.1:8550"
WS = "ws://127.0.0.1:8550/ws"
PHONE = ("10.231.7.2", 40000)  # another machine on the table's Wi-Fi
REGISTER, EVENT, PROPS, INVOKE = 1, 3, 4, 5


def run_async(make, *args):
    """``asyncio.run`` in a thread of its own (another test may have left this thread an
    event loop that runs)."""
    import asyncio

    out: list[object] = []
    t = threading.Thread(target=lambda: out.append(asyncio.run(make(*args))))
    t.start()
    t.join()
    assert out, "the coroutine failed (see its thread's error above)"
    return out[0]


def frame(action: int, body: object) -> bytes:
    return b"\x00" + msgpack.packb([action, body])


def register(route: str = "/history", **page: object) -> bytes:
    fields = {"route": route, "web": True, "platform": "android", "width": 360.0,
              "height": 740.0, "pwa": False, "debug": False, "wasm": False,
              "test": False, "multi_view": False, **page}
    return frame(REGISTER, {"session_id": "", "page_name": "", "page": fields})


@pytest.fixture
def lan_app(tmp_path):
    return serve.build_asgi_app(str(tmp_path / "data"), host="0.0.0.0", lan=True)


def phone(app, client=PHONE) -> TestClient:
    return TestClient(app, base_url=LOCAL, client=client)


SCREENS = (ids.LOBBY_TEXT.encode(), ids.HISTORY_SEARCH.encode(), ids.HISTORY.encode())


def first_screen(ws, limit: int = 50) -> bytes:
    """What the server sent up to the drawing of a screen (the lobby, the history or
    home), answering its questions (e.g. the device info) with "unsupported" as an old
    client would."""
    got = b""
    for _ in range(limit):
        data = ws.receive_bytes()
        got += data
        action, body = msgpack.unpackb(data[1:], strict_map_key=False)
        if action == INVOKE:
            ws.send_bytes(frame(INVOKE, {"control_id": body["control_id"],
                                         "call_id": body["call_id"], "result": None,
                                         "error": "unsupported"}))
        elif action == 2 and any(marker in data for marker in SCREENS):
            return got
    raise AssertionError("no screen was drawn")


def closed_code(ws, limit: int = 50) -> int:
    """Read until the server closes the socket; its close code. A socket still open
    after a minute fails the test (only a failure waits that long: a close is at once)."""
    result: list[object] = []
    reader = threading.Thread(target=lambda: result.append(_read_to_close(ws, limit)),
                              daemon=True)
    reader.start()
    reader.join(60)
    if not result:
        raise AssertionError("the socket stayed open")
    if isinstance(result[0], BaseException):
        raise result[0]
    return int(result[0])  # type: ignore[call-overload]


def _read_to_close(ws, limit: int) -> object:
    try:
        return _read_to_close_or_fail(ws, limit)
    except BaseException as e:  # handed to the test's thread
        return e


def _read_to_close_or_fail(ws, limit: int) -> int:
    try:
        for _ in range(limit):
            data = ws.receive_bytes()
            action, body = msgpack.unpackb(data[1:], strict_map_key=False)
            assert action != 2 or ids.HISTORY_SEARCH.encode() not in data, \
                "the history (a host's screen) was drawn for the phone"
            if action == INVOKE:
                ws.send_bytes(frame(INVOKE, {"control_id": body["control_id"],
                                             "call_id": body["call_id"], "result": None,
                                             "error": "unsupported"}))
    except WebSocketDisconnect as gone:
        return gone.code
    raise AssertionError("the socket stayed open")


def test_the_attack_of_two_frames_in_one_write_closes_the_socket(lan_app):
    """The issue's attack: register, then set the page's client_ip to loopback before
    main() runs. The second frame closes the socket; no host screen is drawn."""
    with phone(lan_app) as c, c.websocket_connect(WS, headers={"origin": LOCAL}) as ws:
        ws.send_bytes(register("/history")
                      )
        ws.send_bytes(frame(PROPS, {"id": 1, "props": {"client_ip": "127.0.0.1"}}))
        assert closed_code(ws) == 1008


def test_a_register_that_names_a_client_address_is_refused(lan_app):
    with phone(lan_app) as c, c.websocket_connect(WS, headers={"origin": LOCAL}) as ws:
        ws.send_bytes(register("/history", client_ip="127.0.0.1", web=False))
        assert closed_code(ws) == 1008


@pytest.mark.parametrize("page", [{}, {"web": False}, {"pwa": True, "platform": "ios"}])
def test_a_phone_is_a_follower_whatever_its_page_says(lan_app, page):
    """The role comes from the peer address: a phone asking for the history (a host's
    screen), as a web page or claiming not to be one, gets the follower's lobby."""
    with phone(lan_app) as c, c.websocket_connect(WS, headers={"origin": LOCAL}) as ws:
        ws.send_bytes(register("/history", **page))
        drawn = first_screen(ws)
    assert ids.LOBBY_TEXT.encode() in drawn
    assert ids.HISTORY_SEARCH.encode() not in drawn


def test_this_machines_browser_is_the_host(lan_app):
    with phone(lan_app, ("127.0.0.1", 40001)) as c, \
            c.websocket_connect(WS, headers={"origin": LOCAL}) as ws:
        ws.send_bytes(register("/history"))
        drawn = first_screen(ws)
    assert ids.HISTORY_SEARCH.encode() in drawn and ids.LOBBY_TEXT.encode() not in drawn


def test_a_later_update_of_a_server_owned_field_closes_the_socket(lan_app):
    with phone(lan_app) as c, c.websocket_connect(WS, headers={"origin": LOCAL}) as ws:
        ws.send_bytes(register("/"))
        first_screen(ws)
        ws.send_bytes(frame(PROPS, {"id": 1, "props": {"client_user_agent": "host"}}))
        assert closed_code(ws) == 1008


@pytest.mark.parametrize("event", [("route_change", {"route": 5}),
                                   ("resize", {"width": "x", "height": 740}),
                                   ("app_lifecycle_state_change", {"state": "zombie"}),
                                   ("view_pop", None)])
def test_a_malformed_page_event_never_reaches_flet(lan_app, event, caplog):
    """Refused with one log line (no stack), and the session goes on: the phone is
    drawn the screen it asks for next."""
    name, data = event
    caplog.set_level(logging.DEBUG)
    with phone(lan_app, ("127.0.0.1", 40002)) as c, \
            c.websocket_connect(WS, headers={"origin": LOCAL}) as ws:
        ws.send_bytes(register("/"))
        first_screen(ws)
        ws.send_bytes(frame(EVENT, {"target": 1, "name": name, "data": data}))
        ws.send_bytes(frame(EVENT, {"target": 1, "name": "route_change",
                                    "data": {"route": "/history"}}))
        drawn = first_screen(ws)
    assert ids.HISTORY_SEARCH.encode() in drawn
    assert b"Traceback" not in drawn
    refused = [r for r in caplog.records if "refused a frame" in r.getMessage()]
    assert len(refused) == 1 and refused[0].exc_info is None
    assert not [r for r in caplog.records if r.exc_info and r.levelno >= logging.ERROR]


def test_a_session_error_reaches_the_phone_as_words_not_a_traceback():
    """Flet's SESSION_CRASHED frame carries a traceback: the gate sends the phone's
    own words instead."""
    sent: list[dict] = []

    async def send(message):
        sent.append(message)

    async def receive():
        return {"type": "websocket.disconnect"}

    import asyncio

    peer = phone_socket.Peer("10.231.7.2", crash_text="Coś poszło nie tak. Odśwież stronę.")
    sock = phone_socket.PhoneSocket(peer, receive, send, phone_socket.Shares())
    crashed = b"\x00" + msgpack.packb([6, {"message": "Traceback (most recent call last):\n"
                                           "  File \"/usr/lib/python3/x.py\""}])
    run_async(sock.send, {"type": "websocket.send", "bytes": crashed})
    body = msgpack.unpackb(sent[0]["bytes"][1:])
    assert body == [6, {"message": "Coś poszło nie tak. Odśwież stronę."}]


def test_the_frame_check():
    assert refusal(register("/")) is None
    assert refusal(frame(PROPS, {"id": 7, "props": {"value": "Ala"}})) is None
    assert refusal(frame(EVENT, {"target": 9, "name": "click", "data": None})) is None
    assert refusal(frame(EVENT, {"target": 1, "name": "resize",
                                 "data": {"width": 360, "height": 740.5}})) is None
    assert refusal(frame(PROPS, {"id": 1, "props": {"client_ip": "127.0.0.1"}})).close
    assert refusal(frame(PROPS, {"id": 7, "props": {"_dismissed": True}})) is None  # Flet's
    assert refusal(frame(99, {})).close
    assert refusal(b"\x00\xc1garbage").close
    assert refusal(frame(EVENT, {"target": 1, "name": "resize",
                                 "data": {"width": float("nan"), "height": 1}})) == \
        Refusal("resize without a numeric width and height", close=False)
    assert refusal(b"\x01\x00\x00\x00\x00data") is None  # a data channel: Flet's own


def test_the_bucket_gives_a_burst_then_a_steady_rate():
    now = [0.0]
    b = Bucket(rate=10, burst=3, clock=lambda: now[0])
    assert [b.take() for _ in range(3)] == [0, 0, 0]
    assert b.take() == pytest.approx(0.1)  # the fourth waits its turn
    assert b.take() == pytest.approx(0.2)
    now[0] = 10.0
    assert b.idle() and b.take() == 0


def test_the_role_and_the_lock_out_key_on_the_peer_not_the_page(tmp_path):
    """main() takes the session's address from the connection: a locked phone that
    claims another address (or loopback) in its page stays locked and a follower."""
    import asyncio

    from flet.messaging.session import Session as FletSession

    from scorekeeper.app import main as shell
    from scorekeeper.app.table.access import Role, TableAccess
    from scorekeeper.app.table.table_roles import LanTable
    from scorekeeper.store import GameStore

    from flet.messaging.connection import Connection
    from flet.pubsub.pubsub_hub import PubSubHub

    class Wire(Connection):  # a connection that sends nowhere
        def __init__(self) -> None:
            super().__init__()
            self.pubsubhub = PubSubHub(None)

        def send_message(self, message) -> None:
            pass

    access = TableAccess(code="246810", token="T" * 32)
    lan = LanTable(access, port=8550, addresses=["10.231.7.1"])
    for _ in range(5):
        access.check_code(PHONE[0], "000000")
    assert access.locked_for(PHONE[0]) > 0

    async def open_tab(claimed: str):
        wire = Wire()
        wire.loop = asyncio.get_running_loop()
        flet_session = FletSession(wire)
        page = flet_session.page
        page.client_ip = claimed  # what the phone's own messages set
        page.web = False
        bound = phone_socket.PEER.set(phone_socket.Peer(PHONE[0]))
        try:
            await shell.make_main(GameStore.open(str(tmp_path / "db")), lan=lan)(page)
        finally:
            phone_socket.PEER.reset(bound)
        return page.on_route_change.__self__.session, flet_session

    for claimed in ("127.0.0.1", "10.231.7.99"):
        session, _ = run_async(open_tab, claimed)
        assert session.client == PHONE[0]
        assert Role(session.role) is Role.FOLLOWER
        assert access.check_code(session.client, "246810").locked_for > 0


def test_flets_errors_are_one_line_in_the_log_unless_debugging():
    try:
        raise AttributeError("'int' object has no attribute 'decode'")
    except AttributeError:
        import sys
        info = sys.exc_info()
    record = logging.LogRecord("flet", logging.ERROR, __file__, 1,
                               "Unhandled error in '%s' handler", ("on_route_change",), info)
    assert serve.OneLine(debug=False).filter(record)
    assert record.exc_info is None
    line = logging.Formatter("%(message)s").format(record)
    assert line == ("Unhandled error in 'on_route_change' handler "
                    "(AttributeError: 'int' object has no attribute 'decode')")
    kept = logging.LogRecord("flet", logging.ERROR, __file__, 1, "x", None, info)
    assert serve.OneLine(debug=True).filter(kept) and kept.exc_info is info


def test_a_flood_of_route_changes_is_cut_off_after_the_phones_share(lan_app):
    """3,000 route changes sent at once from a phone: the server passes on its burst,
    then closes the socket ("too many events") instead of drawing 3,000 screens."""
    with phone(lan_app) as c, c.websocket_connect(WS, headers={"origin": LOCAL}) as ws:
        ws.send_bytes(register("/"))
        first_screen(ws)
        for n in range(3000):
            ws.send_bytes(frame(EVENT, {"target": 1, "name": "route_change",
                                        "data": {"route": f"/game/g{n % 2}"}}))
        patches = 0
        try:
            while True:
                data = ws.receive_bytes()
                patches += data[:3] == b"\x00\x92\x02"
        except WebSocketDisconnect as gone:
            assert gone.code == 1008 and gone.reason == "too many events"
    assert patches <= phone_socket.BURST + phone_socket.QUEUE_LIMIT // 10


@pytest.mark.parametrize("client", [PHONE, ("127.0.0.1", 40001)], ids=["follower", "host"])
def test_a_phone_that_leaves_while_it_is_sent_to_is_let_go(tmp_path, client, caplog):
    """A phone goes away while the server still has frames to send it (a reload just
    after the host saved, which redraws every follower): its session is marked
    disconnected, so it expires and a reload can find it again. Flet 1.0.5 ended its
    connection handler on the failed send instead, and the session stayed "connected"
    for as long as the server ran (the follower's typed address then met a new session,
    not the one that had joined the table)."""
    import asyncio

    from uvicorn.protocols.utils import ClientDisconnected

    app = serve.build_asgi_app(str(tmp_path / "data"), host="0.0.0.0", lan=True)
    scope = {"type": "websocket", "asgi": {"version": "3.0"}, "scheme": "ws",
             "path": "/ws", "raw_path": b"/ws", "query_string": b"", "subprotocols": [],
             "headers": [(b"host", b"127.0.0.1:8550"), (b"origin", LOCAL.encode())],
             "client": client, "server": ("127.0.0.1", 8550)}

    async def leave_while_sent_to() -> int:
        inbox: asyncio.Queue = asyncio.Queue()
        for message in ({"type": "websocket.connect"},
                        {"type": "websocket.receive", "bytes": register("/")}):
            inbox.put_nowait(message)
        frames = 0
        gone = asyncio.Event()

        async def send(message: dict) -> None:
            nonlocal frames
            if message["type"] == "websocket.send":
                if gone.is_set():
                    raise ClientDisconnected()  # what uvicorn raises for a closed socket
                frames += 1
                if frames == 1:  # the register's answer: the phone leaves now, with
                    gone.set()   # the first screen still to be sent to it
                    inbox.put_nowait({"type": "websocket.disconnect", "code": 1001})

        await asyncio.wait_for(app(scope, inbox.get, send), 30)
        return frames

    with caplog.at_level(logging.INFO, logger="flet_web"):
        assert run_async(leave_while_sent_to) == 1
    said = [r.getMessage() for r in caplog.records if r.name.startswith("flet_web")]
    assert any(m.startswith("Session disconnected") for m in said), said
