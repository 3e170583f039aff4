"""The contract every game module fulfils once (issue 9): :class:`Rules`.

A game is one module of ``game/`` (:mod:`game.easy_harp`, :mod:`game.eight_off`) that
defines the names below at module level; :func:`game.engine.register` checks it against
this protocol and makes the game playable (deal codes, layouts, :class:`~game.Game`).
Everything shared by all games (foundations, colours, runs, the group-limit formula)
is in :mod:`game.rules`, written once.

Refusal order of ``check`` (each game documents its own within these steps):

1. ``same-pile``; ``not-a-target``;
2. the source (``empty-source``, then what :func:`Rules.check_pickup` says, with the
   destination's own one-card rules);
3. the destination's fit for the head card;
4. the group limit.
"""

from __future__ import annotations

from typing import Protocol

from .cards import Card
from .moves import Move
from .position import Position
from .refusals import Refusal

#: A rules answer: ``None`` (legal) or the refusal with its message placeholders.
Result = tuple[Refusal, dict[str, int | str]] | None


def missing_members(rules: object) -> list[str]:
    """Names of :class:`Rules` that ``rules`` (a game module) does not define."""
    names = set(Rules.__annotations__) | {
        k for k, v in vars(Rules).items() if callable(v) and not k.startswith("_")
    }
    return sorted(n for n in names if not hasattr(rules, n))


class Rules(Protocol):
    """What a game module defines (attributes and functions at module level).

    Piles and variants (SPEC §2): ``GAME`` (name, e.g. ``"eight-off"``), ``PREFIX``
    (deal-code prefix, e.g. ``"EO1"``), ``VARIANTS`` (cell counts, first is the
    default), ``COLUMNS``, ``FOUNDATION_SUITS`` (suit reserved for each slot, in slot
    order), ``STOCK`` (a stock and waste exist), ``DECKS`` (1 or 2), ``CARDS``.

    Scoring (SPEC §6): ``FOUNDATION_POINTS`` per card on its first arrival on a
    foundation, ``FLIP_POINTS`` per face-down card turned, ``WASTE_POINTS`` per card from
    the waste to a column; ``MAX_SCORE``.
    """

    GAME: str
    PREFIX: str
    VARIANTS: tuple[int, ...]
    COLUMNS: int
    FOUNDATION_SUITS: str
    STOCK: bool
    DECKS: int
    CARDS: int
    FOUNDATION_POINTS: int
    FLIP_POINTS: int
    WASTE_POINTS: int
    MAX_SCORE: int

    def deal(self, number: int, cells: int) -> Position:
        """The starting position of deal ``number`` (SPEC §3) with ``cells`` cells."""
        ...

    def builds_on(self, lower: Card, upper: Card) -> bool:
        """True when ``upper`` may lie on ``lower`` in a column (tableau building)."""
        ...

    def empty_accepts(self, card: Card) -> bool:
        """True when an empty column takes ``card`` as the head of what moves in."""
        ...

    def check_pickup(self, pos: Position, s: int, n: int) -> Result:
        """Why the top ``n`` cards of pile ``s`` can never be lifted together now (a
        drag source), or ``None``."""
        ...

    def check(self, pos: Position, s: int, d: int, n: int) -> Result:
        """Why moving the top ``n`` cards of pile ``s`` onto pile ``d`` is illegal, or
        ``None`` (pile indexes of ``pos.layout``)."""
        ...

    def check_draw(self, pos: Position) -> Result:
        """Why the stock tap is illegal (``stock-empty``), or ``None``."""
        ...

    def draw(self, pos: Position) -> Position:
        """The position after the stock tap (checked first)."""
        ...

    def legal_moves(self, pos: Position) -> list[Move]:
        """Every legal move, normalised: exactly the moves of the whole move space that
        ``check`` accepts (the stock tap first when legal)."""
        ...

    def move_limit(self, pos: Position, dst: int | None = None) -> int:
        """The largest group that may move now to pile ``dst`` (any non-empty column
        when ``None``)."""
        ...

    def is_won(self, pos: Position) -> bool:
        """All cards on the foundations."""
        ...
