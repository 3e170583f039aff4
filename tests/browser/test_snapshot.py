"""Pyodide started from the browser's saved copy of its fresh interpreter (issue 14,
"ready fast"; static/pyodide-start.js).

A first start is Pyodide's normal one; the copy is taken from it as soon as it is up and
saved in Cache Storage while the game starts, and the first start's game then plays on
the real ``globalThis`` (not the proxy Pyodide records through). The next start restores
the copy and is the same game: same table, same moves, a reseeded ``random``. A copy
Pyodide refuses is thrown away and replaced, and the game starts all the same. Pyodide
never uses JSPI, which crashes Chromium's tab at random, and a copy saved by a start
that did is not restored. The other
browser tests start with the session's copy already saved (conftest.py); these start
without one (``first_start``).
"""

from __future__ import annotations

import pytest

import game
from tests.browser.conftest import put_interpreter_copy
from tests.browser.helpers import assert_same, pile_point, py

pytestmark = [pytest.mark.first_start, pytest.mark.context(reduced_motion="reduce")]

START = "() => window.__pyodideStart || null"
COPY_SETTLED = ("() => window.__pyodideStart && "
                "['saved', 'used', 'failed', 'none'].includes(window.__pyodideStart.copy)")
COPY_CACHES = "() => caches.keys().then(k => k.filter(n => n.startsWith('solitaire-snapshot:')))"
KEY = "static/vendor/pyodide/interpreter.snapshot"
CACHE = "solitaire-snapshot:/:314.0.7:no-jspi"


def saved_copy(page) -> dict:
    """Wait until the copy of a normal start is saved; its ``__pyodideStart``."""
    page.wait_for_function(COPY_SETTLED, timeout=90_000)
    info = page.evaluate(START)
    assert info["mode"] == "normal"
    assert info["copy"] == "saved", info
    assert info["bytes"] > 1_000_000
    return info


def test_second_start_restores_the_copy_and_plays_the_same_game(open_app, reload_app, page):
    code = "EH1-N-AAAAAAF"
    twin = game.new_game(code)
    open_app(f"/index.html?deal={code}")
    saved_copy(page)
    assert page.evaluate(COPY_CACHES) == [CACHE]
    # The interpreter the copy was taken from plays on with the real globalThis: a
    # DOM getter through the recording proxy would throw "Illegal invocation".
    assert py(page, "import js\njs.document.documentElement.dataset.ready") == "1"

    for _ in range(2):
        page.mouse.click(*pile_point(page, twin, "s"))
        twin.play("s")
    assert_same(page, twin)

    reload_app()
    first = page.evaluate(START)
    assert first["mode"] == "restored" and first["copy"] == "used", first
    assert_same(page, twin)  # the saved game, as left
    page.mouse.click(*pile_point(page, twin, "s"))
    twin.play("s")
    assert_same(page, twin)
    draw1 = py(page, "import random\nrandom.random()")

    reload_app()
    assert page.evaluate(START)["mode"] == "restored"
    assert_same(page, twin)
    draw2 = py(page, "import random\nrandom.random()")
    # The copy holds one state of `random`; each restored start reseeds it.
    assert draw1 != draw2


def test_a_refused_copy_is_replaced_and_the_game_starts(open_app, reload_app, page):
    warnings: list[str] = []
    page.on("console", lambda m: m.type == "warning" and warnings.append(m.text))
    open_app()
    saved_copy(page)
    # Replace the copy with bytes Pyodide cannot use (no snapshot header).
    page.evaluate("""async (key) => {
      const [name] = (await caches.keys()).filter(n => n.startsWith('solitaire-snapshot:'));
      const cache = await caches.open(name);
      await cache.put(new URL(key, location.href).href, new Response(new Uint8Array(4096)));
      // and an older Pyodide's copy, to be deleted when the new copy is saved
      await (await caches.open('solitaire-snapshot:/:0.27.0')).put(
        new URL(key, location.href).href, new Response('old'));
    }""", KEY)

    reload_app()
    info = page.evaluate(START)
    assert info["mode"] == "normal", info
    assert any("saved start refused" in w for w in warnings), warnings
    assert page.locator("#table .card").count() > 0
    saved_copy(page)  # a new copy replaces the refused one
    assert page.evaluate(COPY_CACHES) == [CACHE]

    reload_app()
    assert page.evaluate(START)["mode"] == "restored"


def test_without_cache_storage_every_start_is_normal(open_app, reload_app, page):
    page.add_init_script("Object.defineProperty(window, 'caches', {value: undefined});")
    open_app()
    info = page.evaluate(START)
    assert info["mode"] == "normal" and info["copy"] == "none", info
    reload_app()
    assert page.evaluate(START)["mode"] == "normal"


def test_python_runs_without_jspi_first_and_restored(open_app, reload_app, page):
    # Pyodide runs Python on stacks of its own when it sees JSPI, and Chromium's crash
    # stack trace of a sampled allocation then runs off such a stack: the tab crashes
    # (static/pyodide-start.js, "Without JSPI").
    assert page.evaluate("() => 'Suspending' in WebAssembly")  # this Chromium has JSPI
    for start in ("normal", "restored"):
        if start == "normal":
            open_app()
            saved_copy(page)
        else:
            reload_app()
        info = page.evaluate(START)
        assert info["mode"] == start and info["jspi"] is False, info
        assert py(page, "from pyodide.ffi import can_run_sync\ncan_run_sync()") is False
        # hidden only while Pyodide set itself up: the page keeps the browser's JSPI
        assert page.evaluate("() => typeof WebAssembly.Suspending") == "function"


def test_a_copy_saved_by_a_start_with_jspi_is_not_restored(open_app, reload_app, page, context,
                                                           interpreter_copy):
    # The copies saved before JSPI was hidden bear the version alone; they hold an
    # interpreter set up for JSPI. One is put under that name (its bytes are good: a
    # look-up under the old name would restore them).
    assert interpreter_copy is not None
    put_interpreter_copy(context, {**interpreter_copy, "cache": "solitaire-snapshot:/:314.0.7"})
    open_app()
    assert page.evaluate(START)["mode"] == "normal"
    saved_copy(page)
    assert page.evaluate(COPY_CACHES) == [CACHE]  # the old one is deleted
    reload_app()
    assert page.evaluate(START)["mode"] == "restored"
