"""The solver's one window on the rules package: read a ``Game`` or ``Position``.

Only public, documented attributes are used (docs/ARCHITECTURE.md, SPEC §9): a game's
``game``, ``cells``, ``pile_ids()`` and ``pile(pid)``; a position's ``layout.game``,
``layout.cells``, ``layout.ids`` and ``pile(pid)``; each pile as ``Placed`` values with
``.card.rank`` (1..13), ``.card.suit`` (``C D H S``) and ``.up``.
"""

from __future__ import annotations

from typing import Any

from .eh_state import EHState
from .eo_state import EOState

Piles = dict[str, list[tuple[int, str, bool]]]
_SUIT = {s: i for i, s in enumerate("SHDC")}  # foundation order (SPEC §4, §5)


def face_code(rank: int, suit: str) -> int:
    """The solver's code of a card face: ``suit * 13 + rank - 1`` (suit in ``_SUIT``
    order, rank 1-13)."""
    return _SUIT[suit] * 13 + rank - 1


def _code(card: tuple[int, str, bool]) -> int:
    return face_code(card[0], card[1])


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
    """The solver state of a ``Game`` or ``Position`` (see :func:`read_piles`), or a
    copy of a solver state."""
    if isinstance(source, (EOState, EHState)):
        return source.copy()
    game, cells, piles = read_piles(source)
    if game == "easy-harp":
        return eh_from_piles(piles)
    return eo_from_piles(cells, piles)


def eo_from_piles(cells_n: int, piles: Piles) -> EOState:
    """The Eight Off state (see :mod:`.eo_state`) of piles ``t1..t8``, ``c1..cN``,
    ``f1..f4`` read by :func:`read_piles`."""
    cols = [[_code(c) for c in piles[f"t{i}"]] for i in range(1, 9)]
    cells = [_code(piles[f"c{i}"][0]) if piles[f"c{i}"] else -1 for i in range(1, cells_n + 1)]
    found = [len(piles[f"f{j}"]) for j in range(1, 5)]
    return EOState(cols, cells, found)


def eh_from_piles(piles: Piles) -> EHState:
    """The Easy Harp state (see :mod:`.eh_state`) of piles ``t1..t9``, ``s``, ``w``,
    ``f1..f8`` read by :func:`read_piles`: the deck cycle is the waste bottom to top,
    then the stock in drawing order (its last card first)."""
    cols, down = [], []
    for i in range(1, 10):
        pile = piles[f"t{i}"]
        cols.append([_code(c) for c in pile])
        down.append(sum(1 for c in pile if not c[2]))
    waste = [_code(c) for c in piles["w"]]
    stock = [_code(c) for c in reversed(piles["s"])]
    found = [len(piles[f"f{j}"]) for j in range(1, 9)]
    return EHState(cols, down, waste + stock, len(waste), found)
