"""The Back button closes the game's open dialog (static/dialog-back.js) instead of
leaving the page: a fresh tester on a phone lost the game page with Settings open.

The tests run on a page started once per size (``warm_page``), put back in a fresh
state by ``helpers.reset`` and given a history entry of its own with no state, as a
page just opened has (``start``).
"""

from __future__ import annotations

import pytest

from tests.browser.helpers import boots, reset


def start(page) -> int:
    """A new game on the warm page and a current history entry without state (the one
    an earlier test's dialog guard left behind is gone from the forward list), as on a
    page just opened; returns the number of entries."""
    reset(page, "EH1-N-AAAAAAF")
    page.evaluate("history.pushState(null, '')")
    assert page.evaluate("history.state") is None
    return page.evaluate("history.length")


def open_dialog(page, action: str, dialog: str) -> None:
    page.locator(f'header [data-action="{action}"]').click()
    page.wait_for_selector(f"#{dialog}[open]", state="attached")


def back(page) -> None:
    page.evaluate("window.__sameDocument = true")
    page.go_back(wait_until="commit")


def assert_in_game(page, entries: int) -> None:
    assert page.evaluate("window.__sameDocument") is True  # never unloaded
    assert boots(page) == 1
    assert page.evaluate("document.documentElement.dataset.ready") == "1"
    assert page.evaluate("location.pathname") == "/index.html"
    assert page.evaluate("history.length") == entries
    assert page.locator("dialog[open]").count() == 0


@pytest.mark.parametrize("viewport", ["phone", "desktop"], indirect=True)
def test_back_closes_the_dialog_and_stays_in_the_game(warm_page) -> None:
    """Each of New game, Settings and Statistics in turn, as a player opens them one
    after the other: Back closes it, the page stays; again, and Back closes it again."""
    page = warm_page
    entries = start(page)
    for action, dialog in (("new", "dlg-new"), ("settings", "dlg-settings"),
                           ("stats", "dlg-stats")):
        open_dialog(page, action, dialog)
        assert page.evaluate("history.length") == entries + 1, action
        back(page)
        page.wait_for_selector(f"#{dialog}[open]", state="detached")
        assert_in_game(page, entries + 1)
        # The game still answers: the same dialog opens again, and Back closes it again.
        open_dialog(page, action, dialog)
        back(page)
        page.wait_for_selector(f"#{dialog}[open]", state="detached")
        assert_in_game(page, entries + 1)


def test_dialogs_closed_by_their_buttons_share_one_entry_and_back_stays_in_the_game(warm_page) -> None:
    """A dialog closed by its button or Escape leaves its entry (going back over it
    could abort a navigation the game starts at the same time): every later dialog
    reuses it, and the next Back does nothing but use it up."""
    page = warm_page
    entries = start(page)
    for _ in range(3):
        open_dialog(page, "new", "dlg-new")
        page.locator('#dlg-new [data-action="close-dialog"]').click()
        page.wait_for_selector("#dlg-new[open]", state="detached")
        open_dialog(page, "settings", "dlg-settings")
        page.keyboard.press("Escape")
        page.wait_for_selector("#dlg-settings[open]", state="detached")
    assert page.evaluate("history.length") == entries + 1
    back(page)
    page.wait_for_function("() => history.state === null")
    assert_in_game(page, entries + 1)
    # The next dialog gets its entry again, and Back closes it.
    open_dialog(page, "stats", "dlg-stats")
    assert page.evaluate("history.length") == entries + 1  # the forward entry is replaced
    back(page)
    page.wait_for_selector("#dlg-stats[open]", state="detached")
    assert_in_game(page, entries + 1)


def test_back_closes_only_the_question_above_the_statistics(warm_page) -> None:
    page = warm_page
    entries = start(page)
    open_dialog(page, "stats", "dlg-stats")
    page.locator('#dlg-stats [data-action="stats-reset"]').first.click()
    page.wait_for_selector("#dlg-confirm[open]", state="attached")
    assert page.evaluate("history.length") == entries + 1  # one entry for both
    back(page)
    page.wait_for_selector("#dlg-confirm[open]", state="detached")
    assert page.locator("#dlg-stats[open]").count() == 1  # the statistics stay open
    back(page)
    page.wait_for_selector("#dlg-stats[open]", state="detached")
    assert_in_game(page, entries + 1)


@pytest.mark.parametrize("viewport", ["phone", "desktop"], indirect=True)
def test_a_dialog_with_more_below_its_buttons_says_so(warm_page) -> None:
    """Trial 48: at 1366x768 "Left-handed" lay under Settings' closing buttons, and
    nothing showed that the dialog scrolls. While more is below, the dialog carries
    ``data-more-below`` and its buttons a shadow (static/dialog-more.js); scrolled to
    the end, neither."""
    page = warm_page
    start(page)
    page.set_viewport_size({"width": page.viewport_size["width"], "height": 560})
    open_dialog(page, "settings", "dlg-settings")
    dlg = page.locator("#dlg-settings")
    page.wait_for_function("document.querySelector('#dlg-settings').hasAttribute('data-more-below')")
    shadow = page.evaluate("getComputedStyle(document.querySelector('#dlg-settings .dialog-end')).boxShadow")
    assert shadow != "none", shadow
    dlg.evaluate("d => d.scrollTo(0, d.scrollHeight)")
    page.wait_for_function("!document.querySelector('#dlg-settings').hasAttribute('data-more-below')")
    assert page.evaluate(
        "getComputedStyle(document.querySelector('#dlg-settings .dialog-end')).boxShadow") == "none"
    dlg.evaluate("d => d.scrollTo(0, 0)")
    page.wait_for_function("document.querySelector('#dlg-settings').hasAttribute('data-more-below')")
    page.keyboard.press("Escape")
    page.wait_for_selector("#dlg-settings[open]", state="detached")
