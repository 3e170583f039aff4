"""Start-up of the app against a bare Pyodide page in Chromium, Firefox ESR and WebKitGTK
(issue 25.2). Not a test.

The cases of ``bench/bench_startup.py`` (which is Chromium's alone, through Playwright),
driven in the three engines through ``scripts/engines.py``; each load is a fresh profile
of the engine, the repo root served by its ``Site`` (the ``.br``/``.gz`` copies of
``make dist`` where they exist, as ``scripts/serve.py``):

- ``cold``: the first visit;
- ``warm``: a first visit of the app, its service worker installed and its precache
  complete, a reload (which leaves the early picture), then the measured reload; the
  bare page (``bench/bare.html``, the same vendored Pyodide loaded directly) is loaded
  after the app's first visit in the same profile (its Pyodide files then come from the
  worker's cache) and reloaded. The measured reload comes ``--settle`` seconds (default
  3) after the load before it was ready, for both pages: a player comes back to a
  browser at rest, whereas a reload at once (``--settle 0``) competes with what the
  load before still does once ready (the engines compile the wasm's optimised tier in
  the background for seconds; the app is ready sooner after that compile begins, so it
  pays more of it: WebKitGTK's warm ready 2,021 ms at once against 1,199 after 4 s,
  Firefox 803 against 811, Chromium 594 against 529, 3 rounds each, 7 December 2026);
- ``precaching``: the first visit and, as soon as it is ready, the measured reload.

Ready is the page's own mark, ms from its navigation start: ``solitaire:ready`` (the
app's entry script, ``index.html``) or ``bare:ready``. Rounds interleave the two pages
(the order alternates); prints per engine and case the medians, the ratio of medians and
the median of per-round ratios app/bare (issue 25.2's budgets: warm at most 0.45,
reload while precaching 0.8, cold 1.10), how the app's Pyodide started (and whether
before PyScript asked: ``early``), the app's marks ``solitaire:boot`` (PyScript's
set-up done) and ``solitaire:imported``, and the load average before and after.

    .venv/bin/python bench/bench_engines_start.py [--engines chromium,firefox,webkit]
        [--cases cold,warm,precaching] [--runs 3] [--settle 3] [--json out.json]

A load that does not become ready within 120 s leaves its round out (said at the end).
Exit status 1 if an engine fails to start; 2 if an engine cannot run here.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts import precache, stdlib_zip  # noqa: E402
from scripts.engines import ENGINES, Site, missing, open_page  # noqa: E402

APP = ("index.html", "solitaire:ready")
BARE = ("bench/bare.html", "bare:ready")
CASES = ("cold", "warm", "precaching")
BUDGET = {"cold": 1.10, "warm": 0.45, "precaching": 0.8}
TIMEOUT = 120  # seconds per load


def ready_ms(page, mark: str) -> float:
    """The page's ``mark``, once it is set (ms from navigation start)."""
    return page.wait(f"(e => e.length && e[0].startTime)(performance.getEntriesByName('{mark}'))", TIMEOUT)


def installed(page, version: str) -> None:
    page.wait("!!navigator.serviceWorker.controller", TIMEOUT)
    page.wait(f"caches.keys().then(k => k.some(n => n.endsWith(':{version}')))", TIMEOUT)


