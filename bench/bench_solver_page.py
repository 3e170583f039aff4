"""The solver in the page (issue 10 points 3-8). Not a test.

Serves the worktree (``scripts/serve.py``'s handler) to one headless Debian Chromium
and measures in the page (Pyodide, ``performance.now()``):

- **hint**: the latency of Hint (``App.assist.hint()``: the search, the marks and the
  words) on the opening of deals 1-N of each variant: p50, p95, max;
- **winnable deal**: the time of "New deal" with "winnable deals only" on, per variant;
- **long tasks**: with "Can it still be won?" on, an Easy Harp deal searched for 10 s
  in slices: the longest main-thread task (``PerformanceObserver`` ``longtask``, tasks
  over 50 ms) and the latency of a stock tap during that search;
- **solved in the page**: ``game.solve`` on a sample of deals in Pyodide: decided
  share, median and p95 time, nodes per second.

    .venv/bin/python bench/bench_solver_page.py [--deals 50] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))

from serve import Handler  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
PY_JS = """async (code) => {
  const core = await import('/static/vendor/pyscript/core.js');
  const wrap = await core.whenDefined('py');
  const out = wrap.interpreter.runPython(code);
  return (out && typeof out.toJs === 'function') ? out.toJs() : out;
}"""
LONGTASKS = """window.__long = [];
new PerformanceObserver(l => { for (const e of l.getEntries()) window.__long.push(e.duration); })
  .observe({type: 'longtask', buffered: true});"""
VARIANTS = [("easy-harp", 0), ("eight-off", 8), ("eight-off", 4), ("eight-off", 2)]


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--json")
    a = ap.parse_args()
    srv = ThreadingHTTPServer(("127.0.0.1", 0), partial(Handler, directory=str(ROOT)))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{srv.server_port}"
    out: dict = {}
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        ctx = b.new_context(viewport={"width": 1366, "height": 768}, service_workers="block")
        ctx.add_init_script(LONGTASKS)
        page = ctx.new_page()
        page.goto(f"{base}/index.html?deal=EO1-C8-AAAAAAB")
        page.wait_for_selector("html[data-ready='1']", timeout=120_000)

        def py(code: str):
            return page.evaluate(PY_JS, code)

        py("import js, game\nimport game.ui.app as A\nAPP = A.APP")
        # Hint latency on openings.
        for kind, cells in VARIANTS:
            times = py(f"""
ts = []
for n in range(1, {a.deals} + 1):
    APP.start_game(game.new_game(game.DealCode({kind!r}, {cells}, n)))
    t = js.performance.now(); APP.assist.hint(); ts.append(js.performance.now() - t)
ts""")
            times = list(times)
            out[f"hint {kind}-{cells}"] = {"p50": statistics.median(times), "p95": pct(times, .95),
                                           "max": max(times)}
        # Winnable deal.
        for kind, cells in VARIANTS:
            times = list(py(f"""
ts = []
APP.settings.winnable_only = {{v: True for v in APP.settings.winnable_only}}
d = APP.dialogs
for el in d.new.querySelectorAll('input[name="game"]'): el.checked = el.value == {kind!r}
for el in d.new.querySelectorAll('input[name="cells"]'): el.checked = el.value == str({cells or 8})
for i in range(10):
    t = js.performance.now(); d.deal_random(); ts.append(js.performance.now() - t)
ts"""))
            out[f"winnable deal {kind}-{cells}"] = {"p95": pct(times, .95), "max": max(times)}
        # Long tasks during a 10 s search, and a stock tap during it.
        py("""APP.settings.show_winnable = True
APP.start_game(game.new_game(game.DealCode('easy-harp', 0, 1)))""")
        page.evaluate("() => { window.__long = []; }")
        page.wait_for_timeout(2000)
        taps = []
        for _ in range(5):
            before = page.evaluate("() => document.querySelector('[data-status=moves]').dataset.value")
            box = page.locator('#table .pile[data-pile="s"]').bounding_box()
            t0 = page.evaluate("() => performance.now()")
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.wait_for_function(
                f"() => document.querySelector('[data-status=moves]').dataset.value !== '{before}'")
            taps.append(page.evaluate("() => performance.now()") - t0)
            page.wait_for_timeout(1500)
        state = page.evaluate("() => document.querySelector('[data-status=winnable]').dataset.value")
        longs = page.evaluate("() => window.__long")
        out["10 s search"] = {"longtask max": max(longs, default=0.0), "longtasks": len(longs),
                              "tap p50": statistics.median(taps), "tap max": max(taps),
                              "indicator at the end": state}
        # Deals solved in the page.
        for kind, cells, deals, budget in (("eight-off", 8, range(1, 21), 200_000),
                                           ("eight-off", 4, range(1, 21), 200_000),
                                           ("easy-harp", 0, range(1, 6), 50_000)):
            rows = py(f"""
rows = []
for n in {list(deals)}:
    g = game.new_game(game.DealCode({kind!r}, {cells}, n))
    t = js.performance.now(); s = game.solve(g, {budget}); dt = js.performance.now() - t
    rows.append([s.status, dt, s.nodes])
rows""")
            rows = [list(r) for r in rows]
            times = [r[1] for r in rows]
            out[f"solve {kind}-{cells}"] = {
                "deals": len(rows), "budget": budget,
                "decided": sum(r[0] != "unknown" for r in rows) / len(rows),
                "median ms": statistics.median(times), "p95 ms": pct(times, .95),
                "nodes/s": sum(r[2] for r in rows) / (sum(times) / 1000)}
        b.close()
    srv.shutdown()
    for k, v in out.items():
        print(f"{k:28} " + "  ".join(f"{kk} {vv:.1f}" if isinstance(vv, float) else f"{kk} {vv}"
                                     for kk, vv in v.items()))
    if a.json:
        Path(a.json).write_text(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
