"""Start-up faults found by trying them (issue 14): the game starts without IndexedDB,
and every control opts out of the browser's double-tap zoom.

Only the page contract (SPEC §8) and static/boot.js are used here.
"""

from __future__ import annotations

import json

import pytest

import game
from tests.browser import helpers

DEAL = "EH1-N-AAAAAAF"
# IndexedDB.open throws synchronously, as in a cross-origin iframe with storage blocked.
OPEN_THROWS = """
IDBFactory.prototype.open = function () {
  throw new DOMException("The user denied permission to access the database.", "InvalidStateError");
};
"""
# Every open gets a *real* request that fails later: the database "__fail__" exists at
# version 5 (made by the test beforehand), so opening it at version 1 is a VersionError
# delivered as an error event, the path where PyScript's handler threw InvalidStateError.
OPEN_FAILS_LATER = """
(() => {
  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function () { return open.call(this, "__fail__", 1); };
})();
"""


def play_stock_tap(page) -> None:
    before = page.evaluate("localStorage.getItem('solitaire.game')")
    page.locator('#table [data-pile="s"]').last.click()
    page.wait_for_function("b => localStorage.getItem('solitaire.game') !== b", arg=before)
    g = helpers.saved_game(page)
    assert g.move_count == 1
    assert helpers.table(page) == helpers.expected(g)
    assert helpers.status(page)["moves"] == "1"


def test_starts_and_plays_when_indexeddb_open_throws(page, open_app) -> None:
    page.add_init_script(OPEN_THROWS)
    open_app(f"/index.html?deal={DEAL}")
    assert page.evaluate("window.__idbFallback") >= 1  # PyScript's databases were answered
    play_stock_tap(page)


def test_starts_and_plays_when_indexeddb_request_fails_later(page, open_app) -> None:
    make_db = """() => new Promise((ok, ko) => {
      const r = indexedDB.open("__fail__", 5);
      r.onsuccess = () => { r.result.close(); ok(); };
      r.onerror = () => ko(r.error);
    })"""
    open_app("/index.html")
    page.evaluate(make_db)
    page.add_init_script(OPEN_FAILS_LATER)
    page.goto(f"/index.html?deal={DEAL}", wait_until="commit")
    page.wait_for_selector("html[data-ready='1'], html[data-boot='failed']", state="attached")
    assert page.evaluate("document.documentElement.dataset.boot") == "ready"
    assert page.evaluate("window.__idbFallback") >= 1
    # The new deal over an untouched one starts at once; play it.
    assert helpers.saved_game(page).code == str(game.parse_code(DEAL))
    play_stock_tap(page)


# Issue 27 case 9: no IndexedDB at all ("Cannot read properties of undefined (reading
# 'open')" stopped the start). Chromium's indexedDB is an own, configurable accessor of
# window; a page script (or a browser setting) can leave it undefined.
NO_INDEXEDDB = """
Object.defineProperty(window, "indexedDB", { value: undefined, configurable: true, writable: true });
"""


def test_starts_and_plays_when_indexeddb_is_undefined(page, open_app) -> None:
    page.add_init_script(NO_INDEXEDDB)
    open_app(f"/index.html?deal={DEAL}")
    assert page.evaluate("window.__idbFallback") >= 1
    assert page.evaluate("typeof indexedDB.open") == "function"  # the stand-in
    play_stock_tap(page)
    page.reload(wait_until="commit")
    page.wait_for_selector("html[data-ready='1'], html[data-boot='failed']", state="attached")
    assert page.evaluate("document.documentElement.dataset.boot") == "ready"
    assert helpers.saved_game(page).move_count == 1  # the game came back from localStorage


CONTROLS = "button, a[href], input, select, textarea, summary, [data-action]"
TOUCH_ACTIONS = f"""() => [...document.querySelectorAll("{CONTROLS}")].map(e => [
  e.tagName + (e.dataset.action ? '[' + e.dataset.action + ']' : '') + (e.name ? ':' + e.name : ''),
  getComputedStyle(e).touchAction])"""


@pytest.mark.viewport("phone")
@pytest.mark.parametrize("path", ["/index.html", "/help/en/index.html", "/help/ar/faq.html"])
def test_every_control_opts_out_of_double_tap_zoom(page, open_app, path) -> None:
    """touch-action auto on a button lets iOS Safari zoom on a quick second tap."""
    if path == "/index.html":
        open_app(path)
    else:
        page.goto(path)
    controls = page.evaluate(TOUCH_ACTIONS)
    assert len(controls) >= 5
    bad = [c for c in controls if c[1] not in ("manipulation", "none")]
    assert bad == []


def test_precache_holds_every_file_the_page_loads_and_no_unused_chunk(open_app, page, page_log) -> None:
    """scripts/precache.py leaves out the PyScript chunks the page never loads (editor,
    terminal, ...): every same-origin file requested while starting, playing, opening
    the dialogs, switching language and reading the help must still be in the list, or
    the game would break offline."""
    from scripts import packed, precache

    open_app(f"/index.html?deal={DEAL}")
    page.locator('#table [data-pile="s"]').last.click()
    page.locator('[data-action="new"]').click()
    page.wait_for_selector("#dlg-new[open]", state="attached")
    page.keyboard.press("Escape")
    page.locator('[data-action="settings"]').click()
    page.select_option('select[name="language"]', "ar")
    page.wait_for_function("document.documentElement.lang === 'ar'")
    page.keyboard.press("Escape")
    page.locator('[data-action="help"]').click()
    page.frame_locator("#help-overlay iframe").locator("h1").wait_for()
    listed = set(precache.files())
    loaded = {u.removeprefix(page_log.origin + "/").split("?")[0].split("#")[0]
              for u in page_log.requests if u.startswith(page_log.origin + "/")}
    loaded.discard("")
    loaded.discard("index.html")  # listed, but check the rest without the query forms
    assert "index.html" in listed
    # A compressed copy fetched by a page no service worker controls stands for its
    # file, which the precache holds decoded (scripts/packed.py).
    copies = {packed.copy_name(path, key): path for path, info in packed.listing().items()
              for key in packed.KEYS.values() if key in info}
    assert copies, "no compressed copy (run `make runtime`)"
    loaded = {copies.get(f, f) for f in loaded}
    missing = sorted(f for f in loaded if f not in listed and f != "favicon.ico")
    assert missing == []
    assert not any(precache.chunk_base(f.rsplit("/", 1)[-1]) in precache.UNUSED_PYSCRIPT
                   for f in loaded if "/pyscript/" in f)
    assert not any("codemirror" in f or "xterm" in f for f in listed)


