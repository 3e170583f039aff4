"""The built site (``make dist``) under a sub-path, with its pre-compressed copies sent by
the server, installed by the service worker, then offline: the early picture of the
table, Pyodide restored from the shipped copy of its started interpreter, the game, and the help inside the page all
work (issue 14 points 1, 2, 3, 4).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from scripts import build_dist, compress
from scripts.serve import make_server
from tests.browser.conftest import CSP_PROBE
from tests.browser.helpers import boots
from tests.browser.test_pwa import SUB, wait_controlled

CODE = "EH1-N-AAAAAAF"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The dist build with .br/.gz copies (made in the build folder, at a low Brotli
    quality: the test checks that they are sent and used, not their size)."""
    top = tmp_path_factory.mktemp("site-compressed")
    dist = top / SUB.strip("/")
    data = build_dist.build(dist, quiet=True)
    quality = compress.BROTLI_QUALITY
    compress.BROTLI_QUALITY = 4
    try:
        done = compress.compress_tree(dist)
    finally:
        compress.BROTLI_QUALITY = quality
    assert "static/vendor/pyodide/pyodide.asm.wasm" in done
    httpd = make_server(top, host="127.0.0.1", port=0, quiet=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}{SUB}", dist, data["version"]
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture
def offline_page(browser, site):
    """A page with service workers allowed; fails on console errors, page errors and
    requests to another origin, as the shared ``page`` fixture does."""
    base, _dist, _version = site
    origin = base.removesuffix(SUB)
    ctx = browser.new_context(base_url=base, service_workers="allow",
                              viewport={"width": 1280, "height": 800})
    ctx.set_default_timeout(30_000)
    ctx.add_init_script(CSP_PROBE)
    errors: list[str] = []
    foreign: list[str] = []
    ctx.on("request", lambda r: r.url.startswith(("http:", "https:"))
           and not r.url.startswith(origin + "/") and foreign.append(r.url))
    page = ctx.new_page()
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        yield page, ctx
        assert not foreign, f"requests to another origin: {foreign}"
        assert not errors, f"console/page errors: {errors}"
    finally:
        ctx.close()


def test_compressed_site_offline_with_picture_and_help(offline_page, site) -> None:
    page, ctx = offline_page
    _base, _dist, version = site
    encodings: dict[str, str] = {}
    page.on("response", lambda r: r.url.endswith(("pyodide.asm.wasm", "interpreter.snapshot"))
            and encodings.update({r.url.rsplit(".", 1)[-1]: r.headers.get("content-encoding", "")}))
    page.goto(f"index.html?deal={CODE}")
    page.wait_for_selector("html[data-ready='1']", state="attached")
    assert encodings == {"wasm": "br", "snapshot": "br"}
    # The first visit already starts from the shipped copy of Pyodide's started
    # interpreter (static/pyodide-start.js), under the sub-path.
    assert page.evaluate("window.__pyodideStart.mode") == "restored"
    wait_controlled(page, version)
    page.reload()
    page.wait_for_selector("html[data-ready='1']", state="attached")
    ctx.set_offline(True)
    page.reload()
    page.wait_for_selector("html[data-ready='1']", state="attached")
    assert page.evaluate("window.__pyodideStart.mode") == "restored"
    assert page.evaluate("window.__prepaint.painted") is True
    assert page.evaluate("document.querySelector('[data-status=code]').dataset.value") == CODE
    page.locator('[data-action="help"]').click()
    frame = page.frame_locator("#help-overlay iframe")
    frame.locator("h1").wait_for()
    frame.locator('nav.pages a[href="faq.html"]').click()
    page.wait_for_function("() => document.querySelector('#help-overlay iframe')"
                           ".contentWindow.location.pathname === '/solitaire/help/en/faq.html'")
    page.go_back()
    page.wait_for_selector("#help-overlay[open]", state="detached")
    assert boots(page) == 1
    assert page.evaluate("location.pathname") == "/solitaire/index.html"
