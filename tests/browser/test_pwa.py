"""Offline PWA and the static build (issue 5 point 5).

``make dist``'s builder writes the site into a temporary folder that is served under the
sub-path ``/solitaire/`` (the folder ``<tmp>/solitaire`` of a served ``<tmp>``, with
``scripts/serve.py``'s handler and MIME map). The browser tests use their own context
with service workers allowed (the shared ``context`` fixture blocks them) and keep the
number of page boots small: one online load, one offline reload, one reload for an
update applied from the notice, two for an update applied at the next load.
"""

from __future__ import annotations

import hashlib
import json
import re
import struct
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

import game
from scripts import build_dist, precache, pwa_assets
from scripts.serve import make_server
from tests.browser.conftest import READY_TIMEOUT_MS, wait_ready
from tests.browser.helpers import pile_point, status, table

SUB = "/solitaire/"
CODE = "EH1-N-AAAAAAF"
FELT = "#0e5a3a"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """``(base URL of the app, i.e. http://127.0.0.1:<port>/solitaire/, dist folder)``."""
    top = tmp_path_factory.mktemp("site")
    dist = top / SUB.strip("/")
    build_dist.build(dist, quiet=True)
    httpd = make_server(top, host="127.0.0.1", port=0, quiet=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}{SUB}", dist
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture(scope="module")
def packed_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """As ``site``, from ``make dist``'s build: with the compressed copies the page
    decodes itself (static/vendor/packed.js lists them): those the set-up made, not the
    Brotli copies, which Chromium does not decode (3 minutes of CPU on the CI machine)."""
    top = tmp_path_factory.mktemp("packed-site")
    dist = top / SUB.strip("/")
    build_dist.build(dist, quiet=True, packed_copies=True)
    httpd = make_server(top, host="127.0.0.1", port=0, quiet=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}{SUB}", dist
    finally:
        httpd.shutdown()
        httpd.server_close()


def get(url: str) -> tuple[bytes, str]:
    with urllib.request.urlopen(url, timeout=10) as resp:  # noqa: S310 - local test server
        return resp.read(), resp.headers.get("Content-Type", "")


# --- the static build ----------------------------------------------------------------


def test_dist_holds_only_the_site(site) -> None:
    _, dist = site
    top = {p.name for p in dist.iterdir()}
    manifests = {p.name for p in dist.glob("manifest*.webmanifest")}
    need = {"index.html", "pyscript.toml", "sw.js", "precache.js", "static", "locales", "help"}
    assert need | manifests <= top <= need | manifests | {"game"}  # game/: unless bundled
    everything = [p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()]
    assert not [p for p in everything if p.endswith((".map", ".pyc")) or "__pycache__" in p
                or p.startswith(("tests/", "scripts/", "bench/", "docs/", "node_modules/"))]
    assert "static/vendor/pyodide/pyodide.asm.wasm" in everything
    # The precache list names every file of the build but the worker and its list.
    listed = json.loads(re.search(r"self\.PRECACHE = (\{.*\});", (dist / "precache.js").read_text(),
                                  re.S).group(1))
    assert sorted(listed["files"]) == sorted(set(everything) - {"sw.js", "precache.js"})
    assert re.fullmatch(r"[0-9a-f]{12}", listed["version"])
    # Every URL of the page is relative, so the build works under any sub-path.
    html = (dist / "index.html").read_text(encoding="utf-8")
    assert not re.findall(r'(?:href|src|config)="/', html)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_manifests_parse_and_every_icon_exists_with_its_size(site) -> None:
    base, dist = site
    assert pwa_assets.write_manifests(check=True) == 0, "run scripts/pwa_assets.py --manifests"
    html = (dist / "index.html").read_text(encoding="utf-8")
    assert '<link rel="manifest" href="./manifest.webmanifest">' in html
    langs = sorted(p.stem for p in (dist / "locales").glob("*.json"))
    for lang in langs:
        name = pwa_assets.manifest_name(lang)
        body, ctype = get(base + name)
        assert ctype.startswith("application/manifest+json")
        m = json.loads(body)
        title = json.loads((dist / "locales" / f"{lang}.json").read_text(encoding="utf-8"))["app.title"]
        assert (m["name"], m["short_name"], m["lang"]) == (title, title, lang)
        assert m["display"] == "standalone" and m["categories"] == ["games"]
        assert (m["start_url"], m["scope"], m["id"]) == ("./index.html", "./", "./index.html")
        assert m["theme_color"] == m["background_color"] == FELT
        assert m["description"]
        purposes = set()
        for icon in m["icons"]:
            assert icon["src"].startswith("./")
            data, ctype = get(base + icon["src"][2:])
            assert ctype == icon["type"]
            purposes.add((icon["purpose"], icon["sizes"]))
            if icon["type"] == "image/png":
                w, h = png_size(data)
                assert icon["sizes"] == f"{w}x{h}"
        assert {("any", "192x192"), ("any", "512x512"), ("maskable", "512x512")} <= purposes
    for href in re.findall(r'rel="(?:icon|apple-touch-icon)" href="\./([^"]+)"', html):
        assert get(base + href)[0]


