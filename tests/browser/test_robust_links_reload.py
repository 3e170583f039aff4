"""Bad ``?deal=`` links, and reloads right after each kind of action (issue 6 points 4
and 6). One page per test; every step is a real page load.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import game
from tests.browser.helpers import (
    KEY_GAME,
    KEY_SETTINGS,
    assert_exact,
    card_point,
    find_deal,
    first_column_move,
    head_id,
    mouse_drag,
    notice,
    pile_point,
    saved_game,
    status,
)

pytestmark = pytest.mark.context(reduced_motion="reduce")

ROOT = Path(__file__).resolve().parents[2]


def catalog(lang: str) -> dict:
    return json.loads((ROOT / "locales" / f"{lang}.json").read_text(encoding="utf-8"))


def goto(page, path: str) -> None:
    page.goto(path, wait_until="commit")
    page.wait_for_selector("html[data-ready='1']", state="attached", timeout=90_000)


def fragments(template: str) -> list[str]:
    """The literal parts of a catalog message (around its ``{placeholders}``)."""
    return [p.strip() for p in re.split(r"\{\w+\}", template) if p.strip()]


#: (link text, refusal code, language of the page).
BAD_LINKS = [
    ("garbage%21%21", "code-format", "en"),
    ("", "code-empty", "en"),
    ("EH1-N-ZZZZZZZ", "code-number-range", "en"),
    ("EH1-C8-AAAAAAB", "code-variant", "en"),   # an Eight Off variant on Easy Harp
    ("EO1-N-AAAAAAB", "code-variant", "ro"),    # Easy Harp's variant on Eight Off
    ("EH1-N-AAAA", "code-length", "ro"),
    ("EO2-C8-AAAAAAB", "code-game", "ro"),
]


def test_bad_links_are_refused_and_the_game_stays(open_app, page, storage):
    g = find_deal("eight-off", 4, lambda g: first_column_move(g) is not None)
    g.play(first_column_move(g))
    blob = g.to_save()
    open_app("/index.html", storage={KEY_GAME: blob})
    assert_exact(page, g)
    for text, code, lang in BAD_LINKS:
        with pytest.raises(game.BadCode) as err:
            game.parse_code(text.replace("%21", "!"))
        assert err.value.code == code
        if lang == "ro":
            page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                          [KEY_SETTINGS, json.dumps({"version": 1, "language": "ro"})])
        goto(page, f"/index.html?deal={text}")
        where = f"link {text!r}"
        n = notice(page)
        assert n["shown"] and n["kind"] == "link-refused", where
        cat = catalog(lang)
        for part in fragments(cat["notice.link-refused"]) + fragments(cat[f"error.{code}"]):
            assert part in n["text"], (where, part, n["text"])
        assert "{" not in n["text"], (where, n["text"])  # every placeholder filled
        assert "deal=" not in page.url, where
        assert_exact(page, g)  # the current game is untouched
        assert storage()[KEY_GAME] == blob, where


def test_reload_after_each_kind_of_action_brings_back_the_same_game(
        open_app, page, reload_app):
    def check(what: str) -> None:
        assert saved_game(page).to_save() == twin.to_save(), what
        reload_app()
        assert_exact(page, twin)
        assert saved_game(page).to_save() == twin.to_save(), what

    twin = game.new_game("EH1-N-AAAAAAF")
    open_app(f"/index.html?deal={twin.code}")
    check("fresh deal")
    page.mouse.click(*pile_point(page, twin, "s"))
    twin.play("s")
    check("draw")
    m = first_column_move(twin)
    mouse_drag(page, card_point(page, head_id(twin, m)), pile_point(page, twin, m.dst))
    twin.play(m)
    check("move")
    page.locator('[data-action="undo"]').click()
    twin.undo()
    check("undo")
    page.keyboard.press("Control+y")
    twin.redo()
    page.locator('[data-action="undo"]').click()
    page.locator('[data-action="undo"]').click()
    twin.undo()
    twin.undo()
    check("redo, two undos")
    page.mouse.click(*pile_point(page, twin, "s"))
    twin.play("s")
    assert not twin.can_redo
    check("a new action after undo drops the redo")
    page.locator('[data-action="new"]').click()
    page.locator('#dlg-new input[value="eight-off"]').check()
    page.locator('#dlg-new input[name="cells"][value="2"]').check()
    page.fill("#deal-code", "4242")
    page.locator('[data-action="deal-code"]').click()
    page.locator('[data-role="confirm"] [data-action="confirm"]').click()  # asks first (issue 12)
    twin = game.new_game(game.DealCode("eight-off", 2, 4242))
    assert status(page)["code"] == twin.code
    check("new game from a number")
    for pid in twin.pile_ids():
        top = len(twin.pile(pid)) - 1
        dbl = twin.double_tap_move(pid, top) if pid[0] == "t" and top >= 0 else None
        if dbl is not None:
            page.locator(f'#table .card[data-id="{twin.pile(pid)[-1].card.id}"]').dblclick()
            twin.play(dbl)
            break
    assert twin.move_count == 1
    check("double tap")


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
