"""One phone's websocket as the server's gate sees it: who is at the other end, what it
may say, and how much of the server it may take.

- **Who.** The peer address comes from the websocket's ASGI scope (the TCP connection;
  uvicorn runs without proxy headers), never from the page: a phone can update any page
  field with its first messages, before the app's ``main()`` runs. The gate binds a
  :class:`Peer` to the connection (:data:`PEER`, a context variable set before the first
  client message is read, so Flet's session task and ``main()`` inherit it) and the app
  takes the session's role and the table code's lock-out key from it.
- **What.** Every client frame is read before Flet sees it (:func:`refusal`): a frame
  that sets a server-owned page field (``client_ip``, ``client_user_agent``), that
  cannot be decoded, or that names an unknown action closes the socket
  (1008); a page event with malformed data (a route that is not text, a size that is not
  a number, an unknown lifecycle state) is dropped with one log line, so it never
  reaches Flet (whose error would carry a traceback to the phone).
- **How much.** A phone that is not this machine gets a fair share (:class:`Shares`):
  its frames are passed on at :data:`RATE` a second after a burst of :data:`BURST`,
  shared by every socket from its address; while it waits its frames queue, and a
  queue over :data:`QUEUE_LIMIT` closes the socket (1008, "too many events"). Every
  handler runs on the server's one event loop, so a follower's burst would otherwise
  hold up the host's taps for as long as it takes to draw each of its events.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import math
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import msgpack

from .network import is_loopback

log = logging.getLogger(__name__)

Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

# Flet 1.0.5's wire actions (flet.messaging.protocol.MessageAction)
REGISTER_CLIENT, CONTROL_EVENT, UPDATE_CONTROL_PROPS, INVOKE_METHOD = 1, 3, 4, 5
SESSION_CRASHED = 6
CLIENT_ACTIONS = frozenset({REGISTER_CLIENT, CONTROL_EVENT, UPDATE_CONTROL_PROPS,
                            INVOKE_METHOD})
# Page fields the server sets from the connection; a phone may never send them.
SERVER_OWNED = frozenset({"client_ip", "client_user_agent"})
LIFECYCLE_STATES = frozenset({"show", "resume", "hide", "inactive", "pause", "detach",
                              "restart"})

RATE = 30.0  # frames a second, per client address, once the burst is spent
BURST = 100  # frames passed on at once (a few page loads: a reload is some 25 frames)
QUEUE_LIMIT = 300  # frames waiting for their turn before the socket is closed
POLICY_VIOLATION = 1008


@dataclass(eq=False)
class Peer:
    """The other end of one websocket: its address, from the TCP connection (never
    changed), and the words its phone is shown if its session fails (its language)."""

    address: str
    crash_text: str = "Something went wrong. Reload the page."

    @property
    def loopback(self) -> bool:
        return is_loopback(self.address)


PEER: contextvars.ContextVar[Peer | None] = contextvars.ContextVar("peer", default=None)


def current_peer() -> Peer | None:
    """The peer of the websocket this code runs for (None outside a served socket)."""
    return PEER.get()


def peer_from_scope(scope: dict[str, Any]) -> Peer:
    client = scope.get("client") or ("", 0)
    return Peer(str(client[0] or ""))


@dataclass(frozen=True)
class Refusal:
    """Why a frame is not passed on; ``close``: the socket is closed for it."""

    reason: str
    close: bool


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) \
        and math.isfinite(value)


def _page_event_refusal(name: Any, data: Any) -> str | None:
    """Whether a page event's data has the shape Flet expects (else: why not)."""
    if name in ("route_change", "view_pop"):
        if not isinstance(data, dict) or not isinstance(data.get("route"), str):
            return f"{name} without a text route"
    elif name == "resize":
        if not isinstance(data, dict) or not all(_is_number(data.get(k))
                                                 for k in ("width", "height")):
            return "resize without a numeric width and height"
    elif name == "app_lifecycle_state_change":
        if not isinstance(data, dict) or data.get("state") not in LIFECYCLE_STATES:
            return "an unknown lifecycle state"
    return None


def _props_refusal(props: Any) -> str | None:
    if not isinstance(props, dict):
        return "properties that are not a map"
    for key in props:
        if not isinstance(key, str):
            return "a property name that is not text"
        if key in SERVER_OWNED:
            return f"a server-owned page field ({key})"
    return None


def refusal(data: bytes) -> Refusal | None:
    """Whether one client frame (``[type][payload]``) may be passed on to Flet."""
    if not data or data[0] != 0x00:
        return None  # a data-channel frame (0x01) or unknown type: Flet drops those
    try:
        decoded = msgpack.unpackb(data[1:], strict_map_key=False)
        action, body = decoded
    except Exception:
        return Refusal("a frame that cannot be decoded", close=True)
    if action not in CLIENT_ACTIONS or not isinstance(body, dict):
        return Refusal(f"an unknown action ({str(action)[:20]})", close=True)
    if action == REGISTER_CLIENT:
        why = _props_refusal(body.get("page") or {})
    elif action == UPDATE_CONTROL_PROPS:
        why = _props_refusal(body.get("props"))
    elif action == CONTROL_EVENT:
        why = _page_event_refusal(body.get("name"), body.get("data"))
        if why is not None:
            return Refusal(why, close=False)
    else:
        why = None
    return Refusal(why, close=True) if why is not None else None