# --- offline and updates in the browser ----------------------------------------------


@pytest.fixture
def pwa_page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[tuple[Page, BrowserContext, dict]]:
    """A page in a context with service workers allowed; fails on console errors, page
    errors and requests to another origin (like the shared ``page`` fixture). Its site is
    the test's ``packed_site`` where it asks for that one, else ``site``."""
    base, _ = request.getfixturevalue("packed_site" if "packed_site" in request.fixturenames else "site")
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(base))
    ctx = browser.new_context(base_url=base, service_workers="allow", reduced_motion="reduce",
                              viewport={"width": 1280, "height": 800})
    ctx.set_default_timeout(30_000)
    log: dict[str, list[str]] = {"requests": [], "errors": []}
    ctx.on("request", lambda r: log["requests"].append(r.url))
    page = ctx.new_page()
    page.on("console", lambda m: m.type == "error" and log["errors"].append(m.text))
    # a preload the page does not use is a file asked for twice (index.html)
    page.on("console", lambda m: m.type == "warning" and "preload" in m.text and log["errors"].append(m.text))
    page.on("pageerror", lambda e: log["errors"].append(str(e)))
    try:
        yield page, ctx, log
        foreign = [u for u in log["requests"]
                   if urlsplit(u).scheme in ("http", "https") and not u.startswith(origin + "/")]
        assert not foreign, f"requests to another origin: {foreign}"
        assert not log["errors"], f"console/page errors: {log['errors']}"
    finally:
        ctx.close()


def wait_controlled(page: Page, version: str) -> None:
    """Wait until the worker of ``version`` controls the page and its cache is the only one
    of the worker's (``solitaire:``; the ``solitaire-snapshot:`` caches that earlier
    versions of the page kept are not the worker's)."""
    page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=READY_TIMEOUT_MS)
    # A takeover waits until the old worker has answered every request in flight; the
    # deadline is generous for a loaded 2-core machine (the takeover that once took more
    # than 30 s here was the missed skipWaiting that sw.js's handOver now avoids).
    deadline = time.monotonic() + 75
    while True:
        names = page.evaluate("() => caches.keys().then(k => k.filter(n => n.startsWith('solitaire:')))")
        if names == [f"solitaire:{SUB}:{version}"]:
            return
        assert time.monotonic() < deadline, f"caches {names}, want only version {version}"
        time.sleep(0.2)


def saved_game(page: Page) -> str:
    return page.evaluate("() => localStorage.getItem('solitaire.game')")


def release(dist: Path, marker: str) -> str:
    """A new release of the served build: one file changes, the list is rebuilt."""
    with (dist / "static" / "style.css").open("a", encoding="utf-8") as fh:
        fh.write(f"\n/* {marker} */\n")
    return precache.write(dist, quiet=True)["version"]


