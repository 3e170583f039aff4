"""A very long bad ``?deal=`` link on a phone (issue 14): its notice stays closable on
the screen. The other bad links and the reloads after each kind of action run under
CPython in tests/ui/test_page_links.py (issue 23 point 6).
"""

from __future__ import annotations

import pytest

import game
from tests.browser.helpers import assert_exact, notice

pytestmark = pytest.mark.context(reduced_motion="reduce")


def goto(page, path: str) -> None:
    page.goto(path, wait_until="commit")
    page.wait_for_selector("html[data-ready='1']", state="attached", timeout=90_000)


@pytest.mark.viewport("phone")
def test_very_long_bad_link_keeps_the_notice_closable_on_a_phone(open_app, page):
    # Issue 14: a ?deal= of 10 000 characters was quoted whole and pushed the notice's
    # close button to x = 92 600 px. Only a short, ellipsised part is quoted now.
    twin = game.new_game("EH1-N-AAAAAAF")
    open_app(f"/index.html?deal={twin.code}")
    goto(page, "/index.html?deal=" + "Q" * 10_000)
    n = notice(page)
    assert n["shown"] and n["kind"] == "link-refused"
    assert "Q" * 40 not in n["text"] and "…" in n["text"]
    width = page.viewport_size["width"]
    close = page.locator('[data-role="notice"] [data-action="dismiss"]')
    box = close.bounding_box()
    assert box is not None and 0 <= box["x"] and box["x"] + box["width"] <= width, box
    text_box = page.locator('[data-role="notice"] .notice-text').bounding_box()
    assert text_box["x"] + text_box["width"] <= width + 1, text_box
    close.click()
    assert not page.locator('[data-role="notice"]').is_visible()
    assert_exact(page, twin)
