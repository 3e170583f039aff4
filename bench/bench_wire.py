"""Bytes on the wire and the time of a first visit, before and after issue 14's
changes (pre-compressed files, a precache without the chunks the page never loads).
Not a test.

For each of two builds of the site (``scripts/build_dist.py`` into a temporary folder,
served under ``/solitaire/`` by ``scripts/serve.py``'s handler):

- ``before``: as the site was: no ``.br``/``.gz`` copies (the server sends every file
  plain) and every PyScript chunk precached (``precache.UNUSED_PYSCRIPT`` emptied);
- ``after``: the build of ``make dist`` (with the copies, sent when accepted).

a first visit in a fresh context with the service worker allowed, until the worker's
precache is complete, counting the body bytes the server sent (the page's own requests
and the worker's); then the same first visit with the network throttled through the
DevTools protocol (default 12 Mbit/s down, 40 ms latency), timing the first card and
``data-ready``. The order of the builds alternates per round.

    .venv/bin/python bench/bench_wire.py [--runs 3] [--mbit 12] [--latency 40] [--json out.json]
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_startup import ARGS, CHROMIUM, PROBE, wait_done  # noqa: E402
from playwright.sync_api import Browser, sync_playwright  # noqa: E402

from scripts import build_dist, precache, serve  # noqa: E402

SUB = "solitaire"
VIEWPORT = {"width": 1366, "height": 768}


class Counter:
    def __init__(self) -> None:
        self.bytes = 0
        self.lock = threading.Lock()

    def add(self, n: int) -> None:
        with self.lock:
            self.bytes += n


def start_server(top: Path, counter: Counter):
    server = serve.make_server(top, host="127.0.0.1", port=0, quiet=True)
    base_cls = server.RequestHandlerClass.func

    class Counting(base_cls):
        def copyfile(self, source, outputfile) -> None:  # noqa: ANN001 - base-class signature
            while chunk := source.read(1 << 16):
                outputfile.write(chunk)
                counter.add(len(chunk))

    server.RequestHandlerClass = functools.partial(Counting, directory=str(top))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def build(kind: str) -> tuple[Path, str]:
    top = Path(tempfile.mkdtemp(prefix=f"bench-wire-{kind}-"))
    saved = set(precache.UNUSED_PYSCRIPT)
    if kind == "before":
        precache.UNUSED_PYSCRIPT.clear()
    try:
        data = build_dist.build(top / SUB, quiet=True, compress_files=kind == "after")
    finally:
        precache.UNUSED_PYSCRIPT.update(saved)
    return top, data["version"]


def first_visit(browser: Browser, base: str, version: str, throttle: dict | None,
                timeout_ms: int) -> dict:
    ctx = browser.new_context(base_url=base, viewport=VIEWPORT, service_workers="allow")
    try:
        page = ctx.new_page()
        page.add_init_script(PROBE)
        if throttle:
            cdp = ctx.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", throttle)
        page.goto("index.html", wait_until="commit")
        marks = wait_done(page, timeout_ms)
        page.wait_for_function(f"() => caches.keys().then(k => k.some(n => n.endsWith(':{version}')))",
                               timeout=timeout_ms)
        return marks
    finally:
        ctx.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--mbit", type=float, default=12.0, help="download Mbit/s when throttled")
    parser.add_argument("--latency", type=float, default=40.0, help="ms when throttled")
    parser.add_argument("--timeout", type=float, default=180)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    throttle = {"offline": False, "latency": args.latency,
                "downloadThroughput": args.mbit * 1e6 / 8, "uploadThroughput": 5e6 / 8}
    timeout_ms = int(args.timeout * 1000)
    builds = {kind: build(kind) for kind in ("before", "after")}
    results: dict = {k: {"bytes": [], "ready_ms": [], "card_ms": []} for k in builds}
    load_before = os.getloadavg()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            print(f"Chromium {browser.version}; throttled: {args.mbit} Mbit/s, {args.latency} ms; "
                  f"load average {load_before[0]:.2f}", flush=True)
            for i in range(args.runs):
                order = ("before", "after") if i % 2 == 0 else ("after", "before")
                for kind in order:
                    top, version = builds[kind]
                    counter = Counter()
                    server = start_server(top, counter)
                    base = f"http://127.0.0.1:{server.server_address[1]}/{SUB}/"
                    try:
                        first_visit(browser, base, version, None, timeout_ms)
                        sent = counter.bytes
                        marks = first_visit(browser, base, version, throttle, timeout_ms)
                    finally:
                        server.shutdown()
                        server.server_close()
                    r = results[kind]
                    r["bytes"].append(sent)
                    r["ready_ms"].append(marks["ready"])
                    r["card_ms"].append(marks["card"])
                    print(f"  round {i + 1} {kind:6} first visit {sent:12,} bytes; throttled: "
                          f"first card {marks['card']:.0f} ms, ready {marks['ready']:.0f} ms", flush=True)
            browser.close()
    finally:
        for top, _ in builds.values():
            shutil.rmtree(top, ignore_errors=True)
    print(f"{'build':8}{'bytes (median)':>16}{'first card':>12}{'ready':>9}  (throttled, median ms)")
    for kind, r in results.items():
        print(f"{kind:8}{statistics.median(r['bytes']):16,.0f}{statistics.median(r['card_ms']):12.0f}"
              f"{statistics.median(r['ready_ms']):9.0f}")
    print(f"load average before {load_before[0]:.2f}, after {os.getloadavg()[0]:.2f}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
