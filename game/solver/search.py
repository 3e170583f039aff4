"""Depth-first search with a transposition table, run in slices (SPEC §10).

One :class:`Search` explores the positions reachable from a start: moves come from the
game's state class (:mod:`.eo_state`, :mod:`.eh_state`) best first, safe foundation
moves are played without branching, and a set of canonical keys (columns, cells and
the stock cycle as multisets) stops it from expanding a position twice. A depth-first
search with such a set finds a win whenever one is reachable, so when it runs out of
positions in a mode whose pruning is proven (``"complete"``), the start is unwinnable.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass
from typing import Any

from . import eh_dead, eh_dive, eh_line, eo_line
from .adapter import read_state
from .eh_state import EHState
from .eo_state import EOState

#: Statuses of a :class:`Solution` (SPEC §10).
WINNABLE, UNWINNABLE, UNKNOWN = "winnable", "unwinnable", "unknown"
MODES = ("fast", "complete", "auto")
#: The transposition table is 64 sets chosen by the key's hash (``hash & SHARDS``): a
#: growing Python set rehashes all its keys (growing one of 629,144 keys of 40 bytes took
#: 36 ms in CPython 3.11 here, 3 December 2026; Pyodide is slower: one long task in the
#: page); a shard is 1/64 of that (issue 10.8).
SHARDS = 63


def _table(first: bytes, more: frozenset[bytes] = frozenset()) -> list[set[bytes]]:
    """A new transposition table (:data:`SHARDS`) holding ``first`` and ``more``."""
    table: list[set[bytes]] = [set() for _ in range(SHARDS + 1)]
    for k in (first, *more):
        table[hash(k) & SHARDS].add(k)
    return table


TRIES_PER_NODE = 8  # a step pauses after this many moves tried per position it may expand
#: Share of an Easy Harp "auto" budget spent on the dives (after the probe, before the
#: complete search resumes): ``DIVE_SHARE`` when at most ``DEAD_CARDS`` cards are off
#: the foundations (the complete search, cut by :func:`.eh_dead.dead`, can end there),
#: ``DIVE_SHARE_FAR`` further from the end, where the complete search only ends on a
#: small reachable space: on the 250 positions reached by play (tests/data/
#: play-positions.json, 60,000 positions each, 4 December 2026) it decided none that the
#: dives did not, and the dives given its share decided 6 more (223 against 217).
#: ``DIVE_SHARE_AGAIN`` far from the end for a search ``again`` (README, "Solver").
DIVE_SHARE, DIVE_SHARE_FAR, DIVE_SHARE_AGAIN = 0.75, 0.95, 0.6
#: Easy Harp "auto" first runs the complete search for a small probe: ``PROBE_SHARE`` of
#: the budget when at most ``PROBE_CARDS`` cards are off the foundations (the complete
#: search decides such near-end positions in a few thousand positions, where dives
#: cannot prove a loss), else ``PROBE_NODES`` (enough for a position with a handful of
#: moves, such as one where only stock taps are left). The dives follow, then the
#: complete search resumes where the probe stopped (issue 26 point 5).
PROBE_SHARE, PROBE_CARDS, PROBE_NODES = 0.05, 30, 100
#: Easy Harp's complete search skips the positions :func:`.eh_dead.dead` proves lost:
#: every position when the start has at most ``DEAD_CARDS`` cards off the foundations
#: (the check costs about 0.6 ms, three expansions, so it pays where the search can
#: end), else the start only. ``DEAD_CUT = False`` turns it off (tests compare both).
DEAD_CUT, DEAD_CARDS = True, 40


@dataclass(slots=True)
class Walk:
    """A depth-first search that can stop at a node budget and resume later.

    Attributes:
        state: the position it walks (its own copy). phase: the mode of its moves.
        seen: the transposition table. stack: frames ``[moves, next index, auto moves
        played on entry, chosen move, its token]``. exhausted: every position was
        expanded (no win, or no progress, reachable under ``phase``).
    """

    state: Any
    phase: str
    seen: list[set[bytes]]
    stack: list[list[Any]]
    exhausted: bool = False
    #: Proof of loss applied to each new position (a leaf when it answers ``True``), or
    #: ``None``: Easy Harp's :func:`.eh_dead.dead` (see :data:`DEAD_CUT`).
    cut: Callable[[Any], bool] | None = None


@dataclass(frozen=True, slots=True)
class Solution:
    """The answer of a search (SPEC §10).

    Attributes:
        status: ``"winnable"``, ``"unwinnable"`` or ``"unknown"``.
        moves: SPEC §2 notation strings that ``g.play`` replays from the searched
            position to a win (empty unless winnable; empty too for a won position).
        nodes: positions expanded (all phases).
    """

    status: str
    moves: tuple[str, ...] = ()
    nodes: int = 0


class Search:
    """A resumable search for a win (or, ``goal="progress"``, for any progress).

    Args:
        source: a ``Game`` or a ``Position`` (read through :mod:`.adapter`).
        max_nodes: budget of expanded positions over all phases; past it the answer is
            ``"unknown"``.
        mode: ``"fast"`` (hints and quick answers: in Easy Harp, short randomised
            dives of streamlined best-first search, see :mod:`.eh_dive`, which play
            more cards up at once and take back only to make a base; running out
            proves nothing, so its answers are ``"winnable"`` or ``"unknown"``),
            ``"complete"`` (only proven pruning: the one to trust for
            ``"unwinnable"``) or ``"auto"`` (in Easy Harp a short probe of the
            complete search, which decides small and near-end positions at once,
            then the dives with ``DIVE_SHARE`` of the rest (``DIVE_SHARE_FAR`` far
            from the end), then the complete search
            resumed where the probe stopped: :data:`PROBE_SHARE`; what
            :func:`~game.solver.solve` uses).
            In Eight Off all three are the same complete search (every pruning there
            is proven, see :mod:`.eo_state`).
        goal: ``"win"``, or ``"progress"`` for :func:`~game.solver.is_stuck`.
        avoid: solver keys (``state.key()``) of positions taken as seen: no line found
            passes through one it keys (in Easy Harp each after its automatic moves; a
            hint's searches avoid the game's past, :mod:`.advice`). Such a search
            proves nothing: "unwinnable" becomes ``"unknown"``.
        again: the position was searched before and left unknown (the page's
            indicator searches it again): Easy Harp's dives take other random
            orderings (the plan of the key and ``b"again"``), and far from the end the
            complete search the larger share of :data:`DIVE_SHARE_AGAIN`.

    Use in a page: create it, call :meth:`step` from a timer or a worker loop with a
    small node count (1000 nodes took about 180 ms of CPU in Easy Harp and 40-60 ms in
    Eight Off under CPython 3.11 here, 3 December 2026; the page's slicer adapts the
    count to the speed it measures), stop when it returns
    a :class:`Solution`; drop the object to abandon it.

    >>> import game
    >>> s = Search(game.new_game("EO1-C8-AAAAAAB"), mode="complete")
    >>> while (r := s.step(500)) is None:
    ...     pass
    >>> r.status
    'winnable'

    Raises:
        ValueError: unknown mode or goal. TypeError: ``source`` is not a game or position.
    """

    def __init__(self, source: Any, max_nodes: int = 200_000, mode: str = "auto", goal: str = "win",
                 avoid: Iterable[bytes] = (), again: bool = False):
        if mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, not {mode!r}")
        if goal not in ("win", "progress"):
            raise ValueError(f"goal must be 'win' or 'progress', not {goal!r}")
        self.state = read_state(source)
        self.root = self.state.copy()
        self.avoid = frozenset(avoid) - {self.root.key()}
        self.max_nodes = max(1, int(max_nodes))
        self.goal, self.again = goal, again
        eo = self.state.game == "eight-off"
        if goal == "progress":
            self.phases = ["complete" if eo else "none"]
        elif eo or mode == "complete":
            self.phases = ["complete"]
        elif mode == "fast":
            self.phases = ["dives"]
        else:
            self.phases = ["dives", "complete"]
        self.nodes = self._pause = 0
        self.result: Solution | None = None
        #: Moves tried (new positions or not) and the count at which the step pauses:
        #: a depth-first search can try thousands of moves into known positions, or
        #: back out of many frames, without expanding one new position (issue 10.8).
        self.tries = 0
        self._pause_tries = 0
        self._gen = self._run()

    def step(self, nodes: int = 1000) -> Solution | None:
        """Expand up to ``nodes`` more positions.

        Returns:
            The :class:`Solution` once the search is over (then always the same one),
            else ``None``.
        """
        if self.result is None:
            self._pause = self.nodes + max(1, nodes)
            self._pause_tries = self.tries + TRIES_PER_NODE * max(1, nodes)
            next(self._gen, None)
        return self.result

    def run(self) -> Solution:
        """Search to the end (budget permitting) and return the :class:`Solution`."""
        while self.step(1 << 30) is None:
            pass
        assert self.result is not None
        return self.result

    # --- the search ------------------------------------------------------------------
    def _run(self) -> Generator[None, None, None]:
        if self.avoid and self._leads_back():
            self.result = Solution(UNKNOWN, (), self.nodes)
            return
        if self.phases == ["dives", "complete"]:
            yield from self._auto()
            return
        if self.phases == ["dives"]:
            found = yield from self._dives(self.max_nodes)
            self.result = Solution(WINNABLE if found is not None else UNKNOWN, found or (), self.nodes)
            return
        walk = self._walk(self.phases[0])
        if isinstance(walk, tuple):
            self.result = Solution(WINNABLE, walk, self.nodes)
            return
        found = yield from self._dfs(walk, self.max_nodes)
        self._finish(walk, found)

    def _leads_back(self) -> bool:
        """Whether the start's automatic moves (any phase's) reach a position of ``avoid``."""
        dives = {*eh_dive.DIVE_MODES, *eh_dive.FAST_MODES} if "dives" in self.phases else set()
        return any(bool((st := self.root.copy()).auto(p)) and st.key() in self.avoid
                   for p in sorted(set(self.phases) - {"dives"} | dives))

    def _auto(self) -> Generator[None, None, None]:
        """Easy Harp's "auto": a complete probe, the dives, then the complete search
        resumed (:data:`PROBE_SHARE`, :data:`DIVE_SHARE`)."""
        walk = self._walk("complete")
        if isinstance(walk, tuple):
            self.result = Solution(WINNABLE, walk, self.nodes)
            return
        left = 104 - sum(self.root.progress()[:1])
        probe = int(self.max_nodes * PROBE_SHARE) if left <= PROBE_CARDS else PROBE_NODES
        found = yield from self._dfs(walk, min(self.max_nodes, max(2, probe)))
        if found is not None or walk.exhausted or self.nodes >= self.max_nodes:
            self._finish(walk, found)
            return
        part = DIVE_SHARE if left <= DEAD_CARDS else DIVE_SHARE_AGAIN if self.again else DIVE_SHARE_FAR
        share = self.nodes + int((self.max_nodes - self.nodes) * part)
        found = yield from self._dives(share)
        if found is not None:
            self.result = Solution(WINNABLE, found, self.nodes)
            return
        found = yield from self._dfs(walk, self.max_nodes)
        self._finish(walk, found)

    def _finish(self, walk: Walk, found: tuple[str, ...] | None) -> None:
        """Set the result after the last depth-first search: a win, a proof (the walk
        ran out of positions in a proven mode) or the budget spent."""
        if found is not None:
            self.result = Solution(WINNABLE, found, self.nodes)
        elif walk.exhausted and walk.phase in ("complete", "none") and not self.avoid:
            self.result = Solution(UNWINNABLE, (), self.nodes)
        else:
            self.result = Solution(UNKNOWN, (), self.nodes)

    def _dives(self, share: int) -> Generator[None, None, tuple[str, ...] | None]:
        """Easy Harp's dives (:mod:`.eh_dive`; ``"fast"``: its ``FAST_MODES``) from the
        start, one after another, until one finds a win or ``share`` positions are spent."""
        modes = eh_dive.FAST_MODES if self.phases == ["dives"] else eh_dive.DIVE_MODES
        for n, (phase, weights, cap) in enumerate(eh_dive.plan(self.root.key() + b"again" * self.again, modes)):
            if self.nodes >= share:
                return None
            limit = self.nodes + min(cap, share - self.nodes)
            score = eh_dive.weighted(weights, n) if weights else None
            found = yield from self._befs(phase, limit, score)
            self.state = self.root.copy()
            if found is not None:
                return found
        return None  # pragma: no cover - the plan is endless

    def _walk(self, phase: str) -> Walk | tuple[str, ...]:
        """A new :class:`Walk` from the start (counted as one position), or the winning
        moves when the start's automatic moves already reach the goal."""
        st = self.root.copy()
        base = st.progress()
        auto0 = st.auto(phase)
        if self._reached(st, base):
            return self._notate([m for m, _ in auto0])
        self.nodes += 1
        walk = Walk(st, phase, _table(st.key(), self.avoid), [[st.moves(phase), 0, auto0, None, None]])
        if DEAD_CUT and phase == "complete" and isinstance(st, EHState):
            if eh_dead.dead(st):
                walk.stack.clear()
            elif 104 - st.progress()[0] <= DEAD_CARDS:
                walk.cut = eh_dead.dead
        return walk

    def _reached(self, st: Any, base: tuple[int, ...]) -> bool:
        if self.goal == "win":
            return bool(st.won())
        return any(a > b for a, b in zip(st.progress(), base))

    def _dfs(self, walk: Walk, limit: int) -> Generator[None, None, tuple[str, ...] | None]:
        """Resume ``walk`` until it finds the goal (the moves from the start), runs out
        of positions (``walk.exhausted``) or the node count reaches ``limit``."""
        st, phase, seen, stack, cut = walk.state, walk.phase, walk.seen, walk.stack, walk.cut
        owes, base = isinstance(st, EHState) and phase == "complete", self.root.progress()
        if self.nodes >= limit:
            return None
        while stack:
            fr = stack[-1]
            ms, i = fr[0], fr[1]
            self.tries += 1
            if self.tries >= self._pause_tries:
                yield
            if i == len(ms):
                stack.pop()
                st.undo_auto(fr[2])
                if stack:
                    up = stack[-1]
                    st.undo(up[3], up[4])
                continue
            fr[1] = i + 1
            m = ms[i]
            tok = st.do(m)
            au = st.auto(phase)
            fr[3], fr[4] = m, tok
            if self._reached(st, base):
                path: list[tuple[int, ...]] = []
                for f in stack:
                    path += [a for a, _ in f[2]]
                    path.append(f[3])
                return self._notate(path + [a for a, _ in au])
            k = st.key()
            shard = seen[hash(k) & SHARDS]
            if k in shard or owes and st.pend and (p := st.key(plain=True)) in seen[hash(p) & SHARDS]:
                st.undo_auto(au)  # (an obligation's position is covered by the same without: eh_bases)
                st.undo(m, tok)
                continue
            shard.add(k)
            self.nodes += 1
            if cut is not None and cut(st):  # proven lost: a leaf
                st.undo_auto(au)
                st.undo(m, tok)
            else:
                stack.append([st.moves(phase), 0, au, None, None])
            if self.nodes >= limit:
                return None
            if self.nodes >= self._pause:
                yield
        walk.exhausted = True
        return None

    def _befs(self, phase: str, limit: int,
              score: Callable[[EHState], float] | None = None) -> Generator[None, None, tuple[str, ...] | None]:
        """Best-first search (highest ``score(state)`` first, by default
        ``state.score(phase)``; newest first on ties), keeping each waiting position as
        its parent's bytes plus one move."""
        st = self.state
        assert isinstance(st, EHState), "best-first search is for Easy Harp states"
        cls = EHState
        auto0 = st.auto(phase)
        rec0: tuple[Any, list[tuple[int, ...]]] = (None, [m for m, _ in auto0])
        if st.won():
            return self._notate(rec0[1])
        seen = _table(st.key(), self.avoid)
        heap: list[tuple[float, int, bytes, Any, Any]] = []
        count, code, rec = 0, st.encode(), rec0
        while True:
            self.nodes += 1
            for m in st.moves(phase):
                tok = st.do(m)
                au = st.auto(phase)
                if st.won():
                    path = [m] + [a for a, _ in au]
                    while rec is not None:
                        path = rec[1] + path
                        rec = rec[0]
                    return self._notate(path)
                k = st.key()
                shard = seen[hash(k) & SHARDS]
                if k not in shard:
                    shard.add(k)
                    count += 1
                    heapq.heappush(heap, (-(score(st) if score else st.score(phase)), -count, code, m, rec))
                st.undo_auto(au)
                st.undo(m, tok)
            if not heap or self.nodes >= limit:
                return None
            if self.nodes >= self._pause:
                yield
            _, _, pcode, m, prec = heapq.heappop(heap)
            st = cls.decode(pcode)
            st.do(m)
            au = st.auto(phase)
            rec = (prec, [m] + [a for a, _ in au])
            code = st.encode()

    def _notate(self, path: list[tuple[int, ...]]) -> tuple[str, ...]:
        """The notation of ``path`` from the start; a win without detours (Eight Off
        :func:`.eo_line.shorten`, Easy Harp :func:`.eh_line.tidy`), in Easy Harp led by a
        table move when that still wins (:func:`.eh_line.lead`: the hint's move)."""
        st = self.root.copy()
        if isinstance(st, EOState) and self.goal == "win":
            path = eo_line.shorten(st, path)
        out: list[str] = []
        for m in path:
            out += st.notation(m)
            st.do(m)
        won = self.goal == "win"
        return eh_line.lead(self.root, eh_line.tidy(self.root, tuple(out)), self.avoid) if won else tuple(out)
