"""The hint a player would give (SPEC §10; issue 24 point 4).

A hint is the first move of a solution, else the move a heuristic tries first, else
``None`` (SPEC §10). In Easy Harp the solution a search finds first often starts with
stock taps, while a move on the table keeps the game just as winnable: on deal
EH1-N-AABSGQO the search's line starts by drawing, yet t1-t6 (a card turned up) wins
in 82 positions. A player would say t1-t6. So when a line starts with a stock tap, the
hint looks, in this order, for a move that goes to a foundation, turns a card up or
frees a column, then a move of the waste card, then other column moves and take-backs
(those that :func:`opens` a place first; none of a card the game's last actions moved,
:func:`.eh_line.bounces`), and gives the first one that still leads to a win:

1. **Reordering** (no search, :func:`.eh_line.lead`; every search's line has had it):
   the line's later move (any but a stock tap) played first, then the rest of the line, replayed with every
   move checked for legality, reaches a win.
2. **A short search** from the position after the move (``fast`` mode; the searches
   of the first :data:`TRIES` such moves take turns of :data:`CHUNK` positions, the
   hint's budget in all) finds a win.

Either way the move is the first move of a solution that was checked to the end, so
the hint stays what SPEC §10 asks for. A stock tap is given only when none of these
moves was shown to win within the budget. When no solution is found at all, the hint
is the search's first move (SPEC §10: "the best move a heuristic finds"), again with
such a table move, if there is one, before a stock tap.

**Never back** (both games): a hint leads to no position the game came through
(``avoid``: :meth:`Game.past_positions`, the undo history). A player who moved 9♠ from
t4 to t7 was told t7-t4, then t4-t7 again, for ever (deal EH1-N-AAAAABC: each hint was
the first move of a new search's line, and each line began with the move back). So the
hint's searches treat those positions as seen (their lines never pass through one), a
line whose first move leads back is rewritten like one that starts by drawing, and the
move back is given only when no other first move was shown to win. The line found with
the hint comes back with it, so that the page follows it: the next hint is its next
move, not a new search's first.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .adapter import read_state
from .eh_line import bounces, lead, leads_to, play_text, player_moves, replays_to_win, straight, table_moves
from .eh_state import EHState
from .search import WINNABLE, Search, Solution

__all__ = ["CHUNK", "TRIES", "hint_found", "hint_text", "opens", "replays_to_win", "table_line", "table_moves"]

#: How many moves other than a stock tap (table moves first) a hint searches from, in
#: turns of ``CHUNK`` positions each, ``max_nodes`` in all, when reordering the line did
#: not help (the move whose search wins first is given; an earlier move wins a tie).
TRIES, CHUNK = 8, 250


def hint_text(source: Any, max_nodes: int, line: tuple[str, ...] = (),
              avoid: Iterable[bytes] = (), recent: Iterable[int] = ()) -> str | None:
    """The hint in SPEC §2 notation (module docstring), or ``None``.

    Args:
        source: a ``Game`` or ``Position``. max_nodes: budget of the first search
            (the searches after a move that replaces a stock tap share it again).
        line: a winning line from ``source`` already known (SPEC §2 notation, as a
            :class:`~game.solver.search.Solution` gives it), or empty: then no first
            search runs, its first move is the hint unless it is a stock tap or leads
            to a position of ``avoid``.
        avoid: solver keys (``state.key()``) of the positions the game came through
            (module docstring, "Never back").
        recent: faces (``suit * 13 + rank - 1``) of the cards the game's last actions
            moved onto a column (:func:`.eh_line.bounces`).

    Returns:
        A notation string (``"s"`` for a stock tap), or ``None`` when nothing useful
        can be done (also for a won position).
    """
    return hint_found(source, max_nodes, line, avoid, recent)[0]


def hint_found(source: Any, max_nodes: int, line: tuple[str, ...] = (), avoid: Iterable[bytes] = (),
               recent: Iterable[int] = ()) -> tuple[str | None, Solution | None]:
    """As :func:`hint_text`, and the winning line that starts with the hint when this
    call found it, so that a caller can remember it (issue 24 points 2 and 5: Finish
    for me, and the next hint after the hinted move, then need no search of their own).

    Returns:
        ``(hint, solution)``: the hint as :func:`hint_text` gives it; ``solution`` a
        :class:`~game.solver.search.Solution` (status ``"winnable"``) whose moves
        start with the hint and replay to a win from ``source``, or ``None`` when the
        hint is the first move of ``line`` itself or no win was found.
    """
    st = read_state(source)
    keys = frozenset(avoid) - {st.key()}
    found = None
    if line:
        moves = tuple(line)
    else:
        sol = Search(st, max_nodes, mode="fast", avoid=keys).run()
        moves = sol.moves
        if sol.status == WINNABLE and moves:
            found = sol
    ace = _ace_up(st) if not moves or moves[0] == "s" else None
    if ace is not None:
        return ace, None
    if not moves:
        return _heuristic(st, keys), None
    if moves[0] == "s" or leads_to(st, moves[0], keys):
        better = _other_line(st, moves, max_nodes, keys, bool(line), frozenset(recent))
        if better is not None:
            return better[0], Solution(WINNABLE, better, found.nodes if found else 0)
    return moves[0], found


def _ace_up(st: Any) -> str | None:
    """An Easy Harp ace that can go up now from a column top or the waste, in notation,
    or ``None``. Given rather than a draw (a tester was told to draw with A♣ on the
    waste): it starts a solution whenever the position has one, since nothing is ever
    built on an ace, so a win that plays the ace later wins with it up now (its other
    moves dropped; the deck, one card shorter, cycles without limit, SPEC §4)."""
    if not isinstance(st, EHState):
        return None
    for m in st.moves("complete", full=True):
        if m[0] == 1 and st.cols[m[1]][-1] % 13 == 0 or m[0] == 3 and st.deck[m[1]] % 13 == 0:
            return st.notation(m)[0]
    return None


def _other_line(st: Any, moves: tuple[str, ...], max_nodes: int, keys: frozenset[bytes],
                given: bool, recent: frozenset[int]) -> tuple[str, ...] | None:
    """A winning line from ``st`` to replace ``moves`` (which starts with a stock tap or
    a move back into ``keys``): in Easy Harp :func:`table_line`; then, for a line that
    leads back and was given (a line found here avoided ``keys`` already), a search
    that avoids ``keys`` (its line may start by drawing). ``None`` when none is found
    within ``max_nodes`` (each of the two may spend it)."""
    if isinstance(st, EHState):
        better = table_line(st, moves, max_nodes, keys, recent)
        if better is not None or moves[0] == "s":
            return better
    if given:
        sol = Search(st, max_nodes, mode="fast", avoid=keys).run()
        if sol.status == WINNABLE and sol.moves and not leads_to(st, sol.moves[0], keys):
            return sol.moves
    return None


def _heuristic(st: Any, keys: frozenset[bytes]) -> str | None:
    """The hint when no win is known (SPEC §10, "the best move a heuristic finds"): an
    automatic move to a foundation that needs no draw, else (Easy Harp) a move of
    :func:`table_moves` or of the waste card (to a foundation first: a tester was told
    to draw while 2♣ on the waste could go up), else the first move the search would try (a draw towards an
    ace included), a move that leads nowhere in ``keys`` before one that does; ``None``
    for a won position or when no move is left. At the start of deal EH1-N-AAAAABC the
    first automatic move is an ace six draws away: the hint said "draw" while t8-t7 and
    t9-t1 turn cards up. In Easy Harp, when every one of those leads back into
    ``keys``, another legal move that does not, else a stock tap, before a move back (a
    tester's hints sent 2♦ from one black three to the other and back 31 times, in a
    lost position: the heuristic's one candidate was the move back)."""
    if st.won():
        return None
    texts = []
    au = st.auto("complete")
    if au:
        st.undo_auto(au)
        texts.append(st.notation(au[0][0])[0])
    if isinstance(st, EHState) and texts[:1] in ([], ["s"]):  # a player's move before a draw
        waste = [m for m in st.moves("complete", full=True) if m[0] in (2, 3)]
        texts[:0] = [st.notation(m)[0] for m in table_moves(st) + sorted(waste, key=lambda m: -m[0])]
    texts += [st.notation(m)[0] for m in st.moves("complete")[:1]]
    ahead = [t for t in texts if not leads_to(st, t, keys)]
    if not ahead and isinstance(st, EHState):
        ahead = [st.notation(m)[0] for m in player_moves(st)
                 if m[0] != 5 and not leads_to(st, st.notation(m)[0], keys)]
        ahead += ["s"] if st.deck else []
    return ahead[0] if ahead else (texts or [None])[0]


def table_line(st: EHState, line: tuple[str, ...], max_nodes: int, avoid: frozenset[bytes] = frozenset(),
               recent: frozenset[int] = frozenset()) -> tuple[str, ...] | None:
    """A winning line from ``st`` (SPEC §2 notation, checked to the win) that starts
    with a move other than a stock tap and leads to no position of ``avoid`` (module
    docstring), or ``None``: ``line`` reordered (any move the line plays, first), else a
    short search after each move of :func:`table_moves`, of the waste card, then the
    other column moves and take-backs, those that :func:`opens` something first (none
    that :func:`.eh_line.bounces`, for ``recent``, nor pulled to the front); each search
    avoids ``avoid`` and ``st`` too (its line never comes back)."""
    led = lead(st, line, avoid, recent)
    if led[0] != "s" and not leads_to(st, led[0], avoid):
        return led
    table = table_moves(st)
    every = player_moves(st)
    waste = sorted((m for m in every if m[0] in (2, 3)), key=lambda m: -m[0])  # up first
    free = [m for m in every if m[0] in (0, 4) and m not in table and not bounces(st, m, recent)]
    opening = [m for m in free if opens(st, m)]
    behind = avoid | {st.key()}
    searches = []
    for m in table + waste + opening + [m for m in free if m not in opening]:
        after = st.copy()
        after.do(m)
        if after.key() in avoid:
            continue
        searches.append((st.notation(m)[0], Search(after, max_nodes, mode="fast", avoid=behind)))
        if len(searches) == TRIES:
            break
    spent = 0
    while searches and spent < max_nodes:  # in turns of CHUNK positions: the cheapest win first
        for item in list(searches):
            text, search = item
            before = search.nodes
            sol = search.step(min(CHUNK, max(1, max_nodes - spent)))
            spent += search.nodes - before
            if sol is not None:
                won = (text, *sol.moves)
                if sol.status == "winnable" and straight(st, won) == won and _ahead(st, won, behind):
                    return won  # (not a move that its line takes back)
                searches.remove(item)
            if spent >= max_nodes:
                break
    return None


def opens(st: EHState, m: tuple[int, ...]) -> bool:
    """Whether the Easy Harp move ``m`` (a column move that turns nothing up and empties
    nothing, kind 0, or a take-back, kind 4) makes room for something: after it, the
    card it uncovers can go to a foundation, or the waste card or another column's
    top card (not the one moved) can go onto the card it uncovers or brings. Such
    moves are tried before the others (:func:`table_line`): a tester saw 9♠ hinted from
    one red ten to the other and back three times between draws, opening nothing."""
    kind, a, b, _ = m
    after = st.copy()
    after.do(m)
    here = a if kind == 0 else b  # the column whose top is new
    for k, s, d, _n in after.moves("complete", full=True):
        if kind == 0 and k == 1 and s == a:
            return True
        if d == here and (k == 2 or k == 0 and s != b):
            return True
    return False


def _ahead(st: EHState, line: tuple[str, ...], behind: frozenset[bytes]) -> bool:
    """Whether ``line`` (legal from ``st``) passes through no position of ``behind``
    after any move on the table, the positions a search keys or not (between a
    search's automatic moves: a card taken back from a foundation and put back
    straight after, then more cards up, made a hint of its own)."""
    cur = st.copy()
    for text in line:
        if not play_text(cur, text):
            return False
        if text != "s" and cur.key() in behind:
            return False
    return True
