"""Easy Harp as the solver sees it: a compact mutable state with do/undo (SPEC §4).

Cards are faces ``suit * 13 + rank - 1`` with ``suit`` in the foundation order
``S H D C`` (0..3; H and D red); the two copies of a face are interchangeable for the
solver (moves name piles, never cards). Foundation slot ``j`` (``f{j+1}``) takes suit
``j % 4`` (SPEC §4).

The stock and waste form one cyclic ``deck``: the waste bottom to top, then the stock
in drawing order; ``cur`` is the waste size. Stock taps only turn the cursor round this
cycle (SPEC §4: a recycle keeps the order), so every deck card can become the waste top
by some taps, and positions that differ only by ``cur`` are equally winnable: the search
key leaves ``cur`` out, and a deck move is "tap k times, then play the waste top"
(the K+ macro move of Bjarnason et al.; the taps are emitted in the solution). For the
same reason the order of the deck does not matter either: the key holds the deck as a
multiset, and of two copies of a face in the deck only the one the fewest taps away is
offered.

Move kinds ``(kind, a, b, n)``: 0 column ``a`` -> column ``b`` (``n`` cards); 1 column
top -> foundation slot ``b``; 2 deck card ``a`` -> column ``b``; 3 deck card ``a`` ->
slot ``b``; 4 take-back, slot ``a`` -> column ``b``; 5 one stock tap (only listed with
``full=True``); 6 and 7 are the streamliners' macro moves (:mod:`.eh_moves`); 9, 10
and 11 are take-back, column move and deck move with an obligation (:mod:`.eh_bases`).

Modes: ``"complete"`` plays only aces at once (:meth:`EHState.auto`) and searches every
other move, take-backs included, with only the symmetry pruning below and a card put on
a column from the deck or a foundation built on at once (:mod:`.eh_bases`, where it is
proved). The others are
streamliners (faster, but their failures prove nothing), which take a card back only
to place it as a base for a column card that should move (macro move 6):
``"fast"`` plays at once every column card that can go up and the stock cards that
:func:`safe` allows, moves a card from column to column only when that empties its
column, turns a card up or uncovers a card that can go up, and a stock card onto a
column only when a column card that should move could then go onto it; ``"loose"``
drops those two restrictions; ``"spread"`` is ``"loose"`` with another ordering
(:meth:`EHState.score`); ``"greedy"`` is ``"fast"`` playing every card that can go
up at once; ``"keep"`` is ``"loose"`` playing up at once only the column cards that
:func:`safe` allows, as it does stock cards (the others go up as searched moves, so a
card that two decks may still need as a base can stay). They fail on different deals:
:class:`~game.solver.search.Search` runs them, with random orderings, in short dives
(:mod:`.eh_dive`) before ``"complete"``.
``"none"``: no automatic move, only the symmetry pruning (for ``is_stuck``).

Why an ace may always go up (complete mode): write ``Q <= Q'`` when ``Q'`` is ``Q``
with some aces (face up, on top of their column, or anywhere in the deck) lifted onto
free foundation slots of their suit. No card is ever placed on an ace (nothing ranks
below it, and an ace is not a king), so a lifted ace never has a card on it in a column;
for every move ``Q -> R`` either ``R <= Q'`` (the move only moved a lifted ace, or took
an ace back: skipped, and the tap of a lifted ace in the deck is skipped too) or the
same move is legal in ``Q'`` and gives ``R'`` with ``R <= R'``: moved cards and
destination tops are not lifted aces (a king-led run loses only its top ace and stays
a king-led run), a column empty in ``Q`` is empty in ``Q'``, a foundation slot of
height ``h >= 1`` is the same in both, and a suit with a free slot in ``Q`` for an ace
that is not lifted still has one in ``Q'`` (two aces per suit). Face-down cards of
``Q'`` are a subset of those of ``Q`` (a lift can turn one up, which only allows more).
A won ``Q`` gives a won ``Q'``. Symmetry pruning: only the lowest empty column is a
destination; no lone king moves from its own column to an empty one; one foundation
slot (the first that accepts, as ``f`` does) per card; one take-back per face when both
slots of a suit show the same card; one deck move per face (above).
"""

from __future__ import annotations

from typing import cast

from .eh_moves import STREAM, moves

__all__ = ["STREAM", "EHState", "safe"]


