"""Playing without a pointer or without sight (issue 13, SPEC §8 ``data-focus``, §11).

- An Eight Off game (a Freecell Solver solution, tests/data) is won with the keyboard
  only, and the Easy Harp opening of the help's Examples page is played and refused with
  the keyboard only; the DOM is compared with a CPython twin after every action.
- In each language (one page load): the accessibility tree (Playwright's ARIA snapshot)
  names piles and cards as ``speech.py`` says from the catalogs, an action is announced
  once in that language, dialogs give the focus back, and axe-core (pinned devDependency,
  injected from node_modules, never served) finds no WCAG 2.2 A/AA violation on the table
  at desktop and phone sizes, in the dialogs and on every help page.
- A hint said once, one selection for taps and keys, undo/redo said as such, and the
  welcome shown once per game and again on demand run under CPython in
  tests/ui/test_page_a11y.py (issue 23 point 6).

Every test but the first visit's runs on a page started once per size (``warm_page``)
and put into its state by ``helpers.reset``; the help pages are read in a page of their
own (no game starts there).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from babel import Locale
from helpers import expected, py, reset, table

import game
from game.ui import speech
from game.ui.i18n import Catalog
from game.ui.persist import Settings
from game.ui.texts import Texts
from tests.unit.test_fixture import blocks, to_notation

ROOT = Path(__file__).resolve().parents[2]
AXE = (ROOT / "node_modules" / "axe-core" / "axe.min.js").read_text(encoding="utf-8")
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
LANGS = ["en", "ro", "ar", "id"]

FOCUS_JS = """() => { const e = document.querySelector('#table [data-focus="1"]');
  return e ? [e.dataset.pile, e.dataset.card ? +e.dataset.index : -1,
              document.querySelector('#table').getAttribute('aria-activedescendant') === e.id]
           : null; }"""
ROWS_JS = """() => [...document.querySelectorAll('#table .pile')].map(e => {
  const r = e.getBoundingClientRect(); return [e.dataset.pile, r.x, r.y, r.height]; })"""
OVERLAP_JS = """() => { const w = document.querySelector('[data-role="welcome"]').getBoundingClientRect();
  return [...document.querySelectorAll('#table [data-pile], header button, header a')].filter(e => {
    const r = e.getBoundingClientRect();
    return r.left < w.right && w.left < r.right && r.top < w.bottom && w.top < r.bottom;
  }).map(e => e.dataset.pile || e.dataset.action); }"""
SAID_JS = "() => document.querySelector('[data-role=\"announcer\"]').textContent.trim()"
#: The welcome of the game on the table shown again, as the help's ``?welcome=1`` does.
WELCOME_PY = ("from game.ui.app import APP\n"
              "APP.welcome.maybe_show(APP.g, APP.texts, APP.table, force=True)")


def texts(lang: str) -> Texts:
    rule = Locale.parse(lang).plural_form
    text = (ROOT / "locales" / f"{lang}.json").read_text(encoding="utf-8")
    return Texts(Catalog.from_json(lang, text, plural=lambda n: rule(n)))


def reading_order(page, rtl: bool) -> list[str]:
    """The piles as the page shows them, row by row, in reading order (from the DOM's
    geometry, not from the code under test)."""
    piles = sorted(page.evaluate(ROWS_JS), key=lambda p: (p[2], p[1]))
    rows: list[list] = []
    for p in piles:
        if not rows or p[2] - rows[-1][0][2] > p[3] / 2:
            rows.append([])
        rows[-1].append(p)
    return [p[0] for row in rows for p in sorted(row, key=lambda p: p[1], reverse=rtl)]


def focus(page) -> tuple[str, int]:
    spot = page.evaluate(FOCUS_JS)
    assert spot is not None and spot[2], "the focus mark and the active descendant differ"
    return spot[0], spot[1]


class Keys:
    """Drive the table with the keyboard only."""

    def __init__(self, page, rtl: bool = False):
        self.page, self.rtl = page, rtl
        self.order = reading_order(page, rtl)
        page.focus("#table")

    def press(self, key: str, times: int = 1) -> None:
        for _ in range(times):
            self.page.keyboard.press(key)

    def go(self, twin: game.Game, pid: str, at: int | None = None) -> None:
        """Move the focus to card ``at`` of pile ``pid`` (None: its top or drop area)."""
        cur, _ = focus(self.page)
        d = self.order.index(pid) - self.order.index(cur)
        nxt, prev = ("ArrowLeft", "ArrowRight") if self.rtl else ("ArrowRight", "ArrowLeft")
        self.press(nxt if d > 0 else prev, abs(d))
        top = len(twin.pile(pid)) - 1
        want = (pid, top if at is None else at) if top >= 0 else (pid, -1)
        _, now = focus(self.page)  # the pile's top card, or where the focus stayed in it
        if now != -1 and now != want[1]:
            self.press("ArrowUp" if now > want[1] else "ArrowDown", abs(now - want[1]))
        assert focus(self.page) == want


def play_by_keys(keys: Keys, twin: game.Game, notation: str) -> str:
    """Play one move with the keyboard: Enter on the card for a foundation move, else
    Space on the head of the cards, arrows to the destination, Space."""
    move = twin.normalise(game.Move.parse(notation))
    head = len(twin.pile(move.src)) - (move.count or 1)
    keys.go(twin, move.src, head)
    if move.dst and move.dst.startswith("f"):
        keys.press("Enter")
    else:
        keys.press("Space")
        keys.go(twin, move.dst)
        keys.press("Space")
    twin.play(move)
    assert table(keys.page) == expected(twin), notation
    return str(move)


def test_eight_off_won_with_the_keyboard_only(warm_page):
    page = warm_page
    steps = blocks()
    twin = reset(page, game.load_position(steps[0][1], game="eight-off", cells=8))
    keys = Keys(page)
    assert table(page) == expected(twin)
    tx = texts("en")
    for n, (sentence, _board) in enumerate(steps[1:]):
        before = {pid: [speech.Seen(p.card.id, p.card.face, p.up) for p in twin.pile(pid)]
                  for pid in twin.pile_ids()}
        play_by_keys(keys, twin, to_notation(sentence))
        if n % 20 == 0:  # the move is said, as speech.py words it
            now = {pid: [speech.Seen(p.card.id, p.card.face, p.up) for p in twin.pile(pid)]
                   for pid in twin.pile_ids()}
            said = speech.describe(
                tx, before, now,
                lambda pid: tx.pile_label(pid, twin.foundation_suit(pid) if pid[0] == "f" else ""))
            assert page.evaluate(SAID_JS) == said
    assert twin.is_won
    # the win dialog opens after the short celebration (SPEC §12 win flow, issue 12)
    page.locator("#dlg-win").wait_for(state="visible", timeout=10_000)
    page.keyboard.press("Escape")
    assert page.evaluate("document.activeElement.id") == "table"


@pytest.mark.viewport("phone")
def test_easy_harp_help_opening_with_the_keyboard_only(open_app, page):
    twin = game.new_game("EH1-N-AAAAAAL")
    open_app(f"/index.html?deal={twin.code}")
    # The first visit's welcome is on the page but covers no card, pile or header
    # button, and takes no focus (SPEC §8).
    welcome = page.locator('[data-role="welcome"]')
    assert welcome.is_visible()
    assert page.evaluate(OVERLAP_JS) == []
    assert page.evaluate("document.activeElement === document.body")
    # The table is one tab stop after the header's buttons.
    for _ in range(12):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "table":
            break
    assert page.evaluate("document.activeElement.id") == "table"
    keys = Keys(page)
    assert focus(page) == ("s", len(twin.pile("s")) - 1)  # the first pile shown
    play_by_keys(keys, twin, "t1-t5")
    assert not welcome.is_visible()  # the first action put it away
    play_by_keys(keys, twin, "t2-t5")
    assert page.locator('#table [data-pile="t2"][data-face="up"]').count() == 1
    # The refused run: Space on its head is refused with the rule, nothing moves.
    keys.go(twin, "t5", len(twin.pile("t5")) - 3)
    keys.press("Space")
    reminder = page.locator('[data-role="reminder"]')
    assert reminder.get_attribute("data-reason") == "one-card-at-a-time"
    assert page.locator("[data-selected]").count() == 0
    assert table(page) == expected(twin)
    # The top card alone can be picked up: the piles that take it are marked; Escape
    # puts it back and changes nothing.
    keys.go(twin, "t5")
    keys.press("Space")
    marked = page.evaluate("() => [...document.querySelectorAll('#table .pile[data-target]')]"
                           ".map(e => e.dataset.pile).sort()")
    assert marked == sorted(twin.targets("t5", len(twin.pile("t5")) - 1))
    keys.press("Escape")
    assert page.locator("[data-target], [data-selected]").count() == 0
    # Draw from the stock with Enter, then undo with Ctrl+Z.
    keys.go(twin, "s")
    keys.press("Enter")
    twin.play("s")
    assert table(page) == expected(twin)
    page.keyboard.press("Control+z")
    twin.undo()
    assert table(page) == expected(twin)
    # Shown once per game, again on demand, Next and Escape: under CPython
    # (tests/ui/test_page_a11y.py, test_the_welcome_is_shown_once_per_game_and_again_on_demand).


#: The welcome's top and the lowest card or pile's bottom, in px.
WELCOME_AND_TABLE = """() => { const w = document.querySelector('[data-role="welcome"]');
  let low = 0;
  for (const e of document.querySelectorAll('#table .card, #table .pile')) {
    const b = e.getBoundingClientRect(); if (b.width && b.height) low = Math.max(low, b.bottom); }
  return {top: w.getBoundingClientRect().top, low, floating: w.classList.contains('floating')}; }"""


@pytest.mark.parametrize("viewport", ["phone"], indirect=True)
def test_a_phone_turned_to_landscape_keeps_the_welcome_off_the_table(warm_page):
    """The Eight Off welcome floats below the cards in portrait; turned to landscape
    (844x390), the table is laid out again and the welcome must not lie over it (a
    tester found it over the fourth free cell and the clubs' foundation): it moves into
    the flow above the table."""
    page = warm_page
    reset(page, "EO1-C4-AAAASGV")
    py(page, WELCOME_PY)
    before = page.evaluate(WELCOME_AND_TABLE)
    assert before["floating"] and before["top"] >= before["low"], before
    size = page.viewport_size
    try:
        page.set_viewport_size({"width": 844, "height": 390})
        page.wait_for_function("() => !document.querySelector('[data-role=\"welcome\"]')"
                               ".classList.contains('floating')", timeout=5000)
        after = page.evaluate(WELCOME_AND_TABLE)
        assert not after["floating"], after
        box = page.locator('[data-role="welcome"]').bounding_box()
        assert box["y"] + box["height"] <= page.evaluate(
            "Math.min(...[...document.querySelectorAll('#table .card')].map(e => e.getBoundingClientRect().top))") + 1
    finally:
        page.set_viewport_size(size)
        page.keyboard.press("Escape")


@pytest.mark.parametrize("viewport", ["phone", "desktop"], indirect=True)
def test_a_notice_never_lies_over_the_welcome(warm_page):
    """A hint asked while the Eight Off welcome floats at the bottom: the notice and the
    welcome never overlap (a tester's tap on "Start playing" landed on the hint); the
    welcome is back when the notice goes."""
    page = warm_page
    reset(page, "EO1-C8-AAAAAFA")
    py(page, WELCOME_PY)
    welcome, notice = page.locator('[data-role="welcome"]'), page.locator('[data-role="notice"]')
    assert welcome.is_visible()
    floating = "floating" in (welcome.get_attribute("class") or "")
    page.locator('header [data-action="hint"]').click()
    notice.wait_for(state="visible")
    if welcome.is_visible():
        w, n = welcome.bounding_box(), notice.bounding_box()
        assert (n["y"] >= w["y"] + w["height"] or w["y"] >= n["y"] + n["height"]
                or n["x"] >= w["x"] + w["width"] or w["x"] >= n["x"] + n["width"]), (w, n)
    else:
        assert floating
    notice.locator(".dismiss").click()
    notice.wait_for(state="hidden")
    assert welcome.is_visible()
    # Escape puts a notice away too (first the notice, on top; the welcome stays).
    page.locator('header [data-action="hint"]').click()
    notice.wait_for(state="visible")
    page.keyboard.press("Escape")
    notice.wait_for(state="hidden")
    assert welcome.is_visible()
    page.keyboard.press("Escape")  # then the welcome
    welcome.wait_for(state="hidden")


def axe(page) -> list:
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE)
    return page.evaluate(
        """async (tags) => (await axe.run(document, {runOnly: {type: 'tag', values: tags}}))
          .violations.map(v => [v.id, v.nodes.map(n => n.target.join(' '))])""", AXE_TAGS)


@pytest.mark.parametrize("lang", LANGS)
def test_names_announcements_and_axe(warm_page, page, lang):
    """``page``: a page of its own for the help pages (the warm page keeps the game)."""
    help_page, page = page, warm_page
    tx = texts(lang)
    twin = reset(page, "EH1-N-AAAAAAL", Settings(language=lang).dump(), lang)
    assert page.evaluate("document.documentElement.lang") == lang
    # Names in the player's language, with what each pile holds.
    snap = page.locator("#table").aria_snapshot()
    for pid in ("t2", "s", "f1"):
        seen = [speech.Seen(p.card.id, p.card.face, p.up) for p in twin.pile(pid)]
        name = tx.pile_label(pid, twin.foundation_suit(pid) if pid[0] == "f" else "")
        assert f'img "{speech.pile_label(tx, name, seen)}"' in snap, (pid, snap[:400])
    top = twin.pile("t5")[-1]
    assert speech.card_label(tx, speech.Seen(top.card.id, top.card.face, True),
                             tx.pile_label("t5")) in snap
    # The keyboard: the first pile shown is the stock; the next one is the waste, to the
    # left in Arabic. Enter draws, and the draw is said once in the language.
    keys = Keys(page, rtl=lang == "ar")
    assert focus(page)[0] == "s"
    page.keyboard.press("ArrowLeft" if lang == "ar" else "ArrowRight")
    assert focus(page) == ("w", -1)
    page.keyboard.press("ArrowRight" if lang == "ar" else "ArrowLeft")
    before = {"s": [speech.Seen(p.card.id, p.card.face, p.up) for p in twin.pile("s")], "w": []}
    keys.press("Enter")
    twin.play("s")
    after = {"s": [speech.Seen(p.card.id, p.card.face, p.up) for p in twin.pile("s")],
             "w": [speech.Seen(p.card.id, p.card.face, p.up) for p in twin.pile("w")]}
    assert page.evaluate(SAID_JS) == speech.describe(tx, before, after, str)
    page.keyboard.press("i")
    assert page.evaluate(SAID_JS) == speech.status(tx, twin.score, twin.move_count)
    assert axe(page) == []
    page.set_viewport_size({"width": 360, "height": 640})
    page.wait_for_function("() => document.querySelector('#table').clientWidth <= 360")
    assert axe(page) == []
    # Dialogs: opened by key, checked, closed with Escape; the focus comes back.
    page.keyboard.press("n")
    assert page.locator("#dlg-new").is_visible()
    assert axe(page) == []
    page.keyboard.press("Escape")
    assert page.evaluate("document.activeElement.id") == "table"
    page.locator('[data-action="settings"]').click()
    assert axe(page) == []
    page.keyboard.press("Escape")
    # ? opens the help over the game; closing it gives the focus back to the table.
    page.focus("#table")
    page.keyboard.press("?")
    page.wait_for_selector("#help-overlay[open] iframe")
    page.evaluate("window.__help.close()")
    assert page.evaluate("document.activeElement.id") == "table"
    # Every help page of the language, at 320 px wide: no violation and no sideways
    # scrolling (reflow, WCAG 1.4.10).
    help_page.set_viewport_size({"width": 320, "height": 640})
    for name in ("index", "examples", "faq", "keys"):
        help_page.goto(f"/help/{lang}/{name}.html")
        assert axe(help_page) == [], name
        assert help_page.evaluate("document.documentElement.scrollWidth") <= 320, name
        # and at common phone widths (a long contents link ran past 390-560 px)
        for width in (390, 412, 480):
            help_page.set_viewport_size({"width": width, "height": 640})
            assert help_page.evaluate("document.documentElement.scrollWidth") <= width, (name, width)
        help_page.set_viewport_size({"width": 320, "height": 640})
