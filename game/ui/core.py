"""The one owner of what the page holds (issue 23 point 1): the game, the settings, the
texts, the selection, whether Finish for me runs; and the operations every flow shares:
play a move and show it, save, take another tab's game, and the one way to replace the
game (``replace_game``).

``Core`` is the base of ``page.Page``; the flows that answer intents are its mixins
(``tableplay.TablePlay``: taps, drags, keys; ``helping.Helping``: hint, verdict, Finish
for me; ``recording.Recording``: statistics, export, import, the win). The parts
(``table.py``, ``pointer.py``, ``notices.py``, ``statusbar.py``, ``focus.py``,
``welcome.py``, ``assist.py``, ``ledger.py``, ``confirm.py``, ``dialogs.py``,
``statsview.py``) are made here with what they need (the ``Browser``, the storage, the
dispatcher to report to) and never import this module or reach each other.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import game

from . import gestures
from . import intents as it
from .assist import Assist
from .confirm import Confirm
from .dialogs import Dialogs
from .domtypes import JS
from .focus import Focus
from .i18n import Catalog
from .ledger import Ledger
from .notices import Notices
from .persist import KEY_SETTINGS, SafeStore, Settings
from .pointer import Pointer
from .scene import Scene
from .selection import Selection
from .statsview import StatsView
from .statusbar import StatusBar
from .table import Table
from .texts import Texts, whole
from .welcome import Welcome

if TYPE_CHECKING:
    from .browser import Browser


class Core:
    """The page's state and the operations shared by every flow."""

    def __init__(self, br: Browser) -> None:
        self.br = br
        self.store = SafeStore(br.local_store())
        self.settings = Settings()
        self.catalogs: dict[str, Catalog] = {}
        self._texts: Texts | None = None
        self.current: game.Game | None = None  # None until start() has read the game
        self.last_saved: str | None = None  # the game blob this tab last read or wrote
        # what the game key holds as far as this tab knows: last_saved, or the newer blob
        # of the last storage event that came in order after it (conflict.overwritten)
        self.heard: str | None = None
        self.recheck_timer = 0  # a look at the stored game after another tab's write
        # the games this tab replaced by another: id -> (deal code, move counter then)
        self.given_up: dict[str, tuple[str, int]] = {}
        self.selection = Selection()  # what a tap or a key picked up (issue 11.1)
        self.finishing: list[str] = []  # moves left to play by Finish for me
        self.seeking = ""  # the position whose line Finish for me is looking for, or ""
        self.finished = 0  # actions Finish for me played since it started
        self.finish_due = 0.0  # when its next action is due (performance.now() ms)
        self.finish_at = ""  # the position its moves left start from (key), once it played
        self.dragging: tuple[str, int] | None = None  # (pile, index) lifted by a drag
        self.table = Table(br)
        self.pointer = Pointer(br, self.table.el, self.target_at, self.table.pile_at,
                               self.dispatch)
        self.notices = Notices(br)
        self.status = StatusBar(br)
        self.focus = Focus(br)
        self.welcome = Welcome(br, self.store)
        self.assist = Assist(br, self.store, self.dispatch)
        self.ledger = Ledger(br, self.store)
        self.confirm = Confirm(br)
        self.dialogs = Dialogs(br, self.dispatch)
        self.stats = StatsView(br)

    # ----- what the page holds -----------------------------------------------------

    @property
    def g(self) -> game.Game:
        """The game on the table (set before anything is shown)."""
        if self.current is None:
            raise RuntimeError("no game yet")
        return self.current

    @property
    def texts(self) -> Texts:
        """The texts in the current language (set by ``set_language``)."""
        if self._texts is None:
            raise RuntimeError("no language yet")
        return self._texts

    def scene(self) -> Scene:
        """What the parts are to show."""
        return Scene(self.g, self.texts, self.settings)

    def dispatch(self, intent: it.Intent) -> None:
        """Act on an intent reported by a part (``page.Page.dispatch``)."""
        raise NotImplementedError  # the page's dispatcher

    def target_at(self, x: float, y: float) -> gestures.Target | None:
        """What a press at client point (x, y) picks up (``tableplay.TablePlay``)."""
        raise NotImplementedError  # the page's table flow

    def after_move(self) -> None:
        """The solver's view after any change of position (``helping.Helping``)."""
        raise NotImplementedError  # the page's solver flow

    def save_game(self) -> None:
        """Save the game after an action, or take a newer one over (``tabs.Tabs``)."""
        raise NotImplementedError  # the page's flow of tabs

    def catch_up(self) -> bool:
        """Before a player's action: take over a newer game another tab stored; True when
        the game was replaced (``tabs.Tabs``)."""
        raise NotImplementedError  # the page's flow of tabs

    def close(self) -> None:
        """Remove every listener and release every proxy this page created."""
        self.br.close()

    # ----- words -------------------------------------------------------------------

    def notify(self, kind: str, text: Callable[[Texts], str], action: str | None = None) -> None:
        """Show a notice (``notices.Notices``) and say it once through the announcer."""
        self.focus.announce(self.notices.notify(kind, text, self.texts, action))

    def notify_once(self, kind: str, text: Callable[[Texts], str]) -> None:
        """``notify``, once per page for each kind."""
        self.focus.announce(self.notices.notify_once(kind, text, self.texts))

    def check_storage(self) -> None:
        """Say once if saving does not work (SPEC §7); the notice goes when it works
        again."""
        failure = self.store.failure
        if failure:
            self.notify_once(failure, lambda tx: tx.notice(failure))

    def refused(self, code: str, details: Mapping[str, object],
                move: game.Move | None = None, where: tuple[str, int] | None = None) -> None:
        """A refused move or pick-up (``code``, ``details`` of the refusal), by pointer
        or key alike: the cards it is about shake, whatever the settings, and the
        reminder (if "Interactive rules" is on) appears next to them (issue 11); with
        it off, the rule is said through the announcer. The cards are ``where``
        (pile, index), else those ``move`` would have moved."""
        if where is None and move is not None:
            where = (move.src, -(move.count or 1))
        near = None
        if where is not None:
            self.table.shake(*where)
            near = self.table.box(*where)
        if self.settings.interactive:
            self.notices.show_reminder(self.texts, code, details, near, self.table.card_boxes())
        else:
            self.focus.announce(self.texts.refusal(code, details))

    # ----- playing -----------------------------------------------------------------

    def play(self, move: str | game.Move) -> bool:
        """Play a move; True when it was played. Refusals show their reminder. When
        another tab's newer game is taken over first (``catch_up``), the move is played
        only if it still moves the same cards onto the same card."""
        before = self.g
        if self.catch_up() and not still_means(move, before, self.g):
            return False
        try:
            self.g.play(move)
        except game.IllegalMove as err:
            self.refused(err.code, err.details, err.move)
            return False
        self.after_action()
        return True

    def after_action(self, how: str = "") -> None:
        """Show, save and check the game after an action, ``how`` "undo" or "redo"."""
        self.selection.clear()
        self.table.clear_marks()
        self.table.clear_hint()
        self.welcome.hide(self.table)  # the first action puts the welcome away (SPEC §8)
        self.notices.hide_reminder()
        self.notices.after_action()
        scene = self.scene()
        self.table.sync(scene, animate=True)
        self.focus.after_change(scene, self.table, how)
        self.status.show(self.g, self.texts)
        outcome = self.ledger.changed(self.g, self.assist.assisted(self.g))
        self.save_game()
        self.after_move()
        if self.g.is_won:
            self.stats.win(self.g, outcome, self.ledger.seconds(),
                           self.ledger.result == "assisted", self.texts,
                           outcome is not None and self.moving())
        else:
            self.stats.unwin()
        self.check_moves()

    def moving(self) -> bool:
        """Whether animations are shown (the setting, and the system's wish)."""
        return self.settings.animations and not self.br.reduced_motion()

    def check_moves(self) -> None:
        """Say so when no move at all is left (``Game.has_moves``; the game never
        declares a loss); the notice goes once a move is possible again."""
        g = self.g
        if not g.is_won and not g.has_moves():
            if self.notices.kind != "no-moves":
                self.notify("no-moves", lambda tx: tx.notice("no-moves"))
        else:
            self.notices.dismiss("no-moves")

    def undo(self) -> None:
        """Take back the last action."""
        self.stop_finish()
        self.catch_up()
        if self.g.undo():
            self.cancel_press()
            self.after_action("undo")

    def redo(self) -> None:
        """Play again the last action taken back."""
        self.stop_finish()
        self.catch_up()
        if self.g.redo():
            self.cancel_press()
            self.after_action("redo")

    def on_finish_control(self, target: JS) -> bool:
        """Whether ``target`` is Finish for me's own button or its notice's ("skip to the
        end", "stop"): a press there is left to its click; any other input stops it."""
        if not hasattr(target, "closest"):
            return False
        return bool(target.closest('[data-action="solve"]')) or (
            self.notices.kind in ("finishing", "solving")
            and bool(target.closest('[data-action="notice-action"]')))

    def key_stops_finish(self, evt: JS) -> bool:
        """A ``keydown`` stops Finish for me, unless it presses one of its controls
        (Enter or Space there). True when the key was Escape and stopping it was all it
        did: the "stopped" notice stays (a tester found Escape then closed it)."""
        running, key = bool(self.finishing or self.seeking), str(evt.key)
        if not (self.on_finish_control(evt.target) and key in ("Enter", " ")):
            self.stop_finish()
        if running and not (self.finishing or self.seeking) and key == "Escape":
            evt.preventDefault()
            return True
        return False

    def stop_finish(self, say: bool = True) -> None:
        """Finish for me stops here and stays stopped (issue 23): no move of it is played
        after this, and the search for its line is abandoned (the indicator asks again:
        trial 50 waited 75.6 s for one with no way to stop it but a tap); the player is
        told they have the game back (``say``)."""
        self.assist.stop_pacing()
        if not (self.finishing or self.seeking):
            return
        if self.finishing and self.finish_at:  # the rest of its line: started again, asked at once
            self.assist.slicer.remember(self.finish_at, game.Solution("winnable", tuple(self.finishing), 0))
        seeking, self.finishing, self.seeking = self.seeking, [], ""
        self.show_running(False)
        self.notices.dismiss("finishing", "solving")
        if seeking:
            self.after_move()
        if say:
            self.notify("solve-stopped", lambda tx: tx.t("solve.stopped"))

    def show_running(self, on: bool) -> None:
        """The Finish for me button while it searches or plays: pressed
        (``aria-pressed``), and labelled "Stop" (``action.solve-stop``); else its own label."""
        btn = self.br.document.querySelector('[data-action="solve"]')
        if btn is None:
            return
        key = "action.solve-stop" if on else "action.solve"
        btn.setAttribute("aria-pressed", "true" if on else "false")
        btn.setAttribute("data-i18n-label", key)  # kept by a change of language
        text = self.texts.t(key)
        btn.setAttribute("aria-label", text)
        btn.setAttribute("title", text)

    # ----- saving and other tabs ---------------------------------------------------

    def save_settings(self) -> None:
        """Save the settings."""
        self.store.set(KEY_SETTINGS, self.settings.dump())
        self.check_storage()

    # ----- the one way to replace the game -------------------------------------------

    def cancel_press(self) -> None:
        """Forget a press in progress (a dialog opened, the game changed under it): a
        card being dragged goes back to its place."""
        self.pointer.reset()
        if self.dragging is not None:
            self.dragging = None
            self.table.put_down()
            self.table.clear_marks()
            if self.current is not None:
                self.table.sync(self.scene(), animate=True)

    def set_game(self, g: game.Game, saved: str | None) -> None:
        """Hold ``g`` as the game on the table (``saved``: its blob in storage, None
        when it is not saved yet). Every replacement of the game comes through here."""
        self.cancel_press()
        self.selection.clear()
        self.current = g
        self.last_saved = self.heard = saved

    def show_new(self) -> None:
        """Show a game that replaced the one on the table."""
        self.stats.unwin()
        self.notices.hide_reminder()
        scene = self.scene()
        self.table.build(scene)
        self.focus.prepare(scene, self.table)
        self.status.show(self.g, self.texts)
        self.show_time()

    def replace_question(self) -> tuple[str, str] | None:
        """What "start another game?" is about for the game held: its id (the one the
        records count by) and the question (``game.ask_first``); None when starting
        another game would not ask."""
        g, meta = self.g, self.ledger.meta
        question = game.ask_first(g.move_count, g.is_won, self.ledger.result)
        return None if question is None or meta is None else (meta.id, question.key)

    def replace_game(self, deal: game.DealCode, named: bool = False) -> None:
        """Start ``deal`` (any way: New game, a code, a link, a help example, a recent
        game), asking first over a game in progress; once confirmed, the game given up
        counts as lost (SPEC §6, §12). "Cancel" keeps everything as it was. ``named``:
        the question names the deal (one the player asked for by its code)."""
        g = self.g
        question = game.ask_first(g.move_count, g.is_won, self.ledger.result)

        def start() -> None:
            if question is not None:
                self.ledger.give_up(self.g)
            self.start_game(game.new_game(deal))

        self.dialogs.close_all()  # the new game is seen (Statistics' recent games stayed open)
        self.stats.unwin()
        if question is None:
            start()
            return
        # This very deal from its start (a link to the deal being played, "Same deal
        # again"): asked as such, not as "Start another game?", which a tester misread.
        again = str(deal) == g.code
        key, ok = ((question.again_key, "confirm.again") if again
                   else (question.deal_key if named else question.key, "confirm.ok"))
        code = whole(str(deal))
        self.confirm.ask(lambda tx: tx.t(key, code=code), ok, start, self.texts, about=self.replace_question())

    def start_game(self, g: game.Game) -> None:
        """Put a new game on the table and save it; the game it replaces never comes
        back from another tab (``gave_up``)."""
        if self.ledger.meta is not None and self.current is not None:
            self.given_up[self.ledger.meta.id] = (self.g.code, self.g.move_count)
        self.stop_finish(say=False)
        self.assist.new_game()
        self.notices.after_action()
        self.set_game(g, None)
        self.ledger.new_game(g)
        self.show_new()
        self.welcome.maybe_show(g, self.texts, self.table)
        self.save_game()
        self.after_move()
        self.check_moves()

    def show_time(self, *_args: object) -> None:
        """The status clock (SPEC §8 ``data-status="time"``), when its setting is on."""
        if self._texts is not None:
            self.status.time(self.ledger.seconds() if self.settings.show_clock else None,
                             self.texts)


def still_means(move: str | game.Move, before: game.Game, after: game.Game) -> bool:
    """Whether ``move``, chosen on ``before``, means the same on ``after`` (another tab's
    game taken over meanwhile): a stock tap always; else the cards it moves and the top
    card it goes onto are the same cards (by physical id). Never raises."""
    try:
        m = move if isinstance(move, game.Move) else game.Move.parse(move)
    except game.GameError:
        return False

    def cards(g: game.Game, pid: str, n: int) -> list[str] | None:
        if pid not in g.pile_ids():
            return None if pid != "f" else []
        pile = g.pile(pid)
        return [p.card.id for p in pile[len(pile) - n:]] if n <= len(pile) else None

    if m.src == "s" and m.dst is None:
        return True
    n = m.count or 1
    return (cards(before, m.src, n) == cards(after, m.src, n)
            and cards(before, m.dst or "", 1) == cards(after, m.dst or "", 1))

