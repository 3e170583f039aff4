"""The page under CPython (issue 23): each fault testers met, as a player meets it, on
the real ``Page`` over the fake browser (``pagedriver.py``), at phone and desktop sizes.
"""

from __future__ import annotations

import pytest
from pagedriver import DESKTOP, LANDSCAPE, PHONE, Driver, catalog

import game
from game.ui import core, page
from game.ui.notices import NOTICE_MS

SIZES = pytest.mark.parametrize("viewport", [PHONE, DESKTOP, LANDSCAPE],
                                ids=["phone", "desktop", "landscape"])


def top(d: Driver, pile: str) -> int:
    return len(d.g.pile(pile)) - 1


def a_card_without_foundation_move(d: Driver) -> str:
    g = d.g
    for pid in g.pile_ids():
        if pid[0] == "t" and g.pile(pid) and g.tap_move(pid, -1) is None \
                and g.pickup_refusal(pid, top(d, pid)) is None:
            return pid
    raise AssertionError("no such column")


@SIZES
def test_a_tap_on_an_empty_free_cell_places_the_selection(viewport):
    d = Driver("EO1-C8-AAAAAFA", viewport=viewport)
    src = a_card_without_foundation_move(d)
    card = d.g.pile(src)[-1].card.id
    d.tap(src, top(d, src))
    assert d.selected() == [(src, top(d, src))]
    empty = [c for c in ("c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8") if not d.g.pile(c)]
    assert set(empty) <= set(d.targets())
    d.tap(empty[0], 0, gap=120)
    assert [p.card.id for p in d.g.pile(empty[0])] == [card]
    assert d.selected() == []
    d.check_all()


@SIZES
def test_a_tap_on_an_empty_column_places_a_selected_king(viewport):
    # Eight Off: follow a solution until a column is empty and a king may go there.
    g = game.new_game("EO1-C8-AAAAAFA")
    col = king = None
    for move in game.solve(g).moves:
        g.play(move)
        empty = [p for p in g.pile_ids() if p[0] == "t" and not g.pile(p)]
        kings = [(p, i) for p in g.pile_ids() if p[0] in "tc"
                 for i, c in enumerate(g.pile(p)) if c.card.rank == 13 and (p[0] == "c" or i > 0)
                 and g.pickup_refusal(p, i) is None]
        if empty and kings and g.tap_move(*kings[0]) is None:
            col, king = empty[0], kings[0]
            break
    assert col is not None and king is not None
    store_game = g.to_save()
    from fakebrowser import FakeStore
    d = Driver("", viewport=viewport, store=FakeStore({"solitaire.game": store_game}))
    d.tap(*king)
    assert col in d.targets()
    d.tap(col, 0, gap=150)
    assert d.g.pile(col) and d.g.pile(col)[0].card.rank == 13
    d.check_all()


def foundation_cards(d: Driver) -> list[str]:
    g = d.g
    return [p for p in g.pile_ids() if p[0] in "tcw" and g.pile(p) and g.tap_move(p, -1) is not None]


@SIZES
def test_four_cards_tapped_100_ms_apart_all_go_up(viewport):
    # Eight Off deal 2 with 8 cells, 45 moves into the solver's line (85 moves): four
    # piles (t2, t6, t8, c1) each have a top card that a tap sends to a foundation.
    g = game.new_game(game.DealCode("eight-off", 8, 2))
    for move in game.solve(g).moves[:45]:
        g.play(move)
    ups = [p for p in g.pile_ids() if p[0] in "tc" and g.pile(p) and g.tap_move(p, -1)][:4]
    assert len(ups) == 4
    from fakebrowser import FakeStore
    d = Driver("", viewport=viewport, store=FakeStore({"solitaire.game": g.to_save()}))
    before = sum(len(d.g.pile(f)) for f in d.g.pile_ids() if f[0] == "f")
    cards = [d.g.pile(p)[-1].card.id for p in ups]
    for p in ups:
        d.tap(p, top(d, p), gap=100, touch=True)
    after = sum(len(d.g.pile(f)) for f in d.g.pile_ids() if f[0] == "f")
    assert after - before == 4
    assert all(any(c.card.id == cid for f in d.g.pile_ids() if f[0] == "f" for c in d.g.pile(f))
               for cid in cards)
    d.check_all()


def test_a_double_tap_right_after_another_action_acts():
    d = Driver("EO1-C8-AAAAAFA", viewport=LANDSCAPE)
    src = a_card_without_foundation_move(d)
    d.tap(src, top(d, src))  # select
    d.tap(src, top(d, src), gap=500)  # unselect
    other = next(p for p in d.g.pile_ids() if p[0] == "t" and p != src and d.g.pile(p))
    d.br.advance(100)
    expected = d.g.double_tap_move(other, -1)
    count = d.g.move_count
    d.double_tap(other, top(d, other))
    assert (d.g.move_count == count + 1) == (expected is not None)
    d.check_all()


