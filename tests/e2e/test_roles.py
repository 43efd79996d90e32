"""Several phones at one table: ``scorekeeper --lan`` with a host and a follower.

The host is a browser on the serving computer (loopback). The follower is a second Chromium in a
network namespace the test makes (``lan_harness``): it reaches the server at the veth
address, which the server lists among its LAN addresses, exactly as a phone on the Wi-Fi
would. No traffic goes anywhere but loopback and that private link.

The follower joins with the address the host's QR code encodes (the QR drawn in the
browser is compared module by module with one made from the address shown beside it),
sees each hand the host saves, finds no way to write, is refused and then locked out
for wrong table codes, and with the right one becomes an editor that saves a hand. Its
``/export.json`` is refused.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator

import pytest
from app_steps import Table, has_number
from e2e_harness import FAILED, Flutter, Phone, Server, app_server, eventually
from lan_harness import LanGuard, LanNamespace, lan_namespace

from scorekeeper import rules
from scorekeeper.app import ids
from scorekeeper.app.table import qr
from scorekeeper.app.table.access import LOCK_ENV, MAX_TRIES

LOCK_SECONDS = 3  # the server's lock after 5 wrong codes, shortened for the test
NO_WRITE = (ids.ENTER_HAND, ids.SAVE_HAND, ids.DELETE_HAND, ids.NEW_GAME, ids.REMATCH,
            ids.EXPORT, ids.INVITE, ids.CLEAR_HAND, ids.START_GAME)


@pytest.fixture(scope="module")
def lan_ns() -> Iterator[LanNamespace]:
    with lan_namespace("the follower's network namespace") as ns:
        yield ns


@pytest.fixture(scope="module")
def lan_server(lan_ns: LanNamespace, tmp_path_factory: pytest.TempPathFactory
               ) -> Iterator[Server]:
    """``scorekeeper serve --lan`` started after the veth pair exists."""
    srv = app_server(tmp_path_factory.mktemp("db"))
    srv.argv.append("--lan")
    srv.env = {LOCK_ENV: str(LOCK_SECONDS)}
    with srv:
        yield srv


@pytest.fixture(scope="module")
def follower_browser(browser, lan_ns: LanNamespace):  # type: ignore[no-untyped-def]
    b = lan_ns.launch_chromium(browser.browser_type)
    try:
        yield b
    finally:
        b.close()


class LanPhone(Phone):
    """A phone whose guard counts the server's LAN address as this machine."""

    def __init__(self, browser, base_url: str, guard_host: str | None,  # type: ignore[no-untyped-def]
                 name: str) -> None:
        super().__init__(browser, name,
                         guard=lambda page: LanGuard(page, guard_host or "127.0.0.1"))
        self.app = self.flutter(base_url)


@pytest.fixture
def phones(request: pytest.FixtureRequest, browser, follower_browser,  # type: ignore[no-untyped-def]
           lan_server: Server, lan_ns: LanNamespace) -> Iterator[tuple[LanPhone, LanPhone]]:
    lan_url = f"http://{lan_ns.host_address}:{lan_server.port}"
    host = LanPhone(browser, lan_server.url, None, f"{request.node.name}-host")
    follower = LanPhone(follower_browser, lan_url, lan_ns.host_address,
                        f"{request.node.name}-follower")
    yield host, follower
    failed = request.node.stash.get(FAILED, False)
    host.close(failed)
    follower.close(failed)
    problems = host.guard.problems() + follower.guard.problems()
    if problems and not failed:
        pytest.fail("a page misbehaved on the network:\n  " + "\n  ".join(problems),
                    pytrace=False)


# --- steps ----------------------------------------------------------------------------------

