"""A real Eight Off solution from Freecell Solver, played in our notation (issue 2
point 7). Data: tests/data/fcs-eight-off-200.txt (origin in tests/data/README.md)."""

import re
from pathlib import Path

from game import load_position, parse_position

FIXTURE = Path(__file__).resolve().parents[1] / "data" / "fcs-eight-off-200.txt"

_PATTERNS = [
    (re.compile(r"Move a card from freecell (\d+) to stack (\d+)"), "c{}-t{}"),
    (re.compile(r"Move a card from stack (\d+) to freecell (\d+)"), "t{}-c{}"),
    (re.compile(r"Move a card from stack (\d+) to stack (\d+)"), "t{}-t{}:1"),
    (re.compile(r"Move a card from freecell (\d+) to freecell (\d+)"), "c{}-c{}"),
    (re.compile(r"Move a card from stack (\d+) to the foundations"), "t{}-f"),
    (re.compile(r"Move a card from freecell (\d+) to the foundations"), "c{}-f"),
]
_GROUP = re.compile(r"Move (\d+) cards from stack (\d+) to stack (\d+)")


def to_notation(sentence: str) -> str:
    """Freecell Solver's move sentence (0-based indexes) in SPEC §2 notation."""
    m = _GROUP.fullmatch(sentence)
    if m:
        n, a, b = (int(x) for x in m.groups())
        return f"t{a + 1}-t{b + 1}:{n}"
    for pattern, form in _PATTERNS:
        m = pattern.fullmatch(sentence)
        if m:
            return form.format(*(int(x) + 1 for x in m.groups()))
    raise ValueError(f"unknown move sentence {sentence!r}")


def blocks():
    """(move sentence or None, position text) for the start and after each move."""
    text = FIXTURE.read_text(encoding="utf-8")
    out = []
    for chunk in text.split("===================="):
        lines = [ln for ln in chunk.splitlines() if ln.strip() and not ln.startswith("-=-=")]
        if not lines or not any(ln.startswith("Foundations:") for ln in lines):
            continue
        sentence = lines[0].strip() if lines[0].startswith("Move") else None
        board = "\n".join(ln for ln in lines if not ln.startswith("Move"))
        out.append((sentence, board))
    return out


def test_freecell_solver_solution_wins():
    steps = blocks()
    assert steps[0][0] is None and len(steps) == 132
    g = load_position(steps[0][1], game="eight-off", cells=8)
    assert [len(g.pile(f"c{i}")) for i in range(1, 9)] == [1, 0, 1, 0, 1, 0, 1, 0]
    groups = 0
    for sentence, board in steps[1:]:
        move = to_notation(sentence)
        groups += ":" in move and not move.endswith(":1")
        g.play(move)
        assert g.board == parse_position(board, "eight-off", 8), sentence
    assert g.is_won
    assert g.score == 520
    assert g.move_count == 131
    assert groups == 5  # and two "Move 1 cards" sentences


def test_notation_translation():
    assert to_notation("Move a card from freecell 2 to stack 3") == "c3-t4"
    assert to_notation("Move 4 cards from stack 3 to stack 7") == "t4-t8:4"
    assert to_notation("Move a card from stack 0 to the foundations") == "t1-f"
