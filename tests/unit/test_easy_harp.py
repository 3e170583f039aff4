"""Easy Harp rules (SPEC §4, §6) and the seeds' examples (issue 2 point 3)."""

import pytest

from game import IllegalMove, Move, Refusal

from .helpers import board, pile_ids_text


def refusal(g, move):
    before = g.position(), g.score, g.move_count
    with pytest.raises(IllegalMove) as e:
        g.play(move)
    assert (g.position(), g.score, g.move_count) == before  # nothing changed
    assert e.value.code == e.value.reason.value
    return e.value.reason


def eh(**piles):
    return board("easy-harp", **piles)


def test_seven_of_hearts_fits_either_eight_of_spades_or_clubs():
    # seed: "Un 7 de cupă merge pe un 8 de pică sau de treflă"
    g = eh(t1="8S.1", t2="8S.2", t3="8C.1", t4="8C.2", t5="8H.1", t6="8D.2", t7="9S.1",
           w="7H.1")
    assert sorted(str(m) for m in g.legal_moves() if m.src == "w") == [
        "w-t1:1", "w-t2:1", "w-t3:1", "w-t4:1"]
    assert g.targets("w", 0) == ["t1", "t2", "t3", "t4"]
    assert refusal(g, "w-t5") is Refusal.WRONG_COLOR
    assert refusal(g, "w-t6") is Refusal.WRONG_COLOR
    assert refusal(g, "w-t7") is Refusal.WRONG_RANK
    assert g.play("w-t3") == Move("w", "t3", 1)
    assert pile_ids_text(g, "t3") == "8C.1 7H.1"


def test_black_six_has_exactly_four_targets():
    # seed: "un 6 negru are patru locuri posibile (cei doi de 7 de cupă și cei doi de 7 de caro)"
    g = eh(t1="7H.1", t2="7H.2", t3="7D.1", t4="7D.2", t5="7S.1", t6="8D.1", t8="6S.2")
    moves = [m for m in g.legal_moves() if m.src == "t8"]
    assert sorted(m.dst for m in moves) == ["t1", "t2", "t3", "t4"]
    g2 = eh(t1="7H.1", t2="7H.2", t3="7D.1", t4="7D.2", t8="6C.1")
    assert len([m for m in g2.legal_moves() if m.src == "t8"]) == 4


def test_ordered_run_between_columns_is_one_card_at_a_time():
    # seed: "un 8 negru, un 7 roșu, un 6 negru ... nu se mută în bloc"; the head 8S fits 9H.
    g = eh(t1="(2C.1) 8S.1 7H.1 6C.1", t2="9H.2", t3="5D.1")
    assert refusal(g, "t1-t2:3") is Refusal.ONE_CARD_AT_A_TIME
    assert refusal(g, "t1-t3:2") is Refusal.ONE_CARD_AT_A_TIME  # even when it doesn't fit
    assert refusal(g, "t1-t2:4") is Refusal.ONE_CARD_AT_A_TIME
    assert g.drop_move("t1", 1, "t2") == Move("t1", "t2", 3)
    # one card at a time works: 6C on nothing here, but 5D goes on 6C
    g.play("t3-t1")
    assert pile_ids_text(g, "t1") == "(2C.1) 8S.1 7H.1 6C.1 5D.1"


def test_empty_column_refuses_a_non_king_even_to_uncover_a_face_down_card():
    g = eh(t1="(KS.1) (3C.2) QH.1", t2="", t3="JS.2")
    assert refusal(g, "t1-t2") is Refusal.EMPTY_NEEDS_KING
    assert refusal(g, "t3-t2") is Refusal.EMPTY_NEEDS_KING
    assert pile_ids_text(g, "t1") == "(KS.1) (3C.2) QH.1"


def test_king_led_run_moves_as_a_block_into_an_empty_column_only():
    g = eh(t1="(3C.2) KS.1 QH.1 JC.2", t2="", t3="", t4="AS.1", t5="KD.1 QC.1")
    assert refusal(g, "t1-t4:3") is Refusal.ONE_CARD_AT_A_TIME
    assert refusal(g, "t1-t2:2") is Refusal.EMPTY_NEEDS_KING  # QH JC: ordered, no king
    g4 = eh(t1="QH.1 5C.2", t2="")
    assert refusal(g4, "t1-t2:2") is Refusal.NOT_A_RUN  # not a run at all
    g2 = eh(t1="KS.1 QS.2 JH.1", t2="")
    assert refusal(g2, "t1-t2:3") is Refusal.NOT_A_RUN  # not alternating colours
    g3 = eh(t1="9S.1 8H.1 7C.1", t2="")
    assert refusal(g3, "t1-t2:3") is Refusal.EMPTY_NEEDS_KING
    assert refusal(g, "t1-t2:4") is Refusal.FACE_DOWN
    assert refusal(g, "t1-t2:5") is Refusal.NOT_A_RUN
    # legal: the whole run, and the count is found without ':3'
    assert Move("t1", "t2", 3) in g.legal_moves()
    assert Move("t1", "t3", 3) in g.legal_moves()
    score = g.score
    assert g.play("t1-t2") == Move("t1", "t2", 3)
    assert pile_ids_text(g, "t1") == "3C.2"  # flipped as part of the same action
    assert pile_ids_text(g, "t2") == "KS.1 QH.1 JC.2"
    assert g.score == score + 5
    assert g.move_count == 1


def test_king_led_block_rules_for_another_block():
    g = eh(t5="KD.1 QC.1", t3="", t6="3H.1")
    g.play("t5-t3:2")
    assert pile_ids_text(g, "t3") == "KD.1 QC.1"


