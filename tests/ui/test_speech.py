"""Spoken names and sentences (game/ui/speech.py), pure Python, from the real catalogs."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel import Locale

import game
from game.ui import speech
from game.ui.i18n import Catalog
from game.ui.texts import Texts

LOCALES = Path(__file__).resolve().parents[2] / "locales"


def texts(lang: str = "en") -> Texts:
    rule = Locale.parse(lang).plural_form
    return Texts(Catalog.from_json(lang, (LOCALES / f"{lang}.json").read_text(encoding="utf-8"),
                                   plural=lambda n: rule(n)))


def piles(g: game.Game) -> dict[str, list[speech.Seen]]:
    return {pid: [speech.Seen(p.card.id, p.card.face, p.up) for p in g.pile(pid)]
            for pid in g.pile_ids()}


def test_pile_and_card_names():
    tx = texts()
    g = game.new_game("EH1-N-AAAAAAF")
    p = piles(g)
    assert speech.pile_label(tx, "Column 3", p["t3"]) == "Column 3, 3 cards, 2 face down"
    assert speech.pile_label(tx, "Column 1", p["t1"]) == "Column 1, 1 card"
    assert speech.pile_label(tx, "Waste", []) == "Waste, empty"
    top = p["t3"][-1]
    assert speech.card_label(tx, top, "Column 3") == f"{tx.card_label(top.face, True)}, Column 3"
    assert speech.card_label(tx, p["t3"][0], "Column 3") == "Face-down card, Column 3"


def name(pid: str) -> str:
    return pid


def test_a_draw_a_move_and_a_turned_card_are_told():
    tx = texts()
    g = game.new_game("EH1-N-AAAAAAF")
    before = piles(g)
    g.play("s")
    drawn = g.pile("w")[-1].card
    assert speech.describe(tx, before, piles(g), name) == f"Drew {tx.card_label(drawn.face, True)}."
    # A move that uncovers a face-down card.
    move = next(m for m in g.legal_moves() if m.src[0] == "t" and len(g.pile(m.src)) > 1)
    card = g.pile(move.src)[-1].card
    under = g.pile(move.src)[-2].card
    before = piles(g)
    g.play(move)
    said = speech.describe(tx, before, piles(g), name)
    assert said == (f"{tx.card_label(card.face, True)} to {move.dst}. "
                    f"{tx.card_label(under.face, True)} turned face up.")
    # Its undo tells the card going back (the turned card is not "turned" again).
    before = piles(g)
    g.undo()
    assert speech.describe(tx, before, piles(g), name) == f"{tx.card_label(card.face, True)} to {move.src}."
    assert speech.describe(tx, piles(g), piles(g), name) == ""


def test_a_run_is_told_by_its_count_and_head():
    tx = texts()
    before = {"t1": [speech.Seen("9H", "9H", True), speech.Seen("8S", "8S", True)], "t2": []}
    after = {"t1": [], "t2": before["t1"]}
    assert speech.describe(tx, before, after, name) == "2 cards from Nine of hearts to t2."


@pytest.mark.parametrize(("lang", "want"), [
    ("en", "Column 9, 9 cards, 8 face down"),
    ("ro", "Coloana 9, 9 cărți, 8 cu fața în jos"),
    ("id", "Kolom 9, 9 kartu, 8 tertutup"),
])
def test_names_in_other_languages(lang, want):
    tx = texts(lang)
    g = game.new_game("EH1-N-AAAAAAF")
    assert speech.pile_label(tx, tx.pile_label("t9"), piles(g)["t9"]) == want


def test_arabic_uses_its_plural_forms():
    tx = texts("ar")
    g = game.new_game("EH1-N-AAAAAAF")
    said = speech.pile_label(tx, "x", piles(g)["t2"])
    assert "ورقتان" in said and "ورقة مقلوبة" in said


def test_status_and_held():
    tx = texts()
    assert speech.status(tx, 120, 7) == "Score 120, 7 moves."
    card = speech.Seen("7H", "7H", True)
    assert speech.held(tx, card, 1).startswith("Seven of hearts picked up.")
    assert speech.held(tx, card, 3).startswith("3 cards picked up, from Seven of hearts.")


@pytest.mark.parametrize(("lang", "undone", "redone"), [
    ("en", "Undone: {}", "Redone: {}"),
    ("ro", "Mutare anulată: {}", "Mutare refăcută: {}"),
    ("ar", "تم التراجع عن: {}", "تمت إعادة: {}"),
    ("id", "Dibatalkan: {}", "Diulang: {}"),
])
def test_an_undo_and_a_redo_are_told_apart_from_a_new_move(lang, undone, redone):
    tx = texts(lang)
    g = game.new_game("EO1-C2-AAAAADK")
    move = g.legal_moves()[0]  # the ace of column 7 to a foundation
    before = piles(g)
    g.play(move)
    words = speech.describe(tx, before, piles(g), name)
    assert words and move.dst in words
    assert speech.taken(tx, words, "") == words  # a new move: its words alone
    told = f"\u2068{words}\u2069" if lang == "ar" else words  # Arabic isolates values
    assert speech.taken(tx, words, "undo") == undone.format(told)
    assert speech.taken(tx, words, "redo") == redone.format(told)
    assert speech.taken(tx, "", "undo") == ""  # nothing changed: nothing said
