"""The solver in the page (issue 10 points 4-7, SPEC §8 and §10): Hint, "winnable deals
only", the "Can it still be won?" indicator and "Finish for me", driven through the
page's contract attributes and checked against the rules package in CPython.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import card_point, mouse_drag, notice, pile_point, py, saved_game, status

import game
from game.ui.persist import KEY_SETTINGS, Settings

EO8 = "EO1-C8-AAAAAAB"  # Eight Off deal 1, 8 cells: winnable (README, "Solver")
# Eight Off 4 cells deal 294: winnable from the deal, and t8-t4 first makes it lost
# (checked below with game.solve in CPython).
EO4_DEAL = game.DealCode("eight-off", 4, 294)
KILLER = "t8-t4"

MARKS_JS = """() => [...document.querySelectorAll('#table [data-hint]')].map(e =>
  [e.dataset.hint, e.dataset.pile, e.dataset.card ? +e.dataset.index : -1])"""
WINNABLE = "[data-status='winnable']"


def marks(page) -> list[list]:
    return page.evaluate(MARKS_JS)


def hinted_move(page, g: game.Game) -> game.Move:
    """The move the hint marks: the ``from`` cards are the top cards of one pile, the
    ``to`` mark is one pile's drop area."""
    found = marks(page)
    src = {p for h, p, _ in found if h == "from"}
    to = [p for h, p, i in found if h == "to"]
    assert len(src) == 1 and len(to) == 1, found
    pid = src.pop()
    idx = sorted(i for h, p, i in found if h == "from")
    pile = g.pile(pid)
    if pid == "s":
        assert to == ["w"] and idx == [len(pile) - 1]
        return game.Move("s", None, None)
    assert idx == list(range(len(pile) - len(idx), len(pile))), (idx, len(pile))
    return game.Move(pid, to[0], len(idx))


def test_hint_marks_a_legal_move_and_clears_on_the_next_action(open_app, page):
    open_app(f"/index.html?deal={EO8}")
    g = game.new_game(EO8)
    page.keyboard.press("h")
    page.wait_for_selector("#table [data-hint='from']")
    move = hinted_move(page, g)
    assert g.check(move) is None, move
    assert notice(page)["kind"] == "hint" and notice(page)["text"]
    head = g.pile(move.src)[-(move.count or 1)].card.id
    mouse_drag(page, card_point(page, head), pile_point(page, g, move.dst))
    g.play(move)
    page.wait_for_function(f"() => document.querySelector('[data-status=moves]').dataset.value === '{g.move_count}'")
    assert marks(page) == []
    assert status(page)["moves"] == str(g.move_count)


def test_hint_button_in_easy_harp_gives_a_legal_move(open_app, page):
    code = str(game.DealCode("easy-harp", 0, 4))
    open_app(f"/index.html?deal={code}")
    g = game.new_game(code)
    page.click("[data-action='hint']")
    page.wait_for_selector("#table [data-hint='from']")
    move = hinted_move(page, g)
    assert g.check(move) is None, move


def test_winnable_only_deals_a_proven_deal(open_app, page):
    open_app(f"/index.html?deal={EO8}")
    page.click("[data-action='new']")
    page.check("#dlg-new input[name='game'][value='eight-off']")
    page.check("#dlg-new input[name='cells'][value='2']")
    switch = page.locator("#dlg-new [data-option='winnable-only']")
    assert switch.is_checked()  # on by default for 2 cells
    assert page.locator("#dlg-new [data-role='winnable-share']").inner_text()
    page.click("[data-action='deal-random']")
    page.wait_for_function("() => document.querySelector('[data-status=code]').dataset.value.startsWith('EO1-C2')")
    deal = game.parse_code(status(page)["code"])
    assert deal.number in game.proven_deals("eight-off-2")
    assert game.solve(game.new_game(deal)).status == "winnable"
    # The switch is remembered per variant: off for 8 cells, toggled on for Easy Harp.
    page.click("[data-action='new']")
    page.check("#dlg-new input[name='cells'][value='8']")
    assert not switch.is_checked()
    page.check("#dlg-new input[name='game'][value='easy-harp']")
    switch.check()
    page.click("[data-action='deal-random']")
    page.wait_for_function("() => document.querySelector('[data-status=code]').dataset.value.startsWith('EH')")
    deal = game.parse_code(status(page)["code"])
    assert deal.number in game.proven_deals("easy-harp")
    page.click("[data-action='new']")
    assert switch.is_checked()


