"""The HTML of the card table, as text. Pure Python (no browser import).

``table.py`` writes the whole table once per deal with ``table_html`` (one piece of
HTML: every attribute is written here, so nothing is set twice), then only moves what
changed. The attributes are the page's test contract (SPEC §8): every card element has
``data-card``, ``data-id``, ``data-face``, ``data-pile``, ``data-index``; every pile's
drop area has ``data-pile`` and no ``data-card``. One element per card, positioned by an
inline ``transform`` and ``z-index`` (static/boot.js may serialise this DOM).
"""

from __future__ import annotations

from collections.abc import Callable

from . import cardart
from .domtypes import JS
from .viewmodel import PILE_KINDS, CardView

RECYCLE_SVG = (
    '<svg viewBox="0 0 24 24" class="recycle" aria-hidden="true">'
    '<path d="M12 5V2L7 6l5 4V7a5 5 0 1 1-5 5H5a7 7 0 1 0 7-7z"/></svg>'
)
STOCK_COUNT = (
    '<div class="stock-count" aria-hidden="true"></div>'
    '<div class="stock-pass" aria-hidden="true"></div>'
)


def escape(text: str) -> str:
    """Text made safe for an HTML attribute value or element text (``html.escape``
    costs 30 ms of imports at start-up in Pyodide, for four replacements)."""
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def translate(x: float, y: float) -> str:
    """The CSS ``transform`` value that puts an element at (x, y) px of the table."""
    return f"translate({x:.1f}px,{y:.1f}px)"


def pile_html(pid: str, where: tuple[float, float], label: str, suit: str = "") -> str:
    """A pile's drop area: ``pid`` its id (SPEC §2), ``where`` its (x, y) in px,
    ``label`` its accessible name, ``suit`` the reserved suit of a foundation slot."""
    inner = cardart.suit_mark(suit) if pid[0] == "f" else ""
    if pid == "s":
        inner = RECYCLE_SVG
    return (
        f'<div class="pile pile-{PILE_KINDS[pid[0]]}" data-pile="{pid}" '
        f'aria-label="{escape(label)}" '
        f'style="transform:{translate(*where)}">{inner}</div>'
    )


def card_html(cid: str, view: CardView, label: str) -> str:
    """A card element: ``cid`` its physical id (``TH.1``), ``view`` its state, ``label``
    its accessible name."""
    return (
        f'<div class="card" data-card="{view.face}" data-id="{cid}" '
        f'data-face="{"up" if view.up else "down"}" data-pile="{view.pile}" '
        f'data-index="{view.at}" role="img" '
        f'aria-label="{escape(label)}" '
        f'style="transform:{translate(view.x, view.y)};z-index:{view.z}">'
        f'<svg viewBox="0 0 100 140" class="face" aria-hidden="true">'
        f'<use href="#face-{view.face}"/></svg></div>'
    )


def table_html(
    piles: dict[str, tuple[float, float]],
    cards: dict[str, CardView],
    pile_label: Callable[[str], str],
    card_label: Callable[[str, bool], str],
    suit_of: Callable[[str], str],
) -> str:
    """The whole table: the card-face sprite, the piles, then the cards, in the given
    orders (the document order ``table.py`` relies on), and the stock count when there
    is a stock. ``pile_label(pid)``, ``card_label(face, up)``: accessible names;
    ``suit_of(pid)``: a foundation slot's reserved suit letter."""
    parts = [cardart.sprite()]
    for pid, where in piles.items():
        parts.append(pile_html(pid, where, pile_label(pid), suit_of(pid) if pid[0] == "f" else ""))
    for cid, view in cards.items():
        parts.append(card_html(cid, view, card_label(view.face, view.up)))
    if "s" in piles:
        parts.append(STOCK_COUNT)
    return "".join(parts)


def too_wide(el: JS, room: float) -> bool:
    """Whether the words of ``el`` (one line) leave less than ``room`` px free across its
    box: measured at their own width (``max-content``), since a box's ``scrollWidth``
    never falls below its ``clientWidth``. A box without layout (``clientWidth`` 0,
    e.g. hidden) is never too narrow."""
    box = float(el.clientWidth)
    if box <= 0:
        return False
    el.style.width = "max-content"
    words = float(el.offsetWidth)
    el.style.removeProperty("width")
    return words > box - room
