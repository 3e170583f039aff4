"""Rules shared by every game, each written once (SPEC §4, §5): tableau building by
colour or by suit, runs, foundations, the group-move limit; and the three rules every
game plays by, composed from its two answers (:class:`Answers`: what may be picked up,
what a pile accepts): ``check`` (:func:`checker`), ``lift_refusal`` (:func:`lifter`) and :func:`legal_moves`, in
the order of :mod:`game.contract`.

>>> from game.cards import Card
>>> BY_COLOUR.builds_on(Card.parse("8S.1"), Card.parse("7H.2"))
True
>>> BY_SUIT.refusal(Card.parse("8S"), Card.parse("7H"))
<Refusal.WRONG_SUIT: 'wrong-suit'>
>>> foundation_refusal("S", (Card.parse("AS"),), Card.parse("3S"))
<Refusal.FOUNDATION_RANK: 'foundation-rank'>
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from .cards import Card
from .moves import DRAW, Move
from .position import Position
from .refusals import Refusal

#: A rules answer: ``None`` (legal) or the refusal with its message placeholders.
Result = tuple[Refusal, dict[str, int | str]] | None
#: How many cards a kind of pile gives or takes in one move, by pile kind (``"t"``,
#: ``"c"``, ``"f"``, ``"s"``, ``"w"``): ``(limit, refusal past it)``.
Limits = dict[str, tuple[int, Refusal]]

_NO: dict[str, int | str] = {}
#: No limit on a count of cards.
_ANY = 1 << 30

#: The rank an empty column takes (SPEC §4, §5: kings only).
KING = 13

#: What a card offers, or what a pile wants: (rank, colour or suit).
Key = tuple[int, object]


@dataclass(frozen=True, slots=True)
class Building:
    """A tableau building rule, written once as two keys: ``wants(lower)`` describes the
    card that may lie on ``lower``, ``offers(upper)`` describes ``upper`` the same way;
    ``upper`` builds on ``lower`` exactly when the keys are equal. ``mismatch`` is the
    refusal when the colour/suit part differs (else ``wrong-rank``).

    Legal-move generators compare the keys directly (one key per pile top, one per
    moving card), ``check`` asks :meth:`refusal`: the same rule either way.
    """

    wants: Callable[[Card], Key]
    offers: Callable[[Card], Key]
    mismatch: Refusal

    def builds_on(self, lower: Card, upper: Card) -> bool:
        """True when ``upper`` may lie on ``lower``."""
        return self.wants(lower) == self.offers(upper)

    def refusal(self, lower: Card, upper: Card) -> Refusal | None:
        """Why ``upper`` may not lie on ``lower`` (``mismatch`` before ``wrong-rank``)."""
        w, o = self.wants(lower), self.offers(upper)
        if w[1] != o[1]:
            return self.mismatch
        if w[0] != o[0]:
            return Refusal.WRONG_RANK
        return None


def _offers_colour(card: Card) -> Key:
    return card.rank, card.is_red


def _wants_colour(card: Card) -> Key:
    return card.rank - 1, not card.is_red


def _offers_suit(card: Card) -> Key:
    return card.rank, card.suit


def _wants_suit(card: Card) -> Key:
    return card.rank - 1, card.suit


#: Easy Harp building (SPEC §4): one rank lower, the other colour
#: (:attr:`~game.cards.Card.is_red`).
BY_COLOUR = Building(_wants_colour, _offers_colour, Refusal.WRONG_COLOR)
#: Eight Off building (SPEC §5): one rank lower, the same suit.
BY_SUIT = Building(_wants_suit, _offers_suit, Refusal.WRONG_SUIT)


def is_run(cards: Sequence[Card], building: Building) -> bool:
    """True when each card builds on the one below it (one card or none: trivially)."""
    return all(building.builds_on(a, b) for a, b in zip(cards, cards[1:]))


def run_length(cards: Sequence[Card], building: Building, limit: int) -> int:
    """Length of the run at the top of ``cards``, at most ``limit`` cards (0 when
    ``cards`` is empty or ``limit <= 0``)."""
    n = len(cards)
    top = min(n, limit)
    if top <= 0:
        return 0
    wants, offers = building.wants, building.offers
    k = 1
    while k < top and wants(cards[n - k - 1]) == offers(cards[n - k]):
        k += 1
    return k


def empty_column_refusal(card: Card) -> Refusal | None:
    """An empty column takes only a king (or a king-led run): ``empty-needs-king``."""
    return None if card.rank == KING else Refusal.EMPTY_NEEDS_KING


def foundation_wants(suit: str, pile: Sequence[Card]) -> tuple[str, int]:
    """The card a foundation slot reserved for ``suit`` holding ``pile`` takes next, as
    ``(suit, rank)``: the ace first, then the next rank (SPEC §4, §5). Compare with
    :func:`foundation_offers`."""
    return suit, len(pile) + 1


def foundation_offers(card: Card) -> tuple[str, int]:
    """``(suit, rank)`` of ``card``, to compare with :func:`foundation_wants`."""
    return card.suit, card.rank


def foundation_refusal(suit: str, pile: Sequence[Card], card: Card) -> Refusal | None:
    """Why a foundation slot reserved for ``suit`` holding ``pile`` refuses ``card``:
    ``foundation-suit``, then ``foundation-rank``; ``None`` when it takes it."""
    w, o = foundation_wants(suit, pile), foundation_offers(card)
    if w[0] != o[0]:
        return Refusal.FOUNDATION_SUIT
    if w[1] != o[1]:
        return Refusal.FOUNDATION_RANK
    return None


def group_limit(free_cells: int, empty_columns: int) -> int:
    """Eight Off's largest group move, ``(free cells + 1) * 2 ** empty columns``
    (SPEC §5; an empty destination column is not counted by the caller)."""
    return (free_cells + 1) << empty_columns


def foundation_accepts(pos: Position, d: int, card: Card) -> Result:
    """Why foundation slot ``d`` (a pile index) refuses ``card`` as the next card:
    ``foundation-suit`` (details ``{"suit": S}``, the slot's suit) then
    ``foundation-rank``; ``None`` when it takes it (SPEC §4, §5)."""
    lay = pos.layout
    suit = lay.found_suits[d - lay.found_ix[0]]
    bad = foundation_refusal(suit, pos.piles[d], card)
    if bad is Refusal.FOUNDATION_SUIT:
        return bad, {"suit": suit}
    return None if bad is None else (bad, _NO)


class Answers(Protocol):
    """The part of a game module (:class:`game.contract.Rules`) that :func:`checker`,
    :func:`lifter` and :func:`legal_moves` compose: two questions, the counts
    that come before them, and the keys ``legal_moves`` compares (the same rules as
    the questions' answers: ``tests/unit/test_conformance.py`` proves it per game)."""

    #: Per kind of source pile: at most how many cards it gives in one move.
    GIVES: Limits
    #: Per kind of destination pile: at most how many cards it takes in one move
    #: (for ``"t"``, a column holding cards; an empty column takes what ``accepts``
    #: allows). Foundations and cells take one card in every game.
    TAKES: Limits
    #: Tableau building, as the keys of :class:`Building`.
    BUILDING: Building

    def empty_accepts(self, card: Card) -> bool:
        """True when an empty column takes ``card`` as the head of what moves in."""
        ...

    def pickup(self, pos: Position, s: int, n: int) -> Result:
        """Why the top ``n`` cards of pile ``s`` (``2 <= n <=`` its size, within the
        ``GIVES`` limit) cannot leave it together, whatever the destination. Not asked
        for one card: the top card of a pile is face up (a position's invariant) and
        free to leave within ``GIVES``."""
        ...

    def accepts(self, pos: Position, d: int | None, s: int, n: int) -> Result:
        """Why pile ``d`` does not take the top ``n`` cards of pile ``s`` (which
        ``pickup`` let go, within the ``TAKES`` limit); ``d = None``: whether any
        column could ever take them (asked for ``n > 1`` only)."""
        ...

    def check_draw(self, pos: Position) -> Result:
        """Why the stock tap is illegal, or ``None``."""
        ...


#: ``check(pos, s, d, n)`` of one game (:func:`checker`).
Check = Callable[[Position, int, int, int], Result]
#: ``lift_refusal(pos, s, n)`` of one game (:func:`lifter`).
Lift = Callable[[Position, int, int], Result]


def checker(game: Answers) -> Check:
    """The one ``check`` of every game, bound to ``game``'s answers (built once, by
    :func:`game.engine.register`): ``check(pos, s, d, n)`` says why moving the top
    ``n`` cards of pile index ``s`` onto pile index ``d`` is illegal, or ``None`` when
    it is legal, in the refusal order written in :mod:`game.contract`.

    Returns:
        ``check(pos, s, d, n) -> None | (Refusal, details)``.
    """
    gives, takes, pickup, accepts = game.GIVES, game.TAKES, game.pickup, game.accepts

    def check(pos: Position, s: int, d: int, n: int) -> Result:
        kind = pos.layout.kind
        ks, kd = kind[s], kind[d]
        if s == d:
            return Refusal.SAME_PILE, _NO
        if kd == "s" or kd == "w" or (ks == "f" and kd == "f"):
            return Refusal.NOT_A_TARGET, _NO
        src = pos.piles[s]
        if not src:
            return Refusal.EMPTY_SOURCE, _NO
        limit = gives.get(ks)
        if limit is not None and n > limit[0]:
            return limit[1], ({"count": n} if limit[0] else _NO)
        if n > 1:
            limit = takes.get(kd)
            if limit is not None and n > limit[0] and (kd != "t" or pos.piles[d]):
                return limit[1], {"count": n}
            if n > len(src):
                return Refusal.NOT_A_RUN, {"count": n, "available": len(src)}
            bad = pickup(pos, s, n)
            if bad is not None:
                return bad
        return accepts(pos, d, s, n)

    return check


def lifter(game: Answers) -> Lift:
    """What the view may lift, bound to ``game``'s answers: ``lift_refusal(pos, s, n)``
    says why the top ``n`` cards of the non-empty pile index ``s`` (``1 <= n <=`` its
    size) may not be lifted together (a drag or selection source, SPEC §6), or ``None``
    when some move the rules allow could take exactly them, a destination ready for
    them or not: the ``GIVES`` limit, ``pickup``, then for several cards whether any
    column could ever take them (``accepts`` with ``d = None``)."""
    gives, pickup, accepts = game.GIVES, game.pickup, game.accepts

    def lift_refusal(pos: Position, s: int, n: int) -> Result:
        limit = gives.get(pos.layout.kind[s])
        if limit is not None and n > limit[0]:
            return limit[1], ({"count": n} if limit[0] else _NO)
        if n == 1:
            return None
        return pickup(pos, s, n) or accepts(pos, None, s, n)

    return lift_refusal


def legal_moves(game: Answers, pos: Position) -> list[Move]:
    """Every legal move of ``game`` at ``pos``, normalised (explicit slot and count):
    the stock tap first when legal, then from the waste, the columns (single cards,
    then runs), the cells and the foundations; to the foundations, the empty cells and
    the columns in that order.

    Built from the rules ``check`` (:func:`checker`) composes: the ``GIVES``/``TAKES`` limits, the
    keys of ``BUILDING`` and of the foundations (:func:`foundation_wants`),
    ``empty_accepts``, and ``accepts`` for every run that fits (so a group limit is
    the game's own). Equal to the moves ``m`` of the whole move space with
    ``check(m) is None`` (tested per game). O(piles x columns + runs).
    """
    lay = pos.layout
    piles = pos.piles
    ids = lay.ids
    out: list[Move] = []
    if lay.stock_ix >= 0 and game.check_draw(pos) is None:
        out.append(DRAW)
    f0 = lay.found_ix[0]
    found = [(f0 + j, foundation_wants(suit, piles[f0 + j]))
             for j, suit in enumerate(lay.found_suits)]
    ncol = lay.columns
    building = game.BUILDING
    wants, offers = building.wants, building.offers
    empty_accepts = game.empty_accepts
    col_wants = [wants(piles[d][-1]) if piles[d] else None for d in range(ncol)]
    empties = [d for d in range(ncol) if not piles[d]]
    empty_cells = [c for c in lay.cell_ix if not piles[c]]
    gives = game.GIVES

    def singles(s: int, card: Card, to_found: bool) -> None:
        sid = ids[s]
        if to_found:
            fkey = foundation_offers(card)
            for f, want in found:
                if want == fkey:
                    out.append(Move(sid, ids[f], 1))
        for c in empty_cells:
            if c != s:
                out.append(Move(sid, ids[c], 1))
        key = offers(card)
        king = bool(empties) and empty_accepts(card)
        for d in range(ncol):
            if d != s and (col_wants[d] == key if piles[d] else king):
                out.append(Move(sid, ids[d], 1))

    def gives_any(kind: str) -> bool:
        limit = gives.get(kind)
        return limit is None or limit[0] > 0

    w = lay.waste_ix
    if w >= 0 and piles[w] and gives_any("w"):
        singles(w, piles[w][-1], True)
    col_limit = gives.get("t", (_ANY, Refusal.NOT_A_RUN))[0]
    onto_cards = game.TAKES.get("t", (_ANY, Refusal.NOT_A_RUN))[0]
    runs = col_limit >= 2 and (onto_cards >= 2 or bool(empties))
    fitting: dict[Key, list[int]] = {}
    if runs and onto_cards >= 2:
        for d in range(ncol):
            want = col_wants[d]
            if want is not None:
                fitting.setdefault(want, []).append(d)
    for s in range(ncol):
        col = piles[s]
        if not col:
            continue
        singles(s, col[-1], True)
        if runs:
            r = run_length(col, building, min(len(col) - pos.down[s], col_limit))
            if r >= 2:
                _run_moves(game, pos, s, r, fitting, empties, onto_cards, out)
    if gives_any("c"):
        for c in lay.cell_ix:
            if piles[c]:
                singles(c, piles[c][-1], True)
    if gives_any("f"):
        for f, _want in found:
            if piles[f]:
                singles(f, piles[f][-1], False)
    return out


def _run_moves(game: Answers, pos: Position, s: int, r: int, fitting: dict[Key, list[int]],
               empties: list[int], onto_cards: int, out: list[Move]) -> None:
    """Append to ``out`` the moves of 2..``r`` cards of the run at the top of column
    ``s`` onto the other columns, in column order: the columns holding cards whose top
    wants the head's key (``fitting``, when they take ``n`` cards at once,
    ``onto_cards``) and the ``empties`` when ``empty_accepts`` the head; the game's
    ``accepts`` decides (group limits)."""
    ids = pos.layout.ids
    col = pos.piles[s]
    offers, empty_accepts, accepts = game.BUILDING.offers, game.empty_accepts, game.accepts
    for n in range(2, r + 1):
        head = col[-n]
        onto = fitting.get(offers(head), ()) if n <= onto_cards else ()
        into = empties if empties and empty_accepts(head) else ()
        if not onto and not into:
            continue
        for d in sorted((*onto, *into)) if onto and into else (onto or into):
            if d != s and accepts(pos, d, s, n) is None:
                out.append(Move(ids[s], ids[d], n))
