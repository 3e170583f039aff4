"""The saved table on screen before Python is up (static/prepaint.js, issue 14 point 1):
painted only when it shows the current save at the current size, inert and marked as
starting until the game is ready, and the game then takes over with every card where
the picture had it (no jump).

The runtime's wasm is held back by the test (a route answered only when the test says
so), so "before ready" is a state the test controls, not a race.
"""

from __future__ import annotations

import json

import pytest

from tests.browser import helpers

DEAL = "EH1-N-AAAAAAF"
BOXES = """() => Object.fromEntries([...document.querySelectorAll('#table .card, #table .pile')]
  .map(e => { const r = e.getBoundingClientRect();
              return [e.dataset.id || 'pile:' + e.dataset.pile,
                      [Math.round(r.x * 10) / 10, Math.round(r.y * 10) / 10,
                       Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10,
                       e.dataset.face || '']]; }))"""
HEADER = """() => Object.fromEntries([...document.querySelectorAll('[data-status]')]
  .map(e => [e.dataset.status, [e.dataset.value, e.textContent.trim()]]))"""


def visit_and_play(page, open_app) -> None:
    """First visit: open a deal, make one move; the reload saves the picture (pagehide)."""
    open_app(f"/index.html?deal={DEAL}")
    page.locator('#table [data-pile="s"]').last.click()  # draw a card from the stock
    page.wait_for_function("() => document.querySelector('[data-status=moves]').dataset.value === '1'")


def leave_for_other(page) -> None:
    """Show another page of the origin (answered by the test, so nothing of ours runs)."""
    page.route("**/__other__.html", lambda route: route.fulfill(
        status=200, content_type="text/html", body="<!doctype html><title>other</title>"))
    page.goto("/__other__.html")


def hold_runtime(page) -> list:
    """Hold the runtime's wasm (on a first visit its compressed copy, static/unpack.js).
    The decoded files an earlier start left for the service worker are deleted first: a
    start that finds them takes them and downloads nothing (static/pyodide-start.js,
    decodedBefore)."""
    page.evaluate("""async () => {
      await window.__handoff;
      if (!self.caches) return;  // (no Cache Storage: nothing was left)
      for (const name of await caches.keys()) if (name.endsWith(':given')) await caches.delete(name);
    }""")
    held: list = []
    page.route("**/pyodide.asm.wasm*", lambda route: held.append(route))
    return held


def release(page, held) -> None:
    for _ in range(600):  # wait (up to 30 s) until the held request has arrived
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the runtime's wasm was never requested"
    for route in held:
        route.continue_()
    page.unroute("**/pyodide.asm.wasm*")


@pytest.mark.parametrize("viewport", ["phone", "desktop"], indirect=True)
def test_saved_table_is_painted_inert_then_taken_over_without_a_jump(page, open_app) -> None:
    visit_and_play(page, open_app)
    page.reload(wait_until="commit")
    page.wait_for_selector("html[data-ready='1']", state="attached")
    ready_boxes = page.evaluate(BOXES)
    ready_header = page.evaluate(HEADER)
    assert page.evaluate("window.__prepaint.painted") is True  # from the first reload

    held = hold_runtime(page)
    page.reload(wait_until="commit")
    page.wait_for_selector("html[data-prepaint='1']", state="attached")
    assert page.evaluate("document.documentElement.dataset.ready") is None
    assert page.evaluate(BOXES) == ready_boxes
    # The header as it was when the page was left: the clock (it runs from the first
    # move) at least where it was when the page was ready, every other item the same.
    painted = page.evaluate(HEADER)
    assert int(painted.pop("time")[0]) >= int(ready_header.pop("time")[0])
    assert painted == ready_header
    assert page.locator("#table").evaluate("t => t.inert") is True
    assert page.locator("header .actions").evaluate("a => a.inert") is True
    # ...and the buttons look it (dimmed until ready).
    assert page.locator("header .actions button").first.evaluate("b => getComputedStyle(b).opacity") == "0.45"
    page.locator("#boot-status").wait_for(state="visible")  # says it is starting
    assert page.locator("#table .card").first.is_visible()
    # Input before ready is not taken: a tap on a card changes nothing.
    before = page.evaluate("localStorage.getItem('solitaire.game')")
    page.locator("#table .card[data-face='up']").last.dispatch_event("click")
    release(page, held)
    page.wait_for_selector("html[data-ready='1']", state="attached")
    assert page.evaluate("document.documentElement.dataset.prepaint") is None
    assert page.locator("#table").evaluate("t => t.inert") is False
    assert page.locator("header .actions button[data-action='hint']").evaluate(
        "b => getComputedStyle(b).opacity") == "1"
    assert page.evaluate(BOXES) == ready_boxes  # no jump when the game takes over
    assert page.evaluate("localStorage.getItem('solitaire.game')") == before
    helpers.assert_exact(page, helpers.saved_game(page))


