"""The view model of the card table and its diff. Pure Python (no browser import).

The table shows one element per physical card. Its state is a ``CardView`` per card id:
pile, index (0 = bottom), face up or down, and the top-left corner (x, y) in table px,
rounded to 0.1 px as the DOM keeps it. ``table_view`` computes it from a game and a
layout; ``diff`` says which attributes of which card elements must change to go from
the view on screen to the new one, so the DOM layer (``table.py``) touches only those.
Pile drop areas have a place too (``pile_places``).

Nothing here decides a rule: what may be picked up comes from the rules package
(``Game.pickup_refusal``, SPEC §4-§5).
"""

from __future__ import annotations

from typing import NamedTuple

import game

from .layout import Layout, card_xy

PILE_KINDS = {"t": "column", "c": "cell", "f": "foundation", "s": "stock", "w": "waste"}
FLY_Z = 900  # z-index base of a card flying to another pile (above every resting card)
DRAG_Z = 1000  # z-index base of dragged cards


class CardView(NamedTuple):
    """One card element's state: ``pile`` id, ``at`` its index in the pile (0 = bottom,
    ``data-index``), ``up`` (face up), ``face`` code (e.g. ``TH``), ``x``, ``y`` (px in
    the table, 0.1 px steps). A tuple: built for every card on every update, and
    compared in C by ``diff``."""

    pile: str
    at: int
    up: bool
    face: str
    x: float
    y: float

    @property
    def z(self) -> int:
        """The z-index at rest: index + 1 (the top card is drawn last)."""
        return self.at + 1


class Change(NamedTuple):
    """What changed for one card between two views.

    - ``cid``: physical card id; ``new``: its new ``CardView``;
    - ``placed``: pile or index changed (write ``data-pile``, ``data-index``);
    - ``flipped``: face changed (write ``data-face`` and the accessible name);
    - ``flies``: it changed pile with animation on (raise it above the others while it
      glides, ``FLY_Z + index``).
    """

    cid: str
    new: CardView
    placed: bool
    flipped: bool
    flies: bool


def place(x: float, y: float) -> tuple[float, float]:
    """(x, y) rounded to 0.1 px, the precision the DOM is written with."""
    return round(x, 1), round(y, 1)


def table_view(g: game.Game, lay: Layout) -> dict[str, CardView]:
    """Card id -> ``CardView`` for every card of ``g``, in pile order (``g.pile_ids()``)
    then from the bottom up: the document order of the card elements."""
    view: dict[str, CardView] = {}
    for pid in g.pile_ids():
        for i, placed in enumerate(g.pile(pid)):
            x, y = place(*card_xy(lay, pid, i))
            view[placed.card.id] = CardView(pid, i, placed.up, placed.card.face, x, y)
    return view


def pile_places(g: game.Game, lay: Layout) -> dict[str, tuple[float, float]]:
    """Pile id -> (x, y) of its drop-area element (its bottom card's slot), in
    ``g.pile_ids()`` order: the document order of the pile elements."""
    return {pid: place(lay.slots[pid].x, lay.slots[pid].y) for pid in g.pile_ids()}


def column_faces(g: game.Game) -> dict[str, list[bool]]:
    """Column id -> face-up flags from the bottom: what ``layout.compute`` fans by."""
    return {pid: [p.up for p in g.pile(pid)] for pid in g.pile_ids() if pid[0] == "t"}


def waste_size(g: game.Game) -> int:
    """How many cards the waste holds (0 for a game without one): the layout fans its
    top cards (issue 11)."""
    return len(g.pile("w")) if "w" in g.pile_ids() else 0


def diff(old: dict[str, CardView], new: dict[str, CardView], animate: bool) -> list[Change]:
    """The changes that turn the view ``old`` into ``new``, in ``new``'s order.

    A card absent from ``old`` (never drawn, or forgotten to force a rewrite) gets
    every attribute written. A card whose view is equal gives no change."""
    changes = []
    for cid, now in new.items():
        before = old.get(cid)
        if before == now:
            continue
        if before is None:
            changes.append(Change(cid, now, True, True, False))
            continue
        moved_pile = before.pile != now.pile
        changes.append(Change(cid, now, moved_pile or before.at != now.at,
                              before.up != now.up, animate and moved_pile))
    return changes


def stock_count_place(lay: Layout) -> tuple[float, float]:
    """Where the stock's card count sits: over the lower part of the stock pile."""
    slot = lay.slots["s"]
    return round(slot.x, 1), round(slot.y + lay.card_h * 0.62, 1)


def stock_pass_place(lay: Layout) -> tuple[float, float]:
    """Where the stock's pass number sits: over the top part of the stock pile, clear of
    the card's white border (at 0.06 of its height Arabic and Romanian touched it on
    a 390 px phone)."""
    slot = lay.slots["s"]
    return round(slot.x, 1), round(slot.y + lay.card_h * 0.1, 1)


def pickup(g: game.Game, pid: str, index: int, up: bool) -> tuple[bool, str]:
    """Whether the card at ``index`` of pile ``pid`` (face ``up`` on screen) may be
    picked up with the cards above it, as (draggable, refusal code). The rules package
    decides (``Game.pickup_refusal``, SPEC §4-§6). The refusal code is given only for a
    face-up card, the one a player can try to drag ("" otherwise): a press on the stock
    or a face-down card is a tap, never a refused drag."""
    refusal = g.pickup_refusal(pid, index)
    if refusal is None:
        return True, ""
    return False, (refusal.value if up else "")


def reminder_details(g: game.Game, pile: str = "") -> dict[str, int | str]:
    """The parameters a refusal's reminder may quote when the rules package gave only
    its code (a refused pick-up): the current group-move limit (SPEC §5), and the pile
    the cards were picked from (``texts.BY_PILE``)."""
    return {"limit": g.group_limit(), "pile": pile}
