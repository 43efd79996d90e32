"""A phone on the table's Wi-Fi attacks ``scorekeeper --lan`` (issue: take-over and
floods). The phone is a process in a network namespace the test makes (``lan_harness``),
so the server sees another address, as it would a phone; no traffic leaves the machine.

- No page message makes it the host: the register-then-claim-loopback frames in one TCP
  write close its socket, and a phone saying it is not a web page is still a follower.
- 1,100 half-sent requests (slowloris) from its address, with the server's file limit
  at 1,024, leave the host's page working, and the server lets go of each of them.
- 3,000 route changes in one write: its socket is closed ("too many events").
"""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from e2e_harness import Server, app_server
from lan_harness import LanNamespace, lan_namespace

sys.path.insert(0, str(Path(__file__).parents[1] / "benchmarks"))
from flet_client import open_session  # noqa: E402

ATTACKER = Path(__file__).with_name("lan_attacker.py")


@pytest.fixture(scope="module")
def lan_ns() -> Iterator[LanNamespace]:
    with lan_namespace("the attacking phone's network namespace") as ns:
        yield ns


@pytest.fixture(scope="module")
def lan_server(lan_ns: LanNamespace, tmp_path_factory: pytest.TempPathFactory
               ) -> Iterator[Server]:
    """``scorekeeper serve --lan`` with the usual ``ulimit -n 1024``."""
    srv = app_server(tmp_path_factory.mktemp("db"))
    srv.argv = ["prlimit", "--nofile=1024:1024", "--", *srv.argv, "--lan"]
    with srv:
        yield srv


def lan_url(ns: LanNamespace, srv: Server) -> str:
    return f"http://{ns.host_address}:{srv.port}"


def attacker(ns: LanNamespace, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(["ip", "netns", "exec", ns.name, "prlimit", "--nofile=4096:4096",
                             "--", sys.executable, str(ATTACKER), *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def outcome(proc: subprocess.Popen[str], timeout: float = 300) -> dict:
    out, err = proc.communicate(timeout=timeout)
    assert proc.returncode == 0, err[-2000:]
    return json.loads(out.strip().splitlines()[-1])


def hosts_page_works(srv: Server) -> None:
    with urllib.request.urlopen(srv.url + "/", timeout=60) as r:
        assert r.status == 200 and b"flutter_bootstrap.js" in r.read()
    ws = open_session(srv.url, route="/history", timeout=60)  # a session, drawn
    ws.close()


def test_no_page_message_makes_a_lan_phone_the_host(lan_ns, lan_server):
    seen = outcome(attacker(lan_ns, "take-over", lan_url(lan_ns, lan_server)))
    assert seen["two_frames"]["closed"] == 1008, seen
    assert seen["two_frames"]["screen"] != "history", seen
    assert seen["register_claims_loopback"]["closed"] == 1008, seen
    assert seen["not_web"]["screen"] == "lobby", seen
    assert seen["plain"]["screen"] == "lobby", seen


def test_a_slowloris_from_one_address_leaves_the_hosts_page_working(lan_ns, lan_server):
    proc = attacker(lan_ns, "slowloris", lan_url(lan_ns, lan_server), "1100", "30")
    try:
        assert proc.stdout is not None
        opened = json.loads(proc.stdout.readline())  # all 1,100 tried, the rest held
        assert opened["opened"] + opened["refused"] == 1100
        hosts_page_works(lan_server)  # while they are held
        seen = outcome(proc)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert seen["still_open"] == 0, seen  # each let go (cap at once, the rest at 10 s)
    hosts_page_works(lan_server)
    assert "Too many open files" not in lan_server.log_tail(200)


def test_a_flood_of_route_changes_closes_the_phones_socket(lan_ns, lan_server):
    seen = outcome(attacker(lan_ns, "flood", lan_url(lan_ns, lan_server), "3000"))
    assert seen["closed"] == 1008, seen
    hosts_page_works(lan_server)
