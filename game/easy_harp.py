"""Easy Harp: piles, deal, building rules, legal moves and win (SPEC §3, §4).

Piles (SPEC §2): columns ``t1..t9``, stock ``s``, waste ``w``, foundation slots
``f1..f8`` reserved for S H D C S H D C. Two decks (104 cards, ids ``TH.1``/``TH.2``).

Refusal order of :func:`check` (first that applies wins):

1. ``same-pile``; ``not-a-target`` (to the stock or waste, or foundation to foundation);
2. ``empty-source``; ``face-down`` (from the stock);
   waste: several cards -> ``one-card-at-a-time``;
   foundation: several cards -> ``foundation-one-card``;
   column, several cards: to a foundation -> ``foundation-one-card``, onto a non-empty
   column -> ``one-card-at-a-time`` (even when the run is ordered and its head fits,
   SPEC §4), more than the column holds -> ``not-a-run``, reaching a face-down card ->
   ``face-down``;
3. foundation: ``foundation-suit`` then ``foundation-rank``;
   empty column: several cards not alternating-colour descending -> ``not-a-run``, head
   not a king -> ``empty-needs-king`` (also when it would uncover a face-down card);
   non-empty column: ``wrong-color`` then ``wrong-rank``.
"""

from __future__ import annotations

from .cards import Card, card_from_number
from .contract import Result
from .deals import ms_deal_order
from .moves import DRAW, Move
from .position import Position, layout
from .refusals import Refusal
from .rules import (
    BY_COLOUR,
    empty_column_refusal,
    foundation_offers,
    foundation_refusal,
    foundation_wants,
    is_run,
    run_length,
)

#: Piles and variants (SPEC §2, §4): the :class:`~game.contract.Rules` contract.
GAME, PREFIX = "easy-harp", "EH1"
VARIANTS: tuple[int, ...] = (0,)
COLUMNS, FOUNDATION_SUITS, STOCK, DECKS = 9, "SHDCSHDC", True, 2
#: Cards, face-down cards dealt (SPEC §3, §4).
CARDS, DEALT_DOWN = 104, 36
#: Points (SPEC §6): first arrival on a foundation, a card turned face up, a card from
#: the waste to a column.
FOUNDATION_POINTS, FLIP_POINTS, WASTE_POINTS = 10, 5, 5
#: Highest possible score: 104 x 10 + 36 x 5 + 59 x 5 (SPEC §6).
MAX_SCORE = 1515

_NO: dict[str, int | str] = {}

#: Tableau building (SPEC §4): opposite colour, one rank lower.
BUILDING = BY_COLOUR


def builds_on(lower: Card, upper: Card) -> bool:
    """``upper`` may lie on ``lower`` in a column (:data:`BUILDING`)."""
    return BUILDING.builds_on(lower, upper)


def empty_accepts(card: Card) -> bool:
    """An empty column takes only a king or a king-led run (SPEC §4)."""
    return empty_column_refusal(card) is None


def deal(number: int, cells: int = 0) -> Position:
    """The starting position of Easy Harp deal ``number`` (SPEC §3).

    104 cards shuffled by :func:`~game.deals.ms_deal_order`; 9 passes: in pass ``p``
    column ``p`` gets one card face up, then columns ``p+1..9`` one face-down card each
    (45 cards, 36 face down). The other 59 form the stock, the 46th card on top (drawn
    first).

    Returns:
        The :class:`~game.position.Position` (waste and foundations empty).
    """
    lay = layout(GAME, cells)
    order = [card_from_number(k, True) for k in ms_deal_order(number, CARDS)]
    cols: list[list[Card]] = [[] for _ in range(COLUMNS)]
    i = 0
    for p in range(COLUMNS):
        for c in range(p, COLUMNS):
            cols[c].append(order[i])
            i += 1
    stock = tuple(reversed(order[i:]))
    piles = [tuple(c) for c in cols] + [stock, ()] + [()] * 8
    return Position(lay, tuple(piles), tuple(range(COLUMNS)))


def check(pos: Position, s: int, d: int, n: int) -> Result:
    """Why moving the top ``n`` cards of pile index ``s`` onto pile index ``d`` is
    illegal, or ``None`` when it is legal (order in the module docstring).

    Returns:
        ``None`` or ``(Refusal, details)``.
    """
    lay = pos.layout
    kind = lay.kind
    ks, kd = kind[s], kind[d]
    if s == d:
        return Refusal.SAME_PILE, _NO
    if kd == "s" or kd == "w" or (ks == "f" and kd == "f"):
        return Refusal.NOT_A_TARGET, _NO
    piles = pos.piles
    src = piles[s]
    if not src:
        return Refusal.EMPTY_SOURCE, _NO
    dst = piles[d]
    if ks == "s":
        return Refusal.FACE_DOWN, _NO
    if ks == "w":
        if n > 1:
            return Refusal.ONE_CARD_AT_A_TIME, {"count": n}
    elif ks == "f":
        if n > 1:
            return Refusal.FOUNDATION_ONE_CARD, {"count": n}
    else:
        if n > 1:
            if kd == "f":
                return Refusal.FOUNDATION_ONE_CARD, {"count": n}
            if dst:
                return Refusal.ONE_CARD_AT_A_TIME, {"count": n}
            if n > len(src):
                return Refusal.NOT_A_RUN, {"count": n, "available": len(src)}
        if len(src) - n < pos.down[s]:
            return Refusal.FACE_DOWN, _NO
    head = src[-n]
    if kd == "f":
        suit = lay.found_suits[d - lay.found_ix[0]]
        bad = foundation_refusal(suit, dst, head)
        if bad is Refusal.FOUNDATION_SUIT:
            return bad, {"suit": suit}
        return None if bad is None else (bad, _NO)
    if not dst:
        if n > 1 and not is_run(src[-n:], BUILDING):
            return Refusal.NOT_A_RUN, _NO
        bad = empty_column_refusal(head)
    else:
        bad = BUILDING.refusal(dst[-1], head)
    return None if bad is None else (bad, _NO)


