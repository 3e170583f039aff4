"""Playing both games in the live page, as a player would (issue 3 point 8): whole
games by mouse and by touch in Chromium. The flows the page's Python decides (refusals,
the New game dialog, links, keys, the win dialog, fast stock taps, a deal with no move,
a dialog during a drag, a refused pick-up) run under CPython in tests/ui/test_page_play.py
(issue 23 point 6).

Every test keeps a CPython twin of the game: each action done in the page is also
played on the twin through the rules package, and the table's card elements must then
show exactly the twin's piles (SPEC §8 attributes). Motion is reduced so that card
elements sit at their final place as soon as the DOM is updated.
"""

from __future__ import annotations

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
    py,
    reset,
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

    # A double tap on a card that a single tap would not move: the two presses in one
    # request (two touchscreen taps are two round trips, which a loaded machine can
    # stretch past the 300 ms of a double tap; the CPython suite covers its timing).
    for pid in twin.pile_ids():
        if pid[0] != "t" or not twin.pile(pid):
            continue
        top = len(twin.pile(pid)) - 1
        dbl = twin.double_tap_move(pid, top)
        if dbl is not None and twin.tap_move(pid, top) is None:
            point = card_point(page, twin.pile(pid)[-1].card.id)
            page.mouse.dblclick(*point)
            twin.play(dbl)
            assert_same(page, twin)
            break
    else:
        pytest.fail("no double tap found")


def test_every_control_has_an_accessible_name(warm_page):
    """Every visible control of the page, the first visit's welcome shown (as the help's
    ``?welcome=1`` shows it), has a name."""
    page = warm_page
    reset(page, "EH1-N-AAAAAAF")
    py(page, "from game.ui.app import APP\n"
             "APP.welcome.maybe_show(APP.g, APP.texts, APP.table, force=True)")
    assert page.locator('[data-role="welcome"] [data-action="welcome-next"]').is_visible()
    nameless = page.evaluate("""() => [...document.querySelectorAll(
        'button, a, input, select, [data-action]')].filter(e => !e.closest('[hidden]')).filter(e => {
          const label = e.getAttribute('aria-label') || e.textContent.trim()
            || (e.labels && e.labels.length && e.labels[0].textContent.trim());
          return !label; }).map(e => e.outerHTML.slice(0, 80))""")
    assert nameless == []
