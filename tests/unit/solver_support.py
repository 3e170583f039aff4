"""Helpers for the solver tests: small near-end positions and an exhaustive search by
the rules engine alone (legal_moves + apply), independent of game.solver."""

from __future__ import annotations

import random

import game
from game import engine
from game.position import Position

RANKS = "A23456789TJQK"


def near_end_eight_off(rnd: random.Random, cells: int, left: int) -> game.Game:
    """An Eight Off position with ``left`` (>= cells + 8) cards off the foundations: the
    cells full, every column holding at least one card (so take-backs have few places
    to go and an exhaustive search ends); many such positions are dead, some not."""
    heights = {s: 13 for s in "SHDC"}
    for _ in range(left):
        s = rnd.choice([x for x in "SHDC" if heights[x] > 0])
        heights[s] -= 1
    rest = [RANKS[r - 1] + s for s in "SHDC" for r in range(heights[s] + 1, 14)]
    rnd.shuffle(rest)
    cell = (rest[:cells] + ["-"] * cells)[:cells]
    cols: list[list[str]] = [[c] for c in rest[cells : cells + 8]] + [[] for _ in range(8)]
    cols = cols[:8]
    for c in rest[cells + 8 :]:
        cols[rnd.randrange(8)].append(c)
    text = "Foundations: " + " ".join(f"{s}-{'0' if heights[s] == 0 else RANKS[heights[s] - 1]}" for s in "HCDS")
    text += "\nFreecells: " + " ".join(cell) + "\n"
    text += "".join(": " + " ".join(c) + "\n" for c in cols)
    return game.load_position(text, game="eight-off", cells=cells)


def near_end_easy_harp(rnd: random.Random, left: int) -> game.Game:
    """An Easy Harp position with ``left`` (>= 9) cards off the foundations: every
    column holds at least one card (some face down), the rest go to the stock, the
    waste and the columns."""
    slots = [13] * 8  # H C D S H C D S, as the Foundations: line lists them
    for _ in range(left):
        j = rnd.choice([i for i in range(8) if slots[i] > 0])
        slots[j] -= 1
    rest = [RANKS[r - 1] + "HCDS"[j % 4] for j in range(8) for r in range(slots[j] + 1, 14)]
    rnd.shuffle(rest)
    cols: list[list[str]] = [[c] for c in rest[:9]] + [[] for _ in range(9)]
    cols = cols[:9]
    stock: list[str] = []
    waste: list[str] = []
    for c in rest[9:]:
        x = rnd.random()
        if x < 0.2:
            stock.append(c)
        elif x < 0.3:
            waste.append(c)
        else:
            cols[rnd.randrange(9)].append(c)
    found = " ".join(f"{'HCDS'[j % 4]}-{'0' if h == 0 else RANKS[h - 1]}" for j, h in enumerate(slots))
    lines = ["Foundations: " + found]
    lines.append("Stock: " + " ".join(stock))
    lines.append("Waste: " + " ".join(waste))
    for col in cols:
        down = rnd.randrange(len(col)) if col else 0
        lines.append(": " + " ".join(f"({c})" if i < down else c for i, c in enumerate(col)))
    return game.load_position("\n".join(lines) + "\n", game="easy-harp")


def bfs_verdict(g: game.Game, cap: int = 200_000, goal: str = "win") -> bool | None:
    """Exhaustive depth-first search of every legal move by the rules engine alone: the
    game's ``legal_moves`` and :func:`game.engine.apply` (what ``Game.play`` does after
    its check, without the history and the score) on immutable positions.

    ``goal="win"``: can the game be won? ``goal="progress"``: can a position be reached
    with more foundation cards, fewer face-down cards or fewer stock+waste cards?
    Returns None past ``cap`` positions.
    """
    legal_moves = engine.RULES[g.game].legal_moves

    def measure(pos: Position) -> tuple[int, int, int]:
        kind = pos.layout.kind
        f = sum(len(p) for p, k in zip(pos.piles, kind) if k == "f")
        deck = sum(len(p) for p, k in zip(pos.piles, kind) if k in "sw")
        return f, -sum(pos.down), -deck

    start = g.board
    base = measure(start)

    def reached(pos: Position) -> bool:
        if goal == "win":
            return pos.is_won
        return any(a > b for a, b in zip(measure(pos), base))

    if reached(start):
        return True
    seen = {start}
    todo = [start]
    while todo:
        node = todo.pop()
        index = node.layout.index
        for m in legal_moves(node)[::-1]:
            if m.dst is None:
                pos, _ = engine.apply(node, node.layout.stock_ix, -1, 0)
            else:
                pos, _ = engine.apply(node, index[m.src], index[m.dst], m.count or 1)
            if pos not in seen:
                if reached(pos):
                    return True
                seen.add(pos)
                todo.append(pos)
                if len(seen) > cap:
                    return None
    return False


def blocked_kings(rnd: random.Random) -> game.Game:
    """A small Easy Harp position, lost or not (issue 24.3): eight columns of a king on a
    queen (mostly face down), the tens and jacks of hearts and diamonds shared between
    a ninth column and the stock. Lost when no column can be emptied for a king, so the
    queens under the kings never come free."""
    queens = ["QS", "QS", "QH", "QH", "QD", "QD", "QC", "QC"]
    kings = ["KS", "KS", "KH", "KH", "KD", "KD", "KC", "KC"]
    rnd.shuffle(queens)
    rnd.shuffle(kings)
    low = ["TH", "JH", "TD", "JD"]
    rnd.shuffle(low)
    k = rnd.randint(1, 3)
    col9, stock = low[:k], low[k:]
    lines = ["Foundations: H-9 C-J D-9 S-J H-J C-J D-J S-J", "Stock: " + " ".join(stock), "Waste:"]
    for q, kk in zip(queens, kings):
        lines.append(f": ({q}) {kk}" if rnd.random() < 0.8 else f": {q} {kk}")
    down = rnd.randrange(len(col9))
    lines.append(": " + " ".join(f"({c})" if i < down else c for i, c in enumerate(col9)))
    return game.load_position("\n".join(lines) + "\n", game="easy-harp")
