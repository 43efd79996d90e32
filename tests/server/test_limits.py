"""The server's connection limits (scorekeeper/app/server/limits.py) on a real uvicorn: a
request's headers must come in time, and one address holds only so many connections.
Loopback is the host's and never limited, so these tests count it like any address."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import pytest
import uvicorn

from scorekeeper.app.server import limits


async def hello(scope, receive, send):
    if scope["type"] != "http":
        return
    await send({"type": "http.response.start", "status": 200,
                "headers": [(b"content-type", b"text/plain")]})
    await send({"type": "http.response.body", "body": b"hello"})


@pytest.fixture
def server() -> Iterator[tuple[int, limits.Limits]]:
    counted = limits.Limits(per_address=3, total=5, header_seconds=0.5,
                            exempt=lambda address: False)
    http, ws = limits.protocols(counted)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(hello, host="127.0.0.1", port=port, http=http, ws=ws,
                            log_level="error", lifespan="off")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not srv.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield port, counted
    finally:
        srv.should_exit = True
        thread.join(30)


def half_sent(port: int) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), timeout=60)
    s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the blank line
    return s


def closed(s: socket.socket) -> bool:
    """Whether the server closed the socket (waits for it, up to the socket's timeout)."""
    try:
        return s.recv(1024) == b""
    except ConnectionResetError:
        return True


def get(port: int) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=60) as s:
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        data = b""
        while chunk := s.recv(4096):
            data += chunk
        return data


def test_a_request_whose_headers_never_end_is_closed(server):
    port, _ = server
    s = half_sent(port)
    assert closed(s)  # after header_seconds, not never
    s.close()
    assert b"\r\nhello\r\n" in get(port)


def test_one_address_holds_only_its_share_and_is_served_again_after(server):
    port, counted = server
    held = [half_sent(port) for _ in range(3)]
    extra = socket.create_connection(("127.0.0.1", port), timeout=60)
    assert closed(extra)  # the fourth from the same address: closed at once
    extra.close()
    for s in held:
        assert closed(s)  # each of the three, at its header timeout
        s.close()
    deadline = time.monotonic() + 60
    while counted.open_from("127.0.0.1"):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert b"\r\nhello\r\n" in get(port)  # the count was given back


def test_the_host_is_never_counted():
    counted = limits.Limits(per_address=1, total=1)
    assert all(counted.admit("127.0.0.1", n) for n in range(100))
    assert counted.admit("10.0.0.2", 1) and not counted.admit("10.0.0.2", 2)
    assert not counted.admit("10.0.0.3", 3)  # the total, from another address
    counted.release("10.0.0.2", 1)
    assert counted.admit("10.0.0.3", 3)
