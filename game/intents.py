"""What a tap, a double tap or a drop means, as pure functions of a position (SPEC §6).

The view reports intents (pile id + card index, ``0`` = bottom) and plays the move these
functions return; none of them changes anything. ``index = -1`` means the top card.
"""

from __future__ import annotations

from . import engine
from .moves import DRAW, IllegalMove, Move
from .position import Position
from .refusals import Refusal


def _picked(pos: Position, pid: str, index: int) -> tuple[int, int] | None:
    """(pile index, count) of the cards from ``index`` to the top, or None."""
    s = pos.layout.index.get(pid)
    if s is None:
        return None
    size = len(pos.piles[s])
    if index < 0:
        index += size
    if not 0 <= index < size:
        return None
    return s, size - index


def _try(pos: Position, move: Move) -> Move | None:
    try:
        return engine.resolve(pos, move).move
    except IllegalMove:
        return None


def tap_move(pos: Position, pid: str, index: int = -1) -> Move | None:
    """The move a single tap makes (SPEC §6): the tapped top card (column top, cell card
    or waste top) to the first foundation slot that accepts it; a tap on the stock is the
    stock tap ``s`` (draw or recycle).

    Args:
        pos: the position. pid: a pile id. index: the tapped card (0 = bottom, -1 = top;
            ignored for the stock).

    Returns:
        The normalised move, or ``None`` when nothing would move (not the top card, no
        accepting foundation, a foundation card, unknown pile, bad index).
    """
    lay = pos.layout
    if pid == "s" and lay.stock_ix >= 0:
        return _try(pos, DRAW)
    picked = _picked(pos, pid, index)
    if picked is None or picked[1] != 1 or lay.kind[picked[0]] == "f":
        return None
    return _try(pos, Move(pid, "f", 1))


def double_tap_move(pos: Position, pid: str, index: int = -1) -> Move | None:
    """The one move a double tap makes (SPEC §6), for the cards from ``index`` to the top.

    Order: a foundation (one card only); then the longest non-empty column that accepts
    the cards (ties to the lower column number); then the lowest-numbered empty column
    that accepts them (a king or king-led run), unless the cards already make up their
    whole column (moving them would gain nothing); then, Eight Off, the lowest-numbered
    empty free cell (one card, not from another cell). A double tap on the head of a
    movable run moves the run the same way. The stock answers like :func:`tap_move`;
    foundation cards give ``None`` (take-backs are dragged).

    Returns:
        The normalised move, or ``None`` when there is no place for the cards.
    """
    lay = pos.layout
    if pid == "s" and lay.stock_ix >= 0:
        return _try(pos, DRAW)
    picked = _picked(pos, pid, index)
    if picked is None:
        return None
    s, n = picked
    if lay.kind[s] == "f":
        return None
    rules = engine.RULES[lay.game]
    check = rules.check
    piles = pos.piles
    if n == 1:
        for d in lay.found_ix:
            if check(pos, s, d, 1) is None:
                return Move(pid, lay.ids[d], 1)
    best = -1
    for d in range(lay.columns):
        if d != s and piles[d] and check(pos, s, d, n) is None:
            if best < 0 or len(piles[d]) > len(piles[best]):
                best = d
    if best >= 0:
        return Move(pid, lay.ids[best], n)
    # A whole column moved to an empty column would change nothing a player cares
    # about, so a double tap does not spend a move on it.
    whole_column = s < lay.columns and n == len(piles[s])
    for d in range(lay.columns):
        if d != s and not piles[d] and not whole_column and check(pos, s, d, n) is None:
            return Move(pid, lay.ids[d], n)
    if n == 1 and lay.kind[s] != "c":
        for d in lay.cell_ix:
            if not piles[d]:
                return Move(pid, lay.ids[d], 1) if check(pos, s, d, 1) is None else None
    return None


def drop_move(pos: Position, src: str, index: int, dst: str) -> Move:
    """The move a drag of ``pile(src)[index:]`` dropped on pile ``dst`` means (SPEC §6).

    A foundation slot ``fK`` as destination means ``f`` (first accepting slot, SPEC §4)
    unless the source is a foundation. The count is the number of dragged cards; when
    ``index`` is outside the pile it is one more than the pile holds (1 for an empty
    pile), so that playing it is refused (``not-a-run`` or ``empty-source``).

    Returns:
        The :class:`Move` to :meth:`~game.Game.play` (not checked).

    Raises:
        BadNotation: ``src`` or ``dst`` is not a pile id of any game.
    """
    lay = pos.layout
    s = lay.index.get(src)
    n = 1
    if s is not None:
        size = len(pos.piles[s])
        i = index + size if index < 0 else index
        n = size - i if 0 <= i < size else max(1, size + 1)
    if dst.startswith("f") and not src.startswith("f"):
        dst = "f"
    return Move(src, dst, n)


def targets(pos: Position, src: str, index: int) -> list[str]:
    """Pile ids where dropping ``pile(src)[index:]`` would be played legally: exactly the
    ids ``dst`` for which ``play(drop_move(pos, src, index, dst))`` succeeds (tested).

    As a drop anywhere on the foundation area goes to the first slot that accepts the
    card (SPEC §4), every foundation slot is listed when one of them accepts it (from a
    foundation, only the slots that accept it themselves). Model order; ``[]`` for an
    unknown pile or an index outside the pile.
    """
    picked = _picked(pos, src, index)
    if picked is None:
        return []
    s, n = picked
    lay = pos.layout
    check = engine.RULES[lay.game].check
    kind = lay.kind
    from_found = kind[s] == "f"
    any_found = not from_found and any(check(pos, s, d, n) is None for d in lay.found_ix)
    out = []
    for d, pid in enumerate(lay.ids):
        if kind[d] == "f" and not from_found:
            if any_found:
                out.append(pid)
        elif check(pos, s, d, n) is None:
            out.append(pid)
    return out


def pickup_refusal(pos: Position, pid: str, index: int) -> Refusal | None:
    """Whether the cards of pile ``pid`` from ``index`` (0 = bottom, -1 = top) to the top
    may be lifted together (a drag or selection source, SPEC §6).

    Returns:
        ``None`` when some move the rules allow from that pile could take exactly these
        cards (a destination need not exist now), else the refusal a drop of them would
        give: ``no-such-pile``; ``empty-source`` (empty pile, or ``index`` outside it);
        ``face-down`` (the stock, or a face-down card among them);
        ``one-card-at-a-time`` / ``foundation-one-card`` (not the top card of the waste or
        a foundation; Easy Harp: several column cards not led by a king);
        ``not-a-run``; Eight Off ``group-too-large`` (more than the group limit even onto
        a non-empty column, :meth:`game.Game.group_limit`). SPEC §4, §5; the order is
        :func:`game.rules.lifter`'s.
    """
    lay = pos.layout
    s = lay.index.get(pid)
    if s is None:
        return Refusal.NO_SUCH_PILE
    picked = _picked(pos, pid, index)
    if picked is None:
        return Refusal.EMPTY_SOURCE
    bad = engine.RULES[lay.game].lift_refusal(pos, s, picked[1])
    return None if bad is None else bad[0]
