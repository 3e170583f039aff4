"""The game a player plays: position, score, move counter, undo and redo (SPEC §6).

Undo keeps saved states, never inverse moves (STYLE.md): each action pushes the state
before it (position, score, the set of cards that ever reached a foundation) on a stack
of at most 100; undo/redo swap states between the undo and redo stacks.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import NamedTuple

from . import engine
from .cards import Placed
from .deals import DealCode, parse_code
from .errors import GameError
from .fcs import format_position, parse_position
from .intents import double_tap_move, drop_move, pickup_refusal, tap_move, targets
from .moves import IllegalMove, Move, as_move
from .position import Position
from .refusals import Refusal

#: Undoable actions kept (SPEC §6).
UNDO_LIMIT = 100


class GameState(NamedTuple):
    """What undo restores (SPEC §6): the position, the score and ``arrived``, the bit
    mask (bit = SPEC §3 card number) of the cards that ever reached a foundation."""

    position: Position
    score: int
    arrived: int


# The internal form of a state: a plain tuple (cheaper to build on every move).
State = tuple[Position, int, int]


def arrived_mask(pos: Position) -> int:
    """Bit mask (bit = SPEC §3 card number) of the cards lying on the foundations."""
    m = 0
    for i in pos.layout.found_ix:
        for c in pos.piles[i]:
            m |= 1 << c.number
    return m


class Game:
    """One game in play (SPEC §6, §9).

    Build it with :func:`new_game`, :func:`load_position` or
    :func:`~game.save.load_save`. Attributes: ``game`` (``"easy-harp"``/``"eight-off"``),
    ``cells`` (0 for Easy Harp), ``deal`` (:class:`~game.deals.DealCode` or ``None`` when
    loaded from a position), ``code`` (the deal code text, ``""`` without a deal),
    ``move_count``, ``base_recycles``; properties ``score``, ``is_won``, ``can_undo``, ``can_redo``,
    ``board`` (the current :class:`~game.position.Position`).

    >>> g = new_game("EO1-C8-AAAAAAB")
    >>> g.play("c1-c5")
    Move(src='c1', dst='c5', count=1)
    >>> g.move_count, g.undo(), g.move_count
    (1, True, 1)
    """

    __slots__ = (
        "game", "cells", "deal", "code", "move_count", "start", "_rules", "_state",
        "_undo", "_redo", "_dropped", "base_recycles",
    )

    def __init__(self, start: Position, deal: DealCode | None = None,
                 base: GameState | None = None, base_recycles: int = 0):
        """A game at ``start`` with score 0; cards already on foundations count as
        arrived (they earn nothing if taken back and returned).

        ``base`` (for :mod:`game.save`): play goes on from that state instead, as if
        earlier actions had been dropped from the 100-deep undo stack (the caller checks
        that the rules could have reached it from ``start``); ``base_recycles``: how
        many times the stock was recycled before it (for :attr:`stock_pass`)."""
        self.game = start.layout.game
        self.cells = start.layout.cells
        self.deal = deal
        self.code = str(deal) if deal is not None else ""
        self.start = start
        self.move_count = 0
        self._rules = engine.RULES[self.game]
        self._state: State = (
            (base.position, base.score, base.arrived) if base is not None
            else (start, 0, arrived_mask(start)))
        self._undo: deque[tuple[State, Move]] = deque(maxlen=UNDO_LIMIT)
        self._redo: list[tuple[State, Move]] = []
        self._dropped = base is not None
        # Recycles of the stock no longer on the undo stack (kept in saves).
        self.base_recycles = base_recycles

    # --- questions -------------------------------------------------------------------
    @property
    def board(self) -> Position:
        """The current :class:`~game.position.Position` (immutable)."""
        return self._state[0]

    @property
    def score(self) -> int:
        """Points, 0..1515 (Easy Harp) or 0..520 (Eight Off), SPEC §6."""
        return self._state[1]

    @property
    def is_won(self) -> bool:
        """All cards on the foundations (SPEC §4, §5)."""
        return self._state[0].is_won

    @property
    def can_undo(self) -> bool:
        """True when :meth:`undo` would take an action back."""
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        """True when :meth:`redo` would replay an action."""
        return bool(self._redo)

    def pile_ids(self) -> tuple[str, ...]:
        """Pile ids in model order: Easy Harp ``t1..t9, s, w, f1..f8``; Eight Off
        ``t1..t8, c1..cN, f1..f4`` (SPEC §2)."""
        return self._state[0].layout.ids

    def pile(self, pid: str) -> tuple[Placed, ...]:
        """Pile ``pid`` bottom to top as ``Placed(card, up)`` values.

        Raises:
            GameError: ``no-such-pile`` for an id not in this game/variant.
        """
        try:
            return self._state[0].pile(pid)
        except KeyError:
            raise GameError(Refusal.NO_SUCH_PILE, f"no pile {pid!r} in this game",
                            {"pile": str(pid)}) from None

    def foundation_suit(self, pid: str) -> str:
        """The suit reserved for foundation slot ``pid`` (Easy Harp ``S H D C S H D C``,
        Eight Off ``S H D C``; SPEC §4, §5). Raises ``GameError`` ``no-such-pile``."""
        lay = self._state[0].layout
        ix = lay.index.get(pid)
        if ix is None or lay.kind[ix] != "f":
            raise GameError(Refusal.NO_SUCH_PILE, f"no foundation {pid!r}", {"pile": str(pid)})
        return lay.found_suits[ix - lay.found_ix[0]]

    def group_limit(self, dst: str | None = None) -> int:
        """Eight Off's current group-move limit for a move to ``dst`` (SPEC §5); Easy Harp
        gives 1 (one card at a time; king-led runs into empty columns excepted)."""
        pos = self._state[0]
        d = pos.layout.index.get(dst) if dst is not None else None
        return self._rules.move_limit(pos, d)

    def legal_moves(self) -> list[Move]:
        """Every legal move, normalised (concrete slot, explicit count); O(cards)."""
        return self._rules.legal_moves(self._state[0])

    def check(self, move: str | Move) -> IllegalMove | None:
        """The :class:`IllegalMove` that :meth:`play` would raise, or ``None``.

        Raises:
            BadNotation: ``move`` is text that is not notation.
        """
        try:
            engine.resolve(self._state[0], as_move(move))
        except IllegalMove as e:
            return e
        return None

    def normalise(self, move: str | Move) -> Move:
        """The move as :meth:`play` would play it, without playing it.

        Raises:
            BadNotation, IllegalMove.
        """
        return engine.resolve(self._state[0], as_move(move)).move

    @property
    def state(self) -> GameState:
        """The current :class:`GameState` (position, score, arrived mask)."""
        return GameState(*self._state)

    def base_state(self) -> GameState | None:
        """The state before the oldest undoable action when older actions were dropped
        from the 100-deep undo stack (SPEC §6, §7), else ``None`` (the base is the
        start, score 0)."""
        if not self._dropped:
            return None
        return GameState(*(self._undo[0][0] if self._undo else self._state))

    def history(self) -> tuple[Move, ...]:
        """The undoable actions, oldest first (at most 100)."""
        return tuple(m for _, m in self._undo)

    def past_positions(self) -> tuple[Position, ...]:
        """The position each of :meth:`history` was played from, oldest first."""
        return tuple(state[0] for state, _ in self._undo)

    def redo_moves(self) -> tuple[Move, ...]:
        """The actions :meth:`redo` would replay, next first."""
        return tuple(m for _, m in reversed(self._redo))

    # --- actions ---------------------------------------------------------------------
    def play(self, move: str | Move) -> Move:
        """Play one action (SPEC §2 notation or a :class:`Move`).

        Returns:
            The normalised move (concrete foundation slot, explicit count; ``Move("s")``
            for the stock tap).

        Raises:
            BadNotation: malformed text. IllegalMove: the rules refuse it (``.reason``).
            Either way the game is unchanged.
        """
        r = engine.resolve(self._state[0], as_move(move))
        self._push(r.move, r.src, r.dst, r.count)
        return r.move

    def push_unchecked(self, move: Move) -> None:
        """Play a move already normalised by :meth:`normalise` or taken from
        :meth:`legal_moves` for the current position (python-chess ``push``). A move
        that is not legal corrupts the game: use :meth:`play` when unsure."""
        pos = self._state[0]
        if move.dst is None:
            self._push(move, pos.layout.stock_ix, -1, 0)
        else:
            ix = pos.layout.index
            self._push(move, ix[move.src], ix[move.dst], move.count or 1)

    def _push(self, mv: Move, s: int, d: int, n: int) -> None:
        state = self._state
        self._state = self._after(state, s, d, n)
        if len(self._undo) == UNDO_LIMIT:
            self._dropped = True
            self.base_recycles += _is_recycle(*self._undo[0])
        self._undo.append((state, mv))
        self._redo.clear()
        self.move_count += 1

    def _after(self, state: State, s: int, d: int, n: int) -> State:
        """The state after a checked move, scored by the game's SPEC §6 events: a card's
        first arrival on a foundation, a card turned face up, a card from the waste to
        a column (points from the rules module)."""
        pos, score, arrived = state
        new, flipped = engine.apply(pos, s, d, n)
        if d >= 0:
            rules = self._rules
            kind = pos.layout.kind
            if kind[d] == "f" and kind[s] != "f":
                bit = 1 << new.piles[d][-1].number
                if not arrived & bit:
                    arrived |= bit
                    score += rules.FOUNDATION_POINTS
            elif kind[s] == "w" and kind[d] == "t":
                score += rules.WASTE_POINTS * n
            score += rules.FLIP_POINTS * flipped
        return new, score, arrived

    def undo(self) -> bool:
        """Take back the last action, restoring its state and score exactly (SPEC §6).
        The move counter does not change. Returns whether anything was undone."""
        if not self._undo:
            return False
        state, mv = self._undo.pop()
        self._redo.append((self._state, mv))
        self._state = state
        return True

    def redo(self) -> bool:
        """Replay the last undone action; the move counter does not change. Returns
        whether anything was redone."""
        if not self._redo:
            return False
        state, mv = self._redo.pop()
        if len(self._undo) == UNDO_LIMIT:
            self._dropped = True
            self.base_recycles += _is_recycle(*self._undo[0])
        self._undo.append((self._state, mv))
        self._state = state
        return True

    @property
    def stock_pass(self) -> int:
        """The pass through the stock (SPEC §4, issue 11): 1 + recycles so far (undo
        takes one back; ``base_recycles`` those before a save's base); 0 without a stock.

        >>> new_game("EH1-N-AAAAAAF").stock_pass, new_game("EO1-C8-AAAAAAB").stock_pass
        (1, 0)
        """
        if self._state[0].layout.stock_ix < 0:
            return 0
        return 1 + self.base_recycles + sum(_is_recycle(st, mv) for st, mv in self._undo)

    # --- intents: what a tap, a double tap or a drop means (see game.intents) ------
    def tap_move(self, pid: str, index: int = -1) -> Move | None:
        """See :func:`game.intents.tap_move`."""
        return tap_move(self._state[0], pid, index)

    def double_tap_move(self, pid: str, index: int = -1) -> Move | None:
        """See :func:`game.intents.double_tap_move`."""
        return double_tap_move(self._state[0], pid, index)

    def drop_move(self, src: str, index: int, dst: str) -> Move:
        """See :func:`game.intents.drop_move`."""
        return drop_move(self._state[0], src, index, dst)

    def targets(self, src: str, index: int) -> list[str]:
        """Pile ids where :meth:`drop_move` ``(src, index, dst)`` would be played
        legally (every foundation slot when one accepts). See
        :func:`game.intents.targets`."""
        return targets(self._state[0], src, index)

    def pickup_refusal(self, pile: str, index: int) -> Refusal | None:
        """``None`` when ``pile(pile)[index:]`` (0 = bottom, -1 = top) may be lifted
        together for some legal move from that pile (what the view lets drag or select),
        else the :class:`~game.refusals.Refusal` a drop of them would give. See
        :func:`game.intents.pickup_refusal` (SPEC §4-§6)."""
        return pickup_refusal(self._state[0], pile, index)

    def has_moves(self) -> bool:
        """Whether any legal move exists, the stock tap included (the view's "no move
        left" notice). Same as ``bool(legal_moves())``."""
        return bool(self._rules.legal_moves(self._state[0]))

    def hint(self, max_nodes: int = 20_000, line: tuple[str, ...] = ()) -> Move | None:
        """See :func:`game.solver.hint` (SPEC §10); ``line``: a winning line from here
        already known (its first move, or in Easy Harp a table move before a draw)."""
        from .solver import hint

        return hint(self, max_nodes, line)

    def position(self) -> str:
        """The current position as text (Freecell Solver board format, see
        :func:`game.fcs.format_position`)."""
        return format_position(self._state[0])

    def to_save(self) -> str:
        """The whole game as compact versioned JSON (SPEC §7, see :mod:`game.save`).

        :mod:`game.save` sits above this module in the dependency order
        (docs/ARCHITECTURE.md); it hands its writer over with :func:`set_save_writer`
        when the package is imported.

        Raises:
            RuntimeError: no writer was set (``game.save`` not imported).
        """
        if _save_writer is None:
            raise RuntimeError("game.save is not imported")
        return _save_writer(self)

    def restart(self) -> Game:
        """A new game from this game's start (same deal or start position)."""
        return Game(self.start, self.deal)

    def __repr__(self) -> str:
        what = self.code or "position"
        return f"<Game {self.game} {what} score={self.score} moves={self.move_count}>"


def _is_recycle(state: State, mv: Move) -> bool:
    """Whether ``mv`` from ``state`` was a stock tap on an empty stock (SPEC §4)."""
    return mv.dst is None and not state[0].piles[state[0].layout.stock_ix]


def new_game(code: str | DealCode) -> Game:
    """A new game of a deal (SPEC §3, §9).

    Args:
        code: a deal code (``"EH1-N-AAAAAAF"``, case-insensitive) or a
            :class:`~game.deals.DealCode`.

    Raises:
        BadCode: the code cannot be read.
    """
    deal = code if isinstance(code, DealCode) else parse_code(code)
    start = engine.RULES[deal.game].deal(deal.number, deal.cells)
    return Game(start, deal)


def load_position(text: str, game: str = "eight-off", cells: int | None = None) -> Game:
    """A new :class:`Game` starting at the position ``text`` (SPEC §9; :mod:`game.fcs`).

    The game has no deal (``deal is None``, ``code == ""``), score 0, and counts the
    cards already on the foundations as arrived (they score nothing when returned).

    Raises:
        BadPosition: see :func:`game.fcs.parse_position`.
    """
    return Game(parse_position(text, game, cells))


_save_writer: Callable[[Game], str] | None = None


def set_save_writer(writer: Callable[[Game], str]) -> None:
    """Install the function :meth:`Game.to_save` calls (done once by :mod:`game.save`)."""
    global _save_writer
    _save_writer = writer
