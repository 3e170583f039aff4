"""Position text (SPEC §9; issue 2 point 6)."""

import pytest

import game
from game import BadPosition, load_position, new_game, parse_position

EO_START = """\
Foundations: H-0 C-0 D-0 S-0
Freecells: 6S 9C 2H 6H - - - -
: JD KD 2S 4C 3S 6D
: 2D KC KS 5C TD 8S
: 9H 9S 9D TS 4S 8D
: JC 5S QD QH TH QS
: 5D AD JS 4H 8H 6C
: 7H QC AS AC 2C 3D
: 7C KH AH 4D JH 8C
: 5H 3H 3C 7S 7D TC
"""


def test_eight_off_text_is_freecell_solver_format():
    g = new_game("EO1-C8-AAAAAAB")
    assert g.position() == EO_START
    assert load_position(EO_START).position() == EO_START


@pytest.mark.parametrize("code", ["EO1-C8-AAAAFAB", "EO1-C4-AAAAAAC", "EO1-C2-AAAAAAD",
                                  "EH1-N-AAAAAAF", "EH1-N-AACEXHN"])
def test_round_trip_while_playing(code):
    g = new_game(code)
    for i in range(60):
        moves = g.legal_moves()
        if not moves:
            break
        g.play(moves[(i * 7) % len(moves)])
        text = g.position()
        h = load_position(text, g.game, g.cells)
        assert h.board == g.board and h.position() == text


def test_easy_harp_extension():
    g = new_game("EH1-N-AAAAAAF")
    text = g.position()
    lines = text.splitlines()
    assert lines[0] == "Foundations: H-0 C-0 D-0 S-0 H-0 C-0 D-0 S-0"
    assert lines[1].startswith("Stock: ") and len(lines[1].split()) == 60
    assert lines[2] == "Waste:"
    assert lines[3] == ": AH.2"
    assert lines[4] == ": (2S.2) AS.2"
    g.play("t1-f")
    g.play("s")
    text = g.position()
    assert text.splitlines()[0] == "Foundations: H-A/2 C-0 D-0 S-0 H-0 C-0 D-0 S-0"
    assert load_position(text, "easy-harp").board == g.board


def test_easy_harp_copies_are_inferred_when_missing():
    g = new_game("EH1-N-AAAAAAF")
    text = g.position()
    bare = text.replace(".1", "").replace(".2", "")
    pos = parse_position(bare, "easy-harp")
    assert sorted(c.id for p in pos.piles for c in p) == sorted(
        c.id for p in g.board.piles for c in p)
    assert pos.down == g.board.down


def test_fixed_width_freecells_bom_crlf_and_trailing_spaces():
    text = EO_START.replace("Freecells: 6S 9C 2H 6H - - - -",
                            "Freecells:  6S      9C      2H      6H")
    pos = parse_position("\ufeff" + text.replace("\n", "  \r\n"), "eight-off", 8)
    assert [pos.cards(f"c{i}") for i in (1, 3, 5, 7)] == [
        (game.Card.parse("6S"),), (game.Card.parse("9C"),), (game.Card.parse("2H"),),
        (game.Card.parse("6H"),)]
    assert pos.cards("c2") == () and pos.cards("c8") == ()


def problems(text, g="eight-off", cells=8):
    with pytest.raises(BadPosition) as e:
        parse_position(text, g, cells)
    assert isinstance(e.value, ValueError) and e.value.code == "bad-position"
    return e.value


def test_duplicate_and_missing_cards():
    e = problems(EO_START.replace(": JD KD", ": KD KD"))
    assert e.problems == ["duplicate-card"] and "'KD'" in str(e)
    e = problems(EO_START.replace(" TC\n", "\n"))
    assert e.problems == ["missing-card"] and "TC" in str(e)
    eh = new_game("EH1-N-AAAAAAF").position()
    e = problems(eh.replace("AS.2", "AS.1"), "easy-harp", 0)
    assert "duplicate-card" in e.problems


def test_impossible_foundations_and_other_problems():
    base = EO_START.replace(": 7H QC AS AC 2C 3D", ": 7H QC AC 2C 3D")
    ok = base.replace("S-0", "S-A")
    assert parse_position(ok).cards("f1") == (game.Card.parse("AS"),)
    assert "bad-foundation" in problems(base.replace("S-0", "S-Z")).problems
    assert "bad-foundation" in problems(base.replace("S-0", "S-A H-0")).problems
    assert "bad-foundation" in problems(base.replace("S-0", "X-A")).problems
    e = problems(EO_START.replace("S-0", "S-2"))
    assert "duplicate-card" in e.problems
    e = problems(EO_START.replace(": JD", "hello JD"))
    assert "bad-line" in e.problems
    e = problems(EO_START.replace(": JD KD", ": JD XX KD"))
    assert "bad-card" in e.problems and "'XX'" in str(e)
    e = problems(EO_START + ":\n")
    assert e.problems == ["too-many-columns"]
    assert parse_position(EO_START, "eight-off", 4).cards("c4") == (game.Card.parse("6H"),)
    e = problems(EO_START, cells=2)
    assert e.problems[0] == "too-many-cells" and "'2H'" in str(e)
    e = problems(EO_START.replace(": JD", ": (JD)"))
    assert "bad-face-down" in e.problems
    e = problems("Stock: AS\n" + EO_START)
    assert "bad-stock" in e.problems
    e = problems(EO_START, "klondike")
    assert e.problems == ["bad-game"]
    eh = new_game("EH1-N-AAAAAAF").position()
    e = problems(eh.replace(": AH.2", ": (AH.2)"), "easy-harp", 0)
    assert e.problems == ["bad-face-down"]


def test_two_cell_positions():
    g = new_game("EO1-C2-AAAAAAB")
    assert g.position().splitlines()[1] == "Freecells: 6S 9C"
    assert load_position(g.position(), "eight-off", 2).board == g.board