def test_only_the_waste_top_plays_and_one_card():
    g = eh(w="8H.1 7C.1", t1="8D.2")
    assert refusal(g, "w-t1:2") is Refusal.ONE_CARD_AT_A_TIME
    g.play("w-t1")
    assert g.score == 5  # waste to column


def test_refusal_catalogue():
    g = eh(t1="(4C.1) 5H.1", t2="6S.1", s="2D.1", w="", f1="AS.1", t3="AS.2", t4="3H.2")
    assert refusal(g, "t1-t1") is Refusal.SAME_PILE
    assert refusal(g, "t1-s") is Refusal.NOT_A_TARGET
    assert refusal(g, "t1-w") is Refusal.NOT_A_TARGET
    assert refusal(g, "f1-f5") is Refusal.NOT_A_TARGET
    assert refusal(g, "f1-f") is Refusal.NOT_A_TARGET
    assert refusal(g, "t1-c1") is Refusal.NO_SUCH_PILE
    assert refusal(g, "c1-t1") is Refusal.NO_SUCH_PILE
    assert refusal(g, "w-t2") is Refusal.EMPTY_SOURCE
    assert refusal(g, "t9-t2") is Refusal.EMPTY_SOURCE
    assert refusal(g, "s-t2") is Refusal.FACE_DOWN
    assert refusal(g, "t1-t5:2") is Refusal.FACE_DOWN
    assert refusal(g, "t3-f2") is Refusal.FOUNDATION_SUIT
    assert refusal(g, "t3-f1") is Refusal.FOUNDATION_RANK
    assert refusal(g, "t4-f") is Refusal.FOUNDATION_RANK
    assert refusal(g, "t1-f:2") is Refusal.FOUNDATION_ONE_CARD
    assert refusal(g, "f1-t3:2") is Refusal.FOUNDATION_ONE_CARD
    e = g.check("t1-c1")
    assert e is not None and e.details == {"pile": "c1"}
    assert g.check("t1-t2") is None


def test_foundation_slots_are_reserved_and_f_means_the_first_that_accepts():
    g = eh(t1="AS.2", t2="AS.1", t3="2S.1", t4="AH.1")
    assert [g.foundation_suit(f"f{i}") for i in range(1, 9)] == list("SHDCSHDC")
    assert g.play("t1-f") == Move("t1", "f1", 1)
    assert g.play("t3-f") == Move("t3", "f1", 1)
    assert g.play("t2-f") == Move("t2", "f5", 1)
    assert g.play(g.drop_move("t4", 0, "f7")) == Move("t4", "f2", 1)
    assert g.score == 40


def test_stock_draw_and_recycle_keep_the_order():
    g = eh(s="3C.1 2C.1 AC.1")  # AC.1 on top: drawn first
    assert g.play("s") == Move("s")
    g.play("s")
    g.play("s")
    assert pile_ids_text(g, "w") == "AC.1 2C.1 3C.1"
    assert g.pile("s") == ()
    g.play("s")  # recycle
    assert pile_ids_text(g, "w") == ""
    assert [p.card.id for p in g.pile("s")] == ["3C.1", "2C.1", "AC.1"]
    assert not any(p.up for p in g.pile("s"))
    g.play("s")
    assert pile_ids_text(g, "w") == "AC.1"
    assert g.score == 0 and g.move_count == 5
    empty = eh(t1="KS.1")
    assert refusal(empty, "s") is Refusal.STOCK_EMPTY


def test_scoring_and_take_backs():
    g = eh(t1="(5C.1) AH.1", t2="2H.1", t3="3S.1", w="2S.2", t4="(KC.2) 4D.1")
    g.play("t1-f")  # +10 arrival, +5 flip
    assert g.score == 15
    g.play("t2-f")
    assert g.score == 25
    g.play("f2-t3")  # take-back: no points won or lost
    assert g.score == 25 and pile_ids_text(g, "t3") == "3S.1 2H.1"
    g.play("t3-f")  # returns: earns nothing again
    assert g.score == 25
    g.play("f2-t3")
    assert g.score == 25 and pile_ids_text(g, "f2") == "AH.1"
    assert g.undo() and g.score == 25 and pile_ids_text(g, "f2") == "AH.1 2H.1"
    assert g.undo() and g.score == 25 and pile_ids_text(g, "t3") == "3S.1 2H.1"
    assert g.undo() and g.score == 25 and pile_ids_text(g, "t3") == "3S.1"
    assert g.undo() and g.score == 15 and pile_ids_text(g, "t2") == "2H.1"
    assert g.undo() and g.score == 0 and pile_ids_text(g, "t1") == "(5C.1) AH.1"
    assert not g.undo()
    assert g.move_count == 5
    assert g.redo() and g.score == 15 and g.move_count == 5


def test_won():
    cards = {s: " ".join(f"{r}{s}.1" for r in "A23456789TJQ") for s in "SHDC"}
    piles = {f"f{i + 1}": cards[s] for i, s in enumerate("SHDC")}
    piles.update({f"f{i + 5}": cards[s].replace(".1", ".2") + f" K{s}.2" for i, s in
                  enumerate("SHDC")})
    g = eh(t1="KS.1", t2="KH.1", t3="KD.1", t4="KC.1", **piles)
    for i in range(1, 5):
        assert not g.is_won
        g.play(f"t{i}-f")
    assert g.is_won
    assert g.legal_moves() and all(m.src.startswith("f") for m in g.legal_moves())
