"""Four Rows: a tiny third game, written only to prove that a game is one file
(issue 9 point 1). Not part of the product.

One deck; 4 columns of 13 cards, all face up; 4 free cells (the only variant, code
``TG1-C4-...``); foundations S H D C. A column builds down by alternating colour, one
card at a time; an empty column takes any card. Scoring: 10 points for a card's first
arrival on a foundation. Register it with ``game.engine.register(tiny_game)``.
"""

from __future__ import annotations

from game.cards import Card, card_from_number
from game.contract import Result
from game.deals import ms_deal_order
from game.moves import Move
from game.position import Position, layout
from game.refusals import Refusal
from game.rules import BY_COLOUR, foundation_refusal

GAME, PREFIX = "four-rows", "TG1"
VARIANTS: tuple[int, ...] = (4,)
COLUMNS, FOUNDATION_SUITS, STOCK, DECKS, CARDS = 4, "SHDC", False, 1, 52
FOUNDATION_POINTS, FLIP_POINTS, WASTE_POINTS = 10, 0, 0
MAX_SCORE = 520
BUILDING = BY_COLOUR
_NO: dict[str, int | str] = {}


def deal(number: int, cells: int = 4) -> Position:
    """Cards of the Microsoft shuffle dealt round the 4 columns; cells empty."""
    lay = layout(GAME, cells)
    cols: list[list[Card]] = [[] for _ in range(COLUMNS)]
    for i, k in enumerate(ms_deal_order(number, CARDS)):
        cols[i % COLUMNS].append(card_from_number(k, False))
    piles = [tuple(c) for c in cols] + [()] * cells + [()] * 4
    return Position(lay, tuple(piles), (0,) * COLUMNS)


def builds_on(lower: Card, upper: Card) -> bool:
    """Alternating colour, one rank lower."""
    return BUILDING.builds_on(lower, upper)


def empty_accepts(card: Card) -> bool:
    """Any card may start an empty column."""
    return True


def check_pickup(pos: Position, s: int, n: int) -> Result:
    """One card at a time, from any non-empty pile."""
    src = pos.piles[s]
    if not src:
        return Refusal.EMPTY_SOURCE, _NO
    if n > 1:
        return Refusal.ONE_CARD_AT_A_TIME, {"count": n}
    return None


def check(pos: Position, s: int, d: int, n: int) -> Result:
    """same-pile, not-a-target, the pick-up, then the destination's fit."""
    lay = pos.layout
    ks, kd = lay.kind[s], lay.kind[d]
    if s == d:
        return Refusal.SAME_PILE, _NO
    if ks == "f" and kd == "f":
        return Refusal.NOT_A_TARGET, _NO
    bad = check_pickup(pos, s, n)
    if bad is not None:
        return bad
    card, dst = pos.piles[s][-1], pos.piles[d]
    if kd == "f":
        suit = lay.found_suits[d - lay.found_ix[0]]
        why = foundation_refusal(suit, dst, card)
        return None if why is None else (why, _NO)
    if kd == "c":
        return (Refusal.CELL_FULL, _NO) if dst else None
    why = BUILDING.refusal(dst[-1], card) if dst else None
    return None if why is None else (why, _NO)


def check_draw(pos: Position) -> Result:
    """No stock."""
    return Refusal.NO_SUCH_PILE, {"pile": "s"}


def draw(pos: Position) -> Position:
    """Never called (no stock). Raises ValueError."""
    raise ValueError("no stock")


def legal_moves(pos: Position) -> list[Move]:
    """Every single-card move that :func:`check` accepts (plain enumeration)."""
    lay = pos.layout
    out = []
    for s in range(len(lay.ids)):
        if not pos.piles[s]:
            continue
        for d in range(len(lay.ids)):
            if check(pos, s, d, 1) is None:
                out.append(Move(lay.ids[s], lay.ids[d], 1))
    return out


def move_limit(pos: Position, dst: int | None = None) -> int:
    """One card at a time."""
    return 1


def is_won(pos: Position) -> bool:
    """All 52 cards on the foundations."""
    return pos.is_won
