"""The catalogues: every message the app shows exists in Polish and Lithuanian, whole,
with the same placeholders, and plural forms follow each language's Plural-Forms rule."""

import pytest

from scorekeeper.app import i18n
from scorekeeper.app.i18n import Catalogue, Translator, compile_plural, pick_language

USED = i18n.app_messages()


def test_the_code_uses_a_good_number_of_messages():
    assert len(USED) > 100
    assert "Tie for lowest: play another hand" in USED
    assert USED["{n} card each"] == "{n} cards each"


@pytest.mark.parametrize("lang", ["pl", "lt", "en"])
def test_every_message_is_translated_with_the_same_placeholders(lang):
    cat = i18n.catalogue(lang)
    problems = []
    for msgid, plural in USED.items():
        forms = cat.messages.get(msgid)
        if not forms or not all(f.strip() for f in forms):
            problems.append(f"missing: {msgid!r}")
            continue
        want = i18n.placeholders(msgid) | (i18n.placeholders(plural) if plural else set())
        if plural is not None:
            if len(forms) != cat.nplurals:
                problems.append(f"{msgid!r}: {len(forms)} forms, {cat.nplurals} needed")
            if cat.plural_ids.get(msgid) != plural:
                problems.append(f"{msgid!r}: msgid_plural differs")
        for form in forms:
            if i18n.placeholders(form) != want:
                problems.append(f"{msgid!r} -> {form!r}: placeholders "
                                f"{sorted(i18n.placeholders(form))} != {sorted(want)}")
            form.format(**{name: "x" for name in want})  # no stray braces
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", ["pl", "lt"])
def test_translations_are_really_translated(lang):
    cat = i18n.catalogue(lang)
    same = [m for m in USED if cat.messages[m][0] == m]
    # Only a few can be spelled the same (e.g. "{giver} → {receiver}").
    assert len(same) <= 3, same


def test_catalogues_hold_no_message_the_code_no_longer_uses():
    for lang in i18n.LANGUAGES:
        unused = set(i18n.catalogue(lang).messages) - set(USED)
        assert not unused, (lang, sorted(unused))


@pytest.mark.parametrize("n, form", [(0, 2), (1, 0), (2, 1), (4, 1), (5, 2), (11, 2), (12, 2),
                                     (14, 2), (21, 2), (22, 1), (25, 2), (102, 1), (112, 2)])
def test_polish_plural_rule(n, form):
    assert i18n.catalogue("pl").plural(n) == form


@pytest.mark.parametrize("n, form", [(0, 2), (1, 0), (2, 1), (9, 1), (10, 2), (11, 2), (19, 2),
                                     (21, 0), (22, 1), (30, 2), (101, 0), (111, 2)])
def test_lithuanian_plural_rule(n, form):
    assert i18n.catalogue("lt").plural(n) == form


def test_plural_words_in_sentences():
    pl, lt, en = Translator("pl"), Translator("lt"), Translator("en")
    assert pl._n("{n} card each", "{n} cards each", 1) == "Każdy dostaje 1 kartę"
    assert pl._n("{n} card each", "{n} cards each", 3) == "Każdy dostaje 3 karty"
    assert pl._n("{n} card each", "{n} cards each", 13) == "Każdy dostaje 13 kart"
    assert lt._n("{n} card each", "{n} cards each", 21) == "Kiekvienas gauna 21 kortą"
    assert lt._n("{n} card each", "{n} cards each", 8) == "Kiekvienas gauna 8 kortas"
    assert lt._n("{n} card each", "{n} cards each", 17) == "Kiekvienas gauna 17 kortų"
    assert en._n("{n} card each", "{n} cards each", 1) == "1 card each"
    assert en._n("{n} card each", "{n} cards each", 7) == "7 cards each"


def test_named_placeholders_are_filled_after_translating():
    assert Translator("pl")._("Hand {hand}: {dealer} deals", hand=3, dealer="Ala") == \
        "Rozdanie 3: rozdaje Ala"
    assert Translator("lt")._("Hand {hand}: {dealer} deals", hand=3, dealer="Ala") == \
        "Dalijimas Nr. 3: dalija Ala"


def test_unknown_message_and_language_fall_back_to_english():
    assert Translator("pl")._("Not in any catalogue {x}", x=1) == "Not in any catalogue 1"
    assert Translator("de").lang == "en"


@pytest.mark.parametrize("setting, device, shown", [
    ("system", "pl-PL", "pl"), (None, "lt", "lt"), ("system", "de-DE", "en"),
    ("system", None, "en"), ("lt", "pl-PL", "lt"), ("en", "pl", "en"), ("system", "pl_PL", "pl"),
])
def test_language_follows_the_device_unless_set(setting, device, shown):
    assert pick_language(setting, device) == shown


def test_po_reader_handles_continued_lines_escapes_comments_and_plurals():
    cat = Catalogue.parse('''# comment
msgid ""
msgstr ""
"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && "
"(n%100<10 || n%100>=20) ? 1 : 2);\\n"

#: somewhere
msgid "Say \\"hi\\""
msgstr "Powiedz "
"\\"cześć\\"\\n"

msgid "{n} dog"
msgid_plural "{n} dogs"
msgstr[0] "{n} pies"
msgstr[1] "{n} psy"
msgstr[2] "{n} psów"
''')
    assert cat.messages['Say "hi"'] == ['Powiedz "cześć"\n']
    assert cat.messages["{n} dog"] == ["{n} pies", "{n} psy", "{n} psów"]
    assert [cat.plural(n) for n in (1, 3, 5)] == [0, 1, 2]


def test_po_reader_rejects_garbage():
    with pytest.raises(i18n.PoError):
        Catalogue.parse('msgid "a"\nmsgstr b\n')


@pytest.mark.parametrize("expr, values", [
    ("n != 1", {0: 1, 1: 0, 2: 1}),
    ("0", {1: 0, 5: 0}),
    ("(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5)",
     {0: 0, 1: 1, 2: 2, 5: 3, 50: 4, 101: 5}),
    ("!(n > 1)", {0: 1, 1: 1, 2: 0}),
])
def test_plural_expressions(expr, values):
    f = compile_plural(expr)
    assert {n: f(n) for n in values} == values


@pytest.mark.parametrize("bad", ["n ==", "(n", "n ? 1", "n $ 2"])
def test_bad_plural_expressions_are_refused(bad):
    with pytest.raises(i18n.PoError):
        compile_plural(bad)
