"""Pointer-up to DOM-updated latency of the live page (issue 3 point 9). Not a test.

Serves the repo, opens Easy Harp and Eight Off deals in headless Debian Chromium with
reduced motion, and times ``pointerup`` (a capturing listener on ``window``, which runs
before the table's own) to the first DOM mutation it causes (a ``MutationObserver`` on
the table, the reminder and the status bar; its callback runs right after the handler
that changed the DOM). Actions: taps on the stock, double taps and mouse drags chosen
from the rules package's legal moves, tap to select then tap to place (issue 11), and
refused drops. Prints p50 / p95 / max in ms. ``--throttle 4`` slows the page's CPU
4x (Chromium's ``Emulation.setCPUThrottlingRate``).

    .venv/bin/python bench/bench_latency.py [--actions 240] [--throttle 4]
    .venv/bin/python bench/bench_latency.py --root /tmp/main-export --root . --rounds 4

With several ``--root`` checkouts (each with its built ``static/vendor``), the rounds
alternate between them in one browser and the p50 ratio of each to the first is printed.
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

from playwright.sync_api import sync_playwright  # noqa: E402

import game  # noqa: E402
from scripts.serve import make_server  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]

# A pointer-up's response is the DOM change its handlers make while it is dispatched
# (the view updates the DOM synchronously, it has no requestAnimationFrame step): the
# observer's callback runs at the first microtask checkpoint after that change. A
# pointer-up that changes nothing (the press already acted at pointer-down, e.g. a
# stock tap's second half) is counted apart, so a later timer's change (a shake or an
# animation ending) is never taken for its answer.
PROBE = """() => {
  window.__lat = []; window.__idle = 0; let t0 = null;
  window.addEventListener('pointerup', () => { t0 = performance.now(); }, {capture: true});
  window.addEventListener('pointerup', () => {
    queueMicrotask(() => { if (t0 !== null) { window.__idle += 1; t0 = null; } });
  });
  const obs = new MutationObserver(() => {
    if (t0 !== null) { window.__lat.push(performance.now() - t0); t0 = null; }
  });
  for (const sel of ['#table', '[data-role=reminder]', '.bar'])
    obs.observe(document.querySelector(sel), {subtree: true, attributes: true, childList: true, characterData: true});
}"""


def center(page, selector):
    box = page.locator(selector).first.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + min(box["height"] / 2, 12)


def sync_game(page) -> game.Game:
    return game.load_save(page.evaluate("localStorage.getItem('solitaire.game')"))


def run(page, base: str, code: str, actions: int) -> None:
    page.goto(f"{base}/index.html?deal={code}")
    page.wait_for_selector("html[data-ready='1']", timeout=90000)
    page.evaluate(PROBE)
    done = 0
    while done < actions:
        g = sync_game(page)
        moves = [m for m in g.legal_moves() if m.src != "s"]
        kind = done % 4
        if g.game == "easy-harp" and kind in (0, 1):
            page.mouse.click(*center(page, '#table [data-pile="s"]'))
        elif moves and kind == 2:
            m = moves[done % len(moves)]
            src = g.pile(m.src)
            card = src[len(src) - (m.count or 1)].card.id
            x0, y0 = center(page, f'#table .card[data-id="{card}"]')
            dst = m.dst if m.dst != "f" else "f1"
            x1, y1 = center(page, f'#table .pile[data-pile="{dst}"]')
            if m.dst and m.dst[0] == "t" and g.pile(m.dst):
                x1, y1 = center(page, f'#table .card[data-id="{g.pile(m.dst)[-1].card.id}"]')
            page.mouse.move(x0, y0)
            page.mouse.down()
            page.mouse.move(x1, y1, steps=4)
            page.mouse.up()
        elif moves and done % 8 == 7:
            # Tap to select, tap to place (two timed pointer-ups).
            m = moves[done % len(moves)]
            src = g.pile(m.src)
            card = src[len(src) - (m.count or 1)].card.id
            page.mouse.click(*center(page, f'#table .card[data-id="{card}"]'))
            dst = m.dst if m.dst != "f" else "f1"
            page.mouse.click(*center(page, f'#table .pile[data-pile="{dst}"]'))
        else:
            # A refused drop: the top card of one column onto the top of another.
            cols = [p for p in g.pile_ids() if p[0] == "t" and g.pile(p)]
            a, b = cols[done % len(cols)], cols[(done + 3) % len(cols)]
            x0, y0 = center(page, f'#table .card[data-id="{g.pile(a)[-1].card.id}"]')
            x1, y1 = center(page, f'#table .card[data-id="{g.pile(b)[-1].card.id}"]')
            page.mouse.move(x0, y0)
            page.mouse.down()
            page.mouse.move(x1, y1, steps=4)
            page.mouse.up()
        done += 1


def percentiles(lat: list[float]) -> str:
    """``p50 / p95 / max`` of a list of ms figures, as text."""
    lat = sorted(lat)
    p95 = lat[min(len(lat) - 1, int(round(0.95 * (len(lat) - 1))))]
    return f"p50 {statistics.median(lat):.2f} ms, p95 {p95:.2f} ms, max {lat[-1]:.2f} ms"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--actions", type=int, default=240, help="actions timed per checkout")
    ap.add_argument("--root", type=Path, action="append",
                    help="a checkout to serve (repeat to compare, e.g. an export of main "
                         "and this tree: rounds alternate between them); default: this repo")
    ap.add_argument("--rounds", type=int, default=1, help="rounds per checkout (interleaved)")
    ap.add_argument("--throttle", type=float, default=1.0,
                    help="CPU slow-down factor of the page (Chromium throttling), e.g. 4")
    args = ap.parse_args()
    roots = [r.resolve() for r in args.root] if args.root else [ROOT]
    bases = []
    servers = []
    for root in roots:
        httpd = make_server(root, host="127.0.0.1", port=0, quiet=True)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        servers.append(httpd)
        bases.append(f"http://127.0.0.1:{httpd.server_address[1]}")
    lat: dict[int, list[float]] = {k: [] for k in range(len(roots))}
    idle = dict.fromkeys(range(len(roots)), 0)
    per_deal = max(2, args.actions // (2 * args.rounds))
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for rnd in range(args.rounds):
            order = list(range(len(roots)))
            if rnd % 2:
                order.reverse()
            for k in order:
                for code in ("EH1-N-AAAAAAF", "EO1-C8-AAAAAFA"):
                    ctx = browser.new_context(viewport={"width": 1280, "height": 800},
                                              reduced_motion="reduce")
                    page = ctx.new_page()
                    if args.throttle > 1:
                        cdp = ctx.new_cdp_session(page)
                        cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.throttle})
                    run(page, bases[k], code, per_deal)
                    lat[k] += page.evaluate("window.__lat")
                    idle[k] += page.evaluate("window.__idle")
                    ctx.close()
        browser.close()
    for httpd in servers:
        httpd.shutdown()
    for k, root in enumerate(roots):
        print(f"{root}: pointer-ups timed: {len(lat[k])} (and {idle[k]} that changed nothing)")
        budget = 16 if args.throttle <= 1 else 50
        print(f"  pointer-up -> DOM updated: {percentiles(lat[k])} "
              f"(budget p95 <= {budget} ms, CPU throttling {args.throttle:g}x)")
    if len(roots) > 1:
        base = statistics.median(lat[0])
        for k in range(1, len(roots)):
            print(f"p50 ratio {roots[k]} / {roots[0]}: {statistics.median(lat[k]) / base:.2f}")
    print(f"load average: {', '.join(f'{x:.1f}' for x in os.getloadavg())} "
          f"on {os.cpu_count()} CPUs")


if __name__ == "__main__":
    main()
