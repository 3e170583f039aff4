"""The solver beside the page (issue 24 point 1). Not a test.

Serves the worktree (``scripts/serve.py``'s handler) to one headless Debian Chromium and
measures:

- **start** (``--only start``): how long a worker with its own interpreter takes to be
  ready to search, three ways, in interleaved rounds:
  ``worker`` the game's own (static/solver-worker.js: the vendored Pyodide restored from
  the interpreter copy, the game archive, ``game.ui.searcher``), from the page's
  ``solitaire:worker-start`` mark to its ``solitaire:worker`` mark; ``worker, no copy``
  the same with the copy refused to the worker (a 404: Pyodide's normal start); and
  ``PyScript worker`` (bench/pyworker.html: PyScript's ``PyWorker`` with the vendored
  Pyodide, which PyScript cannot restore from a copy, and the same Python), from its
  creation to its Python's import.
- **latency** (``--only latency``): while a player plays Easy Harp (stock taps, moves
  dragged from the rules package's legal moves, refused drops; 150 ms apart), in
  interleaved rounds of three modes: ``idle`` (the indicator off: no search but the
  short stuck tests), ``worker`` (the indicator on: every action starts a verdict search
  of up to 60,000 positions in the worker, which the next action cancels) and
  ``slices`` (the same with the worker's script refused, so the page searches in its
  own 12 ms slices, as before issue 24). For each: the pointer-up latency from the
  event's own time stamp (``event.timeStamp``: it includes any wait behind a task of the
  page) to the first DOM change it causes, p50 / p95 / max; the main thread's long tasks
  (``PerformanceObserver`` ``longtask``, over 50 ms) while playing: count and longest;
  and the share of pointer-ups met while the indicator said "thinking" (a search under
  way).

    .venv/bin/python bench/bench_worker.py [--only start,latency] [--rounds 3]
        [--actions 40]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_latency import center, sync_game  # noqa: E402

from game.ui.persist import KEY_SETTINGS, Settings  # noqa: E402
from scripts.serve import make_server  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
DEAL = "EH1-N-AAAAAAB"  # Easy Harp deal 1
WELCOMED = '["easy-harp", "eight-off"]'
MARKS = """() => Object.fromEntries(performance.getEntries()
  .filter(e => e.name.startsWith('solitaire:')).map(e => [e.name, e.startTime]))"""
# Installed before the page's scripts: long tasks, and each pointer-up's latency from its
# time stamp to the first DOM change after it (and whether a search was under way).
PROBE = """
window.__long = [];
new PerformanceObserver(l => { for (const e of l.getEntries()) window.__long.push([e.startTime, e.duration]); })
  .observe({type: 'longtask', buffered: true});
