"""Deal numbers, the Microsoft FreeCell shuffle, deal codes and the deal of the day
(SPEC §3).

>>> ms_deal_order(1)[:4]
[41, 5, 34, 40]
>>> str(DealCode("easy-harp", 0, 5))
'EH1-N-AAAAAAF'
>>> parse_code(" eo1-c8-aaaaafa ").number
130
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import BadCode, CodeProblem

TYPE_CHECKING = False
if TYPE_CHECKING:
    import datetime

#: Smallest and largest deal numbers (SPEC §3).
MIN_DEAL, MAX_DEAL = 1, 999_999
#: Cell counts of each registered game's variants, the default first (0 = no cells):
#: filled by :func:`add_game` (done by :func:`game.engine.register`).
VARIANTS: dict[str, tuple[int, ...]] = {}
_PREFIX: dict[str, str] = {}
_GAME_OF: dict[str, str] = {}
_LETTERS = 7


def variant_text(cells: int) -> str:
    """The variant part of a code: ``N`` (no cells), else ``C`` + the cell count."""
    return f"C{cells}" if cells else "N"


def add_game(game: str, prefix: str, variants: tuple[int, ...]) -> None:
    """Make deal codes of ``game`` readable: ``prefix`` (e.g. ``"EO1"``) and its cell
    variants (SPEC §3). Raises ``ValueError`` if the name or prefix is taken by
    another game."""
    if _GAME_OF.get(prefix, game) != game or _PREFIX.get(game, prefix) != prefix:
        raise ValueError(f"deal-code prefix {prefix!r} or game {game!r} already taken")
    VARIANTS[game] = tuple(variants)
    _PREFIX[game] = prefix
    _GAME_OF[prefix] = game


def ms_deal_order(number: int, n: int = 52) -> list[int]:
    """The Microsoft FreeCell shuffle of SPEC §3.

    Args:
        number: the seed (the deal number, 1..999999; any int >= 0 works).
        n: deck size, 52 (one deck) or 104 (Easy Harp).

    Returns:
        The card numbers 0..n-1 in deal order (index 0 is dealt first); card ``k`` is
        rank ``(k mod 52)//4`` (0 = ace), suit ``"CDHS"[k mod 4]``. For ``n = 52`` this
        is the classic FreeCell deal (deal 1 starts JD 2D 9H JC: 41 5 34 40).
    """
    seed = number
    cards = list(range(n - 1, -1, -1))
    last = n - 1
    for i in range(n):
        seed = (seed * 214013 + 2531011) & 0x7FFFFFFF
        j = last - (seed >> 16) % (n - i)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def _letters(number: int) -> str:
    out = []
    for _ in range(_LETTERS):
        number, d = divmod(number, 26)
        out.append(chr(65 + d))
    return "".join(reversed(out))


@dataclass(frozen=True, slots=True)
class DealCode:
    """A deal: ``game`` (``"easy-harp"``/``"eight-off"``), ``cells`` (0 for Easy Harp;
    8, 4 or 2 for Eight Off) and ``number`` (1..999999). ``str()`` gives the SPEC §3 code.

    Raises:
        BadCode: ``code-game`` (unknown game), ``code-variant`` (cells not a variant of
            the game), ``code-range`` (number outside 1..999999).
    """

    game: str
    cells: int
    number: int

    def __post_init__(self) -> None:
        if self.game not in VARIANTS:
            raise BadCode(CodeProblem.GAME, str(self.game), "unknown game")
        if self.cells not in VARIANTS[self.game]:
            raise BadCode(CodeProblem.VARIANT, str(self.cells), f"no such variant of {self.game}")
        if (
            not isinstance(self.number, int)
            or isinstance(self.number, bool)
            or not MIN_DEAL <= self.number <= MAX_DEAL
        ):
            raise BadCode(
                CodeProblem.RANGE, str(self.number), "the deal number must be 1 to 999999"
            )

    def __str__(self) -> str:
        return f"{_PREFIX[self.game]}-{variant_text(self.cells)}-{_letters(self.number)}"

    @property
    def code(self) -> str:
        """Same as ``str(self)``: e.g. ``"EO1-C8-AAAAAFA"``."""
        return str(self)


def parse_code(text: str) -> DealCode:
    """Read a deal code (SPEC §3): ``GAME-VARIANT-LLLLLLL``, case-insensitive, surrounding
    spaces ignored.

    Returns:
        The :class:`DealCode`.

    Raises:
        BadCode: with ``.code`` ``code-empty`` (nothing typed), ``code-format`` (not three
            parts separated by ``-``), ``code-game`` (unknown game or version, e.g.
            ``EH2``), ``code-variant`` (e.g. ``C3``, or ``C8`` for Easy Harp),
            ``code-length`` (number part not 7 letters), ``code-letters`` (characters
            outside A-Z, including any character outside ASCII anywhere in the text:
            look-alikes such as ``ß``, ``ſ``, ``ﬁ`` are refused before upper-casing, which
            would turn them into ASCII letters, issue 14), ``code-number-range`` (the
            letters stand for 0 or a number above 999999).
    """
    if not isinstance(text, str):
        raise BadCode(CodeProblem.FORMAT, repr(text), "a deal code is text")
    if not text.isascii():
        raise BadCode(CodeProblem.LETTERS, text, "a deal code uses only the letters A-Z, digits and '-'")
    t = text.strip().upper()
    if not t:
        raise BadCode(CodeProblem.EMPTY, text, "no code given")
    parts = t.split("-")
    if len(parts) != 3:
        raise BadCode(CodeProblem.FORMAT, text, "expected three parts such as EH1-N-AAAAAAF")
    prefix, variant, letters = (p.strip() for p in parts)
    game = _GAME_OF.get(prefix)
    if game is None:
        raise BadCode(CodeProblem.GAME, text, f"unknown game or version {prefix!r} (EH1 or EO1)")
    cells = {variant_text(c): c for c in VARIANTS[game]}.get(variant)
    if cells is None:
        allowed = " ".join(variant_text(c) for c in VARIANTS[game])
        raise BadCode(CodeProblem.VARIANT, text, f"unknown variant {variant!r} (expected {allowed})")
    if len(letters) != _LETTERS:
        raise BadCode(CodeProblem.LENGTH, text, f"the deal part {letters!r} must be 7 letters")
    if not all("A" <= ch <= "Z" for ch in letters):
        raise BadCode(CodeProblem.LETTERS, text, f"the deal part {letters!r} must use only A-Z")
    number = 0
    for ch in letters:
        number = number * 26 + (ord(ch) - 65)
    if not MIN_DEAL <= number <= MAX_DEAL:
        raise BadCode(CodeProblem.NUMBER_RANGE, text, f"the code stands for deal number {number}, "
                      "which is not in 1..999999")
    return DealCode(game, cells, number)


def code_from_input(text: str, game: str, cells: int) -> DealCode:
    """What the player typed in the New game dialog: a code, or a plain deal number.

    Args:
        text: a deal code (any game: the code decides) or digits 1..999999 (surrounding
            spaces ignored).
        game, cells: the game and variant a plain number is for.

    Raises:
        BadCode: as :func:`parse_code` (a code whose letters stand for a number out of
            range is ``code-number-range``); a typed number 0 or above 999999 is
            ``code-range``;
            an unknown ``game``/``cells`` is ``code-game``/``code-variant``.
    """
    t = text.strip() if isinstance(text, str) else text
    if isinstance(t, str) and t.isdigit() and t.isascii():
        # int() refuses more than 4300 digits (ValueError): such a number is out of range.
        n = int(t) if len(t.lstrip("0")) <= 7 else MAX_DEAL + 1
        if not MIN_DEAL <= n <= MAX_DEAL:
            raise BadCode(CodeProblem.RANGE, text, f"deal number {n} is not in 1..999999")
        if game not in VARIANTS:
            raise BadCode(CodeProblem.GAME, str(game), "unknown game")
        if cells not in VARIANTS[game]:
            raise BadCode(CodeProblem.VARIANT, str(cells), f"no such variant of {game}")
        return DealCode(game, cells, n)
    return parse_code(text)


def deal_of_the_day(day: datetime.date, game: str, cells: int) -> DealCode:
    """The deal everyone gets on the local calendar date ``day`` (SPEC §3):
    ``N = 1 + (day.toordinal() * 2654435761) mod 999999``.

    Raises:
        BadCode: unknown game or variant.
    """
    n = 1 + (day.toordinal() * 2654435761) % 999_999
    return DealCode(game, cells, n)