#: the values the "Can it still be won?" indicator takes, recorded from the page's start
WATCH_VERDICT = """() => { window.__verdicts = [];
  new MutationObserver(() => { const w = document.querySelector('[data-role="winnable"]');
    if (w && w.dataset.value) window.__verdicts.push(w.dataset.value); })
    .observe(document.documentElement, {attributes: true, subtree: true, attributeFilter: ['data-value']}); }"""


@pytest.mark.parametrize("viewport", ["phone"], indirect=True)
def test_the_verdict_stays_from_the_picture_to_the_game(page, open_app) -> None:
    """Trial 44: with "Can it still be won?" on, the picture of a phone showed the
    verdict's symbol without its word (the short words are the game's texts, written
    at ready), and at ready the indicator went back to "Checking…" for 0.6-2 s before
    the verdict it had shown. The picture now holds the short word too, and a verdict
    proven for the position comes back with the game (game/ui/helping.py, KEY_VERDICT)."""
    from game.ui.persist import Settings

    settings = Settings(show_winnable=True).dump()
    open_app("/index.html?deal=EO1-C8-AAAAAAB", storage={helpers.KEY_SETTINGS: settings})
    page.wait_for_function("() => document.querySelector('[data-role=winnable]').dataset.value === 'yes'")
    word = page.locator('.stat-verdict > [data-v="yes"]')
    said = word.text_content()
    assert said and word.is_visible()  # the short form, on a phone
    page.reload(wait_until="commit")  # the picture is saved as the page is left
    page.wait_for_selector("html[data-ready='1']", state="attached")
    held = hold_runtime(page)
    page.reload(wait_until="commit")
    page.wait_for_selector("html[data-prepaint='1']", state="attached")
    page.evaluate(WATCH_VERDICT)
    assert page.evaluate("document.documentElement.dataset.ready") is None
    assert page.locator('[data-role="winnable"]').get_attribute("data-value") == "yes"
    assert word.text_content() == said and word.is_visible()
    release(page, held)
    page.wait_for_selector("html[data-ready='1']", state="attached")
    page.wait_for_timeout(300)
    assert page.locator('[data-role="winnable"]').get_attribute("data-value") == "yes"
    assert "thinking" not in page.evaluate("window.__verdicts")
    assert word.text_content() == said
    # A game Finish for me finished: its picture says "Finished", as the status bar
    # does (its marks, data-won and data-helped, set here as the bar sets them).
    finished = page.locator('.stat-verdict > [data-v="finished"]')
    finished_word = finished.text_content()
    page.evaluate("""() => { const w = document.querySelector('[data-role="winnable"]');
      w.setAttribute('data-won', '1'); w.setAttribute('data-helped', '1'); }""")
    assert finished.is_visible() and page.evaluate("window.__prepaint.save()") is True
    leave_for_other(page)
    hold_runtime(page)
    page.goto("/index.html", wait_until="commit")
    page.wait_for_selector("html[data-prepaint='1']", state="attached")
    assert finished.text_content() == finished_word and finished.is_visible()
    assert not word.is_visible()
    page.unroute_all(behavior="ignoreErrors")


