"""The solver's own move generator against the rules engine (issue 10 point 1).

The solver re-encodes the rules for speed (game/solver/eo_state.py, eh_state.py). On
positions from seeded random play of every variant:

- ``moves(full=True)`` equals ``legal_moves()`` of the rules engine, and playing each
  move in the solver's state gives the position the engine gives (and undo restores);
- every move the search uses (macro moves included: stock taps then a waste card)
  replays through ``g.play`` to the position the solver's state reaches;
- every legal move the search does not list is one of the documented prunings.
"""

from __future__ import annotations

import random

import pytest

import game
from game.solver import eh_bases
from game.solver.adapter import read_state

VARIANTS = [("eight-off", 8), ("eight-off", 4), ("eight-off", 2), ("easy-harp", 0)]


def snap(st: object) -> tuple:
    if st.game == "eight-off":  # type: ignore[attr-defined]
        return (st.cols, st.cells, st.found)  # type: ignore[attr-defined]
    return (st.cols, st.down, st.deck, st.cur, st.found)  # type: ignore[attr-defined]


def norm(text: str) -> tuple[str, str | None, int]:
    m = game.Move.parse(text)
    return (m.src, m.dst, m.count or (0 if m.dst is None else 1))


def positions(kind: str, cells: int, seed: int, count: int = 150):
    """``count`` positions from seeded random play (a new deal when one runs dry)."""
    rnd = random.Random(seed)
    done = 0
    for _ in range(200):
        g = game.new_game(game.DealCode(kind, cells, rnd.randint(1, 999_999)))
        for _ in range(70):
            moves = g.legal_moves()
            if not moves:
                break
            # prefer moves that change the table, but keep some taps and take-backs
            weights = [0.3 if (m.src.startswith("f") or m.dst is None) else 1.0 for m in moves]
            g.play(rnd.choices(moves, weights)[0])
            yield g
            done += 1
            if done == count:
                return


def engine_after(g: game.Game, notation: list[str]) -> tuple:
    """The solver's view of ``g`` after ``notation``, played on a copy (a macro move can
    be longer than the undo history: 211 actions with the stock taps)."""
    h = game.load_position(g.position(), g.game, g.cells)
    for m in notation:
        h.play(m)
    return snap(read_state(h))


@pytest.mark.parametrize("kind,cells", VARIANTS)
def test_full_generator_equals_legal_moves(kind: str, cells: int) -> None:
    seen = 0
    for g in positions(kind, cells, seed=cells + 11):
        st = read_state(g)
        before = snap(st)
        ours = {}
        for m in st.moves(full=True):
            (text,) = st.notation(m)
            ours[norm(text)] = m
        theirs = {(m.src, m.dst, m.count or 0) for m in g.legal_moves()}
        assert set(ours) == theirs, g.position()
        for key, m in ours.items():
            text = game.Move(key[0], key[1], key[2] or None)
            tok = st.do(m)
            assert snap(st) == engine_after(g, [str(text)])
            st.undo(m, tok)
            assert snap(st) == before
        seen += 1
    assert seen == 150


@pytest.mark.parametrize("kind,cells", VARIANTS)
@pytest.mark.parametrize("mode", ["complete", "fast", "loose", "greedy", "none"])
def test_search_moves_replay_in_the_engine(kind: str, cells: int, mode: str) -> None:
    for i, g in enumerate(positions(kind, cells, seed=cells + 5, count=80)):
        if i % 3:
            continue
        st = read_state(g)
        before = snap(st)
        for m in st.moves(mode):
            text = st.notation(m)
            tok = st.do(m)
            assert snap(st) == engine_after(g, text), (text, g.position())
            st.undo(m, tok)
            assert snap(st) == before
        au = st.auto(mode)
        texts: list[str] = []
        probe = read_state(g)
        for m, _ in au:
            texts += probe.notation(m)
            probe.do(m)
        assert snap(st) == engine_after(g, texts)
        st.undo_auto(au)
        assert snap(st) == before


def _pruned_reason(st, m, searched: set) -> str | None:
    """Which documented pruning leaves full move ``m`` out of the search (or None)."""
    if st.game == "eight-off":
        s, d, n = m
        if d >= 20:
            return "foundation moves are played at once"
        if s >= 20:
            return "take-backs are never needed"
        if 10 <= s < 20 and 10 <= d < 20:
            return "cell to cell"
        if 10 <= d < 20 and any(x[0] == s and 10 <= x[1] < 20 for x in searched):
            return "another empty cell"
        if d < 8 and not st.cols[d]:
            if s < 8 and len(st.cols[s]) == n:
                return "whole column to an empty column"
            if any(x[0] == s and x[2] == n and x[1] < 8 and not st.cols[x[1]] for x in searched):
                return "another empty column"
        return None
    kind, a, b, n = m
    if kind == 5:
        return "stock taps are part of deck moves"
    if kind in (1, 3, 4) and (kind, a if kind != 4 else a ^ 4, b ^ 4 if kind != 4 else b, n) in searched:
        return "the other slot of the suit"
    if kind == 2 and not eh_bases.wanted(st, st.deck[a], b, eh_bases.nearest(st), eh_bases.slot_tops(st)):
        return "a deck card goes on a column only when a card could go on it next"
    if kind == 4 and st.found[a] == 1:
        return "an ace is never taken back"
    if kind == 4:
        acc = {c: [d for d, col in enumerate(st.cols) if col and c in eh_bases.on(col[-1])] for c in range(52)}
        if not eh_bases.run_wanted(st, a, acc, any(not col for col in st.cols), eh_bases.nearest(st),
                                   eh_bases.slot_tops(st)):
            return "a take-back only starts a run of them that something can be built on"
    if kind in (0, 2, 4) and not st.cols[b]:
        if kind == 0 and len(st.cols[a]) == n:
            return "whole column to an empty column"
        if any(x[0] == kind and x[1] == a and x[3] == n and not st.cols[x[2]] for x in searched):
            return "another empty column"
    return None


@pytest.mark.parametrize("kind,cells", VARIANTS)
def test_complete_search_misses_only_documented_prunings(kind: str, cells: int) -> None:
    reasons: set[str] = set()
    for g in positions(kind, cells, seed=cells + 23, count=100):
        st = read_state(g)
        st.auto("complete")  # automatic moves come first; the search expands what follows
        plain = {9: 4, 11: 2}  # a base is searched with an obligation (eh_bases)
        searched = {(plain.get(m[0], m[0]), *m[1:]) if kind == "easy-harp" else m for m in st.moves("complete")}
        for m in st.moves(full=True):
            if m not in searched:
                why = _pruned_reason(st, m, searched)
                assert why is not None, (st.notation(m), g.position())
                reasons.add(why)
    assert len(reasons) >= 2, reasons
