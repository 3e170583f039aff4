"""Keyboard focus, keyboard play and spoken feedback on the table (DOM module).

SPEC §11: the table (``#table``, one tab stop, ``role="application"``) keeps the
keyboard focus; the focused card or pile is its ``aria-activedescendant`` and carries
``data-focus="1"`` (SPEC §8). Where the focus goes is ``keynav.py`` (pure); what is said
is ``speech.py`` (pure), written into the live region ``[data-role="announcer"]``.
Every move is asked from the rules package (``Game.tap_move``, ``double_tap_move``,
``drop_move``, ``pickup_refusal``, ``targets``) and played through ``App.play``. Cards
picked up with Space or Enter are the table's one selection (``Table.select``,
``selection.py``), the same as a tap's (issue 11.1): either can put down what the other
picked up, and refusals are shown by ``Input.refused`` for both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import game

from . import keynav, speech, viewmodel
from .domtypes import JS
from .keynav import PILE, Spot

if TYPE_CHECKING:
    from .app import App

NBSP = "\u00a0"


def dom_id(pid: str, cid: str = "") -> str:
    """The element id of a card (``cid``) or of pile ``pid``'s drop area."""
    return f"c-{cid.replace('.', '-')}" if cid else f"p-{pid}"


class Focus:
    """The table's keyboard focus, the cards held with Space, and the announcer."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.spot: Spot | None = None
        self.labels: dict[str, str] = {}  # element id -> accessible name written
        self.focused: JS = None
        self.snap: speech.Piles = {}
        self.live: JS = app.br.document.querySelector('[data-role="announcer"]')
        self.pressed = False  # the table was pressed with a pointer (no focus ring)
        self.fresh = False  # the announcer was written in the current task
        self._stale = app.br.proxy(self.stale)

    # ----- what the table holds ------------------------------------------------------

    def piles(self) -> dict[str, list[speech.Seen]]:
        """Pile id -> its cards as shown, bottom first."""
        g = self.app.g
        return {pid: [speech.Seen(p.card.id, p.card.face, p.up) for p in g.pile(pid)]
                for pid in g.pile_ids()}

    def faces(self) -> dict[str, list[bool]]:
        """Pile id -> face-up flags, bottom first."""
        g = self.app.g
        return {pid: [p.up for p in g.pile(pid)] for pid in g.pile_ids()}

    def slots(self) -> dict[str, keynav.Rect]:
        """Pile id -> its slot as laid out now."""
        lay = self.app.table.lay
        if lay is None:
            return {}
        return {pid: keynav.Rect(r.x, r.y, r.h) for pid, r in lay.slots.items()}

    def element(self, spot: Spot) -> JS:
        """The element of ``spot``: a card, or a pile's drop area."""
        table = self.app.table
        if spot.at == PILE:
            return table.piles.get(spot.pile)
        return table.cards.get(self.app.g.pile(spot.pile)[spot.at].card.id)

    def name(self, pid: str) -> str:
        """A pile's plain name."""
        return self.app.table.pile_label(pid)

    # ----- after a deal, an action, a language switch --------------------------------

    def prepare(self) -> None:
        """After ``Table.build``: give every card and pile an id and a role, then
        label, focus and remember the table."""
        table = self.app.table
        for pid, el in table.piles.items():
            el.id = dom_id(pid)
            el.setAttribute("role", "img")
        for cid, el in table.cards.items():
            el.id = dom_id("", cid)
        self.labels.clear()
        self.spot = None
        self.focused = None
        self.snap = self.piles()
        self.refresh()

    def after_change(self, how: str = "") -> None:
        """After an action (``how`` ""), an undo (``"undo"``) or a redo (``"redo"``):
        say what changed, then refresh. An undo is told as the action it takes back
        ("Undone: Ace of diamonds to free cell 5.", ``speech.taken``)."""
        now = self.piles()
        before, after = (now, self.snap) if how == "undo" else (self.snap, now)
        text = speech.taken(self.app.texts, speech.describe(
            self.app.texts, before, after, self.name), how)
        changed = {pid for pid, cards in now.items() if self.snap.get(pid) != cards}
        self.snap = now
        self.app.table.unselect()
        self.refresh(changed)
        if text:
            self.announce(text)

    def refresh(self, piles: set[str] | None = None) -> None:
        """Rewrite the accessible names of ``piles`` (None: all) where they changed, and
        put the focus mark."""
        tx, table = self.app.texts, self.app.table
        for pid, cards in self.snap.items():
            if piles is not None and pid not in piles:
                continue
            name = self.name(pid)
            self.label(table.piles[pid], speech.pile_label(tx, name, cards))
            for c in cards:
                self.label(table.cards[c.cid], speech.card_label(tx, c, name))
        self.show()

    def label(self, el: JS, text: str) -> None:
        """Write ``el``'s accessible name unless it already says ``text``."""
        key = str(el.id)
        if self.labels.get(key) != text:
            el.setAttribute("aria-label", text)
            self.labels[key] = text

    def show(self) -> None:
        """Put ``data-focus="1"`` and the table's active descendant on the focus."""
        faces = self.faces()
        if self.spot is None:  # the first pile in reading order (the stock, a cell)
            rows = keynav.pile_rows(self.slots(), self.app.texts.rtl)
            first = rows[0][0] if rows else next(iter(faces))
            self.spot = keynav.home(first, faces[first])
        spot = self.spot
        self.spot = spot = keynav.settle(spot, faces)
        el = self.element(spot)
        if self.focused is not None and self.focused != el:
            self.focused.removeAttribute("data-focus")
            self.labels.pop(str(self.focused.id), None)
            self.refresh_one(self.focused)
        if el is None:
            return
        el.setAttribute("data-focus", "1")
        self.focused = el
        self.app.table.el.setAttribute("aria-activedescendant", str(el.id))
        if spot.at != PILE:
            tx = self.app.texts
            card = self.snap[spot.pile][spot.at]
            full = speech.pile_label(tx, self.name(spot.pile), self.snap[spot.pile])
            self.label(el, speech.focus_label(tx, card, full))

    def refresh_one(self, el: JS) -> None:
        """Give a card that loses the focus its short name back."""
        pid = str(el.dataset.pile)
        index = el.getAttribute("data-index")
        cards = self.snap.get(pid, [])
        if isinstance(index, str) and 0 <= int(index) < len(cards):
            self.label(el, speech.card_label(self.app.texts, cards[int(index)], self.name(pid)))

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
            self.app.br.window.queueMicrotask(self._stale)  # runs when this task ends

    def stale(self, *_args: object) -> None:
        """The task that wrote the announcer is over: the next sentence replaces it."""
        self.fresh = False

    # ----- held cards: the table's one selection (issue 11.1) -------------------------

    @property
    def held(self) -> Spot | None:
        """The selected cards (picked up by a key or a tap) as a spot, or None."""
        picked = self.app.table.selected()
        return None if picked is None else Spot(picked.pile, picked.index)

    def hold(self, spot: Spot) -> None:
        """Pick up the cards from ``spot`` to the top, if the rules let them move."""
        refusal = self.app.table.select(spot.pile, spot.at)
        if refusal is not None:
            self.refuse(refusal.value, spot)
            return
        cards = self.snap[spot.pile]
        self.announce(speech.held(self.app.texts, cards[spot.at], len(cards) - spot.at))

    def put_back(self) -> None:
        """Escape: the held cards stay where they are."""
        if self.app.table.unselect():
            self.announce(self.app.texts.t("a11y.put-back"))

    def drop(self, spot: Spot) -> None:
        """Space or Enter with cards held: put them on ``spot``'s pile (or back); a
        refused drop puts them back, as a tap's or a drag's does."""
        held = self.held
        if held is None:
            return
        if spot.pile == held.pile:
            self.put_back()
            return
        self.app.table.unselect()
        self.app.play(self.app.g.drop_move(held.pile, held.at, spot.pile))

    # ----- playing -------------------------------------------------------------------

    def refuse(self, code: str, spot: Spot) -> None:
        """A refused pick-up of the cards from ``spot``: shown (and said) as a tap's."""
        self.app.input.refused(code, viewmodel.reminder_details(self.app.g),
                               where=(spot.pile, spot.at))

    def play(self, move: game.Move | str) -> None:
        """Play ``move`` (a ``game.Move`` or its notation), or show and say why not
        (``App.play``)."""
        self.app.play(move)

    def tap(self, double: bool) -> None:
        """Enter (``double``: Shift+Enter) on the focus, as a tap or double tap."""
        spot = self.spot
        if spot is None:
            return
        if self.held is not None:
            self.drop(spot)
            return
        g, tx = self.app.g, self.app.texts
        if spot.pile == "s":
            self.play("s")
            return
        if spot.at == PILE:
            self.announce(speech.pile_label(tx, self.name(spot.pile), []))
            return
        move = (g.double_tap_move if double else g.tap_move)(spot.pile, spot.at)
        if move is not None:
            self.play(move)
        elif double:
            card = self.snap[spot.pile][spot.at]
            self.announce(tx.t("a11y.no-move", card=tx.card_label(card.face, card.up)))
        else:
            self.hold(spot)

    def on_key(self, evt: JS) -> bool:
        """A key press outside dialogs and form fields; True when it was handled here.
        Ctrl+Z, Ctrl+Y, N and H are left to ``input.py`` (and the solver's view)."""
        if self.app.current is None:
            return False
        table = self.app.table.el
        on_table = evt.target == table
        action = keynav.key_action(str(evt.key), bool(evt.ctrlKey or evt.metaKey),
                                   bool(evt.shiftKey), bool(evt.altKey), on_table)
        if action is None and evt.key == "Escape" and self.app.table.selected():
            evt.preventDefault()  # Escape clears a selection from anywhere on the page
            self.put_back()
            return True
        if action is None and evt.key == "Escape" and self.app.notices.kind is not None:
            evt.preventDefault()  # Escape puts the notice away, as its x button does
            self.app.notices.dismiss()
            return True
        if action is None and evt.key == "Escape" and self.app.welcome.shown:
            evt.preventDefault()
            self.app.welcome.hide()
            return True
        if action is None or action in ("undo", "redo", "new", "hint"):
            return False
        evt.preventDefault()
        if action == "help":
            link = self.app.br.document.querySelector('[data-action="help"]')
            if link:
                link.click()
        elif action == "status":
            g = self.app.g
            self.announce(speech.status(self.app.texts, g.score, g.move_count))
        elif action == "focus-table":
            table.focus()
        else:
            table.setAttribute("data-keys", "1")
            self.table_key(action)
        return True

    def table_key(self, action: str) -> None:
        """An arrow, Enter, Space or Escape on the table."""
        if action.startswith("move:"):
            spot = self.spot or Spot("t1", PILE)
            slots = self.slots()
            rtl = self.app.texts.rtl
            self.spot = keynav.step(spot, action[5:], keynav.pile_rows(slots, rtl), slots,
                                    self.faces(), rtl, cards_too=self.held is None)
            self.show()
        elif action in ("tap", "double-tap"):
            self.tap(action == "double-tap")
        elif action == "hold":
            if self.held is not None:
                self.drop(self.spot or self.held)
            elif self.spot is not None and self.spot.at != PILE:
                self.hold(self.spot)
        elif action == "put-back":
            if self.held is None and self.app.welcome.shown:
                self.app.welcome.hide()
            self.put_back()

    def on_pointer(self, _evt: JS = None) -> None:
        """A press on the table: the pointer takes over from the keys."""
        self.pressed = True
        self.app.table.el.removeAttribute("data-keys")

    def on_focus(self, _evt: JS = None) -> None:
        """The table got the focus: show where it is (with the ring unless a pointer
        press gave it the focus)."""
        if not self.pressed:
            self.app.table.el.setAttribute("data-keys", "1")
        self.pressed = False
        if self.app.current is not None:
            self.show()

    def on_blur(self, _evt: JS = None) -> None:
        """The table lost the focus."""
        self.pressed = False