def test_shift_n_does_not_open_new_game_but_n_does():
    d = Driver("EO1-C8-AAAAAFA")
    d.key("N", shift=True, on_table=False)
    assert d.dialog_open() is None
    d.key("n", on_table=False)
    assert d.dialog_open() == "dlg-new"


def test_a_language_switch_rewrites_the_verdict_at_once():
    d = Driver("EO1-C8-AAAAAFA", settings={"show_winnable": True, "language": "ar"})
    d.br.advance(100)
    verdict = d.q('[data-role="winnable"]')
    assert verdict.attrs["data-value"] in ("yes", "no", "unknown")
    for lang in ("ro", "en", "id", "ar"):
        d.set_setting("language", lang)
        assert d.page.texts.lang == lang
        d.check_words()


def test_the_verdict_while_thinking_follows_the_language():
    d = Driver("EO1-C8-AAAAAFA", settings={"show_winnable": True, "language": "ar"})
    d.page.status.verdict("thinking", d.page.texts)
    d.set_setting("language", "en")
    assert d.q('[data-role="winnable"]').textContent == "Thinking…" or d.check_words() is None
    d.check_words()


def test_notices_close_with_their_cause():
    d = Driver("EO1-C8-AAAAAFA")
    d.button("stats")
    d.button("export")
    assert d.notice() == "export"
    d.q("#dlg-stats").close()
    src = a_card_without_foundation_move(d)
    d.double_tap(src, top(d, src))
    assert d.notice() != "export"
    d.check_notices()
    d.button("stats")
    d.button("export")
    d.q("#dlg-stats").close()
    d.br.advance(NOTICE_MS + 10)
    assert d.notice() is None


def test_finish_for_me_stopped_stays_stopped_and_asks_again():
    d = Driver("EO1-C8-AAAAAFA")
    d.button("solve")
    d.br.advance(50)
    assert d.dialog_open() == "dlg-confirm"
    d.button("confirm")
    d.br.advance(1000)
    played = d.g.move_count
    assert played > 0
    d.key("Escape", on_table=False)  # any key stops it
    assert d.page.finishing == []
    d.br.advance(5000)
    assert d.g.move_count == played  # stopped, and stays stopped
    d.button("solve")  # again: it asks again, it does not resume on its own
    d.br.advance(50)
    assert d.dialog_open() == "dlg-confirm"
    d.br.advance(3000)
    assert d.g.move_count == played
    d.button("cancel")
    d.br.advance(3000)
    assert d.g.move_count == played
    d.check_all()


def test_no_module_of_the_view_reaches_the_page():
    # The parts are given what they need; only app.py makes the page.
    assert page.Page.__mro__[-2] is core.Core


def test_finish_for_me_can_skip_to_the_end():
    d = Driver("EO1-C8-AAAAAFA")
    d.button("solve")
    d.br.advance(50)
    d.button("confirm")
    d.br.advance(500)
    assert d.notice() == "finishing"
    bar_button = d.q('[data-role="notice"] [data-action="notice-action"]')
    d.br.pointer("pointerdown", 5, 5, target=bar_button)
    d.br.click(bar_button)
    assert d.g.is_won
    assert d.notice() != "finishing" and not d.page.finishing
    d.check_all()
    # Hint on the table finished for the player says so, not "The game is won" (a
    # tester read that beside the status bar's "Finished with help")
    if d.dialog_open():
        d.button("close-dialog")
    d.button("hint")
    assert d.q('[data-role="notice"] .notice-text').textContent == catalog("en")["hint.finished"]


def test_a_quick_second_tap_on_the_card_a_tap_uncovered_selects_nothing():
    """A tester's double tap on A♠ (EO1-C4-AAAALQS, t3) sent it up, and its second tap
    then picked the 4♣ under it, with a reminder. That second tap still plays a move the
    uncovered card has, but selects nothing; an unhurried tap selects as always."""
    d = Driver("EO1-C4-AAAALQS", viewport=PHONE)
    assert [c.card.id for c in d.g.pile("t3")][-2:] == ["4C", "AS"]
    d.tap("t3", 5, touch=True)
    assert d.g.pile("f1")[-1].card.id == "AS"
    d.tap("t3", 4, gap=100, touch=True)
    assert d.selected() == [] and d.q('[data-role="reminder"]').hidden
    d.check_all()
    d.tap("t3", 4, gap=500, touch=True)
    assert d.selected() == [("t3", 4)]
    d.check_all()