def served_css(page: Page) -> str:
    return page.evaluate("() => fetch('./static/style.css').then(r => r.text())")


def first_visit_and_a_draw(page: Page, version: str, twin: game.Game) -> tuple[list[tuple], dict[str, str]]:
    """A first visit online (the game starts, the worker installs, precaches and takes
    over), then a stock tap, played on ``twin`` too; returns (table, status) after it."""
    page.goto(f"index.html?deal={CODE}", wait_until="commit")
    wait_ready(page)
    wait_controlled(page, version)
    page.mouse.click(*pile_point(page, twin, "s"))
    twin.play("s")
    page.wait_for_function("() => document.querySelector('[data-status=moves]').dataset.value === '1'")
    return table(page), status(page)


def test_offline_reload_and_updates_keep_the_game(pwa_page, site) -> None:
    page, ctx, _ = pwa_page
    _, dist = site
    version = precache.precache(dist)["version"]
    twin = game.new_game(CODE)
    cards, stat = first_visit_and_a_draw(page, version, twin)
    save = saved_game(page)
    assert save

    # Offline: the reload starts the game from the cache, with the same position.
    ctx.set_offline(True)
    page.reload(wait_until="commit")
    wait_ready(page)
    assert (table(page), status(page), saved_game(page)) == (cards, stat, save)
    assert page.evaluate("() => !!navigator.serviceWorker.controller")
    # The solver's worker starts from the cache too (issue 24 point 1), not the slices:
    # a hint starts it (searches that end in a few slices never do).
    page.locator("[data-action='hint']").click()
    page.wait_for_function("() => performance.getEntriesByName('solitaire:worker').length"
                           " + performance.getEntriesByName('solitaire:slices').length > 0",
                           timeout=READY_TIMEOUT_MS)
    assert page.evaluate("() => performance.getEntriesByName('solitaire:slices').length") == 0
    # ... and the player can keep playing.
    page.keyboard.press("Escape")  # the hint's notice away
    page.mouse.click(*pile_point(page, twin, "s"))
    twin.play("s")
    page.wait_for_function("() => document.querySelector('[data-status=moves]').dataset.value === '2'")
    cards, stat, save = table(page), status(page), saved_game(page)
    ctx.set_offline(False)

    # A release: the new worker installs in the background and waits; the notice says so.
    version2 = release(dist, "release 2")
    assert version2 != version
    page.evaluate("() => navigator.serviceWorker.getRegistration().then(r => r.update())")
    notice = page.locator('[data-role="notice"][data-notice="update"]')
    notice.wait_for(state="visible")
    assert page.evaluate("() => window.__updateWaiting") is True
    assert "release 2" not in served_css(page)  # the old version still serves this page
    # "Update now": the new version takes over, the page reloads once, the game is intact.
    with page.expect_navigation(wait_until="commit"):
        notice.locator('[data-action="notice-action"]').click()
    wait_ready(page)
    wait_controlled(page, version2)
    assert "release 2" in served_css(page)
    assert (table(page), status(page), saved_game(page)) == (cards, stat, save)

    # Another release, ignored by the player: it takes over at the next load, the old
    # worker answering that navigation with a blank page that reloads once the new worker
    # controls it, so the game page comes whole from the new version.
    version3 = release(dist, "release 3")
    page.evaluate("() => navigator.serviceWorker.getRegistration().then(r => r.update())")
    page.wait_for_function("() => window.__updateWaiting === true")
    documents: list[str] = []
    styles: list[str] = []
    page.on("framenavigated", lambda f: f == page.main_frame and documents.append(f.url))
    page.on("response", lambda r: r.url.endswith("/static/style.css") and styles.append(r.text()))
    page.reload(wait_until="commit")
    wait_ready(page)
    wait_controlled(page, version3)
    assert len(documents) == 2, documents  # the hand-over page, then the game
    assert styles and all("release 3" in css for css in styles)
    assert "release 3" in served_css(page)
    assert page.evaluate("() => navigator.serviceWorker.getRegistration().then(r => !r.waiting)")
    assert (table(page), status(page), saved_game(page)) == (cards, stat, save)


