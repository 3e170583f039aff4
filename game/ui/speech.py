"""What a screen reader hears: names of piles and cards with what they hold, and the
sentence announced after each action. Pure Python (no browser import).

SPEC §11: every action can be done with the keyboard and a screen reader announces it in
the player's language. The sentences are built from the catalog (``a11y.*`` keys) by
comparing the piles before and after an action (``describe``), so a move, a draw, a
recycle, an undo and a redo are told the same way, whoever made them (pointer, keys).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

from .texts import Texts


class Seen(NamedTuple):
    """One card as a pile shows it: physical id (``TH.1``), face code, face up."""

    cid: str
    face: str
    up: bool


Piles = Mapping[str, Sequence[Seen]]  # pile id -> its cards, bottom first


def pile_label(tx: Texts, name: str, cards: Sequence[Seen]) -> str:
    """A pile's accessible name with what it holds: "Column 3, 4 cards, 2 face down",
    "Waste, empty". ``name`` is ``Texts.pile_label`` of the pile."""
    if not cards:
        return tx.t("a11y.pile.empty", pile=name)
    down = sum(1 for c in cards if not c.up)
    n = tx.t("a11y.cards", count=len(cards))
    if down:
        return tx.t("a11y.pile.down", pile=name, cards=n, down=tx.t("a11y.down", count=down))
    return tx.t("a11y.pile.cards", pile=name, cards=n)


def card_label(tx: Texts, card: Seen, pile: str) -> str:
    """A card's accessible name with its place: "Seven of hearts, column 3"; a face-down
    card is "Face-down card, column 3". ``pile`` is the pile's plain name."""
    return tx.t("a11y.card.at", card=tx.card_label(card.face, card.up), pile=pile)


def focus_label(tx: Texts, card: Seen, pile_full: str) -> str:
    """The focused card's name: the card, then its pile with what it holds ("Seven of
    hearts, column 3, 4 cards, 2 face down", issue 13)."""
    return tx.t("a11y.card.at", card=tx.card_label(card.face, card.up), pile=pile_full)


def describe(tx: Texts, before: Piles, after: Piles, name: Callable[[str], str]) -> str:
    """The sentence that tells what changed between ``before`` and ``after`` (one action,
    its undo or its redo): cards that went from one pile to another ("Seven of hearts to
    column 3."), a draw, the waste turned back into the stock, and cards turned face up.
    ``name(pid)``: a pile's name. Empty when nothing changed."""
    where = {c.cid: (pid, c.up) for pid, cards in before.items() for c in cards}
    groups: dict[tuple[str, str], list[Seen]] = {}
    turned: list[Seen] = []
    for pid, cards in after.items():
        for c in cards:
            was, up = where.get(c.cid, (pid, c.up))
            if was != pid:
                groups.setdefault((was, pid), []).append(c)
            elif c.up and not up:
                turned.append(c)
    parts = []
    for (src, dst), cards in groups.items():
        head = tx.card_label(cards[0].face, True)
        if src == "w" and dst == "s":
            parts.append(tx.t("a11y.recycled", count=len(cards)))
        elif src == "s" and dst == "w":
            top = cards[-1]
            parts.append(tx.t("a11y.drew", card=tx.card_label(top.face, True)))
        elif len(cards) == 1:
            parts.append(tx.t("a11y.moved", card=head, pile=name(dst)))
        else:
            parts.append(tx.t("a11y.moved.run", count=len(cards), card=head, pile=name(dst)))
    for c in turned:
        parts.append(tx.t("a11y.turned", card=tx.card_label(c.face, True)))
    return " ".join(parts)


TAKEN = {"undo": "a11y.undone", "redo": "a11y.redone"}  # catalog key of each take-back


def taken(tx: Texts, text: str, how: str) -> str:
    """The sentence said after an undo or a redo, so that it is not heard as a new move
    (SPEC §11): ``text`` is ``describe`` of the action taken back or played again, told
    as that action ("Ace of diamonds to free cell 5."); ``how`` is ``"undo"`` or
    ``"redo"``. Returns "Undone: <text>" or "Redone: <text>" in the player's language,
    ``text`` itself for another ``how`` (a new action), "" when ``text`` is empty."""
    key = TAKEN.get(how)
    return tx.t(key, what=text) if key and text else text


def held(tx: Texts, card: Seen, count: int) -> str:
    """Said when cards are picked up with Space (or selected with Enter)."""
    return tx.t("a11y.held", count=count, card=tx.card_label(card.face, True))


def status(tx: Texts, score: int, moves: int) -> str:
    """The score and move counter, said on demand (key I)."""
    return tx.t("a11y.status", score=score, moves=tx.moves(moves))
