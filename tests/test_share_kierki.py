"""A Kierki match's result in words for the group's chat: the winner (or the winners of a
shared win) with the highest total, the standings from the highest, who took a seat from
which deal, the deals played and the sum check, in English, Polish and Lithuanian; its
downloads are named kierki-..."""

from __future__ import annotations

import copy

from scorekeeper import formats
from scorekeeper.app.text.i18n import Translator

import kierki_matches as km


def text(data, lang: str = "en") -> str:
    return formats.share_text(formats.game_from_dict(data), Translator(lang))


def test_the_classic_match_in_three_languages():
    assert text(km.CLASSIC_FILE) == (
        "♥ Kierki: Celina won!\nFinal standings:\n1. Celina: 430\n2. Ala: 210\n"
        "3. Darek: \u2212295\n4. Bartek: \u2212345\nDeals played: 12 of 12\n"
        "Sum of the totals: 0 (a whole match adds up to 0)\n")
    pl = text(km.CLASSIC_FILE, "pl")
    assert pl.startswith("♥ Kierki: wygrywa Celina!\nKlasyfikacja końcowa:\n1. Celina: 430\n")
    assert "Rozegrane rozdania: 12 z 12\nSuma wyników: 0 (cała partia sumuje się do 0)\n" in pl
    lt = text(km.THREE_FILE, "lt")
    assert lt.startswith("♥ Kierki: laimėjo Bartek!\n")
    assert "1. Bartek: 95\n2. Celina: 70\n3. Ala: \u2212165\n" in lt
    assert "Sužaista dalijimų: 13 iš 13\nRezultatų suma: 0 (visos partijos suma lygi 0)" in lt


def test_a_shared_win_a_new_player_and_a_match_without_the_lottery():
    shared = copy.deepcopy(km.CLASSIC_FILE)
    shared["hands"][10]["taken"] = [0, 12, 1, 0]
    shared["hands"][11]["out"] = ["Darek", "Bartek"]
    shared["hands"][3]["seat_changes"] = {"Ala": "Zenon"}
    said = text(shared)
    assert said.startswith("♥ Kierki: Bartek and Darek share the win!\nFinal standings:\n"
                           "1. Bartek: 405\n1. Darek: 405\n3. Celina: \u2212395\n"
                           "4. Zenon: \u2212415\nZenon · for Ala from deal 4\n")
    none = km.three_file(10)
    none["rules"]["lottery"] = "none"
    assert text(none).endswith("Deals played: 10 of 10\nSum of the totals: \u22121275 (a whole "
                               "match adds up to \u22121275)\n")


def test_a_match_going_on_and_one_not_started():
    assert text(km.classic_file(7)) == (
        "♥ Kierki: not finished yet. Standings after deal 7:\n1. Darek: \u2212595\n"
        "2. Ala: \u2212640\n3. Celina: \u2212670\n4. Bartek: \u2212695\n"
        "Deals played: 7 of 12\nSum of the totals: \u22122600 (a whole match adds up to 0)\n")
    assert text(km.classic_file(0), "pl").startswith(
        "♥ Kierki: nie rozegrano jeszcze żadnego rozdania.\n")


def test_a_kierki_download_is_named_for_kierki():
    assert formats.download_name("abc", "2026-05-01T18:00:00Z", "csv", "kierki") == \
        "kierki-2026-05-01-abc.csv"
