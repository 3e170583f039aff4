"""The hint a player would give (SPEC §10; issue 24 point 4).

A hint is the first move of a solution, else the move a heuristic tries first, else
``None`` (SPEC §10). In Easy Harp the solution a search finds first often starts with
stock taps, while a move on the table keeps the game just as winnable: on deal
EH1-N-AABSGQO the search's line starts by drawing, yet t1-t6 (a card turned up) wins
in 82 positions. A player would say t1-t6. So when a line starts with a stock tap, the
hint looks, in this order, for a move that goes to a foundation, turns a card up or
frees a column, then any other move but a stock tap (the waste card's, other column
moves, take-backs), and gives the first one that still leads to a win:

1. **Reordering** (no search, :func:`.eh_line.lead`; every search's line has had it):
   the line's later move played first, then the rest of the line, replayed with every
   move checked for legality, reaches a win.
2. **A short search** from the position after the move (``fast`` mode; the searches
   of the first :data:`TRIES` such moves take turns of :data:`CHUNK` positions, the
   hint's budget in all) finds a win.

Either way the move is the first move of a solution that was checked to the end, so
the hint stays what SPEC §10 asks for. A stock tap is given only when none of these
moves was shown to win within the budget. When no solution is found at all, the hint
is the search's first move (SPEC §10: "the best move a heuristic finds"), again with
such a table move, if there is one, before a stock tap.
"""

from __future__ import annotations

from typing import Any

from .adapter import read_state
from .eh_line import lead, replays_to_win, table_moves
from .eh_state import EHState
from .search import WINNABLE, Search, Solution

__all__ = ["CHUNK", "TRIES", "hint_found", "hint_text", "replays_to_win", "table_move", "table_moves"]

#: How many moves other than a stock tap (table moves first) a hint searches from, in
#: turns of ``CHUNK`` positions each, ``max_nodes`` in all, when reordering the line did
#: not help (the move whose search wins first is given; an earlier move wins a tie).
TRIES, CHUNK = 8, 250


def hint_text(source: Any, max_nodes: int, line: tuple[str, ...] = ()) -> str | None:
    """The hint in SPEC §2 notation (module docstring), or ``None``.

    Args:
        source: a ``Game`` or ``Position``. max_nodes: budget of the first search
            (the searches after a move that replaces a stock tap share it again).
        line: a winning line from ``source`` already known (SPEC §2 notation, as a
            :class:`~game.solver.search.Solution` gives it), or empty: then no first
            search runs, its first move is the hint unless it is a stock tap.

    Returns:
        A notation string (``"s"`` for a stock tap), or ``None`` when nothing useful
        can be done (also for a won position).
    """
    return hint_found(source, max_nodes, line)[0]


def hint_found(source: Any, max_nodes: int, line: tuple[str, ...] = ()) -> tuple[str | None, Solution | None]:
    """As :func:`hint_text`, and the winning line its first search found, so that a
    caller can remember it (issue 24 points 2 and 5: Finish for me, or the next hint
    after the hinted move, then needs no search of its own).

    Returns:
        ``(hint, solution)``: the hint as :func:`hint_text` gives it; ``solution`` the
        :class:`~game.solver.search.Solution` (status ``"winnable"``, its moves replay
        to a win from ``source``) of the first search, or ``None`` when ``line`` was
        given or that search found no win.
    """
    found = None
    if line:
        moves = line
    else:
        sol = Search(source, max_nodes, mode="fast").run()
        moves = sol.moves
        if sol.status == WINNABLE and moves:
            found = sol
    return _pick(source, moves, max_nodes), found


def _pick(source: Any, moves: tuple[str, ...], max_nodes: int) -> str | None:
    """The hint of :func:`hint_text` once the line ``moves`` (maybe empty) is known."""
    st = read_state(source)
    if moves:
        if moves[0] == "s" and isinstance(st, EHState):
            better = table_move(st, moves, max_nodes)
            if better is not None:
                return better
        return moves[0]
    if st.won():
        return None
    au = st.auto("complete")
    if au:
        st.undo_auto(au)
        first = st.notation(au[0][0])[0]
    else:
        ms = st.moves("complete")
        if not ms:
            return None
        first = st.notation(ms[0])[0]
    if first == "s" and isinstance(st, EHState):
        table = table_moves(st)  # no win known either way: a player's move before a draw
        if table:
            return st.notation(table[0])[0]
    return first


def table_move(st: EHState, line: tuple[str, ...], max_nodes: int) -> str | None:
    """A move other than a stock tap that starts a checked win from ``st`` (module
    docstring: reordering ``line``, else a short search), in notation, or ``None``;
    the moves of :func:`table_moves` first, then the waste card's moves, the other
    column moves and take-backs."""
    led = lead(st, line)
    if led[0] != "s":
        return led[0]
    table = table_moves(st)
    rest = [m for m in st.moves("complete", full=True) if m[0] != 5 and m not in table]
    found = [(m, st.notation(m)[0]) for m in table + rest]
    searches = []
    for m, text in found[:TRIES]:
        after = st.copy()
        after.do(m)
        searches.append((text, Search(after, max_nodes, mode="fast")))
    spent = 0
    while searches and spent < max_nodes:  # in turns of CHUNK positions: the cheapest win first
        for item in list(searches):
            text, search = item
            before = search.nodes
            sol = search.step(min(CHUNK, max(1, max_nodes - spent)))
            spent += search.nodes - before
            if sol is not None:
                if sol.status == "winnable":
                    return text
                searches.remove(item)
            if spent >= max_nodes:
                break
    return None
