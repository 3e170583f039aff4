"""Undo, redo, move counter and score (SPEC §6; issue 2 point 5)."""

import pytest

from game import BadNotation, IllegalMove, new_game

from .helpers import board


def test_exactly_100_undoable_actions():
    g = new_game("EH1-N-AAAAAAF")
    positions = [g.position()]
    for _ in range(101):
        g.play("s")
        positions.append(g.position())
    assert g.move_count == 101
    undone = 0
    while g.undo():
        undone += 1
        assert g.position() == positions[101 - undone]
    assert undone == 100
    assert g.position() == positions[1]  # the first action is no longer undoable
    assert g.move_count == 101
    redone = 0
    while g.redo():
        redone += 1
    assert redone == 100 and g.position() == positions[-1]
    assert len(g.history()) == 100


def test_redo_until_the_next_new_action():
    g = new_game("EH1-N-AAAAAAF")
    g.play("s")
    g.play("s")
    after = g.position()
    assert g.undo() and g.can_redo
    assert g.redo() and g.position() == after and not g.can_redo
    g.undo()
    g.play("s")
    assert not g.can_redo and not g.redo()
    assert g.move_count == 3


def test_counter_counts_actions_and_never_goes_down():
    g = board(t1="9S 8S 7S", t2="TS", t3="AH")
    g.play("t1-t2:3")  # a group move is one action
    g.play("t3-f")
    assert g.move_count == 2
    g.undo()
    g.undo()
    assert g.move_count == 2 and not g.can_undo
    g.redo()
    assert g.move_count == 2
    with pytest.raises(IllegalMove):
        g.play("t1-t3")
    with pytest.raises(BadNotation):
        g.play("nonsense")
    assert g.move_count == 2


def test_undo_restores_the_exact_previous_score():
    g = board("easy-harp", t1="(5C.1) (AD.1) AH.1", w="QS.2", t2="KH.1")
    scores = [g.score]
    for m in ["t1-f", "t1-f", "w-t2"]:
        g.play(m)
        scores.append(g.score)
    assert scores == [0, 15, 30, 35]
    for expect in reversed(scores[:-1]):
        g.undo()
        assert g.score == expect


def test_take_back_loop_cannot_farm_points():
    g = board(t1="AS", t2="2H")
    g.play("t1-f")
    for _ in range(20):
        g.play("f1-c1")
        g.play("c1-f")
    assert g.score == 10
    assert g.move_count == 41


def test_illegal_move_changes_nothing():
    g = new_game("EO1-C8-AAAAAFA")
    g.play(g.legal_moves()[0])
    save = g.to_save()
    for bad in ["t1-t1", "t1-c1", "f1-t1", "t1-t2:5", "s", "c9-t1", "t1-c1:2"]:
        try:
            g.play(bad)
        except (IllegalMove, BadNotation):
            pass
        assert g.to_save() == save
