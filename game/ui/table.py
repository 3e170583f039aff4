"""The card table in the DOM: builds it once per deal, then moves only what changed.

Receives the ``Browser`` (``browser.py``); what it draws comes as a ``Scene`` (the game,
the texts, the settings) from the page, which owns them; the table keeps the last scene
it drew, to lay it out again after a resize and to tell what a press at a point means
(``hit``). The view model and its diff are ``viewmodel.py``; the HTML is ``render.py``;
the layout (sizes and places) is ``layout.py``.
"""

from __future__ import annotations

import game

from . import layout, render, viewmodel
from .domtypes import JS
from .persist import CARD_BACKS, FELTS, Settings
from .scene import Scene
from .slicer import Marks
from .viewmodel import CardView

SETTLE_MS = 260  # a little longer than the CSS transition of a card
SHAKE_MS = 400  # a little longer than the CSS shake of a refused card (issue 11)
PASS_ROOM = 4  # px the stock's pass words leave free across its card, at least


class Table:
    """The ``#table`` element and one element per pile and per card."""

    def __init__(self, br: JS) -> None:
        self.br = br
        self.el: JS = br.document.querySelector("#table")
        self.scene: Scene | None = None  # what the table shows
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
        self._settle = br.proxy(self.settle)
        self.marked: list[JS] = []  # elements carrying data-selected / data-target
        self.hinted: list[JS] = []  # elements carrying data-hint / data-hint-top
        self.shaking: list[JS] = []
        self.shake_timer = 0
        self._unshake = br.proxy(self.unshake)
        self.drag: list[tuple[JS, float, float]] = []  # element, resting x, y

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

    # ----- what a press means (issue 23: every tap lands) ----------------------------

    def hit(self, x: float, y: float) -> tuple[str, int, str] | None:
        """What client point (x, y) shows: (pile, index, card id) of the topmost card
        whose final place holds it, else (pile, pile size, "") for a pile's drop area,
        else None (the felt). Found from the layout, not from the element under the
        pointer: a framed empty pile, a card still gliding away and a label over a pile
        all answer for the pile really there."""
        if self.lay is None or self.scene is None:
            return None
        self.measure()
        tx, ty = x - self.origin[0], y - self.origin[1]
        w, h = self.lay.card_w, self.lay.card_h
        best: tuple[str, int, str] | None = None
        for cid, v in self.rendered.items():
            if v.x <= tx < v.x + w and v.y <= ty < v.y + h and (best is None or (
                    best[0] == v.pile and v.at > best[1])):
                best = (v.pile, v.at, cid)
        if best is not None:
            return best
        pid = self.lay.pile_at(tx, ty)
        if pid is None:
            return None
        return pid, len(self.scene.g.pile(pid)), ""

    # ----- markings: selection, drop targets, refusals, hints (SPEC §6, §8) ---------

    def mark(self, pile: str, index: int, targets: tuple[str, ...], selected: bool) -> None:
        """Mark the cards of ``pile`` from ``index`` up with ``data-selected="1"`` (when
        ``selected``) and the drop area of each pile of ``targets`` (``Game.targets``)
        with ``data-target="1"``; earlier marks are cleared first."""
        self.clear_marks()
        if self.scene is None:
            return
        g, lay = self.scene.g, self.lay
        if selected:
            for el in self.group(pile, index):
                el.dataset.selected = "1"
                self.marked.append(el)
        for pid in targets:
            el = self.piles.get(pid)
            if el is None:
                continue
            el.dataset.target = "1"
            cards = g.pile(pid)
            top = self.rendered.get(cards[-1].card.id) if cards else None
            if top is not None and lay is not None and pid in lay.slots:
                # The frame reaches the top card of a column (issue 11).
                el.style.height = f"{top.y - lay.slots[pid].y + lay.card_h:.1f}px"
            self.marked.append(el)

    def clear_marks(self) -> None:
        """Remove every ``data-selected`` and ``data-target``."""
        for el in self.marked:
            el.removeAttribute("data-selected")
            el.removeAttribute("data-target")
            el.style.removeProperty("height")
        self.marked = []

    def hint(self, marks: Marks) -> None:
        """Mark a hinted move (SPEC §8): its cards ``data-hint="from"`` (or the source
        pile when no card moves, a recycle), the destination's drop area
        ``data-hint="to"`` and, unless ``marks.top`` is false (a draw), its top card
        ``data-hint-top`` (the drop area lies under the cards)."""
        self.clear_hint()
        if self.scene is None:
            return
        els = [self.cards[c] for c in self.ids(marks.cards)]
        if not els and marks.source in self.piles:
            els = [self.piles[marks.source]]
        for el in els:
            el.dataset.hint = "from"
        self.hinted = els
        if marks.to is not None and marks.to in self.piles:
            el = self.piles[marks.to]
            el.dataset.hint = "to"
            self.hinted.append(el)
            cards = self.scene.g.pile(marks.to) if marks.top else ()
            if cards and cards[-1].card.id in self.cards:
                top = self.cards[cards[-1].card.id]
                top.dataset.hintTop = "1"
                self.hinted.append(top)

    def clear_hint(self) -> None:
        """Take a hint's marks away."""
        for el in self.hinted:
            el.removeAttribute("data-hint")
            el.removeAttribute("data-hint-top")
        self.hinted = []

    def ids(self, spots: tuple[tuple[str, int], ...]) -> list[str]:
        """The card ids at (pile, index) ``spots`` that are on the table."""
        if self.scene is None:
            return []
        out = []
        for pid, i in spots:
            pile = self.scene.g.pile(pid)
            if 0 <= i < len(pile) and pile[i].card.id in self.cards:
                out.append(pile[i].card.id)
        return out

    def group(self, pile: str, index: int) -> list[JS]:
        """The card elements of ``pile`` from ``index`` (negative: from the top) up."""
        if self.scene is None:
            return []
        try:
            cards = self.scene.g.pile(pile)
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
        views = [self.rendered.get(str(el.dataset.id)) for el in els]
        if self.lay is not None and all(v is not None for v in views):
            # Where the cards rest, not where a drag or a glide shows them this instant.
            boxes = self.card_boxes([v for v in views if v is not None])
            return (min(b[0] for b in boxes), min(b[1] for b in boxes),
                    max(b[2] for b in boxes), max(b[3] for b in boxes))
        rects = [el.getBoundingClientRect() for el in els]
        return (min(float(r.left) for r in rects), min(float(r.top) for r in rects),
                max(float(r.right) for r in rects), max(float(r.bottom) for r in rects))

    def card_boxes(self, views: list[CardView] | None = None) -> list[tuple[float, float, float, float]]:
        """The client-px box (left, top, right, bottom) where each card of ``views`` (every
        card when None) rests: what a reminder should rather not lie on
        (:func:`.notices.reminder_place`)."""
        if self.lay is None:
            return []
        self.measure()
        ox, oy = self.origin
        w, h = self.lay.card_w, self.lay.card_h
        return [(ox + v.x, oy + v.y, ox + v.x + w, oy + v.y + h)
                for v in (self.rendered.values() if views is None else views)]

    # ----- dragging ------------------------------------------------------------------

    def lift(self, pile: str, index: int) -> None:
        """Raise the cards of ``pile`` from ``index`` up to follow the pointer."""
        self.drag = []
        for k, el in enumerate(self.group(pile, index)):
            view = self.rendered.get(str(el.dataset.id))
            if view is None:
                continue
            el.classList.add("dragging")
            el.style.zIndex = str(viewmodel.DRAG_Z + index + k)
            self.drag.append((el, view.x, view.y))

    def drag_by(self, dx: float, dy: float) -> None:
        """Move the lifted cards by (``dx``, ``dy``) px from their places."""
        for el, x, y in self.drag:
            el.style.transform = render.translate(x + dx, y + dy)

    def put_down(self) -> None:
        """Let the lifted cards go (their places are rewritten by the next ``sync``)."""
        for el, _x, _y in self.drag:
            el.classList.remove("dragging")
            self.rendered.pop(str(el.dataset.id), None)
        self.drag = []

    # ----- building and moving -------------------------------------------------------

    def measure(self) -> tuple[float, float]:
        """The table's (width, height) in px; updates ``origin``."""
        rect = self.el.getBoundingClientRect()
        self.origin = (float(rect.left), float(rect.top))
        return float(rect.width), float(rect.height)

    def compute_layout(self, scene: Scene) -> layout.Layout:
        """Lay ``scene``'s game out for the table's size; sets the card size CSS
        variables ``--cw`` and ``--ch``."""
        g = scene.g
        width, height = self.measure()
        lay = layout.compute(g.game, g.cells, width, height, scene.texts.rtl,
                             viewmodel.column_faces(g), viewmodel.waste_size(g),
                             scene.settings.left_handed)
        style = self.br.document.documentElement.style
        style.setProperty("--cw", f"{lay.card_w:.1f}px")
        style.setProperty("--ch", f"{lay.card_h:.1f}px")
        return lay

    def pile_label(self, pid: str) -> str:
        """A pile's accessible name in the current language."""
        if self.scene is None:
            return ""
        g = self.scene.g
        return self.scene.texts.pile_label(pid, g.foundation_suit(pid) if pid[0] == "f" else "")

    def build(self, scene: Scene) -> None:
        """Create the pile and card elements of ``scene``'s game (once per deal)."""
        self.scene = scene
        g, texts = scene.g, scene.texts
        self.lay = lay = self.compute_layout(scene)
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
        self.hinted = []
        self.shaking = []
        self.drag = []
        self.place_piles(lay)  # the stock count

    def relabel(self, scene: Scene) -> None:
        """Another language: rewrite every pile's and card's accessible name and lay the
        table out again (texts change widths)."""
        self.scene = scene
        for pid, el in self.piles.items():
            el.setAttribute("aria-label", self.pile_label(pid))
        self.rendered.clear()
        self.pass_text = None
        self.stock_text = None
        self.relayout()

    def relayout(self, *_args: object) -> None:
        """Lay the table out again for a new size (a resize, a wrapped status bar, a
        language switch). Cards jump to their new places: a glide would only show the
        outlines and the cards apart for a moment."""
        if self.scene is not None and self.cards:
            classes = self.el.classList
            classes.add("instant")
            self.sync(self.scene, animate=False)
            self.el.offsetWidth  # noqa: B018 - apply the new places with no transition
            classes.remove("instant")

    def place_piles(self, lay: layout.Layout) -> None:
        """Move the pile elements whose place changed; place and fill the stock count."""
        if self.scene is None:
            return
        g, texts = self.scene.g, self.scene.texts
        for pid, where in viewmodel.pile_places(g, lay).items():
            if self.placed.get(pid) != where:
                self.piles[pid].style.transform = render.translate(*where)
                self.placed[pid] = where
        count = self.el.querySelector(".stock-count")
        if count:
            count.style.transform = render.translate(*viewmodel.stock_count_place(lay))
            size = len(g.pile("s"))
            text = texts.number(size) if size else ""
            if self.stock_text != text:
                count.textContent = text
                self.stock_text = text
        passes = self.el.querySelector(".stock-pass")
        if passes:
            passes.style.transform = render.translate(*viewmodel.stock_pass_place(lay))
            text = texts.t("table.pass", number=g.stock_pass)
            key = f"{text}|{lay.card_w:.1f}"
            if self.pass_text != key:
                # In full, a size smaller if need be (Arabic filled a phone's card), else "↻1"
                passes.textContent = text
                passes.classList.remove("tight")
                if render.too_wide(passes, PASS_ROOM):
                    passes.classList.add("tight")
                    if render.too_wide(passes, PASS_ROOM):
                        passes.classList.remove("tight")
                        passes.textContent = texts.t("table.pass.short", number=g.stock_pass)
                self.pass_text = key

    def sync(self, scene: Scene, animate: bool = True) -> None:
        """Show ``scene``: move, flip and re-index exactly the card elements whose state
        changed."""
        self.scene = scene
        g = scene.g
        lay = self.lay = self.compute_layout(scene)
        self.place_piles(lay)
        new = viewmodel.table_view(g, lay)
        changes = viewmodel.diff(self.rendered, new, animate)
        label = scene.texts.card_label
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

    def pile_at(self, x: float, y: float) -> str | None:
        """The pile whose drop area holds client point (x, y), or None."""
        if self.lay is None:
            return None
        self.measure()
        return self.lay.pile_at(x - self.origin[0], y - self.origin[1])