def test_indicator_and_the_move_that_loses_the_game(open_app, page):
    g = game.new_game(EO4_DEAL)
    assert game.solve(g).status == "winnable"
    g.play(KILLER)
    assert game.solve(g).status == "unwinnable"
    g.undo()
    settings = Settings(show_winnable=True).dump()
    open_app(f"/index.html?deal={EO4_DEAL}", storage={KEY_SETTINGS: settings})
    page.wait_for_selector(f"{WINNABLE}[data-value='yes']")
    assert notice(page)["kind"] != "lost-win"
    src, dst = KILLER.split("-")
    head = g.pile(src)[-1].card.id
    mouse_drag(page, card_point(page, head), pile_point(page, g, dst))
    page.wait_for_selector(f"{WINNABLE}[data-value='no']")
    assert notice(page)["kind"] == "lost-win"
    page.click("[data-action='undo']")  # the next action puts the notice away
    page.wait_for_selector(f"{WINNABLE}[data-value='yes']")  # from the per-state cache
    assert not notice(page)["shown"]


def test_indicator_is_absent_when_its_setting_is_off(open_app, page):
    open_app(f"/index.html?deal={EO8}")
    assert page.locator(WINNABLE).count() == 0


CONFIRM = "[data-role='confirm']"


def ask_to_finish(page, lang: str = "en") -> None:
    """Click Finish for me: the question (that the game will count as assisted) opens."""
    page.click("[data-action='solve']")
    page.wait_for_selector(f"{CONFIRM}[open]")
    assert page.locator(f"{CONFIRM} .confirm-text").inner_text() == catalog(lang)["solve.ask"]
    assert page.locator(f"{CONFIRM} [data-action='confirm']").inner_text() == catalog(lang)["solve.ok"]


def test_finish_for_me_wins_counts_as_assisted_and_undo_works(open_app, page):
    open_app(f"/index.html?deal={EO8}")
    ask_to_finish(page)
    page.click(f"{CONFIRM} [data-action='confirm']")
    page.wait_for_selector("#dlg-win[open]", timeout=180_000)
    won = saved_game(page)
    assert won.is_won and won.code == EO8
    assert page.evaluate("() => localStorage.getItem('solitaire.assisted')") == EO8
    assert py(page, "import game.ui.app as a; a.APP.assist.assisted(a.APP.g)") is True
    page.click("#dlg-win [data-action='close-dialog']")
    page.click("[data-action='undo']")
    page.wait_for_selector("[data-action='redo']:not([disabled])")
    back = saved_game(page)
    won.undo()
    assert not back.is_won and back.can_redo and back.position() == won.position()
    # Already assisted: no question this time, it finishes at once.
    page.click("[data-action='solve']")
    page.wait_for_selector("#dlg-win[open]", timeout=60_000)
    assert not page.locator(f"{CONFIRM}[open]").count()
    assert saved_game(page).is_won


def test_finish_for_me_cancelled_changes_nothing(open_app, page):
    settings = Settings(language="ro").dump()
    open_app(f"/index.html?deal={EO8}", storage={KEY_SETTINGS: settings})
    ask_to_finish(page, "ro")
    page.click(f"{CONFIRM} [data-action='cancel']")
    assert not page.locator(f"{CONFIRM}[open]").count()
    state = py(page, "import game.ui.app as a\n"
                     "[a.APP.assist.slicer.busy, len(a.APP.finishing), a.APP.assist.assisted(a.APP.g)]")
    assert list(state) == [False, 0, False]
    assert status(page)["moves"] == "0"
    assert page.evaluate("() => localStorage.getItem('solitaire.assisted')") is None
    ask_to_finish(page, "ro")  # Escape is a "no" too
    page.keyboard.press("Escape")
    assert not page.locator(f"{CONFIRM}[open]").count() and status(page)["moves"] == "0"


