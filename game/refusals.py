"""Why a move is refused: stable codes (SPEC §6 "Interactive rules", STYLE.md).

The value of each member is its stable code; the UI shows the message keyed
``refusal.<code>`` in ``locales/``. Rules never carry prose.

When several rules are broken, the first in the order written in
:mod:`game.contract` wins.
"""

from __future__ import annotations

from enum import Enum


class Refusal(str, Enum):
    """A refusal reason; ``.value`` is the stable code (SPEC §6, §8 ``data-reason``)."""

    ONE_CARD_AT_A_TIME = "one-card-at-a-time"
    """Easy Harp: several cards between columns or from the waste (SPEC §4); only a
    king-led run into an empty column may move as a block."""
    NOT_A_RUN = "not-a-run"
    """The picked cards are not a movable run (Eight Off: same suit, consecutive
    descending; Easy Harp: king-led, alternating colours, descending), or there are
    fewer cards than asked for."""
    GROUP_TOO_LARGE = "group-too-large"
    """Eight Off: run longer than ``(free cells + 1) * 2 ** empty columns`` (SPEC §5);
    details ``{"limit": L, "count": N}``."""
    EMPTY_NEEDS_KING = "empty-needs-king"
    """An empty column takes only a king or a king-led run (SPEC §4, §5)."""
    WRONG_COLOR = "wrong-color"
    """Easy Harp: a card goes only on the opposite colour (SPEC §4)."""
    WRONG_SUIT = "wrong-suit"
    """Eight Off: a card goes only on its own suit (SPEC §5)."""
    WRONG_RANK = "wrong-rank"
    """A card goes only on the card exactly one rank higher."""
    FOUNDATION_SUIT = "foundation-suit"
    """That foundation slot is reserved for another suit (SPEC §4, §5)."""
    FOUNDATION_RANK = "foundation-rank"
    """Foundations take the ace first, then the next rank."""
    FOUNDATION_ONE_CARD = "foundation-one-card"
    """Foundations take and give back one card at a time."""
    CELL_FULL = "cell-full"
    """A free cell holds one card (SPEC §5)."""
    CELL_ONE_CARD = "cell-one-card"
    """Only one card can go into a free cell."""
    FACE_DOWN = "face-down"
    """A face-down card cannot be picked (Easy Harp columns and stock)."""
    EMPTY_SOURCE = "empty-source"
    """There is no card to move there."""
    STOCK_EMPTY = "stock-empty"
    """Tap on the stock with stock and waste both empty."""
    NOT_A_TARGET = "not-a-target"
    """Cards cannot be put there (stock, waste, foundation to foundation)."""
    SAME_PILE = "same-pile"
    """Source and destination are the same pile."""
    NO_SUCH_PILE = "no-such-pile"
    """The pile id does not exist in this game or variant (e.g. ``c5`` with 4 cells)."""

    def __str__(self) -> str:
        return self.value
