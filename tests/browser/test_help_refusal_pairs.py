"""The rules pages' refusal picture pairs in a real browser (issue 13 point 4): opened,
they pass axe, fit a 360 px phone without sideways scrolling, and each pair stands side
by side when both pictures fit (the "before" first in reading order, so on the right in
Arabic) or stacks with "before" above "after"."""

from __future__ import annotations

import pytest
from test_a11y import axe

PAIRS_JS = """() => [...document.querySelectorAll('.refusal-pair')].map(p => {
  const [b, a] = [...p.querySelectorAll('figure')].map(f => f.getBoundingClientRect());
  const w = p.getBoundingClientRect().width;
  return {id: p.id, w, b: [b.left, b.top, b.right, b.bottom], a: [a.left, a.top, a.right, a.bottom]};
})"""


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("viewport", ["phone", (1366, 768)], indirect=True)
def test_refusal_pairs_open_fit_and_read_in_order(page, viewport, lang):
    width = viewport["viewport"]["width"]
    page.goto(f"/help/{lang}/index.html")
    page.evaluate("document.querySelectorAll('details.refusal-pictures')"
                  ".forEach(d => { d.open = true; })")
    assert axe(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    pairs = page.evaluate(PAIRS_JS)
    assert len(pairs) == 28
    side_by_side = 0
    for p in pairs:
        b, a = p["b"], p["a"]
        assert 0 <= min(b[0], a[0]) and max(b[2], a[2]) <= width, p["id"]
        if abs(b[1] - a[1]) < 1:  # one row: "before" first in reading order
            side_by_side += 1
            assert (b[0] > a[0]) if lang == "ar" else (b[0] < a[0]), p["id"]
        else:  # stacked: "after" below "before"
            assert a[1] >= b[3], p["id"]
    # On a phone the two-pile pairs (most of them) stand side by side.
    assert side_by_side >= 20
