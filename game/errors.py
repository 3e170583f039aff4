"""Exceptions of the rules package (ARCHITECTURE.md "Errors").

Every error is a :class:`GameError` (a ``ValueError``) with a stable ``.code`` (the key
of a localised message, ``error.<code>`` or ``refusal.<code>``), ``.details`` (message
placeholders) and a plain English ``str()`` for developers and logs that quotes the
offending text. Nothing that raises one of these changes a game.

The codes are enums (:class:`CodeProblem`, :class:`PositionProblem`,
:class:`SaveProblem`, :class:`BaseProblem`) whose values are the stable strings.

A leaf of the package (imports nothing): :class:`~game.moves.IllegalMove`, which carries
a move, lives in :mod:`game.moves`.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum


class Code(str, Enum):
    """An error code: ``.value`` (also ``str()`` and ``==`` a plain string) is the stable
    code, the key of ``error.<code>`` in ``locales/`` (like
    :class:`~game.refusals.Refusal`)."""

    def __str__(self) -> str:
        return self.value


class CodeProblem(Code):
    """Why a deal code or number cannot be read (:class:`BadCode`, SPEC §3)."""

    EMPTY = "code-empty"
    GAME = "code-game"
    VARIANT = "code-variant"
    LENGTH = "code-length"
    LETTERS = "code-letters"
    RANGE = "code-range"
    NUMBER_RANGE = "code-number-range"
    FORMAT = "code-format"


class PositionProblem(Code):
    """A problem of position text (:attr:`BadPosition.problems`)."""

    BAD_GAME = "bad-game"
    BAD_LINE = "bad-line"
    BAD_CARD = "bad-card"
    DUPLICATE_CARD = "duplicate-card"
    MISSING_CARD = "missing-card"
    BAD_FOUNDATION = "bad-foundation"
    TOO_MANY_CELLS = "too-many-cells"
    TOO_MANY_COLUMNS = "too-many-columns"
    BAD_FACE_DOWN = "bad-face-down"
    BAD_STOCK = "bad-stock"


class SaveProblem(Code):
    """Why a saved game cannot be restored (:class:`BadSave`, SPEC §7)."""

    JSON = "save-json"
    VERSION = "save-version"
    FORMAT = "save-format"
    CODE = "save-code"
    POSITION = "save-position"
    BASE = "save-base"
    HISTORY = "save-history"


class BaseProblem(Code):
    """Why a save's base state could not have been reached from its start
    (:func:`game.save.base_problems`, :attr:`BadSave.problems` of ``save-base``)."""

    COLUMN = "base-column"
    FACE_DOWN = "base-face-down"
    STOCK = "base-stock"
    SCORE = "base-score"


class GameError(ValueError):
    """Base class: ``.code`` (stable str), ``.details`` (dict of str/int placeholders)."""

    def __init__(self, code: str, message: str, details: dict[str, int | str] | None = None):
        super().__init__(message)
        self.code = code
        self.details: dict[str, int | str] = dict(details or {})


class BadCode(GameError):
    """A deal code or number that cannot be read (SPEC §3).

    ``.code`` is one of ``code-empty``, ``code-game`` (unknown game or version),
    ``code-variant``, ``code-length``, ``code-letters`` (also any non-ASCII character),
    ``code-range`` (a typed deal number out of range), ``code-number-range`` (a code
    whose letters stand for a number out of range), ``code-format``;
    ``.details["text"]`` is the input (plus ``"length": 7`` for ``code-length`` and
    ``"min": 1, "max": 999999`` for ``code-range`` and ``code-number-range``).
    """

    def __init__(self, code: CodeProblem, text: str, why: str):
        details: dict[str, int | str] = {"text": text}
        if code is CodeProblem.LENGTH:
            details["length"] = 7
        elif code in (CodeProblem.RANGE, CodeProblem.NUMBER_RANGE):
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

    def __init__(self, problems: list[tuple[PositionProblem, str]]):
        codes: list[PositionProblem] = []
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
    :class:`BadPosition`), ``save-base`` (the base position is not one the rules could
    have reached from the deal or start; ``.problems`` lists every problem found:
    ``base-column``, ``base-face-down``, ``base-stock``, ``base-score``, see
    :func:`game.save.base_problems`), ``save-history`` (a move in the history is
    illegal, or replaying it does not give the stored position/score). The view keeps
    any blob that raises one of these under its backup key (SPEC §7).
    """

    def __init__(self, code: SaveProblem, why: str, problems: Sequence[Code] = ()):
        super().__init__(code, f"bad saved game: {why}", {"problem": why[:200]})
        self.problems: list[Code] = list(problems)
