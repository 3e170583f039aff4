"""First card painted on a warm reload: this app against another solitaire's copy on
the same machine (issue 14 point 1 compares with Solitairey). Not a test.

Serves this repo and ``--other DIR`` (e.g. a checkout of Solitairey's published site)
with ``scripts/serve.py``'s handler, each on its own port, and in headless Debian
Chromium, interleaved, in fresh contexts (other origins blocked for both):

- this app: first visit, wait for the service worker's precache, reload (which leaves
  the picture of the table for static/prepaint.js), then the measured reload;
- the other page: first visit, then the measured reload (from the HTTP cache; a page
  without a service worker has nothing warmer).

The time is ``performance.now()`` at the animation frame after the first card is in the
DOM with a size (``#table .card`` here, ``.card`` there, selectable with ``--other-card``).

    .venv/bin/python bench/bench_first_card.py --other /path/to/solitairey/docs [--runs 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_startup import ARGS, CHROMIUM, PROBE, wait_done, worker_ready  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from scripts import precache  # noqa: E402
from scripts.serve import make_server  # noqa: E402

OTHER_PROBE = """
(() => { const seen = () => {
  if (window.__cardSeen !== undefined) return;
  const c = document.querySelector(%r);
  if (c && c.getBoundingClientRect().width > 0) { window.__cardSeen = performance.now();
    requestAnimationFrame(() => { window.__cardAt = performance.now(); }); }
 };
 new MutationObserver(seen).observe(document, {subtree: true, childList: true, attributes: true});
})();"""


def same_origin_only(origin: str):
    """A route handler that lets requests to ``origin`` through and aborts the rest."""
    def handler(route) -> None:  # noqa: ANN001 - Playwright's Route
        if route.request.url.startswith(origin):
            route.continue_()
        else:
            route.abort()
    return handler


def serve(root: Path):
    server = make_server(root, port=0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--other", type=Path, required=True, help="folder of the other site")
    parser.add_argument("--other-page", default="index.html")
    parser.add_argument("--other-card", default=".card", help="CSS selector of a card there")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=90)
    args = parser.parse_args(argv)
    timeout_ms = int(args.timeout * 1000)
    version = precache.write(ROOT, quiet=True)["version"]
    servers = {"ours": serve(ROOT), "other": serve(args.other)}
    viewport = {"width": 1366, "height": 768}
    res: dict[str, list[float]] = {"ours": [], "other": []}
    print(f"load average {os.getloadavg()[0]:.2f}", flush=True)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for i in range(args.runs):
                for name in (("other", "ours") if i % 2 == 0 else ("ours", "other")):
                    origin = servers[name][1]
                    ctx = browser.new_context(base_url=origin, viewport=viewport, service_workers="allow")
                    ctx.route("**/*", same_origin_only(origin))
                    try:
                        page = ctx.new_page()
                        if name == "other":
                            page.add_init_script(OTHER_PROBE % args.other_card)
                            page.goto(f"/{args.other_page}", wait_until="load")
                            page.wait_for_function("window.__cardAt !== undefined", timeout=timeout_ms)
                            page.reload(wait_until="commit")
                            page.wait_for_function("window.__cardAt !== undefined", timeout=timeout_ms)
                            ms = page.evaluate("window.__cardAt")
                        else:
                            page.add_init_script(PROBE)
                            page.goto("/index.html", wait_until="commit")
                            wait_done(page, timeout_ms)
                            worker_ready(page, version, timeout_ms)
                            page.reload(wait_until="commit")
                            wait_done(page, timeout_ms)
                            page.reload(wait_until="commit")
                            ms = wait_done(page, timeout_ms)["card"]
                    finally:
                        ctx.close()
                    res[name].append(ms)
                    print(f"  round {i + 1} {name:5} first card {ms:6.0f} ms", flush=True)
            browser.close()
    finally:
        for server, _ in servers.values():
            server.shutdown()
    for name, times in res.items():
        print(f"{name:5} median {statistics.median(times):6.0f} ms  ({min(times):.0f}-{max(times):.0f})")
    print(f"ratio other/ours {statistics.median(res['other']) / statistics.median(res['ours']):.1f}; "
          f"load average {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