def safe(rank: int, red: bool, red_min: int, black_min: int) -> bool:
    """Fast-mode rule for playing a card up at once: rank 1 or 2, or every slot of the
    other colour holds at least ``rank - 1`` cards and every slot of its own colour at
    least ``rank - 2`` (the classic one-deck rule, over both copies). Not proven with
    take-backs allowed, so only the streamlined searches use it."""
    own, other = (red_min, black_min) if red else (black_min, red_min)
    return rank <= 2 or other >= rank - 1 and own >= rank - 2


#: The plain move of each move with an obligation (:mod:`.eh_bases`).
_PLAIN = {9: 4, 10: 0, 11: 2}

#: :func:`_wants` per (slot heights, mode): they depend on nothing else, and the
#: searches ask them for every position they make (a cache, emptied when it grows large).
_WANTS: dict[tuple[tuple[int, ...], str], tuple[dict[int, int], dict[int, int]]] = {}
_WANTS_LIMIT = 100_000


def _wants(found: tuple[int, ...], mode: str) -> tuple[dict[int, int], dict[int, int]]:
    """(card -> slot it may go up to from anywhere, card -> slot it may go up to from a
    column top) for slot heights ``found`` in ``mode`` (:meth:`EHState.auto`): aces in
    ``"complete"``; in the streamlined modes every card from a column top and the cards
    :func:`safe` allows from the stock (in ``"keep"`` from a column top too); every card
    in ``"greedy"``. Slots are scanned
    from the last, so a card two slots take maps to the first."""
    key = (found, mode)
    got = _WANTS.get(key)
    if got is not None:
        return got
    fast = mode in STREAM
    every = mode == "greedy"
    want: dict[int, int] = {}
    col_up: dict[int, int] = {}
    red_min = min(found[1], found[2], found[5], found[6])
    black_min = min(found[0], found[3], found[4], found[7])
    for j in (7, 6, 5, 4, 3, 2, 1, 0):
        h = found[j]
        if h < 13:
            c = (j & 3) * 13 + h
            if h == 0 or every or fast and safe(h + 1, j & 3 in (1, 2), red_min, black_min):
                want[c] = j
            if fast:
                col_up[c] = j
    got = (want, col_up if fast and mode != "keep" else want)
    if len(_WANTS) >= _WANTS_LIMIT:
        _WANTS.clear()
    _WANTS[key] = got
    return got


