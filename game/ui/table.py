"""The card table in the DOM: builds it once per deal, then moves only what changed.

Receives the ``Browser`` (``browser.py``) and reads the game and the texts from the
``App``. The view model and its diff are ``viewmodel.py``; the HTML is ``render.py``;
the layout (sizes and places) is ``layout.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import game

from . import layout, render, viewmodel
from .domtypes import JS
from .persist import CARD_BACKS, FELTS
from .selection import Picked, Selection
from .viewmodel import CardView

if TYPE_CHECKING:
    from .app import App
    from .persist import Settings

SETTLE_MS = 260  # a little longer than the CSS transition of a card
SHAKE_MS = 400  # a little longer than the CSS shake of a refused card (issue 11)


class Table:
    """The ``#table`` element and one element per pile and per card."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.br = app.br
        self.el: JS = self.br.document.querySelector("#table")
        self.cards: dict[str, JS] = {}  # physical card id -> element
        self.piles: dict[str, JS] = {}  # pile id -> drop-area element
        self.rendered: dict[str, CardView] = {}  # card id -> what its element shows
        self.placed: dict[str, tuple[float, float]] = {}  # pile id -> place shown
        self.stock_text: str | None = None  # what the stock count element shows
        self.pass_text: str | None = None  # the stock pass shown, and for which card width
        self.lay: layout.Layout | None = None
        self.origin = (0.0, 0.0)  # the table's top-left corner in client px
        self.flying: set[str] = set()  # cards gliding to another pile, raised
        self.settle_timer = 0
        self._settle = self.br.proxy(self.settle)
        self.marked: list[JS] = []  # elements carrying data-selected / data-target
        # The one selection, made by a tap or a key (issue 11.1), and whether it is marked.
        self.selection = Selection()
        self.showing = False
        self.shaking: list[JS] = []
        self.shake_timer = 0
        self._unshake = self.br.proxy(self.unshake)

    def apply_settings(self, settings: Settings) -> None:
        """Show the table settings: animations (``no-anim``) and (issue 11) card back,
        table colour and four-colour deck, as classes of ``<html>`` (``back-red``,
        ``felt-blue``, ``deck-four``) that static/style.css draws (classes, so
        static/prepaint.js paints them early too)."""
        classes = self.br.document.documentElement.classList
        classes.toggle("no-anim", not settings.animations)
        for back in CARD_BACKS:
            classes.toggle(f"back-{back}", back == settings.card_back)
        for felt in FELTS:
            classes.toggle(f"felt-{felt}", felt == settings.felt)
        classes.toggle("deck-four", settings.four_colour)

    # ----- markings: selection, drop targets, refusals (SPEC §6, §8) ---------------

    def mark(self, pile: str, index: int, targets: list[str], selected: bool) -> None:
        """Mark the cards of ``pile`` from ``index`` up with ``data-selected="1"`` (when
        ``selected``) and the drop area of each pile of ``targets`` (``Game.targets``)
        with ``data-target="1"``; earlier marks are cleared first."""
        self.clear_marks()
        if selected:
            for placed in self.app.g.pile(pile)[index:]:
                el = self.cards[placed.card.id]
                el.dataset.selected = "1"
                self.marked.append(el)
        lay = self.lay
        for pid in targets:
            el = self.piles.get(pid)
            if el is None:
                continue
            el.dataset.target = "1"
            cards = self.app.g.pile(pid)
            top = self.rendered.get(cards[-1].card.id) if cards else None
            if top is not None and lay is not None and pid in lay.slots:
                # The frame reaches the top card of a column (issue 11).
                el.style.height = f"{top.y - lay.slots[pid].y + lay.card_h:.1f}px"
            self.marked.append(el)

    def select(self, pile: str, index: int) -> game.Refusal | None:
        """Select the cards of ``pile`` from ``index`` (negative: from the top) up, for a
        tap or a key alike, and mark them and the piles that accept them (``mark``).
        Returns None, or the refusal to lift them (then nothing is selected)."""
        refusal = self.selection.pick(self.app.g, pile, index)
        picked = self.selection.get(self.app.g)
        if picked is None:
            self.unselect()
        else:
            self.mark(picked.pile, picked.index, list(picked.targets), selected=True)
            self.showing = True
        return refusal

    def selected(self) -> Picked | None:
        """The selection (a tap's or a key's), or None; the marks of a selection made in
        another position are taken away."""
        picked = self.selection.get(self.app.g)
        if picked is None and self.showing:
            self.unselect()
        return picked

    def unselect(self) -> bool:
        """Clear the selection and its marks; returns whether there was one."""
        had = self.selection.clear()
        if self.showing:
            self.showing = False
            self.clear_marks()
        return had

    def clear_marks(self) -> None:
        """Remove every ``data-selected`` and ``data-target``."""
        for el in self.marked:
            el.removeAttribute("data-selected")
            el.removeAttribute("data-target")
            el.style.removeProperty("height")
        self.marked = []

    def group(self, pile: str, index: int) -> list[JS]:
        """The card elements of ``pile`` from ``index`` (negative: from the top) up."""
        try:
            cards = self.app.g.pile(pile)
        except game.GameError:
            return []
        return [self.cards[p.card.id] for p in cards[index:] if p.card.id in self.cards]

    def shake(self, pile: str, index: int) -> None:
        """Shake the cards of ``pile`` from ``index`` up (or the pile's outline when it
        has none there): the sign of a refused move, shown whatever the settings."""
        self.unshake()
        els = self.group(pile, index) or ([self.piles[pile]] if pile in self.piles else [])
        for el in els:
            el.classList.add("shake")
        self.shaking = els
        self.br.clear_timeout(self.shake_timer)
        self.shake_timer = self.br.set_timeout(self._unshake, SHAKE_MS)

    def unshake(self, *_args: object) -> None:
        """End a shake."""
        for el in self.shaking:
            el.classList.remove("shake")
        self.shaking = []

    def box(self, pile: str, index: int) -> tuple[float, float, float, float] | None:
        """The client-px box (left, top, right, bottom) around the cards of ``pile`` from
        ``index`` up (or the pile's outline), or None: where a reminder must not go."""
        els = self.group(pile, index) or ([self.piles[pile]] if pile in self.piles else [])
        if not els:
            return None
        rects = [el.getBoundingClientRect() for el in els]
        return (min(float(r.left) for r in rects), min(float(r.top) for r in rects),
                max(float(r.right) for r in rects), max(float(r.bottom) for r in rects))

    def measure(self) -> tuple[float, float]:
        """The table's (width, height) in px; updates ``origin``."""
        rect = self.el.getBoundingClientRect()
        self.origin = (float(rect.left), float(rect.top))
        return float(rect.width), float(rect.height)

    def compute_layout(self) -> layout.Layout:
        """Lay the current game out for the table's size; sets the card size CSS
        variables ``--cw`` and ``--ch``."""
        g = self.app.g
        width, height = self.measure()
        lay = layout.compute(g.game, g.cells, width, height, self.app.texts.rtl,
                             viewmodel.column_faces(g), viewmodel.waste_size(g),
                             self.app.settings.left_handed)
        style = self.br.document.documentElement.style
        style.setProperty("--cw", f"{lay.card_w:.1f}px")
        style.setProperty("--ch", f"{lay.card_h:.1f}px")
        return lay

    def pile_label(self, pid: str) -> str:
        """A pile's accessible name in the current language."""
        g = self.app.g
        return self.app.texts.pile_label(pid, g.foundation_suit(pid) if pid[0] == "f" else "")

    def build(self) -> None:
        """Create the pile and card elements of the current game (once per deal)."""
        g = self.app.g
        texts = self.app.texts
        self.lay = lay = self.compute_layout()
        piles = viewmodel.pile_places(g, lay)
        view = viewmodel.table_view(g, lay)
        self.el.innerHTML = render.table_html(
            piles, view, self.pile_label, texts.card_label, g.foundation_suit)
        self.el.dataset.game = g.game
        # Elements come back in document order, which is the order written.
        self.cards = dict(zip(view, self.el.querySelectorAll(".card")))
        self.piles = dict(zip(piles, self.el.querySelectorAll(".pile")))
        self.rendered = view
        self.placed = piles
        self.stock_text = None
        self.pass_text = None
        self.flying.clear()
        self.marked = []
        self.selection.clear()
        self.showing = False
        self.shaking = []
        self.place_piles(lay)  # the stock count

    def label_piles(self) -> None:
        """Rewrite every pile's accessible name (after a language switch)."""
        for pid, el in self.piles.items():
            el.setAttribute("aria-label", self.pile_label(pid))

    def forget(self, cid: str | None = None) -> None:
        """Forget what card ``cid`` (None: every card) shows, so the next ``sync``
        rewrites it (a card dropped back, a language switch)."""
        if cid is None:
            self.rendered.clear()
        else:
            self.rendered.pop(cid, None)

    def relayout(self, *_args: object) -> None:
        """Lay the table out again for a new size (a resize, a wrapped status bar, a
        language switch). Cards jump to their new places: a glide would only show the
        outlines and the cards apart for a moment."""
        if self.app.current is not None and self.cards:
            classes = self.el.classList
            classes.add("instant")
            self.sync(animate=False)
            self.el.offsetWidth  # noqa: B018 - apply the new places with no transition
            classes.remove("instant")

    def place_piles(self, lay: layout.Layout) -> None:
        """Move the pile elements whose place changed; place and fill the stock count."""
        g = self.app.g
        for pid, where in viewmodel.pile_places(g, lay).items():
            if self.placed.get(pid) != where:
                self.piles[pid].style.transform = render.translate(*where)
                self.placed[pid] = where
        count = self.el.querySelector(".stock-count")
        if count:
            count.style.transform = render.translate(*viewmodel.stock_count_place(lay))
            size = len(g.pile("s"))
            text = self.app.texts.number(size) if size else ""
            if self.stock_text != text:
                count.textContent = text
                self.stock_text = text
        passes = self.el.querySelector(".stock-pass")
        if passes:
            passes.style.transform = render.translate(*viewmodel.stock_pass_place(lay))
            text = self.app.texts.t("table.pass", number=g.stock_pass)
            key = f"{text}|{lay.card_w:.1f}"
            if self.pass_text != key:
                passes.textContent = text
                if passes.scrollWidth > passes.clientWidth:  # wider than the card
                    passes.textContent = self.app.texts.t("table.pass.short",
                                                          number=g.stock_pass)
                self.pass_text = key

    def sync(self, animate: bool = True) -> None:
        """Move, flip and re-index exactly the card elements whose state changed."""
        g = self.app.g
        lay = self.lay = self.compute_layout()
        self.place_piles(lay)
        new = viewmodel.table_view(g, lay)
        changes = viewmodel.diff(self.rendered, new, animate)
        label = self.app.texts.card_label
        for ch in changes:
            el, now = self.cards[ch.cid], ch.new
            if ch.placed:
                el.dataset.pile = now.pile
                el.dataset.index = str(now.at)
            if ch.flipped:
                el.dataset.face = "up" if now.up else "down"
                el.setAttribute("aria-label", label(now.face, now.up))
            el.style.transform = render.translate(now.x, now.y)
            if ch.flies:
                el.style.zIndex = str(viewmodel.FLY_Z + now.at)
                self.flying.add(ch.cid)
            elif ch.cid not in self.flying:
                el.style.zIndex = str(now.z)
            self.rendered[ch.cid] = now
        if "s" in self.piles:
            self.piles["s"].classList.toggle("empty", len(g.pile("s")) == 0)
        if any(ch.flies for ch in changes):
            self.br.clear_timeout(self.settle_timer)
            self.settle_timer = self.br.set_timeout(self._settle, SETTLE_MS)

    def settle(self, *_args: object) -> None:
        """After a flight, put the moved cards back at their normal depth."""
        for cid in self.flying:
            view = self.rendered.get(cid)
            if view is not None:
                self.cards[cid].style.zIndex = str(view.z)
        self.flying.clear()

    def at_rest(self, cid: str, x: float, y: float) -> bool:
        """Whether client point (x, y) is on card ``cid``'s final place."""
        view = self.rendered.get(cid)
        if view is None or self.lay is None:
            return False
        cx, cy = view.x + self.origin[0], view.y + self.origin[1]
        return cx <= x < cx + self.lay.card_w and cy <= y < cy + self.lay.card_h

    def pile_at(self, x: float, y: float) -> str | None:
        """The pile whose drop area holds client point (x, y), or None."""
        if self.lay is None:
            return None
        self.measure()
        return self.lay.pile_at(x - self.origin[0], y - self.origin[1])
