"""Positions as text: Freecell Solver's board format, with an Easy Harp extension
(SPEC §9).

Eight Off (plain Freecell Solver format)::

    Foundations: H-0 C-0 D-A S-2
    Freecells: 3S - JC - 6S - 3C -
    : 4S 9C KC 6C TC 8S
    :

* ``Foundations:`` one ``SUIT-RANK`` per slot (rank ``0`` = empty, then ``A 2..9 T J Q
  K``), written in Freecell Solver's order H C D S; read in any order.
* ``Freecells:`` one token per cell, ``-`` = empty. Freecell Solver's own fixed-width
  form (4-character slots, blank = empty, e.g. ``Freecells:  3S      JC``) is read too.
* one line per column ``t1, t2, ...``, starting with ``:``, bottom card first.

Easy Harp extension (two decks, stock, waste, face-down cards):

* card tokens are physical ids ``TH.1`` / ``TH.2`` (a bare ``TH`` is read as the copy
  not used elsewhere, ``.1`` first);
* a face-down card is written in parentheses: ``(9H.2)``; face-down cards lie below the
  face-up ones and never on top of a column;
* ``Foundations:`` lists 8 slots, each suit twice; the n-th ``S`` token is the n-th
  spade slot (``f1`` then ``f5``), likewise H (``f2``, ``f6``), D (``f3``, ``f7``),
  C (``f4``, ``f8``). A slot with cards appends its copies bottom to top after ``/``:
  ``S-3/121`` is AS.1 2S.2 3S.1 (without ``/`` the copies are inferred);
* ``Stock:`` the stock bottom to top (the last card is drawn next), all face down;
  ``Waste:`` the waste bottom to top (the last card is the playable one);
* no ``Freecells:`` line is written (an empty one is accepted).

Reading accepts a byte-order mark, ``\\r\\n`` line ends, blank lines, trailing spaces,
lower-case cards, and column lines with or without the leading ``:``. Every problem is
reported at once in :class:`~game.errors.BadPosition` (``duplicate-card``,
``missing-card``, ``bad-foundation``, ...).

>>> from game import engine
>>> print(format_position(engine.RULES["eight-off"].deal(1, 4)).splitlines()[1])
Freecells: 6S 9C 2H 6H
"""

from __future__ import annotations

from typing import Any

from .cards import RANKS, SUITS, Card, card_of, parse_card
from .deals import VARIANTS
from .errors import BadPosition, PositionProblem
from .position import Position, layout

_FCS_ORDER = "HCDS"
_RANK_TOKEN = {"0": 0, "10": 10, **{r: i + 1 for i, r in enumerate(RANKS)}}


def _rank_text(n: int) -> str:
    return "0" if n == 0 else RANKS[n - 1]


def format_position(pos: Position) -> str:
    """The position as text (module docstring), ending with a newline.

    Returns:
        Lines ``Foundations:``, then ``Freecells:`` (Eight Off) or ``Stock:`` and
        ``Waste:`` (Easy Harp), then one ``:`` line per column. ``parse_position`` of the
        result gives back an equal position.
    """
    lay = pos.layout
    piles = pos.piles
    two = lay.two_decks
    f0 = lay.found_ix[0]
    toks = []
    reps = 2 if two else 1
    for rep in range(reps):
        for suit in _FCS_ORDER:
            slot = [j for j, s in enumerate(lay.found_suits) if s == suit][rep]
            cards = piles[f0 + slot]
            t = f"{suit}-{_rank_text(len(cards))}"
            if two and cards:
                t += "/" + "".join(str(c.copy) for c in cards)
            toks.append(t)
    lines = ["Foundations: " + " ".join(toks)]
    if two:
        lines.append(("Stock: " + " ".join(c.id for c in piles[lay.stock_ix])).rstrip())
        lines.append(("Waste: " + " ".join(c.id for c in piles[lay.waste_ix])).rstrip())
    else:
        lines.append(
            "Freecells: " + " ".join(piles[i][0].id if piles[i] else "-" for i in lay.cell_ix)
        )
    for i in range(lay.columns):
        d = pos.down[i]
        col = piles[i]
        toks = [f"({c.id})" if k < d else c.id for k, c in enumerate(col)]
        lines.append((": " + " ".join(toks)).rstrip())
    return "\n".join(lines) + "\n"


