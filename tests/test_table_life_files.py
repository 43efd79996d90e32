"""A table's life in the files: the game file, ``scorekeeper replay`` (text and
``--json``), the CSV export and reading it back, and the JSON import."""

from __future__ import annotations

import json

import pytest

from scorekeeper import formats, rules
from scorekeeper.cli import main

FOUR = ["Ala", "Bartek", "Celina", "Darek"]

# worked by hand (target 50, a shared win, two cards, Omnibus):
#   hand 1: 20 0 6 0, Ala takes the J♦        -> 10 0 6 0     totals 10 0 6 0
#   hand 2: Zenon for Darek, 20 0 6 0, Zenon J -> 20 0 6 -10  totals 30 0 12 -10
#   hand 3: 12 5 4 5, Celina J                 -> 12 5 -6 5   totals 42 5 6 -5
#   hand 4: 16 4 0 6, Zenon J -> 16 4 0 -4  totals 58 9 6 -9: Zenon alone wins
LIFE = {"players": FOUR, "rules": {"target": 50, "tie": "share", "pass_cards": 2,
                                   "jack_of_diamonds": True},
        "hands": [{"points": [20, 0, 6, 0], "jack": "Ala"},
                  {"points": [20, 0, 6, 0], "jack": "zenon",
                   "seat_changes": {"darek": "Zenon"}},
                  {"points": [12, 5, 4, 5], "jack": "Celina"}]}

# a shared win (target 50): 20 0 6 0, 20 0 6 0, Zenon for Darek at hand 3: 12 5 4 5
SHARED = {"players": FOUR, "rules": {"target": 50, "tie": "share"},
          "hands": [{"points": [20, 0, 6, 0]}, {"points": [20, 0, 6, 0]},
                    {"points": [12, 5, 4, 5], "seat_changes": {"Darek": "Zenon"}}]}


