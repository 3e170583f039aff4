"""Start-up of the app against a bare Pyodide page (issues 3 and 14). Not a test.

Serves the repo root with ``scripts/serve.py``'s handler (which sends the ``.br``/``.gz``
copies that ``make dist`` leaves beside ``static/vendor/`` files) and, in one headless
Debian Chromium, measures from navigation start, in the page (``performance.now()``):

- **ready**: ``html[data-ready='1']`` set (the app's Python, or the bare page's);
- **first card** (app only): the first moment a card of ``#table`` is shown, early
  picture (static/prepaint.js) or game, taken at the next animation frame;
- **first piles** (app only): the same for the first pile of ``#table`` (the empty
  table of a first visit, html[data-skeleton], the early picture or the game).

for ``/index.html`` and ``/bench/bare.html`` (the same vendored ``pyodide.mjs`` loaded
with ``loadPyodide()`` directly, whose Python then sets ``data-ready``), in three cases:

- ``cold``: a fresh context, empty caches, service workers blocked;
- ``warm``: the service worker installed and its precache complete (after a first visit
  of the app in that context), then a reload: the app's picture of the table, and
  every file (the copy of Pyodide's started interpreter that static/pyodide-start.js
  restores included), come from the worker's cache; the bare page is loaded once in the same
  context (its Pyodide files then come from the worker too) and reloaded. The measured
  reload comes ``--settle`` seconds (default 3) after the load before it was ready, for
  both pages, as in ``bench/bench_engines_start.py`` (which says why);
- ``precaching``: a fresh context with service workers allowed, the first visit, and a
  reload as soon as it is ready, while the worker precaches (the bare page: first
  visit and reload at once).

Rounds interleave the two pages (the order alternates); prints medians, the median of
per-round ratios app/bare (budget: 1.10), and the load average before and after (other
engineers' work on the 2-core machine skews these figures).

    .venv/bin/python bench/bench_startup.py [--runs 5] [--cases cold,warm,precaching]
        [--width 1366 --height 768] [--settle 3] [--json out.json]

Exit status 1 if a page fails to become ready (``.py-error``, boot.js failure, timeout).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright  # noqa: E402

from scripts import precache, stdlib_zip  # noqa: E402
from scripts.serve import make_server  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
APP = "/index.html"
BARE = "/bench/bare.html"
CASES = ("cold", "warm", "precaching")
PROBE = """
(() => {
  // Runs before the document is parsed (no <html> yet): watch the whole document.
  const seen = () => {
    const root = document.documentElement;
    if (!root) return;
    if (root.dataset.ready === "1" && window.__readyAt === undefined) {
      window.__readyAt = performance.now();
    }
    if (window.__cardSeen === undefined && (root.dataset.ready === "1" || root.dataset.prepaint === "1")
        && document.querySelector("#table .card")) {
      window.__cardSeen = performance.now();
      requestAnimationFrame(() => { window.__cardAt = performance.now(); });
    }
    if (window.__pileSeen === undefined && (root.dataset.ready === "1" || root.dataset.prepaint === "1"
        || root.dataset.skeleton === "1") && document.querySelector("#table .pile")) {
      window.__pileSeen = performance.now();
      requestAnimationFrame(() => { window.__pileAt = performance.now(); });
    }
  };
  new MutationObserver(seen).observe(document, {
    attributes: true, attributeFilter: ["data-ready", "data-prepaint", "data-skeleton"], subtree: true,
    childList: true,
  });
})();
"""
DONE = "html[data-ready='1'], .py-error, html[data-boot='failed']"


def wait_done(page: Page, timeout_ms: int) -> dict:
    page.wait_for_selector(DONE, state="attached", timeout=timeout_ms)
    page.wait_for_function("() => window.__readyAt !== undefined && "
                           "(window.__cardSeen === undefined || window.__cardAt !== undefined) && "
                           "(window.__pileSeen === undefined || window.__pileAt !== undefined)",
                           timeout=timeout_ms)
    got = page.evaluate("({ready: window.__readyAt, card: window.__cardAt ?? null, "
                        "piles: window.__pileAt ?? null, "
                        "start: (window.__pyodideStart || {}).mode || null, "
                        "painted: !!(window.__prepaint && window.__prepaint.painted)})")
    if got["ready"] is None:
        raise RuntimeError(f"{page.url} did not start")
    return got


def visit(ctx: BrowserContext, path: str, timeout_ms: int, page: Page | None = None) -> tuple[dict, Page]:
    """Load ``path`` in a new page of ``ctx``, or reload ``page``; return the marks."""
    if page is None:
        page = ctx.new_page()
        page.add_init_script(PROBE)
        page.goto(path, wait_until="commit")
    else:
        page.reload(wait_until="commit")
    return wait_done(page, timeout_ms), page


def worker_ready(page: Page, version: str, timeout_ms: int) -> None:
    page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=timeout_ms)
    page.wait_for_function(f"() => caches.keys().then(k => k.some(n => n.endsWith(':{version}')))",
                           timeout=timeout_ms)


def measure(browser: Browser, base: str, case: str, name: str, viewport: dict,
            version: str, timeout_ms: int, settle: float = 0) -> dict:
    path = APP if name == "app" else BARE
    sw = "block" if case == "cold" else "allow"
    ctx = browser.new_context(base_url=base, viewport=viewport, service_workers=sw)
    try:
        if case == "cold":
            return visit(ctx, path, timeout_ms)[0]
        if case == "precaching":
            _, page = visit(ctx, path, timeout_ms)
            return visit(ctx, path, timeout_ms, page)[0]
        # warm: install the worker with the app's first visit, then the measured reload
        _, app = visit(ctx, APP, timeout_ms)
        worker_ready(app, version, timeout_ms)
        if name == "app":
            visit(ctx, APP, timeout_ms, app)  # the reload that leaves the picture behind
            time.sleep(settle)
            return visit(ctx, APP, timeout_ms, app)[0]
        _, bare = visit(ctx, BARE, timeout_ms)
        time.sleep(settle)
        return visit(ctx, BARE, timeout_ms, bare)[0]
    finally:
        ctx.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="App vs bare Pyodide start-up time.")
    parser.add_argument("--runs", type=int, default=5, help="rounds (default 5)")
    parser.add_argument("--cases", default=",".join(CASES), help="comma-separated: " + ", ".join(CASES))
    parser.add_argument("--width", type=int, default=1366)
    parser.add_argument("--height", type=int, default=768)
    parser.add_argument("--timeout", type=float, default=90, help="seconds per load")
    parser.add_argument("--settle", type=float, default=3.0,
                        help="seconds between the load before and the measured warm reload (default 3)")
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args(argv)
    cases = [c for c in args.cases.split(",") if c]
    if not (ROOT / "static/vendor/pyodide/pyodide.mjs").is_file():
        print("static/vendor is missing: run `make play` or `make test` first", file=sys.stderr)
        return 2
    version = precache.write(ROOT, quiet=True)["version"]
    stdlib_zip.stock_copy()  # the bare page starts Pyodide as shipped
    httpd = make_server(ROOT, host="127.0.0.1", port=0, quiet=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    viewport = {"width": args.width, "height": args.height}
    timeout_ms = int(args.timeout * 1000)
    runs: dict[str, dict[str, list[dict]]] = {c: {"app": [], "bare": []} for c in cases}
    load_before = os.getloadavg()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            print(f"Chromium {browser.version}, {args.runs} rounds, {viewport['width']}x"
                  f"{viewport['height']}, interleaved, warm reload {args.settle:g} s after ready; "
                  f"load average {load_before[0]:.2f} "
                  f"{load_before[1]:.2f} on {os.cpu_count()} CPUs", flush=True)
            for name in ("app", "bare"):  # unmeasured: warms the OS file cache and the server
                measure(browser, base, "cold", name, viewport, version, timeout_ms)
            for i in range(args.runs):
                for case in cases:
                    order = ("app", "bare") if (i + cases.index(case)) % 2 == 0 else ("bare", "app")
                    for name in order:
                        got = measure(browser, base, case, name, viewport, version, timeout_ms, args.settle)
                        runs[case][name].append(got)
                    a, b = runs[case]["app"][-1], runs[case]["bare"][-1]
                    card = f", first card {a['card']:.0f}" if a["card"] is not None else ""
                    if a.get("piles") is not None:
                        card += f", first piles {a['piles']:.0f}"
                    print(f"  round {i + 1} {case:10} app {a['ready']:6.0f} bare {b['ready']:6.0f} ms"
                          f"{card}{' (early picture)' if a['painted'] else ''}, Pyodide {a['start']}",
                          flush=True)
            browser.close()
    except RuntimeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    finally:
        httpd.shutdown()
    load_after = os.getloadavg()

    result: dict = {"load_average": {"before": load_before, "after": load_after}, "settle_s": args.settle, "cases": {}}
    print(f"{'case':11}{'app ready':>10}{'bare ready':>11}{'ratio':>7}{'paired':>8}"
          f"{'first card':>11}{'first piles':>12}{'early picture':>15}{'restored':>10}")
    for case in cases:
        app, bare = runs[case]["app"], runs[case]["bare"]
        a = [r["ready"] for r in app]
        b = [r["ready"] for r in bare]
        cards = [r["card"] for r in app if r["card"] is not None]
        piles = [r["piles"] for r in app if r.get("piles") is not None]
        r = {
            "app_ready_ms": a, "bare_ready_ms": b, "app_first_card_ms": cards,
            "app_median": statistics.median(a), "bare_median": statistics.median(b),
            "ratio_median": statistics.median(a) / statistics.median(b),
            "ratio_paired_median": statistics.median(x / y for x, y in zip(a, b)),
            "first_card_median": statistics.median(cards) if cards else None,
            "app_first_piles_ms": piles,
            "first_piles_median": statistics.median(piles) if piles else None,
            "painted_early": sum(r["painted"] for r in app),
            "restored": sum(r["start"] == "restored" for r in app),
        }
        result["cases"][case] = r
        fc = f"{r['first_card_median']:11.0f}" if cards else f"{'-':>11}"
        fc += f"{r['first_piles_median']:12.0f}" if piles else f"{'-':>12}"
        print(f"{case:11}{r['app_median']:10.0f}{r['bare_median']:11.0f}{r['ratio_median']:7.2f}"
              f"{r['ratio_paired_median']:8.2f}{fc}{r['painted_early']:>10}/{len(app)}"
              f"{r['restored']:>8}/{len(app)}")
    print(f"load average before {load_before[0]:.2f}, after {load_after[0]:.2f} "
          f"(1 min); budget: ratio at most 1.10")
    if args.json:
        args.json.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
