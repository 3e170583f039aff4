"""A first visit sends each large file across the wire once (issue 25.1), page and
service worker together.

On a first visit the page fetches Pyodide's wasm, module and lock file and the
standard library as compressed copies and decodes them itself (static/unpack.js,
scripts/packed.py), then leaves the decoded files for the service worker's precache
(static/pyodide-start.js, ``handOff``; sw.js), which must not fetch them again. The
interpreter copy, which a first visit in Chromium does not take (it would not pay,
static/pyodide-start.js), is fetched by the service worker alone, decoded against the
wasm the page gave it (not a second download of the wasm). The
counting server of ``scripts/engines.py`` (``Site``) sees every request, the page's
and the worker's: each of those files is asked for under one name only (one form:
never the file and its copy, which a host may send in other encodings) and its bytes
are sent once; no large file is sent twice. Two hosts: one that sends every file as
it is, one that sends the ``.br``/``.gz`` copies beside a file when the browser
accepts them (``scripts/serve.py``), whichever copies the folder holds at the time.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from scripts import packed
from scripts.engines import ROOT, Site
from tests.browser.conftest import READY_TIMEOUT_MS, wait_ready

#: Files at least this large may cross the wire once only.
LARGE = 100_000
WORKER_ACTIVE = ("() => navigator.serviceWorker.getRegistration()"
                 ".then(r => !!(r && r.active && r.active.state === 'activated'))")


def sizes(path: str) -> set[int]:
    """The sizes of the file at ``path`` (of the served folder) and of its copies: any
    of them may be what a host sends for it."""
    file = ROOT / path.lstrip("/")
    found = [Path(f"{file}{ext}") for ext in ("", ".br", ".gz")]
    return {f.stat().st_size for f in found if f.is_file()}


@pytest.fixture(params=["plain", "precompressed"])
def site(request: pytest.FixtureRequest) -> Iterator[Site]:
    s = Site(ROOT, precompressed=request.param == "precompressed")
    try:
        yield s
    finally:
        s.close()


def test_a_first_visit_sends_each_large_file_once_in_one_form(browser: Browser, site: Site) -> None:
    listed = packed.listing(ROOT)
    assert listed, "no compressed copy (run `make runtime`)"
    ctx = browser.new_context(base_url=site.url, service_workers="allow")
    ctx.set_default_timeout(30_000)
    errors: list[str] = []
    try:
        page = ctx.new_page()
        page.on("console", lambda m: m.type == "error" and errors.append(m.text))
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto("index.html", wait_until="commit")
        wait_ready(page)
        # The worker installs after the page's hand-over, precaches and takes over.
        page.wait_for_function(WORKER_ACTIVE, timeout=READY_TIMEOUT_MS)
        page.wait_for_function("() => !!navigator.serviceWorker.controller")
        handoff = page.evaluate("() => window.__handoff")
        unpacked = page.evaluate("() => window.__unpacked")
        timing = page.evaluate(TIMING)
    finally:
        ctx.close()
    assert not errors, errors

    requests, sent = dict(site.requests), dict(site.sent)
    for path in listed:
        forms = sorted(p for p in requests if p == f"/{path}" or p.startswith(f"/{path}."))
        seen = {p: (requests[p], sent.get(p, 0)) for p in forms}
        assert len(forms) == 1, f"{path} asked for in {len(forms)} forms (requests, bytes): {seen}"
        assert requests[forms[0]] == 1 and sent.get(forms[0], 0) in sizes(forms[0]), f"{path}: {seen}"
    twice = {p: n for p, n in sent.items() if n >= LARGE and n > max(sizes(p) or {0})}
    assert twice == {}, f"sent more than once: {twice}"
    # Each was decoded by the page and handed to the worker, but the interpreter copy,
    # which the page never asked for.
    copy = "static/vendor/interpreter.snapshot"
    assert requests.get(f"/{copy}.xor.zst", 0) + requests.get(f"/{copy}.xor.gz", 0) == 1, requests
    assert sorted(unpacked) == sorted(site.url + path for path in listed if path != copy), unpacked
    assert site.url + copy not in handoff["given"], handoff
    assert handoff["failed"] == [], handoff
    # The game's archive and the standard library's rest, needed once Python has
    # started, were asked for after the last byte of the wasm and the standard library
    # had arrived (not sharing the network).
    for late in ("/static/vendor/game.zip.", "/static/vendor/pyodide/python_stdlib_rest.zip."):
        after = next(t for name, t in timing.items() if late in name)
        for name in ("pyodide.asm.wasm.", "python_stdlib.zip."):
            before = next(t for n, t in timing.items() if name in n)
            assert after["start"] >= before["end"], (late, timing)


#: {URL: {start, end}} of the page's requests (Resource Timing, ms from navigation)
TIMING = """() => Object.fromEntries(performance.getEntriesByType('resource')
  .map(e => [e.name, {start: e.startTime, end: e.responseEnd}]))"""
