"""Storage the browser alone can show (issue 27 cases 4 and 8): the picture of the
table that static/prepaint.js keeps never crowds out the game, and a hostile import
file is refused in the page with Python alive. The page's own storage behaviour (bad
saved data, failing storage, two tabs) runs under CPython: tests/ui/test_page_storage.py.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.browser.helpers import notice, saved_game

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


def test_the_picture_never_crowds_out_the_game(open_app, page, storage):
    open_app("/index.html?deal=EH1-N-AAAAAAF")
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


def test_a_12_kb_file_nested_6000_deep_is_refused_and_python_lives_on(open_app, page, storage, tmp_path):
    """Issue 27 case 4: such a file stopped Python in the page ("Maximum call stack
    size exceeded", every later action dead). It is now refused on its text, before
    Python builds anything, with its own message, and the game goes on."""
    open_app("/index.html?deal=EH1-N-AAAAAAF")
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
    notice = page.locator('[data-role="notice"][data-notice="import-refused"]')
    notice.wait_for(state="visible")
    assert notice.locator(".notice-text").inner_text() == catalog("en")["error.import-limits"]
    assert data() == before
    notice.locator('[data-action="dismiss"]').click()
    stock.click()  # Python still answers
    page.wait_for_function("() => document.querySelector('[data-status=moves]').dataset.value === '2'")
    assert saved_game(page).move_count == 2
