"""Exceptions of the rules package (ARCHITECTURE.md "Errors").

Every error is a :class:`GameError` (a ``ValueError``) with a stable ``.code`` (the key
of a localised message, ``error.<code>`` or ``refusal.<code>``), ``.details`` (message
placeholders) and a plain English ``str()`` for developers and logs that quotes the
offending text. Nothing that raises one of these changes a game.
"""

from __future__ import annotations

TYPE_CHECKING = False  # avoids importing typing at run time
if TYPE_CHECKING:
    from .moves import Move
    from .refusals import Refusal


class GameError(ValueError):
    """Base class: ``.code`` (stable str), ``.details`` (dict of str/int placeholders)."""

    def __init__(self, code: str, message: str, details: dict[str, int | str] | None = None):
        super().__init__(message)
        self.code = code
        self.details: dict[str, int | str] = dict(details or {})


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


class BadCode(GameError):
    """A deal code or number that cannot be read (SPEC §3).

    ``.code`` is one of ``code-empty``, ``code-game`` (unknown game or version),
    ``code-variant``, ``code-length``, ``code-letters`` (also any non-ASCII character),
    ``code-range`` (a typed deal number out of range), ``code-number-range`` (a code
    whose letters stand for a number out of range), ``code-format``;
    ``.details["text"]`` is the input (plus ``"length": 7`` for ``code-length`` and
    ``"min": 1, "max": 999999`` for ``code-range`` and ``code-number-range``).
    """

    def __init__(self, code: str, text: str, why: str):
        details: dict[str, int | str] = {"text": text}
        if code == "code-length":
            details["length"] = 7
        elif code in ("code-range", "code-number-range"):
            details.update(min=1, max=999_999)
        super().__init__(code, f"bad deal code {text!r}: {why}", details)


class BadNotation(GameError):
    """Move text that is not SPEC §2 notation; ``.code == "notation"``,
    ``.details["text"]`` is the input."""

    def __init__(self, text: str, why: str = ""):
        msg = f"bad move notation {text!r}"
        if why:
            msg += f": {why}"
        msg += " (expected e.g. 's', 't3-f', 'w-t5', 'c2-t1', 't4-t7:3')"
        super().__init__("notation", msg, {"text": text})


class BadPosition(GameError):
    """Position text that cannot be read or is not a possible position.

    Attributes:
        problems: every problem found, as stable codes (in order of discovery, no
            duplicates): ``bad-game`` (unknown game/cells), ``bad-line`` (unknown line or
            misplaced header), ``bad-card`` (token is not a card), ``duplicate-card``,
            ``missing-card``, ``bad-foundation`` (unreadable or impossible foundation,
            e.g. a suit listed too often, a rank past K, bad copy list),
            ``too-many-cells``, ``too-many-columns``, ``bad-face-down`` (face-down card
            above a face-up one or at the top of a column, or face-down marks in
            Eight Off), ``bad-stock`` (``Stock:``/``Waste:`` in Eight Off).
        notes: one English sentence per problem, quoting the text.
    ``.code`` is ``"bad-position"``.
    """

    def __init__(self, problems: list[tuple[str, str]]):
        codes: list[str] = []
        for c, _ in problems:
            if c not in codes:
                codes.append(c)
        self.problems = codes
        self.notes = [n for _, n in problems]
        super().__init__(
            "bad-position",
            "bad position: " + "; ".join(f"{c}: {n}" for c, n in problems),
            {"problems": ",".join(codes)},
        )


class BadSave(GameError):
    """A saved game that cannot be restored.

    ``.code``: ``save-json`` (not JSON), ``save-version`` (missing, unknown or future
    version), ``save-format`` (missing/mistyped fields), ``save-code`` (bad deal code),
    ``save-position`` (a position in it is bad; ``.problems`` as in
    :class:`BadPosition`), ``save-history`` (a move in the history is illegal, or
    replaying it does not give the stored position/score).
    """

    def __init__(self, code: str, why: str, problems: list[str] | None = None):
        super().__init__(code, f"bad saved game: {why}", {"problem": why[:200]})
        self.problems = list(problems or [])
