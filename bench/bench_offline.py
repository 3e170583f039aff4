"""Offline PWA benchmark (issue 5 point 6). Not a test.

Builds the static site (``scripts/build_dist.py``) into a temporary folder, adds the
bare Pyodide page (``bench/bare.html``, same relative path, also precached so it can be
compared offline), serves it under ``/solitaire/`` with ``scripts/serve.py``'s handler
(``Cache-Control: no-cache``, so "warm" means revalidated from the HTTP cache), and in
headless Debian Chromium measures the time from navigation start to
``html[data-ready='1']`` (same probe as ``bench/bench_startup.py``) of the app and of the
bare page, each round in fresh contexts:

- ``cold``: first load, empty caches;
- ``http-warm``: second load in the same context, service workers blocked (HTTP cache);
- ``sw-warm``: a load controlled by the service worker (after the app's first visit has
  precached everything), online;
- ``offline``: the same with the context offline.

Also prints the precache size in bytes, per group and in total (raw, and gzip -6 as a
rough figure for a host that compresses). Prints medians (and min/max) per case and the
ratio app/bare.

    .venv/bin/python bench/bench_offline.py [--runs 5] [--json out.json]
"""

from __future__ import annotations

import argparse
import gzip
import json
import shutil
import statistics
import sys
import tempfile
import threading
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_startup import ARGS, CHROMIUM, DONE, PROBE  # noqa: E402
from playwright.sync_api import Browser, BrowserContext, sync_playwright  # noqa: E402

from scripts import build_dist, precache, stdlib_zip  # noqa: E402
from scripts.serve import make_server  # noqa: E402

SUB = "solitaire"
APP = "index.html"
BARE = "bench/bare.html"
VIEWPORT = {"width": 1280, "height": 800}
CASES = ("cold", "http-warm", "sw-warm", "offline")


def group(path: str) -> str:
    for prefix, name in (("static/vendor/pyodide/", "pyodide"), ("static/vendor/pyscript/", "pyscript"),
                         ("game/", "game"), ("static/icons/", "icons"), ("static/", "static"),
                         ("locales/", "locales"), ("help/", "help"), ("bench/", "bench (bare page)")):
        if path.startswith(prefix):
            return name
    return "page (index, config, manifests)"


def sizes(dist: Path, files: dict[str, str]) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = defaultdict(lambda: {"files": 0, "bytes": 0, "gzip": 0})
    for rel in files:
        data = (dist / rel).read_bytes()
        g = out[group(rel)]
        g["files"] += 1
        g["bytes"] += len(data)
        g["gzip"] += len(gzip.compress(data, 6))
    return dict(out)


def load(ctx: BrowserContext, path: str, timeout_ms: int, reload: bool = False, page=None) -> float:
    """Load (or reload) ``path``; return ms from navigation start to data-ready."""
    if page is None:
        page = ctx.new_page()
        page.add_init_script(PROBE)
    if reload:
        page.reload(wait_until="commit")
    else:
        page.goto(path, wait_until="commit")
    page.wait_for_selector(DONE, state="attached", timeout=timeout_ms)
    ready = page.evaluate("window.__readyAt")
    if ready is None:
        raise RuntimeError(f"{path} did not start")
    return float(ready), page


