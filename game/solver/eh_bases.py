"""Bases in Easy Harp's complete search (issue 24 point 3): a card put on a column from
the deck or taken back from a foundation must be built on at once.

A *base* is a move that puts a card on a column from the stock or waste (the deck) or
takes one back from a foundation. With :data:`BASES`, the complete search plays a base
as move kind ``11`` (deck card ``a`` onto column ``b``) or ``9`` (slot ``a``'s top card
onto column ``b``), which leave an *obligation* in the state (``pend``, the columns
whose top card waits, and ``pslot``, the slot of a run of take-backs or ``-1``). While
it is there, the only moves searched (:func:`owed`) put a card on a waiting card (a
column's top card, kind ``10``, which ends the obligation; a deck card or a take-back,
which starts a new one) or take the next card back from ``pslot`` (it waits too).

Why no win is lost. Take a winning play; by the ace rule of :mod:`.eh_state`, one in
which every ace goes up as soon as it can and none comes back. Call a base *kept* when
the move right after it puts a card on it, or (a take-back) takes the next card back
from the same slot, or (the last of such a run of take-backs from one slot) puts a card
on any card of the run. Take the last base ``B`` of the play that is not kept, with its
run ``G`` if it is a take-back (``B`` and the take-backs from its slot just before it),
and the first later move ``E`` that touches a card of ``G`` (moves it or puts a card
on it), a column ``G`` went to, or the slot of ``G``. The moves between leave those
alone (only a column's top card moves, or a king-led run, which would carry the card),
a deck move takes another card, and a foundation move that went to the other slot of
the suit may go to the slot of ``G`` instead (the two slots of a suit are alike, and
the search's key leaves slots out); so they stay legal with ``G`` played just before
``E``. Then: ``E`` puts a card on a card of ``G``: ``G`` is kept. ``E`` moves a card of
``G`` on its own: to a foundation, that card's two moves cancel (the slots of its suit
end as they were, up to order); onto a column, they make one base straight there; the
play is shorter. ``E`` puts a card up on the slot of ``G``: that card has the face of
the last one taken back, so it goes where that one went instead (one move for two).
``E`` takes a card back from the slot of ``G``: the run grows and ``E``, later than
``B``, was kept, so the whole run is. ``E`` is a king-led run carrying a card of ``G``:
the run without it moves and ``G`` follows, later in the play. Each step makes the play
shorter, or keeps ``B`` and the bases after it kept, or moves ``G`` later, so the steps
end with every base kept, which is what the search allows: a win under the obligations
exists whenever a win exists. A base never uncovers a card, so no ace waits on one.

Two consequences the search uses. A base that cannot be kept is not played: a deck card
that starts no *chain* that could end (:func:`chained`, below), a take-back that starts
no run of them that could end in a card that a column top (but its own column's), deck
card or foundation top could go on (:func:`run_wanted`, :func:`wanted`: within a run
nothing else moves, and its cards change none of those but by covering a column), and
the next take-back of a run only while some card of the run so far could be built on at
once or the slot's rest could end so (:func:`owed`: the move after the run may put a
card on any card of it).
And a position reached with an obligation is skipped when the search has reached it
without one (``search.Search``): every play from the first is a play from the second,
whose search, under the obligations it then makes, finds a win whenever one exists.

A chain: the move after a deck base puts a card on it (it is kept), a column's top card
(which ends the obligation), a foundation's top card (a take-back) or another deck card,
which is a base on the same column in turn and is built on by the next move. Ranks fall
along a chain, so it ends, and until it does only that column changes (the deck loses
the chain's cards, no slot changes). So some card that goes on the chain's last deck card
is, as things are when the first is played, a foundation's top card or the top card of
another column; a deck card from which no chain of deck cards, each one rank lower than
the one before and of the other colour, leads to such a card is never a kept base
(C port: 4,185,441 positions to prove careless position 55 lost, 1,906,419 with chains).

Checked against the search without the obligations and the rules engine's exhaustive
search (tests/unit/test_solver_bases.py).
"""

from __future__ import annotations

from typing import Protocol

#: The complete search plays bases with obligations (module docstring); ``False``: as
#: plain moves (kinds 2 and 4) that nothing follows up (tests compare both).
BASES = True


class Owing(Protocol):
    """The fields of :class:`.eh_state.EHState` read here."""

    cols: list[list[int]]
    deck: list[int]
    cur: int
    found: list[int]
    pend: tuple[int, ...]
    pslot: int


def on(c: int) -> tuple[int, int]:
    """The two faces that go on card ``c`` (one rank lower, the other colour); an ace
    has none (``(-1, -1)``)."""
    r = c % 13
    if not r:
        return (-1, -1)
    return (r - 1, 38 + r) if 13 <= c < 39 else (12 + r, 25 + r)


