"""Eight Off as the solver sees it: a compact mutable state with do/undo (SPEC §5).

Cards are ints ``suit * 13 + rank - 1`` with ``suit`` the foundation slot index
(``S H D C`` = 0..3, SPEC §5), so a card goes on ``card + 1`` (same suit, one rank up)
and on its foundation when ``card % 13 == found[card // 13]``.

Internal pile numbers: columns ``0..7`` (``t1..t8``), cells ``10..10+N-1``
(``c1..cN``), foundation slots ``20..23`` (``f1..f4``). A move is ``(src, dst, n)``.

Pruning of :meth:`EOState.moves` (``full=False``), each proven not to lose a win:

1. **Foundation moves are played at once, never branched on** (:meth:`auto`). Proof:
   write ``Q <= Q'`` when ``Q'`` is ``Q`` with some cards lifted out of their piles
   (any depth) onto their foundations. If ``Q <= Q'`` and a legal move takes ``Q`` to
   ``R``, then either ``R <= Q'`` or a legal move takes ``Q'`` to ``R'`` with
   ``R <= R'``: the moved cards minus the lifted ones are a bottom part of the moved
   run (a lifted card's lower same-suit cards are lifted too, and a run is same-suit
   descending), so they keep the run's head; a destination column's top is not lifted
   (it is the head's successor, so the head would be lifted too); free cells and
   empty columns of ``Q'`` include those of ``Q``, so the group limit of SPEC §5 only
   grows; a take-back of a card not on top in ``Q'`` is skipped (``R <= Q'``). A won
   ``Q`` gives a won ``Q'``. So a win from ``P`` gives one from ``P`` plus any
   foundation move.
2. **Take-backs are never searched.** Proof: take a shortest win from ``Q``; if its
   first move were a take-back to ``R``, then ``R <= Q`` and the mapping above turns
   ``R``'s win into a win from ``Q`` of no more moves than ``R``'s, which is shorter.
3. Symmetries: only the lowest empty cell and the lowest empty column are offered as
   destinations (the others give the same position up to the order of cells and
   columns, which the search key ignores); no cell-to-cell move; no whole column onto
   an empty column.

``full=True`` lists every legal primitive move instead (tests compare it with
``game.eight_off.legal_moves``).
"""

from __future__ import annotations

CELL0, FOUND0 = 10, 20


def pile_name(p: int) -> str:
    """SPEC §2 pile id of an internal pile number."""
    if p < CELL0:
        return f"t{p + 1}"
    if p < FOUND0:
        return f"c{p - CELL0 + 1}"
    return f"f{p - FOUND0 + 1}"