def test_download_bar_sizes_match_the_files() -> None:
    """index.html gives the size of each large runtime file it preloads (data-bytes) for
    the bar; static/vendor/packed.js those of the files fetched as compressed copies."""
    import json
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    html = (root / "index.html").read_text(encoding="utf-8")
    sized = re.findall(r'href="\./([^"]+)" data-bytes="(\d+)"', html)
    packed = (root / "static" / "vendor" / "packed.js").read_text(encoding="utf-8")
    listed = json.loads(packed.split("self.__packed = ", 1)[1].strip().rstrip(";"))
    sized += [(path, info["bytes"]) for path, info in listed.items()]
    assert {p.rsplit("/", 1)[-1] for p, _ in sized} >= {"pyodide.asm.wasm", "python_stdlib.zip"}
    for path, size in sized:
        assert (root / path).stat().st_size == int(size), path


@pytest.mark.viewport("phone")
def test_first_visit_shows_a_download_bar_that_moves(page, open_app) -> None:
    """The wasm (its compressed copy on a first visit) is held back: the bar shows what
    has arrived (the other files), short of the whole; released, the game starts and
    the bar goes."""
    held: list = []
    page.route("**/pyodide.asm.wasm*", lambda route: held.append(route))
    page.goto("/index.html", wait_until="commit")
    page.wait_for_function("() => { const b = document.querySelector('#boot-status progress');"
                           " return b && b.value > 0; }")
    value = page.evaluate("document.querySelector('#boot-status progress').value")
    assert 0 < value < 1
    assert page.locator("#boot-status").is_visible()
    for _ in range(600):
        if held:
            break
        page.wait_for_timeout(50)
    for route in held:
        route.continue_()
    page.unroute("**/pyodide.asm.wasm*")
    page.wait_for_selector("html[data-ready='1']", state="attached")
    assert page.locator("#boot-status").count() == 0


HOLD_ARCHIVE = """() => {
  const before = window.fetch;
  const archive = (input) => new URL(input instanceof Request ? input.url : String(input), location.href)
    .pathname.endsWith("/static/vendor/game.zip");
  window.fetch = function (input, init) {
    return archive(input) ? new Promise(() => {}) : before.call(this, input, init);
  };
}"""


@pytest.mark.viewport("phone")
@pytest.mark.parametrize("lang", ["en", "ro", "ar", "id"])
def test_boot_line_says_only_our_own_texts_in_the_players_language(page, lang) -> None:
    """Issue 14 point 3: the loading line never shows PyScript's English progress
    ("Loaded Pyodide"): `boot.loading` while the runtime downloads, `boot.starting` once
    all its bytes are in. The game archive is held back, so the page stays in the
    second stage (Pyodide loaded, PyScript waiting for its files) until the test is
    done: a state the test controls, not a race."""
    from tests.browser.conftest import seed_storage
    from tests.browser.test_runtime import boot_text

    seed_storage(page, {"solitaire.settings": json.dumps({"version": 1, "language": lang})})
    # A loaded machine must not turn the line into boot.slow meanwhile.
    page.add_init_script("window.BOOT_TIMEOUTS = {slowMs: 600000, timeoutMs: 600000};")
    held: list = []
    page.route("**/pyodide.asm.wasm*", lambda route: held.append(route))
    page.goto("/index.html", wait_until="commit")
    line = page.locator("#boot-status .boot-line")
    line.wait_for(state="visible")
    assert line.text_content() == boot_text(lang, "boot.loading")
    assert page.locator("#boot-status").get_attribute("lang") == lang
    for _ in range(600):  # wait (up to 30 s) until the held request has arrived
        if held:
            break
        page.wait_for_timeout(50)
    # PyScript's fetch of the game's archive, once Pyodide is up, never answers. (A first
    # visit downloads the archive's compressed copy with the runtime's other files, so
    # holding that request would hold the download too: the hold is on the fetch PyScript
    # makes afterwards, put outside the page's own wrappers of window.fetch, which are
    # in place by now: the wasm was asked for by static/pyodide-start.js.)
    page.wait_for_function("() => window.__boot && window.__giveFiles")
    page.evaluate(HOLD_ARCHIVE)
    for route in held:
        route.continue_()
    page.unroute("**/pyodide.asm.wasm*")
    # Pyodide is up when PyScript asks for the archive: its detail is "Loading files".
    page.wait_for_function("() => window.__boot.progress >= 1 && /files/i.test(window.__boot.detail)")
    page.wait_for_function("t => document.querySelector('#boot-status .boot-line').textContent === t",
                           arg=boot_text(lang, "boot.starting"))
    assert "Pyodide" not in page.locator("#boot-status").text_content()
    assert page.evaluate("document.documentElement.dataset.boot") == "loading"
    page.unroute_all(behavior="ignoreErrors")
