"""Pointer and keyboard input in the DOM.

Pointer events go to the pure recogniser ``gestures.Gestures``; its intents (tap, double
tap, drag, drop) become moves by asking the rules package (``Game.tap_move``,
``double_tap_move``, ``drop_move``, ``pickup_refusal``): this module decides no rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import game

from . import gestures, render, viewmodel
from .domtypes import JS

if TYPE_CHECKING:
    from .app import App


class Input:
    """The table's pointer input and the page's keys."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.table = app.table
        self.gest = gestures.Gestures()
        self.drag: list[tuple[JS, float, float]] = []  # element, resting x, y

    def target_of(self, el: JS, x: float, y: float) -> gestures.Target | None:
        """What a press at client point (x, y) on element ``el`` picks up: a card
        (draggable when the rules let it be picked up), or a pile itself (index one
        past its top card), or None (the felt)."""
        el = el.closest("[data-pile]") if el else None
        if not el:
            return None
        g = self.app.g
        pid = str(el.dataset.pile)
        cid = el.getAttribute("data-id")  # None for a pile's drop area
        cid = cid if isinstance(cid, str) else ""
        if cid in self.table.flying and not self.table.at_rest(cid, x, y):
            # A card still gliding to its new place: the press belongs to the pile
            # really there (e.g. fast taps on the stock while the drawn card flies).
            under = self.table.pile_at(x, y)
            return gestures.Target(under, len(g.pile(under))) if under else None
        if cid:
            index = int(el.dataset.index)
            draggable, refusal = viewmodel.pickup(g, pid, index, el.dataset.face == "up")
            return gestures.Target(pid, index, cid, draggable, refusal)
        return gestures.Target(pid, len(g.pile(pid)))

    def on_down(self, evt: JS) -> None:
        """``pointerdown`` on the table."""
        if evt.button != 0 or self.app.current is None:
            return
        self.app.notices.hide_reminder()
        target = self.target_of(evt.target, evt.clientX, evt.clientY)
        if target is None:
            self.unselect()  # a tap on empty felt clears the selection
            return
        evt.preventDefault()
        if not self.gest.active:
            try:
                self.table.el.setPointerCapture(evt.pointerId)
            except Exception:  # noqa: BLE001 - a pointer that is already gone
                return
        self.handle(self.gest.down(evt.pointerId, target, evt.clientX, evt.clientY,
                                   touch=evt.pointerType == "touch"))

    def on_move(self, evt: JS) -> None:
        """``pointermove``."""
        if self.gest.active:
            self.handle(self.gest.move(evt.pointerId, evt.clientX, evt.clientY))

    def on_up(self, evt: JS) -> None:
        """``pointerup``."""
        if self.gest.active:
            self.handle(self.gest.up(evt.pointerId, evt.clientX, evt.clientY, evt.timeStamp))

    def on_cancel(self, evt: JS) -> None:
        """``pointercancel`` or ``lostpointercapture``."""
        if self.gest.active:
            self.handle(self.gest.cancel(evt.pointerId))

    def handle(self, intents: list[gestures.Intent]) -> None:
        """Act on the recogniser's intents."""
        for intent in intents:
            if isinstance(intent, gestures.DragMove):
                for el, x, y in self.drag:
                    el.style.transform = render.translate(x + intent.dx, y + intent.dy)
            elif isinstance(intent, gestures.Tap):
                self.tap(intent.target)
            elif isinstance(intent, gestures.DoubleTap):
                self.double_tap(intent.target)
            elif isinstance(intent, gestures.DragStart):
                self.start_drag(intent.target)
            elif isinstance(intent, gestures.Drop):
                self.drop(intent)
            elif isinstance(intent, gestures.Refused):
                tg = intent.target
                self.refused(tg.refusal, viewmodel.reminder_details(self.app.g),
                             where=(tg.pile, tg.index))
            elif isinstance(intent, gestures.Cancel):
                self.end_drag()
                self.table.sync(animate=True)

    # ----- tap to select, tap to place (SPEC §6) -------------------------------------
    # The selection is the table's one (``Table.select``, ``selection.py``): the keys
    # of ``focus.py`` pick and place through it too (issue 11.1).

    def unselect(self) -> None:
        """Clear the selection and its marks."""
        self.table.unselect()

    def tap(self, tg: gestures.Target) -> None:
        """A single tap: place the selection on the tapped pile, or clear it (a tap on
        the selection); else the tap's own move (a foundation, the stock), else select
        the tapped card(s), else refuse the pick-up."""
        g = self.app.g
        picked = self.table.selected()
        if picked is not None:
            self.unselect()
            if tg.pile == picked.pile:
                return  # a tap on the selection (or its pile) clears it
            if tg.pile != "s":
                if self.app.play(g.drop_move(picked.pile, picked.index, tg.pile)):
                    self.gest.tap_moved()
                return
        move = g.tap_move(tg.pile, tg.index)
        if move is not None:
            if self.app.play(move):
                self.gest.tap_moved()
            return
        if not tg.card:
            return
        if tg.draggable:
            self.table.select(tg.pile, tg.index)
        elif tg.refusal:
            self.refused(tg.refusal, viewmodel.reminder_details(g), where=(tg.pile, tg.index))

    def double_tap(self, tg: gestures.Target) -> None:
        """A double tap: the SPEC §6 move of the card (``Game.double_tap_move``), or a
        refusal sign when there is none."""
        self.unselect()
        g = self.app.g
        move = g.double_tap_move(tg.pile, tg.index)
        if move is not None:
            self.app.play(move)
        elif tg.card:
            self.table.shake(tg.pile, tg.index)

    def refused(self, code: str, details: Mapping[str, object],
                move: game.Move | None = None,
                where: tuple[str, int] | None = None) -> None:
        """A refused move or pick-up (``code``, ``details`` of the refusal), by pointer
        or key alike: the cards it is about shake, whatever the settings, and the
        reminder (if "Interactive rules" is on) appears next to them (issue 11); with
        it off, the rule is said through the announcer (the reminder is itself a live
        region). The cards are ``where`` (pile, index), else those ``move`` would have
        moved."""
        if where is None and move is not None:
            where = (move.src, -(move.count or 1))
        near = None
        if where is not None:
            self.table.shake(*where)
            near = self.table.box(*where)
        self.app.notices.show_reminder(code, details, near)
        if not self.app.settings.interactive:
            self.app.focus.announce(self.app.texts.refusal(code, details))

    def start_drag(self, target: gestures.Target) -> None:
        """Lift the card at ``target`` and the cards above it; mark where they may go."""
        self.app.notices.hide_reminder()
        self.unselect()
        self.table.mark(target.pile, target.index,
                        self.app.g.targets(target.pile, target.index), selected=False)
        self.drag = []
        pile = self.app.g.pile(target.pile)
        for k in range(target.index, len(pile)):
            cid = pile[k].card.id
            el = self.table.cards[cid]
            view = self.table.rendered[cid]
            el.classList.add("dragging")
            el.style.zIndex = str(viewmodel.DRAG_Z + k)
            self.drag.append((el, view.x, view.y))

    def end_drag(self) -> None:
        """Put the lifted cards down (their places are rewritten by the next sync)."""
        for el, _x, _y in self.drag:
            el.classList.remove("dragging")
            self.table.forget(str(el.dataset.id))
        self.drag = []
        self.table.clear_marks()

    def drop(self, intent: gestures.Drop) -> None:
        """Play the drop, or put the cards back."""
        src = intent.target
        self.end_drag()
        dst = self.table.pile_at(intent.x, intent.y)
        if dst is None or dst == src.pile:
            self.table.sync(animate=True)
            return
        move = self.app.g.drop_move(src.pile, src.index, dst)
        if not self.app.play(move):
            self.table.sync(animate=True)

    def reset(self) -> None:
        """Forget any press in progress (a dialog opened, the game changed under it); a
        card being dragged goes back to its place."""
        if self.drag:
            self.end_drag()
            if self.app.current is not None and self.table.cards:
                self.table.sync(animate=True)
        self.unselect()
        self.gest.reset()

    def on_key(self, evt: JS) -> None:
        """Page keys: Ctrl+Z undo, Ctrl+Y or Ctrl+Shift+Z redo, N new game (SPEC §11)."""
        if self.app.current is None or self.app.dialogs.any_open():
            return
        tag = str(evt.target.tagName or "").lower()
        if tag in ("input", "select", "textarea"):
            return
        if self.app.focus.on_key(evt):  # the table's keys, help, status (SPEC §11)
            return
        key = str(evt.key).lower()
        mod = evt.ctrlKey or evt.metaKey
        if mod and key == "z" and not evt.shiftKey:
            evt.preventDefault()
            self.app.undo()
        elif mod and (key == "y" or (key == "z" and evt.shiftKey)):
            evt.preventDefault()
            self.app.redo()
        elif not mod and not evt.altKey and key == "n":
            evt.preventDefault()
            self.app.dialogs.open_new()
        elif not mod and not evt.altKey and key == "h":
            evt.preventDefault()
            self.app.assist.hint()