class EOState:
    """Mutable Eight Off position (module docstring for the encoding).

    Args:
        cols: 8 lists of cards, bottom to top. cells: N ints, ``-1`` = empty.
        found: 4 foundation heights (cards on slots ``f1..f4`` = S H D C).
    """

    game = "eight-off"
    __slots__ = ("cols", "cells", "found")

    def __init__(self, cols: list[list[int]], cells: list[int], found: list[int]):
        self.cols = cols
        self.cells = cells
        self.found = found

    def copy(self) -> EOState:
        """An independent copy."""
        return EOState([c[:] for c in self.cols], self.cells[:], self.found[:])

    # --- questions -------------------------------------------------------------------
    def won(self) -> bool:
        """All 52 cards on the foundations."""
        return sum(self.found) == 52

    def key(self) -> bytes:
        """Canonical key: columns and cells as multisets (foundations follow from them)."""
        return b"\xff".join(sorted([bytes(c) for c in self.cols])) + b"\xfe" + bytes(
            sorted([c for c in self.cells if c >= 0])
        )

    def progress(self) -> tuple[int, ...]:
        """Cards on the foundations (the measure of :func:`is_stuck`)."""
        return (sum(self.found),)

    # --- playing ---------------------------------------------------------------------
    def _take(self, p: int, n: int) -> list[int]:
        if p < CELL0:
            col = self.cols[p]
            cards = col[-n:]
            del col[-n:]
            return cards
        if p < FOUND0:
            c = self.cells[p - CELL0]
            self.cells[p - CELL0] = -1
            return [c]
        j = p - FOUND0
        self.found[j] -= 1
        return [j * 13 + self.found[j]]

    def _put(self, p: int, cards: list[int]) -> None:
        if p < CELL0:
            self.cols[p].extend(cards)
        elif p < FOUND0:
            self.cells[p - CELL0] = cards[0]
        else:
            self.found[p - FOUND0] += 1

    def do(self, m: tuple[int, ...]) -> None:
        """Play move ``(src, dst, n)`` (trusted: it came from :meth:`moves`)."""
        self._put(m[1], self._take(m[0], m[2]))

    def undo(self, m: tuple[int, ...], token: object = None) -> None:
        """Take back move ``m`` played by :meth:`do`."""
        self._put(m[0], self._take(m[1], m[2]))

    def notation(self, m: tuple[int, ...]) -> list[str]:
        """SPEC §2 notation of ``m`` in the current position (before playing it)."""
        s, d, n = m
        return [f"{pile_name(s)}-{pile_name(d)}" + (f":{n}" if n > 1 else "")]

    def auto(self, mode: str) -> list[tuple[tuple[int, ...], object]]:
        """Play every foundation move (safe, module docstring) until none is left.

        Returns:
            ``(move, None)`` per move played, in order (for :meth:`undo_auto`).
        """
        out: list[tuple[tuple[int, ...], object]] = []
        if mode == "none":
            return out
        cols, cells, found = self.cols, self.cells, self.found
        again = True
        while again:
            again = False
            for i, col in enumerate(cols):
                while col and col[-1] % 13 == found[col[-1] // 13]:
                    j = col.pop() // 13
                    found[j] += 1
                    out.append(((i, FOUND0 + j, 1), None))
                    again = True
            for k, c in enumerate(cells):
                if c >= 0 and c % 13 == found[c // 13]:
                    cells[k] = -1
                    found[c // 13] += 1
                    out.append(((CELL0 + k, FOUND0 + c // 13, 1), None))
                    again = True
        return out

    def undo_auto(self, played: list[tuple[tuple[int, ...], object]]) -> None:
        """Take back the moves returned by :meth:`auto`."""
        for m, _ in reversed(played):
            self.undo(m)

    def moves(self, mode: str = "complete", full: bool = False) -> list[tuple[int, ...]]:
        """Moves to search, best first (``full``: every legal primitive move, unordered).

        Order (a heuristic, it changes no verdict): cell to column, column to column
        (more if it empties the column or uncovers a card close to its foundation),
        kings into an empty column, column to a cell last.
        """
        cols, cells, found = self.cols, self.cells, self.found
        free_cells = [CELL0 + k for k, c in enumerate(cells) if c < 0]
        empties = [i for i in range(8) if not cols[i]]
        free, ne = len(free_cells), len(empties)
        lim = (free + 1) << ne
        lim_e = (free + 1) << (ne - 1) if ne else 0
        to_empty = empties if full else empties[:1]
        to_cells = free_cells if full else free_cells[:1]
        tops = {col[-1]: i for i, col in enumerate(cols) if col}
        scored: list[tuple[int, tuple[int, ...]]] = []
        add = scored.append
        for k, c in enumerate(cells):
            if c < 0:
                continue
            src = CELL0 + k
            if c % 13 != 12:
                d = tops.get(c + 1)
                if d is not None:
                    add((90, (src, d, 1)))
            else:
                for d in to_empty:
                    add((80, (src, d, 1)))
            if full:
                if c % 13 == found[c // 13]:
                    add((0, (src, FOUND0 + c // 13, 1)))
                for d in free_cells:
                    add((0, (src, d, 1)))
        for s, col in enumerate(cols):
            if not col:
                continue
            size = len(col)
            n = 1
            while True:
                h = col[-n]
                below = col[-n - 1] if n < size else -1
                if below < 0:
                    bonus = 30
                else:
                    bonus = 12 - below % 13 + found[below // 13]
                if h % 13 != 12:
                    d = tops.get(h + 1)
                    if d is not None and n <= lim:
                        add((40 + bonus, (s, d, n)))
                elif (below >= 0 or full) and n <= lim_e:
                    for d in to_empty:
                        add((30 + bonus, (s, d, n)))
                if n == size or below != h + 1 or h % 13 == 12:
                    break
                n += 1
            top = col[-1]
            for d in to_cells:
                below = col[-2] if size > 1 else -1
                add(((12 - below % 13 + found[below // 13]) if below >= 0 else 5, (s, d, 1)))
            if full and top % 13 == found[top // 13]:
                add((0, (s, FOUND0 + top // 13, 1)))
        if full:
            for j, h in enumerate(found):
                if h:
                    c = j * 13 + h - 1
                    for d in free_cells:
                        add((0, (FOUND0 + j, d, 1)))
                    if c % 13 == 12:
                        for d in empties:
                            add((0, (FOUND0 + j, d, 1)))
                    elif c + 1 in tops:
                        add((0, (FOUND0 + j, tops[c + 1], 1)))
            return [m for _, m in scored]
        scored.sort(key=lambda t: -t[0])
        return [m for _, m in scored]

