"""Keyboard focus and spoken feedback on the table (DOM module).

SPEC §11: the table (``#table``, one tab stop, ``role="application"``) keeps the
keyboard focus; the focused card or pile is its ``aria-activedescendant`` and carries
``data-focus="1"`` (SPEC §8). Where the focus goes is ``keynav.py`` (pure); what is said
is ``speech.py`` (pure), written into the live region ``[data-role="announcer"]``, the
page's one voice. What a key means is the page's (``keynav.key_action``, the one key
map); this module only shows the focus and says things. It is given the table (its
elements and layout) and the scene as arguments.
"""

from __future__ import annotations

from . import keynav, speech
from .domtypes import JS
from .keynav import PILE, Spot
from .scene import Scene
from .table import Table

NBSP = "\u00a0"


def dom_id(pid: str, cid: str = "") -> str:
    """The element id of a card (``cid``) or of pile ``pid``'s drop area."""
    return f"c-{cid.replace('.', '-')}" if cid else f"p-{pid}"


def seen(scene: Scene) -> dict[str, list[speech.Seen]]:
    """Pile id -> its cards as shown, bottom first."""
    g = scene.g
    return {pid: [speech.Seen(p.card.id, p.card.face, p.up) for p in g.pile(pid)]
            for pid in g.pile_ids()}


def faces(scene: Scene) -> dict[str, list[bool]]:
    """Pile id -> face-up flags, bottom first."""
    g = scene.g
    return {pid: [p.up for p in g.pile(pid)] for pid in g.pile_ids()}


def slots(table: Table) -> dict[str, keynav.Rect]:
    """Pile id -> its slot as laid out now."""
    lay = table.lay
    if lay is None:
        return {}
    return {pid: keynav.Rect(r.x, r.y, r.h) for pid, r in lay.slots.items()}


