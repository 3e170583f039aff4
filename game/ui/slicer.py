"""The solver in the page, as pure logic (issue 10): searches run in small slices, one
at a time, with answers remembered per position.

The solver's worker (issue 24 point 1, ``searcher.py``) runs its searches in slices of
its own with this class; the page does so on its main thread only where no worker
starts or it failed (``assist.py``), and remembers every answer here either way.
``game.Search.step(nodes)`` stops after a given number of positions. A slice runs
search steps for at most ``SLICE_MS`` ms,
so the page answers between slices (SPEC §10, issue 10 point 8): each step is sized to
take about ``STEP_MS`` (the node count adapts to the measured speed, which differs
tenfold between the games and between machines), and a slice ends before a step that
would take it past ``SLICE_MS`` (bench/bench_solver_page.py, README). The DOM part
(timers, status, notices) is ``assist.py``.

- :class:`Slicer` runs at most one job: ``start(key, make)`` answers at once from the
  cache, else begins a job; ``step()`` runs one slice; ``cancel()`` abandons it (the
  next action does so). Answers are cached by position key (``Game.position()`` text),
  so undo finds its verdict again without searching.
- :func:`verdict` maps a ``Solution`` status to the indicator's value (SPEC §8).
- :func:`winnable_deal` picks a proven-winnable deal number (``game.proven_deals``).
- :func:`hint_marks` says which cards and which pile a hinted move marks.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

import game

from .protocol import Ask

SLICE_MS = 12.0  # a slice runs steps until the next one would pass this (ms, issue 10 point 8)
STEP_MS = 2.0  # the aim for one search step (ms): the node count adapts towards it
MAX_STEP_NODES = 4096  # the largest step (positions), whatever the speed
SLICE_NODES = 1  # first step of an Easy Harp job (about 0.3 ms a position in Pyodide, 10+ at worst)
EO_SLICE_NODES = 4  # first step of an Eight Off job (positions are cheaper); both then adapt
VERDICT_NODES = 60_000  # budget of the indicator's search per position
SOLVE_NODES = 200_000  # budget of "Finish for me" (SPEC §10 default)
STUCK_NODES = 20_000  # budget of the Easy Harp "stuck" test (game.Search goal "progress")
STUCK = "stuck:"  # cache key prefix of a stuck test (its answer is not a win verdict)
HINT_NODES = 1_500  # budget of an Eight Off hint's search (bench: p95 under 200 ms)
EH_HINT_NODES = 100  # Easy Harp positions cost far more (bench/bench_solver_page.py)
#: Budget of an Easy Harp hint the worker gives when no winning line is known (its own
#: thread: the page does not wait on it). 100 positions found lines that begin by
#: drawing and no table move that wins: at the start of deals 1-12, 4 hints of 12 said
#: "draw" with 100 and none with 3,000 (0.01-0.34 s CPU each in CPython, the worker
#: 1.5-2.8 times that); 12,000 gave the same 12 moves.
WORKER_EH_HINT_NODES = 3_000
#: Budget of a hint the worker gives when the known winning line starts with a stock
#: tap: short searches from the table moves for one that still wins (issue 24.4,
#: ``game.solver.advice``; bench/bench_positions.py --hints measures the draws left).
LINE_HINT_NODES = 12_000
#: How many moves of a remembered line ``Slicer.follow`` tries to reach the position
#: shown (a player's action plays one; a batch of Finish for me is remembered apart).
FOLLOW_MOVES = 3
#: How many of the moves Redo would replay ``Slicer.follow`` tries, after an Undo, to
#: meet a position with a remembered winning line.
BACK_MOVES = 12
CACHE_LIMIT = 400  # positions remembered (about four undo histories)
# "Finish for me" (issue 10 point 7, issue 24 point 5): the first moves at a pace a
# player can follow (card animations last 180 ms), then faster, stock taps faster still,
# and a long line faster again, so that any finish takes at most FINISH_WATCH_MS to
# watch (an Easy Harp finish of 520 actions, 22 passes through the stock: 70 s before).
FINISH_SLOW_MS = 200  # ms between the first FINISH_SLOW_MOVES actions
FINISH_SLOW_MOVES = 6
FINISH_MS = 110  # ms between later actions (a card move)
FINISH_STOCK_MS = 25  # ms after a later stock tap (draw or recycle): passes go briskly
FINISH_WATCH_MS = 18_000  # the longest finish to watch, whatever its length (ms)
FINISH_MIN_MS = 12  # never quicker than this between two actions (ms)

#: ``Solution.status`` -> ``data-value`` of ``data-status="winnable"`` (SPEC §8).
VERDICTS = {"winnable": "yes", "unwinnable": "no", "unknown": "unknown"}


class Stepper(Protocol):
    """What a job needs: ``game.Search`` fulfils it."""

    def step(self, nodes: int = 1000) -> game.Solution | None: ...


def first_nodes(pile_ids: tuple[str, ...] | list[str]) -> int:
    """Positions in a job's first search step for a game of piles ``pile_ids`` (the
    step then adapts, see :func:`adapt`): ``SLICE_NODES`` for a game with a stock (Easy
    Harp), whose positions cost more, else ``EO_SLICE_NODES`` (issue 26: no game named
    here, the registry's pile ids say it)."""
    return SLICE_NODES if "s" in pile_ids else EO_SLICE_NODES


def make_search(ask: Ask, source: game.Game | game.Position) -> game.Search:
    """The ``game.Search`` that ``ask`` describes, from ``source`` (the page's slices and
    the worker alike; a recheck searches ``again``: other dives, a larger complete share)."""
    return game.Search(source, ask.nodes, mode=ask.mode, goal=ask.goal, again=ask.kind == "recheck")


def verdict(sol: game.Solution | None) -> str:
    """The indicator value of a search's answer: ``yes``/``no``/``unknown``, or
    ``thinking`` while there is none (SPEC §8)."""
    return "thinking" if sol is None else VERDICTS[sol.status]


#: Job kinds that take a remembered "unknown" only when it spent their budget (else they
#: search again, larger): Finish for me and the indicator's recheck, the same search
#: (same budget, ``make_search``), so either takes over the other's job under way.
LARGER = ("solve", "recheck")


@dataclass
class Job:
    """One search under way: the position ``key`` it answers for, its ``kind``
    (``protocol.KINDS``), the search itself and its budget (0: not said)."""

    key: str
    kind: str
    search: Stepper
    nodes: int = SLICE_NODES  # positions per step, adapted by ``Slicer.step`` (``adapt``)
    budget: int = 0


def adapt(nodes: int, ms: float) -> int:
    """The node count of the next step, after a step of ``nodes`` positions took ``ms``
    milliseconds: doubled below ``STEP_MS / 2`` (no faster: one quick step proves
    little), cut at once to the count that takes ``STEP_MS`` above ``2 * STEP_MS``,
    kept within 1..``MAX_STEP_NODES``."""
    if ms < STEP_MS / 2:
        return min(MAX_STEP_NODES, nodes * 2)
    if ms > STEP_MS * 2:
        return max(1, int(nodes * STEP_MS / ms))
    return nodes


class Slicer:
    """At most one search at a time, in slices, with a per-position cache.

    Args:
        slice_ms: a ``step()`` calls the search again while the next call should end
            within this many ms of its start (or until it answers). clock: seconds, monotonic (``time.perf_counter``; in
            Pyodide it reads ``performance.now()``); tests pass their own.
    """

    def __init__(self, slice_ms: float = SLICE_MS,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.slice_ms = slice_ms
        self.clock = clock
        self.cache: dict[str, game.Solution] = {}
        self.job: Job | None = None

    def known(self, key: str) -> game.Solution | None:
        """The remembered answer for position ``key``, or None."""
        return self.cache.get(key)

    def cached(self, key: str, kind: str, budget: int = 0) -> game.Solution | None:
        """The remembered answer for ``key`` that a job of ``kind`` may take: any for a
        verdict or stuck test; for ``"solve"`` and ``"recheck"`` a winnable or
        unwinnable one, or an unknown one that spent ``budget`` positions already (a
        smaller one is searched again with the larger budget)."""
        sol = self.cache.get(key)
        if sol is not None and (kind not in LARGER or sol.status != "unknown"
                                or 0 < budget <= sol.nodes):
            return sol
        return None

    def start(self, key: str, kind: str, make: Callable[[], Stepper],
              nodes: int = SLICE_NODES, budget: int = 0) -> game.Solution | None:
        """Answer for ``key`` from the cache (:meth:`cached`, with the job's ``budget``),
        else abandon any job and begin one made by ``make()``, stepped ``nodes``
        positions at a time; returns None then. The job under way goes on when it is
        the same: same ``key`` and ``kind``, or Finish for me asked while the same
        search runs as a recheck of the indicator (``"recheck"`` and ``"solve"``, the
        same ``budget``: the job then answers as ``kind``)."""
        sol = self.cached(key, kind, budget)
        if sol is not None:
            self.job = None
            return sol
        job = self.job
        if job is not None and job.key == key and (job.kind == kind or budget > 0 and job.budget == budget
                                                   and {job.kind, kind} == set(LARGER)):
            job.kind = kind
            return None
        self.job = Job(key, kind, make(), nodes, budget)
        return None

    def cancel(self) -> None:
        """Abandon the job under way (the next action came)."""
        self.job = None

    @property
    def busy(self) -> bool:
        """Whether a job is under way."""
        return self.job is not None

    def step(self) -> tuple[Job, game.Solution] | None:
        """Run one slice of the job: search steps while the next one, at the speed the
        last one had, still ends within ``slice_ms`` of the slice's start (at least one
        step; the node count adapts, see :func:`adapt`). Returns (job, answer) when the
        search ends (the answer is then cached and the slicer idle), None while it goes
        on or when idle. Reads the clock once per step and once at the start."""
        job = self.job
        if job is None:
            return None
        now = self.clock()
        end = now + self.slice_ms / 1000
        while True:
            nodes = job.nodes
            sol = job.search.step(nodes)
            before, now = now, self.clock()
            took = now - before
            job.nodes = adapt(nodes, took * 1000)
            if sol is not None:
                break
            if now + took * job.nodes / nodes >= end:
                return None
        self.job = None
        self.remember(job.key, sol)
        return job, sol

    def follow(self, prev: str, key: str, g: game.Game, depth: int = FOLLOW_MOVES) -> game.Solution | None:
        """The winning line of position ``key`` (the table's, of game ``g``) from the
        one remembered for ``prev`` (the position shown before), when ``key`` is reached
        from ``prev`` by the line's first moves (at most ``depth`` of them): the rest of
        the line, remembered for ``key`` and returned. So a player following a hint or
        a line already found meets no second search (issue 24 point 2). None when
        ``key`` is known already or is not on that line.

        Args:
            prev, key: position texts (``Game.position()``). g: the game shown (its
                ``game`` and ``cells`` read ``prev``). depth: how many moves of the line
                are tried (each costs a move and a position text).
        """
        if key == prev or (key in self.cache and self.cache[key].status != "unknown"):
            return None
        sol = self.cache.get(prev)
        if sol is None or sol.status != "winnable" or not sol.moves:
            return self.back(key, g)
        try:
            p = game.load_position(prev, game=g.game, cells=g.cells)
            for i, move in enumerate(sol.moves[:depth]):
                p.play(move)
                if p.position() == key:
                    rest = game.Solution(sol.status, tuple(sol.moves[i + 1:]), 0)
                    self.remember(key, rest)
                    return rest
        except (game.BadPosition, game.BadNotation, game.IllegalMove):
            return None
        return self.back(key, g)

    def back(self, key: str, g: game.Game, depth: int = BACK_MOVES) -> game.Solution | None:
        """The winning line of position ``key`` (the table's, of game ``g``) through the
        moves Redo would replay, when one of the first ``depth`` of them reaches a
        position with a remembered winning line: those moves, then that line,
        remembered for ``key`` and returned. A player who undoes from a position found
        winnable is told at once that this one is winnable too (a tester saw "Win
        unsure" for 60 s two moves before a position marked "Can be won"). None when
        no such position is met."""
        redo = [str(m) for m in g.redo_moves()[:depth]]
        if not redo:  # (after a move, not an Undo: nothing to read)
            return None
        try:
            p = game.load_position(key, game=g.game, cells=g.cells)
            for i, move in enumerate(redo):
                p.play(move)
                sol = self.cache.get(p.position())
                if sol is not None and sol.status == "winnable":
                    line = game.Solution(sol.status, (*redo[:i + 1], *sol.moves), 0)
                    self.remember(key, line)
                    return line
        except (game.BadPosition, game.BadNotation, game.IllegalMove):
            return None
        return None

    def remember(self, key: str, sol: game.Solution) -> None:
        """Cache ``sol`` for ``key``; the oldest entries go past ``CACHE_LIMIT``."""
        old = self.cache.get(key)
        if old is not None and old.status != "unknown" and sol.status == "unknown":
            return
        self.cache.pop(key, None)
        self.cache[key] = sol
        while len(self.cache) > CACHE_LIMIT:
            del self.cache[next(iter(self.cache))]


def finish_delay(played: int, move: str, total: int = 0) -> int:
    """The pause in ms before "Finish for me" plays its next action, after it has
    played ``played`` actions of a line of ``total`` (0: unknown) of which the last was
    ``move`` (SPEC §2 notation): ``FINISH_SLOW_MS`` for the first ``FINISH_SLOW_MOVES``,
    then ``FINISH_STOCK_MS`` after a stock tap (``"s"``) and ``FINISH_MS`` after any
    other action, each cut so that the whole line plays within ``FINISH_WATCH_MS``
    (but never under ``FINISH_MIN_MS``)."""
    if played < FINISH_SLOW_MOVES:
        pause = FINISH_SLOW_MS
    else:
        pause = FINISH_STOCK_MS if move.strip().lower() == "s" else FINISH_MS
    if total > 0:
        share = (FINISH_WATCH_MS - FINISH_SLOW_MS * FINISH_SLOW_MOVES) / total
        pause = min(pause, max(int(share), FINISH_MIN_MS))
    return pause


def winnable_deal(kind: str, cells: int, r: float, proven: Sequence[int]) -> game.DealCode:
    """A deal proven winnable: entry ``floor(r * len(proven))`` of ``proven``.

    Args:
        kind, cells: the game and its cells (0 for Easy Harp). r: a random float in
        [0, 1). proven: ``game.proven_deals(game.variant_of(kind, cells))``.

    Raises:
        ValueError: ``proven`` is empty.
    """
    if not proven:
        raise ValueError("no proven deal for this variant")
    n = proven[min(len(proven) - 1, max(0, int(r * len(proven))))]
    return game.DealCode(kind, cells, n)


@dataclass(frozen=True)
class Marks:
    """What a hint marks (SPEC §8): cards ``(pile, index)`` get ``data-hint="from"``,
    the drop area of pile ``to`` gets ``data-hint="to"`` (None: nothing, for a stock
    tap that turns no card over, e.g. a recycle), and the top card of ``to`` a glow
    when ``top`` (not for a draw: the drawn card covers the waste's top, which a tester
    took for the card to move)."""

    cards: tuple[tuple[str, int], ...]
    source: str
    to: str | None
    top: bool = True


def hint_marks(g: game.Game, move: game.Move) -> Marks:
    """The marks of ``move`` (normalised, as ``Game.hint`` returns it) on game ``g``:
    the moving cards (the top ``count`` of the source; the stock's top card for a draw)
    and the destination pile (the waste for a draw)."""
    pile = g.pile(move.src)
    if move.dst is None:  # a stock tap (SPEC §2 "s")
        drawn: tuple[tuple[str, int], ...] = ((move.src, len(pile) - 1),) if pile else ()
        return Marks(drawn, move.src, "w" if pile else None, top=False)
    count = move.count or 1
    cards = tuple((move.src, i) for i in range(max(0, len(pile) - count), len(pile)))
    return Marks(cards, move.src, move.dst)


__all__ = [
    "CACHE_LIMIT", "EH_HINT_NODES", "LARGER", "FINISH_MIN_MS", "FINISH_MS", "FINISH_WATCH_MS",
    "FINISH_SLOW_MOVES", "FINISH_SLOW_MS", "FINISH_STOCK_MS",
    "EO_SLICE_NODES", "HINT_NODES", "LINE_HINT_NODES", "MAX_STEP_NODES", "SLICE_MS",
    "SLICE_NODES", "SOLVE_NODES", "STEP_MS", "STUCK", "STUCK_NODES", "VERDICTS", "VERDICT_NODES", "make_search",
    "Job", "Marks", "Slicer", "Stepper", "adapt", "finish_delay", "first_nodes", "hint_marks",
    "verdict", "winnable_deal",
]
