"""A minimal Flet web client over a raw websocket: registers a session on a page the way
the browser does, answers the server's method calls with "unsupported", waits for the
first screen, and can go silent like a locked phone. Used by bench_server.py and the
server's shutdown test (no browser needed)."""

from __future__ import annotations

import time

import msgpack
from websockets.sync.client import ClientConnection, connect

REGISTER_CLIENT, PATCH_CONTROL, INVOKE_METHOD = 1, 2, 5


def frame(action: int, body: object) -> bytes:
    return b"\x00" + msgpack.packb([action, body])


def websocket(base_url: str, timeout: float = 60) -> ClientConnection:
    """A websocket to the app from its own origin (the caller closes it). It sends no
    pings of its own, as a browser's does not (the server pings, the client answers)."""
    ws = connect(base_url.replace("http://", "ws://") + "/ws", origin=base_url,
                 open_timeout=timeout, max_size=None, ping_interval=None)
    return ws.__enter__()  # the context-manager form, without the block


def open_session(base_url: str, route: str = "/", timeout: float = 60,
                 quiet: float = 0) -> ClientConnection:
    """A websocket with a registered Flet session whose first screen has been sent.
    ``quiet``: then go on answering until the server has sent nothing for that many
    seconds (its ``main()`` has finished, e.g. the wake lock it sets after the screen)."""
    ws = websocket(base_url, timeout)
    page = {"route": route, "web": True, "platform": "linux", "width": 390.0,
            "height": 844.0, "pwa": False, "debug": False, "wasm": False, "test": False,
            "multi_view": False}
    ws.send(frame(REGISTER_CLIENT, {"session_id": "", "page_name": "", "page": page}))
    deadline = time.monotonic() + timeout
    drawn = False
    while not drawn:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            ws.close()
            raise TimeoutError("no first screen from the server")
        drawn = answer(ws, ws.recv(timeout=remaining)) == PATCH_CONTROL
    while quiet > 0:
        try:
            answer(ws, ws.recv(timeout=quiet))
        except TimeoutError:
            break
    return ws


def answer(ws: ClientConnection, data: object) -> int | None:
    """Answer a server's method call with "unsupported" (e.g. get_device_info: this
    client has none); returns the frame's action, None for anything else."""
    if not isinstance(data, bytes) or data[:1] != b"\x00":
        return None
    action, body = msgpack.unpackb(data[1:], strict_map_key=False)
    if action == INVOKE_METHOD:
        ws.send(frame(INVOKE_METHOD, {"control_id": body["control_id"],
                                      "call_id": body["call_id"], "result": None,
                                      "error": "unsupported"}))
    return int(action)
