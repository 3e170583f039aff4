"""Eight Off: piles, deal, building rules, legal moves and win (SPEC §3, §5).

Piles (SPEC §2): columns ``t1..t8``, cells ``c1..cN`` (N = 8, 4 or 2), foundation slots
``f1..f4`` reserved for S H D C. One deck (ids ``TH``), all cards face up.

Refusal order of :func:`check` (first that applies wins):

1. ``same-pile``; ``not-a-target`` (foundation to foundation);
2. ``empty-source``; several cards from or to a foundation -> ``foundation-one-card``;
   several cards into a cell -> ``cell-one-card``; more cards than the pile holds, or
   picked cards that are not same-suit consecutive descending -> ``not-a-run``;
3. foundation: ``foundation-suit`` then ``foundation-rank``; cell: ``cell-full``;
   column: the head's fit first (``empty-needs-king``, else ``wrong-suit`` then
   ``wrong-rank``),
4. then the size: ``group-too-large`` with ``{"limit": L, "count": N}``, where
   ``L = (free cells + 1) * 2 ** (empty columns other than the destination)`` (SPEC §5).
"""

from __future__ import annotations

from .cards import Card, card_from_number
from .contract import Result
from .deals import ms_deal_order
from .moves import Move
from .position import Position, layout
from .refusals import Refusal
from .rules import (
    BY_SUIT,
    empty_column_refusal,
    foundation_offers,
    foundation_refusal,
    foundation_wants,
    group_limit,
    is_run,
    run_length,
)

#: Piles and variants (SPEC §2, §5): the :class:`~game.contract.Rules` contract.
GAME, PREFIX = "eight-off", "EO1"
VARIANTS: tuple[int, ...] = (8, 4, 2)
COLUMNS, FOUNDATION_SUITS, STOCK, DECKS, CARDS = 8, "SHDC", False, 1, 52
#: Points (SPEC §6): only a card's first arrival on a foundation scores.
FOUNDATION_POINTS, FLIP_POINTS, WASTE_POINTS = 10, 0, 0
#: Highest possible score: 52 x 10 (SPEC §6).
MAX_SCORE = 520

_NO: dict[str, int | str] = {}

#: Tableau building (SPEC §5): same suit, one rank lower.
BUILDING = BY_SUIT


def builds_on(lower: Card, upper: Card) -> bool:
    """``upper`` may lie on ``lower`` in a column (:data:`BUILDING`)."""
    return BUILDING.builds_on(lower, upper)


def empty_accepts(card: Card) -> bool:
    """An empty column takes only a king, alone or with its run (SPEC §5)."""
    return empty_column_refusal(card) is None


def deal(number: int, cells: int = 8) -> Position:
    """The starting position of Eight Off deal ``number`` with ``cells`` cells (SPEC §3).

    Cards 1..48 of :func:`~game.deals.ms_deal_order` go round the 8 columns (card ``i``
    to column ``((i-1) mod 8) + 1``, each on top); cards 49..52 go to cells 1..4. With 2
    cells, cards 49 and 50 fill the cells and cards 51 and 52 go on top of columns 3
    and 4.

    Raises:
        KeyError: ``cells`` not 8, 4 or 2.
    """
    lay = layout(GAME, cells)
    order = [card_from_number(k, False) for k in ms_deal_order(number, CARDS)]
    cols: list[list[Card]] = [[] for _ in range(COLUMNS)]
    for i in range(48):
        cols[i % 8].append(order[i])
    spare = order[48:]
    cell_cards: list[tuple[Card, ...]] = [()] * cells
    if cells == 2:
        cell_cards = [(spare[0],), (spare[1],)]
        cols[2].append(spare[2])
        cols[3].append(spare[3])
    else:
        for i in range(4):
            cell_cards[i] = (spare[i],)
    piles = [tuple(c) for c in cols] + cell_cards + [()] * 4
    return Position(lay, tuple(piles), (0,) * COLUMNS)


def free_cells(pos: Position) -> int:
    """Number of empty cells."""
    piles = pos.piles
    return sum(1 for i in pos.layout.cell_ix if not piles[i])


def empty_columns(pos: Position) -> int:
    """Number of empty tableau columns."""
    piles = pos.piles
    return sum(1 for i in range(pos.layout.columns) if not piles[i])


def move_limit(pos: Position, dst: int | None = None) -> int:
    """The group-move limit of SPEC §5 for a move to pile index ``dst``: an empty
    destination column is not counted."""
    e = empty_columns(pos)
    if dst is not None and dst < pos.layout.columns and not pos.piles[dst]:
        e -= 1
    return group_limit(free_cells(pos), e)


def check_pickup(pos: Position, s: int, n: int) -> Result:
    """Why the top ``n`` cards of pile index ``s`` (n >= 1) can never be lifted together
    for a move of SPEC §5 now, or ``None`` when some move could take them (a drag
    source).

    Order: ``empty-source``; ``not-a-run`` (more cards than the pile holds);
    several cards from a foundation -> ``foundation-one-card``; not same-suit
    descending -> ``not-a-run``; longer than the group limit even onto a non-empty
    column (``(free cells + 1) * 2 ** empty columns``) -> ``group-too-large`` with
    ``{"limit": L, "count": N}``.
    """
    lay = pos.layout
    src = pos.piles[s]
    if not src:
        return Refusal.EMPTY_SOURCE, _NO
    if n > len(src):
        return Refusal.NOT_A_RUN, {"count": n, "available": len(src)}
    if n > 1:
        if lay.kind[s] == "f":
            return Refusal.FOUNDATION_ONE_CARD, {"count": n}
        if not is_run(src[-n:], BUILDING):
            return Refusal.NOT_A_RUN, _NO
        limit = move_limit(pos)
        if n > limit:
            return Refusal.GROUP_TOO_LARGE, {"limit": limit, "count": n}
    return None


