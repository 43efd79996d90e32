"""The real server (``scorekeeper serve``, and ``--lan``) refuses what another site or a
rebound DNS name would send, has no API docs, and the page runs under its
Content-Security-Policy without a single violation (issue 9 item 1)."""

from __future__ import annotations

import base64
import http.client
import os
import sys

from e2e_harness import Server, free_port
from lan_harness import lan_namespace

from scorekeeper.app import ids
from scorekeeper.app.server import network

CSP_WATCH = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI);
});
"""


def request(port: int, path: str, host: str, headers: dict[str, str] | None = None,
            address: str = "127.0.0.1") -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection(address, port, timeout=30)
    try:
        conn.putrequest("GET", path, skip_host=True)
        conn.putheader("Host", host)
        for k, v in (headers or {}).items():
            conn.putheader(k, v)
        conn.endheaders()
        r = conn.getresponse()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()
    finally:
        conn.close()


def upgrade(port: int, host: str, origin: str | None, address: str = "127.0.0.1") -> int:
    """The status a raw websocket upgrade to /ws gets (101 when accepted)."""
    headers = {"Upgrade": "websocket", "Connection": "Upgrade",
               "Sec-WebSocket-Key": base64.b64encode(os.urandom(16)).decode(),
               "Sec-WebSocket-Version": "13"}
    if origin is not None:
        headers["Origin"] = origin
    return request(port, "/ws", host, headers, address)[0]


def test_a_websocket_from_another_origin_gets_403(server: Server) -> None:
    own = f"127.0.0.1:{server.port}"
    assert upgrade(server.port, own, "http://evil.example") == 403
    assert upgrade(server.port, own, None) == 403
    assert upgrade(server.port, own, f"http://{own}") == 101


def test_a_foreign_host_is_refused(server: Server) -> None:
    for host in ("evil.example", f"evil.example:{server.port}", "192.0.2.99"):
        status, _, body = request(server.port, "/", host)
        assert status == 400 and b"flutter" not in body, host
        assert request(server.port, "/export.json", host)[0] == 400
        assert upgrade(server.port, host, f"http://{host}") == 400
    assert request(server.port, "/", f"localhost:{server.port}")[0] == 200


def test_no_api_docs(server: Server) -> None:
    for path in ("/docs", "/redoc", "/openapi.json"):
        assert request(server.port, path, f"127.0.0.1:{server.port}")[0] == 404, path


def test_the_page_has_the_security_headers(server: Server) -> None:
    status, headers, _ = request(server.port, "/", f"127.0.0.1:{server.port}")
    assert status == 200
    policy = headers["content-security-policy"]
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"
    assert "access-control-allow-origin" not in headers


def test_the_app_runs_under_its_policy_without_a_violation(app, phone) -> None:
    errors: list[str] = []
    phone.page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    phone.context.add_init_script(CSP_WATCH)
    app.open("/", ready=ids.NEW_GAME)
    app.tap(ids.NEW_GAME)
    app.wait(ids.DECK_PLAN)
    app.reload(ready=ids.DECK_PLAN)  # a second load, from the cache
    violations = phone.page.evaluate("() => window.__cspViolations")
    assert violations == [], violations
    assert not [e for e in errors if "Content Security Policy" in e], errors
    assert not phone.guard.problems(), phone.guard.problems()


def test_lan_mode_serves_this_machines_address_and_refuses_others(tmp_path) -> None:
    # The LAN address is one the test makes (a veth pair into a network namespace of its
    # own), so the test runs on any machine, and connects to nothing but this machine.
    with lan_namespace("a network namespace") as ns:
        lan_mode_checks(tmp_path, ns.host_address)


def lan_mode_checks(tmp_path, lan: str) -> None:  # type: ignore[no-untyped-def]
    assert lan in network.lan_addresses()  # what --lan serves and prints
    port = free_port()
    argv = [sys.executable, "-m", "scorekeeper.cli", "serve", "--lan", "--port", str(port),
            "--db", str(tmp_path / "data")]
    with Server("app-lan", argv, port):
        own = f"{lan}:{port}"
        status, headers, body = request(port, "/", own, address=lan)
        assert status == 200 and b"flutter_bootstrap.js" in body
        assert f"ws://{own}" in headers["content-security-policy"]
        assert upgrade(port, own, f"http://{own}", address=lan) == 101
        assert upgrade(port, own, "http://evil.example", address=lan) == 403
        assert upgrade(port, own, f"http://127.0.0.1:{port}", address=lan) == 403
        assert request(port, "/", f"evil.example:{port}", address=lan)[0] == 400
        assert request(port, "/docs", own, address=lan)[0] == 404
