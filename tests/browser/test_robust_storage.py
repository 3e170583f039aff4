"""Storage the browser alone can show (issue 27 cases 1, 4 and 8): two real tabs of
one origin racing over the game (Finish for me in one, a new deal in the other), the
picture of the table that static/prepaint.js keeps never crowds out the game, and a
hostile import file is refused in the page with Python alive. The page's own storage
behaviour (bad saved data, failing storage, two tabs, a random model of it all) runs
under CPython: tests/ui/test_page_storage.py, test_tabs_and_quota.py,
test_storage_model.py. The picture and the import run on a page started once
(``warm_page``), put back in a fresh state by ``helpers.reset``.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from tests.browser.conftest import wait_ready
from tests.browser.helpers import expected, notice, reset, saved_game, table

ROOT = Path(__file__).resolve().parents[2]


def catalog(lang: str) -> dict:
    return json.loads((ROOT / "locales" / f"{lang}.json").read_text(encoding="utf-8"))


FILL = """free => {
  localStorage.removeItem('zz.filler');
  const fits = (n) => { try { localStorage.setItem('zz.filler', 'x'.repeat(n)); return true; }
                        catch (_) { return false; } };
  let lo = 0, hi = 1 << 25;
  while (hi - lo > 64) { const mid = (lo + hi) >> 1; if (fits(mid)) lo = mid; else hi = mid; }
  localStorage.setItem('zz.filler', 'x'.repeat(lo - free));
}"""
FREE = """() => {
  const fits = (n) => { try { localStorage.setItem('zz.probe', 'x'.repeat(n)); return true; }
                        catch (_) { return false; } finally { localStorage.removeItem('zz.probe'); } };
  let lo = 0, hi = 1 << 25;
  while (hi - lo > 64) { const mid = (lo + hi) >> 1; if (fits(mid)) lo = mid; else hi = mid; }
  return lo;
}"""
HIDE = """() => { Object.defineProperty(document, 'visibilityState',
  {configurable: true, get: () => 'hidden'});
  document.dispatchEvent(new Event('visibilitychange')); delete document.visibilityState;
  document.dispatchEvent(new Event('visibilitychange')); }"""


def stored(page) -> dict[str, str]:
    return page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")


def test_the_picture_never_crowds_out_the_game(warm_page):
    page = warm_page
    reset(page, "EH1-N-AAAAAAF")

    def storage() -> dict[str, str]:
        return stored(page)

    stock = page.locator('#table [data-pile="s"]').last
    stock.click()
    page.wait_for_function("() => document.querySelector('[data-status=moves]').dataset.value === '1'")
    # Little room (30 K characters): no picture at all.
    page.evaluate("localStorage.removeItem('solitaire.paint')")
    page.evaluate(FILL, 30_000)
    assert page.evaluate("window.__prepaint.save()") is False
    assert "solitaire.paint" not in storage()
    # About 75 K characters left, then the page is hidden: a picture of a few K, and
    # at least 64 K characters still free for the game.
    page.evaluate(FILL, 75_000)
    page.evaluate(HIDE)
    assert 0 < len(storage().get("solitaire.paint", "")) < 12_000
    assert page.evaluate(FREE) >= 64 * 1024
    for n in range(2, 102):
        stock.click()
        page.wait_for_function(
            "n => document.querySelector('[data-status=moves]').dataset.value === String(n)", arg=n)
        assert saved_game(page).move_count == n, f"move {n} not saved"
        if n % 25 == 0:
            page.evaluate(HIDE)
    assert notice(page)["kind"] != "storage-full"
    page.evaluate("localStorage.removeItem('zz.filler')")


def test_a_12_kb_file_nested_6000_deep_is_refused_and_python_lives_on(warm_page, tmp_path):
    """Issue 27 case 4: such a file stopped Python in the page ("Maximum call stack
    size exceeded", every later action dead). It is now refused on its text, before
    Python builds anything, with its own message, and the game goes on."""
    page = warm_page
    reset(page, "EH1-N-AAAAAAF")

    def storage() -> dict[str, str]:
        return stored(page)

    stock = page.locator('#table [data-pile="s"]').last
    stock.click()
    page.wait_for_function("() => document.querySelector('[data-status=moves]').dataset.value === '1'")
    deep = "[" * 6_000 + "]" * 6_000
    text = ('{"format":"solitaire-backup","version":1,"exported":"2026-12-01T03:00:00.000Z",'
            '"settings":null,"records":{"version":1,"passes":' + deep + '},"game":null,"meta":null}')
    assert 12_000 <= len(text) < 13_000
    path = tmp_path / "deep.json"
    path.write_text(text, encoding="utf-8")

    def data() -> dict[str, str]:
        return {k: v for k, v in storage().items() if k != "solitaire.paint"}

    before = data()
    page.locator('.bar [data-action="stats"]').click()
    page.locator('[data-role="import-file"]').set_input_files(str(path))
    said = page.locator('#dlg-stats [data-role="import-error"]')  # under Import, the dialog open
    said.wait_for(state="visible")
    assert said.inner_text() == catalog("en")["error.import-limits"]
    assert data() == before
    page.keyboard.press("Escape")
    stock.click()  # Python still answers
    page.wait_for_function("() => document.querySelector('[data-status=moves]').dataset.value === '2'")
    assert saved_game(page).move_count == 2


MOVES = "() => +document.querySelector('[data-status=moves]').dataset.value"
CODE = "() => document.querySelector('[data-status=code]').dataset.value"
FINISHING = "() => document.querySelector('[data-action=solve]').getAttribute('aria-pressed')"


def second_tab(context, page_log, link: str):
    """Tab B: another page of the same context on ``link``, ready; its console errors
    and page errors go to ``page_log`` as tab A's do."""
    b = context.new_page()
    b.on("console", lambda msg: msg.type == "error" and page_log.console_errors.append(
        f"tab B: {msg.text}"))
    b.on("pageerror", lambda err: page_log.page_errors.append(f"tab B: {err}"))
    b.goto(link, wait_until="commit")
    wait_ready(b)
    return b


def test_finish_for_me_in_one_tab_never_plays_into_the_game_another_tab_starts(
        context, page, open_app, page_log, storage):
    """Issue 27 case 1, as reported: tabs A and B on one deal; B taps the stock and
    starts Finish for me; while it plays, A starts a new deal. Run 1 of the report: A's
    new deal got 17 moves nobody made within 6 s and was marked assisted; run 2: it was
    replaced by B's old game, still playing. Now B stops before applying anything more
    and A's new deal stays as dealt."""
    link = "/index.html?deal=EH1-N-AAAAAAF"
    a = open_app(link)
    b = second_tab(context, page_log, link)
    b.locator('#table [data-pile="s"]').last.click()
    b.wait_for_function(f"() => ({MOVES})() === 1")
    a.wait_for_function(f"() => ({MOVES})() === 1")  # A took B's game over
    b.locator('.bar [data-action="solve"]').click()
    b.locator('#dlg-confirm[open] [data-action="confirm"]').click(timeout=120_000)  # "Finish it"
    b.wait_for_function(f"() => ({MOVES})() >= 4")  # Finish for me is playing
    assert b.evaluate(FINISHING) == "true"
    old = a.evaluate(CODE)
    a.locator('.bar [data-action="new"]').click()
    a.locator('#dlg-new [data-action="deal-random"]').click()
    a.locator('#dlg-confirm[open] [data-action="confirm"]').click()  # "Start the new game"
    new = a.evaluate(CODE)
    assert new != old
    assert a.evaluate(MOVES) == 0
    end = time.monotonic() + 6
    while time.monotonic() < end:  # 6 s: the report saw 17 moves played into A's deal
        assert (a.evaluate(CODE), a.evaluate(MOVES)) == (new, 0)
        stored = saved_game(a)  # B may save its old game before it hears of A's deal...
        assert stored.code != new or stored.move_count == 0  # ...but never a move on it
        assert storage().get("solitaire.assisted") != new
        time.sleep(0.25)
    stored = saved_game(a)
    assert (stored.code, stored.move_count) == (new, 0)  # A's deal stands, as dealt
    assert b.evaluate(FINISHING) == "false"  # B stopped...
    assert (b.evaluate(CODE), b.evaluate(MOVES)) == (new, 0)  # ...and holds A's deal, as dealt
    assert notice(b)["kind"] == "other-tab"
    b.close()


def test_a_take_back_crossing_finish_for_me_leaves_both_tabs_on_the_stored_game(
        context, page, open_app, page_log):
    """Issue 27 point 2, as a tester found it (3 of 3 tries): tabs A and B on one game,
    Finish for me in A, Undo in B 0.7 to 2.5 s later; A's finish stopped, but the tabs
    then showed different positions for over 10 s and the stale tab's next tap was
    thrown away. Now, whatever the order in which the two writes land, both tabs show
    the stored game within a second, and B's next action is played."""
    link = "/index.html?deal=EO1-C8-AAAAAFA"
    a = open_app(link)
    b = second_tab(context, page_log, link)
    for delay in (0.7, 1.5, 2.5):
        before = a.evaluate(MOVES)
        a.locator('.bar [data-action="solve"]').click()
        a.locator('#dlg-confirm[open] [data-action="confirm"]').click(timeout=120_000)
        a.wait_for_function(f"() => ({MOVES})() >= {before + 1}")  # the finish plays
        time.sleep(delay - 0.2)
        b.locator('.bar [data-action="undo"]').click()
        start, same, stored = time.monotonic(), None, None
        while time.monotonic() < start + 10:  # the tabs agree with storage, and stay so
            time.sleep(0.25)
            now = saved_game(a)
            agree = (table(a) == table(b) == expected(now) and a.evaluate(MOVES) == now.move_count
                     and a.evaluate(FINISHING) == "false")
            if agree and stored is not None and now.to_save() == stored.to_save():
                break
            same, stored = (same or time.monotonic() - start, now) if agree else (None, None)
        assert same is not None and same < 2, f"tabs apart after B's undo {delay} s into the finish"
        moves = stored.move_count
        b.locator('.bar [data-action="undo"]').click()  # B's next action is played...
        b.wait_for_function(f"() => ({MOVES})() === {moves} && document.querySelector"
                            "('[data-action=redo]').disabled === false")
        # ...and reaches A, through the storage event: A's redo button may be enabled
        # already (from the take-back before), so wait for A's table itself (the suite
        # once read A's table between the two)
        deadline = time.monotonic() + 5
        while table(a) != table(b) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert table(a) == table(b) == expected(saved_game(b))
        assert a.evaluate("() => document.querySelector('[data-action=redo]').disabled") is False
        assert a.evaluate(FINISHING) == "false"
    b.close()

