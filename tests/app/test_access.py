"""Roles, the table code and the join token (scorekeeper.app.table.access), with a fake clock."""

from __future__ import annotations

import re

import pytest

from scorekeeper.app.table import access, qr
from scorekeeper.app.table.access import Read, Role, TableAccess, Write


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_code_is_six_digits_and_new_at_each_start() -> None:
    codes = {TableAccess().code for _ in range(50)}
    assert all(re.fullmatch(r"\d{6}", c) for c in codes)
    assert len(codes) > 40  # from secrets, not a constant


def test_token_has_at_least_128_bits() -> None:
    tokens = {TableAccess().token for _ in range(20)}
    assert len(tokens) == 20
    for t in tokens:
        assert re.fullmatch(r"[A-Za-z0-9_-]+", t)
        assert len(t) * 6 >= 128  # url-safe base64: 6 bits a character


def test_right_code_is_accepted_and_spaces_are_ignored() -> None:
    a = TableAccess(code="012345")
    assert a.check_code("10.0.0.2", "012345").ok
    assert a.check_code("10.0.0.2", " 012 345 ").ok
    v = a.check_code("10.0.0.2", "12345")
    assert not v.ok and v.tries_left == 4


def test_five_wrong_codes_lock_that_client_for_sixty_seconds() -> None:
    clock = Clock()
    a = TableAccess(code="111111", clock=clock)
    left = [a.check_code("10.0.0.2", "000000").tries_left for _ in range(4)]
    assert left == [4, 3, 2, 1]
    fifth = a.check_code("10.0.0.2", "000000")
    assert not fifth.ok and fifth.locked_for == 60
    # locked: even the right code is refused, and the wait counts down
    clock.now += 10
    v = a.check_code("10.0.0.2", "111111")
    assert not v.ok and v.locked_for == 50
    assert a.locked_for("10.0.0.2") == 50
    # another client is not locked
    assert a.check_code("10.0.0.3", "111111").ok
    clock.now += 50
    assert a.locked_for("10.0.0.2") == 0
    assert a.check_code("10.0.0.2", "111111").ok


def test_after_a_lock_runs_out_the_count_starts_again() -> None:
    clock = Clock()
    a = TableAccess(code="111111", clock=clock)
    for _ in range(5):
        a.check_code("c", "2")
    clock.now += 61
    assert a.check_code("c", "2").tries_left == 4


def test_a_right_code_clears_the_wrong_count() -> None:
    a = TableAccess(code="111111", clock=Clock())
    for _ in range(4):
        a.check_code("c", "2")
    assert a.check_code("c", "111111").ok
    assert a.check_code("c", "2").tries_left == 4


def test_lock_time_from_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(access.LOCK_ENV, "3")
    assert TableAccess().lock_seconds == 3
    monkeypatch.setenv(access.LOCK_ENV, "nonsense")
    assert TableAccess().lock_seconds == 60


def test_codes_and_tokens_are_compared_in_constant_time(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    calls: list[tuple[bytes, bytes]] = []
    real = access.hmac.compare_digest

    def spy(a: bytes, b: bytes) -> bool:
        calls.append((a, b))
        return real(a, b)

    monkeypatch.setattr(access.hmac, "compare_digest", spy)
    a = TableAccess(code="123456", token="tok")
    a.check_code("c", "123450")
    a.token_ok("tok")
    assert (b"123450", b"123456") in calls and (b"tok", b"tok") in calls


def test_token_check() -> None:
    a = TableAccess()
    assert a.token_ok(a.token)
    assert not a.token_ok(a.token[:-1])
    assert not a.token_ok("")
    assert not a.token_ok(None)


@pytest.mark.parametrize("client,lan,role", [
    ("127.0.0.1", True, Role.HOST),
    ("::1", True, Role.HOST),
    ("::ffff:127.0.0.1", True, Role.HOST),
    ("127.0.0.5", True, Role.HOST),
    ("10.231.0.2", True, Role.FOLLOWER),
    ("192.168.1.20", True, Role.FOLLOWER),
    ("", True, Role.FOLLOWER),
    (None, True, Role.FOLLOWER),
    ("not an address", True, Role.FOLLOWER),
    ("192.168.1.20", False, Role.HOST),
])
def test_role_for_client(client: str | None, lan: bool, role: Role) -> None:
    assert access.role_for(client, lan) is role


def test_policy_follower_never_writes_nor_reads_beyond_the_table() -> None:
    for w in Write:
        assert access.may_write(Role.HOST, w)
        assert access.may_write(Role.EDITOR, w)
        assert not access.may_write(Role.FOLLOWER, w)
    assert access.READS[Role.FOLLOWER] == {Read.TABLE, Read.LOBBY, Read.SETTINGS}
    for r in (Read.GAMES, Read.EXPORT, Read.INVITE):
        assert not access.may_read(Role.FOLLOWER, r)
    assert not access.may_read(Role.EDITOR, Read.INVITE)
    assert access.may_read(Role.EDITOR, Read.GAMES)
    assert access.READS[Role.HOST] == set(Read)


def test_join_url_and_its_qr_code() -> None:
    a = TableAccess(token="abc")
    assert a.join_url("10.231.0.1", 8550) == "http://10.231.0.1:8550/table/abc"
    assert a.join_url("fe80::1", 8550) == "http://[fe80::1]:8550/table/abc"
    url = TableAccess().join_url("192.168.1.5", 8550)
    m = qr.qr_matrix(url)
    n = qr.modules(url)
    assert len(m) == n and all(len(row) == n for row in m)
    # quiet zone all light, finder pattern dark in the corner
    assert not any(m[0]) and not any(row[0] for row in m)
    assert all(m[qr.BORDER][qr.BORDER:qr.BORDER + 7])
    png = qr.qr_png(url, scale=4)
    assert png.startswith(b"\x89PNG")


def test_qr_png_draws_the_matrix() -> None:
    from io import BytesIO

    from PIL import Image

    url = "http://10.0.0.1:1/table/xyz"
    img = Image.open(BytesIO(qr.qr_png(url, scale=3))).convert("L")
    m = qr.qr_matrix(url)
    assert img.size == (3 * len(m), 3 * len(m))
    for y, row in enumerate(m):
        for x, dark in enumerate(row):
            assert (img.getpixel((3 * x + 1, 3 * y + 1)) < 128) == dark


def test_table_follows_the_hosts_game() -> None:
    t = access.Table()
    assert t.game_id is None
    assert t.follow("g1") and not t.follow("g1") and t.follow("g2")
    assert t.game_id == "g2"
