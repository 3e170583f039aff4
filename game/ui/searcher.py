"""The solver's worker, its Python side (issue 24 point 1): searches beside the page.

``static/solver-worker.js`` starts a Pyodide of its own in a Web Worker, unpacks the game
archive there, makes one :class:`Searcher` with a function that posts a text to the
page, hands it every message the page sends (:meth:`Searcher.receive`) and, while it
is busy, calls :meth:`Searcher.step` again and again, letting the page's messages in
between. The messages are those of :mod:`.protocol` (plain JSON texts).

A search runs in slices of ``WORKER_SLICE_MS`` (the page's own ``slicer.Slicer``, with
its per-position cache), so that a cancel, a pause or a new search waits at most one
slice; a hint is answered as soon as it comes, between two slices, and the search goes
on. While the page says the player is acting (``pause``), no slice runs
(:meth:`Searcher.wait_ms`): on a machine with two cores a searching worker otherwise
takes CPU time from the page's answer to a tap. The answers carry the position they
answer: the page applies one only to that position.

Pure Python (no browser import): tests/ui runs it under CPython as a fake worker.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import game

from .protocol import Answer, Cancel, Pause, ProtocolError, Request, error_text, read_message
from .slicer import STUCK, Slicer, first_nodes, make_search

#: The length of one slice in the worker (ms): the longest a cancel, a pause, a new
#: search or a hint waits for the search under way (its own thread: no frame of the
#: page waits for it); a slice costs the worker about 0.1 ms of its own.
WORKER_SLICE_MS = 10.0


def request_game(req: Request) -> game.Game:
    """The game of request ``req``: its position, with the way there (``req.base`` and
    ``req.trail``) as its undo history when they lead to that position, else the
    position alone (a hint then only avoids nothing: ``game.solver.advice``).

    Raises:
        BadPosition: the position text is not one of ``req.game``.
    """
    if req.base:
        try:
            g = game.load_position(req.base, game=req.game, cells=req.cells)
            for move in req.trail:
                g.play(move)
            if g.position() == req.position:
                return g
        except game.GameError:  # IllegalMove, BadNotation, BadPosition: not the way here
            pass
    return game.load_position(req.position, game=req.game, cells=req.cells)


def key_of(req: Request) -> str:
    """The cache key of request ``req`` (as the page's: ``STUCK`` + the position for a
    stuck test, else the position text)."""
    return STUCK + req.position if req.ask.kind == "stuck" else req.position


class Searcher:
    """One worker's searches.

    Args:
        send: posts one message text to the page. slice_ms: a slice's length (ms).
            clock: seconds, monotonic (tests pass their own).
    """

    def __init__(self, send: Callable[[str], object], slice_ms: float = WORKER_SLICE_MS,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.send = send
        self.clock = clock
        self.slicer = Slicer(slice_ms, clock)
        self.request: Request | None = None  # the search under way
        self.paused_until = 0.0  # clock time (s) before which no slice runs

    @property
    def busy(self) -> bool:
        """Whether a search is under way (then :meth:`step` should be called again)."""
        return self.request is not None

    def receive(self, text: object) -> None:
        """Act on a message of the page: a search (answered at once when known, else
        begun, replacing the one under way), a hint (answered now), a cancel. A message
        that cannot be read or searched is answered with an ``error`` message and
        changes nothing."""
        try:
            msg = read_message(text)
        except ProtocolError as exc:
            self.send(error_text(-1, str(exc)))
            return
        if isinstance(msg, Cancel):
            self.slicer.cancel()
            self.request = None
            return
        if isinstance(msg, Pause):
            self.paused_until = max(self.paused_until, self.clock() + msg.ms / 1000)
            return
        if not isinstance(msg, Request):
            self.send(error_text(-1, f"a worker takes searches, not {type(msg).__name__}"))
            return
        try:
            if msg.ask.kind == "hint":
                self.hint(msg)
            else:
                self.search(msg)
        except (game.GameError, ValueError) as exc:  # a bad position or budget
            self.send(error_text(msg.id, f"{type(exc).__name__}: {exc}"))

    def search(self, req: Request) -> None:
        """Begin the search of ``req`` (or answer it from the cache).

        Raises:
            BadPosition: the position text is not one of ``req.game``.
        """
        pos = game.parse_position(req.position, req.game, req.cells)
        a = req.ask
        sol = self.slicer.start(key_of(req), a.kind, lambda: make_search(a, pos), first_nodes(pos.layout.ids),
                                a.nodes)
        self.request = req if sol is None else None
        if sol is not None:
            self.answer(req, sol)

    def hint(self, req: Request) -> None:
        """Answer the hint of ``req`` now, for the game of :func:`request_game` (its
        past included: the hint leads back to none of its positions while another
        first move is known to win): from the winning line the page sent, or one
        known here, its first move (in Easy Harp, when it is a stock tap, a table move
        that still wins if one is found within ``nodes``), else ``game.hint_and_line(g,
        nodes)``; no move for a won position or when nothing useful is left (SPEC
        §10). When a winning line that starts with the hint is found on the way, it is
        kept and sent first as an unasked ``verdict`` answer carrying the hint's id
        (the page remembers it and follows it: the next hint, and Finish for me, start
        from it, issue 24 points 2 and 5).

        Raises:
            BadPosition: the position text is not one of ``req.game``.
        """
        g = request_game(req)
        known = self.slicer.known(req.position)
        given = req.line or (tuple(known.moves) if known is not None and known.status == "winnable" else ())
        move: game.Move | None
        if g.is_won:
            move = None
        else:
            move, line = game.hint_and_line(g, req.ask.nodes, line=given)
            if line is not None:  # the line that starts with the hint: kept here and by the page
                self.slicer.remember(req.position, line)
                self.send(Answer(req.id, "verdict", req.position, line.status, line.moves, line.nodes).text())
        self.send(Answer(req.id, "hint", req.position, "", (str(move),) if move else ()).text())

    def wait_ms(self) -> float:
        """How long (ms) to wait before the next :meth:`step` (a pause asked by the
        page); 0 when it may run now."""
        return max(0.0, (self.paused_until - self.clock()) * 1000)

    def step(self) -> None:
        """One slice of the search under way (none while paused); its answer is sent
        when it ends. A failure of the search itself is sent as an ``error`` of its
        request and the search is dropped (the page then searches in its own slices)."""
        req = self.request
        if req is None or self.wait_ms() > 0:
            return
        try:
            done = self.slicer.step()
        except Exception as exc:  # noqa: BLE001 - any fault is the page's to hear, not the worker's end
            self.slicer.cancel()
            self.request = None
            self.send(error_text(req.id, f"{type(exc).__name__}: {exc}"))
            return
        if done is not None:
            self.request = None
            self.answer(req, done[1])

    def answer(self, req: Request, sol: game.Solution) -> None:
        self.send(Answer(req.id, req.ask.kind, req.position, sol.status, tuple(sol.moves),
                         sol.nodes).text())


__all__ = ["WORKER_SLICE_MS", "Searcher", "key_of", "request_game"]
