"""Every refusal as a small before/after picture pair in the rules pages (issue 13 point 4).

For each game, ``possible_refusals`` reads from the rules package's own code (the
``Refusal`` members that the engine, the game's module and the shared rules it uses can
return) which refusal reasons the game can give; ``SITUATIONS`` holds one small real
situation per reason: where it starts (a deal code, or a position ``CONSTRUCTED`` from a
deal's start and accepted by ``game.load_position``), the moves played from there, the
refused move (SPEC §2 notation), and the piles the picture shows (SPEC §2 ids; an id the
game lacks is drawn as a dashed ghost place). ``pair_html`` draws both pictures with a
small layout of only those piles (mirrored right to left), and ``fill_page`` writes the
pairs of both games into a rules page between its markers.

The pictures hold no words: the text alternative (``role="img"`` + ``aria-label``) and
the captions come from ``locales/<lang>.json``: ``help.pictures.*`` and, for the "after"
picture, the game's own reminder ``refusal.<code>`` through ``game.ui.texts.Texts``.
"""

from __future__ import annotations

import ast
import re
from html import escape
from pathlib import Path
from typing import NamedTuple

import game
from game import easy_harp, eight_off, rules
from game.ui.i18n import Catalog
from game.ui.texts import Texts

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "ro", "ar", "id")
RTL = {"ar"}
MODULES = {game.EASY_HARP: easy_harp, game.EIGHT_OFF: eight_off}

SUIT_MARKS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
FELT, LINE, BACK, FACE, MARK, RED = "#0e5a3a", "#cfe3d8", "#2b4fa8", "#fdfdfb", "#ffd24a", "#c0152f"
# The small layout, in SVG px: card size, gaps, fans (face down / face up), the room
# above the piles for the arrow, and how many cards of a column are shown at most.
CW, CH, GAP, PAD, FAN_DOWN, FAN_UP, HEAD, SHOWN = 50.0, 70.0, 10.0, 8.0, 8.0, 19.0, 30.0, 5


class Situation(NamedTuple):
    """Where a refusal is shown: ``start`` a deal code or a ``CONSTRUCTED`` name,
    ``moves`` played from it (space-separated SPEC §2 notation), the ``refused`` move,
    the ``piles`` drawn (ids; one the game lacks is a ghost place)."""

    start: str
    moves: str
    refused: str
    piles: tuple[str, ...]


EH, EO, EO4 = "EH1-N-AAAAAAL", "EO1-C8-AAAAAFX", "EO1-C4-AAAAAFX"
# Eight Off deal 153 after the Examples page's six moves: column 7 empty, two cells free.
EO_MOVES = "c4-t3 t7-c4 t7-t3:2 t7-c5 t7-c6 t7-t1"
CELLS8 = ("c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8")

