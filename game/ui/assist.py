"""The solver in the DOM (issue 10): Hint, "Can it still be won?", "Finish for me".

All searching goes through ``slicer.Slicer``: one slice of ``slicer.SLICE_MS`` ms
per timer tick (``setTimeout(0)``), so the page keeps answering; the next
action abandons the search. The solver itself is the rules package's (``game.Search``,
``Game.hint``); this module only decides when to ask and shows the answers.

- Hint (``data-action="hint"``, key H): marks ``data-hint="from"``/``"to"`` (SPEC §8)
  until the next action and says the move in words in the notice bar.
- The indicator ``data-status="winnable"`` (setting ``show_winnable``): ``thinking``,
  then ``yes``/``no``/``unknown``; a move that turns ``yes`` into ``no`` is announced.
- Finish for me (``data-action="solve"``): searches first; a game that cannot be won
  is said so at once; else it asks (the ``data-role="confirm"`` dialog: the game will
  count as assisted), unless the game is assisted already; then
  plays the solution one action at a time (``slicer.finish_delay``: slow for the first
  actions, then faster), each a normal undoable action, the button pressed and labelled
  "Stop"; any input, or the button again, stops it, with a notice. The game is
  then *assisted* (``assisted``), remembered under ``KEY_ASSISTED`` for the records.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import game

from .domtypes import JS
from .slicer import (
    EH_HINT_NODES,
    EO_SLICE_NODES,
    HINT_NODES,
    SLICE_NODES,
    SOLVE_NODES,
    STUCK,
    STUCK_NODES,
    VERDICT_NODES,
    Slicer,
    finish_delay,
    hint_marks,
    verdict,
)

if TYPE_CHECKING:
    from .app import App

KEY_ASSISTED = "solitaire.assisted"  # the code of the game the solver helped finish


class Assist:
    """Hint, indicator and Finish for me of one page."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.br = app.br
        self.slicer = Slicer()
        self.timer = 0
        self.finish_timer = 0
        self.finishing: list[str] = []  # moves left to play by "Finish for me"
        self.finished = 0  # actions "Finish for me" has played since it started
        self.assisted_code: str | None = None
        self.marked: list[JS] = []
        self.last_verdict: tuple[str, str] | None = None  # (position key, value)
        self.stuck_said = False  # the stuck notice is given once per game
        self.loaded = False  # the solver is imported after the page is ready (load_solver)
        self._tick = self.br.proxy(self.tick)
        self._finish_step = self.br.proxy(self.finish_step)
        self._load = self.br.proxy(self.load_solver)
        self.status_el: JS = self.br.document.querySelector('[data-role="winnable"]')
        self.assisted_code = self.app.store.get(KEY_ASSISTED)

    def bind(self) -> None:
        """Listen to any input (it stops "Finish for me"), show the indicator, and load
        the solver in a later task, once the page is ready (issue 10 point 8)."""
        self.br.listen(self.br.document, "pointerdown", self.on_input)
        self.br.listen(self.br.document, "keydown", self.on_input)
        if self.assisted:  # the saved game was finished by the solver before a reload
            self.app.ledger.assisted = True
        self.show_running(False)
        self.refresh()
        self.br.set_timeout(self._load, 0)

    def load_solver(self, *_args: object) -> None:
        """Import the solver (``game.load_solver``), then search for the indicator and
        the stuck notice. Before this no search starts; Hint and Finish for me import
        it themselves when used first."""
        game.load_solver()
        self.br.mark("solitaire:solver")  # read by bench/bench_solver_page.py
        self.loaded = True
        self.refresh()

    def on_input(self, evt: JS) -> None:
        """Any key, or a press anywhere but on the Finish for me button, stops it (a
        press, Enter or Space on that button is left to its click: ``solve`` stops it)."""
        target = evt.target
        on_button = hasattr(target, "closest") and target.closest('[data-action="solve"]')
        if on_button and (str(evt.type) == "pointerdown" or str(evt.key) in ("Enter", " ")):
            return
        self.stop()

    # ----- the assisted flag (SPEC §12) --------------------------------------------

    @property
    def assisted(self) -> bool:
        """Whether "Finish for me" played a move in the game on the table (public: the
        records count such a win as ``assisted``, SPEC §12)."""
        cur = self.app.current
        return cur is not None and bool(cur.code) and self.assisted_code == cur.code

    def mark_assisted(self) -> None:
        self.app.ledger.assisted = True  # the records count the win as assisted (SPEC §12)
        code = self.app.g.code
        if self.assisted_code != code:
            self.assisted_code = code
            self.app.store.set(KEY_ASSISTED, code)

    # ----- the common hook ---------------------------------------------------------

    def nodes(self) -> int:
        """Positions per search step for the game on the table."""
        return SLICE_NODES if self.app.g.game == game.EASY_HARP else EO_SLICE_NODES

    def key(self) -> str:
        """The cache key of the position on the table."""
        return self.app.g.position()

    def after_action(self) -> None:
        """Any action, undo, redo or new game: clear the hint, abandon the search,
        then ask again (indicator)."""
        self.clear_hint()
        if self.app.notices.kind in ("lost-win", "solve-none", "stuck"):
            self.app.notices.dismiss()
        self.slicer.cancel()
        self.refresh()

    def new_game(self) -> None:
        """A new game: forget the flag of the old one."""
        self.stop()
        if self.assisted_code is not None:
            self.assisted_code = None
            self.app.store.remove(KEY_ASSISTED)
        self.last_verdict = None
        self.stuck_said = False
        self.after_action()

    def stop(self) -> None:
        """Any input stops "Finish for me"; the player is told they have the game back."""
        if self.finishing:
            self.finishing = []
            self.br.clear_timeout(self.finish_timer)
            self.show_running(False)
            self.app.notices.notify("solve-stopped", lambda: self.app.texts.t("solve.stopped"))
            self.refresh()

    def show_running(self, on: bool) -> None:
        """The Finish for me button while it plays: pressed (``aria-pressed``), and
        labelled "Stop" (``action.solve-stop``); else its own label."""
        btn = self.br.document.querySelector('[data-action="solve"]')
        if btn is None:
            return
        key = "action.solve-stop" if on else "action.solve"
        btn.setAttribute("aria-pressed", "true" if on else "false")
        btn.setAttribute("data-i18n-label", key)  # kept by a change of language (app.py)
        text = self.app.texts.t(key)
        btn.setAttribute("aria-label", text)
        btn.setAttribute("title", text)

    # ----- the indicator -----------------------------------------------------------

    def refresh(self) -> None:
        """Show the indicator for the position on the table, searching if needed."""
        el = self.status_el
        on = self.app.settings.show_winnable
        if el is not None:
            el.hidden = not on
            if on:
                el.dataset.status = "winnable"
            else:
                el.removeAttribute("data-status")
                el.removeAttribute("data-value")
        if self.finishing:
            return
        g = self.app.g
        if not self.loaded:  # until the solver is loaded: thinking (load_solver asks then)
            if on:
                self.show_verdict("yes" if g.is_won else "thinking")
            return
        if not on:
            self.slicer.cancel()
            self.check_stuck()
            return
        if g.is_won:
            self.show_verdict("yes")
            return
        sol = self.slicer.start(self.key(), "verdict", lambda: game.Search(g, VERDICT_NODES), self.nodes())
        if sol is not None:
            self.verdict_found(sol)
        else:
            self.show_verdict("thinking")
            self.schedule()

    def check_stuck(self) -> None:
        """Easy Harp: find out (in slices) whether nothing that matters can change any
        more (``game.Search`` with goal ``"progress"``, as ``game.is_stuck``); say so."""
        g = self.app.g
        if g.game != game.EASY_HARP or g.is_won:
            return
        sol = self.slicer.start(STUCK + self.key(), "stuck", lambda: game.Search(
            g, STUCK_NODES, mode="complete", goal="progress"), self.nodes())
        if sol is not None:
            self.stuck_found(sol)
        else:
            self.schedule()

    def stuck_found(self, sol: game.Solution) -> None:
        """Stuck (``unwinnable``: no progress reachable, as ``game.is_stuck``): the
        indicator says ``no``; the notice comes once per game (stock taps, which Easy
        Harp always allows, do not bring it back)."""
        if sol.status == "unwinnable":
            if self.app.settings.show_winnable:
                self.show_verdict("no")
            if not self.stuck_said:
                self.stuck_said = True
                self.app.notices.notify("stuck", lambda: self.app.texts.t("notice.stuck"))

    def show_verdict(self, value: str) -> None:
        el = self.status_el
        if el is None:
            return
        el.dataset.value = value
        el.textContent = el.title = self.app.texts.t(f"winnable.{value}")

    def verdict_found(self, sol: game.Solution) -> None:
        value = verdict(sol)
        key = self.key()
        prev = self.last_verdict
        if prev is not None and prev[1] == "yes" and value == "no" and prev[0] != key:
            self.app.notices.notify("lost-win", lambda: self.app.texts.t("notice.lost-win"))
        self.last_verdict = (key, value)
        self.show_verdict(value)

    # ----- slices ------------------------------------------------------------------

    def schedule(self) -> None:
        self.br.clear_timeout(self.timer)
        self.timer = self.br.set_timeout(self._tick, 0)

    def tick(self, *_args: object) -> None:
        """One slice; then the next, or the answer."""
        if self.app.current is None:
            return
        done = self.slicer.step()
        if done is None:
            if self.slicer.busy:
                self.schedule()
            return
        job, sol = done
        if job.key.removeprefix(STUCK) != self.key():
            return
        if job.kind == "solve":
            self.solved(sol)
        elif job.kind == "stuck":
            self.stuck_found(sol)
        else:
            self.verdict_found(sol)
            if sol.status != "winnable":
                self.check_stuck()

    # ----- hint --------------------------------------------------------------------

    def hint(self) -> None:
        """Mark and say one move (SPEC §8, §10): the solution's first move when a
        winning line is known, else ``Game.hint`` with a small budget."""
        self.stop()
        self.clear_hint()
        g, texts = self.app.g, self.app.texts
        known = self.slicer.known(self.key())
        move = g.normalise(known.moves[0]) if known and known.moves else None
        if move is None and not g.is_won:
            move = g.hint(EH_HINT_NODES if g.game == game.EASY_HARP else HINT_NODES)
        if move is None:
            self.app.notices.notify("hint", lambda: texts.t("hint.none"))
            return
        marks = hint_marks(g, move)
        table = self.app.table.el
        for pid, i in marks.cards:
            el = table.querySelector(f'.card[data-pile="{pid}"][data-index="{i}"]')
            if el is not None:
                el.dataset.hint = "from"
                self.marked.append(el)
        if not marks.cards:
            el = table.querySelector(f'.pile[data-pile="{marks.source}"]')
            if el is not None:
                el.dataset.hint = "from"
                self.marked.append(el)
        if marks.to is not None:
            el = table.querySelector(f'.pile[data-pile="{marks.to}"]')
            if el is not None:
                el.dataset.hint = "to"
                self.marked.append(el)
            top = len(g.pile(marks.to)) - 1  # the drop area lies under its cards: show its top one too
            el = table.querySelector(f'.card[data-pile="{marks.to}"][data-index="{top}"]') if top >= 0 else None
            if el is not None:
                el.dataset.hintTop = "1"
                self.marked.append(el)
        self.app.notices.notify("hint", lambda: self.hint_text(g, move))

    def hint_text(self, g: game.Game, move: game.Move) -> str:
        texts = self.app.texts
        if move.dst is None:
            return texts.t("hint.draw")
        pile = g.pile(move.src)
        count = move.count or 1
        card = pile[-count] if len(pile) >= count else None
        name = texts.card_label(card.card.face, True) if card else ""
        src_suit = g.foundation_suit(move.src) if move.src.startswith("f") else ""
        dst_suit = g.foundation_suit(move.dst) if move.dst.startswith("f") else ""
        what = texts.t("hint.card", card=name) if count == 1 else texts.t("hint.cards", count=count, card=name)
        return texts.t("hint.move", what=what, src=texts.pile_label(move.src, src_suit),
                       dst=texts.pile_label(move.dst, dst_suit))

    def clear_hint(self) -> None:
        """Take the hint's marks away (next action)."""
        for el in self.marked:
            el.removeAttribute("data-hint")
            el.removeAttribute("data-hint-top")
        self.marked = []
        if self.app.notices.kind == "hint":
            self.app.notices.dismiss()

    # ----- Finish for me -----------------------------------------------------------

    def solve(self) -> None:
        """While it plays: stop it. Else find a solution (in slices, or the cached
        answer); a game that cannot be won, or with no solution found, is said so at
        once; a winnable one is played, after asking first (the game will count as
        assisted, SPEC §12) unless it already is."""
        if self.finishing:
            self.stop()
            return
        self.clear_hint()
        if self.app.g.is_won:
            return
        self.search_and_finish()

    def search_and_finish(self) -> None:
        """Find a solution (in slices), then ask and play it (``solved``)."""
        g = self.app.g
        if g.is_won:
            return
        sol = self.slicer.start(self.key(), "solve", lambda: game.Search(g, SOLVE_NODES), self.nodes())
        if sol is not None:
            self.solved(sol)
        else:
            self.show_verdict("thinking")
            self.app.notices.notify("solving", lambda: self.app.texts.t("solve.thinking"))
            self.schedule()

    def solved(self, sol: game.Solution) -> None:
        if self.app.notices.kind == "solving":
            self.app.notices.dismiss()
        if sol.status != "winnable" or not sol.moves:
            self.verdict_found(sol)
            self.app.notices.notify("solve-none", lambda: self.app.texts.t(f"solve.{sol.status}"))
            return
        if self.assisted:
            self.play_solution(sol)
            return
        key = self.key()
        self.app.ledger.ask(self.app.texts.t("solve.ask"), "solve.ok", lambda: self.play_solution(sol, key),
                            cancel_key="confirm.back")

    def play_solution(self, sol: game.Solution, key: str | None = None) -> None:
        """Play the winning line ``sol`` of position ``key`` (None: the one on the table),
        one action at a time; nothing if the table shows another position by then."""
        if (key is not None and key != self.key()) or self.app.g.is_won:
            return
        self.finishing = list(sol.moves)
        self.finished = 0
        self.show_running(True)
        self.finish_timer = self.br.set_timeout(self._finish_step, 0)

    def finish_step(self, *_args: object) -> None:
        """Play the next action of the solution, each undoable on its own."""
        if not self.finishing or self.app.current is None:
            return
        move = self.finishing.pop(0)
        self.mark_assisted()
        if not self.app.play(move):
            self.finishing = []
            self.show_running(False)
            return
        self.finished += 1
        if self.finishing:
            self.finish_timer = self.br.set_timeout(self._finish_step, finish_delay(self.finished, str(move)))
        else:
            self.show_running(False)
            self.refresh()


__all__ = ["KEY_ASSISTED", "Assist"]