def _fixed_width_cells(rest: str) -> list[str] | None:
    """Freecell Solver's fixed-width ``Freecells:`` slots (4 characters each, card
    right-aligned, blank = empty), or None when ``rest`` is not in that form."""
    rest = rest.rstrip()
    if not rest or "-" in rest.split() or "\t" in rest:
        return None
    rest = rest + " " * (-len(rest) % 4)
    out = []
    for i in range(0, len(rest), 4):
        chunk = rest[i : i + 4]
        if chunk == "    ":
            out.append("-")
        elif chunk[0] == " " and chunk[-1] != " " and " " not in chunk.strip():
            out.append(chunk.strip())
        else:
            return None
    return out


class _Token:
    __slots__ = ("face", "copy", "down", "text")

    def __init__(self, face: Card, copy: int | None, down: bool, text: str):
        self.face, self.copy, self.down, self.text = face, copy, down, text


#: A card as read, while copies are worked out: ``[face, copy or None]`` (columns add
#: ``down``); lists, so that a bare Easy Harp face can be given its copy in place.
_Entry = list[Any]


class _Reader:
    """One reading of position text for a layout: the lines first (:meth:`line`), then
    the identities of the cards (:meth:`identify`), then the position (:meth:`build`).
    Every problem goes into ``problems`` as ``(code, note)``, in order of discovery."""

    def __init__(self, game: str, cells: int) -> None:
        self.game, self.cells = game, cells
        self.lay = layout(game, cells)
        self.two = self.lay.two_decks
        self.problems: list[tuple[PositionProblem, str]] = []
        self.found: dict[str, list[tuple[int, str | None]]] = {s: [] for s in SUITS}
        self.cell_toks: list[_Token | None] = []
        self.stock: list[_Token] = []
        self.waste: list[_Token] = []
        self.columns: list[list[_Token]] = []
        self.seen_head: set[str] = set()
        self.used: dict[Card, set[int]] = {}
        self.explicit_twice: list[str] = []

    def bad(self, code: PositionProblem, note: str) -> None:
        self.problems.append((code, note))

    def token(self, raw: str, where: str, down_ok: bool) -> _Token | None:
        """The card token ``raw`` (``(...)`` = face down), or None (a problem noted)."""
        t = raw
        down = False
        if len(t) > 2 and t[0] == "(" and t[-1] == ")":
            down, t = True, t[1:-1]
        card = parse_card(t)
        if card is None or (card.copy and not self.two):
            self.bad(PositionProblem.BAD_CARD, f"{where}: {raw!r} is not a card")
            return None
        if down and not down_ok:
            self.bad(PositionProblem.BAD_FACE_DOWN, f"{where}: {raw!r} cannot be face down here")
        copy = card.copy if self.two and card.copy else None
        return _Token(card_of(card.rank, card.suit, 0), copy, down, raw)

    # ---- the lines ----------------------------------------------------------------------
    def line(self, no: int, line: str) -> None:
        """Read line number ``no``: a header line or a column."""
        line = line.rstrip()
        if not line.strip():
            return
        low = line.lstrip().lower()
        head = low.split(":", 1)[0] if ":" in low else ""
        if head not in ("foundations", "freecells", "stock", "waste"):
            self.column(no, line)
            return
        rest = line.lstrip()[len(head) + 1 :]
        where = f"line {no}"
        if head in self.seen_head:
            self.bad(PositionProblem.BAD_LINE, f"{where}: {line.strip()!r} repeats the {head} line")
            return
        self.seen_head.add(head)
        if head == "foundations":
            self.foundations(rest, where)
        elif head == "freecells":
            self.freecells(rest, where)
        elif not self.two:
            self.bad(PositionProblem.BAD_STOCK, f"{where}: {self.game} has no stock or waste")
        else:
            dest = self.stock if head == "stock" else self.waste
            for tok in rest.split():
                t = self.token(tok, where, head == "stock")
                if t is not None:
                    dest.append(t)

    def foundations(self, rest: str, where: str) -> None:
        """The ``Foundations:`` tokens ``SUIT-RANK[/copies]``."""
        found = self.found
        for tok in rest.split():
            suit, sep, r = tok.upper().partition("-")
            r, _, copies = r.partition("/")
            if not sep or suit not in found or r not in _RANK_TOKEN:
                self.bad(PositionProblem.BAD_FOUNDATION, f"{where}: {tok!r} is not a foundation")
                continue
            n = _RANK_TOKEN[r]
            if copies and (not self.two or len(copies) != n or set(copies) - {"1", "2"}):
                self.bad(PositionProblem.BAD_FOUNDATION, f"{where}: bad copies in {tok!r}")
                continue
            found[suit].append((n, copies or None))
        for suit, lst in found.items():
            if len(lst) > (2 if self.two else 1):
                self.bad(PositionProblem.BAD_FOUNDATION, f"{where}: suit {suit} is listed too often")

    def freecells(self, rest: str, where: str) -> None:
        """The ``Freecells:`` slots (``-`` or Freecell Solver's fixed width for empty)."""
        slots = _fixed_width_cells(rest)
        if slots is None:
            slots = rest.split()
        for k, tok in enumerate(slots):
            if tok == "-":
                self.cell_toks.append(None)
                continue
            t = self.token(tok, where, False)
            if t is None:
                continue
            if k >= self.cells:
                self.bad(PositionProblem.TOO_MANY_CELLS, f"{where}: {tok!r} is in cell {k + 1} of {self.cells}")
                continue
            self.cell_toks.append(t)

    def column(self, no: int, line: str) -> None:
        """A column line, bottom card first (the leading ``:`` may be missing)."""
        body = line.strip()
        if body.startswith(":"):
            body = body[1:]
        elif parse_card(body.split()[0].strip("()")) is None:
            self.bad(PositionProblem.BAD_LINE, f"line {no}: {line.strip()!r} is not part of a position")
            return
        col: list[_Token] = []
        for tok in body.split():
            t = self.token(tok, f"line {no}", self.two)
            if t is not None:
                col.append(t)
        if len(self.columns) >= self.lay.columns:
            self.bad(PositionProblem.TOO_MANY_COLUMNS, f"line {no}: more than {self.lay.columns} columns")
            return
        if col:
            k = 0
            while k < len(col) and col[k].down:
                k += 1
            if any(t.down for t in col[k:]) or col[-1].down:
                self.bad(PositionProblem.BAD_FACE_DOWN, f"line {no}: face-down cards must lie under face-up ones")
        self.columns.append(col)

    # ---- identities (Easy Harp copies), duplicates and missing cards ---------------------
    def claim(self, face: Card, copy: int | None) -> int | None:
        """Mark ``face`` (copy ``copy``) used; its copy, or None when not yet known or
        already used (a duplicate, noted)."""
        have = self.used.setdefault(face, set())
        if not self.two:
            if 0 in have:
                self.explicit_twice.append(face.id)
                return None
            have.add(0)
            return 0
        if copy is None:
            return None
        if copy in have:
            self.explicit_twice.append(f"{face.face}.{copy}")
            return None
        have.add(copy)
        return copy

    def identify(self) -> tuple[list[list[_Entry]], dict[str, list[_Entry]], list[list[_Entry]]]:
        """Every card's identity: ``(foundation slots, {"stock", "waste"}, columns)``;
        bare Easy Harp faces get the lowest copy still free, in reading order."""
        lay, claim = self.lay, self.claim
        slots_of = {s: [j for j, fs in enumerate(lay.found_suits) if fs == s] for s in SUITS}
        found_piles: list[list[_Entry]] = [[] for _ in lay.found_suits]
        for suit, lst in self.found.items():
            for k, (n, slot_copies) in enumerate(lst[: len(slots_of[suit])]):
                slot = found_piles[slots_of[suit][k]]
                for rank in range(1, n + 1):
                    face = card_of(rank, suit, 0)
                    cp = int(slot_copies[rank - 1]) if slot_copies else None
                    slot.append([face, claim(face, cp)])
        for t in self.cell_toks:
            if t is not None:
                claim(t.face, t.copy)
        groups = {name: [[t.face, claim(t.face, t.copy)] for t in toks]
                  for name, toks in (("stock", self.stock), ("waste", self.waste))}
        col_entries = [[[t.face, claim(t.face, t.copy), t.down] for t in col]
                       for col in self.columns]
        if self.two:
            pending = [e for slot in found_piles for e in slot]
            pending += groups["stock"] + groups["waste"]
            pending += [e for col in col_entries for e in col]
            for e in pending:
                if e[1] is None:
                    have = self.used.setdefault(e[0], set())
                    free = [c for c in (1, 2) if c not in have]
                    if free:
                        e[1] = free[0]
                        have.add(free[0])
                    else:
                        self.explicit_twice.append(e[0].face)
        return found_piles, groups, col_entries

    def count_cards(self) -> None:
        """Note duplicate cards, else missing ones."""
        for name in sorted(set(self.explicit_twice)):
            self.bad(PositionProblem.DUPLICATE_CARD, f"{name!r} appears more than once")
        if self.explicit_twice:
            return
        missing = [
            card_of(r, s, c).id
            for r in range(1, 14)
            for s in SUITS
            for c in ((1, 2) if self.two else (0,))
            if c not in self.used.get(card_of(r, s, 0), set())
        ]
        if missing:
            self.bad(PositionProblem.MISSING_CARD,
                     "missing " + " ".join(missing[:12]) + (" ..." if len(missing) > 12 else ""))

    # ---- the position -------------------------------------------------------------------
    def build(self, found_piles: list[list[_Entry]], groups: dict[str, list[_Entry]],
              col_entries: list[list[_Entry]]) -> Position:
        """The position of the cards read (no problem found)."""
        lay, two = self.lay, self.two

        def real(e: _Entry) -> Card:
            return card_of(e[0].rank, e[0].suit, e[1] if two else 0)

        piles: list[tuple[Card, ...]] = []
        down: list[int] = []
        for i in range(lay.columns):
            entries = col_entries[i] if i < len(col_entries) else []
            piles.append(tuple(real(e) for e in entries))
            down.append(sum(1 for e in entries if e[2]))
        if two:
            piles.append(tuple(real(e) for e in groups["stock"]))
            piles.append(tuple(real(e) for e in groups["waste"]))
        else:
            for k in range(self.cells):
                t = self.cell_toks[k] if k < len(self.cell_toks) else None
                piles.append((card_of(t.face.rank, t.face.suit, 0),) if t is not None else ())
        for slot in found_piles:
            piles.append(tuple(real(e) for e in slot))
        return Position(lay, tuple(piles), tuple(down))


def parse_position(text: str, game: str = "eight-off", cells: int | None = None) -> Position:
    """Read a position (format in the module docstring).

    Args:
        text: the position text.
        game: ``"eight-off"`` or ``"easy-harp"``.
        cells: Eight Off 8 (default), 4 or 2; Easy Harp ``None`` or 0.

    Returns:
        The :class:`~game.position.Position`.

    Raises:
        BadPosition: with every problem found (``.problems`` codes, ``.notes`` English).
    """
    if cells is None:
        cells = VARIANTS[game][0] if game in VARIANTS else 0
    if game not in VARIANTS or cells not in VARIANTS[game]:
        raise BadPosition([(PositionProblem.BAD_GAME, f"unknown game {game!r} with {cells!r} cells")])
    if not isinstance(text, str):
        raise BadPosition([(PositionProblem.BAD_LINE, "the position must be text")])
    if text.startswith("\ufeff"):
        text = text[1:]
    reader = _Reader(game, cells)
    for no, line in enumerate(text.splitlines(), 1):
        reader.line(no, line)
    found_piles, groups, col_entries = reader.identify()
    reader.count_cards()
    if reader.problems:
        raise BadPosition(reader.problems)
    return reader.build(found_piles, groups, col_entries)
