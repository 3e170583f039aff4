"""Easy Harp cards that can never be released (issue 24 point 3): a proof of loss.

:func:`dead` answers ``True`` only when some card can provably never leave its column
(or some suit can never be built to the king), so the position is lost and the complete
search may treat it as a leaf (counted, not expanded) without losing a win.

The argument: a relaxed game whose facts, once true, stay true (facts are never taken
away, as in the "delete relaxation" of planning). Its facts are:

- ``out[x]``: card ``x`` of a column has left its place (its first move);
- ``top[x]``: ``x`` has been the top card of a column (every card above it is out);
- ``face_top[f]``: a card of face ``f`` from the stock, waste or a foundation has been
  put on a column;
- ``reach[s][n]``: a foundation slot of suit ``s`` has held ``n`` cards;
- ``empty``: a column has been empty.

Rules, each a necessary condition of the move it stands for (SPEC §4: only the top card
of a column moves, except a king-led run into an empty column; a take-back puts a
foundation's top card on a column; ``B(x)`` is the cards below ``x`` in its column):

1. ``out[x]`` when ``top[x]`` and either a slot of its suit has held ``rank - 1``
   cards (to a foundation) or some card ``y`` of a face ``x`` goes on (one rank higher,
   the other colour), not in ``B(x)``, has been a top (``top[y]``, or ``out[y]`` for
   ``y`` above ``x``, or ``face_top`` of its face); or when a king lies at or below ``x``
   in its column and ``empty`` (a king-led run carries it).
2. ``face_top[f]`` when a card of face ``f`` is in the stock or waste or a slot of its
   suit has held its rank, and it has somewhere to go: a king with ``empty``, else a
   card of a face it goes on has been a top.
3. ``reach[s][n + 1]`` from ``reach[s][n]`` when a card of face ``(s, n + 1)`` is in the
   stock or waste or has been a top; ``reach[s][n]`` from ``reach[s][n + 1]`` when that
   card can be taken back (it has somewhere to go, as in rule 2).
4. ``empty`` when a column is empty now or every card of some column is out.

Facts start from the position and the rules are applied until nothing changes. Every
event of a real play from the position is a fact of this closure (by induction over the
play: each move's conditions are facts that were true before it, so they are in the
closure, and the rule for the move adds its result). A won play takes every column card
out of its place and builds every suit to the king; so if some card of the columns is
never ``out``, or some suit never reaches 13, no play wins: the position is lost.
"""

from __future__ import annotations

from .eh_moves import Table


def _goes_on(f: int) -> tuple[int, int]:
    """The two faces a card of face ``f`` (``suit * 13 + rank - 1``, suits S H D C, H and
    D red; not a king) may be put on: one rank higher, the other colour."""
    r = f % 13 + 1
    return (r, 39 + r) if 13 <= f < 39 else (13 + r, 26 + r)


def dead(st: Table) -> bool:
    """Whether the position is proven lost (module docstring); ``False`` proves nothing.

    Args:
        st: an Easy Harp solver state (:class:`.eh_state.EHState`).

    Returns:
        ``True`` when some column card can never leave its place or some suit can never
        be built to its king.
    """
    cols = st.cols
    in_deck = [False] * 52
    for f in st.deck:
        in_deck[f] = True
    reach = [[False] * 14 for _ in range(4)]
    for j, h in enumerate(st.found):
        reach[j & 3][h] = True
    king_at = []
    for col in cols:
        seen, row = False, []
        for f in col:
            seen = seen or f % 13 == 12
            row.append(seen)
        king_at.append(row)
    out = [[False] * len(col) for col in cols]
    face_top = [False] * 52
    col_top = [False] * 52  # some column card of the face has been a top
    empty = any(not col for col in cols)
    changed = True
    while changed:
        changed = False
        tops = [_tops(row) for row in out]
        for i, col in enumerate(cols):
            for p, f in enumerate(col):
                if tops[i][p] and not col_top[f]:
                    col_top[f] = changed = True
        if not empty and any(all(row) for row in out if row):
            empty = changed = True
        for f in range(52):
            if not face_top[f] and (in_deck[f] or _reached(reach, f)) and _has_place(f, col_top, face_top, empty):
                face_top[f] = changed = True
        for s in range(4):
            changed = _build(reach[s], s, in_deck, col_top, face_top, empty) or changed
        for i, col in enumerate(cols):
            for p, f in enumerate(col):
                if not out[i][p] and (king_at[i][p] and empty or tops[i][p] and _leaves(i, p, f, cols, out, tops,
                                                                                          reach, face_top)):
                    out[i][p] = changed = True
    return not all(all(row) for row in out) or not all(r[13] for r in reach)


def _tops(out: list[bool]) -> list[bool]:
    """Per card of a column: every card above it is out."""
    res = [True] * len(out)
    ok = True
    for p in range(len(out) - 1, -1, -1):
        res[p] = ok
        ok = ok and out[p]
    return res


def _reached(reach: list[list[bool]], f: int) -> bool:
    """A slot of the face's suit has held its rank (a copy of it has been up)."""
    return any(reach[f // 13][f % 13 + 1 :])


def _has_place(f: int, col_top: list[bool], face_top: list[bool], empty: bool) -> bool:
    """A card of face ``f`` from the stock, waste or a foundation has somewhere to go."""
    if f % 13 == 12:
        return empty
    return any(col_top[g] or face_top[g] for g in _goes_on(f))


def _build(reach: list[bool], s: int, in_deck: list[bool], col_top: list[bool], face_top: list[bool],
           empty: bool) -> bool:
    """Rule 3 for suit ``s`` (up and down until nothing changes); whether it added a fact."""
    added, again = False, True
    while again:
        again = False
        for n in range(13):
            f = s * 13 + n  # the card of rank n + 1
            if reach[n] and not reach[n + 1] and (in_deck[f] or col_top[f] or face_top[f]):
                reach[n + 1] = again = added = True
            if reach[n + 1] and not reach[n] and _has_place(f, col_top, face_top, empty):
                reach[n] = again = added = True
    return added


def _leaves(i: int, p: int, f: int, cols: list[list[int]], out: list[list[bool]], tops: list[list[bool]],
            reach: list[list[bool]], face_top: list[bool]) -> bool:
    """Rule 1 for the top card ``f`` at column ``i``, index ``p``: to a foundation, or
    onto a card not below it that has been a top."""
    if reach[f // 13][f % 13]:
        return True
    if f % 13 == 12:
        return False
    targets = _goes_on(f)
    if face_top[targets[0]] or face_top[targets[1]]:
        return True
    for qi, col in enumerate(cols):
        for qp, g in enumerate(col):
            if g in targets:
                if qi != i and tops[qi][qp]:
                    return True
                if qi == i and qp > p and out[qi][qp]:
                    return True
    return False