def check(pos: Position, s: int, d: int, n: int) -> Result:
    """Why moving the top ``n`` cards of pile index ``s`` onto pile index ``d`` is
    illegal, or ``None`` when it is legal (order in the module docstring)."""
    lay = pos.layout
    kind = lay.kind
    ks, kd = kind[s], kind[d]
    if s == d:
        return Refusal.SAME_PILE, _NO
    if ks == "f" and kd == "f":
        return Refusal.NOT_A_TARGET, _NO
    piles = pos.piles
    src = piles[s]
    if not src:
        return Refusal.EMPTY_SOURCE, _NO
    if n > 1:
        if ks == "f" or kd == "f":
            return Refusal.FOUNDATION_ONE_CARD, {"count": n}
        if kd == "c":
            return Refusal.CELL_ONE_CARD, {"count": n}
        if n > len(src):
            return Refusal.NOT_A_RUN, {"count": n, "available": len(src)}
        if not is_run(src[-n:], BUILDING):
            return Refusal.NOT_A_RUN, _NO
    head = src[-n]
    dst = piles[d]
    if kd == "f":
        suit = lay.found_suits[d - lay.found_ix[0]]
        bad = foundation_refusal(suit, dst, head)
        if bad is Refusal.FOUNDATION_SUIT:
            return bad, {"suit": suit}
        return None if bad is None else (bad, _NO)
    if kd == "c":
        if dst:
            return Refusal.CELL_FULL, _NO
        return None
    bad = BUILDING.refusal(dst[-1], head) if dst else empty_column_refusal(head)
    if bad is not None:
        return bad, _NO
    if n > 1:
        limit = move_limit(pos, d)
        if n > limit:
            return Refusal.GROUP_TOO_LARGE, {"limit": limit, "count": n}
    return None


def legal_moves(pos: Position) -> list[Move]:
    """Every legal move, normalised (explicit slot and count).

    Built from the rules :func:`check` uses: the keys of :data:`BUILDING` and of the
    foundations (:func:`~game.rules.foundation_wants`), :func:`empty_accepts`,
    :func:`~game.rules.group_limit`; equal to the moves ``m`` of the whole move space
    with ``check(m) is None`` (tested).
    """
    lay = pos.layout
    piles = pos.piles
    ids = lay.ids
    out: list[Move] = []
    ncol = lay.columns
    f0 = lay.found_ix[0]
    found = [(f0 + j, foundation_wants(suit, piles[f0 + j])) for j, suit in enumerate(lay.found_suits)]
    wants, offers = BUILDING.wants, BUILDING.offers
    col_wants = [wants(piles[d][-1]) if piles[d] else None for d in range(ncol)]
    empty_cells = [i for i in lay.cell_ix if not piles[i]]
    empties = sum(1 for d in range(ncol) if not piles[d])
    free = len(empty_cells)
    lim_full = group_limit(free, empties)
    lim_to_empty = group_limit(free, empties - 1) if empties else 0

    def singles(s: int, card: Card, to_found: bool) -> None:
        sid = ids[s]
        if to_found:
            fkey = foundation_offers(card)
            for f, want in found:
                if want == fkey:
                    out.append(Move(sid, ids[f], 1))
        for c in empty_cells:
            if c != s:
                out.append(Move(sid, ids[c], 1))
        key = offers(card)
        king = bool(empties) and empty_accepts(card)
        for d in range(ncol):
            if d != s and (col_wants[d] == key if piles[d] else king):
                out.append(Move(sid, ids[d], 1))

    for s in range(ncol):
        col = piles[s]
        if not col:
            continue
        singles(s, col[-1], True)
        r = run_length(col, BUILDING, len(col))
        for n in range(2, r + 1):
            head = col[-n]
            key = offers(head)
            king = empty_accepts(head)
            for d in range(ncol):
                if d == s:
                    continue
                if piles[d]:
                    if col_wants[d] == key and n <= lim_full:
                        out.append(Move(ids[s], ids[d], n))
                elif king and n <= lim_to_empty:
                    out.append(Move(ids[s], ids[d], n))
    for c in lay.cell_ix:
        if piles[c]:
            singles(c, piles[c][-1], True)
    for f, _want in found:
        if piles[f]:
            singles(f, piles[f][-1], False)
    return out


def check_draw(pos: Position) -> Result:
    """Eight Off has no stock (SPEC §5): the stock tap is ``no-such-pile``."""
    return Refusal.NO_SUCH_PILE, {"pile": "s"}


def draw(pos: Position) -> Position:
    """Never called: :func:`check_draw` refuses every stock tap.

    Raises:
        ValueError: always (there is no stock).
    """
    raise ValueError("Eight Off has no stock")


def is_won(pos: Position) -> bool:
    """All 52 cards on the foundations (SPEC §5)."""
    return pos.is_won
