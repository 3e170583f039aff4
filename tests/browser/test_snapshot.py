"""Pyodide started from the shipped copy of its freshly started interpreter (issue 14,
"ready fast"; static/pyodide-start.js, scripts/interpreter_copy.py).

A start restores the copy, and it is the same game as its CPython twin: same table,
same moves, a reseeded ``random`` at each start. A first visit takes the copy only
where it pays (WebKit on a fast network, static/pyodide-start.js RESTORE_SAVES_MS); these
tests have Chromium take that path (``window.__restoreSavesMs``), so that a first visit
restores it too. A copy
Pyodide refuses, or no copy at all, means Pyodide's normal start and the same game.
Pyodide never uses JSPI, which crashes Chromium's tab at random. The 31 MB copies
that browsers saved themselves under earlier versions are deleted. The copy holds the
game already imported (issue 25.2): kept when it is the game archive's own build,
dropped when it is another's, so the game is always the archive's.
"""

from __future__ import annotations

import hashlib
import io
import json
import time
import zipfile
from pathlib import Path

import pytest

import game
from scripts import compress, packed
from tests.browser.conftest import open_blank
from tests.browser.helpers import assert_same, pile_point, py

pytestmark = pytest.mark.context(reduced_motion="reduce")


@pytest.fixture(autouse=True)
def _first_visits_take_the_copy(context):
    """As WebKit's first visits on a fast network do (static/pyodide-start.js)."""
    context.add_init_script("window.__restoreSavesMs = Infinity")

ROOT = Path(__file__).resolve().parents[2]
COPY = ROOT / "static" / "vendor" / "interpreter.snapshot"
START = "() => window.__pyodideStart || null"
#: {path: sha256} of the game's files as the page's Python finds them
UNPACKED = """import hashlib, os
out = {}
for top in ('game', 'dataclass_code.marshal', 'pyscript/__pycache__'):
    for folder, _, names in ([('', None, [top])] if os.path.isfile(top) else os.walk(top)):
        for name in names:
            path = os.path.join(folder, name)
            with open(path, 'rb') as fh:
                out[path] = hashlib.sha256(fh.read()).hexdigest()
out"""
OLD_CACHES = "() => caches.keys().then(k => k.filter(n => n.startsWith('solitaire-snapshot:')))"
#: The copies that earlier versions saved in Cache Storage, and a cache of another name.
SAVE_OLD_COPIES = """async () => {
  for (const name of ['solitaire-snapshot:/:314.0.7', 'solitaire-snapshot:/:314.0.7:no-jspi'])
    await (await caches.open(name)).put(location.origin + '/old', new Response('old'));
  await (await caches.open('another-cache')).put(location.origin + '/x', new Response('x'));
}"""


#: whether WebAssembly.Module is the browser's own again (a Proxy left in its place is
#: not the constructor of the modules it makes)
OWN_MODULE = ("() => Object.getPrototypeOf(new WebAssembly.Module(Uint8Array.of(0, 97, 115, 109, 1, 0, 0, 0)))"
              ".constructor === WebAssembly.Module")


def assert_small_modules_shared(page, info: dict) -> None:
    """Pyodide's wrappers of JavaScript functions (one tiny wasm module each) were
    compiled once per distinct module (static/pyodide-start.js, sharingSmallModules),
    and WebAssembly.Module is the browser's own again after the start."""
    shared = info["smallModules"]
    assert shared["asked"] >= 100 and 0 < shared["compiled"] <= shared["asked"] // 4, shared
    assert page.evaluate(OWN_MODULE) is True


