"""The solver's one window on the rules package: read a ``Game`` or ``Position``.

Only public, documented attributes are used (docs/ARCHITECTURE.md, SPEC §9): a game's
``game``, ``cells``, ``pile_ids()`` and ``pile(pid)``; a position's ``layout.game``,
``layout.cells``, ``layout.ids`` and ``pile(pid)``; each pile as ``Placed`` values with
``.card.rank`` (1..13), ``.card.suit`` (``C D H S``) and ``.up``.
"""

from __future__ import annotations

from typing import Any

from .eh_state import EHState
from .eh_state import from_piles as eh_from_piles
from .eo_state import EOState
from .eo_state import from_piles as eo_from_piles

Piles = dict[str, list[tuple[int, str, bool]]]


def read_piles(source: Any) -> tuple[str, int, Piles]:
    """``(game, cells, piles)`` of a ``Game`` or ``Position``.

    Returns:
        game ``"easy-harp"`` / ``"eight-off"``, cells (0 for Easy Harp), and pile id ->
        list of ``(rank, suit, face up)`` bottom to top.

    Raises:
        TypeError: ``source`` is neither a game nor a position.
    """
    if hasattr(source, "pile_ids"):
        game, cells, ids = source.game, source.cells, source.pile_ids()
    elif hasattr(source, "layout"):
        lay = source.layout
        game, cells, ids = lay.game, lay.cells, lay.ids
    else:
        raise TypeError(f"solve() needs a Game or a Position, not {type(source).__name__}")
    piles = {pid: [(p.card.rank, p.card.suit, p.up) for p in source.pile(pid)] for pid in ids}
    return game, cells, piles


def read_state(source: Any) -> EOState | EHState:
    """The solver state of a ``Game`` or ``Position`` (see :func:`read_piles`)."""
    game, cells, piles = read_piles(source)
    if game == "easy-harp":
        return eh_from_piles(piles)
    return eo_from_piles(cells, piles)
