"""Deals and codes (SPEC §3; issue 2 point 2)."""

import datetime

import pytest

import game
from game import BadCode, DealCode, code_from_input, deal_of_the_day, ms_deal_order, parse_code
from game.cards import card_from_number

# Public classic FreeCell deals (Microsoft FreeCell, the "deal cards for FreeCell" task).
DEAL_1 = (
    "JD 2D 9H JC 5D 7H 7C 5H KD KC 9S 5S AD QC KH 3H 2S KS 9D QD JS AS AH 3C 4C 5C TS QH "
    "4H AC 4D 7S 3S TD 4S TH 8H 2C JH 7D 6D 8S 8D QS 6C 3D 8C TC 6S 9C 2H 6H"
)
DEAL_617 = (
    "7D AD 5C 3S 5S 8C 2D AH TD 7S QD AC 6D 8H AS KH TH QC 3H 9D 6S 8D 3D TC KD 5H 9S 3C "
    "8S 7H 4D JS 4C QS 9C 9H 7C 6H 2C 2S 4S TS 2H 5D JC 6C JH QH JD KS KC 4H"
)


def faces(number, n=52):
    return " ".join(card_from_number(k, False).face for k in ms_deal_order(number, n))


def test_classic_freecell_deals():
    assert faces(1) == DEAL_1
    assert faces(617) == DEAL_617


def test_two_deck_order_is_a_permutation():
    order = ms_deal_order(5, 104)
    assert sorted(order) == list(range(104))
    assert order != ms_deal_order(6, 104)


def col(g, pid):
    return " ".join(p.card.id for p in g.pile(pid))


def test_eight_off_deal_1_with_8_cells():
    g = game.new_game("EO1-C8-AAAAAAB")
    assert [col(g, f"c{i}") for i in range(1, 9)] == ["6S", "9C", "2H", "6H", "", "", "", ""]
    assert col(g, "t1") == "JD KD 2S 4C 3S 6D"  # cards 1, 9, 17, ... of the deal
    assert col(g, "t8") == "5H 3H 3C 7S 7D TC"
    assert all(len(g.pile(f"t{i}")) == 6 for i in range(1, 9))
    assert g.pile_ids() == tuple(
        [f"t{i}" for i in range(1, 9)] + [f"c{i}" for i in range(1, 9)] + ["f1", "f2", "f3", "f4"]
    )


def test_eight_off_deal_1_with_4_and_2_cells():
    g4 = game.new_game("EO1-C4-AAAAAAB")
    assert [col(g4, f"c{i}") for i in range(1, 5)] == ["6S", "9C", "2H", "6H"]
    g2 = game.new_game("EO1-C2-AAAAAAB")
    assert [col(g2, "c1"), col(g2, "c2")] == ["6S", "9C"]
    assert col(g2, "t3") == "9H 9S 9D TS 4S 8D 2H"
    assert col(g2, "t4") == "JC 5S QD QH TH QS 6H"
    assert [len(g2.pile(f"t{i}")) for i in range(1, 9)] == [6, 6, 7, 7, 6, 6, 6, 6]
    assert "c3" not in g2.pile_ids()


def test_easy_harp_deal_5():
    g = game.new_game("EH1-N-AAAAAAF")
    order = [card_from_number(k, True).id for k in ms_deal_order(5, 104)]
    # pass 1: t1 up, t2..t9 down; pass 2: t2 up, t3..t9 down; ...
    assert col(g, "t1") == order[0] == "AH.2"
    assert [p.card.id for p in g.pile("t2")] == [order[1], order[9]]
    assert [p.card.id for p in g.pile("t9")] == [order[8], order[16], order[23], order[29],
                                                 order[34], order[38], order[41], order[43],
                                                 order[44]]
    for i in range(1, 10):
        pile = g.pile(f"t{i}")
        assert len(pile) == i
        assert [p.up for p in pile] == [False] * (i - 1) + [True]
    stock = g.pile("s")
    assert len(stock) == 59 and not any(p.up for p in stock)
    assert stock[-1].card.id == order[45]  # the 46th card is drawn first
    assert [p.card.id for p in stock] == order[45:][::-1]
    g.play("s")
    assert col(g, "w") == order[45]
    assert g.pile_ids()[9:11] == ("s", "w")


def test_easy_harp_deal_1_layout():
    g = game.new_game("EH1-N-AAAAAAB")
    tops = [g.pile(f"t{i}")[-1].card.id for i in range(1, 10)]
    order = [card_from_number(k, True).id for k in ms_deal_order(1, 104)]
    assert tops == [order[i] for i in (0, 9, 17, 24, 30, 35, 39, 42, 44)]
    assert sum(len(g.pile(f"t{i}")) for i in range(1, 10)) == 45
    ids = [p.card.id for pid in g.pile_ids() for p in g.pile(pid)]
    assert len(ids) == len(set(ids)) == 104


@pytest.mark.parametrize(
    "code,game_name,cells,number",
    [
        ("EH1-N-AAAAAAB", "easy-harp", 0, 1),
        ("EH1-N-AAAAAAF", "easy-harp", 0, 5),
        ("EO1-C8-AAAAAFA", "eight-off", 8, 130),
        ("EO1-C4-AAAAAFA", "eight-off", 4, 130),
        ("EO1-C2-AAAAAAB", "eight-off", 2, 1),
        ("EH1-N-AACEXHN", "easy-harp", 0, 999_999),
        ("EO1-C8-AACEXHN", "eight-off", 8, 999_999),
    ],
)
def test_codes_both_ways(code, game_name, cells, number):
    d = parse_code(code)
    assert (d.game, d.cells, d.number) == (game_name, cells, number)
    assert str(DealCode(game_name, cells, number)) == code
    assert parse_code(f"  {code.lower()} ") == d