def measure(engine: str, site: Site, case: str, which: tuple[str, str], version: str,
            settle: float = 0) -> dict:
    """One load of ``which`` (path, mark) in a fresh profile of ``engine``: {ready, start};
    a warm load is measured ``settle`` seconds after the load before it was ready."""
    path, mark = which
    page = open_page(engine, 1366, 768)
    try:
        if case == "warm":
            page.goto(site.url + APP[0])
            ready_ms(page, APP[1])
            installed(page, version)
            if which == APP:
                page.reload()  # the reload that leaves the early picture
            else:
                page.goto(site.url + path)
            ready_ms(page, mark)
            time.sleep(settle)
            page.reload()
        else:
            page.goto(site.url + path)
            if case == "precaching":
                ready_ms(page, mark)
                page.reload()
        ready = ready_ms(page, mark)
        if which != APP:
            return {"ready": ready, "start": None}
        # where the app's start went: Pyodide's start, PyScript's set-up (to the entry
        # script's first mark), the game's imports, its first render
        got = page.eval("({start: window.__pyodideStart || {}, marks: Object.fromEntries(performance"
                        ".getEntriesByType('mark').map(m => [m.name, m.startTime]))})")
        info, marks = got["start"], got["marks"]
        return {"ready": ready, "start": info.get("mode"), "early": info.get("early", False),
                "restore_ms": info.get("restoreMs"), "boot": marks.get("solitaire:boot"),
                "imported": marks.get("solitaire:imported")}
    finally:
        page.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="App vs bare Pyodide start-up, three engines.")
    parser.add_argument("--engines", default=",".join(ENGINES))
    parser.add_argument("--cases", default=",".join(CASES))
    parser.add_argument("--runs", type=int, default=3, help="rounds (default 3)")
    parser.add_argument("--settle", type=float, default=3.0,
                        help="seconds between the load before and the measured warm reload (default 3)")
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args(argv)
    engines = [e for e in args.engines.split(",") if e]
    cases = [c for c in args.cases.split(",") if c]
    for engine in engines:
        why = missing(engine)
        if why:
            print(why, file=sys.stderr)
            return 2
    if not (ROOT / "static/vendor/pyodide/pyodide.mjs").is_file():
        print("static/vendor is missing: run `make play` or `make test` first", file=sys.stderr)
        return 2
    version = precache.write(ROOT, quiet=True)["version"]
    stdlib_zip.stock_copy()  # the bare page starts Pyodide as shipped
    site = Site(ROOT, precompressed=True)
    load_before = os.getloadavg()
    print(f"{args.runs} rounds, 1366x768, interleaved, warm reload {args.settle:g} s after ready; "
          f"load average {load_before[0]:.2f} on "
          f"{os.cpu_count()} CPUs", flush=True)
    runs = {e: {c: {"app": [], "bare": []} for c in cases} for e in engines}
    failed: list[str] = []
    try:
        for i in range(args.runs):
            for engine in engines:
                for case in cases:
                    order = ("app", "bare") if (i + cases.index(case)) % 2 == 0 else ("bare", "app")
                    got = {}
                    for name in order:
                        try:
                            which = APP if name == "app" else BARE
                            got[name] = measure(engine, site, case, which, version, args.settle)
                        except TimeoutError as exc:  # the round is left out, and said
                            failed.append(f"round {i + 1} {engine} {case} {name}: {exc}")
                            print(f"  {failed[-1]}", flush=True)
                    if len(got) < 2:
                        continue
                    for name, r in got.items():
                        runs[engine][case][name].append(r)
                    a, b = got["app"], got["bare"]
                    print(f"  round {i + 1} {engine:8} {case:10} app {a['ready']:6.0f} bare {b['ready']:6.0f} ms"
                          f" ({a['ready'] / b['ready']:.2f}), Pyodide {a['start']}"
                          f"{' early' if a['early'] else ''}, boot {a['boot'] or 0:.0f},"
                          f" imported {a['imported'] or 0:.0f}", flush=True)
    except RuntimeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    finally:
        site.close()
    load_after = os.getloadavg()
    result: dict = {"load_average": {"before": load_before, "after": load_after}, "settle_s": args.settle,
                    "engines": {}}
    print(f"{'engine':9}{'case':11}{'app ready':>10}{'bare ready':>11}{'ratio':>7}{'paired':>8}{'budget':>8}"
          f"{'restored':>10}")
    for engine in engines:
        result["engines"][engine] = {}
        for case in cases:
            app = [r["ready"] for r in runs[engine][case]["app"]]
            bare = [r["ready"] for r in runs[engine][case]["bare"]]
            if not app:
                continue
            restored = sum(r["start"] == "restored" for r in runs[engine][case]["app"])
            r = {"app_ready_ms": app, "bare_ready_ms": bare,
                 "app_median": statistics.median(app), "bare_median": statistics.median(bare),
                 "ratio_median": statistics.median(app) / statistics.median(bare),
                 "ratio_paired_median": statistics.median(x / y for x, y in zip(app, bare)),
                 "restored": restored}
            result["engines"][engine][case] = r
            print(f"{engine:9}{case:11}{r['app_median']:10.0f}{r['bare_median']:11.0f}{r['ratio_median']:7.2f}"
                  f"{r['ratio_paired_median']:8.2f}{BUDGET[case]:8.2f}{restored:>8}/{len(app)}")
    print(f"load average before {load_before[0]:.2f}, after {load_after[0]:.2f} (1 min)")
    for line in failed:
        print(f"left out: {line}")
    result["failed"] = failed
    if args.json:
        args.json.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
