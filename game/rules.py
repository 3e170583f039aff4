"""Rules shared by every game, each written once (SPEC §4, §5): tableau building by
colour or by suit, runs, foundations, the group-move limit. Pure functions of cards.

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

from .cards import Card
from .refusals import Refusal

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
