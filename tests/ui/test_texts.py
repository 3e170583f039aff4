"""The view's texts (game/ui/texts.py), pure Python, from the real English catalog."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

import game
from game.ui.helping import hint_text
from game.ui.i18n import Catalog
from game.ui.texts import QUOTE_MAX, Texts, quote

LOCALES = Path(__file__).resolve().parents[2] / "locales"


def texts(lang: str = "en") -> Texts:
    return Texts(Catalog.from_json(lang, (LOCALES / f"{lang}.json").read_text(encoding="utf-8")))


def test_quote_keeps_short_text_and_ellipsises_long_text():
    assert quote("  EH1-N-AAAAAAF ") == "EH1-N-AAAAAAF"
    long = "X" * 10_000
    q = quote(long)
    assert len(q) == QUOTE_MAX and q.endswith("…") and q.startswith("XXXX")
    assert quote("abcdef", limit=4) == "abc…"
    assert quote("abcd", limit=4) == "abcd"
    with pytest.raises(ValueError):
        quote("abc", limit=1)


def test_refused_link_of_ten_thousand_characters_quotes_a_short_part():
    # Issue 14: ?deal= with 10 000 characters put all of them in the notice.
    t = texts()
    text = "Q" * 10_000
    with pytest.raises(game.BadCode) as info:
        game.parse_code(text)
    notice = t.link_refused(info.value)
    assert "Q" * (QUOTE_MAX - 1) + "…" in notice
    assert "Q" * QUOTE_MAX not in notice
    assert len(notice) < 300


def test_refused_link_quotes_a_short_code_whole():
    t = texts()
    with pytest.raises(game.BadCode) as info:
        game.parse_code("ZZ1-N-AAAAAAB")
    assert "ZZ1-N-AAAAAAB" in t.link_refused(info.value)


def test_bad_code_message_keeps_its_numbers():
    with pytest.raises(game.BadCode) as info:
        game.code_from_input("0", "easy-harp", 0)
    msg = texts().bad_code(info.value)
    assert "999999" in msg.replace(",", "") or "999 999" in msg


def test_card_and_pile_names():
    t = texts()
    assert t.card_label("TH", True) == "Ten of hearts"
    assert t.card_label("AS", True) == "Ace of spades"
    assert t.card_label("KC", False) == "Face-down card"
    assert t.pile_label("s") == "Stock"
    assert t.pile_label("t3") == "Column 3"
    assert t.pile_label("c2") == "Free cell 2"
    assert t.pile_label("f1", "S") == "Foundation for spades"
    with pytest.raises(ValueError):
        t.pile_label("x1")


def test_status_values_are_plain_and_texts_localised():
    g = game.new_game("EO1-C4-AAAAAFA")
    status = {s.key: s for s in texts().status(g)}
    assert list(status) == ["game", "code", "score", "moves"]
    assert status["game"].value == "eight-off" and "4" in status["game"].text
    assert status["code"].value == status["code"].text == "EO1-C4-AAAAAFA"
    assert status["moves"].value == "0"
    ar = {s.key: s for s in texts("ar").status(g)}
    assert ar["score"].value == "0"  # ASCII in data-value whatever the language


def test_refusal_and_notice_texts():
    t = texts()
    assert "3" in t.refusal("group-too-large", {"limit": 3, "count": 4})
    assert t.notice("no-moves") != "notice.no-moves"
    assert "12" in t.win(1220, 12)



@pytest.mark.parametrize(("lang", "one", "several"), [
    ("en", "Hint: move Ace of diamonds from column 7 to column 2.",
     "Hint: move 2 cards, from Ace of diamonds up, from column 7 to column 2."),
    ("id", "Petunjuk: pindahkan As wajik dari kolom 7 ke kolom 2.",
     "Petunjuk: pindahkan 2 kartu, mulai dari As wajik, dari kolom 7 ke kolom 2."),
])
def test_a_hint_names_one_card_alone_and_counts_several(lang, one, several):
    """A tester read "pindahkan 1 kartu, mulai dari As wajik" (move 1 card, starting from
    the ace of diamonds): Indonesian has no "one" plural form, so one card has its own
    message, hint.card."""
    card = SimpleNamespace(card=SimpleNamespace(face="AD"))
    g = SimpleNamespace(pile=lambda pid: [card, card] if pid == "t7" else [])
    tx = texts(lang)
    assert hint_text(g, SimpleNamespace(src="t7", dst="t2", count=1))(tx) == one
    assert hint_text(g, SimpleNamespace(src="t7", dst="t2", count=2))(tx) == several


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "from the waste to the foundation for diamonds."),
    ("ro", "de pe teancul de decartare pe fundația pentru caro."),
    ("id", "dari buangan ke fondasi wajik."),
])
def test_a_hint_names_piles_as_words_inside_a_sentence(lang, words):
    """A tester read "…de pe Teanc de decartare pe Fundație pentru caro" (trial 51): a
    pile's label, capitalised, inside a sentence. Hints take the in-sentence forms."""
    card = SimpleNamespace(card=SimpleNamespace(face="AD"))
    g = SimpleNamespace(pile=lambda pid: [card] if pid == "w" else [], foundation_suit=lambda pid: "D")
    assert hint_text(g, SimpleNamespace(src="w", dst="f3", count=1))(texts(lang)).endswith(words)


