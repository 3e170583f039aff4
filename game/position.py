"""Piles and positions: the frozen state that rules read and moves replace.

A :class:`Layout` names a game's piles (SPEC §2 ids, model order) and is shared by all
positions of that game and variant. A :class:`Position` is an immutable value: one tuple
of cards per pile (bottom to top) plus, per tableau column, how many of its bottom cards
are face down. Moving cards builds a new position that shares every untouched pile, so a
saved state for undo costs one tuple of pile references (STYLE.md: undo by saved states).
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, Placed


class Layout:
    """The piles of one game and variant (SPEC §2, §4, §5), built from the pile
    description of the game's rules module (:func:`game.engine.register`).

    Attributes:
        game: the game's name (``"easy-harp"``, ``"eight-off"``, ...).
        cells: number of free cells (0 for Easy Harp).
        ids: pile ids in model order: Easy Harp ``t1..t9, s, w, f1..f8``; Eight Off
            ``t1..t8, c1..cN, f1..f4``.
        index: pile id -> position in ``ids`` (and in ``Position.piles``).
        columns: number of tableau columns (their indexes are ``0..columns-1``).
        cell_ix, found_ix: indexes of the cells and foundation slots.
        stock_ix, waste_ix: indexes of the stock and waste (``-1`` when absent).
        found_suits: suit reserved for each foundation slot, in slot order
            (Easy Harp ``S H D C S H D C``; Eight Off ``S H D C``).
        kind: per pile index, ``"t"``, ``"c"``, ``"f"``, ``"s"`` or ``"w"``.
        two_decks: two decks (card ids ``TH.1``/``TH.2``); total: number of cards.
    Layouts are singletons per (game, cells): use :func:`layout`.
    """

    __slots__ = (
        "game", "cells", "ids", "index", "columns", "cell_ix", "found_ix",
        "stock_ix", "waste_ix", "found_suits", "kind", "two_decks", "total",
    )

    def __init__(self, game: str, cells: int, columns: int, found_suits: str,
                 stock: bool, decks: int) -> None:
        self.game = game
        self.cells = cells
        ids = [f"t{i}" for i in range(1, columns + 1)]
        ids += [f"c{i}" for i in range(1, cells + 1)]
        if stock:
            ids += ["s", "w"]
        ids += [f"f{i}" for i in range(1, len(found_suits) + 1)]
        self.ids: tuple[str, ...] = tuple(ids)
        self.index: dict[str, int] = {p: i for i, p in enumerate(ids)}
        self.columns = columns
        self.cell_ix = tuple(self.index[f"c{i}"] for i in range(1, cells + 1))
        self.found_ix = tuple(self.index[f"f{i}"] for i in range(1, len(found_suits) + 1))
        self.stock_ix = self.index.get("s", -1)
        self.waste_ix = self.index.get("w", -1)
        self.found_suits: tuple[str, ...] = tuple(found_suits)
        self.kind: tuple[str, ...] = tuple(p[0] for p in ids)
        #: Two decks (ids ``TH.1``/``TH.2``), as in Easy Harp.
        self.two_decks = decks == 2
        self.total = 52 * decks

    def __repr__(self) -> str:
        return f"Layout({self.game!r}, {self.cells})"


_LAYOUTS: dict[tuple[str, int], Layout] = {}


def add_layouts(game: str, variants: tuple[int, ...], columns: int, found_suits: str,
                stock: bool, decks: int) -> None:
    """Create the shared layouts of a game, one per cell variant (done by
    :func:`game.engine.register`)."""
    for cells in variants:
        _LAYOUTS[(game, cells)] = Layout(game, cells, columns, found_suits, stock, decks)


def layout(game: str, cells: int) -> Layout:
    """The shared :class:`Layout` of a game and variant.

    Raises:
        KeyError: unknown game or cell count.
    """
    return _LAYOUTS[(game, cells)]


_UP: dict[Card, Placed] = {}
_DOWN: dict[Card, Placed] = {}


def placed(card: Card, up: bool) -> Placed:
    """The shared :class:`Placed` value for a card and face."""
    table = _UP if up else _DOWN
    p = table.get(card)
    if p is None:
        p = table[card] = Placed(card, up)
    return p


@dataclass(frozen=True, slots=True)
class Position:
    """A position: which card lies where and which are face down.

    Attributes:
        layout: the game's :class:`Layout` (compared by identity).
        piles: one tuple of cards per pile of ``layout.ids``, bottom to top. The stock's
            last card is the next one drawn; a cell holds 0 or 1 card.
        down: per tableau column (``t1`` first), how many of its bottom cards are face
            down (always 0 in Eight Off; the top card of a non-empty column is face up).
    The stock is entirely face down and the waste entirely face up (SPEC §4).
    """

    layout: Layout
    piles: tuple[tuple[Card, ...], ...]
    down: tuple[int, ...]

    def cards(self, pid: str) -> tuple[Card, ...]:
        """The cards of pile ``pid``, bottom to top (raises ``KeyError``)."""
        return self.piles[self.layout.index[pid]]

    def pile(self, pid: str) -> tuple[Placed, ...]:
        """Pile ``pid`` as :class:`~game.cards.Placed` values, bottom to top."""
        ix = self.layout.index[pid]
        cards = self.piles[ix]
        kind = self.layout.kind[ix]
        if kind == "s":
            return tuple(placed(c, False) for c in cards)
        if kind == "t":
            d = self.down[ix]
            return tuple(placed(c, i >= d) for i, c in enumerate(cards))
        return tuple(placed(c, True) for c in cards)

    @property
    def is_won(self) -> bool:
        """All cards on the foundations (SPEC §4: 104, §5: 52)."""
        return sum(len(self.piles[i]) for i in self.layout.found_ix) == self.layout.total