# --- the offline copy heals (issue 27 point 5) ----------------------------------------

HEAL = """() => new Promise((resolve) => { const c = new MessageChannel();
  c.port1.onmessage = (e) => resolve(e.data);
  navigator.serviceWorker.controller.postMessage({type: 'heal'}, [c.port2]); })"""
DAMAGE = ["locales/en.json", "static/vendor/game.zip", "static/vendor/pyodide/pyodide.asm.wasm",
          "index.html"]
CACHE_OP = """async ([op, paths, body]) => {
  const name = (await caches.keys()).find(n => n.startsWith('solitaire:'));
  const cache = await caches.open(name);
  const out = [];
  for (const p of paths) {
    const url = new URL(p, navigator.serviceWorker.controller.scriptURL).href;
    if (op === 'delete') out.push(await cache.delete(url));
    else if (op === 'spoil') { await cache.put(url, new Response(body)); out.push(true); }
    else out.push(!!(await cache.match(url)));
  }
  return out;
}"""


def _slow_wasm(route) -> None:
    """Pyodide's wasm (its compressed copy) 4 s late: the other compressed files, about
    4.7 MB, are late for a network that would bring the 3.0 MB interpreter copy within
    what a restore saves even in WebKit (0.45 s, static/pyodide-start.js; in Chromium it
    saves nothing on a first visit)."""
    time.sleep(4)
    route.continue_()


def test_a_slow_first_visit_skips_the_interpreter_copy_and_the_next_start_restores_it(
        packed_site, pwa_page) -> None:
    """Issue 25 point 1: the copy only where it pays for its bytes. A first visit on a
    slow network starts Python normally and never asks for the copy; its solver's worker
    starts normally too (no second download beside the precache); the service worker
    precaches the copy, and the next start restores it, with the same game."""
    page, _, _ = pwa_page
    _, dist = packed_site
    version = precache.precache(dist)["version"]
    twin = game.new_game(CODE)
    copies: list[str] = []
    page.on("request", lambda r: "interpreter.snapshot" in r.url and copies.append(r.url))
    page.route("**/pyodide.asm.wasm.*", _slow_wasm)
    page.context.add_init_script("window.__restoreSavesMs = 450")  # WebKit's saving
    page.goto(f"index.html?deal={CODE}", wait_until="commit")
    wait_ready(page)
    info = page.evaluate("() => window.__pyodideStart")
    assert info["mode"] == "normal" and info["copy"] == "skipped", info
    # decided while the wasm was still on its way: the others were late for a network
    # fast enough for the copy (static/pyodide-start.js), which would take longer than
    # a restore saves
    assert info["copyEtaMs"] > 450, info
    assert 0 < info["copyDecidedMs"] < 4000, info
    assert copies == [], copies  # the page never asked for it
    page.unroute("**/pyodide.asm.wasm.*")
    # The solver's worker (started by a hint) takes the page's files and starts normally.
    page.locator("[data-action='hint']").click()
    page.wait_for_function("() => performance.getEntriesByName('solitaire:worker').length > 0",
                           timeout=READY_TIMEOUT_MS)
    solver = [w for w in page.workers if w.url.endswith("solver-worker.js")]
    assert len(solver) == 1
    assert solver[0].evaluate("self.name") == "given"
    assert solver[0].evaluate("self.__solverStart.mode") == "normal"
    page.keyboard.press("Escape")
    page.mouse.click(*pile_point(page, twin, "s"))
    twin.play("s")
    page.wait_for_function("() => document.querySelector('[data-status=moves]').dataset.value === '1'")
    cards, stat = table(page), status(page)
    # The service worker precached the copy: the next start restores it.
    wait_controlled(page, version)
    page.reload(wait_until="commit")
    wait_ready(page)
    info = page.evaluate("() => window.__pyodideStart")
    assert info["mode"] == "restored" and info["copy"] == "used", info
    # read from the worker's cache by static/warm-copy.js, restored before PyScript asked,
    # with the wasm warm-copy.js compiled from that cache: never fetched by the page
    assert info["early"] is True and info["restoreMs"] > 0, info
    assert info["wasm"] == "early", info
    assert page.evaluate(FETCHED_WASM) == 0
    assert page.evaluate("() => window.__warmCopy.then(b => b && b.byteLength)") == info["bytes"]
    # ... in Chromium from the ranges that hold data only (sw.js, X-Data-Ranges; other
    # engines stream it into an array of its X-Decoded-Length, tests/engines): the same bytes
    copy = (dist / "static" / "vendor" / "interpreter.snapshot").read_bytes()
    assert page.evaluate(CACHED_COPY_HEADERS) == [data_ranges(copy), str(len(copy))]
    assert page.evaluate("window.__warmCopyRead") == "ranges"
    assert page.evaluate(WARM_COPY_SHA256) == hashlib.sha256(copy).hexdigest()
    assert page.evaluate("window.__copyGame") == "fresh"
    assert (table(page), status(page)) == (cards, stat)


