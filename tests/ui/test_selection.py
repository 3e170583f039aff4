"""The table's one selection (game/ui/selection.py, issue 11.1): what a tap or a key
picked up and which piles accept it, pure Python against the rules package."""

from __future__ import annotations

import pytest

import game
from game.ui.selection import Picked, Selection


def movable(g: game.Game) -> game.Move:
    """A legal column-to-column move of ``g``."""
    return next(m for m in g.legal_moves() if m.dst and m.src[0] == "t" and m.dst[0] == "t")


def test_pick_selects_the_cards_and_the_piles_that_take_them():
    g = game.new_game("EO1-C8-AAAAAAC")
    m = movable(g)
    index = len(g.pile(m.src)) - (m.count or 1)
    sel = Selection()
    assert sel.pick(g, m.src, index) is None
    picked = sel.get(g)
    assert picked == Picked(m.src, index, tuple(p.card.id for p in g.pile(m.src)[index:]),
                            tuple(g.targets(m.src, index)))
    assert m.dst in picked.targets


def test_a_negative_index_counts_from_the_top():
    g = game.new_game("EO1-C8-AAAAAAC")
    sel = Selection()
    assert sel.pick(g, "t1", -1) is None
    assert sel.get(g).index == len(g.pile("t1")) - 1


@pytest.mark.parametrize(("code", "pile", "index", "reason"), [
    ("EH1-N-AAAAAAL", "t9", 0, game.Refusal.FACE_DOWN),  # Easy Harp: a face-down card
    ("EH1-N-AAAAAAL", "w", 0, game.Refusal.EMPTY_SOURCE),  # nothing on the waste yet
    ("EH1-N-AAAAAAL", "t1", 5, game.Refusal.EMPTY_SOURCE),  # past the top card
])
def test_a_refused_pick_selects_nothing(code, pile, index, reason):
    g = game.new_game(code)
    sel = Selection()
    assert sel.pick(g, "t1", -1) is None
    assert sel.pick(g, pile, index) == reason
    assert sel.get(g) is None


def test_the_selection_ends_when_the_position_changes():
    g = game.new_game("EO1-C8-AAAAAAC")
    sel = Selection()
    sel.pick(g, "t1", -1)
    g.play(movable(g))
    assert sel.get(g) is None
    sel.pick(g, "t2", -1)
    g.undo()  # undo is another position too
    assert sel.get(g) is None


def test_place_gives_the_drop_move_and_clears():
    g = game.new_game("EO1-C8-AAAAAAC")
    m = movable(g)
    index = len(g.pile(m.src)) - (m.count or 1)
    sel = Selection()
    sel.pick(g, m.src, index)
    move = sel.place(g, m.dst)
    assert move == g.drop_move(m.src, index, m.dst) and g.check(move) is None
    assert sel.get(g) is None
    # On its own pile: put back, no move; without a selection: no move.
    sel.pick(g, m.src, index)
    assert sel.place(g, m.src) is None and sel.get(g) is None
    assert sel.place(g, m.dst) is None


def test_a_refused_place_is_still_the_drop_move():
    g = game.new_game("EO1-C8-AAAAAAC")
    src = "t1"
    index = len(g.pile(src)) - 1
    sel = Selection()
    sel.pick(g, src, index)
    wrong = next(p for p in g.pile_ids() if p[0] == "t" and p != src
                 and p not in sel.get(g).targets)
    move = sel.place(g, wrong)
    assert move is not None and g.check(move) is not None  # App.play shows the refusal


def test_clear_says_whether_there_was_a_selection():
    g = game.new_game("EO1-C8-AAAAAAC")
    sel = Selection()
    assert sel.clear() is False
    sel.pick(g, "t1", -1)
    assert sel.clear() is True and sel.get(g) is None
