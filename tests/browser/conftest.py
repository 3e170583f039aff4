"""Browser test fixtures: a static server, Debian's Chromium through Playwright, and a
guarded ``page``.

Plain ``playwright.sync_api`` rather than pytest-playwright: we need our own launch
(``executable_path`` of the system Chromium, fixed flags), our own ``page`` with
console/request guards, and nothing from the plugin's CLI options or browser matrix;
one fewer dependency to pin.

Every test in this folder is marked ``browser`` automatically, so
``pytest -m "not browser"`` runs the pure tests alone.

Fixtures (see each docstring):
- ``server`` (session): base URL of the repo served by ``scripts/serve.py``'s handler.
- ``browser`` (session): the launched Chromium.
- ``viewport``: the size spec for the test (marker ``viewport`` or indirect parametrize).
- ``context`` / ``page``: a fresh context (clean localStorage, empty HTTP cache) and its
  page; a reload in the same page keeps localStorage.
- ``page_log``: what the page did (console errors, page errors, requests); the test
  fails at teardown on any console error (a Content-Security-Policy violation report
  is logged as one), uncaught page error or request to another origin unless allowed
  with ``page_log.allow_errors(regex)``.
- ``warm_page``: a page whose Python started once per module, size and ``context``
  marker; a test puts it in the state it needs with ``helpers.reset`` (a game and
  settings, as another tab or New game would) instead of starting Python again.
- ``open_app(path="/index.html", ...)``: navigate and wait for ``html[data-ready='1']``,
  failing on ``.py-error``; also ``reload_app()``, ``seed_storage(dict)``,
  ``clear_storage()``, ``storage()``.

Example::

    @pytest.mark.viewport("phone")
    def test_something(open_app, page):
        open_app("/index.html?deal=EO1-C8-AAAAAFA")
        page.locator("[data-action='undo']").click()

    @pytest.mark.parametrize("viewport", ["phone", "desktop"], indirect=True)
    def test_both_sizes(open_app, page, viewport): ...
"""

from __future__ import annotations

import json
import os
import re
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from scripts.serve import make_server

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: Pyodide boots in ~3.5 s cold here; leave room for a loaded 2-core CI machine.
READY_TIMEOUT_MS = int(os.environ.get("READY_TIMEOUT_MS", "90000"))
READY_SELECTOR = "html[data-ready='1'], .py-error, html[data-boot='failed']"
SCREENSHOTS = ROOT / "test-results"

VIEWPORTS: dict[str, dict] = {
    "phone": {
        "viewport": {"width": 360, "height": 640},
        "has_touch": True,
        "is_mobile": True,
        "device_scale_factor": 2,
    },
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}
LOCAL_SCHEMES = {"data", "blob", "about", "chrome-error"}
#: Every page carries a Content-Security-Policy (README, "Publishing"): any violation
#: report, in any frame, becomes a console error, which fails the test.
CSP_PROBE = """
addEventListener("securitypolicyviolation", (e) => console.error(
  `CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || "(inline)"} ` +
  `at ${e.sourceFile}:${e.lineNumber} ${e.sample || ""}`), true);
"""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


# --- server and browser ------------------------------------------------------------


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """Base URL (``http://127.0.0.1:<free port>``) of the repo root, served in a thread."""
    if not (ROOT / "static" / "vendor" / "pyodide" / "pyodide.mjs").is_file():
        pytest.exit("static/vendor is missing: run `make test` (it vendors the runtime)", 2)
    httpd = make_server(ROOT, host="127.0.0.1", port=0, quiet=True)
    thread = threading.Thread(target=httpd.serve_forever, name="static-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Headless Debian Chromium (``CHROMIUM`` overrides the path), one per session."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.exit(f"{CHROMIUM} not found: `make test` installs Debian's chromium", 2)
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield b
        finally:
            b.close()


# --- per-test context and page -----------------------------------------------------


@pytest.fixture
def viewport(request: pytest.FixtureRequest) -> dict:
    """New-context options for the page size.

    From ``request.param`` (``parametrize("viewport", [...], indirect=True)``), else the
    ``viewport`` marker, else desktop. A spec is ``"phone"`` (360x640, touch, mobile),
    ``"desktop"`` (1280x800), ``(width, height)`` or ``(width, height, touch)``.
    """
    spec = getattr(request, "param", None)
    if spec is None:
        marker = request.node.get_closest_marker("viewport")
        spec = (marker.args[0] if len(marker.args) == 1 else marker.args) if marker else "desktop"
    if isinstance(spec, str):
        return dict(VIEWPORTS[spec])
    width, height, *rest = spec
    touch = bool(rest and rest[0])
    return {"viewport": {"width": width, "height": height}, "has_touch": touch}


@dataclass
class PageLog:
    """What the page did; checked at teardown of the ``page`` fixture."""

    origin: str
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)
    failed_requests: list[str] = field(default_factory=list)
    #: Chromium asks for /favicon.ico on its own; a missing one is not the page's error.
    allowed: list[re.Pattern[str]] = field(
        default_factory=lambda: [re.compile(r"status of 404 .*/favicon\.ico\)$")]
    )

    def allow_errors(self, pattern: str = ".*") -> None:
        """Tolerate console/page errors matching ``pattern`` (regex, searched)."""
        self.allowed.append(re.compile(pattern))

    @property
    def foreign_requests(self) -> list[str]:
        """Requests that left the page's origin (data:/blob: URLs are local)."""
        out = []
        for url in self.requests:
            parts = urlsplit(url)
            if parts.scheme in LOCAL_SCHEMES:
                continue
            if f"{parts.scheme}://{parts.netloc}" != self.origin:
                out.append(url)
        return out

    def problems(self) -> list[str]:
        def bad(msgs: list[str]) -> list[str]:
            return [m for m in msgs if not any(p.search(m) for p in self.allowed)]

        out = [f"console error: {m}" for m in bad(self.console_errors)]
        out += [f"page error: {m}" for m in bad(self.page_errors)]
        out += [f"request to another origin: {u}" for u in self.foreign_requests]
        return out