CACHED_COPY_HEADERS = """async () => {
  const url = new URL('static/vendor/interpreter.snapshot', location.href).href;
  const name = (await caches.keys()).find(n => n.startsWith('solitaire:') && !n.endsWith(':given'));
  const headers = (await (await caches.open(name)).match(url)).headers;
  return [headers.get('X-Data-Ranges'), headers.get('X-Decoded-Length')];
}"""
WARM_COPY_SHA256 = """async () => [...new Uint8Array(await crypto.subtle.digest('SHA-256', await window.__warmCopy))]
  .map(b => b.toString(16).padStart(2, '0')).join('')"""


def data_ranges(data: bytes, page: int = 65536) -> str:
    """The byte ranges of ``data`` whose 64 KiB pages hold a byte other than zero, merged,
    as sw.js lists them ("start-end,...", end exclusive)."""
    ranges: list[list[int]] = []
    for at in range(0, len(data), page):
        end = min(at + page, len(data))
        if data[at:end].count(0) == end - at:
            continue
        if ranges and ranges[-1][1] == at:
            ranges[-1][1] = end
        else:
            ranges.append([at, end])
    return ",".join(f"{a}-{b}" for a, b in ranges)


# Every cache of this scope but the given files: the copy there replaced by bytes
# Pyodide cannot use, as a copy of another Pyodide build would be.
SPOIL_CACHED_COPY = """async () => {
  const url = new URL('static/vendor/interpreter.snapshot', location.href).href;
  let spoiled = 0;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    if (!name.endsWith(':given') && await cache.match(url)) {
      await cache.put(url, new Response(new Uint8Array(4096)));
      spoiled += 1;
    }
  }
  return spoiled;
}"""


def test_a_spoiled_copy_in_the_cache_means_one_normal_start_and_the_same_game(pwa_page, site) -> None:
    page, _, _ = pwa_page
    _, dist = site
    version = precache.precache(dist)["version"]
    warnings: list[str] = []
    page.on("console", lambda m: m.type == "warning" and warnings.append(m.text))
    cards, stat = first_visit_and_a_draw(page, version, game.new_game(CODE))
    assert page.evaluate(SPOIL_CACHED_COPY) == 1
    page.reload(wait_until="commit")
    wait_ready(page)
    info = page.evaluate("() => window.__pyodideStart")
    # the early restore refused it; the start after it did not try it again
    assert info["mode"] == "normal" and info["copy"] == "refused" and info["error"], info
    assert sum("saved start refused" in w for w in warnings) == 1, warnings
    assert (table(page), status(page)) == (cards, stat)


