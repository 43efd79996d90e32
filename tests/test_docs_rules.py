"""docs/rules.md says what the app does: each worked example's game file, replayed by
``scorekeeper replay``, prints the sheet shown under it; the deck, pass and deal tables
are the rules' own (``rules.deck_plan``, ``rules.hand_info``); the refusals and the
hand played after the tie end as the page says."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest

from scorekeeper import formats, rules
from scorekeeper.cli import main

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "rules.md"
TEXT = PAGE.read_text(encoding="utf-8")

# a replay of a game file given on standard input, then the block with what it prints
EXAMPLE = re.compile(
    r"```sh\n\.venv/bin/scorekeeper replay - <<'EOF'\n(?P<file>.*?)\nEOF\n```\n\n"
    r"```text\n(?P<out>.*?)\n```", re.S)
EXAMPLES = [(m.group("file"), m.group("out")) for m in EXAMPLE.finditer(TEXT)]


def replay(game_file: str, monkeypatch, capsys) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(game_file.encode())))
    code = main(["replay", "-"])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_page_has_its_worked_examples() -> None:
    """A moon each way, unless it loses, Cancellation, a tie, the house rules, a seat
    change: seven game files, each followed by what replay prints."""
    assert len(EXAMPLES) == 7
    assert TEXT.count("scorekeeper replay - <<'EOF'") == len(EXAMPLES)


@pytest.mark.parametrize("game_file,printed", EXAMPLES,
                         ids=[f"example-{i}" for i in range(1, len(EXAMPLES) + 1)])
def test_each_example_prints_what_the_page_shows(game_file: str, printed: str, monkeypatch,
                                                 capsys) -> None:
    code, out, err = replay(game_file, monkeypatch, capsys)
    assert (code, err) == (0, "")
    assert out.rstrip("\n") == printed


def _game(players: list[str], hands: list[list[int]], **rules_: object) -> rules.Game:
    return formats.game_from_dict({"players": players, "rules": rules_,
                                   "hands": [{"points": p} for p in hands]})


def test_the_forgotten_queen_is_refused_in_the_words_quoted(monkeypatch, capsys) -> None:
    code, out, err = replay('{"players": ["Ala", "Bartek", "Celina", "Darek"], '
                            '"hands": [{"points": [4, 6, 3, 0]}]}', monkeypatch, capsys)
    assert code == 2 and out == ""
    assert "hand 1: the points add up to 13, but every hand holds exactly 26" in err
    assert '"hand 1: the points add up to 13, but every hand holds exactly 26"' in TEXT


def test_what_the_prose_says_of_games_not_printed() -> None:
    """The tie's hand 6, the same moon under add to others, the shared win, and a game
    file without a target in Cancellation (100, where the app offers 150)."""
    names = ["Ala", "Bartek", "Celina", "Darek"]
    tie = [[2, 4, 13, 7], [5, 3, 10, 8], [0, 6, 13, 7], [9, 1, 6, 10], [4, 6, 10, 6]]
    st = rules.state(_game(names, tie + [[3, 0, 10, 13]], target=50))
    assert (st.totals, st.winners) == ((23, 20, 62, 51), (1,))
    assert "In hand 6 Ala takes 3 points, Bartek none, Celina 10 and Darek 13" in TEXT
    shared = rules.state(_game(names, tie, target=50, tie="share"))
    assert shared.winners == (0, 1) and "Ala and Bartek win with 20 (a shared win)" in TEXT
    moon = [[13, 5, 8, 0], [4, 13, 9, 0], [6, 9, 11, 0], [7, 13, 6, 0], [0, 26, 0, 0]]
    added = rules.state(_game(names, moon, target=50))
    assert (added.totals, added.winners) == ((56, 40, 60, 26), (3,))
    assert "Ala 56, Bartek 40, Celina 60, Darek 26" in TEXT
    seven = formats.game_from_dict({"players": list("ABCDEFG"),
                                    "rules": {"variant": "cancellation"}, "hands": []})
    assert seven.rules.target == 100 and rules.spec("cancellation").default_target == 150
    assert "(a game file that gives no `target` plays to 100)" in TEXT


def _cards(cards: tuple[rules.Card, ...]) -> str:
    return " ".join(str(c) for c in cards) or "nothing"


def test_the_deck_tables_are_the_rules_own() -> None:
    for n in range(3, 8):
        plan = rules.deck_plan("standard", n)
        row = f"| {n} | {_cards(plan.removed)} | {plan.cards_each} | {plan.first_lead} |"
        assert row in TEXT, row
    for n in range(6, 12):
        plan = rules.deck_plan("cancellation", n)
        row = f"| {n} | {plan.cards_each} | {plan.leftover} |"
        assert row in TEXT, row


@pytest.mark.parametrize("names,first,hands", [
    (["Ala", "Bartek", "Celina", "Darek"], "Bartek", 5),
    (["Ala", "Bartek", "Celina", "Darek", "Ewa"], "Ala", 3),
])
def test_the_pass_and_deal_tables_are_the_rules_own(names: list[str], first: str,
                                                    hands: int) -> None:
    game = rules.Game.new(names, rules.Rules(), first)
    for number in range(1, hands + 1):
        info = rules.hand_info(game, number)
        who = ", ".join(f"{names[a]} → {names[b]}" for a, b in info.passes.items())
        row = (f"| {number} | {names[info.dealer]} | {info.pass_token} | "
               f"{who or 'nobody passes'} |")
        assert row in TEXT, row