@pytest.fixture
def page_log(server: str) -> PageLog:
    """The ``PageLog`` filled by the ``page`` fixture (request it to inspect or allow)."""
    return PageLog(origin=server)


BLANK = "/__blank__.html"


def open_blank(page: Page) -> None:
    """Show a blank page of the server's origin, answered by Playwright (the request never
    reaches the server), to reach that origin's storage without loading the app."""
    page.route(f"**{BLANK}", lambda route: route.fulfill(
        status=200, content_type="text/html", body="<!doctype html><title>blank</title>"))
    page.goto(BLANK)
    page.unroute(f"**{BLANK}")


def context_options(request: pytest.FixtureRequest, server: str, viewport: dict) -> dict:
    """``new_context`` options: the server as ``base_url``, no service worker, the
    size, and the ``context`` marker's options."""
    marker = request.node.get_closest_marker("context")
    return {"base_url": server, "service_workers": "block", **viewport,
            **(marker.kwargs if marker else {})}


def guarded_context(browser: Browser, options: dict, log: PageLog) -> BrowserContext:
    """A new context that logs its requests in ``log`` and reports CSP violations."""
    ctx = browser.new_context(**options)
    ctx.set_default_timeout(30_000)
    ctx.add_init_script(CSP_PROBE)
    ctx.on("request", lambda req: log.requests.append(req.url))
    ctx.on("requestfailed", lambda req: log.failed_requests.append(req.url))
    return ctx


def guarded_page(ctx: BrowserContext, log: PageLog) -> Page:
    """A new page of ``ctx`` that logs its console errors and uncaught errors."""
    pg = ctx.new_page()
    pg.on("console", lambda msg: msg.type == "error" and log.console_errors.append(
        f"{msg.text} ({msg.location.get('url', '')})"))
    pg.on("pageerror", lambda err: log.page_errors.append(str(err)))
    return pg


def failed(request: pytest.FixtureRequest, pg: Page) -> bool:
    """Whether the test failed; if so, a screenshot of ``pg`` goes to test-results/."""
    rep = getattr(request.node, "rep_call", None)
    if rep is None or not rep.failed:
        return False
    SCREENSHOTS.mkdir(exist_ok=True)
    name = re.sub(r"[^\w.-]+", "_", request.node.nodeid)[-150:]
    try:
        pg.screenshot(path=str(SCREENSHOTS / f"{name}.png"))
    except Exception:  # noqa: BLE001 - a screenshot must never hide the real failure
        pass
    return True


def fail_on_problems(log: PageLog) -> None:
    problems = log.problems()
    if problems:
        pytest.fail("page problems:\n  " + "\n  ".join(problems), pytrace=False)


@pytest.fixture
def context(
    request: pytest.FixtureRequest, browser: Browser, server: str, viewport: dict, page_log,
) -> Iterator[BrowserContext]:
    """A fresh browser context: empty localStorage and HTTP cache, ``base_url`` = server.

    Extra ``new_context`` options come from the ``context`` marker, e.g.
    ``@pytest.mark.context(locale="ro-RO", reduced_motion="reduce")``.
    """
    ctx = guarded_context(browser, context_options(request, server, viewport), page_log)
    try:
        yield ctx
    finally:
        ctx.close()


@pytest.fixture
def page(
    request: pytest.FixtureRequest, context: BrowserContext, page_log: PageLog
) -> Iterator[Page]:
    """A page in a fresh context; fails the test at teardown if the page logged a
    console error, threw an uncaught error or requested another origin. A failing test
    leaves a screenshot in ``test-results/``."""
    pg = guarded_page(context, page_log)
    yield pg
    failed(request, pg)
    fail_on_problems(page_log)


