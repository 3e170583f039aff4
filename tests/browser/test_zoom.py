"""The game at 200 % zoom (issue 13.3: WCAG 1.4.4 resize, 1.4.10 reflow, 2.5.8 target
size), in every language.

Why a 683x384 viewport with a device scale factor of 2: browser zoom at 200 % on a
1366x768 screen halves the layout viewport in CSS pixels (683x384) and doubles
``devicePixelRatio``; media queries, the layout code and every box see exactly that.
A 1366x768 viewport with ``device_scale_factor=2`` alone would only sharpen the pixels
(nothing grows), and CSS ``zoom`` on the root element is not what a browser's zoom does
(it leaves ``innerWidth`` and the media queries unchanged).

Checked on the table and in the New game, Settings and Statistics dialogs: no sideways
scrolling, every control reachable (scrolled into view, it lies wholly on screen) and at
least 24x24 CSS px (a radio or check box counts with its label, the target it is part
of), no text clipped by its box, and no axe-core WCAG 2.2 A/AA violation.
"""

from __future__ import annotations

import pytest
from test_a11y import LANGS, axe

from game.ui.persist import Settings
from tests.browser.helpers import reset

pytestmark = [pytest.mark.viewport(683, 384), pytest.mark.context(device_scale_factor=2)]

CONTROLS_JS = """(sel) => { const root = document.querySelector(sel); const bad = [];
  const W = innerWidth, H = innerHeight;
  for (const e of root.querySelectorAll('button, a[href], input, select, summary')) {
    if (!e.checkVisibility() || e.closest('[hidden]')) continue;
    const t = e.tagName === 'INPUT' && e.closest('label') ? e.closest('label') : e;
    t.scrollIntoView({block: 'nearest', inline: 'nearest'});
    const r = t.getBoundingClientRect();
    const name = e.dataset.action || e.name || e.textContent.trim().slice(0, 24);
    if (r.width < 24 || r.height < 24) bad.push(['small', name, r.width, r.height]);
    if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5)
      bad.push(['off screen', name, r.left, r.top, r.right, r.bottom]);
  }
  return bad; }"""
CLIPPED_JS = """(sel) => [...document.querySelectorAll(sel + ', ' + sel + ' *')].filter(e => {
    if (!e.checkVisibility() || e.closest('[hidden], .sr-only')) return false;
    const own = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own) return false;
    const s = getComputedStyle(e);
    const clips = s.overflowX !== 'visible' || s.textOverflow === 'ellipsis';
    return clips && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
           && !['auto', 'scroll'].includes(s.overflowX) && !['auto', 'scroll'].includes(s.overflowY);
  }).map(e => [e.tagName, e.className, e.textContent.trim().slice(0, 30)])"""
SIDEWAYS_JS = """(sel) => { const d = document.querySelector(sel);
  return [document.documentElement.scrollWidth - innerWidth, d.scrollWidth - d.clientWidth]; }"""


@pytest.mark.parametrize("lang", LANGS)
def test_zoom_200_percent(warm_page, lang):
    page = warm_page
    reset(page, "EH1-N-AAAAAAF", Settings(language=lang).dump(), lang)
    assert page.evaluate("[innerWidth, innerHeight, devicePixelRatio]") == [683, 384, 2]
    assert page.evaluate(SIDEWAYS_JS, "#table") == [0, 0]
    assert page.evaluate(CONTROLS_JS, "header") == []
    assert page.evaluate(CLIPPED_JS, "header") == []
    extent = page.evaluate("""() => { const rs = [...document.querySelectorAll('#table .card, #table .pile')]
      .map(e => e.getBoundingClientRect());
      return [Math.min(...rs.map(r => r.left)), Math.max(...rs.map(r => r.right))]; }""")
    assert extent[0] >= 0 and extent[1] <= 683, extent  # no card leaves the screen
    assert axe(page) == []
    for action, dialog in (("new", "#dlg-new"), ("settings", "#dlg-settings"),
                           ("stats", "#dlg-stats")):
        page.locator(f'header [data-action="{action}"]').click()
        page.wait_for_selector(f"{dialog}[open]")
        assert page.evaluate(SIDEWAYS_JS, dialog) == [0, 0], action
        assert page.evaluate(CONTROLS_JS, dialog) == [], action
        assert page.evaluate(CLIPPED_JS, dialog) == [], action
        assert axe(page) == [], action
        page.keyboard.press("Escape")
        page.wait_for_selector(f"{dialog}:not([open])", state="attached")
