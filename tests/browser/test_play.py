"""Playing both games in the live page, as a player would (issue 3 point 8).

Every test keeps a CPython twin of the game: each action done in the page is also
played on the twin through the rules package, and the table's card elements must then
show exactly the twin's piles (SPEC §8 attributes). Motion is reduced so that card
elements sit at their final place as soon as the DOM is updated.
"""

from __future__ import annotations

import datetime as dt

import pytest

import game
from tests.browser.helpers import (
    assert_same,
    card_point,
    find_deal,
    first_column_move,
    head_id,
    mouse_drag,
    pile_point,
    status,
    table,
    touch_drag,
)

pytestmark = pytest.mark.context(reduced_motion="reduce")


def test_easy_harp_by_mouse(open_app, page, reload_app):
    code = "EH1-N-AAAAAAF"
    twin = game.new_game(code)
    open_app(f"/index.html?deal={code}")
    assert_same(page, twin)
    assert "deal=" not in page.url  # the link is consumed, a reload resumes the game

    # Tap the stock three times: three draws.
    for _ in range(3):
        page.mouse.click(*pile_point(page, twin, "s"))
        twin.play("s")
        assert_same(page, twin)

    # Drag moves found by the rules package, from columns or the waste, by mouse.
    played = 0
    for _ in range(40):
        m = first_column_move(twin)
        if m is None:
            page.mouse.click(*pile_point(page, twin, "s"))
            twin.play("s")
            continue
        mouse_drag(page, card_point(page, head_id(twin, m)), pile_point(page, twin, m.dst))
        twin.play(m)
        assert_same(page, twin)
        played += 1
        if played == 3:
            break
    assert played == 3

    # Undo twice, redo once: positions follow; the counter does not go down.
    page.locator('[data-action="undo"]').click()
    twin.undo()
    page.locator('[data-action="undo"]').click()
    twin.undo()
    assert_same(page, twin)
    page.locator('[data-action="redo"]').click()
    twin.redo()
    assert_same(page, twin)

    # A reload brings back the same game, with its undo and redo.
    reload_app()
    assert_same(page, twin)
    assert page.locator('[data-action="undo"]').is_enabled()
    assert page.locator('[data-action="redo"]').is_enabled()
    page.locator('[data-action="redo"]').click()
    twin.redo()
    assert_same(page, twin)
    assert page.locator('[data-action="redo"]').is_disabled()


@pytest.mark.viewport("phone")
def test_eight_off_taps_and_touch_drags_on_a_phone(open_app, page):
    def good(g):
        tops = [g.pile(p)[-1] for p in g.pile_ids() if p[0] == "t"]
        has_ace = any(t.card.rank == 1 for t in tops)
        dbl = any(g.double_tap_move(p, len(g.pile(p)) - 1) and not g.tap_move(
            p, len(g.pile(p)) - 1) for p in g.pile_ids() if p[0] == "t")
        return has_ace and dbl and first_column_move(g) is not None

    twin = find_deal("eight-off", 4, good)
    open_app(f"/index.html?deal={twin.code}")
    assert_same(page, twin)
    assert page.evaluate("document.querySelectorAll('#table .pile-cell').length") == 4

    # A tap on an ace sends it to its foundation.
    ace = next(p for p in twin.pile_ids() if p[0] == "t" and twin.pile(p)[-1].card.rank == 1)
    tap = twin.tap_move(ace, len(twin.pile(ace)) - 1)
    page.touchscreen.tap(*card_point(page, twin.pile(ace)[-1].card.id))
    twin.play(tap)
    assert_same(page, twin)
    assert twin.score == 10

    # A touch drag of a legal column move.
    m = first_column_move(twin)
    if m is not None:
        touch_drag(page, card_point(page, head_id(twin, m)), pile_point(page, twin, m.dst))
        twin.play(m)
        assert_same(page, twin)

    # A double tap (two quick touches) on a card that a single tap would not move.
    for pid in twin.pile_ids():
        if pid[0] != "t" or not twin.pile(pid):
            continue
        top = len(twin.pile(pid)) - 1
        dbl = twin.double_tap_move(pid, top)
        if dbl is not None and twin.tap_move(pid, top) is None:
            point = card_point(page, twin.pile(pid)[-1].card.id)
            page.touchscreen.tap(*point)
            page.touchscreen.tap(*point)
            twin.play(dbl)
            assert_same(page, twin)
            break
    else:
        pytest.fail("no double tap found")


