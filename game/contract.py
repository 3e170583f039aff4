"""The contract every game module fulfils once (issue 9, issue 26): :class:`Rules`.

A game is one module of ``game/`` (:mod:`game.easy_harp`, :mod:`game.eight_off`) that
says everything about its game at module level: piles, variants, the table's bands, the
welcome, the deal, points, and two questions, what may be picked up (``pickup``) and
what a pile accepts (``accepts``), with the counts that come before them (``GIVES``,
``TAKES``). :func:`game.engine.register` checks a module against this protocol and
makes the game playable. Everything shared by all games is in :mod:`game.rules`,
written once, and so are the three rules composed from a game's answers:
:func:`~game.rules.checker` (the one ``check``), :func:`~game.rules.lifter` (what the view may lift)
and :func:`~game.rules.legal_moves`.

Refusal order of ``check`` (the first that applies wins; written here only):

1. the move: ``same-pile``; ``not-a-target`` (onto the stock or the waste, or from a
   foundation to a foundation);
2. the source holds cards: ``empty-source``;
3. the counts: more cards than the source pile gives at once (``GIVES``: e.g. Easy
   Harp's stock gives none, ``face-down``; a waste or foundation gives one,
   ``one-card-at-a-time`` / ``foundation-one-card``), then than the destination takes
   at once (``TAKES``: foundations ``foundation-one-card``, cells ``cell-one-card``,
   Easy Harp's columns holding cards ``one-card-at-a-time``), then than the source
   holds (``not-a-run`` with ``{"count": N, "available": A}``);
4. several cards: the game's ``pickup`` (a face-down card among them ``face-down``, not
   a run ``not-a-run``); one card (the top card, always face up) passes;
5. the destination: the game's ``accepts`` (the head card's fit: ``foundation-suit``
   then ``foundation-rank``, ``cell-full``, ``empty-needs-king``, ``wrong-color`` /
   ``wrong-suit`` then ``wrong-rank``; then the group limit, ``group-too-large``).

What the view may lift (``lift_refusal``, ``Game.pickup_refusal``) is steps 3 (the
source's count) and 4, then, for several cards, ``accepts`` asked whether any column
could ever take them (``d = None``). Before all of this :func:`game.engine.resolve`
refuses pile ids the game or variant lacks (``no-such-pile``), and a stock tap is
asked of ``check_draw`` (``stock-empty``).
"""

from __future__ import annotations

from typing import Protocol

from .position import Position
from .rules import Answers, Result

__all__ = ["Result", "Rules", "missing_members"]


def missing_members(rules: object) -> list[str]:
    """Names of :class:`Rules` that ``rules`` (a game module) does not define."""
    names: set[str] = set()
    for cls in (Rules, Answers):
        names |= set(getattr(cls, "__annotations__", {}))
        names |= {k for k, v in vars(cls).items() if callable(v) and not k.startswith("_")}
    return sorted(n for n in names if not hasattr(rules, n))


class Rules(Answers, Protocol):
    """What a game module defines (attributes and functions at module level), besides
    the answers of :class:`~game.rules.Answers` (``GIVES``, ``TAKES``, ``BUILDING``,
    ``empty_accepts``, ``pickup``, ``accepts``, ``check_draw``).

    Piles and variants (SPEC §2): ``GAME`` (name, e.g. ``"eight-off"``), ``PREFIX``
    (deal-code prefix, e.g. ``"EO1"``), ``VARIANTS`` (cell counts, first is the
    default), ``COLUMNS``, ``FOUNDATION_SUITS`` (suit reserved for each slot, in slot
    order), ``STOCK`` (a stock and waste exist), ``DECKS`` (1 or 2), ``CARDS``.

    The table and the welcome (SPEC §8): ``BANDS`` (the groups of piles above the
    columns, left to right: ``"stock"`` (stock and waste), ``"cells"``,
    ``"foundations"``), ``TYPICAL_COLUMN`` (a deep column as (face-down, face-up)
    cards, which the table keeps on screen), ``WELCOME`` (catalog keys of the
    welcome's cards). ``WINNABLE_ONLY``: the cell counts whose random deals are
    proven-winnable ones until the player says otherwise (the New game switch, SPEC §8:
    few of their deals can be won).

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
    BANDS: tuple[str, ...]
    TYPICAL_COLUMN: tuple[int, int]
    WELCOME: tuple[str, ...]
    WINNABLE_ONLY: tuple[int, ...]
    FOUNDATION_POINTS: int
    FLIP_POINTS: int
    WASTE_POINTS: int
    MAX_SCORE: int

    def deal(self, number: int, cells: int) -> Position:
        """The starting position of deal ``number`` (SPEC §3) with ``cells`` cells."""
        ...

    def draw(self, pos: Position) -> Position:
        """The position after the stock tap (checked first)."""
        ...

    def move_limit(self, pos: Position, dst: int | None = None) -> int:
        """The largest group that may move now to pile ``dst`` (any non-empty column
        when ``None``)."""
        ...

    def is_won(self, pos: Position) -> bool:
        """All cards on the foundations."""
        ...
