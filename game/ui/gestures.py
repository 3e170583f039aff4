"""Turns raw pointer events into the player's intents: tap, double tap, drag and drop.

Pure Python (no browser import): the adapter feeds it plain numbers and strings taken
from Pointer Events and acts on the intents it returns, so every rule below is tested
under CPython.

Rules (SPEC §6, issue 3):
- A press that moves less than ``slop`` px before it is released is a tap. On something
  that cannot be dragged (the stock, a face-down card, an empty pile) a wobbly press
  is still a tap, but one that moves ``4 * slop`` px or more is a swipe that does
  nothing: its release is not a tap (a tester's drag that began on the stock drew a
  card). A swipe that began on the stock is reported (``Swipe``, with where it ended):
  the adapter draws a card when it ends on the waste (trial 47: a player dragged the
  stock onto the waste and nothing happened, nor was anything said).
- A second tap on the same card (the same physical card, in the same pile) within
  ``double_ms`` of the first is a double tap; nothing else is (SPEC §6, issue 23): taps
  on different cards are single taps however quick, and each one acts. A tap on a pile
  itself (no card) or on the stock is always a single tap. A tap within ``double_ms``
  on a card lying below the card just tapped in the same pile is marked ``uncovered``:
  the second tap of a double tap whose first tap played the card away, on the card it
  uncovered; it still plays that card's move, but never selects it (a tester's double
  tap sent an ace up and then picked the 4C under it, with a reminder).
- A press that moves ``slop`` px or more on a card that may be picked up (``draggable``,
  decided by the rules package) becomes a drag of that card and every card above it;
  its release is a drop at the pointer. On a card that may not (``refusal`` set), it
  gives ``Refused`` once and its release does nothing: the adapter shows why.
- Only one pointer plays at a time; other pointers are ignored until it is released.
- A cancelled pointer (``pointercancel``, lost capture) ends a drag with ``Cancel``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Target:
    """What was pressed: a pile, and the card index in it (0 = bottom; the pile's size
    for the pile itself, e.g. its empty outline)."""

    pile: str
    index: int
    card: str = ""  # physical card id, "" for the pile itself
    draggable: bool = False
    refusal: str = ""  # why a drag of it is refused (a refusal code), "" if none


@dataclass(frozen=True, slots=True)
class Tap:
    """A single tap. ``uncovered``: it came within ``double_ms`` of a tap on another
    card of the same pile that lay above this one (the first tap of a double tap most
    likely played that card away, and this tap lands on what it uncovered)."""

    target: Target
    uncovered: bool = False


@dataclass(frozen=True, slots=True)
class DoubleTap:
    target: Target


@dataclass(frozen=True, slots=True)
class DragStart:
    target: Target


@dataclass(frozen=True, slots=True)
class DragMove:
    dx: float
    dy: float


@dataclass(frozen=True, slots=True)
class Drop:
    target: Target
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class Cancel:
    target: Target


@dataclass(frozen=True, slots=True)
class Refused:
    """A drag of a card that may not be picked up (``target.refusal`` says why)."""

    target: Target


@dataclass(frozen=True, slots=True)
class Swipe:
    """A swipe (module docstring) that began on the stock, released at (x, y)."""

    target: Target
    x: float
    y: float


Intent = Tap | DoubleTap | DragStart | DragMove | Drop | Cancel | Refused | Swipe


@dataclass(slots=True)
class _Press:
    pointer: int
    target: Target
    x0: float
    y0: float
    slop: float
    dragging: bool = False
    refused: bool = False
    swiped: bool = False  # moved past the slop on something that cannot be dragged


@dataclass(slots=True)
class _LastTap:
    card: str
    pile: str
    t: float
    index: int = -1


class Gestures:
    """The recogniser. Times are in ms (``Event.timeStamp``), positions in CSS px.

    ``double_ms``: the double-tap window; ``slop``: movement that makes a press a drag
    for a mouse or pen; touches use ``touch_slop`` because fingers wobble.
    """

    def __init__(self, double_ms: float = 300.0, slop: float = 6.0, touch_slop: float = 10.0):
        self.double_ms = double_ms
        self.slop = slop
        self.touch_slop = touch_slop
        self.double_enabled = True
        self._press: _Press | None = None
        self._last: _LastTap | None = None

    @property
    def active(self) -> bool:
        """Whether a press (tap or drag) is in progress."""
        return self._press is not None

    @property
    def dragging(self) -> bool:
        return self._press is not None and self._press.dragging

    def down(
        self, pointer: int, target: Target | None, x: float, y: float, touch: bool = False
    ) -> list[Intent]:
        """A ``pointerdown`` on ``target`` (None: on the table's background)."""
        if self._press is not None or target is None:
            return []
        self._press = _Press(pointer, target, x, y, self.touch_slop if touch else self.slop)
        return []

    def move(self, pointer: int, x: float, y: float) -> list[Intent]:
        """A ``pointermove``; returns ``DragStart`` once, then ``DragMove``s (or, for a
        target that may not be picked up, ``Refused`` once)."""
        p = self._press
        if p is None or p.pointer != pointer:
            return []
        dx, dy = x - p.x0, y - p.y0
        if not p.dragging:
            if p.refused or p.swiped or dx * dx + dy * dy < p.slop * p.slop:
                return []
            if not p.target.draggable:
                if not p.target.refusal:
                    if dx * dx + dy * dy >= (4 * p.slop) ** 2:
                        p.swiped = True
                        self._last = None
                    return []
                p.refused = True
                self._last = None
                return [Refused(p.target)]
            p.dragging = True
            self._last = None
            return [DragStart(p.target), DragMove(dx, dy)]
        return [DragMove(dx, dy)]

    def up(self, pointer: int, x: float, y: float, t: float) -> list[Intent]:
        """A ``pointerup``: a ``Drop``, a ``Tap``, a ``DoubleTap``, a ``Swipe`` or nothing."""
        p = self._press
        if p is None or p.pointer != pointer:
            return []
        self._press = None
        if p.dragging:
            return [Drop(p.target, x, y)]
        if p.swiped and p.target.pile == "s":
            return [Swipe(p.target, x, y)]
        if p.refused or p.swiped:
            return []
        tg = p.target
        last = self._last
        if (
            self.double_enabled
            and last is not None
            and tg.card
            and tg.pile != "s"
            and last.card == tg.card
            and last.pile == tg.pile
            and t - last.t <= self.double_ms
        ):
            self._last = None
            return [DoubleTap(tg)]
        uncovered = (
            last is not None
            and tg.card != ""
            and last.pile == tg.pile
            and last.card != tg.card
            and tg.index < last.index
            and t - last.t <= self.double_ms
        )
        self._last = _LastTap(tg.card, tg.pile, t, tg.index)
        return [Tap(tg, uncovered)]

    def cancel(self, pointer: int) -> list[Intent]:
        """A ``pointercancel`` (or lost capture): abandons the press."""
        p = self._press
        if p is None or p.pointer != pointer:
            return []
        self._press = None
        return [Cancel(p.target)] if p.dragging else []

    def reset(self) -> None:
        """Forget any press and tap (after a new game, a dialog, a take-over)."""
        self._press = None
        self._last = None