def test_a_start_from_the_workers_cache_says_starting_not_shuffling(pwa_page, site) -> None:
    """A reload that the service worker serves downloads nothing: its loading line says
    "Starting the game…" (boot.starting) from the first, never "Loading the game…"
    (a tester read the Romanian "shuffling the cards" over the game they left as a new
    deal)."""
    from tests.browser.test_runtime import boot_text

    page, _, _ = pwa_page
    _, dist = site
    version = precache.precache(dist)["version"]
    first_visit_and_a_draw(page, version, game.new_game(CODE))
    page.add_init_script("""window.__bootLines = [];
      new MutationObserver(() => {
        const line = document.querySelector('#boot-status .boot-line');
        const text = line && line.textContent;
        if (text && window.__bootLines.at(-1) !== text) window.__bootLines.push(text);
      }).observe(document, {childList: true, subtree: true, characterData: true});""")
    page.reload(wait_until="commit")
    wait_ready(page)
    assert page.evaluate("window.__bootLines") == [boot_text("en", "boot.starting")]


DROP_CACHED_COPY = """async () => {
  const url = new URL('static/vendor/interpreter.snapshot', location.href).href;
  let dropped = 0;
  for (const name of await caches.keys()) dropped += await (await caches.open(name)).delete(url) ? 1 : 0;
  return dropped;
}"""


def test_a_copy_missing_from_the_cache_means_a_normal_start_not_a_failure(pwa_page, site) -> None:
    """The interpreter copy is optional: gone from the worker's cache (storage pressure,
    an extension), a reload offline starts Python normally, with no failure said over
    the working game (a tester saw "The offline copy of the game is missing …": the
    early restore's "no copy" was an unhandled rejection, which fails a start)."""
    page, ctx, _ = pwa_page
    _, dist = site
    version = precache.precache(dist)["version"]
    cards, stat = first_visit_and_a_draw(page, version, game.new_game(CODE))
    assert page.evaluate(DROP_CACHED_COPY) >= 1
    ctx.set_offline(True)
    page.reload(wait_until="commit")
    wait_ready(page)
    info = page.evaluate("() => window.__pyodideStart")
    assert info["mode"] == "normal" and info["copy"] == "none", info
    assert page.evaluate("document.documentElement.dataset.boot") != "failed"
    assert page.locator("#boot-error").count() == 0 or not page.locator("#boot-error").is_visible()
    assert (table(page), status(page)) == (cards, stat)
    ctx.set_offline(False)


#: how many times this page fetched Pyodide's wasm (Resource Timing)
FETCHED_WASM = """() => performance.getEntriesByType('resource')
  .filter(e => new URL(e.name).pathname.endsWith('/pyodide.asm.wasm')).length"""


def test_a_wasm_not_compiled_early_is_fetched_and_compiled_by_pyodide(pwa_page, site) -> None:
    """Issue 25.2: static/warm-copy.js compiles Pyodide's wasm from the worker's cache
    while the page starts; where that compile fails, Pyodide's own fetch of the wasm
    (held back until read, static/pyodide-start.js) is made and compiled as before: the
    copy is still restored and the game is the same."""
    page, _, _ = pwa_page
    _, dist = site
    version = precache.precache(dist)["version"]
    cards, stat = first_visit_and_a_draw(page, version, game.new_game(CODE))
    page.add_init_script("""(() => {
      const own = WebAssembly.compileStreaming;
      let first = true;
      WebAssembly.compileStreaming = function (...args) {
        if (first) { first = false; return Promise.reject(new Error('not compiled here')); }
        return own.apply(this, args);
      };
    })();""")
    page.reload(wait_until="commit")
    wait_ready(page)
    info = page.evaluate("() => window.__pyodideStart")
    assert info["mode"] == "restored" and info["early"] is True and info["wasm"] == "own", info
    assert page.evaluate(FETCHED_WASM) == 1
    assert (table(page), status(page)) == (cards, stat)


