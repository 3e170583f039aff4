"""Draw the help's layout pictures from the real layout code (issue 13 point 4).

Writes ``static/help/<game>-<ltr|rtl>.svg`` for Easy Harp and Eight Off (8 cells): the
table of a real deal as ``game.ui.layout.compute`` places it (mirrored for right-to-left
pages, as the app is), each kind of pile outlined and marked with a numbered callout that
the help page's legend (an ``<ol>`` in the page's language) explains. The pictures hold
no words, so one drawing serves every language of a direction.

Usage: ``.venv/bin/python scripts/help_pictures.py`` (rerun when the layout changes;
tests/i18n/test_help_pictures.py checks the files are up to date).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import game  # noqa: E402
from game.ui import layout, viewmodel  # noqa: E402

OUT = ROOT / "static" / "help"
WIDTH, HEIGHT = 720.0, 430.0
DEALS = {"easy-harp": "EH1-N-AAAAAAL", "eight-off": "EO1-C8-AAAAAFX"}
# Callout number of each kind of pile, per game (the legend lists them in this order).
CALLOUTS = {
    "easy-harp": {"s": 1, "w": 2, "f": 3, "t": 4},
    "eight-off": {"c": 1, "f": 2, "t": 3},
}
SUIT_MARKS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
FELT, LINE, BACK, FACE, MARK = "#0e5a3a", "#cfe3d8", "#2b4fa8", "#fdfdfb", "#ffd24a"


def picture(kind: str, rtl: bool) -> str:
    """The SVG text of ``kind``'s table, mirrored when ``rtl``."""
    g = game.new_game(DEALS[kind])
    lay = layout.compute(g.game, g.cells, WIDTH, HEIGHT, rtl, viewmodel.column_faces(g))
    cw, ch = lay.card_w, lay.card_h
    r = cw * 0.09
    bottom = max(slot.y + ch for slot in lay.slots.values())
    out: list[str] = []
    for pid, slot in lay.slots.items():
        out.append(f'<rect x="{slot.x:.1f}" y="{slot.y:.1f}" width="{cw:.1f}" height="{ch:.1f}" '
                   f'rx="{r:.1f}" fill="none" stroke="{LINE}" stroke-opacity=".5" stroke-width="1.5"/>')
        for k, placed in enumerate(g.pile(pid)):
            x, y = layout.card_xy(lay, pid, k)
            fill = FACE if placed.up else BACK
            out.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{cw:.1f}" height="{ch:.1f}" '
                       f'rx="{r:.1f}" fill="{fill}" stroke="#1a1a1a" stroke-opacity=".35"/>')
            if placed.up:
                c = placed.card
                rank = "10" if c.rank == 10 else game.RANKS[c.rank - 1]
                colour = "#c0152f" if c.is_red else "#1a1a1a"
                out.append(f'<text x="{x + cw * 0.08:.1f}" y="{y + cw * 0.3:.1f}" '
                           f'font-family="sans-serif" font-weight="700" font-size="{cw * 0.28:.1f}" '
                           f'fill="{colour}">{rank}{SUIT_MARKS[c.suit]}</text>')
            bottom = max(bottom, y + ch)
    # One callout per kind of pile, on the first pile of that kind in model order.
    done: set[str] = set()
    for pid in g.pile_ids():
        if pid[0] in done:
            continue
        done.add(pid[0])
        slot = lay.slots[pid]
        cx, cy = slot.x + cw / 2, slot.y + ch / 2
        n = CALLOUTS[kind][pid[0]]
        out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="15" fill="{MARK}" stroke="#1a1a1a" '
                   f'stroke-width="2"/><text x="{cx:.1f}" y="{cy + 6:.1f}" text-anchor="middle" '
                   f'font-family="sans-serif" font-weight="700" font-size="17" '
                   f'fill="#1a1a1a">{n}</text>')
    height = bottom + cw * 0.2
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH:.0f} {height:.0f}">'
            f'<rect width="100%" height="100%" rx="12" fill="{FELT}"/>')
    return "\n".join([head, *out, "</svg>"]) + "\n"


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for kind in DEALS:
        for direction in ("ltr", "rtl"):
            (OUT / f"{kind}-{direction}.svg").write_text(
                picture(kind, direction == "rtl"), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
