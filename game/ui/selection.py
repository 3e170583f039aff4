"""The one selection of the table (pure): the cards picked up by a tap or by the
keyboard, and the piles that accept them (issue 11.1; SPEC §6 tap to select, tap to
place; §8 ``data-selected`` and ``data-target``; §11 Space and Enter).

A tap (``input.py``) and a key (``focus.py``) both pick and place through the
``Selection`` that ``table.py`` keeps and marks, so a card selected by a tap can be put
down with the keyboard and the other way round, Escape and a tap on the selection clear
it whichever way it was made, and the markings are the same. Every rule is asked from
the rules package (``Game.pickup_refusal``, ``targets``, ``drop_move``).
"""

from __future__ import annotations

from dataclasses import dataclass

import game


@dataclass(frozen=True, slots=True)
class Picked:
    """A selection: the cards of ``pile`` from ``index`` (0 = bottom) to the top, the
    card ids of those cards (bottom first) and the pile ids that would accept them
    (``Game.targets``, SPEC §8 ``data-target``)."""

    pile: str
    index: int
    cards: tuple[str, ...]
    targets: tuple[str, ...]


class Selection:
    """What is selected, valid while the position it was made in is on the table (a
    move played since, by any means, ends it)."""

    def __init__(self) -> None:
        self._picked: Picked | None = None
        self._board: object = None

    def pick(self, g: game.Game, pile: str, index: int) -> game.Refusal | None:
        """Select the cards of ``g``'s pile ``pile`` from ``index`` (negative: from the
        top) up, replacing any selection. Returns None when selected, else the refusal
        the rules give for lifting them (``Game.pickup_refusal``), the selection then
        cleared. Raises ``game.GameError`` for a pile id not in the game."""
        size = len(g.pile(pile))
        at = index + size if index < 0 else index
        refusal = g.pickup_refusal(pile, at) if 0 <= at < size else game.Refusal.EMPTY_SOURCE
        if refusal is not None:
            self.clear()
            return refusal
        cards = tuple(p.card.id for p in g.pile(pile)[at:])
        self._picked = Picked(pile, at, cards, tuple(g.targets(pile, at)))
        self._board = g.board
        return None

    def get(self, g: game.Game) -> Picked | None:
        """The selection, or None (none made, or made in another position than
        ``g``'s current one: then it is forgotten)."""
        if self._picked is not None and self._board is not g.board:
            self.clear()
        return self._picked

    def clear(self) -> bool:
        """Forget the selection; returns whether there was one."""
        had = self._picked is not None
        self._picked = None
        self._board = None
        return had

    def place(self, g: game.Game, dst: str) -> game.Move | None:
        """The move that puts the selection on pile ``dst`` (``Game.drop_move``: legal
        or not, ``App.play`` says why not), or None when there is no selection or
        ``dst`` is its own pile (putting it back). The selection is cleared either way."""
        picked = self.get(g)
        self.clear()
        if picked is None or dst == picked.pile:
            return None
        return g.drop_move(picked.pile, picked.index, dst)