class Focus:
    """The table's keyboard focus and the announcer."""

    def __init__(self, br: JS) -> None:
        self.br = br
        self.spot: Spot | None = None
        self.labels: dict[str, str] = {}  # element id -> accessible name written
        self.focused: JS = None
        self.snap: speech.Piles = {}
        self.live: JS = br.document.querySelector('[data-role="announcer"]')
        self.pressed = False  # the table was pressed with a pointer (no focus ring)
        self.fresh = False  # the announcer was written in the current task
        self._stale = br.proxy(self.stale)

    # ----- after a deal, an action, a language switch --------------------------------

    def prepare(self, scene: Scene, table: Table) -> None:
        """After ``Table.build``: give every card and pile an id and a role, then
        label, focus and remember the table."""
        for pid, el in table.piles.items():
            el.id = dom_id(pid)
            el.setAttribute("role", "img")
        for cid, el in table.cards.items():
            el.id = dom_id("", cid)
        self.labels.clear()
        self.spot = None
        self.focused = None
        self.snap = seen(scene)
        self.refresh(scene, table)

    def relabel(self, scene: Scene, table: Table) -> None:
        """Another language: every accessible name again; the announcer's last sentence,
        in the old language, is cleared (it is not read again)."""
        self.labels.clear()
        self.refresh(scene, table)
        if self.live is not None:
            self.live.textContent = ""

    def after_change(self, scene: Scene, table: Table, how: str = "") -> None:
        """After an action (``how`` ""), an undo (``"undo"``) or a redo (``"redo"``):
        say what changed, then refresh. An undo is told as the action it takes back
        ("Undone: Ace of diamonds to free cell 5.", ``speech.taken``)."""
        now = seen(scene)
        before, after = (now, self.snap) if how == "undo" else (self.snap, now)
        text = speech.taken(scene.texts, speech.describe(
            scene.texts, before, after, table.pile_label), how)
        changed = {pid for pid, cards in now.items() if self.snap.get(pid) != cards}
        if self.spot is not None:
            pid = self.spot.pile
            self.spot = keynav.follow_top(self.spot, len(self.snap.get(pid, ())), len(now.get(pid, ())))
        self.snap = now
        self.refresh(scene, table, changed)
        if text:
            self.announce(text)

    def refresh(self, scene: Scene, table: Table, piles: set[str] | None = None) -> None:
        """Rewrite the accessible names of ``piles`` (None: all) where they changed, and
        put the focus mark."""
        tx = scene.texts
        for pid, cards in self.snap.items():
            if piles is not None and pid not in piles:
                continue
            name = table.pile_label(pid)
            self.label(table.piles[pid], speech.pile_label(tx, name, cards))
            for c in cards:
                self.label(table.cards[c.cid], speech.card_label(tx, c, name))
        self.show(scene, table)

    def label(self, el: JS, text: str) -> None:
        """Write ``el``'s accessible name unless it already says ``text``."""
        key = str(el.id)
        if self.labels.get(key) != text:
            el.setAttribute("aria-label", text)
            self.labels[key] = text

    def element(self, spot: Spot, scene: Scene, table: Table) -> JS:
        """The element of ``spot``: a card, or a pile's drop area."""
        if spot.at == PILE:
            return table.piles.get(spot.pile)
        return table.cards.get(scene.g.pile(spot.pile)[spot.at].card.id)

    def show(self, scene: Scene, table: Table) -> None:
        """Put ``data-focus="1"`` and the table's active descendant on the focus."""
        flags = faces(scene)
        if self.spot is None:  # the first pile in reading order (the stock, a cell)
            rows = keynav.pile_rows(slots(table), scene.texts.rtl)
            first = rows[0][0] if rows else next(iter(flags))
            self.spot = keynav.home(first, flags[first])
        spot = self.spot = keynav.settle(self.spot, flags)
        el = self.element(spot, scene, table)
        if self.focused is not None and self.focused != el:
            self.focused.removeAttribute("data-focus")
            self.labels.pop(str(self.focused.id), None)
            self.refresh_one(self.focused, scene, table)
        if el is None:
            return
        el.setAttribute("data-focus", "1")
        self.focused = el
        table.el.setAttribute("aria-activedescendant", str(el.id))
        if spot.at != PILE:
            tx = scene.texts
            card = self.snap[spot.pile][spot.at]
            full = speech.pile_label(tx, table.pile_label(spot.pile), self.snap[spot.pile])
            self.label(el, speech.focus_label(tx, card, full))

    def refresh_one(self, el: JS, scene: Scene, table: Table) -> None:
        """Give a card that loses the focus its short name back."""
        pid = str(el.dataset.pile)
        index = el.getAttribute("data-index")
        cards = self.snap.get(pid, [])
        if isinstance(index, str) and 0 <= int(index) < len(cards):
            self.label(el, speech.card_label(scene.texts, cards[int(index)],
                                             table.pile_label(pid)))

    def step(self, arrow: str, scene: Scene, table: Table, cards_too: bool) -> None:
        """An arrow key: move the focus (``keynav.step``) and show it."""
        spot = self.spot or Spot("t1", PILE)
        where = slots(table)
        rtl = scene.texts.rtl
        self.spot = keynav.step(spot, arrow, keynav.pile_rows(where, rtl), where,
                                faces(scene), rtl, cards_too=cards_too)
        self.show(scene, table)

    def announce(self, text: str) -> None:
        """Say ``text`` once through the live region, the page's one voice (issue 13.2:
        actions, refusals with the reminder off, hints and every notice). Two sentences
        of one task (an action and the notice it brings) are said together; a repeated
        sentence is changed by a trailing no-break space, so that it is said again."""
        if self.live is None or not text:
            return
        now = str(self.live.textContent)
        if self.fresh and now and not now.endswith(text):
            text = f"{now} {text}"
        elif now == text:
            text += NBSP
        self.live.textContent = text
        if not self.fresh:
            self.fresh = True
            self.br.window.queueMicrotask(self._stale)  # runs when this task ends

    def stale(self, *_args: object) -> None:
        """The task that wrote the announcer is over: the next sentence replaces it."""
        self.fresh = False

    # ----- pointer or keys -----------------------------------------------------------

    def on_pointer(self, table: Table) -> None:
        """A press on the table: the pointer takes over from the keys."""
        self.pressed = True
        table.el.removeAttribute("data-keys")

    def on_focus(self, scene: Scene | None, table: Table) -> None:
        """The table got the focus: show where it is (with the ring unless a pointer
        press gave it the focus)."""
        if not self.pressed:
            table.el.setAttribute("data-keys", "1")
        self.pressed = False
        if scene is not None:
            self.show(scene, table)

    def on_blur(self) -> None:
        """The table lost the focus."""
        self.pressed = False
