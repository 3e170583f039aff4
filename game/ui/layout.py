"""Where every pile and card sits on the table, as a pure function of the game's shape.

Pure Python (no browser import). The view asks ``compute()`` after every action and on
every resize, then moves only the card elements whose place changed.

Coordinates are CSS pixels relative to the table element's top-left corner. In a
right-to-left layout every x is mirrored (``x -> width - x - card_w``), so the columns
read from right to left and the stock and foundations change sides, while pile ids
keep model order (SPEC §2, issue 4). A left-handed layout mirrors the top band only
(stock and waste on the other side, issue 11); both together cancel out.

Every fact of the game comes from the registry (``game.variant_info``, issue 26): the
groups of piles above the columns (stock and waste, cells, foundations), the columns
and a typical deep column; this module decides only where they go.

Sizing (issue 11): the card size depends only on the table's size and the game, never
on the cards on it, so nothing moves by itself. Several arrangements of the non-tableau
piles ("the band") are tried and the one giving the largest card wins: every group in
one row, or each group split into two rows (Easy Harp's foundations 4 x 2 under the
last columns; Eight Off's 8 cells 4 x 2 and foundations 2 x 2), or, on a low table,
beside the columns. The width bound is
the column pitch minus a small gap; the height bound keeps a typical long column on
screen with readable strips. Each column's fan then grows up to ``FAN_UP_MAX`` card
heights to use the free height, and shrinks only when that column needs it.
"""

from __future__ import annotations

from dataclasses import dataclass

import game

