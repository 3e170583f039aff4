"""Cards and notation (SPEC §2; issue 2 point 1)."""

import pytest

from game import BadNotation, Card, Move
from game.cards import card_from_number


def test_card_faces_and_ids():
    c = Card.parse("th")
    assert (c.rank, c.suit, c.copy) == (10, "H", 0)
    assert c.face == "TH" and c.id == "TH" and c.is_red
    assert Card.parse("10h") == c
    assert not Card.parse("KS").is_red and Card.parse("AD").is_red
    assert Card.parse("AC").rank == 1 and Card.parse("KC").rank == 13


def test_easy_harp_copies_keep_their_identity():
    a, b = Card.parse("TH.1"), Card.parse("TH.2")
    assert a != b and a.face == b.face == "TH"
    assert (a.id, b.id) == ("TH.1", "TH.2")
    assert len({a, b, Card.parse("TH")}) == 3


@pytest.mark.parametrize("k,expect", [(0, "AC"), (3, "AS"), (41, "JD"), (51, "KS")])
def test_card_numbers(k, expect):
    assert card_from_number(k, False).id == expect
    assert card_from_number(k, True).id == expect + ".1"
    assert card_from_number(k + 52, True).id == expect + ".2"
    assert card_from_number(k + 52, True).number == k + 52
    assert card_from_number(k, False).number == k


@pytest.mark.parametrize("bad", ["", "X", "1H", "TX", "TH.3", "THH", "0S", "14C"])
def test_bad_cards_are_refused_with_the_text(bad):
    with pytest.raises(ValueError) as e:
        Card.parse(bad)
    assert repr(bad) in str(e.value)


def test_card_construction_checks():
    with pytest.raises(ValueError):
        Card(0, "H")
    with pytest.raises(ValueError):
        Card(5, "X")
    with pytest.raises(ValueError):
        Card(5, "H", 3)


@pytest.mark.parametrize(
    "text,move",
    [
        ("s", Move("s")),
        ("t3-f", Move("t3", "f")),
        ("w-t5", Move("w", "t5")),
        ("c2-t1", Move("c2", "t1")),
        ("t4-c3", Move("t4", "c3")),
        ("f2-t6", Move("f2", "t6")),
        ("t4-t7:3", Move("t4", "t7", 3)),
        ("t9-f8:1", Move("t9", "f8", 1)),
        ("c8-c1:12", Move("c8", "c1", 12)),
    ],
)
def test_notation_round_trip(text, move):
    assert Move.parse(text) == move
    assert str(move) == text
    assert Move.parse(str(move)) == move


def test_notation_ignores_case_and_spaces():
    assert Move.parse("  T4-T7:3 ") == Move("t4", "t7", 3)
    assert Move.parse(" S ") == Move("s")


@pytest.mark.parametrize(
    "bad",
    ["", "x", "t0-t1", "t10-t1", "c9-t1", "f9-t1", "f-t1", "t1-", "t1t2", "t1-t2:0",
     "t1-t2:", "t1-t2:x", "t1 - t2", "s:1", "s-", "t1-t2:3:4", "t1-t2:01"],
)
def test_bad_notation_quotes_the_text(bad):
    with pytest.raises(BadNotation) as e:
        Move.parse(bad)
    assert e.value.code == "notation"
    assert repr(bad) in str(e.value)
    assert e.value.details["text"] == bad
    assert isinstance(e.value, ValueError)


def test_move_values_are_checked():
    with pytest.raises(BadNotation):
        Move("t1", "t2", 0)
    with pytest.raises(BadNotation):
        Move("x1", "t2")
    with pytest.raises(BadNotation):
        Move("t1")
    assert hash(Move("t1", "t2", 2)) == hash(Move.parse("t1-t2:2"))
