"""Moves and their SPEC §2 notation.

>>> Move.parse("t4-t7:3")
Move(src='t4', dst='t7', count=3)
>>> str(Move("t3", "f"))
't3-f'
>>> str(Move.parse("s"))
's'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import BadNotation, GameError
from .refusals import Refusal

#: Every pile id of SPEC §2, in any game.
PILE_IDS = frozenset(
    [f"t{i}" for i in range(1, 10)]
    + [f"c{i}" for i in range(1, 9)]
    + [f"f{i}" for i in range(1, 9)]
    + ["s", "w"]
)
_DSTS = PILE_IDS | {"f"}
_RE = re.compile(r"(t[1-9]|c[1-8]|f[1-8]|s|w)-(t[1-9]|c[1-8]|f[1-8]|f|s|w)(?::([1-9][0-9]{0,2}))?")


@dataclass(frozen=True, slots=True)
class Move:
    """A move: ``src`` pile id, ``dst`` pile id (or ``"f"``), ``count`` cards or ``None``.

    The stock tap (draw or recycle, SPEC §4) is ``Move("s")`` with ``dst`` and ``count``
    ``None``. ``dst == "f"`` means the first foundation slot that accepts the card;
    ``count is None`` means "the unique count that makes the move legal, or 1" (SPEC §2).
    :meth:`game.Game.play` returns moves normalised to a concrete slot and count.

    Raises:
        BadNotation: a pile id that exists in no game, a ``count`` below 1, a stock tap
            with a destination, or a move without one.
    """

    src: str
    dst: str | None = None
    count: int | None = None

    def __post_init__(self) -> None:
        if self.dst is None:
            if self.src != "s" or self.count is not None:
                raise BadNotation(repr(self), "only the stock tap 's' has no destination")
            return
        if self.src not in PILE_IDS or self.dst not in _DSTS:
            raise BadNotation(f"{self.src}-{self.dst}", "unknown pile id")
        if self.count is not None and (
            not isinstance(self.count, int) or isinstance(self.count, bool) or self.count < 1
        ):
            raise BadNotation(f"{self.src}-{self.dst}:{self.count}", "count must be 1 or more")

    def __str__(self) -> str:
        """The SPEC §2 notation: ``s``, ``t3-f``, ``t4-t7:3``."""
        if self.dst is None:
            return "s"
        if self.count is None:
            return f"{self.src}-{self.dst}"
        return f"{self.src}-{self.dst}:{self.count}"

    @property
    def is_draw(self) -> bool:
        """True for the stock tap ``s``."""
        return self.dst is None

    @staticmethod
    def parse(text: str) -> Move:
        """Read SPEC §2 notation; case and surrounding spaces are ignored.

        Args:
            text: ``"s"`` or ``"SRC-DST"`` with an optional ``":N"`` (N = 1..999).

        Returns:
            The :class:`Move`; ``Move.parse(str(m)) == m`` for every move.

        Raises:
            BadNotation: the text is not notation (the message quotes it). Pile ids that
                exist in no game (``t0``, ``c9``) are refused here; ids missing from one
                game (``c5`` with 4 cells) are refused when played (``no-such-pile``).
        """
        if not isinstance(text, str):
            raise BadNotation(repr(text), "not a string")
        t = text.strip().lower()
        if t == "s":
            return _DRAW
        m = _RE.fullmatch(t)
        if m is None:
            raise BadNotation(text)
        count = int(m.group(3)) if m.group(3) else None
        return Move(m.group(1), m.group(2), count)


_DRAW = Move("s")
#: The stock tap (draw one card, or recycle the waste when the stock is empty).
DRAW = _DRAW


def as_move(move: str | Move) -> Move:
    """A :class:`Move` from a move or its notation (raises :class:`BadNotation`)."""
    if isinstance(move, Move):
        return move
    return Move.parse(move)


# English one-liners for str() only (the UI uses locales/, keyed by the code).
_REFUSAL_EN = {
    "one-card-at-a-time": "only the top card moves between columns; a king-led run may "
    "move as a block into an empty column only",
    "not-a-run": "the picked cards are not a run that can move together",
    "group-too-large": "the run is longer than the group-move limit",
    "empty-needs-king": "an empty column takes only a king or a king-led run",
    "wrong-color": "a card goes only on a card of the opposite colour",
    "wrong-suit": "a card goes only on a card of the same suit",
    "wrong-rank": "a card goes only on the card exactly one rank higher",
    "foundation-suit": "that foundation is for another suit",
    "foundation-rank": "a foundation takes the ace first, then the next rank",
    "foundation-one-card": "foundations take and give one card at a time",
    "cell-full": "that cell already holds a card",
    "cell-one-card": "a cell holds one card only",
    "face-down": "a face-down card cannot be picked",
    "empty-source": "there is no card there",
    "stock-empty": "the stock and the waste are both empty",
    "not-a-target": "cards cannot be put there",
    "same-pile": "source and destination are the same pile",
    "no-such-pile": "there is no such pile in this game",
}


class IllegalMove(GameError):
    """A move the rules refuse (SPEC §9).

    Attributes:
        reason: the :class:`~game.refusals.Refusal`; ``code == reason.value``.
        move: the move as understood (normalised where possible), or ``None``.
        details: e.g. ``{"limit": 3, "count": 4}`` for ``group-too-large``,
            ``{"pile": "c5"}`` for ``no-such-pile``.
    """

    def __init__(
        self,
        reason: Refusal,
        move: Move | None = None,
        details: dict[str, int | str] | None = None,
    ):
        extra = ""
        if details:
            extra = " (" + ", ".join(f"{k} {v}" for k, v in details.items()) + ")"
        text = f"{str(move)!r}" if move is not None else "move"
        super().__init__(
            reason.value,
            f"illegal move {text}: {reason.value}: {_REFUSAL_EN[reason.value]}{extra}",
            details,
        )
        self.reason = reason
        self.move = move