def wait_ready(page: Page, timeout_ms: int = READY_TIMEOUT_MS) -> Page:
    """Wait for ``html[data-ready='1']``; fail on ``.py-error`` or ``#boot-error``."""
    page.wait_for_selector(READY_SELECTOR, state="attached", timeout=timeout_ms)
    for selector in (".py-error", "html[data-boot='failed'] #boot-error"):
        err = page.query_selector(selector)
        if err is not None:
            pytest.fail(f"app failed to start ({selector}): {err.text_content()}", pytrace=False)
    return page


@pytest.fixture
def open_app(page: Page) -> Callable[..., Page]:
    """``open_app(path="/index.html", *, storage=None, timeout_ms=READY_TIMEOUT_MS)``:
    navigate to ``path`` (relative to the server) and wait until the app is ready.

    ``storage``: a dict of localStorage items to set on the origin *before* the app
    loads (the context is fresh, so without it localStorage starts empty). Returns
    the page.
    """

    def _open(path: str = "/index.html", *, storage: dict[str, str] | None = None,
              timeout_ms: int = READY_TIMEOUT_MS) -> Page:
        if storage is not None:
            seed_storage(page, storage)
        page.goto(path, wait_until="commit")
        return wait_ready(page, timeout_ms)

    return _open


@pytest.fixture
def reload_app(page: Page) -> Callable[..., Page]:
    """``reload_app()``: reload the page (localStorage kept) and wait until ready."""

    def _reload(timeout_ms: int = READY_TIMEOUT_MS) -> Page:
        page.reload(wait_until="commit")
        return wait_ready(page, timeout_ms)

    return _reload



def seed_storage(page: Page, items: dict[str, str]) -> None:
    """Set localStorage ``items`` on the server's origin without loading the app (the
    blank page is answered by Playwright, so the request never reaches the server)."""
    open_blank(page)
    page.evaluate("items => { for (const [k, v] of Object.entries(items)) "
                  "localStorage.setItem(k, v); }", items)


@pytest.fixture
def storage(page: Page) -> Callable[[], dict[str, str]]:
    """``storage()``: the page's current localStorage as a dict."""
    return lambda: page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")


@pytest.fixture
def clear_storage(page: Page) -> Callable[[], None]:
    """``clear_storage()``: empty localStorage of the current origin (then reload to
    start afresh)."""
    return lambda: page.evaluate("() => localStorage.clear()")


# --- pages started once per module --------------------------------------------------

#: The first-visit welcome (SPEC §8) put away, as for a player who has seen it.
WELCOMED = {"solitaire.welcome": json.dumps(["easy-harp", "eight-off"])}


@dataclass
class Warm:
    """A context and page kept for a module, with the log of what the page did."""

    context: BrowserContext
    page: Page
    log: PageLog
    size: dict


@pytest.fixture(scope="module")
def warm_pool() -> Iterator[dict[str, Warm]]:
    """The module's started pages, by size and context options; closed at its end."""
    pool: dict[str, Warm] = {}
    yield pool
    for w in pool.values():
        w.context.close()


@pytest.fixture
def warm_page(
    request: pytest.FixtureRequest, warm_pool: dict[str, Warm], browser: Browser,
    server: str, viewport: dict,
) -> Iterator[Page]:
    """A page of ``/index.html`` (the welcome seen) whose Python started once for this
    module, size (``viewport``) and ``context`` marker: about 3 s of start-up paid once
    instead of once per test (issue 23 point 6). The test begins with
    ``helpers.reset(page, game, settings)``. The page is checked as ``page`` is (console
    errors, page errors, other origins: only what this test logged); a test that fails
    leaves a screenshot and the page is thrown away, so the next test starts afresh.
    The viewport is put back after a test that resized it."""
    options = context_options(request, server, viewport)
    key = json.dumps(options, sort_keys=True, default=str)
    w = warm_pool.get(key)
    if w is None:
        log = PageLog(origin=server)
        ctx = guarded_context(browser, options, log)
        pg = guarded_page(ctx, log)
        seed_storage(pg, WELCOMED)
        pg.goto("/index.html", wait_until="commit")
        wait_ready(pg)
        w = warm_pool[key] = Warm(ctx, pg, log, dict(pg.viewport_size or {}))
    w.log.console_errors.clear()
    w.log.page_errors.clear()
    w.log.requests.clear()
    yield w.page
    problems = w.log.problems()
    if failed(request, w.page) or problems:
        del warm_pool[key]
        w.context.close()
    elif w.page.viewport_size != w.size:
        w.page.set_viewport_size(w.size)  # type: ignore[arg-type]
    fail_on_problems(w.log)
