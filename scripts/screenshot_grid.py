"""Screenshots of the whole grid of sizes and languages, mid-game (issue 11.7).

Both games (Easy Harp; Eight Off with 8 cells), each from a fixed deal after a few
moves played here through the rules package (so there are face-up runs and foundation
cards), at 360x640, 390x844, 640x360, 844x390, 768x1024 (touch), 1366x768 and 1920x1080,
in en, ro, ar, id: 56 PNG files named ``<game>-<W>x<H>-<lang>.png``. For each it also
prints what a player would find wrong and a script can see: a header control under
44x44 px on a touch size, text cut by its box (an ellipsis or a clip), a status figure
out of the header, a card, pile or header control leaving the screen or within 4 px of
its edge.

Not a test: look at every picture. Usage (a server must serve the repo, e.g.
``.venv/bin/python scripts/serve.py --port 8111``)::

    .venv/bin/python scripts/screenshot_grid.py --port 8111 --out /tmp/grid
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import game  # noqa: E402
from game.ui.persist import Settings  # noqa: E402

SIZES = [(360, 640, True), (390, 844, True), (640, 360, True), (844, 390, True),
         (768, 1024, True), (1366, 768, False), (1920, 1080, False)]
LANGS = ["en", "ro", "ar", "id"]
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
EDGE = 4.0  # px: nothing that matters may come closer to the screen's edge

CHECK_JS = """([touch, edge]) => { const out = []; const W = innerWidth, H = innerHeight;
  for (const e of document.querySelectorAll('header button, header a')) {
    if (!e.checkVisibility()) continue;
    const r = e.getBoundingClientRect(); const n = e.dataset.action || e.textContent.trim();
    if (touch && (r.width < 44 || r.height < 44)) out.push(`small ${n} ${r.width|0}x${r.height|0}`);
    if (r.left < edge || r.right > W - edge) out.push(`edge ${n} ${r.left|0}..${r.right|0}`);
  }
  for (const e of document.querySelectorAll('#table .card, #table .pile')) {
    const r = e.getBoundingClientRect();
    if (r.left < edge || r.right > W - edge || r.bottom > H - edge)
      out.push(`edge ${e.dataset.id || e.dataset.pile} ${r.left|0},${r.top|0}..${r.right|0},${r.bottom|0}`);
  }
  for (const e of document.querySelectorAll('header *, .notice *, #table .stock-pass')) {
    if (!e.checkVisibility() || !e.textContent.trim() || e.closest('.sr-only')) continue;
    const s = getComputedStyle(e);
    if ((s.textOverflow === 'ellipsis' || s.overflowX === 'hidden' || s.overflowX === 'clip')
        && e.scrollWidth > e.clientWidth + 1) out.push(`cut "${e.textContent.trim()}"`);
  }
  const bar = document.querySelector('header').getBoundingClientRect();
  for (const e of document.querySelectorAll('.status > *')) {
    if (!e.checkVisibility() || getComputedStyle(e).fontSize === '0px') continue;  // short name
    const r = e.getBoundingClientRect();
    if (r.top < bar.top || r.bottom > bar.bottom) out.push(`out of the header "${e.textContent.trim()}"`);
  }
  return out; }"""


def mid_game(kind: str) -> game.Game:
    """A fixed deal of ``kind`` after a few moves: Eight Off (8 cells) the moves of a
    solution until 6 cards are on the foundations; Easy Harp 80 greedy moves (foundation
    first, then a column move, else the stock)."""
    if kind == "eight-off":
        g = game.new_game("EO1-C8-AAAAAFA")
        for move in game.solve(g, max_nodes=50_000).moves:
            if sum(len(g.pile(f"f{k}")) for k in range(1, 5)) >= 6:
                break
            g.play(move)
        return g
    g = game.new_game("EH1-N-AAAAAAF")
    for _ in range(80):
        moves = g.legal_moves()
        found = [m for m in moves if m.dst and m.dst.startswith("f")]
        cols = [m for m in moves if m.dst and m.src[0] in "tw" and m.dst[0] == "t"]
        g.play((found or cols or [game.Move.parse("s")])[0])
    return g


def main() -> int:
    from playwright.sync_api import sync_playwright

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--port", type=int, default=8111)
    ap.add_argument("--out", type=Path, default=Path("/tmp/grid"))
    ap.add_argument("--only", default="", help="a regular expression the file names must match")
    opts = ap.parse_args()
    opts.out.mkdir(parents=True, exist_ok=True)
    saves = {kind: mid_game(kind).to_save() for kind in ("easy-harp", "eight-off")}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        for kind, save in saves.items():
            for w, h, touch in SIZES:
                for lang in LANGS:
                    name = f"{kind}-{w}x{h}-{lang}"
                    if not re.search(opts.only, name):
                        continue
                    ctx = browser.new_context(viewport={"width": w, "height": h}, has_touch=touch,
                                              is_mobile=touch and w < 700 or touch and h < 700,
                                              service_workers="block", reduced_motion="reduce")
                    page = ctx.new_page()
                    seed = {"solitaire.settings": Settings(language=lang).dump(),
                            "solitaire.welcome": json.dumps(["easy-harp", "eight-off"]),
                            "solitaire.game": save}
                    page.add_init_script(
                        f"for (const [k, v] of Object.entries({json.dumps(seed)})) localStorage.setItem(k, v);")
                    page.goto(f"http://127.0.0.1:{opts.port}/index.html")
                    page.wait_for_selector("html[data-ready='1']", timeout=120_000)
                    page.wait_for_timeout(300)  # fonts and the last layout pass
                    page.screenshot(path=str(opts.out / f"{name}.png"))
                    problems = page.evaluate(CHECK_JS, [touch, EDGE])
                    print(name, "; ".join(problems) if problems else "ok", flush=True)
                    ctx.close()
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
