"""Long-session soak of the live page (issue 6 point 7). Not a test.

Serves the repo, opens a deal in headless Debian Chromium (reduced motion), turns on
Pyodide's PyProxy allocation tracing, then plays with real input (draws, drags of legal
moves, refused drops, double clicks, undo, redo, a new deal of the same game every 250
actions; driver in tests/browser/soak.py) and prints the counters of
``tests.browser.soak.measure`` after 20 actions and at each checkpoint up to
``--actions``: live listeners (CDP and an ``addEventListener`` wrapper), live PyProxies,
JS objects held by Python, Python objects, JS heap after a forced GC, wasm memory.

    .venv/bin/python bench/bench_soak.py [--actions 2000] [--games easy-harp eight-off]
"""

from __future__ import annotations

import argparse
import random
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from scripts.serve import make_server  # noqa: E402
from tests.browser.soak import COUNT_LISTENERS_JS, drive, measure, start_tracing  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
DEALS = {"easy-harp": "EH1-N-AAAAAAF", "eight-off": "EO1-C8-AAAAAFA"}
COLS = ("listeners", "listeners_added", "pyproxies", "jsrefs", "py_objects", "js_heap", "wasm_heap")


def row(done: int, m: dict, secs: float) -> str:
    return (f"{done:>6} {m['listeners']:>9} {m['listeners_added']:>7} {m['pyproxies']:>9} "
            f"{m['jsrefs']:>6} {m['py_objects']:>10} {m['js_heap'] / 1e6:>9.2f} "
            f"{m['wasm_heap'] / 1e6:>9.1f} {secs:>7.1f}")


def soak(browser, base: str, kind: str, actions: int, seed: int) -> tuple[dict, dict]:
    ctx = browser.new_context(base_url=base, service_workers="block", reduced_motion="reduce",
                              viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.add_init_script(COUNT_LISTENERS_JS)
    page.goto(f"/index.html?deal={DEALS[kind]}")
    page.wait_for_selector("html[data-ready='1']", state="attached", timeout=90_000)
    cdp = ctx.new_cdp_session(page)
    start_tracing(page)
    rng = random.Random(seed)
    print(f"\n{kind}, {actions} actions (seed {seed})")
    print(f"{'action':>6} {'listeners':>9} {'added':>7} {'pyproxies':>9} {'jsrefs':>6} "
          f"{'py_objects':>10} {'js_MB':>9} {'wasm_MB':>9} {'secs':>7}")
    t0 = time.perf_counter()
    drive(page, 20, rng, new_every=0)
    first = measure(page, cdp)
    print(row(20, first, time.perf_counter() - t0))
    done, changed, last = 20, 0, first
    step = max(1, (actions - 20) // 4)
    while done < actions:
        n = min(step, actions - done)
        changed += drive(page, n, rng, new_every=250)
        done += n
        last = measure(page, cdp)
        print(row(done, last, time.perf_counter() - t0))
    grow = (last["js_heap"] - first["js_heap"]) / 1e6
    print(f"{changed} of {actions - 20} actions after the first 20 changed the game; "
          f"JS heap {grow:+.2f} MB; page errors: {len(errors)}")
    for e in errors[:5]:
        print("  ", e)
    ctx.close()
    return first, last


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--actions", type=int, default=2000)
    ap.add_argument("--games", nargs="+", default=["easy-harp", "eight-off"], choices=sorted(DEALS))
    ap.add_argument("--seed", type=int, default=6)
    args = ap.parse_args()
    httpd = make_server(ROOT, host="127.0.0.1", port=0, quiet=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            for kind in args.games:
                soak(browser, base, kind, args.actions, args.seed)
            browser.close()
    finally:
        httpd.shutdown()


if __name__ == "__main__":
    main()
