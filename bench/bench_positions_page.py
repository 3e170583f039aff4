"""The solver on positions reached by play, in the page's worker (issue 24 point 2). Not a test.

Serves the worktree (``scripts/serve.py``'s handler) to one headless Debian Chromium,
starts the game's own worker there (``static/solver-worker.js``: the vendored Pyodide,
``static/vendor/game.zip``, ``game.ui.searcher``; run ``python3 scripts/bundle_game.py``
first) from a page of the same origin, and sends it the searches the page sends
(``game.ui.protocol``): for each position of the set chosen (tests/data/
play-positions.json, ``--part K/N`` takes every N-th from the K-th) one search of
``--mode`` with ``--nodes`` positions, cancelled after ``--seconds`` of wall time. The same
search then runs here under CPython (``time.perf_counter``, the same machine and load),
so that the ratio page / CPython per position is measured on the same work: the search
is deterministic (``random.Random`` with an integer seed gives the same numbers in
CPython and Pyodide), both expand the same positions.

Prints per variant: share decided within the limit in the page, median and p95 of the
page's time (an undecided one counts as the limit), the count proved lost; and the
page / CPython time ratio of the searches both ended (median, p10, p90).

    .venv/bin/python bench/bench_positions_page.py [--part 1/10] [--variants easy-harp]
        [--seconds 10] [--nodes 60000] [--mode auto]
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

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import game  # noqa: E402
from game.ui.protocol import Ask, Request  # noqa: E402
from scripts.serve import make_server  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
CELLS = {"easy-harp": 0, "eight-off-8": 8, "eight-off-4": 4, "eight-off-2": 2}
# In the page: start the worker, then window.search(text, ms) posts one request and
# resolves with [answer text or "", ms], cancelling the search after ms.
SETUP = """() => new Promise((resolve, reject) => {
  const w = new Worker('/static/solver-worker.js', {type: 'module'});
  let waiting = null;
  w.onmessage = (e) => {
    const msg = JSON.parse(e.data);
    if (msg.type === 'ready') { window.search = search; resolve(msg.mode); }
    else if (msg.type === 'failed') reject(new Error(msg.error));
    else if (waiting && msg.type === 'answer') { const f = waiting; waiting = null; f(e.data); }
    else if (waiting && msg.type === 'error') { const f = waiting; waiting = null; f(e.data); }
  };
  w.onerror = (e) => reject(new Error(e.message || 'worker error'));
  const search = (text, ms) => new Promise((done) => {
    const t0 = performance.now();
    const timer = setTimeout(() => {
      waiting = null;
      w.postMessage(JSON.stringify({type: 'cancel'}));
      done(['', ms]);
    }, ms);
    waiting = (ans) => { clearTimeout(timer); done([ans, performance.now() - t0]); };
    w.postMessage(text);
  });
})"""


def serve() -> str:
    httpd = make_server(ROOT, host="127.0.0.1", port=0, quiet=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{httpd.server_address[1]}"


def cpython(entry: dict[str, object], nodes: int, mode: str, seconds: float) -> tuple[str, float]:
    """The same search here: (status or "" past ``seconds``, wall seconds)."""
    g = load(entry)
    t0 = time.perf_counter()
    s = game.Search(g, nodes, mode)
    sol = None
    while sol is None and time.perf_counter() - t0 < seconds:
        sol = s.step(200)
    return (sol.status if sol else ""), time.perf_counter() - t0


def load(entry: dict[str, object]) -> game.Game:
    variant = str(entry["variant"])
    kind = "easy-harp" if variant == "easy-harp" else "eight-off"
    return game.load_position(str(entry["position"]), game=kind, cells=CELLS[variant] or None)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--set", default=str(ROOT / "tests" / "data" / "play-positions.json"))
    ap.add_argument("--variants", default="easy-harp")
    ap.add_argument("--part", default="1/10")
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--nodes", type=int, default=60_000)
    ap.add_argument("--mode", default="auto")
    args = ap.parse_args()
    k, n = (int(x) for x in args.part.split("/"))
    entries = [e for e in json.loads(Path(args.set).read_text(encoding="utf-8"))["positions"]
               if e["variant"] in args.variants.split(",")][k - 1 :: n]
    base = serve()
    print(f"load average before: {', '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs")
    rows: list[tuple[str, str, float, str, float]] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page = browser.new_page()
        page.goto(f"{base}/help/en/faq.html")
        print("worker started:", page.evaluate(SETUP))
        for i, e in enumerate(entries):
            variant = str(e["variant"])
            kind = "easy-harp" if variant == "easy-harp" else "eight-off"
            req = Request(i + 1, Ask("verdict", args.nodes, args.mode), kind, CELLS[variant], str(e["position"]))
            text, ms = page.evaluate("([t, ms]) => window.search(t, ms)", [req.text(), args.seconds * 1000])
            status = json.loads(text).get("status", "error") if text else ""
            here, secs = cpython(e, args.nodes, args.mode, args.seconds * 3)
            rows.append((variant, status, ms / 1000, here, secs))
            print(f"{variant},{e['deal']},{e['moves']},{status or 'unknown'},{ms / 1000:.2f},{here or 'unknown'},"
                  f"{secs:.2f}", file=sys.stderr, flush=True)
        browser.close()
    for v in CELLS:
        rs = [r for r in rows if r[0] == v]
        if not rs:
            continue
        ts = sorted(r[2] if r[1] not in ("", "unknown") else args.seconds for r in rs)
        dec = sum(1 for r in rs if r[1] not in ("", "unknown"))
        lost = sum(1 for r in rs if r[1] == "unwinnable")
        ratio = sorted(r[2] / r[4] for r in rs if r[1] and r[3] and r[4] > 0)
        line = (f"{v}: {len(rs)} positions in the page's worker; decided within {args.seconds} s: "
                f"{100 * dec / len(rs):.1f} %, median {statistics.median(ts):.2f} s, "
                f"p95 {ts[max(0, round(0.95 * len(ts)) - 1)]:.2f} s, proved lost {lost}")
        if ratio:
            line += (f"; page / CPython time on the same {len(ratio)} searches: median {statistics.median(ratio):.2f}, "
                     f"p10 {ratio[len(ratio) // 10]:.2f}, p90 {ratio[(9 * len(ratio)) // 10]:.2f}")
        print(line)
    print(f"load average after: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
