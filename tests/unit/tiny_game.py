"""Four Rows: a tiny third game, written only to prove that a game is one file
(issue 9 point 1, issue 26 point 1). Not part of the product.

One deck; 4 columns of 13 cards, all face up; 4 free cells (the only variant, code
``TG1-C4-...``); foundations S H D C. A column builds down by alternating colour, one
card at a time; an empty column takes any card. Scoring: 10 points for a card's first
arrival on a foundation. Register it with ``game.engine.register(tiny_game)``: its two
answers (:func:`pickup`, :func:`accepts`) and its counts (:data:`GIVES`,
:data:`TAKES`) are all the rules package needs to check, list and lift its moves.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator

from game.cards import Card, card_from_number
from game.deals import ms_deal_order
from game.position import Position, layout
from game.refusals import Refusal
from game.rules import BY_COLOUR, Limits, Result, foundation_accepts

GAME, PREFIX = "four-rows", "TG1"
VARIANTS: tuple[int, ...] = (4,)
COLUMNS, FOUNDATION_SUITS, STOCK, DECKS, CARDS = 4, "SHDC", False, 1, 52
FOUNDATION_POINTS, FLIP_POINTS, WASTE_POINTS = 10, 0, 0
MAX_SCORE = 520
BANDS: tuple[str, ...] = ("cells", "foundations")
TYPICAL_COLUMN: tuple[int, int] = (0, 13)
WELCOME: tuple[str, ...] = ("welcome.goal", "welcome.play", "welcome.help")
WINNABLE_ONLY: tuple[int, ...] = ()
BUILDING = BY_COLOUR
#: Every pile gives one card at a time; foundations and cells take one.
GIVES: Limits = {k: (1, Refusal.ONE_CARD_AT_A_TIME) for k in "tcf"}
TAKES: Limits = {"f": (1, Refusal.FOUNDATION_ONE_CARD), "c": (1, Refusal.CELL_ONE_CARD)}
_NO: dict[str, int | str] = {}


def deal(number: int, cells: int = 4) -> Position:
    """Cards of the Microsoft shuffle dealt round the 4 columns; cells empty."""
    lay = layout(GAME, cells)
    cols: list[list[Card]] = [[] for _ in range(COLUMNS)]
    for i, k in enumerate(ms_deal_order(number, CARDS)):
        cols[i % COLUMNS].append(card_from_number(k, False))
    piles = [tuple(c) for c in cols] + [()] * cells + [()] * 4
    return Position(lay, tuple(piles), (0,) * COLUMNS)


def empty_accepts(card: Card) -> bool:
    """Any card may start an empty column."""
    return True


def pickup(pos: Position, s: int, n: int) -> Result:
    """The top card of any pile may be picked up (:data:`GIVES` limits it to one)."""
    return None


def accepts(pos: Position, d: int | None, s: int, n: int) -> Result:
    """A foundation the next card of its suit, an empty cell any card, a column any
    card when empty, else the other colour one rank lower."""
    if d is None:
        return None
    card, dst, kind = pos.piles[s][-n], pos.piles[d], pos.layout.kind[d]
    if kind == "f":
        return foundation_accepts(pos, d, card)
    if kind == "c":
        return (Refusal.CELL_FULL, _NO) if dst else None
    why = BUILDING.refusal(dst[-1], card) if dst else None
    return None if why is None else (why, _NO)


def check_draw(pos: Position) -> Result:
    """No stock."""
    return Refusal.NO_SUCH_PILE, {"pile": "s"}


def draw(pos: Position) -> Position:
    """Never called (no stock). Raises ValueError."""
    raise ValueError("no stock")


def move_limit(pos: Position, dst: int | None = None) -> int:
    """One card at a time."""
    return 1


def is_won(pos: Position) -> bool:
    """All 52 cards on the foundations."""
    return pos.is_won


@contextlib.contextmanager
def registered() -> Iterator[None]:
    """Four Rows registered for the time of a ``with`` block (or a fixture), then gone
    again: the registries ``engine.register`` fills are put back as they were, so that
    no test after it (in the same process, in any order) meets a third game."""
    from game import deals, engine, position

    tables = (engine.RULES, engine._VARIANTS, deals.VARIANTS, deals._PREFIX,
              deals._GAME_OF, position._LAYOUTS)
    saved = [dict(t) for t in tables]
    engine.register(sys.modules[__name__])  # type: ignore[arg-type]
    try:
        yield
    finally:
        for table, before in zip(tables, saved, strict=True):
            table.clear()
            table.update(before)  # type: ignore[attr-defined]
