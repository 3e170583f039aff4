"""One conformance suite for every game (issue 9 points 1 and 5): a Hypothesis state
machine plays, undoes, redoes, tries illegal moves, lifts cards, saves and reloads, and
checks the Rules contract after each step. It runs on Easy Harp, the three Eight Off
variants and Four Rows, a third game registered from one file (``tiny_game.py``).

Kept fast (a few dozen short runs per game; ``HYPOTHESIS_PROFILE=thorough`` in
conftest runs more). No timing is asserted.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

import game
from game import DealCode, IllegalMove, Move, Position, engine, load_position, load_save, new_game
from game.cards import SUITS, card_of

from . import tiny_game


@pytest.fixture(scope="module", autouse=True)
def four_rows() -> Iterator[None]:
    """Four Rows registered for this module's tests only."""
    with tiny_game.registered():
        yield

#: (game, cells) of every variant under test.
VARIANTS = [("easy-harp", 0), ("eight-off", 8), ("eight-off", 4), ("eight-off", 2),
            (tiny_game.GAME, 4)]


def all_moves(pos: Position) -> list[Move]:
    """The whole normalised move space: every source, count and concrete destination."""
    lay = pos.layout
    out = [Move("s")] if lay.stock_ix >= 0 else []
    for s, sid in enumerate(lay.ids):
        for n in range(1, max(1, len(pos.piles[s])) + 1):
            out.extend(Move(sid, did, n) for did in lay.ids)
    return out


class Conformance(RuleBasedStateMachine):
    """Random play of one variant (set by :func:`machine_for`)."""

    kind = "easy-harp"
    cells = 0

    def __init__(self) -> None:
        super().__init__()
        self.g: game.Game = new_game(DealCode(self.kind, self.cells, 1))
        self.count = 0

    @initialize(number=st.integers(1, 999_999))
    def deal(self, number: int) -> None:
        self.g = new_game(DealCode(self.kind, self.cells, number))
        assert self.g.board == engine.RULES[self.kind].deal(number, self.cells)
        self.count = 0

    @rule(k=st.integers(0, 10_000))
    def play_legal(self, k: int) -> None:
        moves = self.g.legal_moves()
        assert self.g.has_moves() == bool(moves)
        if not moves:
            return
        before = self.g.state
        m = moves[k % len(moves)]
        assert self.g.play(m) == m
        self.count += 1
        assert self.g.undo() and self.g.state == before  # undo is exact
        assert self.g.redo()

    @rule()
    def undo(self) -> None:
        if self.g.undo():
            assert self.g.redo() and self.g.undo()

    @rule()
    def redo(self) -> None:
        self.g.redo()

    @rule(k=st.integers(0, 10**9))
    def try_any_move(self, k: int) -> None:
        space = all_moves(self.g.board)
        m = space[k % len(space)]
        before = self.g.state
        if m in set(self.g.legal_moves()):
            assert self.g.check(m) is None
            return
        try:
            self.g.play(m)
        except IllegalMove as e:
            assert e.code == e.reason.value and self.g.check(m) is not None
        else:
            raise AssertionError(f"{m} played but is not in legal_moves()")
        assert self.g.state == before

    @rule()
    def legal_moves_are_the_accepted_moves(self) -> None:
        legal = self.g.legal_moves()
        assert len(set(legal)) == len(legal)
        assert {m for m in all_moves(self.g.board) if self.g.check(m) is None} == set(legal)

    @rule(k=st.integers(0, 10_000))
    def lift_and_drop(self, k: int) -> None:
        ids = self.g.pile_ids()
        src = ids[k % len(ids)]
        size = len(self.g.pile(src))
        index = (k // len(ids)) % (size + 1) - 1 if size else 0
        where = self.g.targets(src, index)
        if where:
            assert self.g.pickup_refusal(src, index) is None
        for dst in ids:
            legal = self.g.check(self.g.drop_move(src, index, dst)) is None
            assert legal == (dst in where), (src, index, dst)

    @rule()
    def save_and_load(self) -> None:
        text = self.g.to_save()
        h = load_save(text)
        assert h.to_save() == text and h.state == self.g.state
        assert h.history() == self.g.history() and h.redo_moves() == self.g.redo_moves()

    @invariant()
    def cards_score_counters(self) -> None:
        pos = self.g.board
        lay = pos.layout
        copies = (1, 2) if lay.two_decks else (0,)
        assert sorted(c.id for p in pos.piles for c in p) == sorted(
            card_of(r, s, k).id for r in range(1, 14) for s in SUITS for k in copies)
        for i in range(lay.columns):  # a non-empty column shows its top card
            assert pos.down[i] < len(pos.piles[i]) or not pos.piles[i]
        assert 0 <= self.g.score <= engine.RULES[self.kind].MAX_SCORE
        assert self.g.move_count == self.count and len(self.g.history()) <= 100
        assert self.g.is_won == engine.RULES[self.kind].is_won(pos)
        text = self.g.position()
        assert load_position(text, self.kind, self.cells).board == pos


def machine_for(kind: str, cells: int) -> type[Conformance]:
    """The state machine of one variant."""
    return type(f"Conformance_{kind}_{cells}", (Conformance,), {"kind": kind, "cells": cells})


@pytest.mark.parametrize("kind,cells", VARIANTS)
def test_conformance(kind, cells):
    machine = machine_for(kind, cells)
    machine.TestCase.settings = settings(
        max_examples=max(8, settings.default.max_examples // 8), stateful_step_count=30,
        deadline=None, suppress_health_check=[HealthCheck.too_slow])
    machine.TestCase().runTest()


def test_the_third_game_is_one_file_and_plays():
    # Registered from tests/unit/tiny_game.py alone: codes, layout, Game, save all work.
    g = game.new_game("TG1-C4-AAAAAAB")
    assert g.pile_ids() == ("t1", "t2", "t3", "t4", "c1", "c2", "c3", "c4", "f1", "f2", "f3",
                            "f4")
    assert [len(g.pile(f"t{i}")) for i in range(1, 5)] == [13] * 4
    m = g.legal_moves()[0]
    g.play(m)
    assert load_save(g.to_save()).to_save() == g.to_save()
    assert str(game.parse_code("tg1-c4-aaaaaab")) == "TG1-C4-AAAAAAB"


def test_a_module_missing_part_of_the_contract_is_refused():
    import types

    half = types.ModuleType("half")
    half.GAME = "half"  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match="legal_moves"):
        engine.register(half)  # type: ignore[arg-type]
    assert "half" not in engine.RULES
