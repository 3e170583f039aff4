"""The solver's machinery in the page (issue 10): searches in slices, the hint's move,
the pace of Finish for me, and the "assisted" flag of the records.

Searches run beside the page (issue 24 point 1): the first time a search in the page's
slices has not ended after ``WORKER_AFTER_SLICES`` slices, or a hint is asked (or at once, where
``WORKER_AT_START``), a worker with an interpreter of its own is started
(``Browser.start_worker``: ``WORKER_URL``, the vendored Pyodide restored from the interpreter copy, running
``searcher.Searcher``); from then on verdicts, stuck tests, hints and the line of Finish
for me are asked of it as plain data (``protocol.py``, the page's end in ``beside.py``),
and the next action cancels them. A search running in slices when the worker becomes
ready is handed over to it. A player who never needs a long search never pays for a
second interpreter (its start costs about as much as the page's own: memory, and 3-6 s
of a core on the test machine).
Where no worker can start (none in this browser, or it fails, or it is not ready within
``WORKER_START_MS``) and after any fault of it, the searches of today take over: one
slice of ``slicer.SLICE_MS`` ms per timer tick (``setTimeout(0)``) on the page's own
thread (``slicer.Slicer``), a hint searched at once; what the player sees is the same
but for the time answers take. The solver itself is the rules package's
(``game.Search``, ``Game.hint``).

This part decides nothing shown: an answer is reported to the page's dispatcher as
``intents.Found`` or ``intents.Hinted`` (and the solver's import as
``intents.SolverReady``), a due move of Finish for me as ``intents.AutoMove``; the page,
which owns the game and whether Finish for me runs, shows and plays them (issue 23
point 1).
"""

from __future__ import annotations

from collections.abc import Callable

import game

from . import intents as it
from .beside import READY, STARTING, Beside
from .domtypes import JS
from .persist import SafeStore
from .protocol import Answer, Ask, Failure, ProtocolError, Ready, Request, read_message
from .searcher import request_game
from .slicer import EH_HINT_NODES, HINT_NODES, LINE_HINT_NODES, STUCK, Slicer, first_nodes, make_search
from .slicer import WORKER_EH_HINT_NODES as WORKER_EH

KEY_ASSISTED = "solitaire.assisted"  # the code of the game the solver helped finish
WORKER_URL = "./static/solver-worker.js"  # relative to the page (precached: static/*.js)
#: The longest wait for the worker's start (ms) before the page searches in its own
#: slices: on the shared 2-core test machine at a load average of 12-14, a start
#: restored from the interpreter copy took 2.9-6.6 s, a normal Pyodide start (no copy)
#: 10-18 s (bench/bench_worker.py, README); a slow phone may take longer still.
WORKER_START_MS = 30_000
#: Once the worker is ready, a press, a drag or a key asks it to pause for
#: ``INPUT_PAUSE_MS`` ms (the page's answer, a card's 180 ms glide and the next
#: indicator's request), at most once per ``PAUSE_EVERY_MS`` of a drag: on two cores a
#: searching worker slowed the page's answer to a pointer-up 1.7x (bench/bench_worker.py).
INPUT_PAUSE_MS = 300
#: A search still running in the page's slices after this many (of ``slicer.SLICE_MS``
#: ms each: about 0.25 s) starts the worker; most verdicts and stuck tests end in a few
#: slices, and a player who never meets a long search never pays for a second
#: interpreter.
WORKER_AFTER_SLICES = 20
#: Start the worker as soon as the solver is imported, before any search (every search
#: then goes to it): what bench/bench_worker.py and the worker's own tests measure.
WORKER_AT_START = False
PAUSE_EVERY_MS = 100
INPUT_EVENTS = ("pointerdown", "pointermove", "keydown")


def hint_nodes(g: game.Game) -> int:
    """The budget of a hint's search for ``g`` (``slicer.EH_HINT_NODES`` in Easy Harp,
    ``slicer.HINT_NODES`` in Eight Off)."""
    return EH_HINT_NODES if "s" in g.pile_ids() else HINT_NODES