def check_pickup(pos: Position, s: int, n: int) -> Result:
    """Why the top ``n`` cards of pile index ``s`` (n >= 1) can never be lifted together
    for a move of SPEC §4, or ``None`` when some move could take them (a drag source).

    Order: ``empty-source``; ``not-a-run`` (more cards than the pile holds);
    ``face-down`` (the stock, or a face-down card among them); waste: several cards ->
    ``one-card-at-a-time``; foundation: several cards -> ``foundation-one-card``;
    column, several cards: not alternating-colour descending -> ``not-a-run``, not led
    by a king -> ``one-card-at-a-time`` (only a king-led run moves as a block, SPEC §4).
    """
    lay = pos.layout
    ks = lay.kind[s]
    src = pos.piles[s]
    if not src:
        return Refusal.EMPTY_SOURCE, _NO
    if n > len(src):
        return Refusal.NOT_A_RUN, {"count": n, "available": len(src)}
    if ks == "s":
        return Refusal.FACE_DOWN, _NO
    if ks == "w":
        if n > 1:
            return Refusal.ONE_CARD_AT_A_TIME, {"count": n}
        return None
    if ks == "f":
        if n > 1:
            return Refusal.FOUNDATION_ONE_CARD, {"count": n}
        return None
    if len(src) - n < pos.down[s]:
        return Refusal.FACE_DOWN, _NO
    if n > 1:
        if not is_run(src[-n:], BUILDING):
            return Refusal.NOT_A_RUN, _NO
        if not empty_accepts(src[-n]):
            return Refusal.ONE_CARD_AT_A_TIME, {"count": n}
    return None


def check_draw(pos: Position) -> Result:
    """``stock-empty`` when the stock and the waste are both empty, else ``None``."""
    lay = pos.layout
    if not pos.piles[lay.stock_ix] and not pos.piles[lay.waste_ix]:
        return Refusal.STOCK_EMPTY, _NO
    return None


def draw(pos: Position) -> Position:
    """Tap on the stock (SPEC §4): the top stock card goes face up onto the waste; with
    an empty stock the whole waste goes back face down, in the same drawing order.
    The caller checks :func:`check_draw` first."""
    lay = pos.layout
    piles = list(pos.piles)
    stock, waste = piles[lay.stock_ix], piles[lay.waste_ix]
    if stock:
        piles[lay.stock_ix] = stock[:-1]
        piles[lay.waste_ix] = waste + (stock[-1],)
    else:
        piles[lay.stock_ix] = waste[::-1]
        piles[lay.waste_ix] = ()
    return Position(lay, tuple(piles), pos.down)


def legal_moves(pos: Position) -> list[Move]:
    """Every legal move, normalised (explicit slot and count), the stock tap first.

    Built from the rules :func:`check` uses: the keys of :data:`BUILDING` and of the
    foundations (:func:`~game.rules.foundation_wants`), :func:`empty_accepts` and the
    king-led run of :func:`check_pickup`; equal to the moves ``m`` of the whole move
    space with ``check(m) is None`` (tested).
    """
    lay = pos.layout
    piles = pos.piles
    ids = lay.ids
    out: list[Move] = []
    if piles[lay.stock_ix] or piles[lay.waste_ix]:
        out.append(DRAW)
    f0 = lay.found_ix[0]
    found = [(f0 + j, foundation_wants(suit, piles[f0 + j])) for j, suit in enumerate(lay.found_suits)]
    ncol = lay.columns
    wants, offers = BUILDING.wants, BUILDING.offers
    col_wants = [wants(piles[d][-1]) if piles[d] else None for d in range(ncol)]
    empties = [d for d in range(ncol) if not piles[d]]

    def singles(s: int, card: Card, to_found: bool) -> None:
        src_id = ids[s]
        if to_found:
            fkey = foundation_offers(card)
            for f, want in found:
                if want == fkey:
                    out.append(Move(src_id, ids[f], 1))
        key = offers(card)
        king = bool(empties) and empty_accepts(card)
        for d in range(ncol):
            if d != s and (col_wants[d] == key if piles[d] else king):
                out.append(Move(src_id, ids[d], 1))

    w = piles[lay.waste_ix]
    if w:
        singles(lay.waste_ix, w[-1], True)
    for s in range(ncol):
        col = piles[s]
        if not col:
            continue
        singles(s, col[-1], True)
        r = run_length(col, BUILDING, len(col) - pos.down[s])
        if r >= 2 and empty_accepts(col[-r]):
            for d in empties:
                out.append(Move(ids[s], ids[d], r))
    for f, _want in found:
        if piles[f]:
            singles(f, piles[f][-1], False)
    return out


def move_limit(pos: Position, dst: int | None = None) -> int:
    """The group-move limit: 1 (one card at a time, SPEC §4; king-led runs into an
    empty column are the exception, see :func:`check`)."""
    return 1


def is_won(pos: Position) -> bool:
    """All 104 cards on the foundations (SPEC §4)."""
    return pos.is_won