SITUATIONS: dict[str, dict[str, Situation]] = {
    game.EASY_HARP: {
        "one-card-at-a-time": Situation(EH, "t1-t5 t2-t5", "t5-t9:3", ("t5", "t9")),
        "not-a-run": Situation("eh-not-a-run", "", "t3-t1:2", ("t1", "t3")),
        "empty-needs-king": Situation(EH, "t1-t5", "t2-t1", ("t1", "t2")),
        "wrong-color": Situation(EH, "", "t3-t7", ("t3", "t7")),
        "wrong-rank": Situation(EH, "", "t1-t2", ("t1", "t2")),
        "foundation-suit": Situation(EH, "", "t1-f1", ("f1", "t1")),
        "foundation-rank": Situation(EH, "", "t1-f2", ("f2", "t1")),
        "foundation-one-card": Situation(EH, "t1-t5", "t5-f2:2", ("f2", "t5")),
        "face-down": Situation(EH, "t1-t5", "t2-t1:2", ("t1", "t2")),
        "empty-source": Situation(EH, "", "w-t1", ("w", "t1")),
        "stock-empty": Situation("eh-stock-empty", "", "s", ("s", "w")),
        "not-a-target": Situation(EH, "", "t1-w", ("w", "t1")),
        "same-pile": Situation(EH, "", "t5-t5", ("t5",)),
        "no-such-pile": Situation(EH, "", "t1-c1", ("c1", "t1")),
    },
    game.EIGHT_OFF: {
        "not-a-run": Situation(EO, "", "t3-t1:2", ("t1", "t3")),
        "group-too-large": Situation(EO, EO_MOVES, "t3-t7:4", (*CELLS8, "t3", "t7")),
        "empty-needs-king": Situation(EO, EO_MOVES, "t1-t7", ("t1", "t7")),
        "wrong-suit": Situation(EO, "", "t4-t6", ("t4", "t6")),
        "wrong-rank": Situation(EO, "", "t8-t6", ("t6", "t8")),
        "foundation-suit": Situation(EO, "t4-c5 t4-c6", "t4-f1", ("f1", "t4")),
        "foundation-rank": Situation(EO, "", "c2-f1", ("c2", "f1")),
        "foundation-one-card": Situation(EO, EO_MOVES, "t3-f2:2", ("f2", "t3")),
        "cell-full": Situation(EO, "", "t1-c1", ("c1", "t1")),
        "cell-one-card": Situation(EO, EO_MOVES, "t3-c7:2", ("c7", "t3")),
        "empty-source": Situation(EO, "", "c5-t1", ("c5", "t1")),
        "not-a-target": Situation(EO, "t4-c5 t4-c6 t4-f2", "f2-f1:1", ("f1", "f2")),
        "same-pile": Situation(EO, "", "t1-t1", ("t1",)),
        "no-such-pile": Situation(EO4, "", "t1-c5", ("c1", "c2", "c3", "c4", "c5", "t1")),
    },
}


def _constructed(name: str) -> game.Game:
    """A position built from Easy Harp deal 11's start (position text, ``game.fcs``
    format, lines edited) and accepted by ``game.load_position``: ``eh-not-a-run``
    (column 1's 6♥ moved onto the 7♣ of column 5, and column 3's two tens both face up:
    two face-up cards out of sequence), ``eh-stock-empty`` (the 59 stock cards put face
    down under column 9: stock and waste both empty). Raises ``KeyError`` for another
    name."""
    lines = game.new_game(EH).position().splitlines()
    if name == "eh-not-a-run":
        lines[3], lines[5], lines[7] = ":", ": (6H.1) TH.2 TD.2", lines[7] + " 6H.2"
    elif name == "eh-stock-empty":
        stock = " ".join(f"({c})" for c in lines[1].split()[1:])
        lines[1], lines[11] = "Stock:", ": " + stock + " " + lines[11][2:]
    else:
        raise KeyError(name)
    return game.load_position("\n".join(lines) + "\n", game=game.EASY_HARP)


def situation_game(s: Situation) -> game.Game:
    """The game of situation ``s`` just before its refused move: its start, its moves
    played. Raises ``game.IllegalMove`` if a move no longer plays (the table is stale)."""
    g = game.new_game(s.start) if s.start[:2] in ("EH", "EO") else _constructed(s.start)
    for move in s.moves.split():
        g.play(move)
    return g