def nearest(st: Owing) -> dict[int, int]:
    """Face -> deck index of its copy the fewest stock taps away."""
    deck, start = st.deck, (st.cur - 1 if st.cur else 0)
    return {deck[i]: i for i in [*range(start - 1, -1, -1), *range(len(deck) - 1, start - 1, -1)]}


def slot_tops(st: Owing) -> dict[int, int]:
    """Face -> the first slot whose top card it is (not an ace: nothing goes on one, so
    taking it back is never a base)."""
    tops: dict[int, int] = {}
    for j, h in enumerate(st.found):
        if h > 1:
            tops.setdefault((j % 4) * 13 + h - 1, j)
    return tops


def wanted(st: Owing, c: int, d: int, near: dict[int, int], tops: dict[int, int]) -> bool:
    """Whether some card could go on ``c`` put on column ``d`` at once: a column's top
    card (not ``d``'s), a deck card or a foundation's top card of a face that goes on
    it (else the base would leave an obligation nothing meets)."""
    for f in on(c):
        if f < 0:
            return False
        if f in near or f in tops:
            return True
        if any(col and col[-1] == f for s, col in enumerate(st.cols) if s != d):
            return True
    return False


def column_tops(st: Owing) -> dict[int, int]:
    """Face -> how many columns have a card of it on top."""
    count: dict[int, int] = {}
    for col in st.cols:
        if col:
            count[col[-1]] = count.get(col[-1], 0) + 1
    return count


def chained(st: Owing, c: int, d: int, near: dict[int, int], tops: dict[int, int],
            col_tops: dict[int, int]) -> bool:
    """Whether deck card ``c`` put on column ``d`` could start a chain that ends (module
    docstring): a card that goes on it is a foundation's top card (``tops``) or the top
    card of a column other than ``d`` (``col_tops``: :func:`column_tops`), or is in the
    deck (``near``) and could start such a chain itself. Ranks fall along a chain, so it is
    at most 12 cards long; each face is looked at once."""
    top_d = st.cols[d][-1] if st.cols[d] else -1
    todo, seen = [c], {c}
    while todo:
        for f in on(todo.pop()):
            if f < 0:
                break
            if f in tops or col_tops.get(f, 0) > (f == top_d):
                return True
            if f in near and f not in seen:
                seen.add(f)
                todo.append(f)
    return False


def run_wanted(st: Owing, j: int, acc: dict[int, list[int]], empty: bool, near: dict[int, int],
               tops: dict[int, int]) -> bool:
    """Whether taking cards back from slot ``j`` (its top first) could end in a card that
    something goes on at once (:func:`wanted`) with each card before it having a column
    to go to now (``acc``, ``empty``: an empty column for a king). A run of take-backs
    that cannot is never a kept base (module docstring): its first move is not searched.
    """
    suit, h = j % 4, st.found[j]
    for r in range(h, 1, -1):  # an ace is never taken back
        c = suit * 13 + r - 1
        if r < h and not (acc.get(c) or empty and r == 13):
            return False
        if wanted(st, c, -1, near, tops):
            return True
    return False


def owed(st: Owing, acc: dict[int, list[int]], to_empty: list[int]) -> list[tuple[int, ...]]:
    """The moves searched while an obligation is there (module docstring), best first:
    a column's top card onto a waiting card (kind 10), a deck card onto one (11), a
    take-back onto one (9), the next take-back from ``pslot`` (9): searched while a card
    of the run so far could be built on at once, or the rest of the slot could end so
    (:func:`run_wanted`). The run is kept by a card put on any of its cards, so the
    slot's rest alone does not decide: taking TS back after JS from one slot was refused
    while nothing went on TS or 9S, though TD, the top of another slot, went on JS and
    9S then on TD (a wrong "unwinnable" found by the C port's check, 7 December 2026;
    tests/unit/test_solver_bases.py)."""
    cols, pend = st.cols, st.pend
    near, tops, col_tops = nearest(st), slot_tops(st), column_tops(st)
    out: list[tuple[int, ...]] = []
    later: list[tuple[int, ...]] = []
    for p in pend:
        lo, hi = on(cols[p][-1])
        if lo < 0:
            continue
        for s, col in enumerate(cols):
            if col and s not in pend and col[-1] in (lo, hi):
                out.append((10, s, p, 1))
        for f in (lo, hi):
            if f in near and chained(st, f, p, near, tops, col_tops):
                later.append((11, near[f], p, 1))
            if f in tops and run_wanted(st, tops[f], acc, bool(to_empty), near, tops):
                later.append((9, tops[f], p, 1))
    j = st.pslot
    if j >= 0 and st.found[j] > 1 and (any(wanted(st, cols[p][-1], p, near, tops) for p in pend)
                                        or run_wanted(st, j, acc, bool(to_empty), near, tops)):
        c = (j % 4) * 13 + st.found[j] - 1
        for d in acc.get(c, []) + (to_empty if c % 13 == 12 else []):
            later.append((9, j, d, 1))
    return out + later