@pytest.mark.viewport("phone")
def test_any_input_stops_finish_for_me(open_app, page):
    open_app(f"/index.html?deal={EO8}")
    ask_to_finish(page)
    page.click(f"{CONFIRM} [data-action='confirm']")
    page.wait_for_function("() => +document.querySelector('[data-status=moves]').dataset.value >= 3")
    page.keyboard.press("Escape")
    assert py(page, "import game.ui.app as a; len(a.APP.finishing)") == 0
    g = saved_game(page)
    assert not g.is_won
    page.click("[data-action='undo']")  # each solver action is undoable on its own
    page.wait_for_selector("[data-action='redo']:not([disabled])")
    back = saved_game(page)
    g.undo()
    assert back.position() == g.position() and back.can_redo
    # Started again (assisted already: no question), a press on the table stops it too.
    moves = int(status(page)["moves"])
    page.click("[data-action='solve']")
    assert not page.locator(f"{CONFIRM}[open]").count()
    page.wait_for_function(f"() => +document.querySelector('[data-status=moves]').dataset.value >= {moves + 2}")
    box = page.locator("#table").bounding_box()
    page.mouse.click(box["x"] + 4, box["y"] + box["height"] - 4)
    assert py(page, "import game.ui.app as a; len(a.APP.finishing)") == 0
    assert not saved_game(page).is_won


def solve_button(page) -> dict:
    return page.evaluate("""() => { const b = document.querySelector("[data-action='solve']");
      return {pressed: b.getAttribute('aria-pressed'), label: b.getAttribute('aria-label'),
              title: b.title, bg: getComputedStyle(b).backgroundColor}; }""")


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_finish_for_me_stops_when_pressed_again(open_app, page, lang):
    """While it plays the button is pressed and labelled Stop; pressing it again stops
    the play and says so (notice and announcer), and the button is released."""
    settings = Settings(language=lang).dump()
    open_app(f"/index.html?deal={EO8}", storage={KEY_SETTINGS: settings})
    texts = catalog(lang)
    idle = solve_button(page)
    assert idle["pressed"] == "false" and idle["label"] == idle["title"] == texts["action.solve"]
    ask_to_finish(page, lang)
    page.click(f"{CONFIRM} [data-action='confirm']")
    page.wait_for_function("() => +document.querySelector('[data-status=moves]').dataset.value >= 2")
    running = solve_button(page)
    assert running["pressed"] == "true" and running["label"] == running["title"] == texts["action.solve-stop"]
    assert running["bg"] != idle["bg"]
    page.click("[data-action='solve']")
    moves = int(status(page)["moves"])
    assert py(page, "import game.ui.app as a; len(a.APP.finishing)") == 0
    after = solve_button(page)
    assert after["pressed"] == "false" and after["label"] == texts["action.solve"]
    assert notice(page) == {"shown": True, "kind": "solve-stopped", "text": texts["solve.stopped"]}
    said = page.evaluate("() => document.querySelector('[data-role=announcer]').textContent")
    assert texts["solve.stopped"] in said
    assert py(page, "import game.ui.app as a; len(a.APP.finishing)") == 0  # nothing left to play
    assert int(status(page)["moves"]) == moves and not saved_game(page).is_won
    assert not page.locator(f"{CONFIRM}[open]").count()
    # Started again (assisted: no question), Enter on the focused button stops it too.
    page.click("[data-action='solve']")
    assert not page.locator(f"{CONFIRM}[open]").count()
    page.wait_for_function(f"() => +document.querySelector('[data-status=moves]').dataset.value >= {moves + 2}")
    assert solve_button(page)["pressed"] == "true"
    page.focus("[data-action='solve']")
    page.keyboard.press("Enter")
    assert py(page, "import game.ui.app as a; len(a.APP.finishing)") == 0
    assert solve_button(page)["pressed"] == "false" and notice(page)["kind"] == "solve-stopped"


def test_finish_for_me_on_a_lost_game_says_so_without_asking(open_app, page):
    """Eight Off 2 cells EO1-C2-AABZMVC cannot be won from the deal (game.solve): the
    button says so at once, with no question, and plays nothing."""
    code = "EO1-C2-AABZMVC"
    assert game.solve(game.new_game(game.parse_code(code))).status == "unwinnable"
    open_app(f"/index.html?deal={code}")
    page.click("[data-action='solve']")
    page.wait_for_selector("[data-role='notice'][data-notice='solve-none']:not([hidden])")
    assert notice(page)["text"] == catalog("en")["solve.unwinnable"]
    assert not page.locator(f"{CONFIRM}[open]").count()
    assert status(page)["moves"] == "0"
    assert solve_button(page)["pressed"] == "false"
    assert py(page, "import game.ui.app as a; a.APP.assist.assisted(a.APP.g)") is False


