"""How long Finish for me takes to watch in Chromium (issue 24 point 5). Not a test.

Serves the worktree (``scripts/serve.py``'s handler) to one headless Debian Chromium,
opens an Easy Harp deal whose winning line the solver finds in about a second (deal
``EH1-N-AAAAAAF``: 857 actions, 737 of them stock taps), presses Finish for me, waits for
its question, answers "Finish it", and times from that click to the win dialog, at
phone size (360x740, touch) and desktop size (1366x768), ``--rounds`` times each.

Then the start with a line known (issue 24 point 5, "with a line known it starts within
0.5 s"): first the indicator's "yes" is awaited ("Can it still be won?" on: the line is
known), or a hint is shown (its search keeps a line only if it found one), then Finish
for me: the time from that press to its question, and from "Finish it" to the first
automatic move shown (the moves counter changes).
Prints each time and the load average before and after.

    .venv/bin/python bench/bench_finish.py [--rounds 2] [--deal EH1-N-AAAAAAF]
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
import time
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))

from serve import Handler  # noqa: E402

from game.ui.persist import KEY_SETTINGS, Settings  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
SIZES = {"phone": dict(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True),
         "desktop": dict(viewport={"width": 1366, "height": 768})}
WELCOMED = "() => localStorage.setItem('solitaire.welcomed', '1')"


def one(browser, base: str, deal: str, size: str) -> tuple[float, int]:
    """Seconds from "Finish it" to the win dialog, and the moves shown then."""
    ctx = browser.new_context(service_workers="block", **SIZES[size])
    page = ctx.new_page()
    page.goto(f"{base}/index.html?deal={deal}")
    page.evaluate(WELCOMED)
    page.goto(f"{base}/index.html?deal={deal}")
    page.wait_for_selector("html[data-ready='1']", timeout=120_000)
    page.locator('.bar [data-action="solve"]').click()
    page.locator('#dlg-confirm[open] [data-action="confirm"]').wait_for(timeout=300_000)
    start = time.monotonic()
    page.locator('#dlg-confirm[open] [data-action="confirm"]').click()
    page.wait_for_selector("#dlg-win[open]", timeout=600_000)
    took = time.monotonic() - start
    moves = int(page.evaluate("document.querySelector('[data-status=moves]').dataset.value"))
    ctx.close()
    return took, moves


def start_known(browser, base: str, deal: str, size: str, via: str) -> tuple[float, float]:
    """Seconds from Finish for me to its question, and from "Finish it" to the first
    move shown, after ``via``: ``"verdict"`` ("Can it still be won?" on, its "yes"
    awaited: the line is known) or ``"hint"`` (a hint shown first; its search keeps
    the line only when it found one within the hint's budget)."""
    ctx = browser.new_context(service_workers="block", **SIZES[size])
    page = ctx.new_page()
    page.goto(f"{base}/index.html?deal={deal}")
    page.evaluate(WELCOMED)
    if via == "verdict":
        page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                      [KEY_SETTINGS, Settings(show_winnable=True).dump()])
    page.goto(f"{base}/index.html?deal={deal}")
    page.wait_for_selector("html[data-ready='1']", timeout=120_000)
    if via == "verdict":
        page.wait_for_selector('[data-status="winnable"][data-value="yes"]', timeout=300_000)
    else:
        page.locator('.bar [data-action="hint"]').click()
        page.wait_for_selector('[data-role="notice"][data-notice="hint"]', timeout=300_000)
    start = time.monotonic()
    page.locator('.bar [data-action="solve"]').click()
    page.locator('#dlg-confirm[open] [data-action="confirm"]').wait_for(timeout=300_000)
    asked = time.monotonic() - start
    moves = "document.querySelector('[data-status=moves]').dataset.value"
    before = page.evaluate(moves)
    start = time.monotonic()
    page.locator('#dlg-confirm[open] [data-action="confirm"]').click()
    page.wait_for_function(f"{moves} !== {before!r}", timeout=60_000, polling="raf")
    first = time.monotonic() - start
    ctx.close()
    return asked, first


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--deal", default="EH1-N-AAAAAAF")
    args = ap.parse_args()
    srv = ThreadingHTTPServer(("127.0.0.1", 0), partial(Handler, directory=str(ROOT)))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{srv.server_address[1]}"
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        for r in range(args.rounds):
            for size in SIZES:
                took, moves = one(browser, base, args.deal, size)
                print(f"round {r + 1} {size:8} {took:6.1f} s to the win dialog, {moves} moves")
        for r in range(args.rounds):
            for size in SIZES:
                for via in ("verdict", "hint"):
                    asked, first = start_known(browser, base, args.deal, size, via)
                    print(f"round {r + 1} {size:8} after the {via:7}: question after {asked:.2f} s, "
                          f"first move {first:.2f} s after Finish it")
        browser.close()
    srv.shutdown()
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