window.__lat = []; window.__busy = 0; window.__still = 0;
let pending = null;
addEventListener('pointerup', (e) => {
  const v = document.querySelector('[data-status=winnable]');
  if (v && !v.hidden && v.dataset.value === 'thinking') window.__busy += 1;
  pending = e.timeStamp;
}, {capture: true});
// After the page's own listeners (a bubbling one on window runs last): a pointer-up
// that changed nothing is counted apart (as bench/bench_latency.py does).
addEventListener('pointerup', () => {
  queueMicrotask(() => { if (pending !== null) { window.__still += 1; pending = null; } });
});
document.addEventListener('DOMContentLoaded', () => {
  const obs = new MutationObserver(() => {
    if (pending !== null) { window.__lat.push(performance.now() - pending); pending = null; }
  });
  for (const sel of ['#table', '[data-role=reminder]', '.bar'])
    obs.observe(document.querySelector(sel), {subtree: true, attributes: true, childList: true, characterData: true});
});
"""


def serve() -> str:
    httpd = make_server(ROOT, host="127.0.0.1", port=0, quiet=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{httpd.server_address[1]}"


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def summary(xs: list[float]) -> str:
    if not xs:
        return "none"
    return f"p50 {statistics.median(xs):.1f} ms, p95 {pct(xs, 0.95):.1f}, max {max(xs):.1f} (n={len(xs)})"


def seed(ctx, show_winnable: bool) -> None:
    settings = Settings(show_winnable=show_winnable).dump()
    ctx.add_init_script(f"""if (!sessionStorage.getItem('seeded')) {{
  sessionStorage.setItem('seeded', '1');
  localStorage.setItem({KEY_SETTINGS!r}, {settings!r});
  localStorage.setItem('solitaire.welcome', {WELCOMED!r});
}}""")


# ----- start ---------------------------------------------------------------------------------


def start_game_worker(browser, base: str, copy: bool) -> tuple[float, str]:
    ctx = browser.new_context()
    seed(ctx, False)
    if not copy:
        asked = []

        def route(r):
            asked.append(r.request.url)
            if len(asked) > 1:  # the page's own fetch goes through; the worker's is refused
                r.fulfill(status=404, body="")
            else:
                r.continue_()

        ctx.route("**/interpreter.snapshot*", route)  # the file or its compressed copies
    page = ctx.new_page()
    page.goto(f"{base}/index.html?deal={DEAL}")
    page.wait_for_selector("html[data-ready='1']", timeout=120_000)
    page.locator("[data-action='hint']").click()  # the first hint starts the worker
    page.wait_for_function("() => performance.getEntriesByName('solitaire:worker').length"
                           " + performance.getEntriesByName('solitaire:slices').length > 0", timeout=120_000)
    marks = page.evaluate(MARKS)
    mode = page.workers[0].evaluate("() => self.__solverStart.mode") if page.workers else "?"
    ctx.close()
    if "solitaire:worker" not in marks:
        return float("nan"), "failed"
    return marks["solitaire:worker"] - marks["solitaire:worker-start"], mode


def start_pyscript_worker(browser, base: str) -> float:
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(f"{base}/bench/pyworker.html")
    page.wait_for_function("() => window.__pyworker && window.__pyworker.ready !== null", timeout=180_000)
    out = page.evaluate("() => window.__pyworker")
    ctx.close()
    return out["ready"] - out["created"]


def bench_start(browser, base: str, rounds: int) -> None:
    got: dict[str, list[float]] = {"worker": [], "worker, no copy": [], "PyScript worker": []}
    for rnd in range(rounds):
        order = list(got)
        if rnd % 2:
            order.reverse()
        for name in order:
            if name == "PyScript worker":
                got[name].append(start_pyscript_worker(browser, base))
            else:
                ms, mode = start_game_worker(browser, base, name == "worker")
                got[name].append(ms)
                print(f"  round {rnd + 1} {name}: {ms:.0f} ms ({mode})", flush=True)
                continue
            print(f"  round {rnd + 1} {name}: {got[name][-1]:.0f} ms", flush=True)
    print("start of a worker with its own interpreter, until it can search (ms):")
    for name, xs in got.items():
        print(f"  {name:16s} median {statistics.median(xs):.0f}, min {min(xs):.0f}, max {max(xs):.0f}")


# ----- latency -------------------------------------------------------------------------------


def play(page, actions: int) -> None:
    """``actions`` player actions on the Easy Harp table, 150 ms apart."""
    for done in range(actions):
        g = sync_game(page)
        moves = [m for m in g.legal_moves() if m.src != "s" and m.dst and m.dst[0] == "t"]
        kind = done % 3
        if kind == 0 or (kind == 1 and not moves):
            page.mouse.click(*center(page, '#table [data-pile="s"]'))
        elif kind == 1:
            m = moves[done % len(moves)]
            src = g.pile(m.src)
            x0, y0 = center(page, f'#table .card[data-id="{src[len(src) - (m.count or 1)].card.id}"]')
            top = g.pile(m.dst)
            sel = f'#table .card[data-id="{top[-1].card.id}"]' if top else f'#table .pile[data-pile="{m.dst}"]'
            drag(page, (x0, y0), center(page, sel))
        else:
            cols = [p for p in g.pile_ids() if p[0] == "t" and g.pile(p)]
            a, b = cols[done % len(cols)], cols[(done + 4) % len(cols)]
            drag(page, center(page, f'#table .card[data-id="{g.pile(a)[-1].card.id}"]'),
                 center(page, f'#table .card[data-id="{g.pile(b)[-1].card.id}"]'))
        page.wait_for_timeout(150)


def drag(page, a: tuple[float, float], b: tuple[float, float]) -> None:
    page.mouse.move(*a)
    page.mouse.down()
    page.mouse.move(*b, steps=4)
    page.mouse.up()


def latency_round(browser, base: str, mode: str, actions: int) -> dict:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    seed(ctx, mode != "idle")
    ctx.add_init_script(PROBE)
    if mode == "slices":
        ctx.route("**/solver-worker.js", lambda r: r.fulfill(status=404, body=""))
    page = ctx.new_page()
    page.goto(f"{base}/index.html?deal={DEAL}")
    page.wait_for_selector("html[data-ready='1']", timeout=120_000)
    want = "solitaire:slices" if mode == "slices" else "solitaire:worker"
    if mode == "idle":  # no search runs long: no worker starts (assist.WORKER_AFTER_SLICES)
        want = ""
    else:  # the indicator's search runs long and starts it
        page.wait_for_function("() => performance.getEntriesByName('solitaire:worker').length"
                               " + performance.getEntriesByName('solitaire:slices').length > 0",
                               timeout=120_000)
    if want and want not in page.evaluate(MARKS):
        raise RuntimeError(f"{mode}: the page did not reach {want} (a worker's start failed?)")
    page.wait_for_timeout(500)
    t0 = page.evaluate("performance.now()")
    play(page, actions)
    out = page.evaluate("() => ({lat: window.__lat, busy: window.__busy, still: window.__still, long: window.__long})")
    out["long"] = [d for t, d in out["long"] if t >= t0]
    ctx.close()
    return out


def bench_latency(browser, base: str, rounds: int, actions: int) -> None:
    modes = ["idle", "worker", "slices"]
    got = {m: {"lat": [], "long": [], "busy": 0, "ups": 0} for m in modes}
    for rnd in range(rounds):
        order = modes if rnd % 2 == 0 else modes[::-1]
        for mode in order:
            out = latency_round(browser, base, mode, actions)
            g = got[mode]
            g["lat"] += out["lat"]
            g["long"] += out["long"]
            g["busy"] += out["busy"]
            g["ups"] += len(out["lat"]) + out["still"]
            print(f"  round {rnd + 1} {mode}: p50 {statistics.median(out['lat']):.1f} ms, "
                  f"long tasks {len(out['long'])} (max {max(out['long'], default=0):.0f} ms)", flush=True)
    print(f"Easy Harp {DEAL}, {rounds} interleaved rounds of {actions} actions per mode:")
    idle = statistics.median(got["idle"]["lat"])
    for mode in modes:
        g = got[mode]
        p50 = statistics.median(g["lat"])
        print(f"  {mode:7s} pointer-up latency {summary(g['lat'])}; p50 / idle {p50 / idle:.2f}; "
              f"long tasks {len(g['long'])} (longest {max(g['long'], default=0):.0f} ms); "
              f"searching at {g['busy']} of {g['ups']} pointer-ups")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", default="start,latency")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--actions", type=int, default=40, help="actions per latency round")
    args = ap.parse_args()
    only = set(args.only.split(","))
    base = serve()
    print(f"load average before: {', '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        if "start" in only:
            bench_start(browser, base, args.rounds)
        if "latency" in only:
            bench_latency(browser, base, args.rounds, args.actions)
        browser.close()
    print(f"load average after: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