def test_first_visit_restores_the_shipped_copy_and_plays_the_same_game(open_app, reload_app,
                                                                       page):
    """Also, on the same start: Python runs without JSPI, and the copies that earlier
    versions saved are deleted (one start serves the three; each asserts on its own)."""
    code = "EH1-N-AAAAAAF"
    twin = game.new_game(code)
    open_blank(page)
    page.evaluate(SAVE_OLD_COPIES)
    # Pyodide runs Python on stacks of its own when it sees JSPI, and Chromium's crash
    # stack trace of a sampled allocation then runs off such a stack: the tab crashes
    # (static/pyodide-start.js, "Without JSPI").
    assert page.evaluate("() => 'Suspending' in WebAssembly")  # this Chromium has JSPI
    open_app(f"/index.html?deal={code}")
    info = page.evaluate(START)
    assert info["mode"] == "restored" and info["copy"] == "used", info
    assert info["bytes"] == COPY.stat().st_size
    assert info["jspi"] is False, info
    # PyScript's [files] unpacked the game's archive through static/unpack.js (its
    # stored members copied straight into the file system), file for file as zipfile
    assert info["archive"] == "stored", info
    with zipfile.ZipFile(ROOT / "static" / "vendor" / "game.zip") as z:
        expected = {i.filename: hashlib.sha256(z.read(i)).hexdigest() for i in z.infolist() if not i.is_dir()}
    assert py(page, UNPACKED) == expected
    # the game came imported in the copy, and it is this archive's build
    assert page.evaluate("window.__copyGame") == "fresh"
    assert py(page, "import sys\n[m for m in ('game.ui.app', 'game.ui.browser', 'game.freshness')"
                    " if m not in sys.modules]") == []
    assert py(page, "from pyodide.ffi import can_run_sync\ncan_run_sync()") is False
    # hidden only while Pyodide set itself up: the page keeps the browser's JSPI
    assert page.evaluate("() => typeof WebAssembly.Suspending") == "function"
    assert_small_modules_shared(page, info)
    # The 31 MB copies of earlier versions are deleted; other caches stay.
    page.wait_for_function(f"() => ({OLD_CACHES})().then(k => k.length === 0)")
    assert "another-cache" in page.evaluate("() => caches.keys()")
    # Python holds the page's real globalThis as `js` (DOM getters work).
    assert py(page, "import js\njs.document.documentElement.dataset.ready") == "1"
    # Made under Node, the copy leaves Python what a start in the browser leaves it.
    assert py(page, "import os, sys\n[sys.executable, os.environ['_'], os.environ['LANG']]") == [
        "/home/pyodide/this.program", "./this.program", "en_US.UTF-8"]
    draws = [py(page, "import random\nrandom.random()")]
    for _ in range(2):
        page.mouse.click(*pile_point(page, twin, "s"))
        twin.play("s")
    assert_same(page, twin)

    reload_app()
    assert page.evaluate(START)["mode"] == "restored"
    assert_same(page, twin)  # the saved game, as left
    page.mouse.click(*pile_point(page, twin, "s"))
    twin.play("s")
    assert_same(page, twin)
    draws.append(py(page, "import random\nrandom.random()"))
    # The copy holds one state of `random`; each start reseeds it.
    assert draws[0] != draws[1]


def test_a_refused_copy_means_a_normal_start_and_the_same_game(open_app, page):
    warnings: list[str] = []
    page.on("console", lambda m: m.type == "warning" and warnings.append(m.text))
    # Bytes Pyodide cannot use (no snapshot header), as a copy of another build would be
    # (and its compressed copy: bytes that do not decode, then the file itself).
    page.route("**/interpreter.snapshot*", lambda route: route.fulfill(
        status=200, body=bytes(4096), content_type="application/octet-stream"))
    code = "EO1-C8-AAAAAFA"
    open_app(f"/index.html?deal={code}")
    info = page.evaluate(START)
    assert info["mode"] == "normal" and info["copy"] == "refused" and info["error"], info
    assert any("saved start refused" in w for w in warnings), warnings
    # the game imported from the archive, with the dataclasses' methods compiled there
    assert page.evaluate("window.__copyGame") == "none"
    assert page.evaluate("window.__dataclassCompiled") == 0
    assert_same(page, game.new_game(code))


def other_build() -> bytes:
    """The game archive as another version's would be: its modules, another game/BUILD."""
    out = io.BytesIO()
    with zipfile.ZipFile(ROOT / "static" / "vendor" / "game.zip") as src, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as dst:
        for member in src.infolist():
            dst.writestr(member, b"0" * 64 + b"\n" if member.filename == "game/BUILD" else src.read(member))
    return out.getvalue()


def test_a_copy_holding_another_builds_game_starts_this_archives_game(open_app, page):
    """A page can get the copy and the archive from two versions (an update between two
    reads): the copy's interpreter is used, its game modules are not."""
    archive = other_build()
    # sent as the host sends this archive: its Zstandard or gzip copy, or itself; made
    # beforehand (a copy made while the page waits slows the first visit, which then
    # skips the interpreter copy: issue 25.1)
    bodies = {"zst": compress.encode(archive, "zstd"), "gz": compress.encode(archive, "gzip"), "zip": archive}
    page.route("**/static/vendor/game.zip*", lambda route: route.fulfill(
        status=200, body=bodies[route.request.url.rsplit(".", 1)[1]], content_type="application/octet-stream"))
    code = "EH1-N-AABSGQO"
    open_app(f"/index.html?deal={code}")
    assert page.evaluate(START)["mode"] == "restored", page.evaluate(START)
    assert page.evaluate("window.__copyGame") == "stale"
    assert py(page, "import sys\nhasattr(sys.modules['game'], '_copy_build')") is False
    assert page.evaluate("window.__dataclassCompiled") == 0
    twin = game.new_game(code)
    assert_same(page, twin)
    page.mouse.click(*pile_point(page, twin, "s"))
    twin.play("s")
    assert_same(page, twin)


def _late(route):
    time.sleep(1.5)
    route.continue_()