def invite(host: Flutter, lan_ns: LanNamespace) -> str:
    """The host opens Invite phones, picks the test's network, and the QR drawn on the
    screen is checked against one made from the address shown beside it."""
    host.tap(ids.INVITE)
    host.wait(ids.INVITE_QR)
    n = 0
    while host.exists(ids.INVITE_NETWORK.format(n=n)):
        if lan_ns.host_address in host.text(ids.INVITE_NETWORK.format(n=n)).split():
            host.tap(ids.INVITE_NETWORK.format(n=n))
            break
        n += 1
    url = host.wait_text(ids.INVITE_ADDRESS, lambda t: f"//{lan_ns.host_address}:" in t,
                         what="the join address on the test's network").strip()
    assert re.fullmatch(rf"http://{re.escape(lan_ns.host_address)}:\d+/table/[\w-]{{22,}}",
                        url), url
    eventually(lambda: check_drawn_qr(host, url))  # the new image is painted a moment later
    host.shot("roles-invite")
    return url


def check_drawn_qr(host: Flutter, url: str) -> None:
    """Counts the modules that differ: comparing the two matrices in an assert would make
    pytest explain the difference with difflib, minutes for each try of ``eventually``
    (a worker spun at 100 % for over 10 minutes on a code not yet painted)."""
    expected = qr.qr_matrix(url)
    drawn = drawn_matrix(host, len(expected))
    wrong = sum(a != b for got, want in zip(drawn, expected) for a, b in zip(got, want))
    assert wrong == 0, (f"the drawn QR code is not the address: {wrong} of "
                        f"{len(expected) ** 2} modules differ")


def drawn_matrix(app: Flutter, size: int) -> list[list[bool]]:
    """The QR code as the browser paints it: the colour at the centre of each module."""
    from PIL import Image

    box = app.el(ids.INVITE_QR).first.bounding_box()
    assert box is not None
    png = app.page.screenshot(clip=box)
    img = Image.open(io.BytesIO(png)).convert("L")
    w, h = img.size
    return [[img.getpixel((int((x + 0.5) * w / size), int((y + 0.5) * h / size))) < 128
             for x in range(size)] for y in range(size)]


def table_code(host: Flutter) -> str:
    """The 6 digits the host's screen shows (drawn as "017 075", read out as the label)."""
    found = re.search(r"\b(\d{3}) ?(\d{3})\b", host.text(ids.INVITE_CODE))
    assert found, host.text(ids.INVITE_CODE)
    return found.group(1) + found.group(2)


def check_table_view(follower: Flutter, table: Table) -> None:
    """The follower's table view shows the rules' totals, hands and next dealer."""
    st = table.state
    for seat, name in enumerate(table.players):
        follower.wait_text(ids.TABLE_TOTAL.format(seat=seat),
                           lambda t, n=name, v=st.totals[seat]: n in t and has_number(t, v),
                           what=f"{name}'s total {st.totals[seat]}")
    for number in range(1, len(st.hands) + 1):
        follower.wait(ids.TABLE_HAND.format(n=number))
    if st.next_hand is not None:
        dealer = table.players[st.next_hand.dealer]
        follower.wait_text(ids.TABLE_DEALER, lambda t: dealer in t, what=f"{dealer} deals")


def export_status(app: Flutter) -> int:
    """GET /export.json from inside the page (so from the phone's own address)."""
    return int(app.page.evaluate(
        "async () => (await fetch('/export.json', {cache: 'no-store'})).status"))


def enter_code(follower: Flutter, code: str) -> None:
    follower.type(ids.TABLE_CODE_FIELD, code)
    follower.tap(ids.TABLE_CODE_OK)


# --- the tests ------------------------------------------------------------------------------

