"""The solver's machinery in the page (issue 10): searches in slices, the hint's move,
the pace of Finish for me, and the "assisted" flag of the records.

All searching goes through ``slicer.Slicer``: one slice of ``slicer.SLICE_MS`` ms per
timer tick (``setTimeout(0)``), so the page keeps answering; the next action abandons
the search. The solver itself is the rules package's (``game.Search``, ``Game.hint``).
This part decides nothing shown: an answer is reported to the page's dispatcher as
``intents.Found`` (and the solver's import as ``intents.SolverReady``), a due move of
Finish for me as ``intents.AutoMove``; the page, which owns the game and whether Finish
for me runs, shows and plays them (issue 23 point 1).
"""

from __future__ import annotations

from collections.abc import Callable

import game

from . import intents as it
from .domtypes import JS
from .persist import SafeStore
from .slicer import EH_HINT_NODES, EO_SLICE_NODES, HINT_NODES, SLICE_NODES, Slicer

KEY_ASSISTED = "solitaire.assisted"  # the code of the game the solver helped finish


class Assist:
    """Searches, hints and the pace of Finish for me, for one page."""

    def __init__(self, br: JS, store: SafeStore, emit: Callable[[it.Intent], None]) -> None:
        self.br = br
        self.store = store
        self.emit = emit
        self.slicer = Slicer(clock=lambda: br.now() / 1000)
        self.timer = 0
        self.move_timer = 0
        self.due: str | None = None  # the move of Finish for me waiting for its time
        self.loaded = False  # the solver is imported after the page is ready
        self.last_verdict: tuple[str, str] | None = None  # (position key, value)
        self.stuck_said = False  # the stuck notice is given once per game
        self.assisted_code = store.get(KEY_ASSISTED)
        self._tick = br.proxy(self.tick)
        self._load = br.proxy(self.load_solver)
        self._play = br.proxy(self.play_due)

    def bind(self) -> None:
        """Load the solver in a later task, once the page is ready (issue 10 point 8)."""
        self.br.set_timeout(self._load, 0)

    def load_solver(self, *_args: object) -> None:
        """Import the solver (``game.load_solver``); then searches may start."""
        if self.loaded:
            return
        game.load_solver()
        self.br.mark("solitaire:solver")  # read by bench/bench_solver_page.py
        self.loaded = True
        self.emit(it.SolverReady())

    # ----- the assisted flag (SPEC §12) --------------------------------------------

    def assisted(self, g: game.Game) -> bool:
        """Whether Finish for me played a move in game ``g`` (the records count its win
        as ``assisted``, SPEC §12)."""
        return bool(g.code) and self.assisted_code == g.code

    def mark_assisted(self, g: game.Game) -> None:
        """Remember that Finish for me plays in ``g`` (kept under ``KEY_ASSISTED``)."""
        if g.code and self.assisted_code != g.code:
            self.assisted_code = g.code
            self.store.set(KEY_ASSISTED, g.code)

    def new_game(self) -> None:
        """Another game: forget the flag, the verdict and the stuck notice of the old one."""
        self.cancel()
        if self.assisted_code is not None:
            self.assisted_code = None
            self.store.remove(KEY_ASSISTED)
        self.last_verdict = None
        self.stuck_said = False

    # ----- searches ------------------------------------------------------------------

    @staticmethod
    def nodes(g: game.Game) -> int:
        """Positions in the first search step for ``g`` (the step then adapts): fewer
        for a game with a stock (Easy Harp), whose positions cost more."""
        return SLICE_NODES if "s" in g.pile_ids() else EO_SLICE_NODES

    def search(self, kind: str, key: str, make: Callable[[], game.Search],
               g: game.Game) -> game.Solution | None:
        """The answer for position ``key`` at once (remembered), else None and a search
        of ``kind`` made by ``make()`` runs in slices; its answer comes as
        ``intents.Found``."""
        sol = self.slicer.start(key, kind, make, self.nodes(g))
        if sol is None:
            self.schedule()
        return sol

    def known(self, key: str) -> game.Solution | None:
        """The remembered answer for position ``key``, or None."""
        return self.slicer.known(key)

    def cancel(self) -> None:
        """Abandon the search under way (the next action came)."""
        self.slicer.cancel()
        self.br.clear_timeout(self.timer)

    def schedule(self) -> None:
        self.br.clear_timeout(self.timer)
        self.timer = self.br.set_timeout(self._tick, 0)

    def tick(self, *_args: object) -> None:
        """One slice; then the next, or the answer."""
        done = self.slicer.step()
        if done is None:
            if self.slicer.busy:
                self.schedule()
            return
        job, sol = done
        self.emit(it.Found(job.kind, job.key, sol))

    def verdict_seen(self, key: str, value: str) -> bool:
        """Remember the verdict ``value`` of position ``key``; True when it turns a
        winnable game into a lost one (a move made it so: the page says so)."""
        prev = self.last_verdict
        self.last_verdict = (key, value)
        return prev is not None and prev[1] == "yes" and value == "no" and prev[0] != key

    # ----- hint --------------------------------------------------------------------

    def hint_move(self, g: game.Game, key: str) -> game.Move | None:
        """One move to suggest (SPEC §8, §10): the first move of a known winning line,
        else ``Game.hint`` with a small budget; None when there is nothing useful."""
        known = self.slicer.known(key)
        if known is not None and known.moves:
            return g.normalise(known.moves[0])
        if g.is_won:
            return None
        return g.hint(EH_HINT_NODES if "s" in g.pile_ids() else HINT_NODES)

    # ----- the pace of Finish for me -------------------------------------------------

    def play_later(self, move: str, ms: int) -> None:
        """Report ``intents.AutoMove(move)`` in ``ms`` ms (one move of Finish for me)."""
        self.br.clear_timeout(self.move_timer)
        self.due = move
        self.move_timer = self.br.set_timeout(self._play, ms)

    def play_due(self, *_args: object) -> None:
        move, self.due = self.due, None
        if move is not None:
            self.emit(it.AutoMove(move))

    def stop_pacing(self) -> None:
        """No more move of Finish for me is reported."""
        self.br.clear_timeout(self.move_timer)
        self.due = None


__all__ = ["KEY_ASSISTED", "Assist"]
