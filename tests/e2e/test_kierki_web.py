"""Kierki in the offline web app (``scorekeeper build-web``, the same screens running in
Pyodide), in Chromium at 360 px with every request to another host refused: the classic
match of ``tests/kierki_matches.py`` entered deal by deal, then a reload; the sheet the
browser kept is the one worked out by hand, deal for deal, with its winner and zero sum.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from e2e_harness import resize
from kierki_steps import Kierki, km
from web_harness import WebApp, block_outside, build, static_server

from scorekeeper.app import ids

NAMES = list(km.PLAYERS)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("site"))


def test_the_classic_match_in_the_web_app_survives_a_reload(phone, site: Path) -> None:  # type: ignore[no-untyped-def]
    server = static_server(site).start()
    try:
        block_outside(phone.context)
        web = WebApp(phone.page, server.url)
        web.open("/", ready=ids.NEW_GAME)
        resize(web.page, 360, 740)
        table = Kierki(web, NAMES)
        table.start()
        for number, (hand, deal, running) in enumerate(zip(
                km.CLASSIC_FILE["hands"], km.CLASSIC_DEALS, km.CLASSIC_RUNNING), 1):
            table.enter(number, hand, deal[3])
            table.check_sheet(number, deal[3], running)
        web.shot("kierki-web-360-final")

        web.reload(ready=ids.WINNER)
        assert re.fullmatch(re.escape(table.path), web.path)
        for number, (deal, running) in enumerate(zip(km.CLASSIC_DEALS, km.CLASSIC_RUNNING), 1):
            web.scroll_to(ids.HAND_ROW.format(n=number))
            table.check_row(number, deal[3], running)
        assert table.totals() == km.CLASSIC_TOTALS
        web.wait_text(ids.WINNER, lambda t: f"{km.CLASSIC_WINNER} wins" in t,
                      what="Celina wins, after the reload")
        web.wait_text(ids.SUM_CHECK, lambda t: "add up to 0" in t, what="the zero sum")
        web.shot("kierki-web-360-after-reload")
    finally:
        server.stop()