class EHState:
    """Mutable Easy Harp position (module docstring for the encoding).

    Args:
        cols: 9 lists of faces bottom to top. down: face-down count per column.
        deck: the cyclic stock order. cur: waste size. found: 8 slot heights.
    """

    game = "easy-harp"
    __slots__ = ("cols", "down", "deck", "cur", "found", "deck_key", "pend", "pslot")

    def __init__(self, cols: list[list[int]], down: list[int], deck: list[int], cur: int, found: list[int]):
        self.cols, self.down, self.deck, self.cur, self.found = cols, down, deck, cur, found
        self.deck_key: bytes | None = None  # the deck's part of key(), until the deck changes
        #: The complete search's obligation (:mod:`.eh_bases`): columns whose top card
        #: waits to be built on, and the slot of a run of take-backs (or -1).
        self.pend: tuple[int, ...] = ()
        self.pslot = -1

    def copy(self) -> EHState:  # an independent copy
        st = EHState([c[:] for c in self.cols], self.down[:], self.deck[:], self.cur, self.found[:])
        st.deck_key, st.pend, st.pslot = self.deck_key, self.pend, self.pslot
        return st

    def won(self) -> bool:  # all 104 cards on the foundations
        return sum(self.found) == 104

    def key(self, plain: bool = False) -> bytes:
        """Canonical key: the columns as a multiset (with face-down counts) and the deck
        cycle without its cursor; foundations follow from the rest. Then the obligation
        (:mod:`.eh_bases`), if any, unless ``plain``."""
        dk = self.deck_key
        if dk is None:
            dk = self.deck_key = b"\xff" + bytes(sorted(self.deck))
        key = b"".join(sorted([bytes([100 + d, *c]) for c, d in zip(self.cols, self.down)])) + dk
        if plain or not self.pend:
            return key
        j = self.pslot  # an obligation: the waiting columns and the run's slot (suit, height)
        owed = sorted(bytes([200, self.down[p], *self.cols[p]]) for p in self.pend)
        return key + b"".join(owed) + (bytes([250, j % 4, self.found[j]]) if j >= 0 else b"")

    def score(self, mode: str = "fast") -> int:
        """Best-first priority of the streamlined searches (higher first): 20 per card
        on the foundations, minus how deep the cards the slots need next lie in the
        columns (0 in the stock or waste), minus 8 per face-down card and 6 per face-up
        card lying on one (only top cards move: each must leave before that column can
        turn a card up). ``"spread"`` weighs covering cards 3 and adds 10 per empty
        column; ``"greedy"`` keeps the first weights (3 per depth, 4 per face-down
        card, no cover): these orderings win different deals (README, "Solver")."""
        found = self.found
        want: dict[int, int] = {}
        for j, h in enumerate(found):
            if h < 13:
                want[(j & 3) * 13 + h] = want.get((j & 3) * 13 + h, 0) + 1
        depth = dict.fromkeys(want, 30)
        for c in self.deck:
            if c in depth:
                depth[c] = 0
        down = cover = empty = 0
        for col, d in zip(self.cols, self.down):
            top = len(col) - 1
            if d:
                down += d
                cover += top + 1 - d
            elif top < 0:
                empty += 1
            for i, c in enumerate(col):
                if c in depth and top - i < depth[c]:
                    depth[c] = top - i
        cost = sum(depth[f] * k for f, k in want.items())
        if mode == "greedy":
            return 20 * sum(found) - 3 * cost - 4 * down
        base = 20 * sum(found) - cost - 8 * down
        return base - 3 * cover + 10 * empty if mode == "spread" else base - 6 * cover

    def encode(self) -> bytes:
        """The whole state (columns in order, cursor, slots) as bytes, for :meth:`decode`."""
        out = bytearray()
        for c, d in zip(self.cols, self.down):
            out.append(len(c))
            out.append(d)
            out += bytes(c)
        out.append(len(self.deck))
        out.append(self.cur)
        out += bytes(self.deck)
        out += bytes(self.found)
        return bytes(out)

    @staticmethod
    def decode(b: bytes) -> EHState:
        """The state written by :meth:`encode`."""
        cols, down, i = [], [], 0
        for _ in range(9):
            n = b[i]
            down.append(b[i + 1])
            cols.append(list(b[i + 2 : i + 2 + n]))
            i += 2 + n
        n, cur = b[i], b[i + 1]
        deck = list(b[i + 2 : i + 2 + n])
        return EHState(cols, down, deck, cur, list(b[i + 2 + n : i + 10 + n]))

    def progress(self) -> tuple[int, ...]:
        """(cards on foundations, -face-down cards, -stock and waste cards), for
        :func:`~game.solver.is_stuck`."""
        return (sum(self.found), -sum(self.down), -len(self.deck))

    def _pop(self, s: int, n: int) -> tuple[list[int], bool]:
        col = self.cols[s]
        cards = col[-n:]
        del col[-n:]
        if col and len(col) == self.down[s]:
            self.down[s] -= 1
            return cards, True
        return cards, False

    def do(self, m: tuple[int, ...]) -> object:
        """Play ``m``; returns the token :meth:`undo` needs (flip flag or old cursor)."""
        kind, a, b, n = m
        if kind >= 9:  # with an obligation (eh_bases): the plain move, then the new one
            owed = (self.pend, self.pslot)
            tok = self.do((_PLAIN[kind], a, b, n))
            if kind == 9:
                self.pend = self.pend + (b,) if self.pend and a == self.pslot else (b,)
                self.pslot = a
            else:
                self.pend, self.pslot = ((b,), -1) if kind == 11 else ((), -1)
            return tok, owed
        if kind >= 6:  # a base from a slot (6) or the deck (7), then column n's top on it
            first = (4, a, b, 1) if kind == 6 else (2, a, b, 1)
            return self.do(first), self.do((0, n, b, 1))
        if kind == 0:
            cards, flip = self._pop(a, n)
            self.cols[b].extend(cards)
            return flip
        if kind == 1:
            cards, flip = self._pop(a, 1)
            self.found[b] += 1
            return flip
        if kind == 2 or kind == 3:
            old = self.cur
            self.deck_key = None
            c = self.deck.pop(a)
            self.cur = a
            if kind == 2:
                self.cols[b].append(c)
            else:
                self.found[b] += 1
            return old
        if kind == 4:
            self.found[a] -= 1
            self.cols[b].append((a % 4) * 13 + self.found[a])
            return None
        old = self.cur
        self.cur = old + 1 if old < len(self.deck) else 0
        return old

    def undo(self, m: tuple[int, ...], token: object) -> None:
        """Take back ``m`` played by :meth:`do` (``token`` from :meth:`do`)."""
        kind, a, b, n = m
        if kind >= 9:
            tok, (self.pend, self.pslot) = cast(tuple[object, tuple[tuple[int, ...], int]], token)
            self.undo((_PLAIN[kind], a, b, n), tok)
            return
        if kind >= 6:
            t1, t2 = cast(tuple[object, object], token)
            self.undo((0, n, b, 1), t2)
            self.undo((4, a, b, 1) if kind == 6 else (2, a, b, 1), t1)
            return
        if kind <= 1:
            if token:
                self.down[a] += 1
            if kind == 0:
                col = self.cols[b]
                cards = col[-n:]
                del col[-n:]
            else:
                self.found[b] -= 1
                cards = [(b % 4) * 13 + self.found[b]]
            self.cols[a].extend(cards)
        elif kind <= 3:
            if kind == 2:
                c = self.cols[b].pop()
            else:
                self.found[b] -= 1
                c = (b % 4) * 13 + self.found[b]
            self.deck.insert(a, c)
            self.deck_key = None
            self.cur = token  # type: ignore[assignment]
        elif kind == 4:
            self.cols[b].pop()
            self.found[a] += 1
        else:
            self.cur = token  # type: ignore[assignment]

    def notation(self, m: tuple[int, ...]) -> list[str]:
        """SPEC §2 notation of ``m`` in the current position (before playing it); a deck
        move gives its stock taps first."""
        kind, a, b, n = m
        if kind >= 9:
            return self.notation((_PLAIN[kind], a, b, n))
        if kind >= 6:
            first = (4, a, b, 1) if kind == 6 else (2, a, b, 1)
            out = self.notation(first)
            tok = self.do(first)
            out += self.notation((0, n, b, 1))
            self.undo(first, tok)
            return out
        dst = f"f{b + 1}" if kind in (1, 3) else f"t{b + 1}"
        if kind == 0:
            return [f"t{a + 1}-{dst}" + (f":{n}" if n > 1 else "")]
        if kind == 1:
            return [f"t{a + 1}-{dst}"]
        if kind == 4:
            return [f"f{a + 1}-{dst}"]
        if kind == 5:
            return ["s"]
        cur, size = self.cur, len(self.deck)
        if a + 1 >= cur:
            taps = a + 1 - cur
        else:
            taps = size - cur + 1 + a + 1
        return ["s"] * taps + [f"w-{dst}"]

    def auto(self, mode: str) -> list[tuple[tuple[int, ...], object]]:
        """Play the foundation moves of ``mode`` (module docstring) until none is left:
        aces in ``"complete"``; in ``"fast"``, ``"loose"`` and ``"spread"`` any column card and the
        stock cards :func:`safe` allows; in ``"keep"`` only what :func:`safe` allows; every
        card in ``"greedy"``; none in ``"none"``.

        Returns:
            ``(move, token)`` per move played, in order (for :meth:`undo_auto`).
        """
        out: list[tuple[tuple[int, ...], object]] = []
        if mode == "none":
            return out
        found, cols, deck = self.found, self.cols, self.deck
        while True:
            want, col_up = _wants(tuple(found), mode)
            if not col_up:
                return out
            m: tuple[int, ...] | None = None
            for i, col in enumerate(cols):
                if col and col[-1] in col_up:
                    m = (1, i, col_up[col[-1]], 1)
                    break
            else:
                at = [deck.index(c) for c in want if c in deck]
                if at:
                    i = min(at)
                    m = (3, i, want[deck[i]], 1)
            if m is None:
                return out
            out.append((m, self.do(m)))

    def undo_auto(self, played: list[tuple[tuple[int, ...], object]]) -> None:
        """Take back the moves returned by :meth:`auto`."""
        for m, token in reversed(played):
            self.undo(m, token)

    def moves(self, mode: str = "complete", full: bool = False) -> list[tuple[int, ...]]:
        """Moves to search, best first (:func:`.eh_moves.moves`, where they are listed)."""
        return moves(self, mode, full)
