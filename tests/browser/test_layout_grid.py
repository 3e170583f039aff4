"""Nothing clips or covers (issue 23.4): in en, ro, ar and id, at 360x640, 390x844,
740x360, 1366x768, 1920x1080 and 200 % zoom of 1366x768, with the longest values (a
four-digit score and move count, a clock past ten hours, the verdict and the clock on):

- every header text is whole: no status item overflows its box, none is cut by an
  ellipsis, none lies outside the status line or the header, the status line never runs
  under the buttons, and every header button lies inside the header;
- every control is at least 44x44 px (the screen is a touch screen: the header's
  buttons, the welcome's Next and Start playing, the notice's buttons);
- the refusal reminder never lies on the card it is about, and the notice bar (a hint)
  never on the stock, waste, foundations or cells;
- the waste's fanned cards show their index whole ("10" included);
- each of the four verdicts (written in turn into the indicator) fits as well.

One page started once for the module (``warm_page``), put into each language and game
by ``helpers.reset`` and resized from size to size (a resize lays the table out again,
as a turned phone does). 200 % zoom is the 683x384 layout viewport of
tests/browser/test_zoom.py; the device scale factor changes no CSS box, so the same page
serves it. Easy Harp is the golden game 1,545 moves in (score 1,000) with the first-visit
welcome on screen (shown as the help's ``?welcome=1`` link shows it); Eight Off (8 cells,
the longest name and code) is a deal 1,234 actions in, its score written as four digits
into the status. The clock is the stored meta's, stopped at 12:34:56, read as a start
reads it.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_a11y import LANGS
from test_table_bugs import easy_harp_waste

import game
from game.clock import Clock
from game.ui.persist import Settings
from tests.browser.helpers import card_point, pile_point, py, reset

pytestmark = [pytest.mark.viewport(360, 640, True),
              pytest.mark.context(reduced_motion="reduce", device_scale_factor=1)]
ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "data" / "easy-harp-golden.json"
#: (width, height): phones upright, a phone on its side, desktops, and 200 % zoom.
SIZES = [(360, 640), (390, 844), (740, 360), (1366, 768), (1920, 1080), (683, 384)]
CLOCK_MS = (12 * 3600 + 34 * 60 + 56) * 1000  # 12:34:56
TOUCH_MIN = 44  # px (WCAG 2.5.5 enhanced target size; issue 11)

HEADER_JS = """() => { const out = [];
  const bar = document.querySelector('header').getBoundingClientRect();
  const status = document.querySelector('header .status');
  const sr = status.getBoundingClientRect();
  const act = document.querySelector('header .actions').getBoundingClientRect();
  const name = e => e.dataset.status || e.dataset.role || e.className || e.tagName;
  const r1 = r => [r.left, r.top, r.right, r.bottom].map(v => Math.round(v));
  if (status.scrollWidth > status.clientWidth + 1 || status.scrollHeight > status.clientHeight + 1)
    out.push(['status overflows', status.scrollWidth, status.clientWidth, status.scrollHeight, status.clientHeight]);
  if (sr.left < act.right - .5 && act.left < sr.right - .5 && sr.top < act.bottom - .5 && act.top < sr.bottom - .5)
    out.push(['status under the buttons', r1(sr), r1(act)]);
  for (const e of status.querySelectorAll('*')) {
    if (!e.checkVisibility() || e.closest('[hidden]')) continue;
    const r = e.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    const s = getComputedStyle(e);
    if (s.textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth + 1) out.push(['ellipsis', name(e)]);
    if (s.overflowX !== 'visible' && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1))
      out.push(['cut', name(e), e.scrollWidth, e.clientWidth, e.scrollHeight, e.clientHeight]);
    if (r.left < sr.left - .5 || r.right > sr.right + .5 || r.top < sr.top - .5 || r.bottom > sr.bottom + .5)
      out.push(['outside the status line', name(e), r1(r), r1(sr)]);
    if (r.top < bar.top - .5 || r.bottom > bar.bottom + .5) out.push(['outside the header', name(e), r1(r), r1(bar)]);
  }
  for (const e of document.querySelectorAll('header button, header a')) {
    const r = e.getBoundingClientRect();
    if (r.left < bar.left - .5 || r.right > bar.right + .5 || r.top < bar.top - .5 || r.bottom > bar.bottom + .5)
      out.push(['button outside the header', e.dataset.action, r1(r)]);
  }
  return out; }"""
#: The piles other than the columns (stock, waste, foundations, cells) and their cards
#: that the notice bar lies on.
UNDER_NOTICE_JS = """() => { const n = document.querySelector('[data-role="notice"]').getBoundingClientRect();
  return [...document.querySelectorAll('#table .pile, #table .card')]
    .filter(e => !e.dataset.pile.startsWith('t')).filter(e => { const r = e.getBoundingClientRect();
      return r.left < n.right - .5 && n.left < r.right - .5 && r.top < n.bottom - .5 && n.top < r.bottom - .5; })
    .map(e => e.dataset.id || e.dataset.pile); }"""
VERDICTS = ["thinking", "yes", "no", "unknown"]
VERDICT_JS = """([value, text]) => { const e = document.querySelector('[data-status="winnable"]');
  e.dataset.value = value; e.textContent = e.title = text; }"""
SMALL_JS = """(min) => [...document.querySelectorAll(
    'header button, header a, .welcome button, .notice button')]
  .filter(e => e.checkVisibility() && !e.closest('[hidden]'))
  .map(e => [e.dataset.action, e.getBoundingClientRect()])
  .filter(([, r]) => r.width < min - .01 || r.height < min - .01)
  .map(([a, r]) => [a, Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10])"""
#: The fanned waste: for each card with one above it, the part left in view and the
#: right end of its corner index (the same text measured in a copy of the face's box),
#: both in card widths; the index must lie whole in view (issue 23: "10" read as "1").
WASTE_JS = """() => { const cards = [...document.querySelectorAll('#table .card[data-pile="w"]')]
    .sort((a, b) => a.dataset.index - b.dataset.index).slice(-3);
  const ns = 'http://www.w3.org/2000/svg'; const out = [];
  for (let k = 0; k + 1 < cards.length; k++) {
    const a = cards[k].getBoundingClientRect(), b = cards[k + 1].getBoundingClientRect();
    const shown = (b.left >= a.left ? b.left - a.left : a.right - b.right) / a.width;
    const sym = document.getElementById('face-' + cards[k].dataset.card);
    const text = sym.querySelector('text');
    const svg = document.createElementNS(ns, 'svg'); svg.setAttribute('viewBox', '0 0 100 140');
    svg.style.cssText = 'position:absolute;width:100px;height:140px;left:-200px;top:0';
    svg.appendChild(text.parentNode.cloneNode(true)); document.body.appendChild(svg);
    const box = svg.querySelector('text').getBBox(); svg.remove();
    const ltr = b.left >= a.left;  // the card above lies to the right: the left part shows
    const need = ltr ? (box.x + box.width) / 100 : 1 - box.x / 100;
    out.push([cards[k].dataset.card, Math.round(shown * 100) / 100, Math.round(need * 100) / 100]);
  }
  return out; }"""


def golden_easy_harp() -> game.Game:
    """The golden Easy Harp game (tests/data) played until its score has four digits."""
    data = json.loads(GOLDEN.read_text())
    g = game.new_game(data["code"])
    for move in data["moves"]:
        g.play(move)
        if g.score >= 1000 and g.move_count >= 1000:
            return g
    raise AssertionError("the golden game never reaches a four-digit score")


def long_eight_off() -> game.Game:
    """Eight Off EO1-C8-AAAAAFA after the first 10 actions of a solution, then a card
    carried from cell to cell until 1,234 actions are counted."""
    g = game.new_game("EO1-C8-AAAAAFA")
    for move in game.solve(g, max_nodes=50_000).moves[:10]:
        g.play(move)
    src = next(m for m in g.legal_moves() if m.src[0] == "c" and m.dst and m.dst[0] == "c")
    a, b = src.src, src.dst
    while g.move_count < 1234:
        g.play(f"{a}-{b}")
        a, b = b, a
    return g


def meta_for(g: game.Game) -> str:
    """Stored meta for ``g`` with its clock stopped at 12:34:56."""
    meta = game.new_meta(g.code, game.variant_of(g.game, g.cells), 1_700_000_000_000, 12345)
    clock = Clock(elapsed_ms=CLOCK_MS, started=True)
    return game.dump_meta(replace(meta, clock=clock), 0.0)


#: The stored meta taken as a start takes it (``Ledger.read_meta``: ``parse_meta``) and
#: the status clock written again; with the welcome shown as ``?welcome=1`` shows it.
META_PY = """
import game
from game.ui.app import APP
meta, ok = game.parse_meta(META, APP.br.now(), True, APP.g.code)
assert ok and meta is not None
APP.ledger.meta = meta
APP.show_time()
if WELCOME:
    APP.welcome.maybe_show(APP.g, APP.texts, APP.table, force=True)