def run(tmp_path, capsys, data, *args):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code = main(["replay", str(path), *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_state_json_names_the_players_after_the_last_hand_and_every_winner(tmp_path, capsys):
    code, out, _ = run(tmp_path, capsys, SHARED, "--json")
    doc = json.loads(out)
    assert code == 0
    assert doc["players"] == ["Ala", "Bartek", "Celina", "Zenon"]
    assert doc["totals"] == [52, 5, 16, 5]
    assert doc["game_over"] is True and doc["winner"] is None
    assert doc["winners"] == ["Bartek", "Zenon"] and doc["next_hand"] is None
    assert doc["hands"][2]["seat_changes"] == {"Darek": "Zenon"}
    assert "seat_changes" not in doc["hands"][0]


def test_the_state_json_of_a_game_going_on_has_no_winners_and_says_the_cards(tmp_path, capsys):
    doc = json.loads(run(tmp_path, capsys, LIFE, "--json")[1])
    assert doc["totals"] == [42, 5, 6, -5] and doc["winners"] == [] and doc["winner"] is None
    assert doc["next_hand"]["dealer"] == "Zenon" and doc["next_hand"]["pass_cards"] == 2
    won = {**LIFE, "hands": LIFE["hands"] + [{"points": [16, 4, 0, 6], "jack": "Zenon"}]}
    doc = json.loads(run(tmp_path, capsys, won, "--json")[1])
    assert doc["totals"] == [58, 9, 6, -9]
    assert doc["winner"] == "Zenon" and doc["winners"] == ["Zenon"]


def test_a_game_without_the_new_keys_has_no_pass_cards_in_its_next_hand(tmp_path, capsys):
    doc = json.loads(run(tmp_path, capsys, {"players": FOUR}, "--json")[1])
    assert doc["next_hand"] == {"number": 1, "dealer": "Ala", "pass": "left",
                                "passes": {"Ala": "Bartek", "Bartek": "Celina",
                                           "Celina": "Darek", "Darek": "Ala"}}
    assert doc["winners"] == []


def test_the_replay_text_says_each_change_where_it_happens(tmp_path, capsys):
    code, out, _ = run(tmp_path, capsys, LIFE)
    rows = out.splitlines()
    assert code == 0
    assert "from hand 2: Zenon for Darek" in rows[3] and rows[3].lstrip().startswith("2")
    assert "Zenon -10 (jack of diamonds)" in rows[3]
    assert "at the table now: Ala, Bartek, Celina, Zenon" in out
    assert "pass 2 cards" in out and "a tie at the target is a shared win" in out
    assert "next: hand 4, Zenon deals" in out


def test_the_replay_text_of_a_shared_win_names_every_winner(tmp_path, capsys):
    out = run(tmp_path, capsys, SHARED)[1]
    assert "game over: Bartek and Zenon win with 5 (a shared win)" in out


@pytest.mark.parametrize("hands, code", [
    ([{"points": [26, 0, 0, 0], "seat_changes": {"Ewa": "Zenon"}}], "seat_change_unknown"),
    ([{"points": [26, 0, 0, 0], "seat_changes": {"Darek": "Zenon"}},
      {"points": [26, 0, 0, 0], "seat_changes": {"Darek": "Ola"}}], "seat_change_gone"),
    ([{"points": [26, 0, 0, 0], "seat_changes": {"Darek": "ala"}}], "seat_change_duplicate"),
    ([{"points": [26, 0, 0, 0], "seat_changes": {"Darek": ""}}], "seat_change_empty"),
    ([{"points": [26, 0, 0, 0], "seat_changes": {"Darek": "D" * 41}}], "seat_change_long"),
    ([{"points": [26, 0, 0, 0], "seat_changes": {"Darek": "Darek"}}], "seat_change_same"),
    ([{"points": [26, 0, 0, 0], "seat_changes": []}], "seat_changes_type"),
])
def test_a_change_the_rules_refuse_names_its_hand(hands, code):
    with pytest.raises(rules.RulesError) as info:
        formats.game_from_dict({"players": FOUR, "hands": hands})
    assert info.value.code == code and info.value.hand == len(hands)


def test_the_jack_of_a_hand_is_named_after_its_changes():
    data = {**LIFE, "hands": [{"points": [20, 0, 6, 0], "jack": "Darek",
                               "seat_changes": {"Darek": "Zenon"}}]}
    with pytest.raises(formats.FormatError) as info:
        formats.game_from_dict(data)
    assert info.value.code == "seat_change_gone"


def test_two_seats_swap_names_in_the_file_and_it_reads_back_equal():
    data = {"players": FOUR, "hands": [{"points": [26, 0, 0, 0],
                                        "seat_changes": {"Ala": "Bartek", "Bartek": "Ala"}}]}
    game = formats.game_from_dict(data)
    assert rules.state(game).players == ("Bartek", "Ala", "Celina", "Darek")
    assert formats.game_from_dict(formats.game_to_dict(game)) == game


def test_the_game_file_round_trips_and_writes_the_names_as_they_were():
    game = formats.game_from_dict(LIFE)
    out = formats.game_to_dict(game)
    assert out["players"] == FOUR
    assert out["rules"]["tie"] == "share" and out["rules"]["pass_cards"] == 2
    assert out["hands"][1] == {"points": [20, 0, 6, 0], "seat_changes": {"Darek": "Zenon"},
                               "jack": "Zenon"}
    assert formats.game_from_dict(out) == game
    plain = formats.game_to_dict(formats.game_from_dict({"players": FOUR}))
    assert "tie" not in plain["rules"] and "pass_cards" not in plain["rules"]


def test_the_csv_export_names_whoever_played_and_reads_back_equal():
    game = formats.game_from_dict(LIFE)
    doc = {**formats.game_to_dict(game), "id": "g1", "created": "2026-01-01T00:00:00.000000Z",
           "updated": "2026-01-01T00:00:00.000000Z"}
    text = formats.export_csv([doc])
    head, *rows = [line.split(",") for line in text.splitlines()]
    assert head[-3:] == ["house_rules", "jack", "was"]
    assert rows[0][head.index("house_rules")] == "jack_of_diamonds pass_cards=2 tie=share"
    assert [r[head.index("player")] for r in rows[4:8]] == ["Ala", "Bartek", "Celina", "Zenon"]
    assert rows[7][head.index("was")] == "Darek" and rows[3][head.index("was")] == ""
    assert rows[3][head.index("player")] == "Darek"
    back = formats.parse_csv(text)
    assert formats.game_from_dict(back[0]) == game


def test_a_typed_sheet_can_give_a_seat_a_new_name_with_a_was_cell():
    text = ("hand;player;points;was\n1;Ala;26;\n1;Bartek;0;\n1;Celina;0\n"
            "2;Ala;0;\n2;Bartek;26;\n2;Ola;0;Celina\n3;Ala;13;\n3;Bartek;13;\n3;Ola;0;\n")
    game = formats.game_from_dict(formats.parse_csv(text)[0])
    assert rules.state(game).players == ("Ala", "Bartek", "Ola")
    assert rules.state(game).totals == (39, 39, 52)  # two moons, then 13 13 0
    bad = text.replace("3;Ola;0;", "3;Celina;0;")
    with pytest.raises(formats.FormatError) as info:
        formats.parse_csv(bad)
    assert "line 10" in str(info.value)


def test_a_csv_without_changes_keeps_its_columns():
    game = formats.game_from_dict({"players": FOUR, "hands": [{"points": [26, 0, 0, 0]}]})
    doc = {**formats.game_to_dict(game), "id": "g1", "created": "2026-01-01T00:00:00.000000Z",
           "updated": "2026-01-01T00:00:00.000000Z"}
    assert formats.export_csv([doc]).splitlines()[0].split(",") == list(formats.CSV_COLUMNS)


def test_an_import_of_a_changed_game_keeps_the_changes():
    items = formats.parse_import(SHARED, "2026-01-01T00:00:00.000000Z")
    st = rules.state(items[0].game)
    assert st.players[3] == "Zenon" and st.winners == (1, 3)


class English:
    def _(self, msgid, **params):
        return msgid.format(**params)

    def _n(self, singular, plural, n, **params):
        return (singular if n == 1 else plural).format(n=n, **params)


def test_the_share_text_names_every_winner_and_who_took_a_seat_from_when():
    text = formats.share_text(formats.game_from_dict(SHARED), English()).splitlines()
    assert text[0] == "♥ Hearts: Bartek and Zenon share the win!"
    assert text[2:6] == ["1. Bartek: 5", "1. Zenon: 5", "3. Celina: 16", "4. Ala: 52"]
    assert "Zenon · for Darek from hand 3" in text


def test_the_share_text_counts_moons_and_jacks_for_whoever_played_the_hand():
    game = formats.game_from_dict({
        "players": FOUR, "rules": {"jack_of_diamonds": True},
        "hands": [{"points": [0, 0, 0, 26], "jack": "Darek"},
                  {"points": [0, 0, 0, 26], "jack": "Zenon", "seat_changes": {"Darek": "Zenon"}},
                  {"points": [0, 0, 0, 26], "jack": "Zenon"}]})
    text = formats.share_text(game, English(), house="J♦").splitlines()
    assert "☾ Zenon: 2 moons" in text and "☾ Darek: 1 moon" in text
    assert text.index("☾ Zenon: 2 moons") < text.index("☾ Darek: 1 moon")
    assert text[-2:] == ["Darek: J♦ × 1", "Zenon: J♦ × 2"]
    assert formats.join_names(["A", "B", "C"], English()) == "A, B and C"
