"""Legal-move counts by depth (perft) from fixed deals of every variant (issue 9).

``PERFT[code] = [n1, n2, n3]``: the number of move sequences of length 1, 2 and 3 from
the deal's start (every legal move, the stock tap included, each played and taken
back). The figures were computed by the rules as they stood before the Rules contract
refactor (commit 9069292) and equal what the refactored rules give: any change to
what is legal anywhere near a start changes them.
"""

from __future__ import annotations

import pytest

from game import Game, new_game

PERFT = {
    "EH1-N-AAAAAAB": [5, 21, 75],
    "EH1-N-AAAAAAF": [6, 37, 233],
    "EH1-N-AACEXHN": [9, 72, 504],
    "EO1-C8-AAAAAAB": [49, 2124, 80323],
    "EO1-C8-AAAAAFA": [48, 2040, 75164],
    "EO1-C4-AAAAAAB": [1, 12, 55],
    "EO1-C4-AAAAABC": [1, 0, 0],  # one move, then nothing: a dead deal
    "EO1-C2-AAAAAAB": [1, 10, 27],
    "EO1-C2-AAAAAAC": [4, 23, 137],
}


def perft(g: Game, depth: int) -> int:
    """Number of legal move sequences of ``depth`` moves from the current position."""
    if depth == 0:
        return 1
    total = 0
    for m in g.legal_moves():
        g.push_unchecked(m)
        total += perft(g, depth - 1)
        g.undo()
    return total


@pytest.mark.parametrize("code", sorted(PERFT))
def test_move_counts_by_depth(code):
    g = new_game(code)
    assert [perft(g, d) for d in (1, 2, 3)] == PERFT[code]
    assert g.board == g.start and g.score == 0  # every move was taken back


def test_every_variant_is_covered():
    assert {c[:6] for c in PERFT} >= {"EH1-N-", "EO1-C8", "EO1-C4", "EO1-C2"}
