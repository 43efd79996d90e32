"""A third game is one package and one line in each table: "Tricks" (tests/third_game.py),
registered only for these tests, is set up, checked, scored, written to the game file,
the replay report, the CSV, the export and the share text, and stored and listed by the
store, with nothing in scorekeeper changed for it."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper import formats, rules
from scorekeeper.store import GameStore

import third_game as tg

PLAYERS = ["Ala", "Bartek", "Celina", "Darek"]
HANDS = [tg.TricksHand((5, 4, 3, 1)), tg.TricksHand((2, 2, 4, 5)), tg.TricksHand((6, 0, 4, 3))]


@pytest.fixture
def tricks(monkeypatch: pytest.MonkeyPatch):
    with tg.registered(monkeypatch):
        yield


def played(n: int = 3) -> rules.Game:
    return rules.Game.new(PLAYERS, rules.Rules("tricks"), 1, HANDS[:n])


def test_unknown_until_registered():
    with pytest.raises(ValueError):
        rules.read_variant("tricks")
    assert rules.variant_game("tricks") is None


def test_the_rules_set_it_up_and_schedule_it(tricks):
    assert rules.read_variant("tricks") is tg.TricksVariant.TRICKS
    assert rules.game_name(tg.TricksVariant.TRICKS) == "Tricks"
    assert rules.spec("tricks").highest_wins and rules.Rules("tricks").highest_wins
    assert rules.deck_plan("tricks", 4).cards_each == 13
    assert rules.check_rules("tricks", 4) is None
    assert rules.check_rules("tricks", 6).code == "player_count"
    info = rules.hand_info(played(0), 2)
    assert (info.number, info.dealer, info.leader) == (2, 2, 3)


def test_the_rules_check_and_score_it(tricks):
    game = played(2)
    st = rules.state(game)
    assert st.totals == (7, 6, 7, 6) and not st.game_over and st.leaders == (0, 2)
    assert rules.check_hand(game, tg.TricksHand((5, 5, 5, 5))).code == "hand_total"
    assert rules.check_hand(game, rules.Hand((13, 0, 0, 0))).code == "hand_kind"
    over = game.add_hand(HANDS[2])
    st = rules.state(over)
    assert st.totals == (13, 6, 11, 9) and st.game_over and st.winner == 0
    assert st.next_hand is None
    assert rules.check_hand(over, HANDS[0]).code == "game_over"
    assert rules.running_totals(over)[-1] == (13, 6, 11, 9)
    assert rules.places(st.totals, highest_first=True) == (1, 4, 2, 3)


def test_the_formats_write_and_read_it(tricks):
    game = played()
    data = formats.game_to_dict(game)
    assert data["rules"] == {"variant": "tricks"}
    assert formats.game_from_dict(data) == game
    report = formats.state_to_dict(game)
    assert report["totals"] == [13, 6, 11, 9] and report["winner"] == "Ala"
    text = formats.export_csv([dict(data, id="g1")])
    rows = tg.sheet(text)
    assert list(rows[0]) == list(tg.CSV_COLUMNS) and len(rows) == 12
    back = formats.parse_csv(text)
    assert [formats.game_from_dict(g).hands for g in back] == [game.hands]
    assert formats.export_document([data], "2026-12-07T00:00:00.000000Z")["version"] == 3
    assert formats.share_text(game, None) == "Tricks\nAla: 13\nCelina: 11\nDarek: 9\nBartek: 6\n"


def test_a_file_with_hearts_and_tricks_has_both_sets_of_columns(tricks):
    hearts = rules.Game.new(PLAYERS, rules.Rules(), 0, [rules.Hand((26, 0, 0, 0))])
    dates = {"created": "2026-12-07T00:00:00.000000Z", "updated": "2026-12-07T00:00:00.000000Z"}
    text = formats.export_csv([dict(formats.game_to_dict(hearts), id="h1", **dates),
                               dict(formats.game_to_dict(played()), id="t1", **dates)])
    head = text.splitlines()[0].split(",")
    assert head[:len(formats.CSV_COLUMNS)] == list(formats.CSV_COLUMNS)
    assert {"round", "tricks"} <= set(head)
    back = [formats.game_from_dict(g) for g in formats.parse_csv(text)]
    assert back[0] == hearts and back[1].hands == played().hands  # (Tricks' CSV: no dealer)


def test_the_store_keeps_and_lists_it(tricks, tmp_path: Path):
    store = GameStore(tmp_path / "data")
    sg = store.create_game(played(0))
    for hand in HANDS:
        sg = store.add_hand(sg.id, hand, sg.version)
    again = GameStore(tmp_path / "data").get(sg.id)
    assert again.game == played()
    [row] = store.list_games()
    assert (row.variant, row.finished, row.winner) == ("tricks", True, "Ala")
    assert [c.new for c in store.changes(sg.id)][-1] == (6, 0, 4, 3)
    stats = rules.stats.compute(store.list_games(), variant="tricks")
    assert stats.games == 1 and stats.highest_wins
