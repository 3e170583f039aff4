"""The table's intents (SPEC §6, §11): tap, double tap, tap to select and tap to place,
drag and drop, and every key of the page through the one key map
(``keynav.key_action``). A mixin of ``page.Page``; every rule is asked of the rules
package (``Game.tap_move``, ``double_tap_move``, ``drop_move``, ``pickup_refusal``,
``targets``).

The selection is the page's one (``selection.Selection``): a tap and a key pick up and
put down through it, so either can put down what the other picked up (issue 11.1).
"""

from __future__ import annotations

from . import gestures, speech, viewmodel
from . import intents as it
from .core import Core
from .keynav import PILE, Spot, key_action


class TablePlay(Core):
    """Taps, drags and keys."""

    # ----- what a press at a point means ---------------------------------------------

    def target_at(self, x: float, y: float) -> gestures.Target | None:
        """What a press at client point (x, y) picks up: a card (draggable when the rules
        let it be picked up), or a pile itself (index one past its top card), or None
        (the felt). Found from the table's layout (``Table.hit``)."""
        if self.current is None:
            return None
        found = self.table.hit(x, y)
        if found is None:
            return None
        pid, index, cid = found
        if not cid:
            return gestures.Target(pid, index)
        up = self.g.pile(pid)[index].up
        draggable, refusal = viewmodel.pickup(self.g, pid, index, up)
        return gestures.Target(pid, index, cid, draggable, refusal)

    # ----- selection ---------------------------------------------------------------

    def select(self, pile: str, index: int) -> str | None:
        """Select the cards of ``pile`` from ``index`` (negative: from the top) up and
        mark them and the piles that accept them; returns the refusal code to lift
        them (nothing selected then), else None."""
        refusal = self.selection.pick(self.g, pile, index)
        picked = self.selection.get(self.g)
        if picked is None:
            self.table.clear_marks()
            return refusal.value if refusal is not None else "empty-source"
        self.table.mark(picked.pile, picked.index, picked.targets, selected=True)
        return None

    def unselect(self) -> bool:
        """Clear the selection and its marks; returns whether there was one."""
        had = self.selection.clear()
        self.table.clear_marks()
        return had

    def place(self, dst: str) -> None:
        """Put the selection on pile ``dst`` (or back, on its own pile): the move a drop
        there would make, refused as a drop would be."""
        picked = self.selection.get(self.g)
        self.unselect()
        if picked is None or dst == picked.pile:
            return
        self.play(self.g.drop_move(picked.pile, picked.index, dst))

    # ----- pointer intents ---------------------------------------------------------

    def on_press(self) -> None:
        """Any press on the table: the reminder goes, Finish for me stops, the welcome
        goes at the first action (``after_action``)."""
        self.notices.hide_reminder()
        self.focus.on_pointer(self.table)

    def tap(self, pile: str, index: int, uncovered: bool = False) -> None:
        """A single tap: place the selection on the tapped pile, or clear it (a tap on
        the selection or its pile); else the tap's own move (a foundation, the stock),
        else select the tapped card(s), else refuse the pick-up. ``uncovered`` (the
        second of two quick taps, on the card the first one uncovered): the tap's own
        move only, never a selection or a refusal."""
        g = self.g
        picked = self.selection.get(g)
        if picked is not None and pile != "s":
            self.place(pile)
            return
        if picked is not None:
            self.unselect()
        move = g.tap_move(pile, index)
        if move is not None:
            self.play(move)
            return
        if uncovered:
            return
        cards = g.pile(pile)
        if not 0 <= index < len(cards) or not cards[index].up:
            return
        refusal = self.select(pile, index)
        if refusal is not None:
            self.refused(refusal, viewmodel.reminder_details(g, pile), where=(pile, index))

    def double_tap(self, pile: str, index: int) -> None:
        """A double tap: the SPEC §6 move of the card (``Game.double_tap_move``), or a
        refusal sign when there is none."""
        self.unselect()
        move = self.g.double_tap_move(pile, index)
        if move is not None:
            self.play(move)
        else:
            self.table.shake(pile, index)

    def pick_up(self, pile: str, index: int) -> None:
        """A drag begins: lift the cards and mark where they may go."""
        self.notices.hide_reminder()
        self.unselect()
        self.table.mark(pile, index, tuple(self.g.targets(pile, index)), selected=False)
        self.table.lift(pile, index)
        self.dragging = (pile, index)

    def drop(self, pile: str | None) -> None:
        """The dragged cards are let go over ``pile``: played there, or put back."""
        src, self.dragging = self.dragging, None
        self.table.put_down()
        self.table.clear_marks()
        if src is None:
            return
        if pile is None or pile == src[0]:
            self.table.sync(self.scene(), animate=True)
            return
        move = self.g.drop_move(src[0], src[1], pile)
        if self.g.check(move) is not None:
            self.table.sync(self.scene(), animate=True)  # home first: the reminder goes by it
        self.play(move)

    # ----- keys (SPEC §11): one key map for the whole page ---------------------------

    def key(self, k: it.Key) -> bool:
        """A key press outside dialogs and form fields; True when it meant something."""
        action = key_action(k.key, k.ctrl, k.shift, k.alt, k.on_table)
        if action is None and k.key == "Escape" and not k.ctrl and not k.alt:
            return self.escape()
        if action is None:
            return False
        if action in ("undo", "redo"):
            self.undo() if action == "undo" else self.redo()
        elif action == "new":
            self.dispatch(it.Button("new"))
        elif action == "hint":
            self.dispatch(it.Button("hint"))
        elif action == "help":
            link = self.br.document.querySelector('[data-action="help"]')
            if link:
                link.click()
        elif action == "status":
            self.focus.announce(speech.status(self.texts, self.g.score, self.g.move_count))
        elif action == "focus-table":
            self.table.el.focus()
        else:
            self.table.el.setAttribute("data-keys", "1")
            self.table_key(action)
        return True

    def escape(self) -> bool:
        """Escape away from the table: a selection, then a notice, then the welcome."""
        if self.selection.get(self.g) is not None:
            self.put_back()
        elif self.notices.kind is not None:
            self.dismiss_notice()
        elif self.welcome.shown:
            self.welcome.hide(self.table)
        else:
            return False
        return True

    def dismiss_notice(self) -> None:
        """Put the notice away (Escape, its close button); a hint's marks go with its
        words (a tester's Escape left the hinted cards glowing)."""
        if self.notices.kind == "hint":
            self.table.clear_hint()
        self.notices.dismiss()

    def put_back(self) -> None:
        """Escape: the held cards stay where they are."""
        if self.unselect():
            self.focus.announce(self.texts.t("a11y.put-back"))

    def table_key(self, action: str) -> None:
        """An arrow, Enter, Space or Escape on the table."""
        spot = self.focus.spot
        held = self.selection.get(self.g)
        if action.startswith("move:"):
            self.focus.step(action[5:], self.scene(), self.table, cards_too=held is None)
        elif action in ("tap", "double-tap"):
            if spot is not None:
                self.key_tap(spot, action == "double-tap")
        elif action == "hold":
            if held is not None:
                self.place((spot or Spot(held.pile, held.index)).pile)
            elif spot is not None and spot.at != PILE:
                self.hold(spot)
        elif action == "put-back":
            if held is None:
                self.escape()
            else:
                self.put_back()

    def hold(self, spot: Spot) -> None:
        """Pick up the cards from ``spot`` to the top, if the rules let them move."""
        refusal = self.select(spot.pile, spot.at)
        if refusal is not None:
            self.refused(refusal, viewmodel.reminder_details(self.g, spot.pile), where=(spot.pile, spot.at))
            return
        cards = self.focus.snap[spot.pile]
        self.focus.announce(speech.held(self.texts, cards[spot.at], len(cards) - spot.at))

    def key_tap(self, spot: Spot, double: bool) -> None:
        """Enter (``double``: Shift+Enter) on the focus, as a tap or double tap."""
        g, tx = self.g, self.texts
        if self.selection.get(g) is not None:
            self.place(spot.pile)
            return
        if spot.pile == "s":
            self.play("s")
            return
        if spot.at == PILE:
            self.focus.announce(speech.pile_label(tx, self.table.pile_label(spot.pile), []))
            return
        move = (g.double_tap_move if double else g.tap_move)(spot.pile, spot.at)
        if move is not None:
            self.play(move)
        elif double:
            card = self.focus.snap[spot.pile][spot.at]
            self.focus.announce(tx.t("a11y.no-move", card=tx.card_label(card.face, card.up)))
        else:
            self.hold(spot)
