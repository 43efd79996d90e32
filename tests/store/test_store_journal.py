"""The index notices a damaged or short journal in the same boot (numbered records and a
record count) and rebuilds from the game files, with a recovery note."""

from __future__ import annotations

from pathlib import Path

import pytest
from store_helpers import assert_consistent, hand, long_game

from scorekeeper.store import GameStore
from scorekeeper.store import index as index_module


@pytest.fixture(autouse=True)
def same_boot(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(index_module, "boot_id", lambda: "this-boot")


def games(store: GameStore, n: int, hands: int = 2) -> list:
    out = []
    for _ in range(n):
        sg = store.create_game(long_game())
        for i in range(hands):
            sg = store.add_hand(sg.id, hand(i), sg.version)
        out.append(sg)
    return out


def journal(folder: Path) -> Path:
    return folder / "journal.jsonl"


def rebuilt_notes(store: GameStore) -> list[str]:
    return [n.message for n in store.recoveries if n.kind == "rebuilt"]


def test_journal_cut_in_half_loses_no_game(folder: Path) -> None:
    store = GameStore(folder)
    made = games(store, 4)
    raw = journal(folder).read_bytes()
    journal(folder).write_bytes(raw[: len(raw) // 2])
    again = GameStore(folder)
    assert {s.id for s in again.list_games()} == {g.id for g in made}
    assert any("index of games was damaged" in n for n in rebuilt_notes(again))
    assert_consistent(again)
    assert len(again.export_games()) == 4


def test_last_whole_lines_cut_the_row_still_says_7_hands(folder: Path) -> None:
    store = GameStore(folder)
    sg = games(store, 1, hands=5)[0]
    cut = journal(folder).read_bytes()
    for i in range(2):
        sg = store.add_hand(sg.id, hand(i), sg.version)
    journal(folder).write_bytes(cut)  # whole lines gone: the last two hands' summaries
    again = GameStore(folder)
    assert again.list_games()[0].hands == 7
    notes = rebuilt_notes(again)
    assert notes and "cut short" in notes[0]
    assert_consistent(again)


def test_a_garbled_line_in_the_middle(folder: Path) -> None:
    store = GameStore(folder)
    games(store, 3)
    lines = journal(folder).read_bytes().split(b"\n")
    lines[3] = b'{"put": {"id": "x", garbled'
    journal(folder).write_bytes(b"\n".join(lines))
    again = GameStore(folder)
    assert len(again.list_games()) == 3
    assert any("journal record 3 is garbled" in n for n in rebuilt_notes(again))
    assert_consistent(again)


def test_a_line_missing_in_the_middle(folder: Path) -> None:
    store = GameStore(folder)
    games(store, 3)
    lines = journal(folder).read_bytes().split(b"\n")
    del lines[4]
    journal(folder).write_bytes(b"\n".join(lines))
    again = GameStore(folder)
    assert any("journal record 4 is missing (record 5 came in its place)" in n for n in rebuilt_notes(again))
    assert_consistent(again)


def test_journal_cut_under_a_running_store(folder: Path) -> None:
    store = GameStore(folder)
    made = games(store, 2)
    other = GameStore(folder)
    more = games(other, 1)
    raw = journal(folder).read_bytes()
    journal(folder).write_bytes(raw[: len(raw) // 3])
    assert {s.id for s in store.list_games()} == {g.id for g in made + more}
    assert rebuilt_notes(store)
    assert_consistent(store)


def test_healthy_journals_raise_no_alarm(folder: Path) -> None:
    store = GameStore(folder)
    a = games(store, 3)
    other = GameStore(folder)
    games(other, 2)
    store.add_hand(a[0].id, hand(4), store.get(a[0].id).version)
    for s in (store, other, GameStore(folder)):
        s.list_games()
        assert s.recoveries == ()


def test_a_line_torn_by_a_kill_is_cut_off_by_the_next_writer(folder: Path) -> None:
    """A writer killed inside its write leaves the start of a line: the next writer cuts
    it off (closed, it would be a garbled record: a damaged journal, rebuilt)."""
    store = GameStore(folder)
    sg = games(store, 1)[0]
    before = journal(folder).read_bytes()
    with open(journal(folder), "ab") as f:
        f.write(b'{"begin":"' + sg.id.encode())  # the writer died here
    other = GameStore(folder)
    other.add_hand(sg.id, hand(2), sg.version)
    raw = journal(folder).read_bytes()
    assert raw.startswith(before) and raw.endswith(b"\n")
    assert b'{"begin":"' + sg.id.encode() + b'{' not in raw  # cut off, not continued
    again = GameStore(folder)
    assert rebuilt_notes(again) == [] and again.recovery_notes == ()
    assert again.get(sg.id).version == sg.version + 1
    assert_consistent(again)
