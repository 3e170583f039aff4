"""Draw the help's layout pictures from the real layout code (issue 13 point 4).

Writes ``static/help/<game>-<ltr|rtl>.svg`` for Easy Harp and Eight Off (8 cells): the
table of a real deal as ``game.ui.layout.compute`` places it (mirrored for right-to-left
pages, as the app is), each kind of pile outlined and marked with a numbered callout that
the help page's legend (an ``<ol>`` in the page's language) explains. The pictures hold
no words, so one drawing serves every language of a direction.

It also writes, into each rules page (``help/<lang>/index.html``, between the markers
``<!-- refusals:<game> -->`` and ``<!-- /refusals:<game> -->``), one small before/after
pair of inline SVG pictures for every refusal reason the rules package can give in that
game (``possible_refusals``, read from the rules' own code): "before" is a few piles of
a real position (a deal after some moves, or a position built from one and accepted by
``game.load_position``) with the attempted move drawn; "after" is the same piles as the
rules package leaves them once it has refused the move, captioned with the reminder the
game shows (``locales/<lang>.json``, ``refusal.<code>``, through ``game.ui.texts``).

Usage: ``.venv/bin/python scripts/help_pictures.py`` (rerun when the layout or the help
changes; tests/i18n/test_help_pictures.py and test_help_refusals.py check that the files
are up to date).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import game  # noqa: E402
from game.ui import layout, viewmodel  # noqa: E402

OUT = ROOT / "static" / "help"
WIDTH, HEIGHT = 720.0, 520.0  # at least layout.SIDE_MAX_H: the piles above the columns, as the help text says
DEALS = {"easy-harp": "EH1-N-AAAAAAL", "eight-off": "EO1-C8-AAAAAFX"}
# Callout number of each kind of pile, per game (the legend lists them in this order).
CALLOUTS = {
    "easy-harp": {"s": 1, "w": 2, "f": 3, "t": 4},
    "eight-off": {"c": 1, "f": 2, "t": 3},
}
SUIT_MARKS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
FELT, LINE, BACK, FACE, MARK = "#0e5a3a", "#cfe3d8", "#2b4fa8", "#fdfdfb", "#ffd24a"


def picture(kind: str, rtl: bool) -> str:
    """The SVG text of ``kind``'s table at the start of its deal, with a numbered callout
    on each kind of pile, mirrored when ``rtl``."""
    return draw(game.new_game(DEALS[kind]), rtl, callouts=CALLOUTS[kind])


# The Examples page's refused moves (help/<lang>/examples.html, data-* of each section).
EXAMPLES = {
    "easy-harp-run": ("EH1-N-AAAAAAL", "t1-t5 t2-t5", "t5-t9:3"),
    "eight-off-king": ("EO1-C8-AAAAAFX", "c4-t3 t7-c4 t7-t3:2 t7-c5 t7-c6 t7-t1", "t3-t7:4"),
}


def refusal_picture(example: str, rtl: bool) -> str:
    """The table of an Examples page's situation (its deal after its moves) with the run
    that the refused move tries to lift outlined, an arrow to where it would go, and a
    red cross: the move is refused and nothing moves."""
    code, moves, refused = EXAMPLES[example]
    g = game.new_game(code)
    for move in moves.split():
        g.play(move)
    return draw(g, rtl, refused=game.Move.parse(refused))


def draw(g: game.Game, rtl: bool, callouts: dict[str, int] | None = None,
         refused: game.Move | None = None) -> str:
    """The SVG text of ``g``'s table as the app lays it out (WIDTH px wide, as tall as
    the cards need), mirrored when ``rtl``; ``callouts``: pile kind letter -> number
    shown on the first pile of that kind; ``refused``: a move drawn as refused."""
    lay = layout.compute(g.game, g.cells, WIDTH, HEIGHT, rtl, viewmodel.column_faces(g))
    run: set[tuple[str, int]] = set()
    if refused is not None:
        n = len(g.pile(refused.src))
        run = {(refused.src, k) for k in range(n - (refused.count or 1), n)}
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
            edge = (f'stroke="{MARK}" stroke-width="4"' if (pid, k) in run
                    else 'stroke="#1a1a1a" stroke-opacity=".35"')
            out.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{cw:.1f}" height="{ch:.1f}" '
                       f'rx="{r:.1f}" fill="{fill}" {edge}/>')
            if placed.up:
                c = placed.card
                rank = "10" if c.rank == 10 else game.RANKS[c.rank - 1]
                colour = "#c0152f" if c.is_red else "#1a1a1a"
                out.append(f'<text x="{x + cw * 0.08:.1f}" y="{y + cw * 0.3:.1f}" '
                           f'font-family="sans-serif" font-weight="700" font-size="{cw * 0.28:.1f}" '
                           f'fill="{colour}">{rank}{SUIT_MARKS[c.suit]}</text>')
            bottom = max(bottom, y + ch)
    if refused is not None and refused.dst:
        n = len(g.pile(refused.src))
        x0, y0 = layout.card_xy(lay, refused.src, n - (refused.count or 1))
        x0, y0 = x0 + cw / 2, y0 + cw * 0.15
        dst = g.pile(refused.dst)
        if dst:
            x1, y1 = layout.card_xy(lay, refused.dst, len(dst) - 1)
        else:
            x1, y1 = lay.slots[refused.dst].x, lay.slots[refused.dst].y
        x1, y1 = x1 + cw / 2, y1 + ch * 0.5
        bend = min(y0, y1) - ch * 0.6
        out.append(f'<path d="M{x0:.1f} {y0:.1f} Q{(x0 + x1) / 2:.1f} {bend:.1f} {x1:.1f} {y1:.1f}" '
                   f'fill="none" stroke="{MARK}" stroke-width="4" stroke-dasharray="10 6"/>')
        out.append(f'<circle cx="{x1:.1f}" cy="{y1:.1f}" r="17" fill="#c0152f" stroke="#fff" '
                   f'stroke-width="2"/><path d="M{x1 - 8:.1f} {y1 - 8:.1f}l16 16m0 -16l-16 16" '
                   f'stroke="#fff" stroke-width="4" stroke-linecap="round"/>')
    # One callout per kind of pile, on the first pile of that kind in model order.
    done: set[str] = set()
    for pid in g.pile_ids():
        if callouts is None or pid[0] in done or pid[0] not in callouts:
            continue
        done.add(pid[0])
        slot = lay.slots[pid]
        cx, cy = slot.x + cw / 2, slot.y + ch / 2
        n = callouts[pid[0]]
        out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="15" fill="{MARK}" stroke="#1a1a1a" '
                   f'stroke-width="2"/><text x="{cx:.1f}" y="{cy + 6:.1f}" text-anchor="middle" '
                   f'font-family="sans-serif" font-weight="700" font-size="17" '
                   f'fill="#1a1a1a">{n}</text>')
    height = bottom + cw * 0.2
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH:.0f} {height:.0f}">'
            f'<rect width="100%" height="100%" rx="12" fill="{FELT}"/>')
    return "\n".join([head, *out, "</svg>"]) + "\n"


def main() -> int:
    """Write every layout and refusal picture (files and rules pages); returns 0."""
    from scripts import help_refusals

    for lang in help_refusals.LANGS:
        page = ROOT / "help" / lang / "index.html"
        page.write_text(help_refusals.fill_page(page.read_text(encoding="utf-8"), lang),
                        encoding="utf-8")
    OUT.mkdir(parents=True, exist_ok=True)
    for direction in ("ltr", "rtl"):
        for kind in DEALS:
            (OUT / f"{kind}-{direction}.svg").write_text(
                picture(kind, direction == "rtl"), encoding="utf-8")
        for example in EXAMPLES:
            (OUT / f"{example}-{direction}.svg").write_text(
                refusal_picture(example, direction == "rtl"), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