def test_refusal_shows_reminder_and_setting_hides_it(open_app, page, reload_app):
    twin = game.new_game("EH1-N-AAAAAAB")
    open_app(f"/index.html?deal={twin.code}")
    # A drop of one column's top card onto a column that refuses it.
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
    a, b, err = refused
    mouse_drag(page, card_point(page, twin.pile(a)[-1].card.id), pile_point(page, twin, b))
    reminder = page.locator('[data-role="reminder"]')
    assert reminder.is_visible()
    assert reminder.get_attribute("data-reason") == err.code
    assert reminder.inner_text().strip()
    assert_same(page, twin)  # nothing changed, the card went back

    # Interactive rules off: the same refusal shows nothing; the setting survives reload.
    page.locator('[data-action="settings"]').click()
    page.locator('#dlg-settings [name="interactive"]').uncheck()
    page.locator('#dlg-settings [data-action="close-dialog"]').click()
    mouse_drag(page, card_point(page, twin.pile(a)[-1].card.id), pile_point(page, twin, b))
    assert not reminder.is_visible()
    assert_same(page, twin)
    reload_app()
    page.locator('[data-action="settings"]').click()
    assert not page.locator('#dlg-settings [name="interactive"]').is_checked()
    assert page.locator('#dlg-settings [name="double_click"]').is_checked()


def test_new_game_dialog_codes_numbers_and_links(open_app, page):
    open_app("/index.html?deal=EH1-N-AAAAAAF")
    before = table(page)
    page.locator('[data-action="new"]').click()
    dlg = page.locator("#dlg-new")
    assert dlg.is_visible()
    # A bad code is refused with a clear message; the game stays.
    page.fill("#deal-code", "C3-NOPE")
    page.locator('[data-action="deal-code"]').click()
    err = page.locator('[data-role="code-error"]')
    assert err.is_visible() and err.get_attribute("data-reason")
    assert err.inner_text().strip()
    page.fill("#deal-code", "1000000")
    page.locator('[data-action="deal-code"]').click()
    assert err.get_attribute("data-reason") == "code-range"
    assert table(page) == before
    # A number for Eight Off with 4 cells.
    page.locator('#dlg-new input[value="eight-off"]').check()
    page.locator('#dlg-new input[name="cells"][value="4"]').check()
    page.fill("#deal-code", " 7 ")
    page.locator('[data-action="deal-code"]').click()
    assert not dlg.is_visible()
    twin = game.new_game("EO1-C4-AAAAAAH")
    assert_same(page, twin)
    # Same deal after a move starts it again from the beginning.
    m = first_column_move(twin)
    mouse_drag(page, card_point(page, head_id(twin, m)), pile_point(page, twin, m.dst))
    twin.play(m)
    assert_same(page, twin)
    page.locator('[data-action="new"]').click()
    page.locator('[data-action="deal-same"]').click()
    page.locator('[data-role="confirm"] [data-action="confirm"]').click()  # asks first (issue 12)
    assert_same(page, game.new_game("EO1-C4-AAAAAAH"))
    # Deal of the day for the chosen game.
    page.locator('[data-action="new"]').click()
    page.locator('#dlg-new input[value="easy-harp"]').check()
    page.locator('[data-action="deal-daily"]').click()
    today = dt.date.fromisoformat(page.evaluate(
        "(() => { const d = new Date(); return d.getFullYear() + '-' + "
        "String(d.getMonth() + 1).padStart(2, '0') + '-' + String(d.getDate()).padStart(2, '0'); })()"))
    assert status(page)["code"] == str(game.deal_of_the_day(today, "easy-harp", 0))
    # A random new deal is a fresh Easy Harp game.
    page.locator('[data-action="new"]').click()
    page.locator('[data-action="deal-random"]').click()
    st = status(page)
    assert st["game"] == "easy-harp" and st["moves"] == "0"
    assert_same(page, game.new_game(st["code"]))


def test_bad_link_is_refused_and_game_stays(open_app, page):
    open_app("/index.html?deal=EO1-C2-AAAAABC")
    twin = game.new_game("EO1-C2-AAAAABC")
    assert page.evaluate("document.querySelectorAll('#table .pile-cell').length") == 2
    page.goto("/index.html?deal=EO1-C9-ZZ")
    page.wait_for_selector("html[data-ready='1']")
    notice = page.locator('[data-role="notice"]')
    assert notice.is_visible() and notice.get_attribute("data-notice") == "link-refused"
    assert_same(page, twin)


def test_keyboard_shortcuts(open_app, page):
    twin = game.new_game("EH1-N-AAAAAAF")
    open_app(f"/index.html?deal={twin.code}")
    page.mouse.click(*pile_point(page, twin, "s"))
    twin.play("s")
    page.keyboard.press("Control+z")
    twin.undo()
    assert_same(page, twin)
    page.keyboard.press("Control+y")
    twin.redo()
    assert_same(page, twin)
    page.keyboard.press("Control+z")
    page.keyboard.press("Control+Shift+Z")
    assert_same(page, twin)
    page.keyboard.press("n")
    assert page.locator("#dlg-new").is_visible()


