"""Help shown inside the game page (issue 14 point 3): opening the rules, examples or
FAQ and coming back (Back button, Escape, "Back to the game") never unloads the page,
so Pyodide starts once; the help pages still work on their own.

The game's tests run on a page started once per size (``warm_page``, put back in a
fresh state by ``helpers.reset``); each watches its own requests for a second start.
"""

from __future__ import annotations

import pytest

from tests.browser.helpers import boots, reset

OVERLAY = "#help-overlay"
FRAME = "#help-overlay iframe"


def open_help(page):
    page.evaluate("window.__sameDocument = true")
    page.locator('[data-action="help"]').click()
    page.wait_for_selector(f"{OVERLAY}[open]", state="attached")
    frame = page.frame_locator(FRAME)
    frame.locator("h1").wait_for()
    # Whether the frame is still there when the dialog shuts (seen by a MutationObserver,
    # whose callback runs before any later task, such as the dialog's "close" event).
    page.evaluate("""() => {
        const dlg = document.querySelector('#help-overlay');
        window.__frameAtClose = null;
        const obs = new MutationObserver(() => {
            if (dlg.open) return;
            window.__frameAtClose = !!dlg.querySelector('iframe');
            obs.disconnect();
        });
        obs.observe(dlg, {attributes: true, attributeFilter: ['open']});
    }""")
    return frame


def watch_wasm(page) -> list[str]:
    """The runtime's wasm requests from now on, the file or its compressed copies (a
    second start would fetch it again)."""
    wasm: list[str] = []
    page.on("request", lambda r: "/pyodide.asm.wasm" in r.url and wasm.append(r.url))
    return wasm


def assert_back_in_game(page, wasm: list[str], entries: int) -> None:
    page.wait_for_selector(f"{OVERLAY}[open]", state="detached")
    assert page.evaluate("window.__frameAtClose") is False  # gone as the dialog shuts
    assert page.evaluate("window.__sameDocument") is True  # never unloaded
    assert boots(page) == 1
    assert page.evaluate("document.documentElement.dataset.ready") == "1"
    assert page.evaluate("history.length") == entries
    assert page.evaluate("location.pathname") == "/index.html"
    assert wasm == []  # no second start
    assert page.locator(FRAME).count() == 0


@pytest.mark.parametrize("viewport", ["phone", "desktop"], indirect=True)
def test_back_button_closes_help_after_moving_between_pages(warm_page) -> None:
    page = warm_page
    reset(page, "EH1-N-AAAAAAF")
    wasm = watch_wasm(page)
    entries = page.evaluate("history.length")
    frame = open_help(page)
    assert page.evaluate("history.length") == entries + 1
    frame.locator('nav.pages a[href="faq.html"]').click()
    page.wait_for_function(
        "() => document.querySelector('#help-overlay iframe').contentWindow.location.pathname"
        ".endsWith('/help/en/faq.html')")
    frame.locator('nav.langs a[hreflang="ro"]').click()
    page.wait_for_function(
        "() => document.querySelector('#help-overlay iframe').contentWindow.location.pathname"
        ".endsWith('/help/ro/faq.html')")
    assert page.evaluate("history.length") == entries + 1  # moves inside add no entries
    page.go_back()
    assert_back_in_game(page, wasm, entries + 1)
    # Forward does not bring the help back as a blank state, and the game still plays.
    page.locator('[data-action="new"]').click()
    page.wait_for_selector("#dlg-new[open]", state="attached")


def test_no_help_link_shows_before_its_handler_is_there(open_app, page) -> None:
    """static/help-page.js is in the head, not deferred: however late it comes, no link
    of a help page shows before its click handler is there. (Deferred, a click between
    the page's parse and the script's run moved the frame with a history entry of its
    own, and the Back button then stepped through help pages: seen once in a full run.)"""
    open_app("/index.html")  # a page of its own: the history it leaves is no other test's
    page.keyboard.press("Escape")  # (the welcome, on a first visit)
    held = []
    page.route("**/static/help-page.js", lambda route: held.append(route))  # answered below
    try:
        entries = page.evaluate("history.length")
        page.locator('[data-action="help"]').click()
        page.wait_for_selector(f"{OVERLAY}[open]", state="attached")
        page.wait_for_timeout(1000)
        assert held, "the help page did not ask for its script"
        links = page.frame_locator(FRAME).locator("nav.pages a")
        assert links.count() == 0  # the page waits for its script
        held.pop().continue_()
        links.first.wait_for()
        page.frame_locator(FRAME).locator('nav.pages a[href="faq.html"]').click()
        page.wait_for_function(
            "() => document.querySelector('#help-overlay iframe').contentWindow.location.pathname"
            ".endsWith('/help/en/faq.html')")
        assert page.evaluate("history.length") == entries + 1
    finally:
        page.unroute("**/static/help-page.js")
    page.go_back()
    page.wait_for_selector(f"{OVERLAY}[open]", state="detached")


def test_escape_and_back_link_close_help(warm_page) -> None:
    page = warm_page
    reset(page, "EH1-N-AAAAAAF")
    wasm = watch_wasm(page)
    entries = page.evaluate("history.length")
    # The entry the help comes back to (null on a fresh page; a dialog's guard after an
    # earlier test's dialog, static/dialog-back.js).
    state = page.evaluate("JSON.stringify(history.state)")
    same = "s => JSON.stringify(history.state) === s"
    frame = open_help(page)
    frame.locator("h1").click()
    page.keyboard.press("Escape")
    page.wait_for_selector(f"{OVERLAY}[open]", state="detached")
    page.wait_for_function(same, arg=state)
    frame = open_help(page)
    frame.locator('a[data-role="back"]').click()
    assert_back_in_game(page, wasm, entries + 1)
    page.wait_for_function(same, arg=state)


def test_game_keys_do_not_act_under_help(warm_page) -> None:
    page = warm_page
    reset(page, "EH1-N-AAAAAAF")
    open_help(page)
    page.locator(OVERLAY).focus()
    page.keyboard.press("n")
    assert page.locator("#dlg-new[open]").count() == 0
    page.keyboard.press("Escape")
    page.wait_for_selector(f"{OVERLAY}[open]", state="detached")


def test_deal_link_in_help_opens_the_deal(warm_page) -> None:
    page = warm_page
    reset(page, "EH1-N-AAAAAAF")
    frame = open_help(page)
    frame.locator('nav.pages a[href="examples.html"]').click()
    link = frame.locator('a[href*="index.html?deal=EO1-"]').first
    link.wait_for()
    code = link.get_attribute("href").split("deal=")[1]
    link.click()
    page.wait_for_function(
        "c => document.documentElement.dataset.ready === '1' && "
        "document.querySelector('[data-status=code]')?.dataset.value === c", arg=code)


def test_help_page_on_its_own_keeps_plain_links(page) -> None:
    """Its "back to the game" link is a plain link to the game page (answered here by a
    stand-in: the game's start is not what is tested)."""
    page.route("**/index.html", lambda route: route.fulfill(
        status=200, content_type="text/html", body="<!doctype html><title>game</title>"))
    page.goto("/help/en/examples.html")
    assert page.evaluate("document.documentElement.classList.contains('in-game')") is False
    page.evaluate("window.__sameDocument = true")
    page.locator('a[data-role="back"]').click()
    page.wait_for_url("**/index.html")
    assert page.title() == "game"
    assert page.evaluate("window.__sameDocument") is None  # a page of its own, not the overlay
