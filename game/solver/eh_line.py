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


def relabels(st: EHState, m: tuple[int, ...]) -> bool:
    """Whether ``m`` moves a whole column into an empty one (a king-led run): the same
    position with two columns swapped, the same solver key. A hint of it changes nothing
    (a tester following hints was told to move the 10 cards from K♥ from column 1 to the
    empty column 3, then the other K♥ run into column 1)."""
    kind, a, b, n = m
    return kind == 0 and n == len(st.cols[a]) and not st.cols[b]


def player_moves(st: EHState) -> list[tuple[int, ...]]:
    """The legal primitive moves a hint may name (``st.moves("complete", full=True)``),
    none that only :func:`relabels`: every list of hint candidates starts from here."""
    return [m for m in st.moves("complete", full=True) if not relabels(st, m)]


def table_moves(st: EHState) -> list[tuple[int, ...]]:
    """The legal Easy Harp moves a player prefers to a stock tap, best first: column
    to foundation, then moves that turn a card up (fewest face-down cards left
    first), then moves that empty a column (SPEC §4 moves; primitive, of
    :func:`player_moves`)."""
    ranked: list[tuple[int, tuple[int, ...]]] = []
    for m in player_moves(st):
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


def leads_to(st: Any, text: str, keys: frozenset[bytes]) -> bool:
    """Whether the move written ``text`` (SPEC §2 notation, not a stock tap) is legal in
    ``st`` (an Easy Harp or Eight Off solver state, not changed) and reaches a position
    whose key (``state.key()``) is in ``keys``. A stock tap never does: it changes no
    key of Easy Harp (the key leaves out the deck's cursor)."""
    if not keys or text == "s":
        return False
    for m in st.moves("complete", full=True):
        if st.notation(m)[:1] == [text]:
            after = st.copy()
            after.do(m)
            return after.key() in keys
    return False


def replays_to_win(st: EHState, line: tuple[str, ...] | list[str]) -> bool:
    """Whether ``line`` (SPEC §2 notation) is legal move by move from ``st`` (each must
    be one of the legal primitive moves) and ends in a win; ``st`` is not changed."""
    cur = st.copy()
    return all(play_text(cur, text) for text in line) and cur.won()


def bounces(st: EHState, m: tuple[int, ...], recent: frozenset[int]) -> bool:
    """Whether ``m`` is a column move that turns nothing up and empties nothing, or a
    take-back, of a card whose face (``suit * 13 + rank - 1``) is in ``recent`` (moved
    onto a column by one of the game's last actions): offered as a hint, it would send
    that card back and forth (a tester saw 5♥ hinted t1-t3, t3-t1, t1-t3 between draws)."""
    kind, a, _, n = m
    if kind == 4:
        return (a % 4) * 13 + st.found[a] - 1 in recent
    if kind != 0 or not recent:
        return False
    size, down = len(st.cols[a]), st.down[a]
    return not (down and size - n == down) and n != size and st.cols[a][-n] in recent


def _candidates(st: EHState, recent: frozenset[int] = frozenset()) -> list[str]:
    """The non-stock moves of ``st`` in notation, best first: :func:`table_moves`, then
    the waste card's moves, other column moves and take-backs (none that
    :func:`bounces`; of :func:`player_moves`)."""
    table = table_moves(st)
    rest = [m for m in player_moves(st) if m[0] != 5 and m not in table and not bounces(st, m, recent)]
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


def lead(st: Any, line: tuple[str, ...], avoid: frozenset[bytes] = frozenset(),
         recent: frozenset[int] = frozenset()) -> tuple[str, ...]:
    """``line`` (a win from ``st``) rewritten to start with a move other than a stock
    tap (nor one that reaches a position of ``avoid``), when one of these, in the order
    of :func:`_candidates`, still replays to a win with the rest of the line in order
    (at most :data:`LEAD_TRIES` tries):

    - the line's first move out of a column whose top card it still is (the same card
      to the same place, played first), when that move is legal at the start;
    - a legal move of the start that the line plays later in the same words.

    Args:
        st: the state the line starts from (not changed; any other game's line is
            returned as it is).
        line: SPEC §2 notation strings that replay from ``st`` to a win.
        avoid: solver keys of positions the game came through (:mod:`.advice`): a
            line that starts with a move into one is rewritten too, and no move into
            one is pulled to the front.
        recent: faces of cards the game's last actions moved onto a column: no move
            that :func:`bounces` is pulled to the front.

    Returns:
        A line that replays from ``st`` to a win, of the same length, whose first
        move starts no detour that :func:`straight` would take out; ``line`` itself
        when it starts with a move on the table that leads nowhere in ``avoid``, or
        no try wins.
    """
    if not line or not isinstance(st, EHState) or line[0] != "s" and not leads_to(st, line[0], avoid):
        return line
    firsts = _column_firsts(st, line)
    tries, tried = 0, set()
    for text in _candidates(st, recent):
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
            if not play_text(probe, first) or probe.key() in avoid or probe.key() == st.key():
                continue  # (a move that changes nothing, as one that :func:`relabels`, is no lead)
            trial = (first, *line[:k], *line[k + 1 :])
            if replays_to_win(st, trial) and straight(st, trial) == trial:  # a move the line
                return trial  # did not need (it takes it back) is no lead
            tries += 1
            if tries >= LEAD_TRIES:
                return line
    return line


