"""Easy Harp: everything about the game (SPEC §3, §4, §6): piles, variant, table bands,
welcome, deal, what may be picked up, what a pile accepts, stock tap, points and win.

Piles (SPEC §2): columns ``t1..t9``, stock ``s``, waste ``w``, foundation slots
``f1..f8`` reserved for S H D C S H D C. Two decks (104 cards, ids ``TH.1``/``TH.2``).

The game's answers are :data:`GIVES`, :data:`TAKES`, :func:`pickup` and
:func:`accepts`; ``check`` (:func:`game.rules.checker`) asks them in the order of
:mod:`game.contract`.
"""

from __future__ import annotations

from .cards import Card, card_from_number
from .deals import ms_deal_order
from .position import Position, layout
from .refusals import Refusal
from .rules import (
    BY_COLOUR,
    Limits,
    Result,
    empty_column_refusal,
    foundation_accepts,
    is_run,
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
#: The table (SPEC §8): the piles above the columns, left to right in a left-to-right
#: layout (``game.ui.layout`` arranges them in rows), and a typical deep column, as
#: (face-down, face-up) cards, that the table keeps on screen (column 9 is dealt 8 face
#: down).
BANDS: tuple[str, ...] = ("stock", "foundations")
TYPICAL_COLUMN: tuple[int, int] = (6, 12)
#: The first-visit welcome's cards (catalog keys, SPEC §8 ``data-role="welcome"``).
WELCOME: tuple[str, ...] = ("welcome.goal", "welcome.rule.easy-harp", "welcome.play", "welcome.help")
#: Random deals are any deal by default (the New game switch "winnable deals only").
WINNABLE_ONLY: tuple[int, ...] = ()
#: How many cards a pile gives or takes in one move (SPEC §4): the stock gives none
#: (its cards are face down), the waste and the foundations give their top card; the
#: foundations take one card, a column holding cards one card (only a king-led run
#: moves as a block, into an empty column).
GIVES: Limits = {"s": (0, Refusal.FACE_DOWN), "w": (1, Refusal.ONE_CARD_AT_A_TIME),
                 "f": (1, Refusal.FOUNDATION_ONE_CARD)}
TAKES: Limits = {"f": (1, Refusal.FOUNDATION_ONE_CARD), "t": (1, Refusal.ONE_CARD_AT_A_TIME)}

_NO: dict[str, int | str] = {}

#: Tableau building (SPEC §4): opposite colour, one rank lower.
BUILDING = BY_COLOUR


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


def pickup(pos: Position, s: int, n: int) -> Result:
    """What may be picked up (SPEC §4): the top ``n >= 2`` cards of pile index ``s``
    leave it together unless a face-down card is among them (``face-down``) or they are
    not alternating-colour descending (``not-a-run``). The stock, the waste and the
    foundations are limited by :data:`GIVES` before this is asked."""
    src = pos.piles[s]
    if s < pos.layout.columns:
        if len(src) - n < pos.down[s]:
            return Refusal.FACE_DOWN, _NO
        if not is_run(src[-n:], BUILDING):
            return Refusal.NOT_A_RUN, _NO
    return None


def accepts(pos: Position, d: int | None, s: int, n: int) -> Result:
    """What pile index ``d`` accepts (SPEC §4): a foundation the next card of its suit
    (``foundation-suit``, ``foundation-rank``); an empty column a king or a king-led
    run (``empty-needs-king``); a column holding cards one card (:data:`TAKES`) of the
    other colour, one rank lower (``wrong-color``, ``wrong-rank``). ``d = None``:
    several cards go only as a king-led run into an empty column, else
    ``one-card-at-a-time`` (even when they are ordered)."""
    head = pos.piles[s][-n]
    if d is None:
        return None if empty_accepts(head) else (Refusal.ONE_CARD_AT_A_TIME, {"count": n})
    if pos.layout.kind[d] == "f":
        return foundation_accepts(pos, d, head)
    dst = pos.piles[d]
    bad = BUILDING.refusal(dst[-1], head) if dst else empty_column_refusal(head)
    return None if bad is None else (bad, _NO)


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


def move_limit(pos: Position, dst: int | None = None) -> int:
    """The group-move limit: 1 (one card at a time, SPEC §4; king-led runs into an
    empty column are the exception, see :func:`accepts`)."""
    return 1


def is_won(pos: Position) -> bool:
    """All 104 cards on the foundations (SPEC §4)."""
    return pos.is_won
