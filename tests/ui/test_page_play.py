"""Playing both games on the page under CPython (issue 3 point 8, moved from
tests/browser/test_play.py by issue 23 point 6): refusals and their reminder, the New
game dialog, links, keys, the win dialog, fast stock taps, a deal with no move, a dialog
opened during a drag and a pick-up the rules refuse, on the real ``Page`` over the fake
browser, checked against the rules package. Whole games by mouse and touch stay in
Chromium (tests/browser/test_play.py).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from fakebrowser import FakeStore
from pagedriver import PHONE, Driver

import game


def first_column_move(g: game.Game) -> game.Move | None:
    """The first legal move from a column or the waste onto a column."""
    for m in g.legal_moves():
        if m.src[0] in "tw" and m.dst and m.dst[0] == "t":
            return m
    return None


def find_deal(kind: str, cells: int, want: Callable[[game.Game], bool]) -> game.Game:
    for n in range(1, 3000):
        g = game.new_game(game.DealCode(kind, cells, n))
        if want(g):
            return g
    raise AssertionError("no deal found")


def head(g: game.Game, m: game.Move) -> int:
    """The index in ``m.src`` of the first card ``m`` carries."""
    return len(g.pile(m.src)) - (m.count or 1)


def reload(d: Driver, **kw: object) -> Driver:
    """The same browser storage, a fresh page (a reload; the link is consumed)."""
    return Driver("", store=d.br.store, viewport=d.br.document.viewport, **kw)  # type: ignore[arg-type]


def reminder(d: Driver):
    el = d.q('[data-role="reminder"]')
    return None if el.closest("[hidden]") is not None else el


def test_refusal_shows_reminder_and_setting_hides_it():
    twin = game.new_game("EH1-N-AAAAAAB")
    d = Driver(twin.code)
    refused = None
    for a in twin.pile_ids():
        for b in twin.pile_ids():
            if a[0] == b[0] == "t" and a != b:
                err = twin.check(twin.drop_move(a, len(twin.pile(a)) - 1, b))
                if err is not None:
                    refused = (a, b, err)
                    break
        if refused:
            break
    assert refused is not None
    a, b, err = refused
    d.drag(a, len(twin.pile(a)) - 1, b)
    shown = reminder(d)
    assert shown is not None
    assert shown.attrs.get("data-reason") == err.code
    assert shown.textContent.strip()
    assert d.g.position() == twin.position()  # nothing changed, the card went back
    d.check_all()
    # Interactive rules off: the same refusal shows nothing; the setting survives reload.
    d.set_setting("interactive", False)
    d.drag(a, len(twin.pile(a)) - 1, b)
    assert reminder(d) is None
    assert d.g.position() == twin.position()
    d.check_all()
    d = reload(d)
    assert d.page.settings.interactive is False
    d.button("settings")
    assert not d.q('#dlg-settings [name="interactive"]').checked
    assert d.q('#dlg-settings [name="double_click"]').checked


def enter_code(d: Driver, text: str) -> None:
    d.q("#deal-code").value = text
    d.button("deal-code")


def check(d: Driver, selector: str) -> None:
    el = d.q(selector)
    el.checked = True
    d.br.change(el)


def test_new_game_dialog_codes_numbers_and_links():
    d = Driver("EH1-N-AAAAAAF")
    before = d.g.position()
    d.button("new")
    assert d.dialog_open() == "dlg-new"
    # A bad code is refused with a clear message; the game stays.
    enter_code(d, "C3-NOPE")
    err = d.q('[data-role="code-error"]')
    assert not err.hidden and err.attrs.get("data-reason")
    assert err.textContent.strip()
    enter_code(d, "1000000")
    assert err.attrs.get("data-reason") == "code-range"
    assert d.g.position() == before
    # A number for Eight Off with 4 cells; the code field's example follows the choice.
    assert d.q("#deal-code").attrs["placeholder"] == "EH1-N-AAAAAAF or 12345"
    check(d, '#dlg-new input[value="eight-off"]')
    check(d, '#dlg-new input[name="cells"][value="4"]')
    assert d.q("#deal-code").attrs["placeholder"] == "EO1-C4-AAAAAAF or 12345"
    # the refusal's example is a code of the game shown too (it quoted Easy Harp's)
    enter_code(d, "hello")
    assert err.attrs.get("data-reason") == "code-format"
    from game.ui.texts import INVISIBLE  # (the code is kept whole: texts.whole)
    assert "(like EO1-C4-AAAAAAF)" in err.textContent.translate(INVISIBLE), err.textContent
    enter_code(d, " 7 ")
    assert d.dialog_open() is None
    twin = game.new_game("EO1-C4-AAAAAAH")
    assert d.g.code == twin.code and d.g.position() == twin.position()
    d.check_all()
    # Same deal after a move starts it again from the beginning, once confirmed.
    m = first_column_move(twin)
    assert m is not None
    d.drag(m.src, head(twin, m), m.dst)
    twin.play(m)
    assert d.g.position() == twin.position()
    d.button("new")
    d.button("deal-same")
    assert d.dialog_open() == "dlg-confirm"  # asks first (issue 12)
    d.button("confirm")
    assert d.g.position() == game.new_game("EO1-C4-AAAAAAH").position()
    assert d.g.move_count == 0
    d.check_all()
    # Deal of the day for the chosen game.
    d.button("new")
    check(d, '#dlg-new input[value="easy-harp"]')
    d.button("deal-daily")
    assert d.g.code == str(game.deal_of_the_day(d.br.today(), "easy-harp", 0))
    assert d.q("[data-status=code]").attrs["data-value"] == d.g.code
    # A random new deal is a fresh Easy Harp game.
    d.button("new")
    d.button("deal-random")
    assert d.g.game == "easy-harp" and d.g.move_count == 0
    assert d.q("[data-status=moves]").attrs["data-value"] == "0"
    assert d.g.position() == game.new_game(d.g.code).position()
    d.check_all()


def test_bad_link_is_refused_and_game_stays():
    d = Driver("EO1-C2-AAAAABC")
    twin = game.new_game("EO1-C2-AAAAABC")
    assert len(d.doc.querySelectorAll("#table .pile-cell")) == 2
    d = Driver("EO1-C9-ZZ", store=d.br.store)
    assert d.notice() == "link-refused"
    assert d.g.position() == twin.position()
    d.check_all()


def test_keyboard_shortcuts():
    twin = game.new_game("EH1-N-AAAAAAF")
    d = Driver(twin.code)
    d.tap("s", 0)
    twin.play("s")
    d.key("z", ctrl=True)
    twin.undo()
    assert d.g.position() == twin.position()
    d.key("y", ctrl=True)
    twin.redo()
    assert d.g.position() == twin.position()
    d.key("z", ctrl=True)
    d.key("Z", ctrl=True, shift=True)
    assert d.g.position() == twin.position()
    d.check_all()
    d.key("n")
    assert d.dialog_open() == "dlg-new"


def test_win_message_shows_the_score():
    text = (
        "Foundations: H-Q C-K D-K S-K\n"
        "Freecells:\n"
        ": KH\n:\n:\n:\n:\n:\n:\n:\n"
    )
    g = game.load_position(text, game="eight-off", cells=8)
    d = Driver("", store=FakeStore({"solitaire.game": g.to_save()}))
    d.double_tap("t1", 0)
    g.play("t1-f")
    d.br.advance(5000)  # the win is celebrated first (test_page_records.py)
    assert d.dialog_open() == "dlg-win"
    dlg = d.q("#dlg-win")
    assert d.q("#win-title").textContent == "You won!"
    assert dlg.attrs.get("data-score") == str(g.score)
    assert str(g.score) in dlg.textContent
    d.check_all()


def test_fast_taps_on_the_stock_only_draw():
    """Taps faster than the drawn card's flight land on that card while it still flies
    over the stock: each must still be a draw, never a move of the waste card."""
    code = "EH1-N-AAAAAAF"
    d = Driver(code)
    x, y, w, h = d.box(d.q('#table .pile[data-pile="s"]'))
    taps = 30
    for _ in range(taps):
        d.br.pointer("pointerdown", x + w / 2, y + h / 2)
        d.br.advance(10)
        d.br.pointer("pointerup", x + w / 2, y + h / 2)
        d.br.advance(30)
    d.br.advance(400)
    saved = game.load_save(d.br.store.data["solitaire.game"])
    twin = game.new_game(code)
    for _ in range(taps):
        twin.play("s")
    assert saved.position() == twin.position()
    assert saved.move_count == taps
    d.check_all()


def test_the_stock_dragged_onto_the_waste_draws_and_elsewhere_does_nothing():
    """Trial 47: a player dragged the stock onto the waste, and nothing happened. That
    drag draws a card, as a tap does; a drag from the stock that ends anywhere else
    still does nothing (an earlier tester's drag that began on the stock drew a card)."""
    code = "EH1-N-AAAAAAF"
    d = Driver(code)
    twin = game.new_game(code)
    for dst, draws in (("w", True), ("t5", False), ("w", True)):
        d.drag("s", len(d.g.pile("s")) - 1, dst)
        if draws:
            twin.play("s")
        assert d.g.position() == twin.position(), dst
    assert d.g.move_count == 2
    d.check_all()


def test_a_deal_with_no_move_says_so():
    stuck = game.new_game("EO1-C4-AAAAAFA")  # deal 130 with 4 cells: no legal move at all
    assert stuck.legal_moves() == []
    d = Driver(stuck.code)
    assert d.notice() == "no-moves"
    # A new deal that can be played clears it.
    d.button("new")
    enter_code(d, "EO1-C4-AAAAAAH")
    assert d.notice() is None
    d.check_all()


def test_a_dialog_opened_during_a_drag_puts_the_card_back():
    d = Driver("EH1-N-AAAAAAF", viewport=PHONE)
    twin = game.new_game("EH1-N-AAAAAAF")
    top = len(twin.pile("t9")) - 1
    el = d.card_el("t9", top)
    before = d.box(el)
    x, y = d.point("t9", top)
    d.br.pointer("pointerdown", x, y)
    for k in range(1, 5):
        d.br.advance(16)
        d.br.pointer("pointermove", x - 15 * k, y + 20 * k)
    d.key("n", on_table=False)  # the New game dialog opens over the drag
    assert d.dialog_open() == "dlg-new"
    d.key("Escape")
    d.br.pointer("pointermove", x - 75, y + 100)
    d.br.pointer("pointermove", x - 90, y + 120)
    d.br.pointer("pointerup", x - 90, y + 120)
    d.br.advance(300)
    assert d.box(d.card_el("t9", top))[:2] == before[:2]
    assert d.doc.querySelectorAll("#table .dragging") == []
    assert d.g.position() == twin.position()
    d.check_all()


def test_drag_of_cards_that_may_not_move_together_is_refused_at_once():
    # The rules package says what may be picked up (Game.pickup_refusal): an Easy Harp
    # pair that is not led by a king does not lift; the reminder says why (SPEC §4, §6).
    def two_up(g: game.Game) -> bool:
        m = first_column_move(g)
        if m is None:
            return False
        g.play(m)
        return g.pickup_refusal(m.dst, len(g.pile(m.dst)) - 2) is not None

    found = find_deal("easy-harp", 0, two_up)
    twin = game.new_game(found.code)
    d = Driver(twin.code)
    m = first_column_move(twin)
    assert m is not None
    d.drag(m.src, head(twin, m), m.dst)
    twin.play(m)
    assert d.g.position() == twin.position()
    refusal = twin.pickup_refusal(m.dst, len(twin.pile(m.dst)) - 2)
    assert refusal is not None
    other = next(p for p in twin.pile_ids() if p[0] == "t" and p != m.dst and twin.pile(p))
    d.drag(m.dst, len(twin.pile(m.dst)) - 2, other)
    shown = reminder(d)
    assert shown is not None and shown.attrs.get("data-reason") == refusal.value
    assert d.doc.querySelectorAll("#table .card.dragging") == []
    assert d.g.position() == twin.position()  # nothing lifted, nothing moved
    d.check_all()


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("how", ["tap", "drag"])
def test_a_covered_waste_card_is_refused_with_words_about_the_waste(lang, how):
    # Trial 51: two draws, then a tap on the covered card of the waste said "In Easy
    # Harp only the top card moves from one column to another". The code stays the
    # rules' (SPEC §8 data-reason); the words are about the waste. A covered column
    # card keeps the column words.
    from pagedriver import catalog

    d = Driver("EH1-N-AAAYDIG", viewport=PHONE, settings={"language": lang})
    d.tap("s", len(d.g.pile("s")) - 1)
    d.tap("s", len(d.g.pile("s")) - 1)
    assert len(d.g.pile("w")) == 2
    if how == "tap":
        d.tap("w", 0)
    else:
        d.drag("w", 0, "t1")
    reminder = d.q('[data-role="reminder"]')
    assert not reminder.hidden and reminder.attrs["data-reason"] == "one-card-at-a-time"
    assert reminder.textContent == catalog(lang)["reminder.waste-top"]
    assert len(d.g.pile("w")) == 2 and d.g.move_count == 2
    d.check_all()
