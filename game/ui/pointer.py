"""Pointer input on the table, in the DOM: Pointer Events -> the recogniser
``gestures.Gestures`` -> intents (``intents.py``) reported to the page's dispatcher.

What a press at a point means (which card, whether it may be picked up) is asked of the
function ``target_at`` the page gives (the table's geometry and the rules package), not
read from the element under the pointer: so a framed empty pile or a card still gliding
away never swallows a tap (issue 23). This module decides no rule and changes nothing
but the recogniser's state.
"""

from __future__ import annotations

from collections.abc import Callable

from . import gestures
from . import intents as it
from .domtypes import JS

TargetAt = Callable[[float, float], gestures.Target | None]


class Pointer:
    """The table's pointer listeners and the recogniser."""

    def __init__(self, br: JS, table_el: JS, target_at: TargetAt,
                 pile_at: Callable[[float, float], str | None],
                 emit: Callable[[it.Intent], None]) -> None:
        self.br = br
        self.el = table_el
        self.target_at = target_at
        self.pile_at = pile_at
        self.emit = emit
        self.gest = gestures.Gestures()

    def bind(self) -> None:
        """One listener per pointer event type on the table."""
        for name, fn in (("pointerdown", self.on_down), ("pointermove", self.on_move),
                         ("pointerup", self.on_up), ("pointercancel", self.on_cancel),
                         ("lostpointercapture", self.on_cancel)):
            self.br.listen(self.el, name, fn)
        self.br.listen(self.el, "contextmenu", lambda e: e.preventDefault())

    def set_double(self, enabled: bool) -> None:
        """The setting "Double click" (SPEC §6)."""
        self.gest.double_enabled = enabled

    def on_down(self, evt: JS) -> None:
        """``pointerdown`` on the table."""
        if evt.button != 0:
            return
        target = self.target_at(float(evt.clientX), float(evt.clientY))
        if target is None:
            if not self.gest.active:
                self.emit(it.Felt())  # a press on the empty felt clears the selection
            return
        evt.preventDefault()
        if not self.gest.active:
            try:
                self.el.setPointerCapture(evt.pointerId)
            except Exception:  # noqa: BLE001 - a pointer that is already gone
                return
        self.handle(self.gest.down(evt.pointerId, target, float(evt.clientX),
                                   float(evt.clientY), touch=evt.pointerType == "touch"))

    def on_move(self, evt: JS) -> None:
        """``pointermove``."""
        if self.gest.active:
            self.handle(self.gest.move(evt.pointerId, float(evt.clientX), float(evt.clientY)))

    def on_up(self, evt: JS) -> None:
        """``pointerup``."""
        if self.gest.active:
            self.handle(self.gest.up(evt.pointerId, float(evt.clientX), float(evt.clientY),
                                     float(evt.timeStamp)))

    def on_cancel(self, evt: JS) -> None:
        """``pointercancel`` or ``lostpointercapture``."""
        if self.gest.active:
            self.handle(self.gest.cancel(evt.pointerId))

    def handle(self, found: list[gestures.Intent]) -> None:
        """Report the recogniser's intents."""
        for g in found:
            if isinstance(g, gestures.DragMove):
                self.emit(it.DragBy(g.dx, g.dy))
            elif isinstance(g, gestures.Tap):
                self.emit(it.Tap(g.target.pile, g.target.index, g.uncovered))
            elif isinstance(g, gestures.DoubleTap):
                self.emit(it.DoubleTap(g.target.pile, g.target.index))
            elif isinstance(g, gestures.DragStart):
                self.emit(it.PickUp(g.target.pile, g.target.index))
            elif isinstance(g, gestures.Drop):
                self.emit(it.Drop(self.pile_at(g.x, g.y)))
            elif isinstance(g, gestures.Refused):
                self.emit(it.Refused(g.target.refusal, g.target.pile, g.target.index))
            elif isinstance(g, gestures.Cancel):
                self.emit(it.Drop(None))
            elif isinstance(g, gestures.Swipe) and self.pile_at(g.x, g.y) == "w":
                self.emit(it.Tap(g.target.pile, g.target.index, False))  # the stock dragged onto the waste

    def reset(self) -> None:
        """Forget any press and tap in progress (a dialog opened, the game changed)."""
        self.gest.reset()
