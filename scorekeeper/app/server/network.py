"""This machine's addresses, and which addresses a request may name.

Used by the server (``serve.py``, ``guard.py``) and by whoever needs to know whether a
Flet session came from this machine: Flet 1.0.5 sets ``page.client_ip`` to the
websocket's peer address when it creates the session (the server runs uvicorn with
``proxy_headers=False``, so no ``X-Forwarded-For`` can change it), and
``is_loopback(page.client_ip)`` is True only for a browser on the serving machine that
opened ``127.0.0.1``/``localhost``/``[::1]``.
"""

from __future__ import annotations

import ipaddress

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
EVERYWHERE = ("0.0.0.0", "::", "")


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback, from the network interfaces
    (``ifaddr``): what a phone on the same Wi-Fi types."""
    import ifaddr

    found: list[str] = []
    try:
        adapters = ifaddr.get_adapters()
    except OSError:
        return found
    for adapter in adapters:
        for ip in adapter.ips:
            if not ip.is_IPv4:
                continue
            addr = str(ip.ip)
            if not ipaddress.ip_address(addr).is_loopback and addr not in found:
                found.append(addr)
    return found


def is_loopback(address: str | None) -> bool:
    """Whether a peer address (e.g. ``page.client_ip``) is this machine's loopback:
    ``127.x.y.z``, ``::1`` or ``::ffff:127.x.y.z``. Anything unparsable is not."""
    if not address:
        return False
    try:
        ip = ipaddress.ip_address(address.strip("[]"))
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_loopback


def host_name(host_header: str) -> str:
    """The name part of a ``Host`` header, lower case: ``127.0.0.1:8550`` -> ``127.0.0.1``,
    ``[::1]:8550`` -> ``[::1]``."""
    host = host_header.strip().lower()
    if host.startswith("["):
        end = host.find("]")
        return host[: end + 1] if end > 0 else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def url_host(address: str) -> str:
    """An address as it appears in a URL or a ``Host`` header (IPv6 in brackets)."""
    return f"[{address}]" if ":" in address and not address.startswith("[") else address
