"""Eight Off: everything about the game (SPEC §3, §5, §6): piles, variants, table bands,
welcome, deal, what may be picked up, what a pile accepts, group limit, points and win.

Piles (SPEC §2): columns ``t1..t8``, cells ``c1..cN`` (N = 8, 4 or 2), foundation slots
``f1..f4`` reserved for S H D C. One deck (ids ``TH``), all cards face up.

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
    BY_SUIT,
    Limits,
    Result,
    empty_column_refusal,
    foundation_accepts,
    group_limit,
    is_run,
)

#: Piles and variants (SPEC §2, §5): the :class:`~game.contract.Rules` contract.
GAME, PREFIX = "eight-off", "EO1"
VARIANTS: tuple[int, ...] = (8, 4, 2)
COLUMNS, FOUNDATION_SUITS, STOCK, DECKS, CARDS = 8, "SHDC", False, 1, 52
#: Points (SPEC §6): only a card's first arrival on a foundation scores.
FOUNDATION_POINTS, FLIP_POINTS, WASTE_POINTS = 10, 0, 0
#: Highest possible score: 52 x 10 (SPEC §6).
MAX_SCORE = 520
#: The table (SPEC §8): the piles above the columns, left to right in a left-to-right
#: layout (``game.ui.layout`` arranges them in rows), and a typical deep column, as
#: (face-down, face-up) cards, that the table keeps on screen.
BANDS: tuple[str, ...] = ("cells", "foundations")
TYPICAL_COLUMN: tuple[int, int] = (0, 13)
#: The first-visit welcome's cards (catalog keys, SPEC §8 ``data-role="welcome"``).
WELCOME: tuple[str, ...] = ("welcome.goal", "welcome.rule.eight-off", "welcome.play", "welcome.help")
#: Random deals are proven-winnable ones by default with 4 and 2 cells: only about 13 %
#: and 0.5 % of their deals can be won (bench/verdicts, the New game switch's words).
WINNABLE_ONLY: tuple[int, ...] = (4, 2)
#: How many cards a pile gives or takes in one move (SPEC §5): the foundations give
#: their top card and take one card, a cell takes one card (a column's limit is the
#: group limit of :func:`accepts`).
GIVES: Limits = {"f": (1, Refusal.FOUNDATION_ONE_CARD)}
TAKES: Limits = {"f": (1, Refusal.FOUNDATION_ONE_CARD), "c": (1, Refusal.CELL_ONE_CARD)}

_NO: dict[str, int | str] = {}

#: Tableau building (SPEC §5): same suit, one rank lower.
BUILDING = BY_SUIT


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


def pickup(pos: Position, s: int, n: int) -> Result:
    """What may be picked up (SPEC §5): several cards (``n >= 2``) leave a column
    together only as a same-suit descending run (``not-a-run``); the foundations give
    their top card (:data:`GIVES`)."""
    if not is_run(pos.piles[s][-n:], BUILDING):
        return Refusal.NOT_A_RUN, _NO
    return None


def accepts(pos: Position, d: int | None, s: int, n: int) -> Result:
    """What pile index ``d`` accepts (SPEC §5): a foundation the next card of its suit
    (``foundation-suit``, ``foundation-rank``); a cell one card when empty
    (``cell-full``); a column a king-led run when empty (``empty-needs-king``), else
    cards of the same suit one rank lower than its top (``wrong-suit``,
    ``wrong-rank``), then at most :func:`move_limit` cards (``group-too-large`` with
    ``{"limit": L, "count": N}``). ``d = None``: the limit onto a column holding cards."""
    if d is None:
        limit = move_limit(pos)
        return (Refusal.GROUP_TOO_LARGE, {"limit": limit, "count": n}) if n > limit else None
    kind = pos.layout.kind[d]
    head = pos.piles[s][-n]
    if kind == "f":
        return foundation_accepts(pos, d, head)
    dst = pos.piles[d]
    if kind == "c":
        return (Refusal.CELL_FULL, _NO) if dst else None
    bad = BUILDING.refusal(dst[-1], head) if dst else empty_column_refusal(head)
    if bad is not None:
        return bad, _NO
    if n > 1:
        limit = move_limit(pos, d)
        if n > limit:
            return Refusal.GROUP_TOO_LARGE, {"limit": limit, "count": n}
    return None


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
