"""Easy Harp's randomised dives: many short best-first searches with restarts.

One best-first search of Easy Harp, whatever its ordering, finds most of its wins in a
few dozen positions or not at all: an early choice (usually playing up the cards two
decks need as bases) leads it into a region of good-looking positions that can no
longer be won, and it spends the rest of its budget there. Restarts with varied
orderings escape that (the nested-rollout idea of Bjarnason, Tadepalli and Fern,
"Searching Solitaire in Real Time", 2007; restart lengths follow Luby, Sinclair and
Zuckerman, "Optimal speedup of Las Vegas algorithms", 1993). Measured on deals 1-40:
one ordering with 200,000 positions won 28; dives of 150 positions with random orderings
won 38 with 60,000 (README, "Solver").

A dive is ``(mode, weights, cap)``: ``mode`` one of the streamlined modes of
:mod:`.eh_moves` (which moves are searched and which cards go up at once), ``weights``
the ordering (:func:`weighted`) or ``None`` for the mode's own :meth:`EHState.score`,
``cap`` the positions it may expand. Every dive is a streamliner: its failure proves
nothing. The plan is seeded from the position, so a search is reproducible, the same
in CPython and Pyodide (``random.Random`` with an integer seed is specified to give the
same sequence on every platform).
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .eh_state import EHState

#: Positions per Luby unit: dives expand 75, 75, 150, 75, 75, 150, 300, ... Measured on
#: the play set's positions that 150 left undecided within 6.5 s of CPU (3 December
#: 2026, every second of the 41, 60,000 positions, "auto"): 75 won 5 of the first 13,
#: 300 won 1 of 12, 150 about 1 of 10 (README, "Positions reached by play").
UNIT = 75
#: The first dives: each old streamliner once with its own ordering (cheap, and they
#: win many deals in a few dozen positions).
OPENING = (("greedy", None), ("fast", None), ("loose", None), ("spread", None))
#: The choices a random dive draws from: weights per face-down card, per face-up card
#: covering one, per foundation card, per empty column, the noise added per position,
#: and per card lying on a column card that a foundation slot takes next (``DEPTH``).
#: ``DEPTH`` measured (6 December 2026, one "auto" search of 60,000 positions each) on
#: the play set (tests/data/play-positions.json, 250 Easy Harp positions) and the check
#: set (bench/check-positions.json, 250 from deals 51-100, nothing chosen on it), the
#: random plan seeded two or three ways: without it 20 and 15 positions left undecided
#: (15 and 13 with another seed), with ``(0, 2, 6)`` 9 and 2 (8 and 4; 11 and 5), and
#: the positions spent over the play set halved (2.35 to 1.21 million); each position
#: costs about 12 % more to score. Not kept: the nearest copy only, a stock copy
#: counting 0 (16 and 7; 22 and 6), the next two ranks (12 and 3), ``(2, 6)`` (9 and
#: 5) (README, "Positions reached by play").
DOWN, COVER, FOUND, EMPTY, NOISE = (8, 30, 100), (0, 3, 6, 10, 20), (5, 20, 40), (0, 10), (0, 5, 20)
DEPTH = (0, 2, 6)
#: The modes a random dive draws from: one in four "loose", one in four "spread", two
#: in four "keep". Until 6 December 2026 two in five "loose", two in five "spread", one
#: in five "fast"; measured (4 December 2026) on the play set's Easy Harp positions
#: (tests/data/play-positions.json) with the four modes drawn alike: of the 65 wins by
#: a random dive in its first 120 positions, 29 were "loose", 26 "spread", 10 "fast"
#: and none "greedy" (which wins as the first opening dive, 22 times); of the 22
#: positions that needed 45,000 to 530,000 positions, 21 were won by a "loose" or
#: "spread" dive. Checked on 250 positions from deals 51-100 that no setting was chosen
#: on (bench/check-positions.json, ``scripts/play_positions.py --seed 51 --eh-first
#: 51``): decided within 57,000 positions 235 against 232 (``bench_positions.py
#: --set``), positions spent over the set 1.65 million against 1.92 (README,
#: "Positions reached by play"). Since 6 December 2026 half the random dives are
#: ``"keep"`` (column cards go up at once only when :func:`~.eh_state.safe`) and "fast"
#: none: on the hard positions (over 8,000 positions with the usual seed) of both sets,
#: the plan seeded two other ways, one "auto" search of 60,000 positions each, won 96 of
#: 112 searches against 89 (play set 51 of 58 against 41, check set 45 of 54 against
#: 48), with 1.88 million positions spent against 2.17; with the usual seed the play set
#: left 5 undecided (9 before) and the check set 4 (2).
DIVE_MODES = ("loose", "spread", "keep", "keep")
#: The modes of the random dives of a ``"fast"`` search (hints, with budgets of a few
#: thousand positions): the mix before "keep", whose positions cost more to search
#: (its foundation moves are branches). With ``DIVE_MODES`` there too, 13 hints of 250
#: on the play set drew while a move other than a stock tap still won (5.2 %; 2 of them
#: while the waste card or a column card could move and still win), against 12 before.
FAST_MODES = ("loose", "loose", "spread", "spread", "fast")


def luby(i: int) -> int:
    """The ``i``-th term (1-based) of Luby's restart sequence 1, 1, 2, 1, 1, 2, 4, ..."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while i != (1 << k) - 1:
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)


def plan(key: bytes, modes: tuple[str, ...] = DIVE_MODES) -> Iterator[tuple[str, tuple[int, ...] | None, int]]:
    """The endless sequence of dives for the position whose canonical key is ``key``:
    the :data:`OPENING` dives, then random ones (their mode drawn from ``modes``) whose
    caps follow :func:`luby`."""
    for mode, weights in OPENING:
        yield mode, weights, 2 * UNIT
    rnd = random.Random(zlib.crc32(key))
    i = 0
    while True:
        i += 1
        weights = (rnd.choice(DOWN), rnd.choice(COVER), rnd.choice(FOUND), rnd.choice(EMPTY), rnd.choice(NOISE),
                   rnd.choice(DEPTH))
        yield rnd.choice(modes), weights, UNIT * luby(i)


def weighted(weights: tuple[int, ...], seed: int) -> Callable[[EHState], float]:
    """The ordering of a random dive (higher first): ``found * F - down * D - cover * C
    + empty * E - buried * B + noise``, with ``weights = (D, C, F, E, N, B)``, ``cover``
    the face-up cards lying on face-down ones, ``buried`` the cards lying on the column
    cards that a foundation slot takes next (summed over every such card, each copy of
    a face counted: digging out the cards two decks need is what a dive must do; a copy
    in the stock or waste counts nothing) and ``noise`` uniform in ``[0, N)`` from a
    generator seeded with ``seed``."""
    w_down, w_cover, w_found, w_empty, w_noise, w_buried = weights
    rnd = random.Random(seed).random

    def score(st: EHState) -> float:
        down = cover = empty = buried = 0
        if w_buried:
            nexts = {(j & 3) * 13 + h for j, h in enumerate(st.found) if h < 13}
        for col, d in zip(st.cols, st.down):
            if d:
                down += d
                cover += len(col) - d
            elif not col:
                empty += 1
            if w_buried:
                top = len(col) - 1
                for i, c in enumerate(col):
                    if c in nexts:
                        buried += top - i
        return (w_found * sum(st.found) - w_down * down - w_cover * cover + w_empty * empty
                - w_buried * buried + w_noise * rnd())

    return score
