"""The server's gate (scorekeeper/app/server/guard.py), driven through the real ASGI app:
foreign Host and websocket Origin refused before a Flet session exists, no API docs, and
the security headers on every answer."""

from __future__ import annotations

import re
import warnings

import pytest

with warnings.catch_warnings():  # starlette's note about its httpx client, not ours
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient, WebSocketDenialResponse

from scorekeeper.app.server import guard, network, serve

LOCAL = "http://127.0.0.1:8550"


@pytest.fixture
def app(tmp_path):
    # one app per test: Flet deletes its patched index.html when an app's lifespan ends
    return serve.build_asgi_app(str(tmp_path / "data"))


@pytest.fixture
def client(app):
    with TestClient(app, base_url=LOCAL) as c:
        yield c


def ws_status(client: TestClient, headers: dict[str, str]) -> int:
    """101 when the websocket is accepted, else the status it was refused with."""
    try:
        url = str(client.base_url).replace("http://", "ws://") + "/ws"
        with client.websocket_connect(url, headers=headers):
            return 101
    except WebSocketDenialResponse as denied:
        return denied.status_code


def test_a_websocket_from_another_origin_is_refused_before_a_session(client):
    assert ws_status(client, {"origin": "http://evil.example"}) == 403
    assert ws_status(client, {"origin": "http://127.0.0.1:8551"}) == 403  # another port
    assert ws_status(client, {"origin": "https://127.0.0.1:8550"}) == 403
    assert ws_status(client, {"origin": "null"}) == 403
    assert ws_status(client, {}) == 403  # no Origin at all


def test_the_apps_own_origin_opens_the_websocket(client):
    assert ws_status(client, {"origin": LOCAL}) == 101
    with TestClient(client.app, base_url="http://localhost:8550") as other:
        assert ws_status(other, {"origin": "http://localhost:8550"}) == 101
        assert ws_status(other, {"origin": LOCAL}) == 403  # not the page's own origin


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8550", "127.0.0.1.evil.example",
                                  "localhost.", "192.0.2.77:8550", "",
                                  "127.0.0.1:8550;script-src *", "127.0.0.1:x"])
def test_a_foreign_host_is_refused(client, host):
    r = client.get("/", headers={"host": host})
    assert r.status_code == 400, host
    assert "flutter_bootstrap" not in r.text
    assert client.get(serve.EXPORT_PATH, headers={"host": host}).status_code == 400
    if host:
        status = ws_status(client, {"host": host, "origin": f"http://{host}"})
        assert status == 400, host


@pytest.mark.parametrize("host", ["127.0.0.1:8550", "localhost:8550", "[::1]:8550",
                                  "LOCALHOST:8550", "127.0.0.1"])
def test_loopback_names_are_served(client, host):
    r = client.get("/", headers={"host": host})
    assert r.status_code == 200 and "flutter_bootstrap.js" in r.text


@pytest.mark.parametrize("path", ["/docs", "/redoc", "/openapi.json", "/docs/oauth2-redirect"])
def test_no_api_docs(client, path):
    assert client.get(path).status_code == 404


def test_the_mounted_flet_app_has_no_docs_routes_of_its_own(app):
    outer = app.app
    mounted = next(r.app for r in outer.routes if getattr(r, "path", None) == "")
    paths = {getattr(r, "path", None) for r in mounted.routes}
    assert paths.isdisjoint({"/docs", "/redoc", "/openapi.json", "/docs/oauth2-redirect"})
    assert mounted.openapi_url is None and mounted.docs_url is None


def csp(response) -> dict[str, list[str]]:
    policy = response.headers["content-security-policy"]
    return {d.split()[0]: d.split()[1:] for d in (x.strip() for x in policy.split(";")) if d}


@pytest.mark.parametrize("path", ["/", "/game/abc/hand", "/fonts/DejaVuSans.ttf",
                                  "/assets/FontManifest.json", "/manifest.json",
                                  "/flutter_bootstrap.js", serve.EXPORT_PATH, "/nothing.png"])
def test_every_answer_has_the_security_headers(client, path):
    r = client.get(path)
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "no-referrer"
    assert r.headers["x-frame-options"] == "DENY"
    assert "access-control-allow-origin" not in r.headers  # Flet's "*" is dropped
    assert "server" not in r.headers
    policy = csp(r)
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["default-src"] == ["'self'"] and policy["object-src"] == ["'none'"]
    for directive, sources in policy.items():
        for source in sources:  # only this origin: no other host, no scheme-wide source
            assert source.startswith("'") or source in ("data:", "blob:", "ws://127.0.0.1:8550"), \
                (directive, source)
    assert "'unsafe-inline'" not in policy["script-src"]
    assert "'unsafe-eval'" not in policy["script-src"]


