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
from .errors import BadPosition
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
    problems: list[tuple[str, str]] = []

    def bad(code: str, note: str) -> None:
        problems.append((code, note))

    if cells is None:
        cells = VARIANTS[game][0] if game in VARIANTS else 0
    if game not in VARIANTS or cells not in VARIANTS[game]:
        raise BadPosition([("bad-game", f"unknown game {game!r} with {cells!r} cells")])
    if not isinstance(text, str):
        raise BadPosition([("bad-line", "the position must be text")])
    lay = layout(game, cells)
    two = lay.two_decks
    if text.startswith("\ufeff"):
        text = text[1:]

    def token(raw: str, where: str, down_ok: bool) -> _Token | None:
        t = raw
        down = False
        if len(t) > 2 and t[0] == "(" and t[-1] == ")":
            down, t = True, t[1:-1]
        card = parse_card(t)
        if card is None or (card.copy and not two):
            bad("bad-card", f"{where}: {raw!r} is not a card")
            return None
        if down and not down_ok:
            bad("bad-face-down", f"{where}: {raw!r} cannot be face down here")
        copy = card.copy if two and card.copy else None
        return _Token(card_of(card.rank, card.suit, 0), copy, down, raw)

    found: dict[str, list[tuple[int, str | None]]] = {s: [] for s in SUITS}
    cell_toks: list[_Token | None] = []
    stock: list[_Token] = []
    waste: list[_Token] = []
    columns: list[list[_Token]] = []
    seen_head: set[str] = set()
    for no, line in enumerate(text.splitlines(), 1):
        line = line.rstrip()
        if not line.strip():
            continue
        low = line.lstrip().lower()
        head = low.split(":", 1)[0] if ":" in low else ""
        if head in ("foundations", "freecells", "stock", "waste"):
            rest = line.lstrip()[len(head) + 1 :]
            where = f"line {no}"
            if head in seen_head:
                bad("bad-line", f"{where}: {line.strip()!r} repeats the {head} line")
                continue
            seen_head.add(head)
            if head == "foundations":
                for tok in rest.split():
                    suit, sep, r = tok.upper().partition("-")
                    r, _, copies = r.partition("/")
                    if not sep or suit not in found or r not in _RANK_TOKEN:
                        bad("bad-foundation", f"{where}: {tok!r} is not a foundation")
                        continue
                    n = _RANK_TOKEN[r]
                    if copies and (not two or len(copies) != n or set(copies) - {"1", "2"}):
                        bad("bad-foundation", f"{where}: bad copies in {tok!r}")
                        continue
                    found[suit].append((n, copies or None))
                for suit, lst in found.items():
                    if len(lst) > (2 if two else 1):
                        bad("bad-foundation", f"{where}: suit {suit} is listed too often")
            elif head == "freecells":
                slots = _fixed_width_cells(rest)
                if slots is None:
                    slots = rest.split()
                for k, tok in enumerate(slots):
                    if tok == "-":
                        cell_toks.append(None)
                        continue
                    t = token(tok, where, False)
                    if t is None:
                        continue
                    if k >= cells:
                        bad("too-many-cells", f"{where}: {tok!r} is in cell {k + 1} of {cells}")
                        continue
                    cell_toks.append(t)
            else:
                if not two:
                    bad("bad-stock", f"{where}: {game} has no stock or waste")
                    continue
                dest = stock if head == "stock" else waste
                for tok in rest.split():
                    t = token(tok, where, head == "stock")
                    if t is not None:
                        dest.append(t)
            continue
        body = line.strip()
        if body.startswith(":"):
            body = body[1:]
        elif parse_card(body.split()[0].strip("()")) is None:
            bad("bad-line", f"line {no}: {line.strip()!r} is not part of a position")
            continue
        col: list[_Token] = []
        for tok in body.split():
            t = token(tok, f"line {no}", two)
            if t is not None:
                col.append(t)
        if len(columns) >= lay.columns:
            bad("too-many-columns", f"line {no}: more than {lay.columns} columns")
            continue
        if col:
            k = 0
            while k < len(col) and col[k].down:
                k += 1
            if any(t.down for t in col[k:]) or col[-1].down:
                bad("bad-face-down", f"line {no}: face-down cards must lie under face-up ones")
        columns.append(col)

    # ---- identities (Easy Harp copies), duplicates and missing cards -------------------
    used: dict[Card, set[int]] = {}
    explicit_twice: list[str] = []

    def claim(face: Card, copy: int | None) -> int | None:
        have = used.setdefault(face, set())
        if not two:
            if 0 in have:
                explicit_twice.append(face.id)
                return None
            have.add(0)
            return 0
        if copy is None:
            return None
        if copy in have:
            explicit_twice.append(f"{face.face}.{copy}")
            return None
        have.add(copy)
        return copy

    slots_of = {s: [j for j, fs in enumerate(lay.found_suits) if fs == s] for s in SUITS}
    found_piles: list[list[list[Any]]] = [[] for _ in lay.found_suits]
    for suit, lst in found.items():
        for k, (n, slot_copies) in enumerate(lst[: len(slots_of[suit])]):
            slot = found_piles[slots_of[suit][k]]
            for rank in range(1, n + 1):
                face = card_of(rank, suit, 0)
                cp = int(slot_copies[rank - 1]) if slot_copies else None
                slot.append([face, claim(face, cp)])
    toks_all: list[list[Any]] = []
    for t in cell_toks:
        if t is not None:
            toks_all.append([t.face, claim(t.face, t.copy)])
    groups: dict[str, list[list[Any]]] = {}
    for name, lst2 in (("stock", stock), ("waste", waste)):
        groups[name] = [[t.face, claim(t.face, t.copy)] for t in lst2]
    col_entries = [[[t.face, claim(t.face, t.copy), t.down] for t in col] for col in columns]
    # bare faces (Easy Harp) get the lowest copy still free, in reading order
    if two:
        pending = [e for slot in found_piles for e in slot]
        pending += groups["stock"] + groups["waste"]
        pending += [e for col in col_entries for e in col]
        for e in pending:
            if e[1] is None:
                have = used.setdefault(e[0], set())
                free = [c for c in (1, 2) if c not in have]
                if free:
                    e[1] = free[0]
                    have.add(free[0])
                else:
                    explicit_twice.append(e[0].face)
    for name in sorted(set(explicit_twice)):
        bad("duplicate-card", f"{name!r} appears more than once")
    if not explicit_twice:
        missing = [
            card_of(r, s, c).id
            for r in range(1, 14)
            for s in SUITS
            for c in ((1, 2) if two else (0,))
            if c not in used.get(card_of(r, s, 0), set())
        ]
        if missing:
            bad("missing-card", "missing " + " ".join(missing[:12]) + (" ..." if len(missing) > 12 else ""))
    if problems:
        raise BadPosition(problems)

    def real(e: list[Any]) -> Card:
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
        for k in range(cells):
            t = cell_toks[k] if k < len(cell_toks) else None
            piles.append((card_of(t.face.rank, t.face.suit, 0),) if t is not None else ())
    for slot in found_piles:
        piles.append(tuple(real(e) for e in slot))
    return Position(lay, tuple(piles), tuple(down))
