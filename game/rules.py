"""Predicates shared by both games (SPEC §4, §5). Pure functions of cards and counts."""

from __future__ import annotations

from .cards import Card


def alternating_descending(cards: tuple[Card, ...] | list[Card]) -> bool:
    """True when each card is one rank lower than, and of the other colour to, the one
    below it (Easy Harp building, SPEC §4). One card or none is trivially a run."""
    for a, b in zip(cards, cards[1:]):
        if b.rank != a.rank - 1 or (a.suit in "DH") == (b.suit in "DH"):
            return False
    return True


def same_suit_descending(cards: tuple[Card, ...] | list[Card]) -> bool:
    """True when each card is of the same suit and one rank lower than the one below it
    (Eight Off runs, SPEC §5)."""
    for a, b in zip(cards, cards[1:]):
        if b.rank != a.rank - 1 or a.suit != b.suit:
            return False
    return True


def run_length(cards: tuple[Card, ...], alternating: bool, limit: int) -> int:
    """Length of the run at the top of ``cards`` (at most ``limit`` cards from the top):
    alternating colours (Easy Harp) or same suit (Eight Off), descending by one."""
    n = len(cards)
    if n == 0 or limit <= 0:
        return 0
    k = 1
    while k < min(n, limit):
        a, b = cards[n - k - 1], cards[n - k]
        if b.rank != a.rank - 1:
            break
        if alternating:
            if (a.suit in "DH") == (b.suit in "DH"):
                break
        elif a.suit != b.suit:
            break
        k += 1
    return k


def foundation_accepts(suit: str, pile: tuple[Card, ...], card: Card) -> bool:
    """True when a foundation slot reserved for ``suit`` holding ``pile`` takes ``card``:
    same suit, ace first, then the next rank (SPEC §4, §5)."""
    return card.suit == suit and card.rank == len(pile) + 1


def group_limit(free_cells: int, empty_columns: int) -> int:
    """Eight Off's largest group move, ``(free cells + 1) * 2 ** empty columns``
    (SPEC §5; an empty destination column is not counted by the caller)."""
    return (free_cells + 1) << empty_columns
