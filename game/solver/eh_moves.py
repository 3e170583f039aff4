"""The moves Easy Harp's solver searches (SPEC §4), for :class:`.eh_state.EHState`.

Move kinds ``(kind, a, b, n)`` are those of :mod:`.eh_state`, plus two macro moves of
the streamlined searches: ``(6, j, d, s)`` takes the top card of slot ``j`` back onto
column ``d`` and then moves column ``s``'s top card onto it; ``(7, i, d, s)`` plays deck
card ``i`` onto column ``d`` and then column ``s``'s top card onto it. A base is only
worth placing for the card that then goes on it, and as one move the streamliners'
automatic foundation moves cannot send the base straight back up.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Protocol

from . import eh_bases

#: The streamlined modes (faster searches whose failures prove nothing; :mod:`.eh_state`).
STREAM = ("greedy", "fast", "loose", "spread", "keep")

Scored = list[tuple[int, tuple[int, ...]]]


class Table(Protocol):
    """The fields of :class:`.eh_state.EHState` the move generator reads (this module
    imports no state class, so the state module can import it)."""

    cols: list[list[int]]
    down: list[int]
    deck: list[int]
    cur: int
    found: list[int]
    pend: tuple[int, ...]
    pslot: int


def moves(self: Table, mode: str = "complete", full: bool = False) -> list[tuple[int, ...]]:
    """Moves to search, best first; ``full``: every legal primitive move (waste top
    only, plus the stock tap), as ``game.easy_harp.legal_moves`` lists them.

    Order (a heuristic, it changes no verdict): foundation moves, moves that turn a
    card up (fewest face-down cards left first), moves that empty a column, deck to
    column, other column moves, take-backs last.
    """
    fast = mode in ("fast", "greedy") and not full
    greedy = mode in STREAM and not full
    acc, empties = _accepting(self.cols)
    to_empty = empties if full else empties[:1]
    based = mode == "complete" and not full and eh_bases.BASES
    if based and self.pend:
        return eh_bases.owed(self, acc, to_empty)
    slot_of: dict[int, list[int]] = {}
    for j, h in enumerate(self.found):
        if h < 13:
            slot_of.setdefault((j % 4) * 13 + h, []).append(j)
    scored: Scored = []
    useful = _column_moves(self, scored, acc, to_empty, slot_of, fast, full)
    if self.deck:
        _deck_moves(self, scored, acc, to_empty, slot_of, useful, fast, greedy, full)
    _take_backs(self, scored, acc, to_empty, useful, greedy, full)
    if not full:
        scored.sort(key=itemgetter(0), reverse=True)  # stable: ties keep their order
    if based:
        return _as_bases(self, [m for _, m in scored], acc, bool(empties))
    return [m for _, m in scored]


def _as_bases(self: Table, ms: list[tuple[int, ...]], acc: dict[int, list[int]], empty: bool) -> list[tuple[int, ...]]:
    """``ms`` with the bases played with an obligation (:mod:`.eh_bases`): a deck card
    onto a column as kind 11 when it could start a chain of bases that ends
    (:func:`.eh_bases.chained`), a take-back as kind 9 when it starts a run of
    take-backs that could end in a card something goes on at once
    (:func:`.eh_bases.run_wanted`; never an ace's); the others are dropped (they
    would leave an obligation that nothing meets)."""
    near, tops, col_tops = eh_bases.nearest(self), eh_bases.slot_tops(self), eh_bases.column_tops(self)
    runs: dict[int, bool] = {}
    out = []
    for m in ms:
        kind = m[0]
        if kind == 2:
            if eh_bases.chained(self, self.deck[m[1]], m[2], near, tops, col_tops):
                out.append((11, *m[1:]))
        elif kind == 4:
            j = m[1]
            if j not in runs:
                runs[j] = eh_bases.run_wanted(self, j, acc, empty, near, tops)
            if runs[j]:
                out.append((9, *m[1:]))
        else:
            out.append(m)
    return out


def _accepting(cols: list[list[int]]) -> tuple[dict[int, list[int]], list[int]]:
    """(face -> the columns whose top it may go on, the empty columns)."""
    acc: dict[int, list[int]] = {}
    empties = []
    for d, col in enumerate(cols):
        if not col:
            empties.append(d)
            continue
        t = col[-1]
        r = t % 13
        if r:
            if 13 <= t < 39:
                acc.setdefault(r - 1, []).append(d)
                acc.setdefault(39 + r - 1, []).append(d)
            else:
                acc.setdefault(13 + r - 1, []).append(d)
                acc.setdefault(26 + r - 1, []).append(d)
    return acc, empties


def _column_moves(self: Table, scored: Scored, acc: dict[int, list[int]], to_empty: list[int],
                  slot_of: dict[int, list[int]], fast: bool, full: bool) -> dict[int, list[int]]:
    """Add the moves from the columns (to a foundation, onto a column, a king-led run to
    an empty column) to ``scored``; return face -> the columns whose top card should
    move (it empties its column, turns a card up or uncovers one that can go up)."""
    cols, down = self.cols, self.down
    add = scored.append
    useful: dict[int, list[int]] = {}
    for s, col in enumerate(cols):
        if not col:
            continue
        size, dn = len(col), down[s]
        top = col[-1]
        gain = -1 if fast else 0
        if size == 1:
            gain = 40
        elif size - 1 == dn:
            gain = 60 - dn
        elif col[-2] in slot_of:
            gain = 50
        if gain > 0:
            useful.setdefault(top, []).append(s)
        for j in (slot_of.get(top, ()) if full else slot_of.get(top, ())[:1]):
            add((100, (1, s, j, 1)))
        if gain >= 0:
            for d in acc.get(top, ()):
                add((10 + gain, (0, s, d, 1)))
        if top % 13 == 12 and (size > 1 or full):
            for d in to_empty:
                add((10 + gain, (0, s, d, 1)))
        if not to_empty:
            continue
        n = 1
        while n < size - dn:
            a, b = col[-n - 1], col[-n]
            if b % 13 != a % 13 - 1 or (13 <= a < 39) == (13 <= b < 39):
                break
            n += 1
        if n >= 2 and col[-n] % 13 == 12 and (n < size or full):
            g = 60 - dn if n == size - dn and dn else (40 if n == size else 0)
            for d in to_empty:
                add((10 + g, (0, s, d, n)))
    return useful


def _deck_moves(self: Table, scored: Scored, acc: dict[int, list[int]], to_empty: list[int],
                slot_of: dict[int, list[int]], useful: dict[int, list[int]], fast: bool, greedy: bool,
                full: bool) -> None:
    """Add the moves of deck cards (the waste top and a tap with ``full``; else one per
    face, the copy the fewest taps away, as copies are equal) to ``scored``."""
    deck, add = self.deck, scored.append
    if full:
        picks: list[int] | range = [self.cur - 1] if self.cur else []
    else:
        start = self.cur - 1 if self.cur else 0
        picks = [*range(start, len(deck)), *range(0, start)]
    faces: set[int] = set()
    for i in picks:
        c = deck[i]
        if c in faces:  # one move per face, the copy the fewest taps away
            continue
        faces.add(c)
        js = slot_of.get(c)
        if js:
            for j in (js if full else js[:1]):
                add((90, (3, i, j, 1)))
        dsts = acc.get(c)
        if c % 13 == 12:
            dsts = (dsts or []) + to_empty
        if not dsts:
            continue
        if greedy:  # as a base: play the macro move
            _as_base(add, 35, 7, i, c, dsts, useful)
        if not fast:
            for d in dsts:
                add((30, (2, i, d, 1)))
    if full:
        add((0, (5, 0, 0, 0)))


def _take_backs(self: Table, scored: Scored, acc: dict[int, list[int]], to_empty: list[int],
                useful: dict[int, list[int]], greedy: bool, full: bool) -> None:
    """Add the take-backs (one per face unless ``full``; the streamliners only as a base
    for a column card that should move: macro move 6) to ``scored``."""
    tops: set[int] = set()
    for j, h in enumerate(self.found):
        if not h:
            continue
        c = (j % 4) * 13 + h - 1
        if not full:
            if c in tops:
                continue
            tops.add(c)  # one take-back per face (the two slots are alike)
        dsts = acc.get(c, [])
        if c % 13 == 12:
            dsts = dsts + to_empty
        if not dsts:
            continue
        if greedy:
            _as_base(scored.append, 20, 6, j, c, dsts, useful)
        else:
            for d in dsts:
                scored.append((0, (4, j, d, 1)))


def _as_base(add: Callable[[tuple[int, tuple[int, ...]]], None], score: int, kind: int, a: int, c: int,
             dsts: list[int], useful: dict[int, list[int]]) -> None:
    """Add the macro moves ``(kind, a, d, x)`` that place card ``c`` (from deck index or
    slot ``a``) on column ``d`` and then the top card of column ``x`` on it: one per
    destination and per column whose top should move (``useful``) and builds on ``c``
    (rank one lower, the other colour; none for an ace)."""
    lo, hi = eh_bases.on(c)
    s1, s2 = useful.get(lo), useful.get(hi)
    if not s1 and not s2:  # the usual case: no column top that should move builds on c
        return
    srcs = (s1 or []) + (s2 or [])
    for d in dsts:
        for x in srcs:
            if x != d:
                add((score, (kind, a, d, x)))
