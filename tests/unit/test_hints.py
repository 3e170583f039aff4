"""Tap, double tap and drop (SPEC §6; issue 2 point 4)."""

import game
from game import Move, new_game

from .helpers import board


def test_tap_sends_a_top_card_to_a_foundation_only():
    g = board(t1="5D AS", t2="2S", t3="KH", c1="AH", f4="AC 2C", t4="3C 9D")
    assert g.tap_move("t1", 1) == Move("t1", "f1", 1)
    assert g.tap_move("t1", -1) == Move("t1", "f1", 1)
    assert g.tap_move("t1", 0) is None  # not the top card
    assert g.tap_move("c1", 0) == Move("c1", "f2", 1)
    assert g.tap_move("t2", 0) is None  # no foundation accepts it: nothing moves
    assert g.tap_move("t3", 0) is None
    assert g.tap_move("f4", 1) is None
    assert g.tap_move("t8", 0) is None and g.tap_move("zz", 0) is None
    assert g.tap_move("t1", 7) is None


def test_tap_on_the_stock_and_waste():
    g = board("easy-harp", s="4C.1 3C.1", w="AD.2", t1="8H.1")
    assert g.tap_move("s", 0) == Move("s")
    assert g.tap_move("w", 0) == Move("w", "f3", 1)
    empty = board("easy-harp", t1="8H.1")
    assert empty.tap_move("s", -1) is None


def test_double_tap_order_eight_off():
    # foundation first
    g = board(t1="AS", t2="2S", t5="3S")
    assert g.double_tap_move("t1", 0) == Move("t1", "f1", 1)
    # then the longest accepting column, ties to the lower number
    g = board(t1="9H 6D", t2="7D", t3="2C 3C 7D", t4="4C 4S 7D", t5="KS", t6="2H")
    assert g.double_tap_move("t1", 1) == Move("t1", "t3", 1)
    # then an empty column, kings only
    g = board(t1="9H KD", t2="", t3="", t4="5C", **{f"c{i}": "2C" for i in range(1, 8)})
    assert g.double_tap_move("t1", 1) == Move("t1", "t2", 1)
    # then the lowest-numbered free cell
    g = board(t1="9H QD", t2="", c1="3C", c3="4C")
    assert g.double_tap_move("t1", 1) == Move("t1", "c2", 1)
    # a cell card with nowhere to go stays
    assert g.double_tap_move("c1", 0) is None
    # a cell card goes to a column
    g = board(t1="4C", c4="3C", t2="2S")
    assert g.double_tap_move("c4", 0) == Move("c4", "t1", 1)


def test_double_tap_on_the_head_of_a_run_moves_the_run():
    g = board(t1="3D 9S 8S 7S", t2="TS", t3="", t4="5C 2H TS", t5="3C TS")
    m = g.double_tap_move("t1", 1)
    assert m == Move("t1", "t4", 3)  # longest column whose top accepts the run
    g.play(m)
    assert [p.card.id for p in g.pile("t4")] == ["5C", "2H", "TS", "9S", "8S", "7S"]
    # a king-led run goes to an empty column
    g = board(t1="3D KS QS", t2="", t3="", t4="5C")
    assert g.double_tap_move("t1", 1) == Move("t1", "t2", 2)
    # a run that is not movable gives nothing
    g = board(t1="3D 9S 8H", t2="TS", **{f"c{i}": "2C" for i in range(1, 9)})
    assert g.double_tap_move("t1", 1) is None


def test_double_tap_easy_harp():
    g = board("easy-harp", t1="(3C.1) 6S.1", t2="7H.1", t3="2C.2 5C.2 7D.2", t4="",
              w="KH.2", t5="(4S.1) KS.1 QH.1")
    assert g.double_tap_move("t1", 1) == Move("t1", "t3", 1)  # longest of 7H.1, 7D.2
    assert g.double_tap_move("t1", 0) is None  # face-down
    assert g.double_tap_move("w", 0) == Move("w", "t4", 1)
    assert g.double_tap_move("t5", 1) == Move("t5", "t4", 2)  # king-led run
    assert g.double_tap_move("f1", 0) is None
    g2 = board("easy-harp", t1="AS.2", t2="2D.1")
    assert g2.double_tap_move("t1", 0) == Move("t1", "f1", 1)
    assert g2.double_tap_move("t2", 0) is None  # no column, no empty column, no cells


def test_drop_move():
    g = board(t1="9S 8S 7S", t2="TS", f1="AS", t3="2S")
    assert g.drop_move("t1", 0, "t2") == Move("t1", "t2", 3)
    assert g.drop_move("t3", 0, "f3") == Move("t3", "f", 1)
    assert g.drop_move("f1", 0, "f3") == Move("f1", "f3", 1)
    assert g.drop_move("t5", 0, "t2") == Move("t5", "t2", 1)
    assert g.play(g.drop_move("t3", 0, "f4")) == Move("t3", "f1", 1)


def test_hints_do_not_change_the_game():
    g = new_game("EO1-C8-AAAAAAB")
    before = g.to_save()
    for pid in g.pile_ids():
        for i in range(-1, len(g.pile(pid)) + 1):
            g.tap_move(pid, i)
            g.double_tap_move(pid, i)
            g.targets(pid, i)
    assert g.to_save() == before



def test_double_tap_does_not_shuffle_a_whole_column_to_an_empty_one():
    whole = "Foundations: H-J C-K D-K S-K\nFreecells:\n: KH QH\n:\n:\n:\n:\n:\n:\n:\n"
    g = game.load_position(whole, game="eight-off", cells=8)
    assert g.double_tap_move("t1", 0) is None  # KH QH already fill their own column
    covered = whole.replace(": KH QH", ": QH KH")
    g = game.load_position(covered, game="eight-off", cells=8)
    assert str(g.double_tap_move("t1", 1)) == "t1-t2:1"  # uncovering QH is worth it
