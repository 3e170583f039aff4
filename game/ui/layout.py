"""Where every pile and card sits on the table, as a pure function of the game's shape.

Pure Python (no browser import). The view asks ``compute()`` after every action and on
every resize, then moves only the card elements whose place changed.

Coordinates are CSS pixels relative to the table element's top-left corner. In a
right-to-left layout every x is mirrored (``x -> width - x - card_w``), so the columns
read from right to left and the stock and foundations change sides, while pile ids
keep model order (SPEC §2, issue 4).
"""

from __future__ import annotations

from dataclasses import dataclass

ASPECT = 1.4  # card height / width (poker cards are 3.5 x 2.5 in)
MAX_CARD_W = 110.0  # px; beyond this the cards look clumsy on a wide desktop
FAN_UP = 0.29  # vertical offset between face-up cards in a column, in card heights
FAN_DOWN = 0.12  # the same for face-down cards
MIN_FAN_UP = 0.14  # how far a long column may squeeze its face-up cards
MIN_FAN_DOWN = 0.05


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
    - ``cards``: (pile id, index from the bottom) -> (x, y) of that card.
    """

    card_w: float
    card_h: float
    slots: dict[str, Rect]
    drops: dict[str, Rect]
    cards: dict[tuple[str, int], tuple[float, float]]

    def pile_at(self, x: float, y: float) -> str | None:
        """The pile whose drop area holds the point (x, y), or None."""
        for pid, rect in self.drops.items():
            if rect.contains(x, y):
                return pid
        return None


def _top_rows(kind: str, cells: int, wide: bool) -> tuple[list[list[tuple[str, float]]], float]:
    """The non-tableau piles as rows of (pile id, position in pitch units), and the
    number of pitch units the widest row needs."""
    if kind == "easy-harp":
        row = [("s", 0.0), ("w", 1.0)] + [(f"f{i}", 2.25 + i - 1) for i in range(1, 9)]
        return [row], 10.25
    found = [(f"f{i}", 4.0 + i - 1) for i in range(1, 5)]
    if cells <= 4:
        return [[(f"c{i}", i - 1.0) for i in range(1, cells + 1)] + found], 8.0
    if wide:
        row = [(f"c{i}", i - 1.0) for i in range(1, 9)] + [
            (f"f{i}", 8.5 + i - 1) for i in range(1, 5)
        ]
        return [row], 12.5
    return [found, [(f"c{i}", i - 1.0) for i in range(1, 9)]], 8.0


def compute(
    kind: str,
    cells: int,
    width: float,
    height: float,
    rtl: bool,
    columns: dict[str, list[bool]],
) -> Layout:
    """Lay out a table.

    Inputs: ``kind`` ``"easy-harp"`` or ``"eight-off"``; ``cells`` 0, 2, 4 or 8;
    ``width``/``height`` of the table area in px; ``rtl`` mirrors x; ``columns`` maps
    each tableau pile id (``t1``..) to the face-up flags of its cards, bottom first.
    Output: a ``Layout``. Never raises for positive sizes; tiny sizes give tiny cards.
    """
    width = max(width, 200.0)
    height = max(height, 200.0)
    ncols = 9 if kind == "easy-harp" else 8
    longest = 22 if kind == "easy-harp" else 19  # typical deepest column, in cards

    def card_for(units: float, nrows: int) -> float:
        by_width = width / max(units, ncols) * 0.9
        depth = nrows * 1.08 + 1 + FAN_UP * (longest - 12) + FAN_DOWN * 5
        by_height = height / depth / ASPECT
        return min(by_width, by_height, MAX_CARD_W)

    rows, units = _top_rows(kind, cells, wide=False)
    cw = card_for(units, len(rows))
    if kind == "eight-off" and cells == 8:
        wide_rows, wide_units = _top_rows(kind, cells, wide=True)
        wide_cw = card_for(wide_units, 1)
        if wide_cw >= cw:
            rows, units, cw = wide_rows, wide_units, wide_cw
    ch = cw * ASPECT
    gap = cw * 0.08
    pitch = max(width / max(units, ncols), cw + gap)
    col_pitch = max(width / ncols, cw + gap)
    # Centre the whole table horizontally.
    top_w = (units - 1) * pitch + cw
    top_x0 = (width - top_w) / 2
    col_x0 = (width - ((ncols - 1) * col_pitch + cw)) / 2
    margin = gap * 1.5

    def mx(x: float) -> float:
        return width - x - cw if rtl else x

    slots: dict[str, Rect] = {}
    drops: dict[str, Rect] = {}
    y = margin
    for row in rows:
        for pid, pos in row:
            x = mx(top_x0 + pos * pitch)
            slots[pid] = Rect(x, y, cw, ch)
            drops[pid] = Rect(x - gap / 2, y - gap / 2, cw + gap, ch + gap)
        y += ch + gap * 1.6
    tableau_y = y + gap
    cards: dict[tuple[str, int], tuple[float, float]] = {}
    bottom = height - margin
    for i in range(1, ncols + 1):
        pid = f"t{i}"
        x = mx(col_x0 + (i - 1) * col_pitch)
        slots[pid] = Rect(x, tableau_y, cw, ch)
        half = (col_pitch - cw) / 2
        drops[pid] = Rect(x - half, tableau_y - gap, cw + 2 * half, height - tableau_y + gap)
        flags = columns.get(pid, [])
        ups = sum(1 for f in flags[:-1] if f)
        downs = max(len(flags) - 1 - ups, 0)
        up_step, down_step = FAN_UP * ch, FAN_DOWN * ch
        need = ups * up_step + downs * down_step
        room = bottom - tableau_y - ch
        if need > room and need > 0:
            # Squeeze face-down cards first, then face-up ones, down to their minimum.
            down_step = max(MIN_FAN_DOWN * ch, down_step - (need - room) / max(downs, 1))
            need = ups * up_step + downs * down_step
            if need > room and ups:
                up_step = max(MIN_FAN_UP * ch, (room - downs * down_step) / ups)
        cy = tableau_y
        for k, up in enumerate(flags):
            cards[(pid, k)] = (x, cy)
            cy += up_step if up else down_step
    for pid, rect in slots.items():
        if pid[0] != "t":
            cards[(pid, -1)] = (rect.x, rect.y)  # every card of a stacked pile sits here
    return Layout(cw, ch, slots, drops, cards)


def card_xy(layout: Layout, pid: str, index: int) -> tuple[float, float]:
    """Where card ``index`` (0 = bottom) of pile ``pid`` sits."""
    if pid[0] == "t":
        return layout.cards[(pid, index)]
    return layout.cards[(pid, -1)]