def test_no_picture_for_another_game_size_or_deal_link(page, open_app, viewport) -> None:
    visit_and_play(page, open_app)
    page.reload(wait_until="commit")
    page.wait_for_selector("html[data-ready='1']", state="attached")
    assert page.evaluate("window.__prepaint.save()") is True
    # Another game saved (by another tab) after this page was left: not painted.
    leave_for_other(page)
    page.evaluate("""() => { const g = JSON.parse(localStorage.getItem('solitaire.game'));
      localStorage.setItem('solitaire.game', JSON.stringify({...g, history: []})); }""")
    held = hold_runtime(page)
    page.goto("/index.html", wait_until="commit")
    page.wait_for_selector("#boot-status", state="attached")
    assert page.evaluate("window.__prepaint.reason") == "other game"
    assert page.evaluate("document.documentElement.dataset.prepaint") is None
    release(page, held)
    page.wait_for_selector("html[data-ready='1']", state="attached")
    # Another window size than the picture's (the window was resized while closed). The
    # picture is decided before Python starts: the runtime stays held from here on.
    leave_for_other(page)
    assert page.evaluate("JSON.parse(localStorage.getItem('solitaire.paint')).w") == \
        viewport["viewport"]["width"]
    size = viewport["viewport"]
    page.set_viewport_size({"width": size["width"] - 40, "height": size["height"]})
    hold_runtime(page)
    page.goto("/index.html", wait_until="commit")
    page.wait_for_selector("#boot-status", state="attached")
    assert page.evaluate("window.__prepaint.reason") == "other size"
    assert page.evaluate("document.documentElement.dataset.prepaint") is None
    # A deal link.
    page.goto(f"/index.html?deal={DEAL}", wait_until="commit")
    page.wait_for_selector("#boot-status", state="attached")
    assert page.evaluate("window.__prepaint.reason") == "deal link"
    assert page.evaluate("document.documentElement.dataset.prepaint") is None
    page.unroute_all(behavior="ignoreErrors")


def test_storage_that_refuses_the_picture_changes_nothing(page, open_app, storage) -> None:
    page.add_init_script("""(() => { const set = Storage.prototype.setItem;
      Storage.prototype.setItem = function (k, v) {
        if (k === 'solitaire.paint') throw new DOMException('full', 'QuotaExceededError');
        return set.call(this, k, v); }; })();""")
    visit_and_play(page, open_app)
    assert page.evaluate("window.__prepaint.save()") is False
    assert "solitaire.paint" not in storage()
    assert "solitaire.game" in storage()


PILE_BOXES = """() => Object.fromEntries([...document.querySelectorAll('#table .pile')]
  .map(e => { const r = e.getBoundingClientRect();
              return [e.dataset.pile, [r.x, r.y, r.width, r.height]]; }))"""


@pytest.mark.parametrize("viewport", ["phone", (1366, 768)], indirect=True)
@pytest.mark.parametrize(("address", "variant", "lang"), [
    ("/index.html", "easy-harp", "en"),
    ("/index.html?deal=EO1-C8-AAAAAFA", "eight-off-8", "en"),
    ("/index.html?deal=EO1-C2-AAAAAFA", "eight-off-2", "ar"),
])
def test_first_visit_shows_the_empty_piles_where_the_game_puts_them(
        page, viewport, address, variant, lang) -> None:
    """Issue 14 point 1: with no picture (a first visit, a deal link), the empty piles
    of the game to come are on screen before Python is up, inert, and the game then
    builds its piles in the same places (1 px)."""
    from tests.browser.conftest import seed_storage

    if lang != "en":
        seed_storage(page, {"solitaire.settings": json.dumps({"version": 1, "language": lang})})
    held = hold_runtime(page)
    page.goto(address, wait_until="commit")
    page.wait_for_selector("html[data-skeleton='1']", state="attached")
    assert page.evaluate("window.__prepaint.empty") == variant
    assert page.evaluate("document.documentElement.dataset.ready") is None
    assert page.locator("#table").evaluate("t => t.inert") is True
    assert page.locator("#table .pile").first.is_visible()
    before = page.evaluate(PILE_BOXES)
    release(page, held)
    page.wait_for_selector("html[data-ready='1']", state="attached")
    assert page.evaluate("document.documentElement.dataset.skeleton") is None
    assert page.locator("#table").evaluate("t => t.inert") is False
    after = page.evaluate(PILE_BOXES)
    assert sorted(before) == sorted(after)
    for pid, box in after.items():
        assert all(abs(a - b) <= 1 for a, b in zip(before[pid], box)), (pid, before[pid], box)