def _refusal_names(path: Path) -> set[str]:
    """The ``Refusal.<NAME>`` members named in the Python file ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name) and node.value.id == "Refusal"}


def possible_refusals(kind: str) -> list[game.Refusal]:
    """The refusal reasons game ``kind`` can give, in ``Refusal`` order: the members the
    engine (``game/engine.py``), the game's module and the shared rules
    (``game/rules.py``, but of its building rules only the game's own ``BUILDING``)
    return. Read from the code, so a new reason needs a new picture (SPEC §6, §8)."""
    module = MODULES[kind]
    names = set().union(*(_refusal_names(ROOT / "game" / f) for f in
                          ("engine.py", f"{module.__name__.rsplit('.', 1)[1]}.py", "rules.py")))
    others = {b.mismatch.name for b in (rules.BY_COLOUR, rules.BY_SUIT)} - {module.BUILDING.mismatch.name}
    return [r for r in game.Refusal if r.name in names - others]


def catalog(lang: str) -> Texts:
    """The game's texts in ``lang`` from ``locales/<lang>.json`` (English fallback)."""
    def load(code: str, fallback: Catalog | None = None) -> Catalog:
        return Catalog.from_json(code, (ROOT / "locales" / f"{code}.json").read_text(encoding="utf-8"),
                                 fallback=fallback)
    en = load("en")
    return Texts(en if lang == "en" else load(lang, en))


# ----- drawing ------------------------------------------------------------------------

def _places(g: game.Game, piles: tuple[str, ...], rtl: bool,
            extra: float = 0.0) -> tuple[dict[str, tuple[float, float]], float]:
    """Each shown pile's top-left corner (free cells, stock, waste, foundations in a row
    above the columns, model order, mirrored when ``rtl``) and the picture's width, with
    ``extra`` px of room after the piles (for an arrow that loops back)."""
    order = {pid: k for k, pid in enumerate(g.pile_ids())}
    top = [p for p in piles if p[0] != "t"]
    low = [p for p in piles if p[0] == "t"]
    rows = [row for row in (sorted(top, key=lambda p: order.get(p, 99)),
                            sorted(low, key=lambda p: order.get(p, 99))) if row]
    width = max(len(row) for row in rows) * (CW + GAP) - GAP + 2 * PAD + extra
    places: dict[str, tuple[float, float]] = {}
    for r, row in enumerate(rows):
        for k, pid in enumerate(row):
            x = PAD + k * (CW + GAP)
            places[pid] = (width - x - CW if rtl else x, HEAD + r * (CH + GAP))
    return places, width


def _cards(g: game.Game, pid: str, count: int) -> list[tuple[int, float]]:
    """The cards of ``pid`` drawn (index, y offset from the pile's place): a column's top
    ``SHOWN`` cards (all of the moving ``count``) fanned, else the top card."""
    pile = g.pile(pid) if pid in g.pile_ids() else ()
    if not pile:
        return []
    if pid[0] != "t":
        return [(len(pile) - 1, 0.0)]
    first = max(0, len(pile) - max(SHOWN, count))
    out, y = [], 0.0
    for k in range(first, len(pile)):
        out.append((k, y))
        y += FAN_UP if pile[k].up else FAN_DOWN
    return out


def _card(x: float, y: float, placed: game.Placed, edge: str) -> list[str]:
    fill = FACE if placed.up else BACK
    out = [f'<rect x="{x:.1f}" y="{y:.1f}" width="{CW:.0f}" height="{CH:.0f}" rx="5" '
           f'fill="{fill}" {edge}/>']
    if placed.up:
        c = placed.card
        rank = "10" if c.rank == 10 else game.RANKS[c.rank - 1]
        out.append(f'<text x="{x + 4:.1f}" y="{y + 16:.1f}" font-family="sans-serif" '
                   f'font-weight="700" font-size="15" fill="{RED if c.is_red else "#1a1a1a"}">'
                   f'{rank}{SUIT_MARKS[c.suit]}</text>')
    return out


def _cross(x: float, y: float) -> str:
    return (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="13" fill="{RED}" stroke="#fff" stroke-width="2"/>'
            f'<path d="M{x - 6:.1f} {y - 6:.1f}l12 12m0 -12l-12 12" stroke="#fff" '
            f'stroke-width="3.5" stroke-linecap="round"/>')


def draw_small(g: game.Game, s: Situation, rtl: bool, after: bool) -> str:
    """The SVG of situation ``s``'s piles in ``g``: the "before" picture (``after``
    false) outlines the cards the refused move lifts and draws an arrow to its
    destination (a tap on the stock: a ring); the "after" picture outlines the same
    cards in red, still in place, with a red cross where the move was refused."""
    move = game.Move.parse(s.refused)
    count = move.count or 1
    places, width = _places(g, s.piles, rtl, CW * 0.8 if move.src == move.dst else 0.0)
    ids = g.pile_ids()
    src_len = len(g.pile(move.src)) if move.src in ids else 0
    lifted = set(range(src_len - count, src_len)) if move.dst else set()
    out: list[str] = []
    tops: dict[str, tuple[float, float]] = {}
    bottom = HEAD + CH
    for pid, (x, y) in places.items():
        ghost = pid not in ids
        dash = ' stroke-dasharray="6 4"' if ghost else ""
        out.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{CW:.0f}" height="{CH:.0f}" rx="5" '
                   f'fill="none" stroke="{LINE}" stroke-opacity="{1 if ghost else .5}" '
                   f'stroke-width="1.5"{dash}/>')
        if pid[0] == "f" and not ghost and not g.pile(pid):
            out.append(f'<text x="{x + CW / 2:.1f}" y="{y + CH / 2 + 10:.1f}" text-anchor="middle" '
                       f'font-family="sans-serif" font-size="30" fill="{LINE}" fill-opacity=".6">'
                       f'{SUIT_MARKS[g.foundation_suit(pid)]}</text>')
        tops[pid] = (x, y)
        for k, dy in _cards(g, pid, count if pid == move.src else 1):
            mine = pid == move.src and k in lifted
            edge = (f'stroke="{RED if after else MARK}" stroke-width="4"' if mine
                    else 'stroke="#1a1a1a" stroke-opacity=".35"')
            out.extend(_card(x, y + dy, g.pile(pid)[k], edge))
            tops[pid] = (x, y + dy)
            bottom = max(bottom, y + dy + CH)
    if move.dst is None:  # a tap on the stock
        x, y = places[move.src]
        cx, cy = x + CW / 2, y + CH / 2
        out.append(_cross(cx, cy) if after else
                   f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="22" fill="none" stroke="{MARK}" '
                   f'stroke-width="4" stroke-dasharray="8 5"/>')
    else:
        head = src_len - count
        sx, sy = places[move.src]
        y0 = sy + next((dy for k, dy in _cards(g, move.src, count) if k == head), 0.0) + 10
        x0 = sx + CW / 2
        dx, dy_ = tops[move.dst]
        x1, y1 = dx + CW / 2, dy_ + CH / 2
        if after:
            out.append(_cross(x1, y1))
        elif move.src == move.dst:
            side = -1 if rtl else 1
            out.append(f'<path d="M{x0:.1f} {y0:.1f} C{x0 + side * CW:.1f} {y0 - HEAD:.1f} '
                       f'{x1 + side * CW:.1f} {y1:.1f} {x1 + side * 6:.1f} {y1:.1f}" fill="none" '
                       f'stroke="{MARK}" stroke-width="4" stroke-dasharray="8 5"/>')
        else:
            bend = max(4.0, min(y0, y1) - HEAD)
            out.append(f'<path d="M{x0:.1f} {y0:.1f} Q{(x0 + x1) / 2:.1f} {bend:.1f} {x1:.1f} {y1:.1f}" '
                       f'fill="none" stroke="{MARK}" stroke-width="4" stroke-dasharray="8 5"/>'
                       f'<circle cx="{x1:.1f}" cy="{y1:.1f}" r="6" fill="{MARK}"/>')
    height = bottom + PAD
    return (f'<svg viewBox="0 0 {width:.0f} {height:.0f}" '
            f'width="{width:.0f}" height="{height:.0f}" direction="ltr" ARIA>'
            f'<rect width="100%" height="100%" rx="8" fill="{FELT}"/>' + "".join(out) + "</svg>")