def one_round(browser: Browser, base: str, version: str, timeout_ms: int, order: list[str]) -> dict:
    out: dict[str, dict[str, float]] = {name: {} for name in ("app", "bare")}
    paths = {"app": APP, "bare": BARE}
    for name in order:
        ctx = browser.new_context(base_url=base, viewport=VIEWPORT, service_workers="block")
        try:
            out[name]["cold"], page = load(ctx, paths[name], timeout_ms)
            out[name]["http-warm"], _ = load(ctx, paths[name], timeout_ms, reload=True, page=page)
        finally:
            ctx.close()
    ctx = browser.new_context(base_url=base, viewport=VIEWPORT, service_workers="allow")
    try:
        _, page = load(ctx, APP, timeout_ms)  # first visit: installs the worker
        page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=timeout_ms)
        page.wait_for_function(f"() => caches.has('solitaire:/{SUB}/:{version}')", timeout=timeout_ms)
        pages = {"app": page}
        for name in order:
            if name not in pages:
                _, pages[name] = load(ctx, paths[name], timeout_ms)
            out[name]["sw-warm"], _ = load(ctx, paths[name], timeout_ms, reload=True, page=pages[name])
        ctx.set_offline(True)
        for name in order:
            out[name]["offline"], _ = load(ctx, paths[name], timeout_ms, reload=True, page=pages[name])
    finally:
        ctx.close()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Offline PWA benchmark (precache size, start-up).")
    parser.add_argument("--runs", type=int, default=5, help="rounds (default 5)")
    parser.add_argument("--timeout", type=float, default=90, help="seconds per load")
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args(argv)
    timeout_ms = int(args.timeout * 1000)

    top = Path(tempfile.mkdtemp(prefix="bench-offline-"))
    dist = top / SUB
    build_dist.build(dist, quiet=True)
    (dist / "bench").mkdir()
    shutil.copy2(ROOT / BARE, dist / BARE)
    stock = stdlib_zip.STOCK.relative_to(ROOT).as_posix()  # the bare page: Pyodide as shipped
    (dist / stock).parent.mkdir()
    shutil.copy2(stdlib_zip.stock_copy(), dist / stock)
    data = precache.write(dist, quiet=True, extra=(BARE, stock))
    app_files = {k: v for k, v in data["files"].items() if k not in (BARE, stock)}
    groups = sizes(dist, app_files)
    total = {"files": sum(g["files"] for g in groups.values()),
             "bytes": sum(g["bytes"] for g in groups.values()),
             "gzip": sum(g["gzip"] for g in groups.values())}
    print("precache (the app; the bench adds the bare page to its copy):")
    print(f"  {'group':34}{'files':>6}{'bytes':>12}{'gzip -6':>12}")
    for name, g in sorted(groups.items(), key=lambda kv: -kv[1]["bytes"]):
        print(f"  {name:34}{g['files']:6}{g['bytes']:12,}{g['gzip']:12,}")
    print(f"  {'total':34}{total['files']:6}{total['bytes']:12,}{total['gzip']:12,}")

    httpd = make_server(top, host="127.0.0.1", port=0, quiet=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}/{SUB}/"
    times: dict[str, dict[str, list[float]]] = {n: {c: [] for c in CASES} for n in ("app", "bare")}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            print(f"Chromium {browser.version}, {args.runs} rounds (+1 warm-up), order alternating")
            one_round(browser, base, data["version"], timeout_ms, ["app", "bare"])  # warm-up
            for i in range(args.runs):
                order = ["app", "bare"] if i % 2 == 0 else ["bare", "app"]
                r = one_round(browser, base, data["version"], timeout_ms, order)
                for name in r:
                    for case, ms in r[name].items():
                        times[name][case].append(ms)
                print(f"  round {i + 1}: " + "  ".join(
                    f"{case} {r['app'][case]:.0f}/{r['bare'][case]:.0f}" for case in CASES), flush=True)
            browser.close()
    except RuntimeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    finally:
        httpd.shutdown()
        shutil.rmtree(top, ignore_errors=True)

    result = {"precache": {"groups": groups, "total": total, "version": data["version"]}, "times": {}}
    print(f"{'case':11}{'app median':>11}{'bare median':>12}{'ratio':>7}{'app min-max':>14}{'bare min-max':>14}")
    for case in CASES:
        a, b = times["app"][case], times["bare"][case]
        am, bm = statistics.median(a), statistics.median(b)
        result["times"][case] = {"app_ms": a, "bare_ms": b, "app_median": am, "bare_median": bm,
                                 "ratio": am / bm}
        print(f"{case:11}{am:11.0f}{bm:12.0f}{am / bm:7.2f}{min(a):7.0f}-{max(a):<6.0f}"
              f"{min(b):7.0f}-{max(b):<6.0f}")
    if args.json:
        args.json.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