def test_a_follower_joins_by_qr_code_and_sees_each_hand_but_cannot_write(
        phones: tuple[LanPhone, LanPhone], lan_ns: LanNamespace) -> None:
    host, follower = phones[0].app, phones[1].app
    table = Table(host)
    table.start()
    # Without the token a LAN phone sees only the request for the QR code.
    follower.open("/", ready=ids.LOBBY_TEXT)
    page_text = follower.text(ids.SCREEN.format(name="lobby"))
    assert not any(name in page_text for name in table.players)
    follower.shot("roles-follower-lobby")

    url = invite(host, lan_ns)
    follower.page.goto(url)
    follower.enable_semantics()
    follower.wait(ids.TABLE_NOW)
    follower.shot("roles-follower-table-empty")
    host.tap(ids.BACK)
    host.wait(ids.ENTER_HAND)

    # Each hand the host saves shows on the follower's table view (one of them a moon).
    for hand in (rules.Hand((3, 13, 10, 0)), rules.Hand((0, 0, 26, 0))):
        table.open_entry()
        table.points(dict(enumerate(hand.points)))
        table.save(hand)
        check_table_view(follower, table)
    follower.wait_text(ids.TABLE_MOON.format(n=2), lambda t: "Celina" in t,
                       what="the moon mark naming Celina")
    follower.shot("roles-follower-table")

    # No way to write: no controls, and typed addresses land back on the table view.
    for identifier in NO_WRITE:
        assert not follower.exists(identifier), identifier
    gid = table.game_id
    for path in (f"/game/{gid}/hand", f"/game/{gid}/hand/1", f"/game/{gid}", "/history",
                 "/new", f"/history/{gid}", "/invite"):
        follower.page.goto(follower.base_url + path)
        follower.enable_semantics()
        follower.wait(ids.TABLE_NOW)
        follower.wait_path(r"/table/[\w-]+")
        follower.wait_text(ids.SCREEN.format(name="table"), lambda t: "follows the table" in t,
                           what="the short message")
        for identifier in NO_WRITE + (ids.HAND_ROW.format(n=1),):
            assert not follower.exists(identifier), (path, identifier)
    follower.shot("roles-follower-refused-route")
    assert len(table.hands) == 2

    # Every game as a file: the follower is refused, the host is not.
    assert export_status(follower) == 403
    assert export_status(host) == 200

    # The host starts another game: the follower moves with it.
    other = Table(host, players=("Ewa", "Franek", "Gosia"))
    other.start()
    follower.wait_text(ids.TABLE_TOTAL.format(seat=0), lambda t: "Ewa" in t,
                       what="the host's new game")


def test_wrong_codes_are_refused_then_locked_and_the_right_one_makes_an_editor(
        phones: tuple[LanPhone, LanPhone], lan_ns: LanNamespace) -> None:
    host, follower = phones[0].app, phones[1].app
    table = Table(host)
    table.start()
    url = invite(host, lan_ns)
    code = table_code(host)
    host.tap(ids.BACK)
    follower.page.goto(url)
    follower.enable_semantics()
    follower.wait(ids.TABLE_CODE_FIELD)

    wrong = f"{(int(code) + 1) % 1_000_000:06d}"
    for left in range(MAX_TRIES - 1, 0, -1):
        enter_code(follower, wrong)
        follower.wait_text(ids.TABLE_CODE_ERROR, lambda t, n=left: f"{n} more tr" in t,
                           what=f"wrong code, {left} more")
    enter_code(follower, wrong)
    follower.wait_text(ids.TABLE_CODE_ERROR, lambda t: "Too many wrong codes" in t,
                       what="the lock")
    follower.shot("roles-follower-locked")
    # (That the right code is refused while locked is checked with a fake clock in
    # tests/app/test_app_roles.py; here the lock is short and the code is tried until
    # it has run out, so the test does not depend on how fast the machine is.)
    for _ in range(60):
        if follower.exists(ids.ENTER_HAND):
            break
        try:
            enter_code(follower, code)
        except Exception:  # accepted meanwhile: the field went with the table view
            pass
        try:
            follower.wait(ids.ENTER_HAND, timeout=1.5)
        except Exception:  # still locked: try again
            pass
    else:
        raise AssertionError("the right code was never accepted")
    # An editor: the host's sheet, and it saves a hand the host then sees.
    follower.wait_path(re.escape(table.path))
    follower.shot("roles-editor-sheet")
    editor_table = Table(follower, players=table.players, path=table.path)
    editor_table.open_entry()
    editor_table.points({0: 13, 1: 13})
    editor_table.save(rules.Hand((13, 13, 0, 0)))
    table.hands.append(rules.Hand((13, 13, 0, 0)))
    table.check_sheet()
    assert export_status(follower) == 403  # the file of every game stays the host's