def worker_hint_nodes(g: game.Game) -> int:
    """The budget of the worker's hint for ``g`` with no line known (``slicer``)."""
    return WORKER_EH if "s" in g.pile_ids() else HINT_NODES


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
        self.shown: str | None = None  # the position key the solver's view last saw
        self.stuck_said = False  # the stuck notice is given once per game
        self.rechecked: str | None = None  # the last position whose unknown verdict was searched again to the end
        self.assisted_code = store.get(KEY_ASSISTED)
        self.beside: Beside | None = None  # the worker's link while it lives
        self.tried = False  # the worker was started once (it is not started twice)
        self.running: tuple[Ask, game.Game] | None = None  # the search in slices
        self.running_slices = 0  # how many slices it ran
        self.start_timer = 0
        self.paused_at = -1e9  # when the worker was last asked to pause (br.now() ms)
        self._tick = br.proxy(self.tick)
        self._load = br.proxy(self.load_solver)
        self._play = br.proxy(self.play_due)
        self._late = br.proxy(self.worker_late)

    def bind(self) -> None:
        """Load the solver in a later task, once the page is ready (issue 10 point 8)."""
        self.br.set_timeout(self._load, 0)

    def load_solver(self, *_args: object) -> None:
        """Import the solver here (its answers are ``game.Solution`` values; the first
        step of every search, and the slices where no worker starts, run here); then
        searches may be asked. The worker starts when a search first needs it
        (``want_worker``)."""
        if self.loaded:
            return
        if WORKER_AT_START:
            self.start_worker()
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
        self.rechecked = None

    # ----- the worker ------------------------------------------------------------------

    def want_worker(self) -> None:
        """Start the worker unless it was started before (it is started once a page)."""
        if not self.tried:
            self.start_worker()

    def start_worker(self) -> None:
        """Start the worker (``WORKER_URL``); without one, searches run in slices."""
        self.tried = True
        self.br.mark("solitaire:worker-start")  # read by bench/bench_worker.py
        port = self.br.start_worker(WORKER_URL, self.on_message, self.on_worker_error)
        if port is None:
            self.br.mark("solitaire:slices")
            return
        self.beside = Beside(port)
        self.start_timer = self.br.set_timeout(self._late, WORKER_START_MS)
        for name in INPUT_EVENTS:
            self.br.listen(self.br.window, name, self.on_input)

    def on_input(self, *_args: object) -> None:
        """The player presses, drags or types: the worker pauses (``INPUT_PAUSE_MS``)."""
        now = self.br.now()
        if self.beside is not None and now - self.paused_at >= PAUSE_EVERY_MS \
                and self.beside.pause(INPUT_PAUSE_MS):
            self.paused_at = now

    def worker_late(self, *_args: object) -> None:
        """The worker is not ready in time: the slices take over."""
        if self.beside is not None and self.beside.state == STARTING:
            self.fall_back()

    def on_worker_error(self, _why: str) -> None:
        """The worker failed (its script, its interpreter, an uncaught error)."""
        self.fall_back()

    def on_message(self, text: str) -> None:
        """A message of the worker (``protocol.py``); one that cannot be read is
        ignored."""
        beside = self.beside
        if beside is None:
            return
        try:
            msg = read_message(text)
        except ProtocolError:
            return
        if isinstance(msg, Ready):
            self.br.clear_timeout(self.start_timer)
            self.br.mark("solitaire:worker")  # read by tests and bench/bench_worker.py
            beside.ready()
            self.hand_over(beside)
        elif isinstance(msg, Failure):
            if msg.id is None or beside.asked(msg.id):
                self.fall_back()
        elif isinstance(msg, Answer):
            self.answered(beside, msg)

    def answered(self, beside: Beside, ans: Answer) -> None:
        """An answer of the worker: remembered for its position (true whenever it
        comes), reported only when it answers what is still asked."""
        sol = None
        key = STUCK + ans.position if ans.kind == "stuck" else ans.position
        if ans.kind != "hint":
            sol = game.Solution(ans.status, ans.moves, ans.nodes)
            self.slicer.remember(key, sol)
        if not beside.take(ans):
            return
        if sol is None:
            self.emit(it.Hinted(ans.position, ans.moves[0] if ans.moves else None))
        else:
            self.emit(it.Found(ans.kind, key, sol))

    def hand_over(self, beside: Beside) -> None:
        """The search running in slices goes on in the worker, now ready."""
        running, self.running = self.running, None
        if running is not None and self.slicer.busy:
            self.slicer.cancel()
            self.br.clear_timeout(self.timer)
            beside.ask(*running)

    def fall_back(self) -> None:
        """End the worker; what it was asked is answered in the page's slices."""
        beside, self.beside = self.beside, None
        if beside is None:
            return
        self.br.clear_timeout(self.start_timer)
        self.br.mark("solitaire:slices")
        for req in beside.fail():
            self.answer_here(req)

    def answer_here(self, req: Request) -> None:
        """Answer ``req`` on the page's thread (a hint at once, a search in slices)."""
        g = request_game(req)
        if req.ask.kind == "hint":
            move = self.hint_move(g, req.position)
            self.emit(it.Hinted(req.position, str(move) if move else None))
            return
        key = STUCK + req.position if req.ask.kind == "stuck" else req.position
        sol = self.slicer.start(key, req.ask.kind, lambda: make_search(req.ask, g), first_nodes(g.pile_ids()),
                                req.ask.nodes)
        if sol is None:
            self.schedule()
        else:
            self.emit(it.Found(req.ask.kind, key, sol))

    @property
    def remote(self) -> bool:
        """Whether searches are asked of the worker (starting or ready)."""
        return self.beside is not None

    # ----- searches ------------------------------------------------------------------

    def search(self, ask: Ask, key: str, g: game.Game) -> game.Solution | None:
        """The answer for position ``key`` at once (remembered), else None and a search
        described by ``ask`` runs, in the worker or in slices; its answer comes as
        ``intents.Found``."""
        if self.beside is not None:
            sol = self.slicer.cached(key, ask.kind, ask.nodes)
            if sol is not None:
                self.beside.cancel(hint=False)
                return sol
            if self.running is not None:  # the worker, once ready, takes this one
                self.slicer.cancel()
                self.running = None
                self.br.clear_timeout(self.timer)
            self.beside.ask(ask, g)
            return None
        sol = self.slicer.start(key, ask.kind, lambda: make_search(ask, g), first_nodes(g.pile_ids()), ask.nodes)
        if sol is None:
            self.running = (ask, g)
            self.running_slices = 0
            self.schedule()
        return sol

    def follow(self, key: str, g: game.Game) -> None:
        """The table now shows position ``key`` of ``g``: when the position shown before
        had a winning line whose first moves lead here, the rest of it is remembered
        for ``key`` (``Slicer.follow``; not before the solver is loaded)."""
        prev, self.shown = self.shown, key
        if prev is not None and self.loaded:
            self.slicer.follow(prev, key, g)

    def known(self, key: str) -> game.Solution | None:
        """The remembered answer for position ``key``, or None."""
        return self.slicer.known(key)

    def cancel(self) -> None:
        """Abandon the search under way, and the hint asked (the next action came)."""
        if self.beside is not None:
            self.beside.cancel()
        self.slicer.cancel()
        self.running = None
        self.br.clear_timeout(self.timer)

    def schedule(self) -> None:
        self.br.clear_timeout(self.timer)
        self.timer = self.br.set_timeout(self._tick, 0)

    def tick(self, *_args: object) -> None:
        """One slice; then the next, or the answer."""
        done = self.slicer.step()
        if done is None:
            if self.slicer.busy:
                self.running_slices += 1
                if self.running is not None and self.running_slices >= WORKER_AFTER_SLICES:
                    self.want_worker()
                self.schedule()
            return
        job, sol = done
        self.running = None
        self.emit(it.Found(job.kind, job.key, sol))

    def verdict_seen(self, key: str, value: str) -> bool:
        """Remember the verdict ``value`` of position ``key``; True when it turns a
        winnable game into a lost one (a move made it so: the page says so)."""
        prev = self.last_verdict
        self.last_verdict = (key, value)
        return prev is not None and prev[1] == "yes" and value == "no" and prev[0] != key

    # ----- hint --------------------------------------------------------------------

    def hint_move(self, g: game.Game, key: str) -> game.Move | None:
        """One move to suggest (SPEC §8, §10), found here: the first move of a known
        winning line unless it leads back to a position ``g`` came through, else
        ``game.hint_and_line`` with a small budget (the known line, if any, given:
        the hint leads back only when nothing else is known to win); None when there
        is nothing useful."""
        known = self.slicer.known(key)
        line = tuple(known.moves) if known is not None else ()
        if line and not game.leads_back(g, line[0]):
            return g.normalise(line[0])
        if g.is_won:
            return None
        move, found = game.hint_and_line(g, hint_nodes(g), line=line)
        if found is not None:  # Finish for me, and the next hint on it, search no more
            self.slicer.remember(key, found)
        return move

    def ask_hint(self, g: game.Game, key: str) -> bool:
        """Ask the worker for a hint for ``g`` at position ``key`` (answered as
        ``intents.Hinted``); False when the page answers at once instead (no worker or
        one still starting, which a player pressing Hint should not wait for; a won
        game; a winning line of the position known whose first move is neither a
        stock tap nor a move back to a position ``g`` came through: else the worker
        looks, from that line and ``g``'s past, for a table move that still wins, or
        a first move that does not lead back)."""
        if self.beside is None or self.beside.state != READY or g.is_won:
            if not g.is_won:
                self.want_worker()  # the next hints are asked of it
            return False
        known = self.slicer.known(key)
        if known is not None and known.moves:
            if known.moves[0] != "s" and not game.leads_back(g, known.moves[0]):
                return False
            # a known line that starts by drawing, or by going back: the worker looks
            # for a table move that still wins (issue 24.4), or a first move that
            # does not lead back, with a budget the page's thread cannot pay
            self.beside.ask(Ask("hint", LINE_HINT_NODES), g, known.moves)
            return True
        self.beside.ask(Ask("hint", worker_hint_nodes(g)), g)
        return True

    def forget_hint(self) -> None:
        """A hint asked of the worker is no longer wanted (its answer is dropped)."""
        if self.beside is not None:
            self.beside.hint = None

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


__all__ = ["KEY_ASSISTED", "WORKER_AFTER_SLICES", "WORKER_AT_START", "WORKER_START_MS",
           "WORKER_URL", "Assist", "hint_nodes", "make_search", "worker_hint_nodes"]