# ----- texts and pages ------------------------------------------------------------------

def _describe(t: Texts, g: game.Game, move: game.Move) -> str:
    """The attempted move in words: the cards lifted (by name), from where to where."""
    if move.dst is None:
        return t.t("help.pictures.tap")
    ids = g.pile_ids()
    pile = g.pile(move.src) if move.src in ids else ()
    cards = [t.card_label(p.card.face, p.up) for p in pile[len(pile) - (move.count or 1):]]

    def name(pid: str) -> str:
        return t.pile_label(pid, g.foundation_suit(pid) if pid[0] == "f" and pid in ids else "")
    what = ("، " if t.rtl else ", ").join(cards) if cards else t.t("help.pictures.nothing")
    return t.t("help.pictures.move", cards=what, src=name(move.src), dst=name(move.dst))


def pair_html(kind: str, reason: str, lang: str) -> str:
    """The HTML of one refusal's picture pair in ``lang``: the situation's data, the
    "before" and "after" pictures with their text alternatives and captions.

    Raises ``AssertionError`` when the move is not refused with exactly ``reason`` or
    moves anything (the pictures would lie)."""
    s = SITUATIONS[kind][reason]
    t = catalog(lang)
    rtl = lang in RTL
    g = situation_game(s)
    before = g.position()
    err = g.check(s.refused)
    assert err is not None and err.code == reason, (kind, reason, err)
    try:
        g.play(s.refused)
    except game.IllegalMove:
        pass
    assert g.position() == before
    move = game.Move.parse(s.refused)
    sentence = t.refusal(reason, err.details)
    label_before = t.t("help.pictures.before", move=_describe(t, g, move))
    label_after = t.t("help.pictures.after", reason=sentence)
    pic_before = draw_small(situation_game(s), s, rtl, False)
    pic_after = draw_small(g, s, rtl, True)
    return (
        f'<div class="refusal-pair" id="refusal-{kind}-{reason}" data-game="{kind}" '
        f'data-reason="{reason}" data-start="{s.start}" data-moves="{s.moves}" '
        f'data-refused="{s.refused}">\n'
        f'  <figure class="before">{pic_before.replace("ARIA", _aria(label_before))}'
        f'<figcaption>{escape(t.t("help.pictures.tried"))}</figcaption></figure>\n'
        f'  <figure class="after">{pic_after.replace("ARIA", _aria(label_after))}'
        f'<figcaption class="reminder">{escape(sentence)}</figcaption></figure>\n'
        f'</div>'
    )


