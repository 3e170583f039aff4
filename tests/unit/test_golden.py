"""A golden Easy Harp game to a win (issue 9 point 5): the moves of
tests/data/easy-harp-golden.json (written by scripts/golden_easy_harp.py) are replayed
with ``Game.play``, and score and position text are compared at every checkpoint."""

from __future__ import annotations

import json
from pathlib import Path

from game import new_game

DATA = Path(__file__).resolve().parents[1] / "data" / "easy-harp-golden.json"


def test_golden_easy_harp_game_wins():
    data = json.loads(DATA.read_text(encoding="utf-8"))
    g = new_game(data["code"])
    checkpoints = {c["after"]: c for c in data["checkpoints"]}
    assert len(checkpoints) >= 5 and max(checkpoints) == len(data["moves"])
    for i, text in enumerate(data["moves"], 1):
        assert not g.is_won
        played = g.play(text)
        assert str(played) == text  # the notation is already normalised
        if i in checkpoints:
            c = checkpoints[i]
            assert (g.move_count, g.score) == (i, c["score"]), i
            assert g.position() == c["position"], i
    assert g.is_won and g.score == checkpoints[len(data["moves"])]["score"]
    assert sum(len(g.pile(f"f{k}")) for k in range(1, 9)) == 104