# Easy Harp, stuck (the same position as tests/ui/test_slicer.py): every column is a
# king on a face-down queen, the last one a jack on two face-down cards whose ten of
# diamonds is needed first, and the only stock card, the jack of diamonds, goes nowhere.
# game.is_stuck says so; stock taps remain legal for ever.
STUCK_POSITION = """Foundations: H-9 C-J D-9 S-J H-J C-J D-J S-J
Stock: JD
Waste:
: (QS) KS
: (QS) KS
: (QH) KH
: (QH) KH
: (QD) KD
: (QD) KD
: (QC) KC
: (QC) KC
: (TD) (TH) JH
"""
LOCALES = Path(__file__).resolve().parents[2] / "locales"


def catalog(lang: str) -> dict[str, str]:
    return json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(("lang", "indicator"), [("en", True), ("ro", False)])
def test_a_stuck_easy_harp_game_is_said_once(open_app, page, lang, indicator):
    """The page says a stuck Easy Harp game is stuck (issue 10 point 6): the indicator
    (when on) says it cannot be won, and the notice comes once: the stock taps still
    allowed neither bring it back nor change the verdict."""
    g = game.load_position(STUCK_POSITION, game="easy-harp")
    assert game.is_stuck(g) and g.legal_moves() == [game.Move("s", None, None)]
    texts = catalog(lang)
    settings = Settings(show_winnable=indicator, language=lang).dump()
    open_app("/index.html", storage={KEY_SETTINGS: settings, "solitaire.game": g.to_save()})
    page.wait_for_function("() => document.querySelector('[data-role=notice]').dataset.notice === 'stuck'")
    said = notice(page)
    assert said["shown"] and said["text"] == texts["notice.stuck"]
    if indicator:
        page.wait_for_selector(f"{WINNABLE}[data-value='no']")
        assert page.locator(WINNABLE).inner_text() == texts["winnable.no"]
    else:
        assert page.locator(WINNABLE).count() == 0
    for n in (1, 2, 3):  # draw, recycle, draw: still stuck, said once
        box = page.locator('#table .pile[data-pile="s"]').bounding_box()  # a tap on the stock
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_function(f"() => document.querySelector('[data-status=moves]').dataset.value === '{n}'")
        g.play("s")
        assert game.is_stuck(g)
        py(page, "import game.ui.app as a\nwhile a.APP.assist.slicer.busy: a.APP.assist.tick()")
        now = notice(page)  # the tap put the notice away and nothing said it again
        assert not (now["shown"] and now["kind"] == "stuck"), n
        if indicator:
            assert page.locator(WINNABLE).get_attribute("data-value") == "no"
    assert saved_game(page).position() == g.position()


READY_PROBE = """
window.__solverAtReady = null;
// The page's own PyScript module (already run at DOMContentLoaded: the same instance).
document.addEventListener('DOMContentLoaded', () => {
  window.__py = import('/static/vendor/pyscript/core.js').then(core => core.whenDefined('py'));
});
new MutationObserver((_list, obs) => {
  if (document.documentElement.dataset.ready !== '1') return;
  obs.disconnect();
  window.__readyAt = performance.now();
  // Microtasks after data-ready is set: before any timer task of the page.
  window.__py.then(w => {
    window.__solverAtReady = w.interpreter.runPython("import sys\\n'game.solver' in sys.modules");
    window.__probeAt = performance.now();
  });
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-ready']});
"""


@pytest.mark.parametrize("deal", ["EH1-N-AAAAAAF", EO8])
def test_the_solver_loads_after_the_page_is_ready(open_app, page, deal):
    """Issue 10 point 8: start-up does not import the solver; a task after data-ready
    does, then the indicator searches."""
    page.add_init_script(READY_PROBE)
    settings = Settings(show_winnable=True).dump()
    open_app(f"/index.html?deal={deal}", storage={KEY_SETTINGS: settings})
    page.wait_for_function("() => window.__solverAtReady !== null")
    assert page.evaluate("() => window.__solverAtReady") is False
    page.wait_for_function("() => performance.getEntriesByName('solitaire:solver').length === 1")
    probe_at = page.evaluate("() => window.__probeAt")  # the probe ran before the solver loaded
    assert page.evaluate("() => performance.getEntriesByName('solitaire:solver')[0].startTime") > probe_at
    page.wait_for_selector(f"{WINNABLE}:not([data-value='thinking'])", timeout=120_000)