#: How many shortened lines :func:`tidy` replays at most (each about 2 ms for a line of
#: 800 moves in CPython here).
TIDY_TRIES = 30


def _ends(text: str) -> tuple[str, str] | None:
    """(source, destination) of a one-card move in SPEC §2 notation, else None."""
    src, _, dst = text.partition("-")
    return (src, dst) if dst and ":" not in dst else None


def _detours(line: list[str], starts: int | None = None) -> list[tuple[int, int, str | None]]:
    """Places where one card makes a detour (issue 24 point 4: hints that moved 9♠ from
    t7 to t4 and, ten actions later, back): ``(i, j, first)``, move ``i`` puts a card on
    column or foundation ``b`` and move ``j``, the next from ``b``, with nothing put on ``b`` between,
    takes it on to ``c``. ``first`` is the move that goes there at once (``"x-c"``:
    nothing between touches ``c``), or ``None`` when ``c`` is where it came from
    (column or foundation ``x``, untouched between): both moves go. Only moves ``i``
    before ``starts`` are looked at, when given."""
    out: list[tuple[int, int, str | None]] = []
    for i, text in enumerate(line[:starts]):
        ends = _ends(text)
        if ends is None or ends[1][0] not in "tf":
            continue
        x, b = ends
        touched: set[str] = set()
        for j in range(i + 1, len(line)):
            nxt = line[j].partition("-")
            here = {nxt[0], nxt[2].split(":")[0]} if nxt[2] else {"w"}
            if nxt[0] == b:
                later = _ends(line[j])
                if later is not None:
                    c = later[1]
                    if c == x and x[0] in "tf" and x not in touched:
                        out.append((i, j, None))
                    elif c != x and c not in touched:
                        out.append((i, j, f"{x}-{c}"))
                break
            if b in here:
                break
            touched |= here
    return out


def tidy(st: Any, line: tuple[str, ...]) -> tuple[str, ...]:
    """``line`` (a win from ``st``) without the detours of :func:`_detours`, among them
    a card sent somewhere and straight back (a search's automatic move of a card to a
    foundation, then that card taken back as a base: the hint said t1-f1, then f1-t1,
    and a player following the hints came back to a position whose line began so
    again); at most :data:`TIDY_TRIES` tries, each shortening kept only when the line
    still replays to a win from ``st`` (the proof that it is one); other games' lines
    unchanged."""
    if not isinstance(st, EHState) or len(line) < 2:
        return line
    best, tries = line, 0
    while tries < TIDY_TRIES:
        for i, j, first in _detours(list(best)):
            tries += 1
            trial = [*best[:i], *([first] if first else []), *best[i + 1 : j], *best[j + 1 :]]
            if replays_to_win(st, trial):
                best = tuple(trial)
                break
            if tries >= TIDY_TRIES:
                break
        else:
            break
    return best


def straight(st: Any, line: tuple[str, ...]) -> tuple[str, ...]:
    """``line`` (legal from ``st``) without the detour its first move starts
    (:func:`_detours`), when the shorter line replays to a win from ``st``; else
    ``line`` itself. A line pulled to start with a move on the table (:func:`lead`,
    ``advice.table_line``) is checked so: a new player following the hints on deal
    EH1-N-AAAAAAU was told t5-t8, then t8-t5 five draws later, and t1-f5, then f5-t1,
    moves the line did not need: those callers refuse a move that this takes out."""
    if not isinstance(st, EHState):
        return line
    for _i, j, first in _detours(list(line), starts=1):
        trial = (*([first] if first else []), *line[1:j], *line[j + 1 :])
        if trial and replays_to_win(st, trial):
            return trial
    return line
