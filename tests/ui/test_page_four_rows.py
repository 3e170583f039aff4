"""A third game on the page (issue 26 point 2): Four Rows, registered from its own file
(``tests/unit/tiny_game.py``) and nothing else, is dealt by a link, laid out and drawn,
played by taps and keys through the view, won, and counted in the statistics, on the
real ``Page`` over the fake browser.

The only words a game brings beside its file are its name in the catalogs
(``game.<name>``); this test serves them with the catalogs, as a shipped game has them in
``locales/``. Whatever else the view needed would be a game fact written outside the
game's file.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import fakebrowser
import pagedriver
import pytest
from fakebrowser import FakeStore
from pagedriver import DESKTOP, LANDSCAPE, PHONE, Driver
from test_page_a11y import Keys, play_by_keys

import game
from tests.unit import tiny_game

NAMES = {"en": "Four Rows", "ro": "Patru rânduri", "ar": "أربعة صفوف", "id": "Empat Baris"}
CODE = "TG1-C4-AAAAAAB"
#: A Four Rows game near its end (Freecell Solver board text): spades to the 8, the other
#: suits to the 10, the 9 of spades in a cell, the king of clubs on the jack of diamonds.
NEAR_END = """Foundations: H-T C-T D-T S-8
Freecells: 9S - - -
: KH QS JH TS
: KS QD JS
: JD KC
: QC JC KD QH
"""
#: Its finish, and how each move is played on the page: "tap" (a tap sends the card
#: home), "tap2" (a tap picks it up, a tap on the pile puts it down), "double" (a double
#: tap: the first tap picks it up, the second plays its best move), "keys" (Enter sends
#: it home; Space picks it up and puts it down on the pile the arrows reach).
FINISH = [
    ("t4-c2", "tap2"), ("c1-f", "tap"), ("t1-f", "keys"), ("t1-f", "tap"), ("c2-f", "tap"),
    ("t2-f", "tap"), ("t1-f", "keys"), ("t3-c1", "double"), ("t3-f", "tap"), ("t2-f", "keys"),
    ("t4-t3", "keys"), ("t4-f", "tap"), ("t4-f", "tap"), ("t3-f", "keys"), ("c1-f", "tap"),
    ("t1-f", "tap"), ("t2-f", "keys"),
]


@pytest.fixture(scope="module", autouse=True)
def four_rows() -> Iterator[None]:
    """Four Rows registered for this module (gone again after it), and
    its name in the catalogs the fake browser serves."""
    registration = tiny_game.registered()
    registration.__enter__()
    saved = dict(fakebrowser.CATALOGS)
    for lang, text in saved.items():
        fakebrowser.CATALOGS[lang] = json.dumps(
            {**json.loads(text), "game.four-rows": NAMES[lang]}, ensure_ascii=False)
    pagedriver.catalog.cache_clear()
    pagedriver.templates.cache_clear()
    yield
    fakebrowser.CATALOGS.update(saved)
    pagedriver.catalog.cache_clear()
    pagedriver.templates.cache_clear()
    registration.__exit__(None, None, None)


def overlaps(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def stat(d: Driver, key: str) -> str | None:
    return d.q(f'[data-stat="four-rows:{key}"]').attrs.get("data-value")


def records(d: Driver) -> dict:
    return json.loads(d.br.store.data["solitaire.records"])


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP, LANDSCAPE], ids=["phone", "desktop", "landscape"])
def test_four_rows_is_dealt_laid_out_and_drawn(viewport: tuple[int, int]) -> None:
    twin = game.new_game(CODE)
    d = Driver(CODE, viewport=viewport)
    assert (d.g.game, d.g.cells, d.g.position()) == ("four-rows", 4, twin.position())
    d.check_table()  # every card where the layout puts it, every pile drawn
    boxes = {e.attrs["data-pile"]: d.box(e) for e in d.doc.querySelectorAll("#table .pile")}
    assert sorted(boxes) == sorted(game.variant_info("four-rows").pile_ids)
    table = d.box(d.q("#table"))
    for pid, (x, y, w, h) in boxes.items():
        assert table[0] <= x and x + w <= table[0] + table[2], pid
        assert table[1] <= y and y + h <= table[1] + table[3], pid
    piles = list(boxes.values())
    assert not any(overlaps(a, b) for i, a in enumerate(piles) for b in piles[i + 1:])
    # The cards of a column go down from its outline, the last one on the table.
    x, y, _w, _h = boxes["t1"]
    top = d.box(d.card_el("t1", 12))
    assert top[0] == x and top[1] > y and top[1] + top[3] <= table[1] + table[3]
    status = d.q('[data-status="game"]')
    assert (status.attrs.get("data-value"), status.textContent) == ("four-rows", "Four Rows")
    # Its welcome (not seen yet for this game): its own cards, in order.
    welcome = d.q('[data-role="welcome"]')
    assert not welcome.hidden
    assert welcome.querySelector(".welcome-title").textContent == "Welcome to Four Rows"
    assert welcome.querySelector(".welcome-step").textContent == "1 of 3"
    d.check_all()


def test_four_rows_is_played_by_taps_and_keys_and_counted() -> None:
    twin = game.new_game(CODE)
    d = Driver(CODE, viewport=PHONE)
    # A tap on a column's top card picks it up; a tap on a free cell puts it there.
    d.tap("t1", 12)
    assert d.selected() == [("t1", 12)]
    assert d.targets() == sorted(twin.targets("t1", 12))
    d.tap("c1", 0)
    twin.play("t1-c1")
    assert d.g.position() == twin.position()
    # The keyboard moves the next one to another cell.
    play_by_keys(Keys(d), twin, "t2-c2")
    assert d.g.position() == twin.position()
    d.check_all()
    # Counted from its first action (SPEC §12), under its own variant.
    assert records(d)["stats"]["four-rows"]["played"] == 1
    d.button("stats")
    assert stat(d, "played") == "1" and stat(d, "won") == "0"
    tab = d.q('#dlg-stats input[name="stats_variant"][value="four-rows"]')
    assert tab.checked and tab.closest("label").textContent.strip() == "Four Rows"
    d.key("Escape")


def test_four_rows_is_chosen_in_the_new_game_dialog() -> None:
    d = Driver(game.DealCode("eight-off", 8, 3).__str__(), viewport=PHONE)
    d.button("new")
    assert d.dialog_open() == "dlg-new"
    radio = d.q('#dlg-new input[name="game"][value="four-rows"]')
    assert radio.closest("label").textContent.strip() == "Four Rows"
    # Easy Harp has no free cells (its cell choices are hidden), Four Rows has 4.
    assert d.q('#dlg-new input[value="easy-harp"]').hasAttribute("data-no-cells")
    assert not radio.hasAttribute("data-no-cells")
    radio.checked = True
    d.br.change(radio)
    d.button("deal-random")  # the form still shows 8 cells: Four Rows has only 4
    assert d.dialog_open() is None
    assert (d.g.game, d.g.cells, d.g.code[:6]) == ("four-rows", 4, "TG1-C4")
    d.check_all()


def test_four_rows_is_won_by_taps_and_keys_and_counted() -> None:
    twin = game.load_position(NEAR_END, game="four-rows", cells=4)
    d = Driver("", viewport=DESKTOP, store=FakeStore({"solitaire.game": twin.to_save()}))
    assert d.g.position() == twin.position()
    for notation, how in FINISH:
        move = twin.normalise(game.Move.parse(notation))
        head = len(twin.pile(move.src)) - 1
        if how == "keys":
            play_by_keys(Keys(d), twin, notation)
            continue
        if how == "double":
            assert twin.tap_move(move.src, head) is None  # the first tap acts alone
            assert twin.double_tap_move(move.src, head) == move
            d.double_tap(move.src, head)
        else:
            assert (twin.tap_move(move.src, head) is None) == (how == "tap2")
            d.tap(move.src, head)
            if how == "tap2":
                assert d.selected() == [(move.src, head)]
                d.tap(move.dst, len(twin.pile(move.dst)))
        twin.play(move)
        assert d.g.position() == twin.position(), notation
        d.check_table()
    assert twin.is_won and d.g.is_won
    d.br.advance(5000)  # the celebration, then the win dialog
    assert d.dialog_open() == "dlg-win"
    assert d.q("#dlg-win").attrs.get("data-score") == str(twin.score)
    stats = records(d)["stats"]
    assert (stats["four-rows"]["played"], stats["four-rows"]["won"]) == (1, 1)
    assert stats["four-rows"]["best-score"] == twin.score
    assert stats["four-rows"]["fewest-moves"] == len(FINISH)
    assert all(stats[v]["played"] == 0 for v in game.STAT_VARIANTS)
    d.br.click(d.q('#dlg-win [data-action="stats"]'))
    assert stat(d, "won") == "1" and stat(d, "best-score") == str(twin.score)
    d.check_all()