@pytest.mark.parametrize("order", ["as-loaded", "boot-first"])
def test_without_a_copy_the_start_is_normal_and_without_jspi(open_app, page, page_log, order):
    """Whichever of boot.js (deferred) and pyodide-start.js (async module) runs first:
    with boot.js first, the copy is fetched through boot.js's watch on the vendored
    files, whose 404 must not fail the start (the copy is optional)."""
    page_log.allow_errors(r"status of 404 .*interpreter\.snapshot")
    page.route("**/interpreter.snapshot*", lambda route: route.fulfill(status=404, body="gone"))
    if order == "boot-first":
        page.route("**/static/pyodide-start.js", _late)
    open_app()
    info = page.evaluate(START)
    assert info["mode"] == "normal" and info["copy"] == "none", info
    assert info["jspi"] is False
    assert_small_modules_shared(page, info)
    assert py(page, "from pyodide.ffi import can_run_sync\ncan_run_sync()") is False
    assert py(page, "import os, sys\n[sys.executable, os.environ['_'], os.environ['LANG']]") == [
        "/home/pyodide/this.program", "./this.program", "en_US.UTF-8"]
    assert page.locator("#table .card").count() > 0


def test_without_cache_storage_the_copy_is_still_restored(open_app, page):
    page.add_init_script("Object.defineProperty(window, 'caches', {value: undefined});")
    open_app()
    assert page.evaluate(START)["mode"] == "restored"


# The stamp of a decoded file the page left in its cache for the service worker, and
# a way to change it.
GIVEN_STAMP = """async (path) => {
  const name = (await caches.keys()).find(n => n.endsWith(':given'));
  const hit = name && await (await caches.open(name)).match(new URL(path, location.href).href);
  return hit ? hit.headers.get('X-Sha256') : null;
}"""
RESTAMP = """async ([path, stamp]) => {
  const cache = await caches.open((await caches.keys()).find(n => n.endsWith(':given')));
  const url = new URL(path, location.href).href;
  const hit = await cache.match(url);
  await cache.put(url, new Response(await hit.blob(), {headers: {'Content-Type': hit.headers.get('Content-Type'),
                                                                 'X-Sha256': stamp}}));
}"""


def test_a_start_before_the_worker_took_over_takes_the_decoded_files_again(open_app, reload_app,
                                                                           page):
    """Issue 25.2, the reload while the service worker precaches (here: no worker at
    all): the files the first start decoded and left in Cache Storage, stamped with
    their hash as packed.js lists it, are taken again instead of downloaded and
    decoded; a file whose stamp is not the listed one (another version's) never is."""
    code = "EH1-N-AAAAAAF"
    twin = game.new_game(code)
    open_app(f"/index.html?deal={code}")
    listed = packed.listing(ROOT)
    assert len(listed) >= 6
    page.evaluate("() => window.__handoff")
    assert {path: page.evaluate(GIVEN_STAMP, path) for path in listed} == {
        path: info["sha256"] for path, info in listed.items()}
    wasm = "static/vendor/pyodide/pyodide.asm.wasm"
    page.evaluate(RESTAMP, [wasm, "0" * 16])
    page.mouse.click(*pile_point(page, twin, "s"))
    twin.play("s")
    assert_same(page, twin)

    reload_app()
    origin = page.evaluate("location.origin") + "/"
    assert {u.removeprefix(origin) for u in page.evaluate("window.__reused")} == set(listed) - {wasm}
    assert [u.removeprefix(origin) for u in page.evaluate("Object.keys(window.__unpacked)")] == [wasm]
    assert page.evaluate(START)["mode"] == "restored"
    assert_same(page, twin)
    # ... and the wasm decoded again is left stamped for the next start
    page.evaluate("() => window.__handoff")
    assert page.evaluate(GIVEN_STAMP, wasm) == listed[wasm]["sha256"]


def test_a_listing_without_the_wasm_still_starts(open_app, page):
    """A first visit asks for the game archive once the wasm's and the standard
    library's last bytes have arrived, but waits only for those it fetches itself: a
    listing of compressed copies (static/vendor/packed.js) without the wasm's still
    starts the same game (Pyodide fetches the wasm itself)."""
    text = (ROOT / "static" / "vendor" / "packed.js").read_text(encoding="utf-8")
    data = json.loads(text[text.index("{"):text.rindex("}") + 1])
    del data["static/vendor/pyodide/pyodide.asm.wasm"]
    page.route("**/static/vendor/packed.js", lambda route: route.fulfill(
        status=200, content_type="text/javascript", body=f"self.__packed = {json.dumps(data)};\n"))
    open_app("/index.html?deal=EH1-N-AAAAAAF")
    assert "static/vendor/game.zip" in " ".join(page.evaluate("Object.keys(window.__unpacked)"))
    assert_same(page, game.new_game("EH1-N-AAAAAAF"))
