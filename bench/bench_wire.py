"""Bytes on the wire and the time to ready of a first visit, in Chromium, Firefox ESR
and WebKitGTK (issue 25). Not a test.

Two builds of the site (``scripts/build_dist.py`` into a temporary folder, served under
``/solitaire/`` by ``scripts/engines.py``'s ``Site``):

- ``plain``: a host that compresses nothing (every file sent as it is; the ``.br``/``.gz``
  copies are in the folder and sent only when asked for by name);
- ``br``: the build of ``make dist`` on a host that sends the ``.br`` copies (or ``.gz``)
  to a browser that accepts them.

For each engine and build, a first visit in a fresh profile through the throttled
server (default 12 Mbit/s shared by all connections, 40 ms before each answer; the
throttle is the server's, so it is the same for the three engines, which do not all
have DevTools throttling): the time to ``data-ready`` (the page's ``solitaire:ready``
mark, from navigation start) and the body bytes the server sent until then; then,
unthrottled, until the service worker is active: the bytes of the whole first visit
(page and precache). Builds and engines alternate their order per round.

    .venv/bin/python bench/bench_wire.py [--engines chromium,firefox,webkit] [--builds plain,br]
        [--runs 2] [--mbit 12] [--latency 40] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts import build_dist  # noqa: E402
from scripts.engines import ENGINES, Site, open_page  # noqa: E402

SUB = "solitaire"
BUILDS = ("plain", "br")
READY_AT = ("(m => m ? m.startTime : null)(performance.getEntriesByName('solitaire:ready')[0])"
            " ?? (document.querySelector('.py-error') ? -1 : null)")
WORKER_ACTIVE = ("navigator.serviceWorker.getRegistration()"
                 ".then(r => !!(r && r.active && r.active.state === 'activated'))")


def build(kind: str) -> Path:
    top = Path(tempfile.mkdtemp(prefix=f"bench-wire-{kind}-"))
    build_dist.build(top / SUB, quiet=True, compress_files=True)
    return top


def first_visit(engine: str, top: Path, kind: str, mbit: float, latency_ms: float,
                timeout: float) -> dict:
    site = Site(top, mbit=mbit, latency_ms=latency_ms, precompressed=kind == "br")
    page = open_page(engine, 1366, 768)
    try:
        page.goto(f"{site.url}{SUB}/index.html")
        ready = page.wait(READY_AT, timeout)
        if ready == -1:
            raise RuntimeError(f"{engine} {kind}: .py-error")
        at_ready = site.total()
        start = page.eval("(s => s ? `${s.mode}, copy ${s.copy}, eta ${s.copyEtaMs} ms` : null)"
                          "(window.__pyodideStart)")
        site.rate = None  # the precache, unthrottled: only its bytes are wanted
        page.wait(WORKER_ACTIVE, timeout)
        time.sleep(0.5)
        return {"ready_ms": ready, "bytes_ready": at_ready, "bytes_total": site.total(),
                "start": start, "version": page.version}
    finally:
        page.close()
        site.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engines", default=",".join(ENGINES))
    parser.add_argument("--builds", default=",".join(BUILDS))
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--mbit", type=float, default=12.0, help="download Mbit/s")
    parser.add_argument("--latency", type=float, default=40.0, help="ms before each answer")
    parser.add_argument("--timeout", type=float, default=240)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    engines = args.engines.split(",")
    kinds = args.builds.split(",")
    load_before = os.getloadavg()
    print(f"throttled: {args.mbit} Mbit/s, {args.latency} ms; load average {load_before[0]:.2f}",
          flush=True)
    top = build("dist")  # one folder: both kinds serve it, the server decides what it sends
    results: dict = {e: {k: [] for k in kinds} for e in engines}
    try:
        for i in range(args.runs):
            order = [(e, k) for e in engines for k in kinds]
            if i % 2:
                order.reverse()
            for engine, kind in order:
                r = first_visit(engine, top, kind, args.mbit, args.latency, args.timeout)
                results[engine][kind].append(r)
                print(f"  round {i + 1} {engine:8} {kind:5} ready {r['ready_ms']:7.0f} ms "
                      f"({r['start']}); bytes until ready {r['bytes_ready']:12,}, "
                      f"with the precache {r['bytes_total']:12,}", flush=True)
    finally:
        shutil.rmtree(top, ignore_errors=True)
    print(f"{'engine':9}{'build':6}{'ready ms':>10}{'bytes until ready':>20}{'with precache':>16}  (medians)")
    for engine in engines:
        for kind in kinds:
            rs = results[engine][kind]
            print(f"{engine:9}{kind:6}{statistics.median(r['ready_ms'] for r in rs):10.0f}"
                  f"{statistics.median(r['bytes_ready'] for r in rs):20,.0f}"
                  f"{statistics.median(r['bytes_total'] for r in rs):16,.0f}")
    print(f"load average before {load_before[0]:.2f}, after {os.getloadavg()[0]:.2f}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
