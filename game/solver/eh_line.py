"""Easy Harp winning lines a player would follow (issue 24 point 4): a line that starts
by drawing, rewritten to start with a move on the table when that still wins.

A search's line often starts with stock taps although a move on the table, found later
in the same line, could be played first (deal EH1-N-AABSGQO: the line draws, yet t1-t6
turns a card up and wins). :func:`lead` pulls such a move to the front of the line and
keeps the new line only when it replays, move by move, to a win: the line stays a
solution (SPEC §10), and its first move, which the page gives as a hint, is one a
player would give. Pure bookkeeping over :class:`.eh_state.EHState`, no search.
"""

from __future__ import annotations

from typing import Any

from .eh_state import EHState

#: How many moves :func:`lead` tries to pull to the front (each try replays the line).
LEAD_TRIES = 12


def table_moves(st: EHState) -> list[tuple[int, ...]]:
    """The legal Easy Harp moves a player prefers to a stock tap, best first: column
    to foundation, then moves that turn a card up (fewest face-down cards left
    first), then moves that empty a column (SPEC §4 moves; primitive, as
    ``legal_moves`` lists them)."""
    ranked: list[tuple[int, tuple[int, ...]]] = []
    for m in st.moves("complete", full=True):
        kind, a, _, n = m
        if kind == 1:
            ranked.append((0, m))
        elif kind == 0:
            size, down = len(st.cols[a]), st.down[a]
            if down and size - n == down:
                ranked.append((1 + down, m))
            elif n == size:
                ranked.append((100, m))
    ranked.sort(key=lambda t: t[0])
    return [m for _, m in ranked]


def play_text(st: EHState, text: str) -> bool:
    """Play the move written ``text`` (SPEC §2 notation) on ``st`` when it is one of the
    legal primitive moves (a stock tap when the stock or the waste holds a card);
    return whether it was played (``st`` unchanged otherwise)."""
    if text == "s":
        if not st.deck:
            return False
        st.do((5, 0, 0, 0))
        return True
    for m in st.moves("complete", full=True):
        if m[0] != 5 and st.notation(m) == [text]:
            st.do(m)
            return True
    return False


def replays_to_win(st: EHState, line: tuple[str, ...] | list[str]) -> bool:
    """Whether ``line`` (SPEC §2 notation) is legal move by move from ``st`` (each must
    be one of the legal primitive moves) and ends in a win; ``st`` is not changed."""
    cur = st.copy()
    return all(play_text(cur, text) for text in line) and cur.won()


def _candidates(st: EHState) -> list[str]:
    """The non-stock moves of ``st`` in notation, best first: :func:`table_moves`, then
    the waste card's moves, other column moves and take-backs."""
    table = table_moves(st)
    rest = [m for m in st.moves("complete", full=True) if m[0] != 5 and m not in table]
    return [st.notation(m)[0] for m in table + rest]


def _column_firsts(st: EHState, line: tuple[str, ...]) -> dict[str, int]:
    """Column id (``"t3"``) -> index in ``line`` of the first move out of that column,
    for the columns whose top card then is still the one on top in ``st`` (no card was
    taken from the column before, so none was put on it either when its size is
    unchanged): that move plays the very card a move of ``st`` from the column plays."""
    cur = st.copy()
    sizes = {f"t{i + 1}": len(c) for i, c in enumerate(st.cols)}
    out: dict[str, int] = {}
    left = set(sizes)
    for k, text in enumerate(line):
        src = text.split("-", 1)[0]
        if src in left:
            left.discard(src)
            if len(cur.cols[int(src[1:]) - 1]) == sizes[src]:
                out[src] = k
            if not left:
                break
        if not play_text(cur, text):
            break
    return out


def lead(st: Any, line: tuple[str, ...]) -> tuple[str, ...]:
    """``line`` (a win from ``st``) rewritten to start with a move other than a stock
    tap, when one of these, in the order of :func:`_candidates`, still replays to a
    win with the rest of the line in order (at most :data:`LEAD_TRIES` tries):

    - the line's first move out of a column whose top card it still is (the same card
      to the same place, played first), when that move is legal at the start;
    - a legal move of the start that the line plays later in the same words.

    Args:
        st: the state the line starts from (not changed; any other game's line is
            returned as it is).
        line: SPEC §2 notation strings that replay from ``st`` to a win.

    Returns:
        A line that replays from ``st`` to a win, of the same length; ``line`` itself
        when it does not start with a tap or no try wins.
    """
    if not line or line[0] != "s" or not isinstance(st, EHState):
        return line
    firsts = _column_firsts(st, line)
    tries, tried = 0, set()
    for text in _candidates(st):
        src = text.split("-", 1)[0]
        ks = [firsts[src]] if src in firsts else []
        if text in line:
            ks.append(line.index(text))
        for k in ks:
            first = line[k]
            if (first, k) in tried:
                continue
            tried.add((first, k))
            probe = st.copy()
            if not play_text(probe, first):
                continue
            trial = (first, *line[:k], *line[k + 1 :])
            if replays_to_win(st, trial):
                return trial
            tries += 1
            if tries >= LEAD_TRIES:
                return line
    return line