def test_picture_leaves_out_the_hint_glow_and_the_keyboard_focus(page, open_app) -> None:
    """A hint's marks (``data-hint`` and the ``data-hint-top`` glow of the card it points to)
    and the keyboard focus (``data-focus``, the table's ``aria-activedescendant``) belong
    to the moment: the picture of the next start shows none of them (found by trying it:
    the glow stayed on screen until the game was ready)."""
    visit_and_play(page, open_app)
    page.locator("#table").focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('#table').hasAttribute('aria-activedescendant')")
    page.locator('[data-action="hint"]').click()
    page.wait_for_selector("#table [data-hint]", state="attached")
    # The hint of this position may be a draw, which lights no destination card: light
    # the top card of a column as a hint to it does (game/ui/assist.py).
    page.evaluate("""() => { if (!document.querySelector('#table [data-hint-top]'))
      document.querySelector('#table .card[data-pile="t1"]:last-of-type, #table .card[data-pile="t1"]')
        .dataset.hintTop = '1'; }""")
    page.wait_for_selector("#table [data-hint-top]", state="attached")
    held = hold_runtime(page)
    page.reload(wait_until="commit")
    page.wait_for_selector("html[data-prepaint='1']", state="attached")
    marks = page.evaluate("""() => ({
      glow: document.querySelectorAll('#table [data-hint-top]').length,
      hint: document.querySelectorAll('#table [data-hint]').length,
      focus: document.querySelectorAll('#table [data-focus]').length,
      active: document.querySelector('#table').getAttribute('aria-activedescendant')})""")
    assert marks == {"glow": 0, "hint": 0, "focus": 0, "active": None}
    release(page, held)
    page.wait_for_selector("html[data-ready='1']", state="attached")


# ----- issue 27 point 4: the picture is data, not HTML ---------------------------------

EVIL = "/__evil__.html"
#: Case 5 as it was found, in the old form (v1: the table's and header's HTML), and the
#: same payloads put into the fields of the data form (v2).
INJECTIONS = {
    "v1 meta refresh": lambda s: {**s, "v": 1, "attrs": {}, "html": {"lang": "en"},
                                  "table": f'<meta http-equiv="refresh" content="0;url={EVIL}">',
                                  "bar": f'<meta http-equiv="refresh" content="0;url={EVIL}">'},
    "v1 invisible": lambda s: {**s, "v": 1, "attrs": {"hidden": ""}, "table": "", "bar": "",
                               "html": {"lang": "en", "style": "pointer-events:none"}},
    "v1 header link": lambda s: {**s, "v": 1, "attrs": {}, "html": {"lang": "en"}, "table": "",
                                 "bar": f'<a href="{EVIL}" class="evil">Play here</a>'},
    "v2 meta refresh as text": lambda s: {**s, "status": {**s["status"], "moves": [
        s["status"]["moves"][0], f'<meta http-equiv="refresh" content="0;url={EVIL}">']}},
    "v2 style as a class": lambda s: {**s, "cls": ["back-blue", "x\" style=\"pointer-events:none"]},
    "v2 hidden table": lambda s: {**s, "won": "hidden"},
    "v2 link as a label": lambda s: {**s, "labels": {**s["labels"],
                                                     "undo": f'<a href="{EVIL}">Play here</a>'}},
    "v2 card id": lambda s: {**s, "cards": [["<a href=x>", *s["cards"][0][1:]], *s["cards"][1:]]},
    "v2 deep": lambda s: {**s, "piles": [[[[[[0]]]]]] * len(s["piles"])},
}
HARMLESS = """() => ({
  meta: document.querySelectorAll('meta[http-equiv="refresh" i]').length,
  links: [...document.querySelectorAll('header a')].map(a => a.dataset.action || a.className),
  pointer: getComputedStyle(document.documentElement).pointerEvents,
  hidden: document.getElementById('table').hidden,
  htmlStyle: document.documentElement.getAttribute('style') || '',
  evil: document.documentElement.outerHTML.includes('__evil__') &&
        !document.querySelector('[data-status="moves"]').textContent.includes('__evil__')
        && !(document.querySelector('[data-action="undo"]').getAttribute('aria-label') || '').includes('__evil__'),
})"""


