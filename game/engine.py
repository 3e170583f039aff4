"""Reading a move against a position and playing it (shared by both games).

:func:`resolve` turns a move as typed (``t3-f``, ``t4-t7``) into the normalised move
(concrete foundation slot, explicit count) or raises :class:`~game.errors.IllegalMove`;
:func:`apply` plays a normalised move and says what happened, for scoring.
"""

from __future__ import annotations

from . import easy_harp, eight_off
from .contract import Rules, missing_members
from .deals import add_game
from .moves import DRAW, IllegalMove, Move
from .position import Position, add_layouts
from .refusals import Refusal

#: The registered games: name -> rules module (:class:`~game.contract.Rules`).
RULES: dict[str, Rules] = {}


def register(rules: Rules) -> None:
    """Make a game playable: its deal codes (:func:`~game.deals.add_game`), its layouts
    (:func:`~game.position.add_layouts`) and its rules for :func:`resolve`,
    :class:`~game.history.Game` and :mod:`game.save`. A game is one module that
    fulfils :class:`~game.contract.Rules` (checked by mypy where it is registered).

    Raises:
        TypeError: the module lacks members of the contract (named in the message).
        ValueError: the game's name or deal-code prefix is taken by another game.
    """
    missing = missing_members(rules)
    if missing:
        raise TypeError(f"{rules!r} does not fulfil the Rules contract: no {', '.join(missing)}")
    add_game(rules.GAME, rules.PREFIX, rules.VARIANTS)
    add_layouts(rules.GAME, rules.VARIANTS, rules.COLUMNS, rules.FOUNDATION_SUITS,
                rules.STOCK, rules.DECKS)
    RULES[rules.GAME] = rules


register(easy_harp)
register(eight_off)


def rules_of(pos: Position) -> Rules:
    """The rules (:mod:`game.easy_harp`, :mod:`game.eight_off`, ...) of a position."""
    return RULES[pos.layout.game]


def resolve(pos: Position, move: Move) -> tuple[Move, int, int, int]:
    """Normalise ``move`` for ``pos`` and check it.

    Returns:
        ``(normalised move, source index, destination index, count)``; for the stock tap
        ``(Move("s"), stock index, -1, 0)``.

    Raises:
        IllegalMove: with the refusal of the rules module (``no-such-pile`` for ids not
            in this game/variant). Count inference (SPEC §2): the unique count that makes
            the move legal, else 1. ``f`` means the lowest-numbered accepting slot; when
            none accepts, the refusal is the one of the first slot of the card's suit.
    """
    lay = pos.layout
    rules = RULES[lay.game]
    if move.dst is None:
        if lay.stock_ix < 0:
            raise IllegalMove(Refusal.NO_SUCH_PILE, move, {"pile": "s"})
        bad = rules.check_draw(pos)
        if bad is not None:
            raise IllegalMove(bad[0], move, bad[1])
        return DRAW, lay.stock_ix, -1, 0
    index = lay.index
    s = index.get(move.src)
    if s is None:
        raise IllegalMove(Refusal.NO_SUCH_PILE, move, {"pile": move.src})
    if move.dst == "f":
        slots = lay.found_ix
        if lay.kind[s] == "f":
            raise IllegalMove(Refusal.NOT_A_TARGET, move)
    else:
        d = index.get(move.dst)
        if d is None:
            raise IllegalMove(Refusal.NO_SUCH_PILE, move, {"pile": move.dst})
        slots = (d,)
    check = rules.check
    if move.count is not None:
        counts: tuple[int, ...] | range = (move.count,)
    else:
        counts = range(1, max(1, len(pos.piles[s])) + 1)
    found: list[tuple[int, int]] = []
    for n in counts:
        for d in slots:
            if check(pos, s, d, n) is None:
                found.append((d, n))
                break
        if len(found) > 1:
            break
    if len(found) == 1 or (found and move.count is not None):
        d, n = found[0]
        return Move(move.src, lay.ids[d], n), s, d, n
    n = move.count if move.count is not None else 1
    if len(found) > 1:  # several counts are legal: the text gave none, so 1 is meant
        for d in slots:
            if check(pos, s, d, 1) is None:
                return Move(move.src, lay.ids[d], 1), s, d, 1
    d = slots[0]
    if len(slots) > 1:
        src = pos.piles[s]
        if src and n <= len(src):
            suit = src[-n].suit
            for j, fd in enumerate(slots):
                if lay.found_suits[j] == suit:
                    d = fd
                    break
    bad = check(pos, s, d, n)
    assert bad is not None
    shown = Move(move.src, move.dst, n)
    raise IllegalMove(bad[0], shown, bad[1])


def apply(pos: Position, s: int, d: int, n: int) -> tuple[Position, int]:
    """Play a checked move: the top ``n`` cards of pile ``s`` onto pile ``d`` (``d = -1``:
    the stock tap). A face-down card left on top of a column turns face up as part of
    the same action (SPEC §4).

    Returns:
        ``(new position, number of cards turned face up (0 or 1))``.
    """
    if d < 0:
        return RULES[pos.layout.game].draw(pos), 0
    piles = list(pos.piles)
    src = piles[s]
    k = len(src) - n
    piles[d] = piles[d] + src[k:]
    piles[s] = src[:k]
    down = pos.down
    flipped = 0
    if s < len(down) and k and down[s] >= k:
        dl = list(down)
        dl[s] = k - 1
        down = tuple(dl)
        flipped = 1
    return Position(pos.layout, tuple(piles), down), flipped