class Bucket:
    """A token bucket: ``burst`` at once, then ``rate`` a second."""

    def __init__(self, rate: float, burst: int,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.at = clock()

    def take(self) -> float:
        """Takes one token; returns how long its frame waits (0: it goes now). Tokens
        taken ahead are owed, so frames leave in order at ``rate``."""
        now = self.clock()
        self.tokens = min(float(self.burst), self.tokens + (now - self.at) * self.rate)
        self.at = now
        self.tokens -= 1
        return 0.0 if self.tokens >= 0 else -self.tokens / self.rate

    def idle(self) -> bool:
        """Full again: nothing owed, nothing to remember."""
        return self.tokens + (self.clock() - self.at) * self.rate >= self.burst


class Shares:
    """One bucket per client address, shared by all of that address's sockets (a phone
    that opens ten sockets, or reconnects in a loop, gets no more than one)."""

    def __init__(self, rate: float = RATE, burst: int = BURST,
                 queue_limit: int = QUEUE_LIMIT,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.queue_limit, self.clock = rate, burst, queue_limit, clock
        self._buckets: dict[str, Bucket] = {}

    def bucket(self, address: str) -> Bucket:
        if len(self._buckets) > 256:  # forget the addresses that are quiet again
            for a in [a for a, b in self._buckets.items() if b.idle()]:
                del self._buckets[a]
        b = self._buckets.get(address)
        if b is None:
            b = self._buckets[address] = Bucket(self.rate, self.burst, self.clock)
        return b


class PhoneSocket:
    """The ``receive`` and ``send`` Flet's websocket handler gets for one phone: frames
    checked (every peer), paced and queued (a peer that is not this machine)."""

    def __init__(self, peer: Peer, receive: Receive, send: Send, shares: Shares) -> None:
        self.peer = peer
        self._receive, self._send = receive, send
        self.shares = shares
        self.paced = not peer.loopback
        self.closed = False
        self.gone = False  # the phone went away: what Flet still sends goes nowhere
        self._queue: deque[Message] = deque()
        self._arrived = asyncio.Event()
        self._gone = asyncio.Event()
        self._reader: asyncio.Task[None] | None = None

    async def receive(self) -> Message:
        while True:
            message = await (self._next_paced() if self.paced else self._receive())
            if message.get("type") == "websocket.disconnect":
                self.gone = True
            if message.get("type") != "websocket.receive" or self.closed:
                return message if not self.closed else _DISCONNECT
            verdict = refusal(message.get("bytes") or b"")
            if verdict is None:
                return message
            log.warning("refused a frame from %s: %s", self.peer.address, verdict.reason)
            if verdict.close:
                await self.close(verdict.reason)
                return _DISCONNECT

    async def send(self, message: Message) -> None:
        """Flet's send, except to a phone that is gone (closed by us, or went away):
        Flet 1.0.5 lets a failed send end its connection handler before it marks the
        session disconnected, so a phone that left while an update to it was queued (a
        reload just after the host saved) would leave a session that never expires,
        and the reload could not find its session again."""
        if self.closed or self.gone:
            return
        data = message.get("bytes")
        if message.get("type") == "websocket.send" and data and data[:3] == _CRASHED:
            # Flet would show the phone its traceback: say it in the phone's words
            log.warning("session error for %s (details in the server's debug log)",
                        self.peer.address)
            message = {**message, "bytes": crash_frame(self.peer.crash_text)}
        try:
            await self._send(message)
        except OSError:  # uvicorn's ClientDisconnected: the phone has just gone
            self.gone = True
            log.debug("a send to %s after it went away", self.peer.address)

    async def close(self, reason: str) -> None:
        if self.closed:
            return
        self.closed = True
        try:
            await self._send({"type": "websocket.close", "code": POLICY_VIOLATION,
                              "reason": reason[:100]})
        except Exception:  # already gone
            log.debug("close after the socket went", exc_info=True)

    async def _next_paced(self) -> Message:
        if self._reader is None:
            self._reader = asyncio.ensure_future(self._read())
        while not self._queue:
            self._arrived.clear()
            await self._arrived.wait()
        message = self._queue.popleft()
        if message.get("type") == "websocket.receive":
            wait = self.shares.bucket(self.peer.address).take()
            if wait > 0:
                try:  # its turn, unless the phone goes away meanwhile
                    await asyncio.wait_for(self._gone.wait(), wait)
                except asyncio.TimeoutError:
                    pass
            if self._gone.is_set():
                return self._queue.popleft() if self._queue else _DISCONNECT
        return message

    async def _read(self) -> None:
        """Takes the phone's frames as they come, so a flood is seen (and stopped) while
        its frames still wait their turn."""
        try:
            while True:
                message = await self._receive()
                if message.get("type") == "websocket.disconnect":
                    # gone: what it sent and is still waiting is moot, and Flet must hear
                    # of it at once (a reload finds its session only once it is let go)
                    self._queue.clear()
                    self._queue.append(message)
                    self._gone.set()
                    self._arrived.set()
                    return
                self._queue.append(message)
                self._arrived.set()
                if len(self._queue) > self.shares.queue_limit:
                    log.warning("closed %s's socket: too many events", self.peer.address)
                    await self.close("too many events")
                    self._queue.clear()
                    self._queue.append(_DISCONNECT)
                    self._arrived.set()
                    return
        except asyncio.CancelledError:
            raise
        except Exception:  # the connection broke: Flet hears it as a disconnect
            self._queue.append(_DISCONNECT)
            self._arrived.set()

    def stop(self) -> None:
        if self._reader is not None and not self._reader.done():
            self._reader.cancel()


_DISCONNECT: Message = {"type": "websocket.disconnect", "code": POLICY_VIOLATION}
_CRASHED = b"\x00" + msgpack.packb([SESSION_CRASHED, {}])[:2]  # [type][array of 2][6]

def crash_frame(text: str) -> bytes:
    return b"\x00" + msgpack.packb([SESSION_CRASHED, {"message": text}])