def _aria(label: str) -> str:
    return f'role="img" aria-label="{escape(label, quote=True)}"'


def block_html(kind: str, lang: str) -> str:
    """The block of game ``kind``'s refusal pairs in ``lang``: a disclosure (closed, so
    the rules stay short on a phone) holding one pair per reason of
    ``possible_refusals``."""
    t = catalog(lang)
    pairs = "\n".join(pair_html(kind, r.value, lang) for r in possible_refusals(kind))
    return (f'<details class="refusal-pictures" id="refusals-{kind}">\n'
            f'<summary>{escape(t.t("help.pictures.summary"))}</summary>\n'
            f'<p>{escape(t.t("help.pictures.intro"))}</p>\n'
            f'<div class="refusal-grid">\n{pairs}\n</div>\n</details>')


def fill_page(html: str, lang: str) -> str:
    """``html`` (a rules page) with each game's block written between its markers
    ``<!-- refusals:<game> -->`` and ``<!-- /refusals:<game> -->``. Raises ``KeyError``
    when a marker is missing."""
    for kind in MODULES:
        pattern = re.compile(rf"(<!-- refusals:{kind} -->\n).*?(<!-- /refusals:{kind} -->)", re.S)
        if not pattern.search(html):
            raise KeyError(f"no marker for {kind}")
        block = block_html(kind, lang)
        html = pattern.sub(lambda m, block=block: m.group(1) + block + "\n" + m.group(2), html)
    return html