def test_the_page_lists_exactly_its_inline_scripts_by_hash(client):
    r = client.get("/")
    assert r.status_code == 200
    hashes = [s for s in csp(r)["script-src"] if s.startswith("'sha256-")]
    inline = re.findall(r"<script>(.*?)</script>", r.text, re.DOTALL)
    assert len(inline) >= 4  # the CDN stopper, WebKit reload, flet config, fletAppConfig
    assert sorted(hashes) == sorted(guard.script_hashes(r.content))
    assert len(set(hashes)) == len(set(inline))
    assert "etag" not in r.headers and r.headers["cache-control"] == "no-cache"
    again = client.get("/", headers={"if-modified-since": "Wed, 01 Jan 2098 00:00:00 GMT"})
    assert again.status_code == 200 and csp(again)["script-src"] == csp(r)["script-src"]


def test_a_refusal_carries_the_headers_too(client):
    r = client.get("/", headers={"host": "evil.example"})
    assert r.headers["x-content-type-options"] == "nosniff"
    assert csp(r)["frame-ancestors"] == ["'none'"]


def test_lan_mode_accepts_this_machines_addresses_only(monkeypatch):
    monkeypatch.setattr(network, "lan_addresses", lambda: ["192.168.1.20", "10.0.0.5"])
    lan = guard.HostPolicy.for_server("0.0.0.0", lan=True)
    for host in ("192.168.1.20:8550", "10.0.0.5:8550", "127.0.0.1:8550", "[::1]:8550",
                 "localhost"):
        assert lan.allows(host), host
    for host in ("192.168.1.21:8550", "evil.example:8550", "[fe80::1]:8550"):
        assert not lan.allows(host), host
    local = guard.HostPolicy.for_server("127.0.0.1", lan=False)
    assert not local.allows("192.168.1.20:8550") and local.allows("127.0.0.1:8550")
    assert guard.HostPolicy.for_server("192.168.1.20", lan=False).allows("192.168.1.20:9")


def test_lan_mode_notices_an_address_the_machine_got_later(monkeypatch):
    addresses = ["192.168.1.20"]
    monkeypatch.setattr(network, "lan_addresses", lambda: list(addresses))
    lan = guard.HostPolicy.for_server("0.0.0.0", lan=True)
    lan._refresh_every = 0
    addresses.append("192.168.7.9")
    assert lan.allows("192.168.7.9:8550")
    assert not lan.allows("192.168.7.10:8550")


def test_lan_addresses_come_from_the_interfaces(monkeypatch):
    import ifaddr

    def adapter(*ips):
        return ifaddr.Adapter("x", "x", [ifaddr.IP(ip, 24, "x") for ip in ips])

    monkeypatch.setattr(ifaddr, "get_adapters", lambda: [
        adapter("127.0.0.1", ("::1", 0, 0)), adapter("192.168.1.20", ("fe80::1", 0, 2)),
        adapter("10.0.0.5", "192.168.1.20")])
    assert network.lan_addresses() == ["192.168.1.20", "10.0.0.5"]
    assert serve.urls("0.0.0.0", 8550) == ["http://127.0.0.1:8550", "http://192.168.1.20:8550",
                                           "http://10.0.0.5:8550"]


def test_loopback_addresses():
    for address in ("127.0.0.1", "127.5.0.1", "::1", "[::1]", "::ffff:127.0.0.1"):
        assert network.is_loopback(address), address
    for address in ("192.168.1.20", "10.0.0.5", "fe80::1", "", None, "localhost", "junk"):
        assert not network.is_loopback(address), address


def test_session_timeout_default_and_override(monkeypatch):
    monkeypatch.delenv("SCOREKEEPER_SESSION_TIMEOUT", raising=False)
    assert serve.session_timeout() == serve.SESSION_TIMEOUT_SECONDS
    assert 120 <= serve.SESSION_TIMEOUT_SECONDS <= 300
    monkeypatch.setenv("SCOREKEEPER_SESSION_TIMEOUT", "7")
    assert serve.session_timeout() == 7
    assert serve.session_timeout(3) == 3


def test_tidy_runs_once_after_the_last_closed_session_has_expired(monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(serve.time, "monotonic", lambda: now[0])
    tidy = serve.Tidy(timeout=300)
    assert not tidy.tidy_if_due()  # nothing closed yet
    tidy.closed()
    now[0] += 300
    assert not tidy.tidy_if_due()  # Flet has not evicted it yet
    tidy.closed()  # another phone leaves: wait for that one too
    now[0] += 300 + 10 + 5
    assert tidy.tidy_if_due()
    assert not tidy.tidy_if_due()  # once per quiet spell