def start_with_picture(page, picture: dict) -> None:
    """Write ``picture`` from another page of the origin, after this one was left
    (leaving saves a picture of its own), then start the game with its runtime held."""
    leave_for_other(page)
    page.evaluate("t => localStorage.setItem('solitaire.paint', t)", json.dumps(picture))
    page.goto("/index.html", wait_until="commit")
    page.wait_for_function("() => window.__prepaint !== undefined")


def test_an_injected_picture_is_drawn_harmlessly_or_ignored(page, open_app) -> None:
    """Every injection of case 5, old form and data form, in turn: before Python is up
    the picture is drawn as text or not at all (no refresh, no link, nothing hidden or
    inert by a style); then two starts go on to ready, one with all the old form's
    payloads at once and one with all the payloads the data form draws as text: nothing
    navigates away, the game works, and its next picture holds nothing of them."""
    visit_and_play(page, open_app)
    assert page.evaluate("window.__prepaint.save()") is True
    real = json.loads(page.evaluate("localStorage.getItem('solitaire.paint')"))
    assert real["v"] == 2 and len(json.dumps(real)) < 12_000
    navigated: list[str] = []
    page.on("framenavigated", lambda f: navigated.append(f.url) if f == page.main_frame else None)
    for name, inject in INJECTIONS.items():
        hold_runtime(page)
        start_with_picture(page, inject(real))
        reason = page.evaluate("window.__prepaint.reason")
        if name.startswith("v1"):
            assert reason == "none", name  # another format: not read at all
        elif name in ("v2 meta refresh as text", "v2 link as a label"):
            assert reason == "", name  # drawn, as text
        else:
            assert reason == "invalid", name
        now = page.evaluate(HARMLESS)
        assert now == {"meta": 0, "links": ["help"], "pointer": "auto", "hidden": False,
                       "htmlStyle": now["htmlStyle"], "evil": False}, name
        assert "pointer" not in now["htmlStyle"], name
        page.unroute("**/pyodide.asm.wasm*")
        leave_for_other(page)  # before the runtime came: Python never started
    every_v1 = {**real, "v": 1, "attrs": {"hidden": ""},
                "html": {"lang": "en", "style": "pointer-events:none"},
                "table": f'<meta http-equiv="refresh" content="0;url={EVIL}">',
                "bar": f'<meta http-equiv="refresh" content="0;url={EVIL}">'
                       f'<a href="{EVIL}" class="evil">Play here</a>'}
    as_text = INJECTIONS["v2 link as a label"](INJECTIONS["v2 meta refresh as text"](real))
    for moves, picture in (("2", every_v1), ("3", as_text)):
        start_with_picture(page, picture)
        page.wait_for_selector("html[data-ready='1']", state="attached")
        page.wait_for_timeout(300)  # a refresh would have gone by now
        assert not any(EVIL in u for u in navigated)
        assert page.evaluate(HARMLESS)["links"] == ["help"]
        # The game works, and the next picture holds nothing of the injection.
        page.locator('#table [data-pile="s"]').last.click()
        page.wait_for_function(
            f"() => document.querySelector('[data-status=moves]').dataset.value === '{moves}'")
        assert page.evaluate("window.__prepaint.save()") is True
        again = page.evaluate("localStorage.getItem('solitaire.paint')")
        assert "__evil__" not in again and "pointer" not in again and "<" not in again
