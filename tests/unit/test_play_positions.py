"""The set of positions reached by play (tests/data/play-positions.json, issue 24 point 2)
is what its README line says, and every position reads back into a game."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import game

DATA = Path(__file__).resolve().parents[1] / "data" / "play-positions.json"
CELLS = {"easy-harp": None, "eight-off-8": 8, "eight-off-4": 4, "eight-off-2": 2}


def test_the_set_of_positions_reached_by_play() -> None:
    doc = json.loads(DATA.read_text(encoding="utf-8"))
    entries = doc["positions"]
    count = Counter(e["variant"] for e in entries)
    assert count["easy-harp"] >= 200
    assert all(count[v] == 100 for v in ("eight-off-8", "eight-off-4", "eight-off-2"))
    eh = [e for e in entries if e["variant"] == "easy-harp"]
    assert {game.parse_code(e["deal"]).number for e in eh} <= set(range(1, 51))
    assert all(30 <= e["moves"] <= 150 for e in entries)
    assert sum(1 for e in eh if e["undos"]) >= 20 and sum(1 for e in eh if e["take_backs"]) >= 5
    for e in entries:
        kind = "easy-harp" if e["variant"] == "easy-harp" else "eight-off"
        g = game.load_position(e["position"], game=kind, cells=CELLS[e["variant"]])
        assert not g.is_won and g.position() == e["position"]


def test_careless_play_reaches_positions_that_read_back() -> None:
    import random

    from scripts.play_positions import careless_game

    out = careless_game(game.DealCode("easy-harp", 0, 8), 2, random.Random(5))
    assert [e["moves"] for e in out] == sorted(e["moves"] for e in out) and len(out) == 2
    assert all(60 <= e["moves"] <= 400 for e in out)
    for e in out:
        g = game.load_position(e["position"], game="easy-harp")
        assert g.position() == e["position"] and not g.is_won