@pytest.mark.parametrize(("lang", "draw", "redeal"), [
    ("en", "Hint: turn over a card from the stock.", "Hint: turn the waste over to make a new stock."),
    ("ro", "Indiciu: întoarce o carte din pachetul de tragere.",
     "Indiciu: întoarce teancul de decartare înapoi în pachet."),
    ("ar", "تلميح: اقلب ورقة من كومة السحب.", "تلميح: أعد كومة الرمي إلى كومة السحب."),
])
def test_a_stock_hint_says_a_draw_or_turning_the_waste_back(lang, draw, redeal):
    """A tester read "turn over a card from the stock" with the stock empty, where the tap
    turns the waste back into a new stock. The stock has the name of its label (trial 53:
    Romanian said "teanc", Arabic "الرصيد")."""
    card = SimpleNamespace(card=SimpleNamespace(face="AD"))
    tap = SimpleNamespace(src="s", dst=None, count=0)
    tx = texts(lang)
    full = SimpleNamespace(pile=lambda pid: [card] if pid in ("s", "w") else [])
    empty = SimpleNamespace(pile=lambda pid: [card] if pid == "w" else [])
    assert hint_text(full, tap)(tx) == draw
    assert hint_text(empty, tap)(tx) == redeal


def test_a_code_in_a_sentence_stays_whole_and_reads_back():
    # An Arabic phone broke the example "EH1-N-AAAAAAF" after "EH1-N-" (and the right to
    # left sentence then moved its parenthesis): the code is isolated and joined, and a
    # code copied back from such a sentence (or a chat) still reads.
    from game.ui.choices import typed_deal
    from game.ui.texts import FSI, PDI, WORD_JOINER, whole

    shown = whole("EH1-N-AAAAAAF")
    assert shown == FSI + "EH1-" + WORD_JOINER + "N-" + WORD_JOINER + "AAAAAAF" + PDI
    with pytest.raises(game.BadCode) as info:
        game.code_from_input("XYZ-123", "easy-harp", 0)
    assert shown in texts().bad_code(info.value, example="EH1-N-AAAAAAF")
    assert typed_deal(shown, "easy-harp", 0) == game.parse_code("EH1-N-AAAAAAF")
    assert typed_deal("\u200bEO1-C4-AAAAAFA\ufeff", "easy-harp", 0) == game.parse_code("EO1-C4-AAAAAFA")
    with pytest.raises(game.BadCode):
        typed_deal("EH1-N-AAAAAAß", "easy-harp", 0)  # look-alike letters are still refused
