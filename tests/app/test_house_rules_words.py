"""Every refusal of the house rules reaches a player as a sentence of its own, in en, pl
and lt (not the catch-all "does not follow the rules")."""

from __future__ import annotations

import pytest

from scorekeeper import formats, rules
from scorekeeper.app.text import messages
from scorekeeper.app.text.i18n import Translator
from scorekeeper.rules import Game, Hand, Rules, Variant

FOUR = ["Ala", "Bartek", "Celina", "Darek"]
OMNIBUS = Game.new(FOUR, Rules(house={"jack_of_diamonds": True}))


def refusals() -> dict[str, rules.RulesError | formats.FormatError]:
    found = {
        "jack missing": rules.check_hand(OMNIBUS, Hand((10, 16, 0, 0))),
        "jack not a seat": rules.check_hand(OMNIBUS, Hand((10, 16, 0, 0), jack=7)),
        "jack without the rule": rules.check_hand(Game.new(FOUR), Hand((10, 16, 0, 0), jack=1)),
        "omnibus in cancellation": rules.check_rules(Variant.CANCELLATION, 6, 150,
                                                     house={"jack_of_diamonds": True}),
        "not a pass": rules.check_rules("standard", 4, house={"passes": ["up"]}),
        "no pass": rules.check_rules("standard", 4, house={"passes": []}),
        "across for five": rules.check_rules("standard", 5, house={"passes": ["across"]}),
        "too far": rules.check_rules("standard", 4, house={"passes": ["left5"]}),
    }
    for what, data in {"jack a number": 2, "jack a stranger": "Zenek"}.items():
        try:
            formats.hand_from_dict({"points": [10, 16, 0, 0], "jack": data}, 1, OMNIBUS)
        except formats.FormatError as err:  # the game file names who took the J♦
            found[what] = err
    return found


@pytest.mark.parametrize("lang", ["en", "pl", "lt"])
def test_each_house_rule_refusal_has_its_own_sentence(lang):
    tr = Translator(lang)
    fallback = tr._(messages.RULES_ERROR_FALLBACK)
    english = Translator("en")
    errors = refusals()
    assert len(errors) == 10 and None not in errors.values()
    for what, err in errors.items():
        text = messages.rules_error(err).text(tr)
        assert text != fallback and "{" not in text, (what, text)
        if lang != "en":
            assert text != messages.rules_error(err).text(english), (what, text)
    assert "5" in messages.rules_error(errors["across for five"]).text(tr)
    assert "3" in messages.rules_error(errors["too far"]).text(tr)
