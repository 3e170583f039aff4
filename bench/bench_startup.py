"""Start-up time of the app against a bare Pyodide page (issue 3 point 9). Not a test.

Serves the repo root with ``scripts/serve.py``'s handler and, in one headless Debian
Chromium, measures the time from navigation start to ``html[data-ready='1']`` for

- the app, ``/index.html`` (PyScript + vendored Pyodide + the game files), and
- ``/bench/bare.html``: the same vendored ``pyodide.mjs`` loaded with ``loadPyodide()``
  directly, whose Python then sets ``data-ready`` (no PyScript),

interleaved (the order alternates each round), N runs each, every run cold: a fresh
browser context, so an empty HTTP cache and localStorage. The time is read in the page:
``performance.now()`` (milliseconds since the navigation started) when a
``MutationObserver`` sees ``data-ready`` set. Prints median and min per page and the
ratio app/bare (budget in issue 3: median ratio at most 1.15).

    .venv/bin/python bench/bench_startup.py [--runs 7] [--app /index.html] [--json out.json]

Exit status 1 if a page fails to become ready (``.py-error``, boot.js failure, timeout).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Browser, sync_playwright  # noqa: E402

from scripts.serve import make_server  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
BARE = "/bench/bare.html"
PROBE = """
(() => {
  // Runs before the document is parsed (no <html> yet): watch the whole document.
  const seen = () => {
    const root = document.documentElement;
    if (root && root.dataset.ready === "1" && window.__readyAt === undefined) {
      window.__readyAt = performance.now();
    }
  };
  new MutationObserver(seen).observe(document, {
    attributes: true, attributeFilter: ["data-ready"], subtree: true, childList: true,
  });
})();
"""
DONE = "html[data-ready='1'], .py-error, html[data-boot='failed']"


def measure(browser: Browser, base: str, path: str, viewport: dict, timeout_ms: int) -> float:
    """One cold load of ``path``; returns ms from navigation start to data-ready."""
    ctx = browser.new_context(base_url=base, viewport=viewport, service_workers="block")
    try:
        page = ctx.new_page()
        page.add_init_script(PROBE)
        page.goto(path, wait_until="commit")
        page.wait_for_selector(DONE, state="attached", timeout=timeout_ms)
        ready_at = page.evaluate("window.__readyAt")
        if ready_at is None:
            err = page.locator(".py-error, #boot-error").first
            text = err.text_content() if err.count() else "?"
            raise RuntimeError(f"{path} did not start: {text}")
        return float(ready_at)
    finally:
        ctx.close()


def summary(times: list[float]) -> dict:
    return {"median_ms": statistics.median(times), "min_ms": min(times),
            "max_ms": max(times), "runs_ms": [round(t, 1) for t in times]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="App vs bare Pyodide start-up time.")
    parser.add_argument("--runs", type=int, default=7, help="cold runs per page (default 7)")
    parser.add_argument("--app", default="/index.html", help="app path (query allowed)")
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=800)
    parser.add_argument("--timeout", type=float, default=90, help="seconds per load")
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args(argv)

    if not (ROOT / "static/vendor/pyodide/pyodide.mjs").is_file():
        print("static/vendor is missing: run `make play` or `make test` first", file=sys.stderr)
        return 2
    httpd = make_server(ROOT, host="127.0.0.1", port=0, quiet=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    viewport = {"width": args.width, "height": args.height}
    pages = {"app": args.app, "bare": BARE}
    times: dict[str, list[float]] = {name: [] for name in pages}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            print(f"Chromium {browser.version}, {args.runs} cold runs each, interleaved; "
                  f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
            # One unmeasured load of each warms the OS file cache and the server.
            for path in pages.values():
                measure(browser, base, path, viewport, int(args.timeout * 1000))
            for i in range(args.runs):
                order = list(pages.items()) if i % 2 == 0 else list(pages.items())[::-1]
                for name, path in order:
                    ms = measure(browser, base, path, viewport, int(args.timeout * 1000))
                    times[name].append(ms)
                    print(f"  run {i + 1}: {name:4} {ms:7.0f} ms", flush=True)
            browser.close()
    except RuntimeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    finally:
        httpd.shutdown()

    result = {name: summary(t) for name, t in times.items()}
    result["ratio_median"] = result["app"]["median_ms"] / result["bare"]["median_ms"]
    result["ratio_min"] = result["app"]["min_ms"] / result["bare"]["min_ms"]
    # Each round loads both pages back to back: the median of the per-round ratios is
    # less sensitive to load from other processes drifting over the run.
    result["ratio_paired_median"] = statistics.median(
        a / b for a, b in zip(times["app"], times["bare"]))
    print(f"{'page':6}{'median ms':>11}{'min ms':>9}{'max ms':>9}")
    for name in pages:
        r = result[name]
        print(f"{name:6}{r['median_ms']:11.0f}{r['min_ms']:9.0f}{r['max_ms']:9.0f}")
    print(f"load average at the end: {os.getloadavg()[0]:.1f} (others' work skews these figures)")
    print(f"ratio app/bare: median {result['ratio_median']:.2f}, min {result['ratio_min']:.2f}, "
          f"paired median {result['ratio_paired_median']:.2f} (budget: at most 1.15)")
    if args.json:
        args.json.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
