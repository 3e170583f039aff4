"""Cards, faces and physical identities (SPEC §2, §3).

A :class:`Card` is a small frozen value: ``rank`` 1..13 (1 = ace), ``suit`` one of
``"C" "D" "H" "S"`` and ``copy`` (0 in one-deck games; 1 or 2 for Easy Harp's two
decks). Every card is interned: ``Card.parse("TH.2") is Card(10, "H", 2)`` is not
guaranteed, but equal cards compare and hash equal, and the parser and the dealer hand
out shared instances so positions stay cheap to copy and compare.

>>> Card.parse("th").id
'TH'
>>> Card.parse("TH.2").face, Card.parse("TH.2").is_red
('TH', True)
"""

from __future__ import annotations

from dataclasses import dataclass

#: Rank letters, index 0 = ace (SPEC §2).
RANKS = "A23456789TJQK"
#: Suit letters in the order of the Microsoft generator's card numbers (SPEC §3).
SUITS = "CDHS"
#: Red suits (SPEC §2).
RED = frozenset("DH")

_RANK_OF = {c: i + 1 for i, c in enumerate(RANKS)}
_RANK_OF["10"] = 10


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card.

    Attributes:
        rank: 1..13, 1 = ace, 11 = jack, 12 = queen, 13 = king (SPEC §2).
        suit: ``"C"``, ``"D"``, ``"H"`` or ``"S"``.
        copy: 0 for one-deck games (Eight Off); 1 or 2 for Easy Harp, where card number
            ``k < 52`` of SPEC §3 is copy 1 and ``k >= 52`` copy 2.

    Raises:
        ValueError: out-of-range rank, unknown suit or copy (construction is checked).
    """

    rank: int
    suit: str
    copy: int = 0

    def __post_init__(self) -> None:
        if not (isinstance(self.rank, int) and 1 <= self.rank <= 13):
            raise ValueError(f"card rank must be 1..13, not {self.rank!r}")
        if self.suit not in ("C", "D", "H", "S"):
            raise ValueError(f"card suit must be one of C D H S, not {self.suit!r}")
        if self.copy not in (0, 1, 2):
            raise ValueError(f"card copy must be 0, 1 or 2, not {self.copy!r}")

    @property
    def face(self) -> str:
        """The face code, rank letter + suit letter, e.g. ``"TH"`` (SPEC §2)."""
        return RANKS[self.rank - 1] + self.suit

    @property
    def id(self) -> str:
        """The physical card id: ``"TH"`` (copy 0) or ``"TH.1"`` / ``"TH.2"``."""
        if self.copy:
            return f"{RANKS[self.rank - 1]}{self.suit}.{self.copy}"
        return RANKS[self.rank - 1] + self.suit

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds (SPEC §2)."""
        return self.suit in RED

    @property
    def number(self) -> int:
        """SPEC §3 card number ``k``: ``(rank-1)*4 + suit index (C D H S)``, +52 for copy 2.

        Range 0..51 for copies 0 and 1, 52..103 for copy 2.
        """
        return (self.rank - 1) * 4 + SUITS.index(self.suit) + (52 if self.copy == 2 else 0)

    def __str__(self) -> str:
        return self.id

    def __repr__(self) -> str:
        return f"Card({self.id})"

    @staticmethod
    def parse(text: str) -> Card:
        """Read a face code or card id, case-insensitive: ``"th"``, ``"TH.2"``, ``"10h"``.

        Returns:
            The interned :class:`Card` (copy 0 when no ``.1``/``.2`` suffix is given).

        Raises:
            ValueError: the text is not a card; the message quotes it.
        """
        card = parse_card(text)
        if card is None:
            raise ValueError(f"not a card: {text!r} (expected e.g. 'TH', '7c' or 'QS.2')")
        return card


_CACHE: dict[str, Card] = {}


def parse_card(text: str) -> Card | None:
    """Like :meth:`Card.parse` but returns ``None`` instead of raising."""
    card = _CACHE.get(text)
    if card is not None:
        return card
    t = text.strip().upper()
    copy = 0
    if len(t) >= 2 and t[-2] == ".":
        if t[-1] not in "12":
            return None
        copy = int(t[-1])
        t = t[:-2]
    if len(t) < 2:
        return None
    rank = _RANK_OF.get(t[:-1])
    suit = t[-1]
    if rank is None or suit not in SUITS:
        return None
    card = card_of(rank, suit, copy)
    if len(_CACHE) < 4096:
        _CACHE[text] = card
    return card


_INTERN: dict[tuple[int, str, int], Card] = {}


def card_of(rank: int, suit: str, copy: int = 0) -> Card:
    """The interned card with these fields (see :class:`Card`)."""
    key = (rank, suit, copy)
    card = _INTERN.get(key)
    if card is None:
        card = _INTERN[key] = Card(rank, suit, copy)
    return card


def card_from_number(k: int, two_decks: bool) -> Card:
    """The card of SPEC §3 number ``k``.

    Args:
        k: 0..51 (one deck) or 0..103 (two decks).
        two_decks: True for Easy Harp: copy 1 when ``k < 52``, copy 2 otherwise;
            False gives copy 0.

    Returns:
        rank ``(k mod 52) // 4 + 1``, suit ``"CDHS"[k mod 4]`` (SPEC §3).
    """
    copy = (2 if k >= 52 else 1) if two_decks else 0
    return card_of((k % 52) // 4 + 1, SUITS[k % 4], copy)


@dataclass(frozen=True, slots=True)
class Placed:
    """A card as it lies in a pile: ``card`` and whether it is face ``up``."""

    card: Card
    up: bool

    @property
    def face(self) -> str:
        """``"up"`` or ``"down"``, the value of SPEC §8's ``data-face``."""
        return "up" if self.up else "down"