#: {path: X-Sha256 stamp or null} of every entry of the worker's cache
STAMPS = """async () => {
  const name = (await caches.keys()).find(n => n.startsWith('solitaire:') && !n.endsWith(':given'));
  const cache = await caches.open(name);
  const out = {};
  const scope = new URL(navigator.serviceWorker.controller.scriptURL).pathname;
  for (const req of await cache.keys()) {
    const path = new URL(req.url).pathname.slice(scope.lastIndexOf('/') + 1);
    if (!path.startsWith('__')) out[path] = (await cache.match(req)).headers.get('X-Sha256');
  }
  return out;
}"""
#: put other bytes under an entry's own stamp (damage that a stamp does not show)
FORGE = """async ([path, body]) => {
  const name = (await caches.keys()).find(n => n.startsWith('solitaire:') && !n.endsWith(':given'));
  const cache = await caches.open(name);
  const url = new URL(path, navigator.serviceWorker.controller.scriptURL).href;
  const old = await cache.match(url);
  await cache.put(url, new Response(body, {headers: old.headers}));
}"""
MISSING = """() => new Promise((resolve) => { const c = new MessageChannel();
  c.port1.onmessage = (e) => resolve(e.data);
  navigator.serviceWorker.controller.postMessage({type: 'missing'}, [c.port2]); })"""


def test_the_offline_copy_heals_and_says_what_is_missing(pwa_page, site) -> None:
    page, ctx, log = pwa_page
    base, dist = site
    version = precache.precache(dist)["version"]
    page.goto(f"index.html?deal={CODE}", wait_until="commit")
    wait_ready(page)
    wait_controlled(page, version)
    # Every entry the install put is stamped already, those it fetched itself too (the
    # interpreter copy among them, which this first visit skipped): the next start's
    # check reads none of them again (it read and put back 31 MB while that start read
    # the same cache).
    listed = precache.precache(dist)["files"]
    assert page.evaluate(STAMPS) == listed
    # The checks of the first start (activate's, the page's) are queued before this one.
    assert page.evaluate(HEAL) == {"fixed": [], "failed": []}

    # Four entries gone (case 7) and one damaged; the next online start (in Romanian,
    # the player's choice) repairs them all.
    page.evaluate("() => localStorage.setItem('solitaire.settings', JSON.stringify("
                  "{...JSON.parse(localStorage.getItem('solitaire.settings') || '{}'), version: 1,"
                  " language: 'ro'}))")
    assert page.evaluate(CACHE_OP, ["delete", DAMAGE, ""]) == [True] * 4
    page.evaluate(CACHE_OP, ["spoil", ["locales/id.json"], "{damaged"])
    page.reload(wait_until="commit")
    wait_ready(page)
    healed = page.evaluate("() => window.__boot.healed")
    assert sorted(healed["fixed"]) == sorted([*DAMAGE, "locales/id.json"]) and healed["failed"] == [], healed
    assert page.evaluate(CACHE_OP, ["has", DAMAGE, ""]) == [True] * 4
    assert page.evaluate("() => caches.match('locales/id.json').then(r => r.json())")["app.title"]
    # Each entry found right carries its hash as this worker's stamp: a start's check
    # reads none of them again.
    assert page.evaluate(STAMPS) == listed
    # Damage under a right stamp is not seen by a start's check; a failed start (which
    # asks what is missing) has every entry read again, and repaired.
    page.evaluate(FORGE, ["locales/id.json", "{forged"])
    assert page.evaluate(HEAL) == {"fixed": [], "failed": []}
    assert page.evaluate(MISSING) == []
    assert page.evaluate(HEAL) == {"fixed": [], "failed": []}  # (queued after the full read)
    assert page.evaluate("() => caches.match('locales/id.json').then(r => r.json())")["app.title"]

    # Offline with game.zip missing: the start fails and says which file and what to do,
    # in the player's language.
    page.evaluate(CACHE_OP, ["delete", ["static/vendor/game.zip"], ""])
    ctx.set_offline(True)
    page.reload(wait_until="commit")
    error = page.locator("#boot-error[data-missing]")
    error.wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    ro = json.loads((dist / "locales" / "ro.json").read_text(encoding="utf-8"))
    assert error.get_attribute("data-missing") == "static/vendor/game.zip"
    assert error.inner_text() == ro["boot.missing"].replace("{file}", "static/vendor/game.zip")
    assert error.get_attribute("lang") == "ro"

    # Offline with index.html missing: not the browser's error page, but the same words
    # in the language the page last told the worker (Romanian, since the online start).
    page.evaluate(CACHE_OP, ["delete", ["index.html"], ""])
    page.goto("index.html", wait_until="commit")
    missing = page.locator('[data-role="offline-missing"]')
    missing.wait_for(state="attached")
    assert missing.get_attribute("data-file") == "index.html"
    assert missing.inner_text() == ro["boot.missing"].replace("{file}", "index.html")
    assert page.evaluate("document.documentElement.lang") == "ro"

    # Online again: the game starts, and the copy is whole once more.
    ctx.set_offline(False)
    page.goto("index.html", wait_until="commit")
    wait_ready(page)
    healed = page.evaluate("() => window.__boot.healed")
    # (game.zip may have been put back already by the full check the failed start
    # asked for, if it fetched after the network came back)
    assert "index.html" in healed["fixed"] and healed["failed"] == [], healed
    assert set(healed["fixed"]) <= {"index.html", "static/vendor/game.zip"}, healed
    assert page.evaluate(CACHE_OP, ["has", ["index.html", "static/vendor/game.zip"], ""]) == [True] * 2
    log["errors"].clear()  # the offline failures above log their failed requests


