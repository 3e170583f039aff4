"""Catalog look-up and language choice (game/ui/i18n.py), pure Python."""

import json
from pathlib import Path

from babel import Locale

from game.ui.i18n import Catalog, choose_language

LOCALES = Path(__file__).resolve().parents[2] / "locales"


def test_choose_language_order():
    assert choose_language("ro", ["ar-EG"]) == "ro"
    assert choose_language(None, ["de-DE", "ar-EG", "en"]) == "ar"
    assert choose_language("xx", ["in-ID"]) == "id"
    assert choose_language(None, ["de", "fr"]) == "en"


def babel_plural(lang):
    rule = Locale.parse(lang).plural_form
    return lambda n: rule(n)


def test_arabic_moves_plural_uses_cldr_forms():
    cat = Catalog.from_json(
        "ar", (LOCALES / "ar.json").read_text(encoding="utf-8"), plural=babel_plural("ar")
    )
    forms = json.loads((LOCALES / "ar.json").read_text(encoding="utf-8"))["moves.count"]
    for n, form in [(0, "zero"), (1, "one"), (2, "two"), (3, "few"), (11, "many"), (100, "other")]:
        # Inserted values are bidi-isolated in a right-to-left language.
        assert cat.t("moves.count", count=n) == forms[form].replace("{count}", f"\u2068{n}\u2069")


def test_placeholders_and_number_format():
    cat = Catalog("en", {"a": "Score {score} of {max}", "b": {"one": "{count} move", "other": "{count} moves"}},
                  number=lambda n: f"{n:,}")
    assert cat.t("a", score=1515, max=999999) == "Score 1,515 of 999,999"
    assert cat.t("b", count=1) == "1 move"
    assert cat.t("b", count=2) == "2 moves"
    assert cat.t("missing") == "missing"


def test_fallback_catalog():
    en = Catalog("en", {"x": "English"})
    ro = Catalog("ro", {}, fallback=en)
    assert ro.t("x") == "English"


def test_left_to_right_values_are_not_isolated():
    cat = Catalog("ro", {"a": "{game}, {count} celule"})
    assert cat.t("a", game="Eight Off", count=4) == "Eight Off, 4 celule"
    ar = Catalog("ar", {"a": "{game}، {count} خانات"})
    assert ar.t("a", game="Eight Off", count=4) == "\u2068Eight Off\u2069، \u20684\u2069 خانات"


def test_a_value_made_only_of_isolated_parts_is_isolated_right_to_left():
    # A card's name is "{rank} {suit}", both inserted (so both isolated): inserted again
    # into a sentence, a first-strong isolate would find no letter of its own and be
    # left to right, showing the ace of diamonds as "ديناري آس" (a tester saw it).
    ar = Catalog("ar", {"card.name": "{rank} {suit}", "hint.cards": "الورقة {card}", "code": "الرمز {code}"})
    card = ar.t("card.name", rank="آس", suit="ديناري")
    assert card == "\u2068آس\u2069 \u2068ديناري\u2069"
    assert ar.t("hint.cards", card=card) == f"الورقة \u2067{card}\u2069"
    # A value with a letter of its own keeps the first-strong isolate, whatever follows.
    assert ar.t("code", code="EH1-N-AAB") == "الرمز \u2068EH1-N-AAB\u2069"
    assert ar.t("code", code="الورقة \u2068EH1\u2069") == "الرمز \u2068الورقة \u2068EH1\u2069\u2069"
    # A number stays in a first-strong isolate (its digits keep their order either way).
    assert ar.t("code", code=12) == "الرمز \u206812\u2069"
