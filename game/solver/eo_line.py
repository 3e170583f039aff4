"""Eight Off winning lines without detours (issue 24 points 4 and 5): the depth-first
search's line, shortened before it becomes hints and a finish.

The complete search (:mod:`.search`) returns the path its depth-first walk took, and
that path wanders: a card goes to a free cell and comes back a few moves later, or
moves on twice where once would do (deal EO1-C8-AAAMEFA: 914 moves, its hints put
3♥ from t1 into a cell and back). :func:`shorten` removes such trips, and only where
that provably leaves a line that replays to the same win:

A **trip** is a card ``X`` moved alone from pile ``A`` to ``B`` (move ``i``), then moved
alone from ``B`` to ``C`` by its very next move (move ``j``). It becomes one move
``A -> C`` played at ``j`` (none at all when ``C`` is ``A``), when no move between ``i``
and ``j`` takes from or puts on ``A`` or ``B``.

Proof that the line stays legal and reaches the same positions after ``j``: the moves
between see the same piles except ``A`` (``X`` still on top) and ``B`` (``X`` not
there); they touch neither, so each moves the same cards onto the same cards. Only the
group limit of SPEC §5 (``(free cells + 1) * 2 ** empty columns``) depends on those
two piles: ``B`` without ``X`` has the same or more room (a cell stays free, a column
that was empty stays empty), and ``A`` with ``X`` has less only when ``A`` is a cell or
``X`` was alone in its column; then the trip is kept unless every move between moves
one card. At ``j`` the pile ``C`` is as it was, so it takes ``X`` from ``A`` as it did
from ``B`` (a single card: no group limit); after ``j`` every pile is as before
(``A`` lost ``X``, ``B`` is back as it was, ``C`` holds ``X``), so the rest of the line
replays unchanged. When ``A`` and ``C`` are two free cells, the move ``A -> C`` would
only change cells (a tester's hint said "5♠ from free cell 4 to free cell 7"): both
moves go, ``X`` stays in ``A``, and every later move names ``A`` for ``C`` and ``C``
for ``A``. After ``j`` the two positions differ only by those two cells' contents
(``C`` was empty at ``j``, as ``A`` is in the original after ``j``), which no rule
tells apart (a cell takes any card; the group limit counts free cells), so the
relabelled rest replays to the same win. Removing trips never lengthens the line; the
passes repeat until none is left (each pass removes at least one move, so at most
``len(line)`` passes).
"""

from __future__ import annotations

from .eo_state import CELL0, EOState

Move = tuple[int, ...]


def _moved(st: EOState, path: list[Move]) -> list[tuple[int, ...]]:
    """The cards each move of ``path`` moves, played from a copy of ``st`` (bottom to
    top), and whether its source was left empty: ``(cards..., emptied)``."""
    cur = st.copy()
    out = []
    for s, d, n in path:
        if s < CELL0:
            cards = tuple(cur.cols[s][-n:])
            emptied = len(cur.cols[s]) == n
        elif s < 20:
            cards, emptied = (cur.cells[s - CELL0],), True
        else:  # (a take-back: never in a search's line, kept for any path)
            cards, emptied = ((s - 20) * 13 + cur.found[s - 20] - 1,), True
        out.append((*cards, int(emptied)))
        cur.do((s, d, n))
    return out


def _one_pass(st: EOState, path: list[Move]) -> list[Move] | None:
    """One sweep of :func:`shorten`: the path with the first trips found removed
    (never two that overlap), or ``None`` when there is none."""
    moved = _moved(st, path)
    nxt: dict[int, int] = {}  # card -> index of the next move that moves it
    after = [-1] * len(path)  # move index -> index of the next move of its single card
    for i in range(len(path) - 1, -1, -1):
        cards = moved[i][:-1]
        if len(cards) == 1:
            after[i] = nxt.get(cards[0], -1)
        for c in cards:
            nxt[c] = i
    drop: set[int] = set()
    change: dict[int, Move] = {}
    busy_until = -1
    for i, (a, b, _) in enumerate(path):
        j = after[i]
        if i <= busy_until or j < 0 or b >= 20 or len(moved[j]) != 2 or path[j][0] != b:
            continue
        between = path[i + 1:j]
        if any(s in (a, b) or d in (a, b) for s, d, _ in between):
            continue
        tighter = a >= CELL0 or moved[i][-1] == 1  # A holds X longer: less room
        if tighter and any(k > 1 for _, _, k in between):
            continue
        c = path[j][1]
        drop.add(i)
        if c == a:
            drop.add(j)
        elif a >= CELL0 and CELL0 <= c < 20:  # cell to cell: X stays in A (module docstring)
            drop.add(j)
            swap = {a: c, c: a}
            return [change.get(k, m) if k < j else (swap.get(m[0], m[0]), swap.get(m[1], m[1]), m[2])
                    for k, m in enumerate(path) if k not in drop]  # (the trips before it too)
        else:
            change[j] = (a, c, 1)
        busy_until = j
    if not drop:
        return None
    return [change.get(k, m) for k, m in enumerate(path) if k not in drop]


def shorten(st: EOState, path: list[Move]) -> list[Move]:
    """``path`` (primitive moves ``(src, dst, n)`` of :mod:`.eo_state` that replay from
    ``st`` to a win) without its trips (module docstring).

    Args:
        st: the position the path starts from (not changed).
        path: the moves, each legal in turn from ``st``.

    Returns:
        A path of at most as many moves that replays from ``st`` through the same
        position after each kept move of the original's last trip-free stretch, to the
        same win.
    """
    out = list(path)
    while (shorter := _one_pass(st, out)) is not None:
        out = shorter
    return lowest_cells(st, out)


def lowest_cells(st: EOState, path: list[Move]) -> list[Move]:
    """``path`` with each card that goes to a free cell put in the lowest-numbered empty
    one, where a double tap or a drop on the cells puts it (SPEC §6), and later moves
    renamed to match. A trip taken out can leave a lower cell empty where the line then
    filled a higher one (a tester's hint named free cell 8 with cells 5 to 7 empty; the
    double tap used cell 5).

    Proof that the path stays a win: cells are interchangeable (a cell takes any card,
    the group limit counts free cells), so a path and the same path with two empty cells'
    names swapped from some move on pass through the same positions but for those
    cells' contents. Here, before a move into cell ``L`` that the renaming maps to
    ``E`` above the lowest empty cell, the names of ``L`` and of the cell mapped to the
    lowest one are swapped from that move on; both cells are empty then.
    """
    cur = st.copy()
    perm = {CELL0 + k: CELL0 + k for k in range(len(st.cells))}  # the path's cell -> ours
    out: list[Move] = []
    for a, b, n in path:
        a2, b2 = perm.get(a, a), perm.get(b, b)
        if b in perm:
            low = CELL0 + cur.cells.index(-1)
            if b2 != low:
                other = next(k for k, v in perm.items() if v == low)
                perm[b], perm[other] = low, b2
                b2 = low
        m = (a2, b2, n)
        cur.do(m)
        out.append(m)
    return out