def test_a_worker_not_registered_offline_is_registered_once_back_online(pwa_page, site) -> None:
    """A tester went offline the moment the game was ready: the worker's script could not
    be fetched, and the next start offline would have failed. The registration is tried
    again when the browser is back online. (The first attempt fails as registering offline
    does: the page's register() rejects it; the `online` event is dispatched by hand.)"""
    page, _ctx, _ = pwa_page
    _, dist = site
    version = precache.precache(dist)["version"]
    page.add_init_script("""(() => {
      const own = ServiceWorkerContainer.prototype.register;
      window.__registerCalls = 0;
      ServiceWorkerContainer.prototype.register = function (...args) {
        window.__registerCalls += 1;
        if (window.__registerCalls === 1) {
          return Promise.reject(new TypeError("An unknown error occurred when fetching the script."));
        }
        return own.apply(this, args);
      };
    })();""")
    page.goto(f"index.html?deal={CODE}", wait_until="commit")
    wait_ready(page)
    page.wait_for_function("() => window.__registerCalls === 1", timeout=30_000)
    time.sleep(0.5)
    assert page.evaluate("() => navigator.serviceWorker.controller") is None
    assert page.evaluate("() => window.__registerCalls") == 1  # no retry while offline
    page.evaluate("() => window.dispatchEvent(new Event('online'))")
    wait_controlled(page, version)
    assert page.evaluate("() => window.__registerCalls") == 2


def test_a_first_install_that_fails_offline_is_tried_again_once_back_online(pwa_page, site) -> None:
    """A tester went offline just after the worker was registered: its install failed
    (it could not fetch its files), the worker became redundant, and the next start
    offline failed with nothing said. Once the browser is back online the page registers
    it again. (The first install is made to fail by taking away a file it precaches that
    the page never loads; the `online` event is dispatched by hand.)"""
    page, _ctx, log = pwa_page
    _, dist = site
    version = precache.precache(dist)["version"]
    faq = dist / "help" / "ro" / "faq.html"
    aside = faq.with_name("faq.html.aside")
    faq.rename(aside)
    try:
        page.goto(f"index.html?deal={CODE}", wait_until="commit")
        wait_ready(page)
        page.wait_for_function("""() => { const r = window.__swRegistration;
            return !!r && !r.installing && !r.waiting && !r.active; }""", timeout=60_000)
        assert page.evaluate("() => navigator.serviceWorker.controller") is None
    finally:
        aside.rename(faq)
    page.evaluate("() => window.dispatchEvent(new Event('online'))")
    wait_controlled(page, version)
    log["errors"] = [e for e in log["errors"] if "faq.html" not in e and "404" not in e]
