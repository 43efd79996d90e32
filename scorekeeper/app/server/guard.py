"""The server's gate: an ASGI middleware around the whole app (our routes and Flet's).

Before anything else runs, and so before a Flet session exists:

- a request whose ``Host`` is not one of the names the server listens on (``127.0.0.1``,
  ``localhost``, ``[::1]``, and with ``--lan`` this machine's network addresses) is
  refused with 400, so a page on a rebound DNS name (``evil.example`` pointing at
  127.0.0.1) reaches nothing;
- a websocket whose ``Origin`` is not the app's own (``http://`` + the ``Host`` it was
  sent to) is refused with 403, so another site open in the player's browser cannot
  drive the app (Flet's websocket does not look at ``Origin``);
- the API docs routes (``/docs``, ``/redoc``, ``/openapi.json``) answer 404;
- a websocket is bound to its peer address (from the connection, see
  :mod:`.phone_socket`) before its first message is read, and every frame it sends is
  checked, and paced when it is not this machine's, before Flet sees it.

Every HTTP answer carries a Content-Security-Policy that allows only the app's own
origin (plus the inline scripts of the page, by hash), ``frame-ancestors 'none'``,
``X-Content-Type-Options: nosniff`` and ``Referrer-Policy: no-referrer``; Flet's
``Access-Control-Allow-Origin: *`` is dropped.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import ipaddress
import re
import time
from typing import Any, Awaitable, Callable, Iterable

from . import network
from .phone_socket import PEER, PhoneSocket, Shares, peer_from_scope

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

DOCS_PATHS = frozenset({"/docs", "/docs/oauth2-redirect", "/redoc", "/openapi.json"})
INLINE_SCRIPT = re.compile(rb"<script(?![^>]*\bsrc\s*=)[^>]*>(.*?)</script\s*>",
                           re.IGNORECASE | re.DOTALL)
# a name or an address, then an optional port: nothing that could end a header value
HOST_HEADER = re.compile(r"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:[0-9]{1,5})?")
# After the client went away, Flet's websocket handler gets this long to finish before it
# is cancelled (Flet 1.0.5 never returns for a socket closed before it registered).
HANDLER_GRACE_SECONDS = 10.0


class HostPolicy:
    """The names a request may be addressed to."""

    def __init__(self, names: Iterable[str], lan: bool = False,
                 refresh_every: float = 5.0) -> None:
        self.names = {n.lower() for n in network.LOOPBACK_NAMES} | {n.lower() for n in names}
        self.lan = lan
        self._refresh_every = refresh_every
        self._refreshed = time.monotonic()

    @classmethod
    def for_server(cls, host: str, lan: bool) -> "HostPolicy":
        """Loopback always; the LAN addresses when listening on every address (``--lan``);
        the listening address itself when it is a particular one."""
        everywhere = lan or host in network.EVERYWHERE
        names = set(network.lan_addresses()) if everywhere else set()
        if not everywhere:
            names.add(network.url_host(host))
        return cls(names, lan=everywhere)

    def allows(self, host_header: str | None) -> bool:
        if not host_header or not HOST_HEADER.fullmatch(host_header):
            return False
        name = network.host_name(host_header)
        if name in self.names:
            return True
        if self.lan and self._is_ipv4(name) and self._stale():
            # an address the machine got after the start (e.g. a new Wi-Fi lease)
            self.names.update(network.lan_addresses())
            return name in self.names
        return False

    def _stale(self) -> bool:
        now = time.monotonic()
        if now - self._refreshed < self._refresh_every:
            return False
        self._refreshed = now
        return True

    @staticmethod
    def _is_ipv4(name: str) -> bool:
        try:
            return isinstance(ipaddress.ip_address(name), ipaddress.IPv4Address)
        except ValueError:
            return False


def script_hashes(html: bytes) -> list[str]:
    """CSP source expressions for every inline ``<script>`` of a page."""
    return ["'sha256-" + base64.b64encode(hashlib.sha256(body).digest()).decode() + "'"
            for body in INLINE_SCRIPT.findall(html)]


def content_security_policy(host_header: str, hashes: Iterable[str] = ()) -> str:
    """Only this origin. What the Flet web client needs besides: WebAssembly compiled
    from the served CanvasKit ('wasm-unsafe-eval'), the inline scripts of index.html (by
    hash), inline styles set by the Flutter engine, blob:/data: images and workers it
    makes itself, and the websocket to this host (spelled out: older Safari does not
    count ws: as 'self')."""
    script = " ".join(["'self'", "'wasm-unsafe-eval'", *hashes])
    return "; ".join([
        "default-src 'self'",
        f"script-src {script}",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        f"connect-src 'self' ws://{host_header}",
        "worker-src 'self' blob:",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ])


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return value.decode("latin-1")
    return None


class Guard:
    """The ASGI middleware described in the module docstring."""

    def __init__(self, app: ASGIApp, hosts: HostPolicy,
                 on_websocket_closed: Callable[[], None] | None = None,
                 shares: Shares | None = None) -> None:
        self.app = app
        self.hosts = hosts
        self.on_websocket_closed = on_websocket_closed
        self.shares = shares if shares is not None else Shares()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = _header(scope, b"host")
        if not self.hosts.allows(host):
            await self._refuse(scope, receive, send, 400, "Unknown host.")
            return
        assert host is not None
        if kind == "websocket":
            origin = (_header(scope, b"origin") or "").lower()
            if origin != f"http://{host.lower()}":
                await self._refuse(scope, receive, send, 403, "Forbidden origin.")
                return
            await self._websocket(scope, receive, send)
            return
        if scope.get("path") in DOCS_PATHS:
            await self._respond(scope, send, 404, "Not Found")
            return
        if _is_page_path(scope.get("path", "")):
            # never "304 Not Modified" for the page: its policy lists its scripts by hash
            scope = {**scope, "headers": [(k, v) for k, v in scope.get("headers", ())
                                          if k.lower() not in _CONDITIONAL]}
        await self.app(scope, receive, _SecureHeaders(send, host))

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Runs Flet's handler on the checked socket, with the peer bound to it (the
        handler's task, and so the session's, inherits :data:`PEER`); once the client
        has gone, the handler gets a grace period."""
        gone = asyncio.Event()
        peer = peer_from_scope(scope)
        phone = PhoneSocket(peer, receive, send, self.shares)

        async def watched_receive() -> Message:
            message = await phone.receive()
            if message["type"] == "websocket.disconnect":
                gone.set()
            return message

        bound = PEER.set(peer)
        try:
            handler = asyncio.ensure_future(self.app(scope, watched_receive, phone.send))
        finally:
            PEER.reset(bound)
        waiter = asyncio.ensure_future(gone.wait())
        try:
            await asyncio.wait({handler, waiter}, return_when=asyncio.FIRST_COMPLETED)
            if not handler.done():
                await asyncio.wait({handler}, timeout=HANDLER_GRACE_SECONDS)
            if not handler.done():
                handler.cancel()
            await asyncio.gather(handler, return_exceptions=True)
        except asyncio.CancelledError:
            # the server stopping (its graceful-shutdown timeout): the handler goes too,
            # quietly; a websocket ending is no error of the app's
            if handler.done() or gone.is_set():
                return
            raise
        finally:
            waiter.cancel()
            phone.stop()
            if not handler.done():
                handler.cancel()
            if self.on_websocket_closed is not None:
                self.on_websocket_closed()

    async def _refuse(self, scope: Scope, receive: Receive, send: Send, status: int,
                      text: str) -> None:
        if scope["type"] == "http":
            await self._respond(scope, send, status, text)
            return
        await receive()  # websocket.connect
        if "websocket.http.response" in scope.get("extensions", {}):
            await send({"type": "websocket.http.response.start", "status": status,
                        "headers": [(b"content-type", b"text/plain; charset=utf-8")]})
            await send({"type": "websocket.http.response.body", "body": text.encode()})
        else:  # the server answers 403
            await send({"type": "websocket.close", "code": 1008})

    @staticmethod
    async def _respond(scope: Scope, send: Send, status: int, text: str) -> None:
        body = text.encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                                (b"content-length", str(len(body)).encode()),
                                *_static_headers(content_security_policy("'none'"))]})
        await send({"type": "http.response.body", "body": body})


