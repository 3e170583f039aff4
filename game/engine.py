"""The registry of games, and reading a move against a position and playing it.

:func:`register` makes a game module playable and composes its answers into a
:class:`Ruleset` (:data:`RULES`); :func:`variants` and :func:`variant_info` give every
fact of a variant to the records and the view. :func:`resolve` turns a move as typed
(``t3-f``, ``t4-t7``) into the normalised move (concrete foundation slot, explicit
count) or raises :class:`~game.errors.IllegalMove`; :func:`apply` plays a normalised
move and says what happened, for scoring.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from . import easy_harp, eight_off, rules
from .cards import Card
from .contract import Rules, missing_members
from .deals import add_game
from .moves import DRAW, IllegalMove, Move
from .position import Position, add_layouts, layout
from .refusals import Refusal
from .rules import Building, Result


@dataclass(frozen=True, slots=True)
class Variant:
    """Every fact of one variant of a registered game, from its module.

    Attributes:
        name: the SPEC §12 statistics name: the game's name when it has one variant
            (``"easy-harp"``), else name and cell count (``"eight-off-4"``).
        game: the game's name; cells: number of free cells (0 without); prefix: the
            deal-code prefix (``"EO1"``); columns: number of tableau columns.
        pile_ids: every pile id in model order (SPEC §2).
        max_score: the highest score a game can reach (SPEC §6).
        bands: the table's groups of piles (SPEC §8), as ``(group, pile ids)``: the
            band above the columns left to right in a left-to-right layout
            (``"stock"``: stock and waste; ``"cells"``; ``"foundations"``), then
            ``"columns"``.
        typical_column: a deep column as (face-down, face-up) cards, which the table
            keeps on screen.
        welcome: catalog keys of the first-visit welcome's cards, in order.
        winnable_only: whether random deals are proven-winnable ones until the player
            says otherwise (the New game switch, SPEC §8).
    """

    name: str
    game: str
    cells: int
    prefix: str
    columns: int
    pile_ids: tuple[str, ...]
    max_score: int
    bands: tuple[tuple[str, tuple[str, ...]], ...]
    typical_column: tuple[int, int]
    welcome: tuple[str, ...]
    winnable_only: bool


class Ruleset:
    """One registered game: its module's facts and answers, and the rules
    :mod:`game.rules` composes from them (``check``, ``lift_refusal``,
    ``legal_moves``, bound to this game). Built by :func:`register`; read as
    ``RULES[name]``.

    Attributes: ``module`` (the game module, :class:`~game.contract.Rules`); its
    ``GAME``, ``MAX_SCORE``, points, ``BUILDING``, ``empty_accepts``, ``deal``,
    ``draw``, ``check_draw``, ``move_limit``, ``is_won``; ``variants`` (one
    :class:`Variant` per cell count, the default first); and

    - ``check(pos, s, d, n) -> Result``: :func:`game.rules.checker`;
    - ``lift_refusal(pos, s, n) -> Result``: :func:`game.rules.lifter`;
    - ``legal_moves(pos) -> list[Move]``: :func:`game.rules.legal_moves`.
    """

    __slots__ = (
        "module", "GAME", "MAX_SCORE", "FOUNDATION_POINTS", "FLIP_POINTS", "WASTE_POINTS",
        "BUILDING", "empty_accepts", "deal", "draw", "check_draw", "move_limit", "is_won",
        "check", "lift_refusal", "legal_moves", "variants",
    )

    def __init__(self, module: Rules) -> None:
        self.module = module
        self.GAME: str = module.GAME
        self.MAX_SCORE: int = module.MAX_SCORE
        self.FOUNDATION_POINTS: int = module.FOUNDATION_POINTS
        self.FLIP_POINTS: int = module.FLIP_POINTS
        self.WASTE_POINTS: int = module.WASTE_POINTS
        self.BUILDING: Building = module.BUILDING
        self.empty_accepts: Callable[[Card], bool] = module.empty_accepts
        self.deal: Callable[[int, int], Position] = module.deal
        self.draw: Callable[[Position], Position] = module.draw
        self.check_draw: Callable[[Position], Result] = module.check_draw
        self.move_limit: Callable[..., int] = module.move_limit
        self.is_won: Callable[[Position], bool] = module.is_won
        self.check: rules.Check = rules.checker(module)
        self.lift_refusal: rules.Lift = rules.lifter(module)
        self.legal_moves: Callable[[Position], list[Move]] = partial(rules.legal_moves, module)
        self.variants: tuple[Variant, ...] = tuple(
            _variant(module, cells) for cells in module.VARIANTS)


def _variant(module: Rules, cells: int) -> Variant:
    """The :class:`Variant` of ``module`` with ``cells`` cells (its layout made)."""
    lay = layout(module.GAME, cells)
    groups = {"stock": ("s", "w"), "cells": tuple(lay.ids[i] for i in lay.cell_ix),
              "foundations": tuple(lay.ids[i] for i in lay.found_ix)}
    bands = tuple((g, groups[g]) for g in module.BANDS)
    name = module.GAME if len(module.VARIANTS) == 1 else f"{module.GAME}-{cells}"
    return Variant(name, module.GAME, cells, module.PREFIX, lay.columns, lay.ids,
                   module.MAX_SCORE, bands + (("columns", lay.ids[:lay.columns]),),
                   module.TYPICAL_COLUMN, module.WELCOME, cells in module.WINNABLE_ONLY)


#: The registered games: name -> :class:`Ruleset`.
RULES: dict[str, Ruleset] = {}
_VARIANTS: dict[str, Variant] = {}


def register(module: Rules) -> None:
    """Make a game playable: its deal codes (:func:`~game.deals.add_game`), its layouts
    (:func:`~game.position.add_layouts`), its :class:`Ruleset` for :func:`resolve`,
    :class:`~game.history.Game` and :mod:`game.save`, and its variants for
    :func:`variants`. A game is one module that fulfils
    :class:`~game.contract.Rules` (checked by mypy where it is registered).
    Registering the same module again changes nothing.

    Raises:
        TypeError: the module lacks members of the contract (named in the message), or
            its foundations or cells may take several cards at once (``TAKES``).
        ValueError: the game's name or deal-code prefix is taken by another game.
    """
    missing = missing_members(module)
    if missing:
        raise TypeError(f"{module!r} does not fulfil the Rules contract: no "
                        f"{', '.join(missing)} (a game answers pickup and accepts; "
                        "check and legal_moves are game.rules', composed from them)")
    for kind in ("f", "c") if any(module.VARIANTS) else ("f",):
        if module.TAKES.get(kind, (2,))[0] != 1:
            raise TypeError(f"{module!r}: TAKES must limit pile kind {kind!r} to one card")
    add_game(module.GAME, module.PREFIX, module.VARIANTS)
    add_layouts(module.GAME, module.VARIANTS, module.COLUMNS, module.FOUNDATION_SUITS,
                module.STOCK, module.DECKS)
    ruleset = Ruleset(module)
    RULES[module.GAME] = ruleset
    for v in ruleset.variants:
        _VARIANTS[v.name] = v


register(easy_harp)
register(eight_off)


def variants() -> tuple[Variant, ...]:
    """Every variant of every registered game, in order of registration (Easy Harp,
    Eight Off with 8, 4 and 2 cells, then any game registered later)."""
    return tuple(_VARIANTS.values())


def is_variant(name: object) -> bool:
    """Whether ``name`` names a variant of a registered game (any value: JSON read)."""
    return isinstance(name, str) and name in _VARIANTS


def variant_info(name: str) -> Variant:
    """The :class:`Variant` named ``name`` (``"easy-harp"``, ``"eight-off-4"``).

    Raises:
        KeyError: no registered variant has that name.
    """
    return _VARIANTS[name]


@dataclass(frozen=True, slots=True)
class Resolved:
    """A move read against a position by :func:`resolve`: the normalised ``move``,
    the pile indexes ``src`` and ``dst`` (``dst = -1`` for the stock tap) and the
    ``count`` of cards (0 for the stock tap)."""

    move: Move
    src: int
    dst: int
    count: int


def resolve(pos: Position, move: Move) -> Resolved:
    """Normalise ``move`` for ``pos`` and check it.

    Returns:
        The :class:`Resolved` move; for the stock tap ``Resolved(Move("s"), stock
        index, -1, 0)``.

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
        return Resolved(DRAW, lay.stock_ix, -1, 0)
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
        return Resolved(Move(move.src, lay.ids[d], n), s, d, n)
    n = move.count if move.count is not None else 1
    if len(found) > 1:  # several counts are legal: the text gave none, so 1 is meant
        for d in slots:
            if check(pos, s, d, 1) is None:
                return Resolved(Move(move.src, lay.ids[d], 1), s, d, 1)
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