def test_win_message_shows_the_score(open_app, page):
    text = (
        "Foundations: H-Q C-K D-K S-K\n"
        "Freecells:\n"
        ": KH\n:\n:\n:\n:\n:\n:\n:\n"
    )
    g = game.load_position(text, game="eight-off", cells=8)
    open_app("/index.html", storage={"solitaire.game": g.to_save()})
    page.locator('#table .card[data-id="KH"]').dblclick()
    g.play("t1-f")
    dlg = page.locator("#dlg-win")
    assert dlg.is_visible()
    assert dlg.get_attribute("data-score") == str(g.score)
    assert str(g.score) in dlg.inner_text()


def test_every_control_has_an_accessible_name(open_app, page):
    open_app("/index.html")
    nameless = page.evaluate("""() => [...document.querySelectorAll(
        'button, a, input, select, [data-action]')].filter(e => !e.closest('[hidden]')).filter(e => {
          const label = e.getAttribute('aria-label') || e.textContent.trim()
            || (e.labels && e.labels.length && e.labels[0].textContent.trim());
          return !label; }).map(e => e.outerHTML.slice(0, 80))""")
    assert nameless == []


@pytest.mark.context(reduced_motion="no-preference")
def test_fast_taps_on_the_stock_only_draw(open_app, page):
    """Taps faster than the drawn card's flight land on that card while it still flies
    over the stock: each must still be a draw, never a move of the waste card."""
    code = "EH1-N-AAAAAAF"
    open_app(f"/index.html?deal={code}")
    box = page.locator('#table .pile[data-pile="s"]').bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    taps = 30
    for _ in range(taps):
        page.mouse.click(x, y)
        page.wait_for_timeout(30)
    page.wait_for_timeout(400)
    saved = game.load_save(page.evaluate("localStorage.getItem('solitaire.game')"))
    twin = game.new_game(code)
    for _ in range(taps):
        twin.play("s")
    assert saved.position() == twin.position()
    assert saved.move_count == taps


def test_a_deal_with_no_move_says_so(open_app, page):
    stuck = game.new_game("EO1-C4-AAAAAFA")  # deal 130 with 4 cells: no legal move at all
    assert stuck.legal_moves() == []
    open_app(f"/index.html?deal={stuck.code}")
    notice = page.locator('[data-role="notice"]')
    assert notice.is_visible() and notice.get_attribute("data-notice") == "no-moves"
    # A new deal that can be played clears it.
    page.locator('[data-action="new"]').click()
    page.fill("#deal-code", "EO1-C4-AAAAAAH")
    page.locator('[data-action="deal-code"]').click()
    assert not notice.is_visible()


@pytest.mark.viewport("phone")
def test_a_dialog_opened_during_a_drag_puts_the_card_back(open_app, page):
    twin = game.new_game("EH1-N-AAAAAAF")
    open_app(f"/index.html?deal={twin.code}")
    top = twin.pile("t9")[-1].card.id
    before = page.locator(f'#table .card[data-id="{top}"]').bounding_box()
    x, y = card_point(page, top)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - 60, y + 80, steps=4)
    page.keyboard.press("n")  # the New game dialog opens over the drag
    assert page.locator("#dlg-new").is_visible()
    page.keyboard.press("Escape")
    page.mouse.move(x - 90, y + 120, steps=2)
    page.mouse.up()
    after = page.locator(f'#table .card[data-id="{top}"]').bounding_box()
    assert (round(after["x"]), round(after["y"])) == (round(before["x"]), round(before["y"]))
    assert page.evaluate("document.querySelectorAll('#table .dragging').length") == 0
    assert_same(page, twin)


def test_drag_of_cards_that_may_not_move_together_is_refused_at_once(open_app, page):
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
    open_app(f"/index.html?deal={twin.code}")
    m = first_column_move(twin)
    mouse_drag(page, card_point(page, head_id(twin, m)), pile_point(page, twin, m.dst))
    twin.play(m)
    assert_same(page, twin)
    pair = twin.pile(m.dst)[-2].card.id
    code = twin.pickup_refusal(m.dst, len(twin.pile(m.dst)) - 2).value
    other = next(p for p in twin.pile_ids() if p[0] == "t" and p != m.dst and twin.pile(p))
    mouse_drag(page, card_point(page, pair), pile_point(page, twin, other))
    reminder = page.locator('[data-role="reminder"]')
    assert reminder.is_visible() and reminder.get_attribute("data-reason") == code
    assert page.locator("#table .card.dragging").count() == 0
    assert_same(page, twin)  # nothing lifted, nothing moved
