"""Easy Harp's proof of loss (game/solver/eh_dead.py, issue 24 point 3) against the
rules engine's exhaustive search, and the complete search with and without it."""

from __future__ import annotations

import random

import pytest

from game.solver import search, solve
from game.solver.adapter import read_state
from game.solver.eh_dead import dead

from .solver_support import bfs_verdict, blocked_kings, near_end_easy_harp


def both(g: object, max_nodes: int = 3_000) -> tuple[object, object]:
    """The complete search's answer with the proof of loss, then without it."""
    with pytest.MonkeyPatch.context() as mp:
        with_cut = solve(g, max_nodes=max_nodes, mode="complete")
        mp.setattr(search, "DEAD_CUT", False)
        without = solve(g, max_nodes=max_nodes, mode="complete")
    return with_cut, without


def test_dead_positions_are_lost_and_the_cut_changes_no_verdict() -> None:
    rnd = random.Random(1)
    lost = 0
    for _ in range(10):
        g = blocked_kings(rnd)
        truth = bfs_verdict(g, cap=3_000)
        assert truth is not None
        proved = dead(read_state(g))
        assert not (proved and truth), g.position()  # a "dead" position is never winnable
        lost += proved
        a, b = both(g)
        assert a.status == b.status == ("winnable" if truth else "unwinnable"), g.position()
        assert a.nodes <= b.nodes
    assert lost >= 3  # the check really fires on these positions


def test_the_cut_never_fires_on_winnable_near_end_positions() -> None:
    rnd = random.Random(11)
    for _ in range(4):
        g = near_end_easy_harp(rnd, rnd.randint(9, 12))
        truth = bfs_verdict(g, cap=2_000)
        if truth:
            assert not dead(read_state(g)), g.position()
        a, b = both(g)
        assert a.status == b.status, g.position()
