"""Records in the live page, what only a browser can tell (issue 12, SPEC §8): a help
example's "Open deal" link, followed inside the help overlay's iframe, asks before it
replaces the game in progress and opens the deal in the same document. The other
records flows (asking first, statistics, the clock, the win, export and import, bad or
unwritable records, two tabs) run under CPython in tests/ui/test_page_records.py
(issue 23 point 6).
"""

from __future__ import annotations

import json

import pytest

import game
from tests.browser.helpers import assert_same

CONFIRM = '[data-role="confirm"]'


@pytest.mark.context(locale="en-US", reduced_motion="reduce")
def test_a_help_example_opens_its_deal_after_asking(open_app, page, storage):
    twin = game.new_game("EH1-N-AAAAAAF")
    open_app(f"/index.html?deal={twin.code}")
    page.locator("#table .card[data-pile='s']").last.click()
    twin.play("s")
    assert_same(page, twin)
    page.evaluate("window.__sameDocument = true")
    page.locator('[data-action="help"]').click()
    frame = page.frame_locator("#help-overlay iframe")
    frame.locator('nav.pages a[href="examples.html"]').click()
    frame.locator('a[href$="index.html?deal=EO1-C8-AAAAAFX"]').click()
    page.locator(CONFIRM).wait_for(state="visible")
    assert page.locator("#help-overlay[open]").count() == 0
    page.locator(f'{CONFIRM} [data-action="confirm"]').click()
    assert page.evaluate("window.__sameDocument") is True  # no reload
    assert_same(page, game.new_game("EO1-C8-AAAAAFX"))
    rec = json.loads(storage()["solitaire.records"])
    assert [(g["code"], g["result"]) for g in rec["games"]] == [("EH1-N-AAAAAAF", "lost")]