ASPECT = 1.4  # card height / width (poker cards are 3.5 x 2.5 in)
MAX_CARD_W = 110.0  # px; beyond this the cards look clumsy on a wide desktop
EDGE = 5.0  # px kept free along every edge of the table (issue 11: at least 4)
FAN_UP = 0.29  # least offset between face-up cards while there is room, in card heights
FAN_UP_MAX = 0.5  # the fan grows up to this to use the free height
FAN_DOWN = 0.12  # offset between face-down cards, in card heights
MIN_STRIP = 18.0  # px: a face-up strip never gets thinner than this while there is room
MIN_FAN_DOWN = 0.05
# Card widths between the waste's fanned cards: the corner index must show whole, and
# "10" ends at 0.534 of the face (cardart: x 5, 38 px bold; its box measured in
# Chromium with DejaVu Sans Bold); at 0.3 it read "1" (issue 23.4).
WASTE_FAN = 0.56
WASTE_SHOWN = 3  # how many waste cards are fanned (only the top one plays)
SIDE_MAX_H = 500.0  # px: tables lower than this (phones in landscape) may put the band beside
SIDE_GAP = 0.4  # pitches between the columns and a band beside them
STOCK_GAP = 0.25  # pitches between the waste's fan and the next group of a row
GROUP_GAP = 0.5  # pitches between two other groups of a row
BESIDE_ROWS = 4  # rows of a group of piles beside the columns


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned rectangle in table pixels."""

    x: float
    y: float
    w: float
    h: float

    def contains(self, px: float, py: float) -> bool:
        return self.x <= px < self.x + self.w and self.y <= py < self.y + self.h


@dataclass(slots=True)
class Layout:
    """The result of ``compute``.

    - ``card_w``, ``card_h``: card size in px.
    - ``slots``: pile id -> the card-sized rectangle of the pile's bottom card.
    - ``drops``: pile id -> the rectangle in which a drop counts for that pile.
    - ``cards``: (pile id, index from the bottom) -> (x, y) of that card; stacked piles
      (stock, foundations, cells) have one entry (pile id, -1) for all their cards.
    - ``tableau_y``: the top of the columns; ``band``: the name of the arrangement.
    """

    card_w: float
    card_h: float
    slots: dict[str, Rect]
    drops: dict[str, Rect]
    cards: dict[tuple[str, int], tuple[float, float]]
    tableau_y: float = 0.0
    band: str = ""

    def pile_at(self, x: float, y: float) -> str | None:
        """The pile whose drop area holds the point (x, y), or None."""
        for pid, rect in self.drops.items():
            if rect.contains(x, y):
                return pid
        return None


# A band: rows of (pile id, x in pitch units from the left), and its width in units.
Band = tuple[list[list[tuple[str, float]]], float]
#: A group of piles above (or beside) the columns: its name (``game.Variant.bands``) and
#: its pile ids, left to right.
Group = tuple[str, tuple[str, ...]]


def shape(kind: str, cells: int) -> tuple[tuple[Group, ...], tuple[str, ...], tuple[int, int]]:
    """The facts of game ``kind`` with ``cells`` cells that the layout reads from the
    registry (``game.variant_info``, issue 26): the groups of piles of the band (the
    stock and waste, the cells, the foundations, left to right), the column ids (left
    to right in a left-to-right layout) and a typical deep column as (face-down,
    face-up) cards.

    Raises:
        ValueError: no registered game ``kind`` with ``cells`` cells.
    """
    info = game.variant_info(game.variant_of(kind, cells))
    return info.bands[:-1], info.bands[-1][1], info.typical_column


def _units(piles: tuple[str, ...]) -> float:
    """How many pitches a group of piles takes in a row: one per pile, and the fan of
    the waste after it."""
    return len(piles) + WASTE_FAN * (WASTE_SHOWN - 1) if "w" in piles else len(piles)


def _gap_after(piles: tuple[str, ...]) -> float:
    """Pitches left between a group and the next one in a row (the waste's fan already
    leaves room of its own)."""
    return STOCK_GAP if "w" in piles else GROUP_GAP


def _place(parts: list[tuple[str, ...]], width: float, ncols: int, spaced: bool = False) -> Band:
    """One row of ``parts`` (groups of pile ids) of ``width`` pitches in all: when they
    fit over the ``ncols`` columns, the first groups start at the left and the last
    ends under the last column; else (or when ``spaced``) each group follows the last
    with a gap."""
    row: list[tuple[str, float]] = []
    if width <= ncols and not spaced:
        x = 0.0
        for piles in parts[:-1]:
            row += [(pid, x + k - 1) for k, pid in enumerate(piles, 1)]
            x += _units(piles) + _gap_after(piles)
        last = parts[-1]
        row += [(pid, float(ncols) - _units(last) + k - 1) for k, pid in enumerate(last, 1)]
        return [row], float(ncols)
    x = 0.0
    for i, piles in enumerate(parts):
        if i:
            x += _gap_after(parts[i - 1])
        row += [(pid, x + k - 1) for k, pid in enumerate(piles, 1)]
        x += _units(piles)
    return [row], x


def bands(kind: str, cells: int) -> dict[str, Band]:
    """The arrangements of the non-tableau piles tried for a game, by name: ``row``
    (every group in one row; over the columns, the last group ends under the last
    column), ``row-spaced`` before it where that row's groups would touch (the same
    with a gap between groups, wider than the columns) and, when one row is wider than
    the columns, ``two-rows`` (each group but the stock and waste split in two halves,
    one above the other; the last group ends under the last column)."""
    groups, column_ids, _typical = shape(kind, cells)
    ncols = len(column_ids)
    parts = [piles for _name, piles in groups]
    width = sum(_units(p) for p in parts)
    out: dict[str, Band] = {}
    if width <= ncols < width + sum(_gap_after(p) for p in parts[:-1]):
        # The groups fit over the columns only touching (Eight Off's 4 cells and 4
        # foundations over 8 columns): a tester could not tell the cells from the
        # foundations once both held cards. Tried first, so it is kept wherever it
        # costs no card size (a table whose height bounds the cards).
        out["row-spaced"] = _place(parts, width, ncols, spaced=True)
    out["row"] = _place(parts, width, ncols)
    if width > ncols:
        halves = [(p, ()) if "w" in p else (p[:(len(p) + 1) // 2], p[(len(p) + 1) // 2:])
                  for p in parts]
        first = [h[0] for h in halves]
        top, across = _place(first, sum(_units(p) for p in first), ncols)
        # The second halves sit under the first ones.
        xs = {pid: x for pid, x in top[0]}
        below = [(pid, xs[a]) for h in halves for a, pid in zip(h[0], h[1])]
        out["two-rows"] = (top + ([below] if below else []), across)
    return out


def side_bands(kind: str, cells: int) -> dict[str, Band]:
    """The arrangements beside the columns tried on low tables (phones in landscape):
    the columns then have the whole height (issue 11: long columns stay readable). The
    stock and waste form a row of their own on top; below, the other groups stand side
    by side, each in ``BESIDE_ROWS`` rows (a group with fewer piles in one row)."""
    groups, _columns, _typical = shape(kind, cells)
    rows: list[list[tuple[str, float]]] = []
    top = 0.0
    blocks = []
    for _name, piles in groups:
        if "w" in piles:
            rows.append([(pid, float(k)) for k, pid in enumerate(piles)])
            top = _units(piles)
        else:
            per_row = -(-len(piles) // BESIDE_ROWS) if len(piles) >= BESIDE_ROWS else len(piles)
            blocks.append([piles[i:i + per_row] for i in range(0, len(piles), per_row)])
    below: list[list[tuple[str, float]]] = [[] for _ in range(max([len(b) for b in blocks] or [0]))]
    x = 0.0
    for block in blocks:
        wide = max(len(r) for r in block)
        for r, part in enumerate(block):
            below[r] += [(pid, x + k) for k, pid in enumerate(part)]
        x += wide
    return {"beside": (rows + below, max(top, x))}


def _gap(pitch: float) -> float:
    return max(1.5, min(pitch * 0.045, 8.0))


def card_width(kind: str, cells: int, nrows: int, units: float, width: float,
               height: float, beside: bool = False) -> float:
    """The largest card width (px) for game ``kind`` with ``cells`` cells and a band of
    ``nrows`` rows ``units`` pitches wide on a ``width`` x ``height`` px table
    (``beside``: the band stands beside the columns): the width bound (column pitch minus
    its gap) or the height bound (band, one card and a typical deep column at
    ``FAN_UP``), capped at ``MAX_CARD_W``."""
    _groups, column_ids, (downs, ups) = shape(kind, cells)
    ncols = len(column_ids)
    across = ncols + SIDE_GAP + units if beside else max(units, ncols)
    pitch = (width - 2 * EDGE) / across
    by_width = pitch - _gap(pitch)
    column = 1 + FAN_UP * ups + FAN_DOWN * downs  # in card heights
    depth = max(column, nrows * 1.06) if beside else nrows * 1.06 + 0.04 + column
    by_height = (height - 2 * EDGE) / depth / ASPECT
    return max(min(by_width, by_height, MAX_CARD_W), 8.0)


def compute(
    kind: str,
    cells: int,
    width: float,
    height: float,
    rtl: bool,
    columns: dict[str, list[bool]],
    waste: int = 0,
    left_handed: bool = False,
) -> Layout:
    """Lay out a table.

    Inputs: ``kind`` and ``cells`` a registered game and its cell count (its piles,
    columns and typical column are the registry's, ``game.variant_info``);
    ``width``/``height`` of the table area in px; ``rtl`` mirrors x; ``columns`` maps
    each tableau pile id (``t1``..) to the face-up flags of its cards, bottom first;
    ``waste`` the number of cards in the waste (its top ``WASTE_SHOWN`` are fanned);
    ``left_handed`` puts the stock and waste on the other side (issue 11).
    Output: a ``Layout``. Never raises for positive sizes and a registered variant (else
    ValueError); tiny sizes give tiny cards.
    """
    width = max(width, 200.0)
    height = max(height, 160.0)
    _groups, column_ids, (downs_t, ups_t) = shape(kind, cells)
    ncols = len(column_ids)
    best: tuple[float, str, Band] | None = None
    tries = [(n, b, False) for n, b in bands(kind, cells).items()]
    if height < SIDE_MAX_H and width > height:
        tries += [(n, b, True) for n, b in side_bands(kind, cells).items()]
    beside = False
    for name, band, side in tries:
        cw = card_width(kind, cells, len(band[0]), band[1], width, height, side)
        if best is None or cw > best[0] + 0.01:
            best, beside = (cw, name, band), side
    assert best is not None
    cw, name, (rows, units) = best
    ch = cw * ASPECT
    inner = width - 2 * EDGE
    across = ncols + SIDE_GAP + units if beside else max(units, ncols)
    col_pitch = min(inner / across if beside else inner / ncols, cw * 1.25)
    gap = _gap(inner / across)
    pitch = min(inner / across, col_pitch)
    if beside:  # columns, a gap, then the band: centred together
        total = (ncols + SIDE_GAP) * col_pitch + (units - 1) * pitch + cw
        col_x0 = (width - total) / 2
        top_x0 = col_x0 + (ncols + SIDE_GAP) * col_pitch
    else:
        top_w = (units - 1) * pitch + cw
        top_x0 = (width - top_w) / 2
        col_x0 = (width - ((ncols - 1) * col_pitch + cw)) / 2
    flip_band = rtl != left_handed

    def mx(x: float, flip: bool) -> float:
        return width - x - cw if flip else x

    slots: dict[str, Rect] = {}
    drops: dict[str, Rect] = {}
    cards: dict[tuple[str, int], tuple[float, float]] = {}
    y = EDGE
    vgap = max(gap, ch * 0.06)
    for row in rows:
        for pid, pos in row:
            x = mx(top_x0 + pos * pitch, flip_band)
            slots[pid] = Rect(x, y, cw, ch)
            w = cw + gap
            if pid == "w":  # the fanned waste: its drop area covers the fan
                w += WASTE_FAN * (WASTE_SHOWN - 1) * cw
            dx = x - gap / 2 - (w - cw - gap if flip_band and pid == "w" else 0)
            drops[pid] = Rect(dx, y - gap / 2, w, ch + gap)
        y += ch + vgap
    tableau_y = EDGE if beside else y + vgap * 0.5
    bottom = height - EDGE
    room = bottom - tableau_y - ch
    # How far the fan may grow to use the free height (the same for every column, so
    # it depends on the table only).
    grow = (room - downs_t * FAN_DOWN * ch) / max(ups_t, 1)
    up_max = max(FAN_UP * ch, min(MIN_STRIP, 0.6 * ch), min(grow, FAN_UP_MAX * ch))
    colblock_w = (ncols - 1) * col_pitch + cw
    # The block of columns; beside a band, it changes sides with the band.
    block_left = width - col_x0 - colblock_w if beside and flip_band else col_x0
    for i, pid in enumerate(column_ids, 1):
        x = block_left + (colblock_w - cw - (i - 1) * col_pitch if rtl else (i - 1) * col_pitch)
        slots[pid] = Rect(x, tableau_y, cw, ch)
        half = (col_pitch - cw) / 2
        drops[pid] = Rect(x - half, tableau_y - vgap * 0.5, cw + 2 * half,
                          height - tableau_y + vgap * 0.5)
        flags = columns.get(pid, [])
        up_step, down_step = column_steps(flags, ch, room, up_max)
        cy = tableau_y
        for k, up in enumerate(flags):
            cards[(pid, k)] = (x, cy)
            cy += up_step if up else down_step
    for pid, rect in slots.items():
        if pid not in column_ids:
            cards[(pid, -1)] = (rect.x, rect.y)  # every card of a stacked pile sits here
    if "w" in slots:
        wx, wy = slots["w"].x, slots["w"].y
        step = WASTE_FAN * cw
        first = max(waste - WASTE_SHOWN, 0)
        for k in range(first, waste):
            # Each card lies to the right of the one under it, whose left part (its
            # corner index: faces are never mirrored) stays in view. Mirrored, the fan
            # grows to the left from the slot, so the top card stays at the slot.
            x = wx - (waste - 1 - k) * step if flip_band else wx + (k - first) * step
            cards[("w", k)] = (x, wy)
    return Layout(cw, ch, slots, drops, cards, tableau_y, name)


def column_steps(flags: list[bool], ch: float, room: float, up_max: float) -> tuple[float, float]:
    """The (face-up, face-down) offsets in px of one column whose face-up flags are
    ``flags`` (bottom first), for cards ``ch`` px high and ``room`` px below the first
    card: ``up_max`` while the column fits, else face-down cards squeeze first, then
    face-up ones, to ``MIN_STRIP`` px, then (a column longer than the screen would
    otherwise be) as far as it takes to stay on screen."""
    ups = sum(1 for f in flags[:-1] if f)
    downs = max(len(flags) - 1 - ups, 0)
    up_step, down_step = up_max, FAN_DOWN * ch
    if ups * up_step + downs * down_step <= room:
        return up_step, down_step
    down_step = max(MIN_FAN_DOWN * ch, min(down_step, (room - ups * up_step) / max(downs, 1)))
    if ups and ups * up_step + downs * down_step > room:
        floor = min(MIN_STRIP, up_max)
        up_step = max(floor, (room - downs * down_step) / ups)
        if ups * up_step + downs * down_step > room:
            up_step = max((room - downs * down_step) / ups, 1.0)
    return up_step, down_step


def card_xy(layout: Layout, pid: str, index: int) -> tuple[float, float]:
    """Where card ``index`` (0 = bottom) of pile ``pid`` sits."""
    return layout.cards.get((pid, index)) or layout.cards[(pid, -1)]
