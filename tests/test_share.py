"""Sharing a game (scorekeeper/formats/share.py): the text summary in each language, and the
game as CSV (the export's columns) and JSON (what replay and import read)."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys

import pytest

from scorekeeper import formats, rules
from scorekeeper.app.text.i18n import Translator
from scorekeeper.store import GameStore

FOUR = ["Ala", "Bartek", "Celina", "Darek"]
MINUS = "\u2212"


def game(hands, players=FOUR, target=50, moon="add_to_others", choices=None):
    g = rules.Game.new(players, rules.Rules(target=target, moon=rules.MoonRule(moon)))
    for i, points in enumerate(hands):
        g = g.add_hand(rules.Hand(tuple(points), (choices or {}).get(i)))
    return g


# Ala wins on 3; Ala shot the moon in hand 2; Bartek 52, Celina 36, Darek 39.
FINISHED = game([(3, 13, 10, 0), (26, 0, 0, 0), (0, 13, 0, 13)])
# Bartek shoots twice, taking 26 off himself; Celina and Darek share second place.
TWO_MOONS = game([(0, 26, 0, 0), (0, 26, 0, 0), (4, 0, 11, 11)], target=1000,
                 moon="subtract_from_self")


def test_a_finished_game_in_english():
    assert formats.share_text(FINISHED, Translator("en")) == (
        "♥ Hearts: Ala won!\n"
        "Final standings:\n"
        "1. Ala: 3\n"
        "2. Celina: 36\n"
        "3. Darek: 39\n"
        "4. Bartek: 52\n"
        "Hands played: 3\n"
        "☾ Ala: 1 moon\n")


def test_a_finished_game_in_polish_and_lithuanian():
    pl = formats.share_text(FINISHED, Translator("pl"))
    assert pl.splitlines()[:2] == ["♥ Hearts: wygrywa Ala!", "Klasyfikacja końcowa:"]
    assert pl.splitlines()[-2:] == ["Rozegrane rozdania: 3", "☾ Ala: 1 strzał w księżyc"]
    lt = formats.share_text(FINISHED, Translator("lt"))
    assert lt.splitlines()[:2] == ["♥ Širdys: laimėjo Ala!", "Galutiniai rezultatai:"]
    assert lt.splitlines()[-2:] == ["Sužaista dalijimų: 3", "☾ Ala: 1 mėnulio šūvis"]
    # the standings are the same in every language
    assert pl.splitlines()[2:6] == lt.splitlines()[2:6] == [
        "1. Ala: 3", "2. Celina: 36", "3. Darek: 39", "4. Bartek: 52"]


@pytest.mark.parametrize("lang, two, ten", [
    ("en", "☾ Bartek: 2 moons", "☾ Bartek: 10 moons"),
    ("pl", "☾ Bartek: 2 strzały w księżyc", "☾ Bartek: 10 strzałów w księżyc"),
    ("lt", "☾ Bartek: 2 mėnulio šūviai", "☾ Bartek: 10 mėnulio šūvių"),
])
def test_moons_are_counted_per_shooter_in_each_languages_plural(lang, two, ten):
    assert two in formats.share_text(TWO_MOONS, Translator(lang)).splitlines()
    many = game([(0, 26, 0, 0)] * 10, target=1000, moon="subtract_from_self")
    assert ten in formats.share_text(many, Translator(lang)).splitlines()


def test_shooters_are_listed_most_moons_first():
    g = game([(0, 0, 26, 0), (0, 26, 0, 0), (0, 26, 0, 0)], target=1000,
             moon="subtract_from_self")
    lines = formats.share_text(g, Translator("en")).splitlines()
    assert lines[-2:] == ["☾ Bartek: 2 moons", "☾ Celina: 1 moon"]


def test_an_unfinished_game_with_a_shared_place_and_a_negative_total():
    text = formats.share_text(TWO_MOONS, Translator("en"))
    assert text == (
        "♥ Hearts: not finished yet. Standings after hand 3:\n"
        f"1. Bartek: {MINUS}52\n"
        "2. Ala: 4\n"
        "3. Celina: 11\n"
        "3. Darek: 11\n"
        "Hands played: 3\n"
        "☾ Bartek: 2 moons\n")
    assert "Hearts: gra jeszcze trwa. Wyniki po rozdaniu 3:" in formats.share_text(
        TWO_MOONS, Translator("pl"))


def test_a_game_without_hands_and_without_moons():
    text = formats.share_text(game([]), Translator("en")).splitlines()
    assert text[0] == "♥ Hearts: no hand played yet."
    assert text[1:5] == ["1. Ala: 0", "1. Bartek: 0", "1. Celina: 0", "1. Darek: 0"]
    assert text[-2:] == ["Hands played: 0", "Nobody shot the moon."]
    assert formats.share_text(game([]), Translator("lt")).splitlines()[-1] == \
        "Mėnulio šūvių nebuvo."


class English:
    """A translator as small as the share text needs: ``_`` and ``_n``, no catalogue."""

    def _(self, msgid, **params):
        return msgid.format(**params)

    def _n(self, singular, plural, n, **params):
        return (singular if n == 1 else plural).format(n=n, **params)


def test_any_translator_with_two_methods_will_do_and_the_house_rules_come_in_words():
    omnibus = rules.Game.new(FOUR, rules.Rules(target=50, house={"jack_of_diamonds": True}))
    omnibus = omnibus.add_hand(rules.Hand((10, 16, 0, 0), jack=2))
    omnibus = omnibus.add_hand(rules.Hand((10, 16, 0, 0), jack=2))
    text = formats.share_text(omnibus, English(), house="J♦ −10")
    assert text.splitlines()[-2:] == ["House rules: J♦ −10", "Celina: J♦ × 2"]
    assert "House rules" not in formats.share_text(FINISHED, English())
    assert formats.share_text(FINISHED, English()) == formats.share_text(
        FINISHED, Translator("en"))


def test_moons_per_seat_come_from_the_rules():
    assert rules.state(TWO_MOONS).moons == (0, 2, 0, 0)
    assert rules.state(FINISHED).moons == (1, 0, 0, 0)


@pytest.fixture
def stored(tmp_path):
    store = GameStore(tmp_path / "data")
    sg = store.create_game(rules.Game.new(FOUR, rules.Rules(
        target=50, moon=rules.MoonRule.SHOOTER_CHOICE)))
    for hand in [(3, 13, 10, 0), (26, 0, 0, 0), (0, 13, 0, 13)]:
        choice = rules.MoonChoice.ADD_TO_OTHERS if 26 in hand else None
        sg = store.add_hand(sg.id, rules.Hand(hand, choice), sg.version)
    return store, sg


def test_the_csv_is_the_stores_csv_export_of_that_game(stored):
    store, sg = stored
    text = formats.game_csv(sg.id, sg.created, sg.updated, sg.game)
    exported = [g for g in store.export_games() if g["id"] == sg.id]
    assert text == formats.export_csv(exported)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert tuple(rows[0]) == formats.CSV_COLUMNS
    assert len(rows) == 3 * 4
    last = rows[-4:]
    assert [int(r["total"]) for r in last] == list(rules.state(sg.game).totals)
    assert rows[4]["moon_choice"] == "add_to_others" and rows[4]["score"] == "0"
    assert {r["game_id"] for r in rows} == {sg.id}


def test_the_json_is_a_game_file_that_replay_reads(stored, tmp_path):
    _, sg = stored
    text = formats.game_json(sg.id, sg.created, sg.updated, sg.game)
    data = json.loads(text)
    assert formats.game_from_dict(data) == sg.game
    assert (data["id"], data["created"], data["updated"]) == (sg.id, sg.created, sg.updated)
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "scorekeeper", "replay", str(path), "--json"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert report["totals"] == [3, 52, 36, 39] and report["winner"] == "Ala"


def test_the_json_imported_elsewhere_is_the_same_game_and_only_once(stored, tmp_path):
    _, sg = stored
    other = GameStore(tmp_path / "other phone")
    assert other.import_data(json.loads(formats.game_json(sg.id, sg.created, sg.updated, sg.game))).added == 1
    assert other.import_data(json.loads(formats.game_json(sg.id, sg.created, sg.updated, sg.game))).skipped == 1
    assert other.get(sg.id).game == sg.game


def test_names_beyond_ascii_survive_the_files(tmp_path):
    store = GameStore(tmp_path / "data")
    sg = store.create_game(rules.Game.new(["Grażyna", "Jūratė", "Ōta"], rules.Rules()))
    sg = store.add_hand(sg.id, rules.Hand((10, 10, 6)), sg.version)
    assert '"Grażyna"' in formats.game_json(sg.id, sg.created, sg.updated, sg.game)
    assert "Jūratė" in formats.game_csv(sg.id, sg.created, sg.updated, sg.game)


def test_download_name(stored):
    _, sg = stored
    assert formats.download_name(sg.id, sg.created, "csv") == f"hearts-{sg.created[:10]}-{sg.id}.csv"