@pytest.mark.parametrize(
    "text,code",
    [
        ("", "code-empty"),
        ("   ", "code-empty"),
        ("XX1-N-AAAAAAB", "code-game"),
        ("EH2-N-AAAAAAB", "code-game"),
        ("EO9-C8-AAAAAAB", "code-game"),
        ("EO1-C3-AAAAAAB", "code-variant"),
        ("EH1-C8-AAAAAAB", "code-variant"),
        ("EO1-N-AAAAAAB", "code-variant"),
        ("EH1-N-AAAAAB", "code-length"),
        ("EH1-N-AAAAAAAB", "code-length"),
        ("EH1-N-AAAAA1B", "code-letters"),
        ("EH1-N-AAAAÄAB", "code-letters"),
        ("EH1-N-AAAAAAA", "code-number-range"),
        ("EH1-N-AACEXHO", "code-number-range"),
        ("EO1-C8-ZZZZZZZ", "code-number-range"),
        ("EH1NAAAAAAB", "code-format"),
        ("EH1-N-AAA-AAAB", "code-format"),
        ("hello", "code-format"),
    ],
)
def test_bad_codes(text, code):
    with pytest.raises(BadCode) as e:
        parse_code(text)
    assert e.value.code == code
    assert repr(text) in str(e.value)


# Issue 14: upper-casing turns these into ASCII letters (ß -> SS, ſ -> S, ﬀ -> FF,
# ﬁ -> FI), so without the ASCII check EH1-N-AAAAAß read as EH1-N-AAAAASS (deal 486).
@pytest.mark.parametrize("text", [
    "EH1-N-AAAAAß", "EH1-N-AAAAAAſ", "EH1-N-AAAAAﬀ", "EH1-N-AAAAAﬁ", "EH1-N-AAAAAAB\u00a0",
    "\u212aH1-N-AAAAAAB", "EH1-N-ＡＡＡＡＡＡＢ",
])
def test_look_alike_letters_are_not_codes(text):
    with pytest.raises(BadCode) as e:
        parse_code(text)
    assert e.value.code == "code-letters"
    with pytest.raises(BadCode) as e:
        code_from_input(text, "easy-harp", 0)
    assert e.value.code == "code-letters"


def test_the_issue_14_look_alikes_do_upper_case_to_ascii():
    # Why the check must come before upper-casing: these would pass as A-Z afterwards.
    assert ["ß".upper(), "ſ".upper(), "ﬀ".upper(), "ﬁ".upper()] == ["SS", "S", "FF", "FI"]


def test_a_code_out_of_range_says_so_and_a_number_out_of_range_too():
    with pytest.raises(BadCode) as e:
        parse_code("EO1-C8-ZZZZZZZ")
    assert e.value.code == "code-number-range"
    assert e.value.details == {"text": "EO1-C8-ZZZZZZZ", "min": 1, "max": 999_999}
    with pytest.raises(BadCode) as e:
        code_from_input("EH1-N-AAAAAAA", "easy-harp", 0)
    assert e.value.code == "code-number-range"
    with pytest.raises(BadCode) as e:
        code_from_input("1000000", "easy-harp", 0)
    assert e.value.code == "code-range"


def test_code_from_input():
    assert code_from_input(" 130 ", "eight-off", 4) == DealCode("eight-off", 4, 130)
    assert code_from_input("5", "easy-harp", 0) == parse_code("EH1-N-AAAAAAF")
    assert code_from_input("999999", "easy-harp", 0).number == 999_999
    assert code_from_input("eo1-c2-aaaaafa", "easy-harp", 0) == DealCode("eight-off", 2, 130)
    for bad, code in [("0", "code-range"), ("1000000", "code-range"), ("", "code-empty"),
                      ("12a", "code-format"), ("-5", "code-format")]:
        with pytest.raises(BadCode) as e:
            code_from_input(bad, "easy-harp", 0)
        assert e.value.code == code
    with pytest.raises(BadCode) as e:
        code_from_input("7", "eight-off", 3)
    assert e.value.code == "code-variant"
    with pytest.raises(BadCode) as e:
        DealCode("easy-harp", 0, 0)
    assert e.value.code == "code-range"


def test_deal_of_the_day():
    day = datetime.date(2024, 1, 1)
    assert day.toordinal() == 738886
    assert deal_of_the_day(day, "easy-harp", 0) == DealCode("easy-harp", 0, 29630)
    assert deal_of_the_day(day, "eight-off", 2).number == 29630
    assert deal_of_the_day(datetime.date(2026, 11, 30), "eight-off", 8).number == 503656
    assert deal_of_the_day(day + datetime.timedelta(1), "easy-harp", 0).number != 29630


def test_new_game_is_reproducible():
    a, b = game.new_game("EH1-N-AAAAAAF"), game.new_game(DealCode("easy-harp", 0, 5))
    assert a.position() == b.position()
    assert a.code == "EH1-N-AAAAAAF" and a.deal.number == 5
    with pytest.raises(BadCode):
        game.new_game("EH1-N-AAAAAAA")
