"""A second phone on a private network of the test's own: a network namespace joined to
this machine by a veth pair, with a Chromium running inside it.

The app's host is a loopback client; a follower must come from another address. The
test makes one (``10.231.x.y/30``, random per run so parallel runs do not collide),
starts ``scorekeeper --lan`` after it (so the server lists the veth address among its
LAN addresses) and points Playwright at a wrapper that runs Chromium inside the
namespace. Traffic goes only to loopback and to that veth address. Needs root.
"""

from __future__ import annotations

import ipaddress
import os
import random
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from e2e_harness import CHROMIUM_ARGS, NetworkGuard, chromium_path


def _ip(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["ip", *args], capture_output=True, text=True, check=check)


class LanNamespace:
    """``ip netns`` + a veth pair: ``host_address`` on this side, ``phone_address`` inside."""

    def __init__(self) -> None:
        tag = f"{os.getpid() % 10000}{random.randrange(100, 999)}"
        self.name = f"skr{tag}"
        self.veth_host = f"vsh{tag}"
        self.veth_phone = f"vsp{tag}"
        used = _ip("-4", "-o", "addr", "show").stdout
        for _ in range(50):
            base = ipaddress.ip_address(f"10.231.{random.randrange(256)}.0") + \
                4 * random.randrange(64)
            self.host_address = str(base + 1)
            self.phone_address = str(base + 2)
            if f" {self.host_address}/" not in used:
                break
        self.wrapper: Path | None = None
        self._up = False

    def up(self) -> LanNamespace:
        if os.geteuid() != 0:
            raise RuntimeError("the follower's network namespace needs root")
        try:
            _ip("netns", "add", self.name)
            self._up = True
            _ip("link", "add", self.veth_host, "type", "veth", "peer", "name", self.veth_phone)
            _ip("link", "set", self.veth_phone, "netns", self.name)
            _ip("addr", "add", f"{self.host_address}/30", "dev", self.veth_host)
            _ip("link", "set", self.veth_host, "up")
            _ip("-n", self.name, "addr", "add", f"{self.phone_address}/30", "dev",
                self.veth_phone)
            _ip("-n", self.name, "link", "set", self.veth_phone, "up")
            _ip("-n", self.name, "link", "set", "lo", "up")
            fd, path = tempfile.mkstemp(prefix="chromium-in-netns-", suffix=".sh")
            with os.fdopen(fd, "w") as f:
                f.write(f"#!/bin/sh\nexec ip netns exec {self.name} {chromium_path()} \"$@\"\n")
            os.chmod(path, 0o755)
            self.wrapper = Path(path)
        except BaseException:
            self.down()
            raise
        return self

    def down(self) -> None:
        if self.wrapper is not None:
            self.wrapper.unlink(missing_ok=True)
            self.wrapper = None
        _ip("link", "del", self.veth_host, check=False)  # takes its peer with it
        if self._up:
            _ip("netns", "del", self.name, check=False)
            self._up = False

    def launch_chromium(self, chromium):  # type: ignore[no-untyped-def]
        """A browser inside the namespace: a phone on the table's Wi-Fi (``chromium``:
        Playwright's browser type, e.g. ``browser.browser_type``)."""
        assert self.wrapper is not None
        return chromium.launch(executable_path=str(self.wrapper), headless=True,
                               args=CHROMIUM_ARGS)


@contextmanager
def lan_namespace(what: str) -> Iterator[LanNamespace]:
    """A namespace up for the ``with`` block and taken down after it. A machine that
    cannot make one (not root, no netns) fails the test saying so: never a skip."""
    ns = LanNamespace()
    try:
        ns.up()  # takes down what it made if it fails
    except Exception as e:
        pytest.fail(f"could not make {what}: {e}", pytrace=False)
    try:
        yield ns
    finally:
        ns.down()


class LanGuard(NetworkGuard):
    """The network guard for a page that talks to the server's LAN address: that address
    counts as this machine, any other host is still a request that left it."""

    def __init__(self, page, lan_host: str) -> None:  # type: ignore[no-untyped-def]
        self.lan_host = lan_host
        super().__init__(page)

    def _local(self, url: str) -> bool:
        from urllib.parse import urlsplit

        from e2e_harness import is_local

        return is_local(url) or urlsplit(url).hostname == self.lan_host

    def _on_request(self, request) -> None:  # type: ignore[no-untyped-def]
        self.requests.append(request.url)
        if not self._local(request.url):
            self.outside.append(request.url)

    def _on_response(self, response) -> None:  # type: ignore[no-untyped-def]
        if response.status >= 400 and self._local(response.url) \
                and not response.url.endswith("/export.json"):
            self.failed.append(f"{response.status} {response.url}")

    def _on_failed(self, request) -> None:  # type: ignore[no-untyped-def]
        if self._local(request.url) and not request.url.startswith(("data:", "blob:")):
            failure = request.failure or ""
            if "ERR_ABORTED" not in failure:
                self.failed.append(f"{failure} {request.url}")
