"""Keyboard navigation on the table, and the page's key map. Pure Python (no browser
import).

SPEC §11: the table is one tab stop; the arrow keys move the focus over the piles in the
order they are shown, row by row (mirrored in right-to-left languages, as the table is),
and, in a column, among its face-up cards. ``key_action`` is the one key map of the page
(the DOM module ``focus.py`` acts on its answer; other modules add keys here, not there).

A focus is a ``Spot``: a pile id and an index (0 = bottom card) or ``PILE`` (-1) for the
pile's own drop area (an empty pile, or a pile whose cards cannot be told apart by
focus). Only top cards of stacked piles (stock, waste, cell, foundation) take focus; in a
column every face-up card does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

PILE = -1  # index of a Spot on the pile's drop area rather than on a card
ROW_SLACK = 0.5  # piles whose tops differ by less than this many card heights share a row


class Spot(NamedTuple):
    """A keyboard focus: pile id (SPEC §2) and card index, or ``PILE``."""

    pile: str
    at: int


class Rect(NamedTuple):
    """A pile's slot in table px (the same numbers as ``layout.Rect``)."""

    x: float
    y: float
    h: float


def pile_rows(slots: Mapping[str, Rect], rtl: bool) -> list[list[str]]:
    """The piles grouped in rows as shown: top to bottom, each row in reading order (left
    to right, or right to left when ``rtl``). ``slots``: pile id -> its slot rectangle
    (the layout already mirrors x in right-to-left languages, SPEC §11)."""
    order = sorted(slots, key=lambda p: (slots[p].y, slots[p].x))
    rows: list[list[str]] = []
    top = None
    for pid in order:
        r = slots[pid]
        if top is None or r.y - top > r.h * ROW_SLACK:
            rows.append([])
            top = r.y
        rows[-1].append(pid)
    for row in rows:
        row.sort(key=lambda p: slots[p].x, reverse=rtl)
    return rows


def home(pid: str, faces: Sequence[bool]) -> Spot:
    """Where focus lands on pile ``pid`` whose cards have the face-up flags ``faces``
    (bottom first): its top card, or the pile itself when it is empty."""
    return Spot(pid, len(faces) - 1) if faces else Spot(pid, PILE)


def settle(spot: Spot, faces: Mapping[str, Sequence[bool]]) -> Spot:
    """``spot`` made valid for the piles now (after a move, an undo, a new deal): the
    same card when it is still a focusable card of that pile, else the pile's top card
    (or its drop area when empty). ``faces``: pile id -> face-up flags, bottom first."""
    cards = faces.get(spot.pile)
    if cards is None:
        pid = next(iter(faces))
        return home(pid, faces[pid])
    if 0 <= spot.at < len(cards) and cards[spot.at] and spot.pile[0] == "t":
        return spot
    return home(spot.pile, cards)


def follow_top(spot: Spot, before: int, after: int) -> Spot:
    """``spot`` after an action changed its pile from ``before`` to ``after`` cards: on
    a column's top card (or an empty column's drop area) when cards came onto it, the
    focus goes up to the new top, the card that came (a tester's keyboard drop left the
    focus ring on the card under the one just moved); any other spot is left as it is
    (``settle`` then makes it valid)."""
    if spot.pile[0] == "t" and spot.at == before - 1 and after > before:
        return Spot(spot.pile, after - 1)
    return spot


def _nearest(row: Sequence[str], slots: Mapping[str, Rect], x: float) -> str:
    return min(row, key=lambda p: (abs(slots[p].x - x), p))


def step(
    spot: Spot,
    key: str,
    rows: Sequence[Sequence[str]],
    slots: Mapping[str, Rect],
    faces: Mapping[str, Sequence[bool]],
    rtl: bool,
    cards_too: bool = True,
) -> Spot:
    """The focus after arrow ``key`` (``ArrowLeft``, ``ArrowRight``, ``ArrowUp``,
    ``ArrowDown``) from ``spot``. Left/Right: previous/next pile in reading order (the
    last pile of a row leads to the first of the next row; mirrored when ``rtl``).
    Up/Down: in a column, to the face-up card below/above first (when ``cards_too``;
    False while cards are held: then focus goes over piles only), then to the nearest
    pile of the row above/below. The focus stays put at the ends. Other keys: ``spot``."""
    spot = settle(spot, faces)
    order = [p for row in rows for p in row]
    if spot.pile not in order:
        return spot
    forward = {"ArrowRight": not rtl, "ArrowLeft": rtl}
    if key in forward:
        at = order.index(spot.pile) + (1 if forward[key] else -1)
        if 0 <= at < len(order):
            return home(order[at], faces[order[at]])
        return spot
    if key not in ("ArrowUp", "ArrowDown"):
        return spot
    up = key == "ArrowUp"
    cards = faces[spot.pile]
    if cards_too and spot.pile[0] == "t" and spot.at != PILE:
        k = spot.at + (-1 if up else 1)
        if 0 <= k < len(cards) and cards[k]:
            return Spot(spot.pile, k)
    r = next(i for i, row in enumerate(rows) if spot.pile in row)
    r += -1 if up else 1
    if not 0 <= r < len(rows):
        return spot
    pid = _nearest(rows[r], slots, slots[spot.pile].x)
    return home(pid, faces[pid])


# ----- the key map ---------------------------------------------------------------------

ARROWS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown")


def key_action(key: str, ctrl: bool, shift: bool, alt: bool, on_table: bool) -> str | None:
    """What a key press means (SPEC §11), or None. ``key`` is ``KeyboardEvent.key``;
    ``ctrl`` is Ctrl or Cmd; ``on_table`` whether the table has the keyboard focus
    (the arrows, Enter, Space and Escape act only there).

    Answers: ``undo``, ``redo``, ``new``, ``help``, ``status`` (say the score and moves),
    ``focus-table``, ``move:<Arrow...>``, ``tap``, ``double-tap``, ``hold`` (Space:
    pick up or drop), ``put-back`` (Escape). The hint key (H) is bound by the solver's
    view where it exists: ``hint`` is answered here only so that one map lists every key.
    """
    low = key.lower()
    if ctrl and not alt:
        if low == "z":
            return "redo" if shift else "undo"
        if low == "y":
            return "redo"
        return None
    if alt:
        return None
    if key == "?":
        return "help"
    if low == "n" and not shift:
        return "new"
    if low == "h" and not shift:
        return "hint"
    if low == "i" and not shift:
        return "status"
    if low == "t" and not shift:
        return "focus-table"
    if not on_table:
        return None
    if key in ARROWS:
        return f"move:{key}"
    if key == "Enter":
        return "double-tap" if shift else "tap"
    if key == " ":
        return "hold"
    if key == "Escape":
        return "put-back"
    return None
