"""Eight Off rules (SPEC §5, §6) and the seeds' examples (issue 2 point 3)."""

import pytest

from game import IllegalMove, Move, Refusal, new_game

from .helpers import board, pile_ids_text


def refusal(g, move):
    before = g.position(), g.score, g.move_count
    with pytest.raises(IllegalMove) as e:
        g.play(move)
    assert (g.position(), g.score, g.move_count) == before
    return e.value


def test_seven_of_hearts_fits_only_the_eight_of_hearts():
    # seed: "Cartea de 7 de cupă poate fi așezată doar peste 8 de cupă"
    g = board(t1="8H", t2="8D", t3="8S", t4="8C", t5="9H", t6="7H")
    assert [m.dst for m in g.legal_moves() if m.src == "t6" and m.dst[0] == "t"] == ["t1"]
    assert refusal(g, "t6-t2").reason is Refusal.WRONG_SUIT
    assert refusal(g, "t6-t3").reason is Refusal.WRONG_SUIT
    assert refusal(g, "t6-t5").reason is Refusal.WRONG_RANK
    g.play("t6-t1")
    assert pile_ids_text(g, "t1") == "8H 7H"


def two_cells_one_empty_column(run):
    cells = {f"c{i}": c for i, c in enumerate(["2C", "3C", "4C", "5C", "6C", "7C"], 1)}
    cols = {f"t{i}": "9D" for i in range(2, 8)}
    return board(t1="TD " + run, t8="", **cells, **cols)


def test_group_move_limit_with_two_free_cells_and_one_empty_column():
    # seed: "cu 2 celule libere și o singură coloană goală, un rege și secvența sa pot fi
    # mutate împreună în această coloană doar dacă au cel mult 3 cărți"
    g = two_cells_one_empty_column("KS QS JS")
    assert g.group_limit("t8") == 3 and g.group_limit("t2") == 6
    assert g.play("t1-t8") == Move("t1", "t8", 3)
    g = two_cells_one_empty_column("KS QS JS TS")
    e = refusal(g, "t1-t8:4")
    assert e.reason is Refusal.GROUP_TOO_LARGE and e.details == {"limit": 3, "count": 4}
    assert Move("t1", "t8", 4) not in g.legal_moves()
    assert g.drop_move("t1", 1, "t8") == Move("t1", "t8", 4)


def test_group_move_counts_the_empty_column_when_it_is_not_the_destination():
    cells = {f"c{i}": c for i, c in enumerate(["2C", "3C", "4C", "5C", "6C", "7C"], 1)}
    full = {f"t{i}": "2D" for i in range(4, 9)}
    g = board(t1="9S 8S 7S 6S 5S 4S 3S", t2="KS", t3="", **cells, **full)
    assert g.group_limit("t2") == 6 and g.group_limit("t3") == 3
    g2 = board(t1="TS 9S 8S 7S 6S 5S 4S 3S", t2="JS", t3="", **cells, **full)
    e = refusal(g2, "t1-t2:8")
    assert e.details == {"limit": 6, "count": 8}
    g3 = board(t1="4D 8S 7S 6S 5S 4S 3S", t2="9S", t3="", **cells, **full)
    g3.play("t1-t2:6")
    assert pile_ids_text(g3, "t2") == "9S 8S 7S 6S 5S 4S 3S" and pile_ids_text(g3, "t1") == "4D"


def test_fit_is_checked_before_size():
    cells = {f"c{i}": c for i, c in enumerate(["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"],
                                                1)}
    full = {f"t{i}": "2D" for i in range(4, 9)}
    g = board(t1="9H 8H 7H 6H", t2="TD", t3="TH", **cells, **full)
    assert refusal(g, "t1-t2:4").reason is Refusal.WRONG_SUIT
    assert refusal(g, "t1-t3:4").reason is Refusal.GROUP_TOO_LARGE
    assert refusal(g, "t1-t3:4").details == {"limit": 1, "count": 4}
    assert refusal(g, "t1-t3:3").reason is Refusal.WRONG_RANK


def test_empty_column_takes_only_a_king_alone_or_with_its_run():
    g = board(t1="2D QS JS", t2="", t3="3D KH QH")
    assert refusal(g, "t1-t2:2").reason is Refusal.EMPTY_NEEDS_KING
    assert refusal(g, "t1-t2").reason is Refusal.EMPTY_NEEDS_KING
    assert g.play("t3-t2") == Move("t3", "t2", 2)


def test_refusal_catalogue():
    g = board(cells=4, t1="5H 9C", t2="7D 6D 5C", c1="QS", c2="", f1="AS", t3="KD", t4="")
    assert refusal(g, "s").reason is Refusal.NO_SUCH_PILE
    assert refusal(g, "t1-c5").reason is Refusal.NO_SUCH_PILE
    assert refusal(g, "t9-t1").reason is Refusal.NO_SUCH_PILE
    assert refusal(g, "w-t1").reason is Refusal.NO_SUCH_PILE
    assert refusal(g, "f2-t1").reason is Refusal.EMPTY_SOURCE
    assert refusal(g, "c2-t1").reason is Refusal.EMPTY_SOURCE
    assert refusal(g, "t1-c1").reason is Refusal.CELL_FULL
    assert refusal(g, "t1-c2:2").reason is Refusal.CELL_ONE_CARD
    assert refusal(g, "t2-t3:3").reason is Refusal.NOT_A_RUN
    assert refusal(g, "t2-t4:2").reason is Refusal.NOT_A_RUN
    assert refusal(g, "t1-t4:5").reason is Refusal.NOT_A_RUN
    assert refusal(g, "t1-f:2").reason is Refusal.FOUNDATION_ONE_CARD
    assert refusal(g, "t1-f1").reason is Refusal.FOUNDATION_SUIT
    assert refusal(g, "t1-f4").reason is Refusal.FOUNDATION_RANK
    assert refusal(g, "t1-f").reason is Refusal.FOUNDATION_RANK
    assert refusal(g, "f1-f2").reason is Refusal.NOT_A_TARGET
    assert refusal(g, "t1-t1").reason is Refusal.SAME_PILE
    assert refusal(g, "c1-t2").reason is Refusal.WRONG_SUIT
    assert refusal(g, "t1-t2").reason is Refusal.WRONG_RANK  # count 1 when none fits
    assert g.play("t1-c2") == Move("t1", "c2", 1)


def test_take_backs_to_a_cell_or_column_score_nothing():
    g = board(t1="2S AS", t2="3S")
    g.play("t1-f")
    g.play("t1-f")
    assert g.score == 20
    g.play("f1-c3")
    assert pile_ids_text(g, "c3") == "2S" and g.score == 20
    g.play("c3-f1")
    assert g.score == 20
    g.play("f1-t2")
    assert pile_ids_text(g, "t2") == "3S 2S" and g.score == 20
    g.play("t2-f")
    assert g.score == 20 and g.move_count == 6


def test_two_cell_variant_has_two_cells():
    g = new_game("EO1-C2-AAAAAFA")
    assert [p for p in g.pile_ids() if p[0] == "c"] == ["c1", "c2"]
    assert all(g.pile(c) for c in ("c1", "c2"))
    assert refusal(g, "t1-c3").reason is Refusal.NO_SUCH_PILE
    assert refusal(g, "t1-c1").reason is Refusal.CELL_FULL
