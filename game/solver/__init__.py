"""Solver for Easy Harp and Eight Off (SPEC §10): plain Python, CPython and Pyodide.

The solver plays with full knowledge ("thoughtful" solitaire): it sees face-down cards
and the stock order, as every published winnability figure does.

- :func:`solve` answers ``"winnable"`` (with moves that replay to a win),
  ``"unwinnable"`` (only after a complete search, or one whose pruning is proven in
  :mod:`.eo_state` / :mod:`.eh_state`) or ``"unknown"`` (budget spent).
- :class:`Search` is the same search in slices, for a page that must not freeze:
  a ``"fast"`` search for hints, a ``"complete"`` one before saying "unwinnable".
- :func:`hint` gives one move; :func:`is_stuck` says that nothing that matters can
  change any more.

>>> import game
>>> r = solve(game.new_game("EO1-C8-AAAAAAB"))
>>> r.status, len(r.moves) > 0
('winnable', True)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..moves import Move
from .adapter import face_code, read_state
from .advice import hint_found
from .eh_line import leads_to
from .search import MODES, UNKNOWN, UNWINNABLE, WINNABLE, Search, Solution

__all__ = [
    "MODES", "UNKNOWN", "UNWINNABLE", "WINNABLE", "Search", "Solution", "hint", "hint_and_line", "is_stuck",
    "leads_back", "past_keys",
    "proven_deals", "solve",
]


def solve(source: Any, max_nodes: int = 200_000, mode: str = "auto") -> Solution:
    """Solve a game or position (SPEC §10).

    Args:
        source: a ``Game`` (its current position) or a ``Position``.
        max_nodes: budget of positions expanded. Measured 3 December 2026 (CPython
            3.11, shared 2-core machine, CPU time): Easy Harp about 5,500 positions
            per second (deals 4-11), Eight Off 8 cells 16,000-26,000 (deals 1-20);
            Pyodide is 1.5-2.8 times slower per position (README, "Solver").
        mode: ``"auto"`` (default: fast, then complete), ``"fast"`` or ``"complete"``
            (see :class:`Search`).

    Returns:
        A :class:`Solution`: ``.status``, ``.moves`` (notation strings; ``g.play`` each
        in turn from this position and the game is won), ``.nodes``.

    Raises:
        TypeError: ``source`` is not a game or a position. ValueError: unknown mode.
    """
    return Search(source, max_nodes, mode).run()


def hint(source: Any, max_nodes: int = 20_000, line: tuple[str, ...] = (),
         avoid: Iterable[bytes] | None = None) -> Move | None:
    """One move to play (SPEC §10): the first move of a solution found by a fast search
    (in Easy Harp, a move on the table that starts a checked win rather than a stock
    tap, see :mod:`.advice`), else the move the search would try first (safe
    foundation moves, then its move order), else ``None`` when no move changes anything.
    The move leads back to no position the game came through while another first
    move is known to win (:mod:`.advice`, "Never back").

    Args:
        source: a ``Game`` or ``Position``. max_nodes: budget of the fast search.
        line: a winning line from ``source`` already known (a ``Solution``'s moves),
            or empty: then its first move is the hint without a first search (in Easy
            Harp, a table move found as above before a stock tap; in both games
            another first move when it leads back).
        avoid: solver keys of positions not to lead back to; ``None``: those of
            :func:`past_keys` (a ``Game``'s undo history; none for a ``Position``).

    Returns:
        A :class:`~game.moves.Move` (SPEC §2; a stock tap ``s`` when the solution starts
        by drawing), or ``None`` (also for a won position).
    """
    return hint_and_line(source, max_nodes, line, avoid)[0]


def hint_and_line(source: Any, max_nodes: int = 20_000, line: tuple[str, ...] = (),
                  avoid: Iterable[bytes] | None = None) -> tuple[Move | None, Solution | None]:
    """:func:`hint`, and the winning line found on the way that starts with it (the
    page keeps it: Finish for me on the same position then starts at once, and the
    next hint follows it, issue 24 points 2 and 5).

    Args: as :func:`hint`.

    Returns:
        ``(move, solution)``: the move :func:`hint` gives; ``solution`` a
        :class:`Solution` with status ``"winnable"`` from ``source`` whose moves start
        with ``move`` and replay to a win, or ``None`` when the move is the first of
        ``line`` itself or no win was found.
    """
    keys = past_keys(source) if avoid is None else frozenset(avoid)
    mv, found = hint_found(source, max_nodes, line, keys, recent_faces(source) if avoid is None else ())
    if mv is None:
        return None, found
    norm = getattr(source, "normalise", None)
    return (norm(mv) if norm is not None else Move.parse(mv)), found


def past_keys(source: Any) -> frozenset[bytes]:
    """The solver keys (``state.key()``) of the positions a ``Game`` came through (its
    undo history, ``Game.past_positions()``: at most 100); empty for anything else.
    A hint leads back to none of them while another move is known to win."""
    past = getattr(source, "past_positions", None)
    if past is None:
        return frozenset()
    return frozenset(read_state(p).key() for p in past())


#: How many of a game's last actions :func:`recent_faces` reads.
RECENT_ACTIONS = 20


def recent_faces(source: Any) -> frozenset[int]:
    """The faces (``suit * 13 + rank - 1``) of the cards that a ``Game``'s last
    :data:`RECENT_ACTIONS` actions moved onto a column from another column or a
    foundation (empty for anything else): an Easy Harp hint moves none of them from
    column to column, or back from a foundation, on its own (:func:`.eh_line.bounces`)."""
    past = getattr(source, "past_positions", None)
    if past is None:
        return frozenset()
    out = set()
    for pos, mv in list(zip(past(), source.history()))[-RECENT_ACTIONS:]:
        if mv.dst is not None and mv.dst[0] == "t" and mv.src[0] in "tf":
            card = pos.pile(mv.src)[-(mv.count or 1)].card
            out.add(face_code(card.rank, card.suit))
    return frozenset(out)


def leads_back(source: Any, move: str, avoid: Iterable[bytes] | None = None) -> bool:
    """Whether ``move`` (SPEC §2 notation, as a ``Solution`` writes it) is legal from
    ``source`` and reaches a position of ``avoid`` (``None``: :func:`past_keys`); a
    stock tap never does. The page asks it of a known line's first move before giving
    that move as a hint."""
    keys = past_keys(source) if avoid is None else frozenset(avoid)
    return leads_to(read_state(source), move, keys)


def is_stuck(source: Any, max_nodes: int = 50_000) -> bool | None:
    """Whether the game is stuck: no sequence of legal moves (stock taps and recycles
    included, take-backs included) reaches a position with more cards on the
    foundations, or (Easy Harp) fewer face-down cards, or fewer cards in the stock and
    waste than now. A stuck game cannot be won; only moves that shuffle cards between
    equivalent places remain (and stock taps, which Easy Harp always allows).

    Args:
        source: a ``Game`` or ``Position``. max_nodes: budget of positions searched.

    Returns:
        ``True`` stuck (the search saw every reachable position), ``False`` some
        progress is reachable (or the game is won), ``None`` budget spent first.
    """
    if read_state(source).won():
        return False
    sol = Search(source, max_nodes, mode="complete", goal="progress").run()
    if sol.status == WINNABLE:
        return False
    if sol.status == UNWINNABLE:
        return True
    return None


_PROVEN: dict[str, tuple[int, ...]] = {}


def proven_deals(variant: str) -> tuple[int, ...]:
    """Deal numbers proven winnable, computed offline by ``scripts/proven_deals.py``
    and the batch runs of ``scripts/decide_deals.py`` (each with a solution that
    replays to a win), for "winnable deals only".

    Args:
        variant: ``"easy-harp"``, ``"eight-off-8"``, ``"eight-off-4"`` or
            ``"eight-off-2"`` (the variant names of SPEC §12).

    Returns:
        Sorted deal numbers (SPEC §3), possibly empty: ``STORE[variant]`` of
        :mod:`.proven` decoded by :func:`.dealset.decode` at the first call, then kept.

    Raises:
        KeyError: unknown variant.
    """
    if variant not in _PROVEN:
        from .dealset import decode
        from .proven import STORE

        _PROVEN[variant] = decode(STORE[variant])
    return _PROVEN[variant]
