"""The records' texts (game/ui/recordtexts.py), pure Python, from the real catalogs."""

from __future__ import annotations

from pathlib import Path

import pytest

import game
from game.backup import CODES
from game.records import apply
from game.ui.i18n import Catalog
from game.ui.recordtexts import RecordTexts, variant_game
from game.ui.texts import Texts

LOCALES = Path(__file__).resolve().parents[2] / "locales"
ARABIC_DIGITS = "٠١٢٣٤٥٦٧٨٩"
GID = "mimlgpvk-3f2a9c0d1e4b"


def arabic_plural(n: int) -> str:
    """CLDR Arabic plural categories (what Intl.PluralRules('ar') returns)."""
    if n == 0:
        return "zero"
    if n == 1:
        return "one"
    if n == 2:
        return "two"
    if 3 <= n % 100 <= 10:
        return "few"
    if 11 <= n % 100 <= 99:
        return "many"
    return "other"


def rt(lang: str = "en") -> RecordTexts:
    text = (LOCALES / f"{lang}.json").read_text(encoding="utf-8")
    if lang == "ar":
        catalog = Catalog.from_json(lang, text, plural=arabic_plural,
                                    number=lambda n: "".join(ARABIC_DIGITS[int(c)] for c in str(n)))
    else:
        catalog = Catalog.from_json(lang, text)
    return RecordTexts(Texts(catalog))


def won(records: game.Records, gid: str, score: int, moves: int, seconds: int) -> tuple:
    records, _ = apply(records, game.Event("start", gid, "easy-harp", "EH1-N-AAAAAAF", 0, 1))
    return apply(records, game.Event("won", gid, "easy-harp", "EH1-N-AAAAAAF", score, moves, seconds,
                                     "2026-12-01T03:00:00.000Z"))


@pytest.mark.parametrize(("seconds", "text"), [
    (0, "0:00"), (5, "0:05"), (65, "1:05"), (612, "10:12"), (3600, "1:00:00"), (3725, "1:02:05"),
    (-3, "0:00")])
def test_duration_is_a_clock(seconds, text):
    assert rt().duration(seconds) == text


def test_duration_uses_the_languages_digits():
    assert rt("ar").duration(125) == "٢:٠٥"


def test_variant_names_and_games():
    assert variant_game("eight-off-4") == ("eight-off", 4)
    assert variant_game("easy-harp") == ("easy-harp", 0)
    with pytest.raises(ValueError):
        variant_game("eight-off-3")
    assert rt().variant_name("easy-harp") == "Easy Harp"
    assert "4" in rt().variant_name("eight-off-4")


def test_figures_give_every_key_with_plain_values_and_a_dash_before_a_win():
    t = rt()
    empty = t.figures("eight-off-8", game.VariantStats())
    assert [f.stat for f in empty] == [f"eight-off-8:{k}" for k in game.STAT_KEYS]
    by_key = {f.stat.split(":")[1]: f for f in empty}
    assert by_key["best-score"].value == "" and by_key["best-score"].text == "—"
    assert by_key["played"].value == "0" and by_key["played"].text == "0"
    records, _ = won(game.Records(), GID, 1240, 301, 612)
    full = {f.stat.split(":")[1]: f for f in t.figures("easy-harp", records.of("easy-harp"))}
    assert (full["fastest"].value, full["fastest"].text) == ("612", "10:12")
    assert (full["best-score"].value, full["best-score"].text) == ("1240", "1240")
    ar = {f.stat.split(":")[1]: f for f in rt("ar").figures("easy-harp", records.of("easy-harp"))}
    assert ar["best-score"].value == "1240" and ar["best-score"].text == "١٢٤٠"


def test_win_records_name_what_was_beaten_and_the_streak():
    t = rt()
    records, first = won(game.Records(), GID, 1240, 301, 612)
    assert t.win_records(first, assisted=False) == []  # a first win beats nothing
    records, second = won(records, "mimlgpvl-3f2a9c0d1e4b", 1300, 290, 500)
    lines = t.win_records(second, assisted=False)
    assert "New best score!" in lines and "Your fastest win!" in lines
    assert "2 wins in a row" in lines
    assert t.win_records(second, assisted=True) == [t.t("win.assisted")]
    assert t.win_records(None, assisted=False) == []
    ar = rt("ar").win_records(second, assisted=False)
    assert any("متتاليان" in line for line in ar)  # Arabic dual: two wins in a row


def test_recent_rows_show_result_figures_and_date():
    records, _ = won(game.Records(), GID, 1240, 301, 612)
    rows = rt().recent_rows(game.recent(records), lambda iso: f"<{iso[:10]}>")
    assert len(rows) == 1
    r = rows[0]
    assert (r.code, r.result, r.result_text, r.date) == ("EH1-N-AAAAAAF", "won", "Won", "<2026-12-01>")
    assert r.figures == "score 1240, 301 moves, 10:12"
    # each language's own list punctuation: the Arabic comma in Arabic
    ar = rt("ar").recent_rows(game.recent(records), lambda iso: iso)[0].figures
    assert ar.count("، ") == 2 and ", " not in ar, ar


def test_import_question_says_what_the_file_replaces():
    t = rt()
    records, _ = won(game.Records(), GID, 1240, 301, 612)
    g = game.new_game("EO1-C8-AAAAAFA")
    file = game.summarise({"records": game.dump_records(records), "game": g.to_save(),
                           "settings": '{"version":1}'})
    now = game.summarise({})
    q = t.import_question(now, file, "1 Dec 2026")
    assert q.splitlines() == [
        "Import the file exported on 1 Dec 2026? It replaces what this browser holds.",
        "In the file: 1 game played, 1 won; current game EO1-C8-AAAAAFA, 0 moves; settings",
        "Here now: nothing"]


def test_import_errors_have_a_message_for_every_code():
    t = rt()
    assert len(CODES) == 11
    for code in CODES:
        text = t.import_error(game.BadBackup(code, "x", {"version": 7}))
        assert not text.startswith("error."), code
    assert "7" in t.import_error(game.BadBackup("import-version", "x", {"version": 7}))
