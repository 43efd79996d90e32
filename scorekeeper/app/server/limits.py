"""How many connections the server holds, and for how long it waits for a request.

uvicorn waits for a request's headers for ever and holds as many connections as the
process has file descriptors, so a phone that opens a thousand half-sent requests
(slowloris) uses them all up and the host's own page cannot connect. These limits are
kept at the socket, before a request exists:

- a request's headers must arrive within :data:`HEADER_SECONDS` of the connection (or
  of the previous answer on a kept-alive one), else the connection is closed;
- at most :data:`PER_ADDRESS` open connections (page loads and websockets alike) from
  one client address, and :data:`TOTAL` from all addresses but this machine's: a
  connection past either is closed as soon as it is made;
- this machine's own (loopback) connections, the host's, are never refused nor
  counted.

:func:`protocols` gives uvicorn's HTTP and websocket protocol classes with the limits
built in (``uvicorn.Config(http=..., ws=...)``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from .network import is_loopback

log = logging.getLogger(__name__)

HEADER_SECONDS = 10.0  # a phone on a slow Wi-Fi sends its headers in well under a second
PER_ADDRESS = 32  # a phone's page, its assets in parallel and a websocket or two
TOTAL = 256  # the whole table's phones, several times over, well under `ulimit -n` 1024
WS_MAX_BYTES = 256 * 1024  # one frame from a phone: an event, a typed text


class Limits:
    """The open connections per client address (loopback not counted)."""

    def __init__(self, per_address: int = PER_ADDRESS, total: int = TOTAL,
                 header_seconds: float = HEADER_SECONDS,
                 exempt: Callable[[str], bool] = is_loopback) -> None:
        self.per_address, self.total, self.header_seconds = per_address, total, header_seconds
        self.exempt = exempt
        self._open: dict[str, set[int]] = {}
        self._count = 0
        self.refused = 0

    def admit(self, address: str, key: int) -> bool:
        """Whether a new connection from ``address`` may stay (and count it if so)."""
        if self.exempt(address):
            return True
        held = self._open.setdefault(address, set())
        if len(held) >= self.per_address or self._count >= self.total:
            if not held:
                del self._open[address]
            self.refused += 1
            if self.refused in (1, 10, 100) or self.refused % 1000 == 0:
                log.warning("refused a connection from %s (%d refused so far): %d open "
                            "from it, %d in all", address, self.refused, len(held),
                            self._count)
            return False
        held.add(key)
        self._count += 1
        return True

    def release(self, address: str, key: int) -> None:
        held = self._open.get(address)
        if held is None or key not in held:
            return
        held.discard(key)
        self._count -= 1
        if not held:
            del self._open[address]

    def open_from(self, address: str) -> int:
        return len(self._open.get(address, ()))


def _address(transport: Any) -> str:
    peer = transport.get_extra_info("peername")
    return str(peer[0]) if isinstance(peer, (tuple, list)) and peer else ""


def protocols(limits: Limits) -> tuple[type[asyncio.Protocol], type[asyncio.Protocol]]:
    """uvicorn's httptools HTTP protocol and its sans-I/O websocket protocol, each
    holding a connection only within ``limits``."""
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    from uvicorn.protocols.websockets.websockets_sansio_impl import \
        WebSocketsSansIOProtocol

    class LimitedHttp(HttpToolsProtocol):
        _admitted = False
        _timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: Any) -> None:  # type: ignore[override]
            self._address, self._key = _address(transport), id(transport)
            if not limits.admit(self._address, self._key):
                transport.abort()
                return
            self._admitted = True
            super().connection_made(transport)
            self._wait_for_headers()

        def _wait_for_headers(self) -> None:
            self._stop_waiting()
            self._timer = self.loop.call_later(limits.header_seconds, self._too_slow)

        def _stop_waiting(self) -> None:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None

        def _too_slow(self) -> None:
            self._timer = None
            if self.transport is not None and not self.transport.is_closing():
                self.transport.abort()

        def on_headers_complete(self) -> None:
            self._stop_waiting()
            super().on_headers_complete()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if self.transport is not None and not self.transport.is_closing():
                self._wait_for_headers()  # the next request on a kept-alive connection

        def handle_websocket_upgrade(self) -> None:
            self._stop_waiting()
            self._admitted = False  # the websocket protocol holds the count now
            super().handle_websocket_upgrade()

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop_waiting()
            if not self._admitted:
                return  # refused at once, or handed over to the websocket protocol
            limits.release(self._address, self._key)
            super().connection_lost(exc)

    class LimitedWebSocket(WebSocketsSansIOProtocol):
        def connection_lost(self, exc: Exception | None) -> None:
            limits.release(_address(self.transport), id(self.transport))
            super().connection_lost(exc)

    return LimitedHttp, LimitedWebSocket
