"""Where every pile and card sits on the table, as a pure function of the game's shape.

Pure Python (no browser import). The view asks ``compute()`` after every action and on
every resize, then moves only the card elements whose place changed.

Coordinates are CSS pixels relative to the table element's top-left corner. In a
right-to-left layout every x is mirrored (``x -> width - x - card_w``), so the columns
read from right to left and the stock and foundations change sides, while pile ids
keep model order (SPEC §2, issue 4). A left-handed layout mirrors the top band only
(stock and waste on the other side, issue 11); both together cancel out.

Sizing (issue 11): the card size depends only on the table's size and the game, never
on the cards on it, so nothing moves by itself. Several arrangements of the non-tableau
piles ("the band") are tried and the one giving the largest card wins: Easy Harp's
foundations in one row or in two rows of four; Eight Off's cells and foundations in one
row, or side by side in two rows (cells 4 x 2, foundations 2 x 2). The width bound is
the column pitch minus a small gap; the height bound keeps a typical long column on
screen with readable strips. Each column's fan then grows up to ``FAN_UP_MAX`` card
heights to use the free height, and shrinks only when that column needs it.
"""

from __future__ import annotations

from dataclasses import dataclass

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
# A typical deep column, as (face-down, face-up) cards: what the height bound keeps on
# screen at ``FAN_UP`` (Easy Harp deals 8 face-down cards under column 9).
TYPICAL = {"easy-harp": (6, 12), "eight-off": (0, 13)}


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


def bands(kind: str, cells: int) -> dict[str, Band]:
    """The arrangements of the non-tableau piles tried for a game, by name."""
    fan = WASTE_FAN * (WASTE_SHOWN - 1)
    if kind == "easy-harp":
        found = 1.0 + 1.0 + fan + 0.25  # stock, waste and its fan, a gap
        one = [("s", 0.0), ("w", 1.0)] + [(f"f{i}", found + i - 1) for i in range(1, 9)]
        first = 9.0 - 4  # the two rows of four end under column 9
        two = [
            [("s", 0.0), ("w", 1.0)] + [(f"f{i}", first + i - 1) for i in range(1, 5)],
            [(f"f{i}", first + i - 5) for i in range(5, 9)],
        ]
        return {"row": ([one], found + 8), "two-rows": (two, 9.0)}
    found4 = [(f"f{i}", 4.0 + i - 1) for i in range(1, 5)]
    if cells <= 4:
        return {"row": ([[(f"c{i}", i - 1.0) for i in range(1, cells + 1)] + found4], 8.0)}
    row = [(f"c{i}", i - 1.0) for i in range(1, 9)] + [(f"f{i}", 8.5 + i - 1) for i in range(1, 5)]
    side = [
        [(f"c{i}", i - 1.0) for i in range(1, 5)] + [("f1", 6.0), ("f2", 7.0)],
        [(f"c{i}", i - 5.0) for i in range(5, 9)] + [("f3", 6.0), ("f4", 7.0)],
    ]
    return {"row": ([row], 12.5), "side": (side, 8.0)}


def side_bands(kind: str, cells: int) -> dict[str, Band]:
    """The arrangements beside the columns tried on low tables (phones in landscape):
    the columns then have the whole height (issue 11: long columns stay readable)."""
    if kind == "easy-harp":
        rows = [[("s", 0.0), ("w", 1.0)]] + [
            [(f"f{i}", 0.0), (f"f{i + 1}", 1.0)] for i in range(1, 9, 2)]
        return {"beside": (rows, 2.0 + WASTE_FAN * (WASTE_SHOWN - 1))}
    per_row = max(cells // 4, 1) if cells >= 4 else cells
    nrows = 4 if cells >= 4 else 1
    rows = []
    for r in range(nrows if cells >= 4 else 4):
        row = [(f"c{r * per_row + k + 1}", float(k)) for k in range(per_row)] if (
            r * per_row < cells) else []
        rows.append(row + [(f"f{r + 1}", float(per_row))])
    return {"beside": (rows, per_row + 1.0)}


def _gap(pitch: float) -> float:
    return max(1.5, min(pitch * 0.045, 8.0))


def card_width(kind: str, nrows: int, units: float, width: float, height: float,
               beside: bool = False) -> float:
    """The largest card width (px) for a band of ``nrows`` rows ``units`` pitches wide on
    a ``width`` x ``height`` px table (``beside``: the band stands beside the columns):
    the width bound (column pitch minus its gap) or the height bound (band, one card and
    a typical deep column at ``FAN_UP``), capped at ``MAX_CARD_W``."""
    ncols = 9 if kind == "easy-harp" else 8
    across = ncols + SIDE_GAP + units if beside else max(units, ncols)
    pitch = (width - 2 * EDGE) / across
    by_width = pitch - _gap(pitch)
    downs, ups = TYPICAL[kind]
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

    Inputs: ``kind`` ``"easy-harp"`` or ``"eight-off"``; ``cells`` 0, 2, 4 or 8;
    ``width``/``height`` of the table area in px; ``rtl`` mirrors x; ``columns`` maps
    each tableau pile id (``t1``..) to the face-up flags of its cards, bottom first;
    ``waste`` the number of cards in the waste (its top ``WASTE_SHOWN`` are fanned);
    ``left_handed`` puts the stock and waste on the other side (issue 11).
    Output: a ``Layout``. Never raises for positive sizes; tiny sizes give tiny cards.
    """
    width = max(width, 200.0)
    height = max(height, 160.0)
    ncols = 9 if kind == "easy-harp" else 8
    best: tuple[float, str, Band] | None = None
    tries = [(n, b, False) for n, b in bands(kind, cells).items()]
    if height < SIDE_MAX_H and width > height:
        tries += [(n, b, True) for n, b in side_bands(kind, cells).items()]
    beside = False
    for name, band, side in tries:
        cw = card_width(kind, len(band[0]), band[1], width, height, side)
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
    downs_t, ups_t = TYPICAL[kind]
    grow = (room - downs_t * FAN_DOWN * ch) / max(ups_t, 1)
    up_max = max(FAN_UP * ch, min(MIN_STRIP, 0.6 * ch), min(grow, FAN_UP_MAX * ch))
    colblock_w = (ncols - 1) * col_pitch + cw
    # The block of columns; beside a band, it changes sides with the band.
    block_left = width - col_x0 - colblock_w if beside and flip_band else col_x0
    for i in range(1, ncols + 1):
        pid = f"t{i}"
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
        if pid[0] != "t":
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