"""


def frames(page) -> None:
    """Two frames drawn: the resize observer of the first (the table's layout pass) ran."""
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def refusal(g: game.Game) -> tuple[str, str]:
    """A column whose top card a tap selects (no foundation move) and a column that
    refuses it."""
    cols = [p for p in g.pile_ids() if p[0] == "t"]
    for src in cols:
        if g.pile(src) and g.tap_move(src, -1) is None and not g.pickup_refusal(src, -1):
            index = len(g.pile(src)) - 1
            wrong = [p for p in cols if p != src and g.pile(p) and p not in g.targets(src, index)]
            if wrong:
                return src, wrong[0]
    raise AssertionError("no refusal to show")


def overlap(a: dict, b: dict) -> bool:
    return (a["x"] < b["x"] + b["width"] - .5 and b["x"] < a["x"] + a["width"] - .5
            and a["y"] < b["y"] + b["height"] - .5 and b["y"] < a["y"] + a["height"] - .5)


@pytest.mark.parametrize("kind", ["easy-harp", "eight-off"])
@pytest.mark.parametrize("lang", LANGS)
def test_nothing_clips_or_covers(warm_page, lang, kind):
    page = warm_page
    g = golden_easy_harp() if kind == "easy-harp" else long_eight_off()
    settings = Settings(language=lang, show_winnable=True, show_clock=True).dump()
    reset(page, g, settings, lang)
    py(page, META_PY.replace("META", repr(meta_for(g))).replace(
        "WELCOME", repr(kind == "easy-harp")))
    if kind == "easy-harp":
        assert page.locator('[data-role="welcome"]').is_visible()
    else:  # a four-digit score, written as the page writes figures
        text = py(page, "from game.ui.app import APP\nAPP.texts.number(1000)")
        page.evaluate("t => { const e = document.querySelector('[data-status=score]');"
                      " e.textContent = t; e.dataset.value = '1000'; }", text)
    page.wait_for_selector('[data-status="time"]:not([hidden])')
    try:  # the search may settle the verdict; each of the four is then written in turn
        page.wait_for_selector('[data-status="winnable"]:not([data-value="thinking"])',
                               timeout=15_000)
    except PlaywrightTimeout:
        pass
    words = json.loads((ROOT / "locales" / f"{lang}.json").read_text(encoding="utf-8"))
    assert int(page.locator('[data-status="time"]').get_attribute("data-value")) >= CLOCK_MS // 1000
    src, wrong = refusal(g)
    cid = g.pile(src)[-1].card.id
    found: dict[str, list] = {}
    for w, h in SIZES:
        size = f"{w}x{h}"
        page.set_viewport_size({"width": w, "height": h})
        frames(page)
        problems = []
        for value in VERDICTS:
            page.evaluate(VERDICT_JS, [value, words[f"winnable.{value}"]])
            problems += [("header", value, p) for p in page.evaluate(HEADER_JS)]
        problems += [("small", p) for p in page.evaluate(SMALL_JS, TOUCH_MIN)]
        if kind == "easy-harp":
            problems += [("waste index hidden", c) for c in page.evaluate(WASTE_JS) if c[1] < c[2]]
        # A notice (the hint's) lies on no pile but the columns, nor on their cards.
        page.locator("#table").focus()
        page.keyboard.press("h")
        page.wait_for_selector('[data-role="notice"]:not([hidden])', timeout=60_000)
        under = page.evaluate(UNDER_NOTICE_JS)
        if under:
            problems.append(("notice on the band", under))
        page.locator('[data-role="notice"] [data-action="dismiss"]').click()
        page.wait_for_selector('[data-role="notice"]', state="hidden")
        # A refused place: the reminder lies next to the card, never on it. (A tap is a
        # double tap only after a tap on the same card: the last tap was on ``wrong``.
        # Reduced motion: the refused card is outlined, it does not shake.)
        page.touchscreen.tap(*card_point(page, cid))
        page.wait_for_selector(f'#table .card[data-id="{cid}"][data-selected="1"]')
        page.touchscreen.tap(*pile_point(page, g, wrong))
        reminder = page.locator('[data-role="reminder"]')
        reminder.wait_for(state="visible")
        card = page.locator(f'#table .card[data-id="{cid}"]').bounding_box()
        if overlap(reminder.bounding_box(), card):
            problems.append(("reminder on the card", reminder.bounding_box(), card))
        page.keyboard.press("Escape")
        if problems:
            found[size] = problems
    assert found == {}, "\n" + "\n".join(f"{k}: {v}" for k, v in found.items())


@pytest.mark.parametrize("lang", ["en", "ar"])  # the fan grows right, and left mirrored
def test_the_waste_shows_its_indices_whole(warm_page, lang):
    """Two tens fanned under a third card on the waste: at every size each shows its
    corner index whole (issue 23: the fan showed a 10 as "1"; mirrored, the card above
    lay on the index of the one under it)."""
    page = warm_page
    g = easy_harp_waste(["TH.2", "TS.1", "9H.2"])
    reset(page, g, Settings(language=lang).dump(), lang)
    found = {}
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        frames(page)
        fan = page.evaluate(WASTE_JS)
        assert [c[0] for c in fan] == ["TH", "TS"]
        hidden = [c for c in fan if c[1] < c[2]]
        if hidden:
            found[f"{w}x{h}"] = hidden
    assert found == {}


@pytest.mark.parametrize("action", ["new", "settings", "stats"])
def test_a_dialog_can_be_closed_without_scrolling(warm_page, action):
    """A tester's finding (stop 29): on a phone the New game dialog had to be scrolled
    to reach Cancel (at 740x360 the dialog is over 600 px tall in 324). At every size the
    dialog's closing buttons lie whole inside it and inside the window as it opens."""
    page = warm_page
    reset(page, long_eight_off(), Settings(language="ro").dump(), "ro")
    found = {}
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        frames(page)
        page.locator(f'.bar [data-action="{action}"]').click()
        dlg = page.locator("dialog[open]")
        dlg.wait_for()
        end = dlg.locator(".dialog-end button").last
        box, frame = end.bounding_box(), dlg.bounding_box()
        bottom = min(h, frame["y"] + frame["height"]) if frame else 0
        if box is None or frame is None or box["y"] < frame["y"] - 0.5 or box["y"] + box["height"] > bottom + 0.5:
            found[f"{w}x{h}"] = (box, frame)
        page.keyboard.press("Escape")
        page.wait_for_selector("dialog[open]", state="detached")
    assert found == {}