_CONDITIONAL = {b"if-none-match", b"if-modified-since"}


def _is_page_path(path: str) -> bool:
    """A path Flet answers with index.html (no extension, or .html)."""
    last = path.rsplit("/", 1)[-1]
    return "." not in last or last.lower().endswith(".html")


def _static_headers(csp: str) -> list[tuple[bytes, bytes]]:
    return [(b"content-security-policy", csp.encode()),
            (b"x-content-type-options", b"nosniff"),
            (b"referrer-policy", b"no-referrer"),
            (b"x-frame-options", b"DENY"),
            (b"cross-origin-resource-policy", b"same-origin")]


_DROPPED = {b"access-control-allow-origin", b"content-security-policy",
            b"x-content-type-options", b"referrer-policy", b"x-frame-options",
            b"cross-origin-resource-policy", b"server"}


class _SecureHeaders:
    """A ``send`` that adds the security headers to an HTTP answer. An HTML page is held
    until its body is complete, so that its inline scripts can be listed by hash; it is
    never answered "304 Not Modified" (no validators), so a browser never keeps a page
    whose policy did not list its scripts."""

    def __init__(self, send: Send, host: str) -> None:
        self.send = send
        self.host = host
        self.start: Message | None = None
        self.body: list[bytes] = []

    async def __call__(self, message: Message) -> None:
        kind = message["type"]
        if kind == "http.response.start":
            headers = [(k, v) for k, v in message.get("headers", ())
                       if k.lower() not in _DROPPED]
            message = {**message, "headers": headers}
            if self._is_html(headers) and message["status"] != 304:
                self.start = message
                return
            if message["status"] == 304:  # the browser keeps the policy it has
                await self.send(message)
            else:
                await self.send(self._with_policy(message, ()))
            return
        if kind == "http.response.body" and self.start is not None:
            self.body.append(message.get("body", b""))
            if message.get("more_body", False):
                return
            page = b"".join(self.body)
            start, self.start, self.body = self.start, None, []
            await self.send(self._with_policy(start, script_hashes(page), page=True))
            await self.send({"type": "http.response.body", "body": page})
            return
        await self.send(message)

    @staticmethod
    def _is_html(headers: list[tuple[bytes, bytes]]) -> bool:
        return any(k.lower() == b"content-type" and v.lower().startswith(b"text/html")
                   for k, v in headers)

    def _with_policy(self, start: Message, hashes: Iterable[str],
                     page: bool = False) -> Message:
        headers = list(start["headers"])
        if page:
            headers = [(k, v) for k, v in headers
                       if k.lower() not in (b"etag", b"last-modified", b"cache-control")]
            headers.append((b"cache-control", b"no-cache"))
        headers += _static_headers(content_security_policy(self.host, hashes))
        return {**start, "headers": headers}
